import Foundation
import NarratorClient
import NarratorSystem
import NarratorTestSupport
import Testing

@Suite("Daemon lifecycle")
struct LifecycleTests {
    @Test("SIGTERM with idle clients connected: clients see the end, the socket is removed, exit 0")
    func terminatesWithIdleClients() throws {
        let daemon = try DaemonProcess()
        let idle = try (0..<5).map { _ in try daemon.client() }
        // Make sure every idle client is really accepted before the signal.
        for client in idle {
            try client.send(#"{"type":"status"}"#)
            #expect(try client.readLine() != nil)
        }
        let start = ContinuousClock.now
        daemon.signal(SIGTERM)
        for client in idle { #expect(try client.readLine() == nil) }
        #expect(daemon.waitForExit() == 0)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(1), "shutdown took \(elapsed)")
        #expect(!FileManager.default.fileExists(atPath: daemon.socket))
    }

    @Test("SIGHUP with a broken event map keeps the old one and says why; a good one is taken")
    func reloadsOnHangup() throws {
        let profile = try copyOfShippedProfile()
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--profile", profile])
        defer { _ = daemon.stop() }
        #expect(fields(try daemon.request(#"{"type":"score_changed","score":7}"#))["text"] as? String == "Score 7")

        try "{ not json".write(toFile: profile + "/events.json", atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("Reload failed"))
        #expect(daemon.logText.contains("events.json"))
        #expect(fields(try daemon.request(#"{"type":"score_changed","score":8}"#))["text"] as? String == "Score 8")

        let map = #"{"version":1,"events":{"score_changed":{"key":"level","arguments":["score"]}}}"#
        try map.write(toFile: profile + "/events.json", atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("Reloaded"))
        #expect(fields(try daemon.request(#"{"type":"score_changed","score":9}"#))["text"] as? String == "Level 9")
    }

    @Test("A socket left by a dead daemon is reclaimed; a live daemon keeps a second one out")
    func staleAndSecondInstance() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-stale-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/narrator.sock"
        try leaveStaleSocket(at: path)
        #expect(FileManager.default.fileExists(atPath: path))

        let first = try DaemonProcess(socket: path)
        defer { _ = first.stop() }
        #expect(fields(try first.request(#"{"type":"status"}"#))["ok"] as? Bool == true)

        #expect(throws: DaemonProcess.DaemonFailure.self) { _ = try DaemonProcess(socket: path) }
        let run = try runNarrator(["serve", "--socket", path, "--output", "null"])
        #expect(run.status == 1)
        #expect(run.errors.contains("Another narrator is already running on \(path)"))
        #expect(fields(try first.request(#"{"type":"status"}"#))["ok"] as? Bool == true)
    }

    @Test("What stops serve (another daemon, a broken profile) is the first thing it says, before any word about sound")
    func fatalErrorComesFirst() throws {
        let first = try DaemonProcess()
        defer { _ = first.stop() }
        // A PulseAudio server that is not there: opening the output says "No sound" on standard error.
        let noSound = ["PULSE_SERVER": "unix:\(first.folder)/no-pulse-here"]
        let environment = ProcessInfo.processInfo.environment.merging(noSound) { $1 }
        let binary = try #require(NarratorExecutable.path())

        // The same setting does make a daemon that starts say so, so the runs below could show it.
        let started = try DaemonProcess(
            arguments: ["--output", "pulse", "--log-level", "warning"], environment: noSound)
        _ = started.stop()
        #expect(started.logText.contains("No sound"), "\(started.logText)")

        let second = try ChildProcess.run(
            binary, ["serve", "--socket", first.socket, "--output", "pulse"], environment: environment)
        #expect(second.status == 1)
        let firstLine = second.errors.split(separator: "\n").first.map(String.init)
        #expect(
            firstLine
                == "Error: Another narrator is already running on \(first.socket); stop it first, or use --socket.",
            "\(second.errors)")
        #expect(!second.errors.contains("No sound"), "\(second.errors)")

        let broken = try ChildProcess.run(
            binary,
            [
                "serve", "--socket", first.folder + "/other.sock", "--output", "pulse", "--profile",
                first.folder + "/none",
            ],
            environment: environment)
        #expect(broken.status == 1)
        #expect(broken.errors.split(separator: "\n").first?.hasPrefix("Error: \(first.folder)/none") == true)
        #expect(!broken.errors.contains("No sound"), "\(broken.errors)")
    }

    @Test("A client of another user is refused with a clear reply, and logged")
    func refusesOtherUser() throws {
        // Needs root to act as another user; CI runs as root. Elsewhere this is recorded, not skipped silently.
        guard getuid() == 0, let setpriv = PrivatePulseAudio.findExecutable("setpriv"),
            let socat = PrivatePulseAudio.findExecutable("socat")
        else {
            Issue.record("cannot switch users here (needs root, setpriv and socat)")
            return
        }
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        // Open the folder and socket to everyone, so only the peer check stands in the way.
        chmod(daemon.folder, 0o755)
        chmod(daemon.folder + "/run", 0o755)
        chmod(daemon.socket, 0o666)
        let run = try runProgram(
            setpriv.path,
            // -t 10: after its input ends socat waits up to 10 s (not 0.5 s) for the reply; the
            // daemon closes the connection after it, which ends socat at once.
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", socat.path, "-t", "10", "-",
                "UNIX-CONNECT:\(daemon.socket)",
            ],
            input: #"{"type":"status"}"# + "\n")
        #expect(errorCode(run.output.trimmingCharacters(in: .newlines)) == "not_allowed", "\(run.output) \(run.errors)")
        #expect(daemon.waitForLog("Refused a client of another user"))
        #expect(fields(try daemon.request(#"{"type":"status"}"#))["ok"] as? Bool == true)
    }

    private func copyOfShippedProfile() throws -> String {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-profile-\(UUID())").path
        try FileManager.default.copyItem(
            atPath: NarratorExecutable.packageRoot + "/Localization/retroracing", toPath: copy)
        return copy
    }

    /// Binds a Unix socket at `path` and closes it without removing the file, as a killed daemon would.
    private func leaveStaleSocket(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let address = try #require(UnixSocketAddress(path: path))
        let bound = address.withSockaddr { bind(descriptor, $0, $1) }
        close(descriptor)
        try #require(bound == 0)
    }
}

func runNarrator(_ arguments: [String]) throws -> ChildProcess.Finished {
    try runProgram(try #require(NarratorExecutable.path()), arguments)
}

/// Runs a program to its end, feeding `input`, and returns what it printed (two minutes at most).
func runProgram(_ path: String, _ arguments: [String], input: String = "") throws -> ChildProcess.Finished {
    let run = try ChildProcess.run(path, arguments, input: input)
    #expect(!run.timedOut, "\(path) \(arguments) did not finish: \(run.output)\(run.errors)")
    return run
}
