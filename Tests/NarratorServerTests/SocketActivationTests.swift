import Foundation
import NarratorClient
import NarratorSystem
import NarratorTestSupport
import Testing

/// Started on demand: systemd's socket activation through the real `systemd-socket-activate`
/// (Debian's systemd package), readiness through a real `NOTIFY_SOCKET`, and the shipped unit files
/// checked by `systemd-analyze verify`.
@Suite("Started on demand by systemd")
struct SocketActivationTests {
    /// The socket where `NOTIFY_SOCKET` points: what the daemon tells the service manager.
    final class NotifyReceiver {
        let path: String
        private let descriptor: Int32

        init(path: String) throws {
            self.path = path
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            let address = try #require(UnixSocketAddress(path: path))
            let bound = address.withSockaddr { bind(descriptor, $0, $1) }
            try #require(bound == 0, "cannot bind \(path)")
            var limit = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(descriptor) }

        /// The next datagram, waiting up to 10 s (nil: none came).
        func next() -> String? {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            return count < 0 ? nil : String(decoding: buffer.prefix(count), as: UTF8.self)
        }

        /// A datagram already waiting, without waiting for one.
        func pending() -> String? {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            return count < 0 ? nil : String(decoding: buffer.prefix(count), as: UTF8.self)
        }
    }

    static func activator() throws -> String {
        try #require(
            PrivatePulseAudio.findExecutable("systemd-socket-activate")?.path,
            "systemd-socket-activate is missing: scripts/install-deps.sh --test installs systemd")
    }

    /// A private runtime folder: the socket is at the default path `narrator send` and
    /// `status` compute from `$XDG_RUNTIME_DIR`.
    static func runtimeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-sd-\(UUID())").path
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }

    @Test("The first connection starts the daemon, which serves on the passed socket, tells systemd, and stops cleanly")
    func startsOnFirstConnection() throws {
        let runtime = try Self.runtimeFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let notify = try NotifyReceiver(path: runtime + "/notify.sock")
        let socket = runtime + "/narrator/narrator.sock"
        let environment = ["XDG_RUNTIME_DIR": runtime]
        let daemon = try DaemonProcess(
            environment: environment, socket: socket, activator: try Self.activator(),
            activatorArguments: ["--setenv=NOTIFY_SOCKET=\(notify.path)"])
        defer { _ = daemon.stop() }
        // systemd's side listens; the daemon has not started.
        #expect(!daemon.logText.contains("ready on"))
        #expect(notify.pending() == nil)

        // This connection starts it; what it sends before the daemon runs waits in the socket.
        let game = try daemon.client()
        try game.send(#"{"type":"hello","client":"Early","profile":"retroracing"}"#)
        try game.send(#"{"type":"score_changed","score":12}"#)
        #expect(fields(try #require(try game.readLine()))["profile"] as? String == "retroracing")
        #expect(fields(try #require(try game.readLine()))["text"] as? String == "Score 12")
        #expect(daemon.logText.contains("Execing"), "\(daemon.logText)")
        #expect(daemon.waitForLog("Listening on \(socket), the socket systemd passed"))
        #expect(daemon.logText.contains("narrator: ready on \(socket)"))
        #expect(notify.next() == "READY=1")

        // narrator status and send find it at the default path, as they find a daemon started by hand.
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        let binary = try #require(NarratorExecutable.path())
        let status = try ChildProcess.run(binary, ["status", "--json"], environment: variables)
        #expect(status.status == 0, "\(status.errors)")
        #expect(fields(status.output.trimmingCharacters(in: .newlines))["clients"] as? Int == 2, "\(status.output)")
        let send = try ChildProcess.run(binary, ["send", "score_changed", "--score", "13"], environment: variables)
        #expect(send.status == 0 && send.output.contains("Score 13"), "\(send.output)\(send.errors)")

        // A stop keeps its guarantees: the client sees the end, exit 0, fast; systemd's socket stays.
        let start = ContinuousClock.now
        daemon.signal(SIGTERM)
        #expect(try game.readLine() == nil)
        #expect(daemon.waitForExit() == 0)
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(notify.next() == "STOPPING=1")
        #expect(FileManager.default.fileExists(atPath: socket), "the socket is systemd's to remove")
    }

    @Test("Two passed sockets are refused with a clear error")
    func refusesTwoSockets() throws {
        let runtime = try Self.runtimeFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let daemon = try DaemonProcess(
            socket: runtime + "/narrator.sock", activator: try Self.activator(),
            activatorArguments: ["--listen", runtime + "/second.sock"])
        defer { _ = daemon.stop() }
        // The connection starts it; it exits at once, and the connection is reset or ends.
        let client = try daemon.client()
        #expect((try? client.readLine()) ?? nil == nil)
        #expect(daemon.waitForExit() == 1)
        #expect(daemon.logText.contains("systemd passed 2 sockets"), "\(daemon.logText)")
    }

    @Test("Two passed sockets, one named ssip: one daemon serves the games on one and SSIP on the other")
    func servesTheSSIPSocketSystemdNames() throws {
        let runtime = try Self.runtimeFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let ssip = runtime + "/speechd.sock"
        let daemon = try DaemonProcess(
            socket: runtime + "/narrator.sock", activator: try Self.activator(),
            activatorArguments: ["--listen", ssip, "--fdname=ssip:narrator"])
        defer { _ = daemon.stop() }
        let client = try SSIPLineClient(path: ssip, readLimit: .seconds(10))
        client.send("HISTORY GET CLIENT_ID\r\n")
        #expect(client.reply() == ["245-1", "245 OK CLIENT ID SENT"])
        #expect(daemon.waitForLog("Listening for SSIP on \(ssip), the socket systemd passed"))
        #expect(try daemon.request(#"{"type":"status"}"#).contains(#""clients":2"#))
    }

    @Test("systemd-analyze verify finds nothing to say about the shipped units, and does about a broken one")
    func unitFilesVerify() throws {
        let analyze = try #require(
            PrivatePulseAudio.findExecutable("systemd-analyze")?.path,
            "systemd-analyze is missing: scripts/install-deps.sh --test installs systemd")
        // A user manager in test mode needs $XDG_RUNTIME_DIR, and the units' ExecStart= must be an
        // executable: %h/.local/bin/narrator, in a private home.
        let home = try Self.runtimeFolder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.local/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: home + "/.local/bin/narrator", withDestinationPath: try #require(NarratorExecutable.path()))
        var variables = ProcessInfo.processInfo.environment
        variables["HOME"] = home
        variables["XDG_RUNTIME_DIR"] = home
        let units = NarratorExecutable.packageRoot + "/contrib/systemd"
        let shipped = try ChildProcess.run(
            analyze,
            [
                "--user", "verify", units + "/narrator.socket", units + "/narrator-ssip.socket",
                units + "/narrator.service",
            ],
            environment: variables)
        #expect(shipped.status == 0 && shipped.errors.isEmpty && shipped.output.isEmpty, "\(shipped.errors)")

        // The same check sees a mistake (it only warns, so the test reads what it says).
        let broken = home + "/narrator.socket"
        let text = try String(contentsOfFile: units + "/narrator.socket", encoding: .utf8)
        try text.replacingOccurrences(of: "SocketMode=", with: "SocketMod=").write(
            toFile: broken, atomically: true, encoding: .utf8)
        let checked = try ChildProcess.run(
            analyze, ["--user", "verify", broken, units + "/narrator.service"], environment: variables)
        #expect(checked.errors.contains("Unknown key 'SocketMod'"), "\(checked.errors)")
    }
}
