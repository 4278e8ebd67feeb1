public import FoundationEssentials
import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A PulseAudio daemon of our own: one null sink, a socket in a private folder, no effect on
/// anyone's session. Started and stopped by PID.
public final class PrivatePulseAudio: Sendable {
    public typealias Failure = ChildProcess.Failure

    /// Rate and channels of the null sink: the engine's own format, so nothing is resampled and
    /// the recording can be compared sample by sample with a memory render.
    public static let sampleRate = 22050
    public let sinkName = "narrator_test"
    public let runtimeDirectory: URL
    /// The value for PULSE_SERVER.
    public let server: String
    private let process: ChildProcess
    /// The last lines the daemon logged, for a test that fails because the server went away.
    private let logTail = LogTail("")

    /// A folder for a server that is not started yet: its `server` address can be handed to a client
    /// before anything listens there (a daemon started before its sound server).
    public static func newFolder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("narrator-pulse-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The PULSE_SERVER value of a server started in `directory`.
    public static func server(in directory: URL) -> String {
        "unix:" + directory.appendingPathComponent("native").path
    }

    /// Starts the daemon (in `directory`, or a new folder) and returns once it reports that startup
    /// is complete. A server killed with `kill()` can be started again in its folder: clients
    /// reach the new one at the same address.
    ///
    /// With `rewinds` (the default, as a sound card's sink does), the sink mixes a stream that
    /// starts into audio it has already rendered, so a new sound is heard at once; but its monitor
    /// has already handed that stretch to the recorder as silence and cannot take it back, so the
    /// recording lacks the first 0-5 ms of a sound that starts from quiet (measured: 0-106 frames
    /// at 22050 Hz, none without rewinds). Tests of a sound's exact length record without them.
    ///
    /// The sink is mono unless `channels` is 2: the narrator's stereo stream into a mono sink is the
    /// server's downmix, (left + right) / 2, which keeps centred sound sample for sample.
    public static func start(in directory: URL? = nil, rewinds: Bool = true, channels: Int = 1) throws
        -> PrivatePulseAudio
    {
        let directory = try directory ?? newFolder()
        let socket = directory.appendingPathComponent("native").path
        let script = """
            load-module module-null-sink sink_name=narrator_test rate=\(sampleRate) channels=\(channels) norewinds=\(!rewinds)
            set-default-sink narrator_test
            load-module module-native-protocol-unix socket=\(socket) auth-anonymous=1
            """
        let scriptURL = directory.appendingPathComponent("narrator.pa")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        return try PrivatePulseAudio(directory: directory, script: scriptURL, socket: socket)
    }

    private init(directory: URL, script: URL, socket: String) throws {
        runtimeDirectory = directory
        server = "unix:\(socket)"
        guard let executable = Self.findExecutable("pulseaudio") else {
            throw Failure(description: "pulseaudio is not installed: sudo apt-get install pulseaudio pulseaudio-utils")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_RUNTIME_PATH"] = directory.path
        environment["HOME"] = directory.path
        environment["XDG_CONFIG_HOME"] = directory.path
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        // No shared memory: clients send their audio over the socket. PulseAudio 16.1 aborts now
        // and then (about one run in twelve of the never-mute neighbours test, two at a time) when
        // a client that shared memory with it leaves: "memblock.c: Assertion
        // 'pa_hashmap_remove(import->blocks, ...)' failed ... Aborting." That is the test's server
        // dying, not the narrator, and it failed a test with "Connection refused" mid-sequence.
        let process = try ChildProcess(
            executable: executable.path,
            arguments: [
                "-n", "-F", script.path, "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
                "--disable-shm=yes", "--log-target=stderr", "--log-level=info",
            ],
            environment: environment, captureErrors: true)
        self.process = process
        // PulseAudio logs this line once its modules are loaded and the socket listens.
        let (ready, log) = process.read(until: "Daemon startup complete")
        guard ready else {
            process.stop(signal: SIGKILL)
            throw Failure(description: "pulseaudio exited during startup:\n\(log)")
        }
        // Keep draining its log so a chatty daemon never blocks on a full pipe, and keep its end.
        OSThread.start(name: "pulse-log") { [logTail] in
            while case let bytes = process.read(), !bytes.isEmpty {
                logTail.append(String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    /// Whether the server still runs (and if not, how it ended) with the end of its log: what a
    /// test prints when the server stops answering in the middle of a sequence.
    public var diagnostics: String {
        let state =
            switch process.waitForExit(within: .zero) {
            case nil: "pulseaudio (pid \(pid)) is still running"
            case let status?: "pulseaudio (pid \(pid)) exited with status \(status)"
            }
        return state + "; the end of its log:\n" + logTail.text
    }

    /// Starts `parec` on the null sink's monitor, asking for `latencyMilliseconds` (5 by default: a
    /// recorder that keeps the sink running at a small period, as the playback tests want).
    /// `channels` 2 records a stereo sink's left and right, interleaved.
    public func record(latencyMilliseconds: Int = 5, channels: Int = 1) throws -> MonitorRecorder {
        try MonitorRecorder(
            server: server, source: sinkName + ".monitor", sampleRate: Self.sampleRate,
            latencyMilliseconds: latencyMilliseconds, channels: channels)
    }

    /// The server's process ID.
    public var pid: Int32 { process.pid }

    /// Kills the daemon at once (SIGKILL), as a crash would, and leaves its folder for a restart.
    public func kill() {
        process.stop(signal: SIGKILL)
        unlink(runtimeDirectory.appendingPathComponent("native").path)
    }

    /// Stops (SIGSTOP) or continues (SIGCONT) the daemon: a stalled sound server.
    public func signal(_ signal: Int32) {
        process.signal(signal)
    }

    /// Stops the daemon by its PID and removes its folder.
    public func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    public static func findExecutable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
