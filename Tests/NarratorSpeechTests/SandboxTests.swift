import CNarratorSandbox
import NarratorTestSupport
import Testing

@testable import NarratorSpeech

#if canImport(Glibc)
    import Glibc
#endif

@Suite("The synthesis child's sandbox")
struct SandboxTests {
    /// A child started as the daemon starts it, past its hello (espeak-ng loaded, sandbox entered).
    final class Child {
        let pid: pid_t
        let channel: FrameChannel
        let sandbox: String

        init() throws {
            let narrator = try #require(NarratorExecutable.path())
            (pid, channel) = try ChildLauncher.spawn(SynthesizerProcess(executable: narrator), dataPath: nil)
            guard case .frame(SynthesisWire.hello, let payload) = channel.receive(within: .seconds(10)) else {
                throw ChildLauncher.Failure()
            }
            var reader = WireReader(payload)
            _ = try reader.int32()
            _ = try reader.voices()
            _ = try reader.voices()
            sandbox = try reader.string()
        }

        deinit { _ = ChildLauncher.reap(pid) }

        /// The errno of the child's open of `path` (0: it opened).
        func open(_ path: String, write: Bool) throws -> Int32 {
            var writer = WireWriter()
            writer.byte(write ? 1 : 0)
            writer.string(path)
            #expect(channel.send(SynthesisWire.tryOpen, writer.bytes))
            guard case .frame(SynthesisWire.result, let payload) = channel.receive(within: .seconds(5)) else {
                throw ChildLauncher.Failure()
            }
            var reader = WireReader(payload)
            return try reader.int32()
        }
    }

    @Test("After start-up the child can read espeak-ng's data and nothing else, and can open nothing for writing")
    func opensRefused() throws {
        let child = try Child()
        #expect(child.sandbox.contains("seccomp") && !child.sandbox.contains("failed"), "\(child.sandbox)")
        _ = try TestEngine.engine()  // espeak-ng started here too, so it names its data folder
        let data = EspeakOwner.defaultDataPath()
        #expect(try child.open(data + "/phontab", write: false) == 0)

        // A file of the user's, beside the test: readable by the test, refused to the child.
        let path = "/tmp/narrator-sandbox-\(getpid()).txt"
        let file = fopen(path, "w")
        fputs("secret", file)
        fclose(file)
        defer { unlink(path) }
        if child.sandbox.contains("landlock") {
            #expect(try child.open(path, write: false) == EACCES)
            #expect(try child.open("/etc/passwd", write: false) == EACCES)
        }
        #expect(try child.open(path, write: true) == EACCES)
        let created = path + ".new"
        #expect(try child.open(created, write: true) == EACCES)
        #expect(access(created, F_OK) != 0)
    }

    @Test("Where the kernel offers landlock, the child is confined with it as well as seccomp")
    func bothLayers() throws {
        // A kernel without landlock (before 5.13, or not enabled) still refuses writes (above), and
        // docs/SPEECH.md says what it lacks; one that offers it must be used.
        let child = try Child()
        if narrator_landlock_abi() > 0 {
            #expect(child.sandbox.hasPrefix("landlock "), "\(child.sandbox)")
        } else {
            #expect(child.sandbox.hasPrefix("seccomp"), "\(child.sandbox)")
        }
    }
}
