import Foundation
import NarratorTestSupport
import Testing

/// What no SSIP library sends, over a real socket: each gets SSIP's own error, the connection stays
/// open, the daemon's memory stays bounded and every other client is served.
@Suite struct SSIPBadInputTests {
    /// A daemon speaking to no device (or, with `realtime-wav`, into a WAV file at the pace of a
    /// device), with its SSIP socket.
    static func daemon(output: String = "null") throws -> (DaemonProcess, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ssip-\(UUID().uuidString.prefix(8))"
        )
        .path
        let ssip = folder + "/speech-dispatcher/speechd.sock"
        let device = output == "realtime-wav" ? "realtime-wav:\(folder)/speech.wav" : output
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let daemon = try DaemonProcess(arguments: ["--output", device, "--ssip-socket", ssip])
        return (daemon, ssip)
    }

    /// Stops the daemon and removes the SSIP socket's folders.
    static func stop(_ daemon: DaemonProcess, _ ssip: String) {
        _ = daemon.stop()
        let folder = ssip.split(separator: "/").dropLast(2).joined(separator: "/")
        try? FileManager.default.removeItem(atPath: "/" + folder)
    }

    @Test func garbageBareLineFeedsAndLongLinesGetErrorsAndTheConnectionGoesOn() throws {
        let (daemon, ssip) = try Self.daemon()
        defer { Self.stop(daemon, ssip) }
        let client = try SSIPLineClient(path: ssip, readLimit: .seconds(10))
        client.send([0x00, 0xff, 0xfe, 13, 10])
        #expect(client.last() == "501 ERR INVALID ENCODING")
        client.send("fly me to the moon\r\n")
        #expect(client.last() == "500 ERR INVALID COMMAND")
        client.send("HELP\n")
        #expect(client.last() == "500 ERR INVALID COMMAND: SSIP LINES END WITH CR LF")
        client.send(String(repeating: "x", count: 100_000) + "\r\n")
        #expect(client.last() == "500 ERR INVALID COMMAND: LONGER THAN 8192 BYTES")
        client.send("SET SELF PRIORITY message\r\n")
        #expect(client.last() == "202 OK PRIORITY SET")
    }

    @Test func tenMegabytesInASpeakBlockAreRefusedWithoutBeingKept() throws {
        let (daemon, ssip) = try Self.daemon()
        defer { Self.stop(daemon, ssip) }
        let client = try SSIPLineClient(path: ssip, readLimit: .seconds(10))
        client.send("SPEAK\r\n")
        #expect(client.last() == "230 OK RECEIVING DATA")
        let line = Array(repeating: UInt8(ascii: "a"), count: 1024 * 1024) + [13, 10]
        for _ in 0..<10 { #expect(client.send(line)) }
        client.send(".\r\n")
        #expect(client.last() == "301 ERR MESSAGE TOO LONG: AT MOST 65536 BYTES, NOTHING QUEUED")
        #expect(try Self.residentMegabytes(daemon.pid) < 100)
        // Another client is served, and this one too.
        let other = try SSIPLineClient(path: ssip, readLimit: .seconds(10))
        other.send("SPEAK\r\nShort.\r\n.\r\n")
        #expect(other.reply() == ["230 OK RECEIVING DATA"])
        #expect(other.last() == "225 OK MESSAGE QUEUED")
        client.send("GET RATE\r\n")
        #expect(client.reply() == ["251-0", "251 OK GET RETURNED"])
    }

    @Test func anUnterminatedSpeakAndAClientThatNeverReadsHoldNobodyUp() throws {
        let (daemon, ssip) = try Self.daemon()
        defer { Self.stop(daemon, ssip) }
        let unterminated = try SSIPLineClient(path: ssip, readLimit: .seconds(10))
        unterminated.send("SPEAK\r\n" + String(repeating: "never ending ", count: 20_000))
        // A client that asks and asks without reading a reply: its reads stop, nobody else's do.
        let deaf = try SSIPLineClient(path: ssip, readLimit: .seconds(10))
        let request = Array(String(repeating: "HELP\r\n", count: 2000).utf8)
        let writer = Thread { for _ in 0..<50 { if !deaf.send(request) { return } } }
        writer.start()
        let other = try SSIPLineClient(path: ssip, readLimit: .seconds(10))
        for _ in 0..<20 {
            other.send("GET VOLUME\r\n")
            #expect(other.reply() == ["251-100", "251 OK GET RETURNED"])
        }
        #expect(try Self.residentMegabytes(daemon.pid) < 100)
    }

    /// The daemon's resident memory, from /proc.
    static func residentMegabytes(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        return kilobytes / 1024
    }
}
