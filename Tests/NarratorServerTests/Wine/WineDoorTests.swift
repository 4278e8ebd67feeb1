import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The Wine door of a real daemon (`serve --wine`), over a real loopback socket: a client that knows
/// the door file's secret is a client like a game on the Unix socket; nobody else gets in.
@Suite("Wine door")
struct WineDoorTests {
    @Test("The door file is 0600 beside the socket; a client with its secret speaks, and is a client like any other")
    func doorSpeaks() throws {
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--wine"])
        defer { _ = daemon.stop() }
        let path = (daemon.socket as NSString).deletingLastPathComponent + "/wine-door"
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let door = try WineDoorFile(path: path)
        let client = try LoopbackLineClient(port: door.port)
        try client.send(door.secret + "\n" + #"{"type":"hello","client":"Game"}"# + "\n")
        #expect(try client.line().map { fields($0)["client"] as? String } == "Game")
        try client.send(#"{"type":"subscribe"}"# + "\n" + #"{"type":"say","text":"Through the door."}"# + "\n")
        let lines = try client.lines { fields($0)["event"] as? String == "finished" }
        #expect(lines.contains { fields($0)["text"] as? String == "Through the door." && fields($0)["ok"] != nil })
        #expect(lines.last.map { fields($0)["client"] as? String } == "Game")
        // `status` of the Unix socket sees the Windows game by its name.
        try client.send(#"{"type":"status"}"# + "\n")
        let status = try #require(try client.line())
        let connected = try #require(fields(status)["connected"] as? [[String: Any]])
        #expect(connected.contains { $0["name"] as? String == "Game" })
    }

    @Test("A wrong secret is refused and closed, and the door still takes the right one after")
    func wrongSecret() throws {
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--wine"])
        defer { _ = daemon.stop() }
        let door = try WineDoorFile(path: (daemon.socket as NSString).deletingLastPathComponent + "/wine-door")
        let intruder = try LoopbackLineClient(port: door.port)
        let wrong = String(door.secret.map { $0 == "0" ? "1" : "0" })
        try intruder.send(wrong + "\n" + #"{"type":"say","text":"Intruder."}"# + "\n")
        #expect(try intruder.line().flatMap(errorCode) == "not_allowed")
        #expect(try intruder.line() == nil)
        let client = try LoopbackLineClient(port: door.port)
        try client.send(door.secret + "\n" + #"{"type":"history"}"# + "\n")
        let history = try #require(try client.line())
        #expect((fields(history)["history"] as? [Any])?.isEmpty == true, "\(history)")
        #expect(daemon.waitForLog("Refused a Wine door connection: a wrong secret"))
    }

    @Test("Without --wine there is no door; a stopped daemon leaves none behind")
    func doorOnlyWhenAsked() throws {
        let plain = try DaemonProcess(arguments: ["--output", "null"])
        let plainDoor = (plain.socket as NSString).deletingLastPathComponent + "/wine-door"
        #expect(!FileManager.default.fileExists(atPath: plainDoor))
        _ = plain.stop()
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--wine"])
        let path = (daemon.socket as NSString).deletingLastPathComponent + "/wine-door"
        #expect(FileManager.default.fileExists(atPath: path))
        _ = daemon.stop()
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
