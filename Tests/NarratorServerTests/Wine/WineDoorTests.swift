import Foundation
import NarratorClient
import NarratorWire
import Testing

/// The Wine door of a real daemon (`serve --wine`), over a real loopback socket: a client that knows
/// the door file's secret is a client like a game on the Unix socket; nobody else gets in.
@Suite("Wine door")
struct WineDoorTests {
    /// The door a daemon opened, as its file says.
    static func door(of daemon: DaemonProcess) throws -> WineDoorLine {
        let path = (daemon.socket as NSString).deletingLastPathComponent + "/" + WineDoorLine.fileName
        return try #require(WineDoorLine(parsing: try String(contentsOfFile: path, encoding: .utf8)))
    }

    /// A connection through the door, its secret sent, reads bounded so a test fails, not hangs.
    static func client(of door: WineDoorLine, secret: String? = nil) throws -> LineClient {
        let client = try LineClient(loopbackPort: door.port, secret: secret ?? door.secret)
        client.setReadTimeout(.seconds(10))
        return client
    }

    @Test("The door file is 0600 beside the socket; a client with its secret speaks, and is a client like any other")
    func doorSpeaks() throws {
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--wine"])
        defer { _ = daemon.stop() }
        let path = (daemon.socket as NSString).deletingLastPathComponent + "/" + WineDoorLine.fileName
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let client = try Self.client(of: try Self.door(of: daemon))
        try client.send(#"{"type":"hello","client":"Game"}"#)
        #expect(try client.readLine().map { fields($0)["client"] as? String } == "Game")
        try client.send(#"{"type":"subscribe"}"#)
        try client.send(#"{"type":"say","text":"Through the door."}"#)
        var lines: [String] = []
        while let line = try client.readLine() {
            lines.append(line)
            if fields(line)["event"] as? String == "finished" { break }
        }
        #expect(lines.contains { fields($0)["text"] as? String == "Through the door." && fields($0)["ok"] != nil })
        #expect(lines.last.map { fields($0)["client"] as? String } == "Game")
        // The Unix socket's `status` sees the Windows game by its name.
        let status = fields(try daemon.request(#"{"type":"status"}"#))
        let connected = try #require(status["connected"] as? [[String: Any]])
        #expect(connected.contains { $0["name"] as? String == "Game" })
    }

    @Test("A wrong secret is refused and closed, and the door still takes the right one after")
    func wrongSecret() throws {
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--wine"])
        defer { _ = daemon.stop() }
        let door = try Self.door(of: daemon)
        let wrong = String(door.secret.map { $0 == "0" ? "1" : "0" })
        let intruder = try Self.client(of: door, secret: wrong)
        try intruder.send(#"{"type":"say","text":"Intruder."}"#)
        #expect(try intruder.readLine().flatMap(errorCode) == "not_allowed")
        #expect(try intruder.readLine() == nil)
        let client = try Self.client(of: door)
        try client.send(#"{"type":"history"}"#)
        let history = try #require(try client.readLine())
        #expect((fields(history)["history"] as? [Any])?.isEmpty == true, "\(history)")
        #expect(daemon.waitForLog("Refused a Wine door connection: a wrong secret"))
    }

    @Test("Without --wine there is no door; a stopped daemon leaves none behind")
    func doorOnlyWhenAsked() throws {
        let plain = try DaemonProcess(arguments: ["--output", "null"])
        let plainDoor = (plain.socket as NSString).deletingLastPathComponent + "/" + WineDoorLine.fileName
        #expect(!FileManager.default.fileExists(atPath: plainDoor))
        _ = plain.stop()
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--wine"])
        let path = (daemon.socket as NSString).deletingLastPathComponent + "/" + WineDoorLine.fileName
        #expect(FileManager.default.fileExists(atPath: path))
        _ = daemon.stop()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("The door line is read back as written; anything else is no door")
    func doorLine() {
        let line = WineDoorLine(port: 40123, secret: String(repeating: "ab", count: 32))
        #expect(WineDoorLine(parsing: line.text) == line)
        for broken in [
            "narrator-wine 2 40123 \(line.secret)\n", "narrator-wine 1 0 \(line.secret)\n",
            "narrator-wine 1 40123 \(line.secret)", "narrator-wine 1 40123 \(line.secret.uppercased())\n",
            "narrator-wine 1 40123 \(line.secret.dropLast())\n", "",
        ] {
            #expect(WineDoorLine(parsing: broken) == nil, "\(broken)")
        }
    }
}
