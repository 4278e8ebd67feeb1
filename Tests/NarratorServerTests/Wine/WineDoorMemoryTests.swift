import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NarratorWire
import Testing

@testable import NarratorServer

/// The Wine door's first handler in memory: the secret first, or nothing reaches the conductor.
/// The connection behind it is the Unix socket's (`Door`), tested by `TransportMemoryTests`.
@Suite("Wine door in memory")
struct WineDoorMemoryTests {
    let loop = NIOAsyncTestingEventLoop()
    let speaker = WatchingSpeaker()
    let conductor: ConductorShell
    let channel: NIOAsyncTestingChannel
    let secret = DoorSecret()

    init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Localization")
        let profile = try Profile.load(folder: root.appendingPathComponent("retroracing").path, extraTables: [])
        conductor = ConductorShell(
            profile: profile, speaker: speaker, sounds: FakeSounds(), logger: Logger(label: "test"), eventLoop: loop)
        channel = NIOAsyncTestingChannel(loop: loop)
    }

    private func open() async throws {
        let (conductor, secret) = (conductor, secret)
        try await loop.executeInContext { [channel] in
            try Door.wine(secret: secret, lineLimit: 64 * 1024).install(
                on: channel, conductor: conductor, logger: Logger(label: "test"))
        }
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
    }

    private func send(_ text: String) async throws {
        try await channel.writeInbound(ByteBuffer(string: text))
    }

    private func written() async throws -> [String] {
        await loop.run()
        var text = ""
        while let buffer = try await channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("The secret, then requests in the same read: the secret is not answered, the requests are")
    func secretThenRequests() async throws {
        try await open()
        try await send(
            secret.hex + "\r\n" + #"{"type":"hello","client":"game"}"# + "\n" + #"{"type":"say","text":"Hi."}"#)
        try await send("\n")
        let lines = try await written()
        #expect(lines.count == 2)
        #expect(lines.first.map { fields($0)["client"] as? String } == "game")
        #expect(speaker.texts == ["Hi."])
    }

    @Test("The secret split over reads is still the secret")
    func secretInPieces() async throws {
        try await open()
        try await send(String(secret.hex.prefix(10)))
        #expect(try await written().isEmpty)
        try await send(String(secret.hex.dropFirst(10)) + "\n" + #"{"type":"status"}"# + "\n")
        #expect(try await written().count == 1)
    }

    @Test(
        "A wrong secret, a longer one, a request instead of it: refused with not_allowed, nothing said",
        arguments: [
            String(repeating: "0", count: 64), String(repeating: "a", count: 65), #"{"type":"say","text":"Intruder."}"#,
        ])
    func wrongSecret(first: String) async throws {
        try await open()
        try await send(first + "\n" + #"{"type":"say","text":"Intruder."}"# + "\n")
        let lines = try await written()
        #expect(lines.count == 1 && lines.first.flatMap(errorCode) == "not_allowed")
        #expect(speaker.texts.isEmpty)
        await loop.advanceTime(by: .seconds(5))
        #expect(!channel.isActive)
    }

    @Test("A first line longer than any secret is refused before its end arrives")
    func endlessFirstLine() async throws {
        try await open()
        try await send(String(repeating: "f", count: 100))
        let lines = try await written()
        #expect(lines.first.flatMap(errorCode) == "not_allowed")
    }

    @Test("No secret within 5 s: refused and closed")
    func silentClient() async throws {
        try await open()
        await loop.advanceTime(by: .milliseconds(4900))
        #expect(try await written().isEmpty)
        await loop.advanceTime(by: .milliseconds(100))
        #expect(try await written().first.flatMap(errorCode) == "not_allowed")
        await loop.advanceTime(by: .seconds(5))
        #expect(!channel.isActive)
    }

    @Test("A secret is 64 hexadecimal characters, different each time, matched exactly")
    func secrets() {
        let other = DoorSecret()
        #expect(secret.hex.count == 64 && secret.hex.allSatisfy(\.isHexDigit) && secret.hex == secret.hex.lowercased())
        #expect(secret != other)
        #expect(secret.matches(Array(secret.hex.utf8)))
        #expect(!secret.matches(Array(other.hex.utf8)))
        #expect(!secret.matches(Array(secret.hex.utf8.dropLast())))
    }
}
