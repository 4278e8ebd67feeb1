import Foundation
import Logging
import NarratorCore
import NarratorServer
import NarratorVoice
import NarratorWire
import Synchronization
import Testing

/// Which voice an announcement gets, above the speech seam: the client's own `set` (and `hello`'s
/// locale) over the player's configuration file over the built-in values, and what a reload of the
/// file changes (docs/CONFIG.md).
@Suite("Voice precedence in the conductor")
struct ConfigPrecedenceTests {
    let speaker = FakeSpeaker()
    let conductor: ConductorShell
    let path: String

    init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Localization")
        let profile = try Profile.load(folder: root.appendingPathComponent("retroracing").path, extraTables: [])
        path = try DaemonDefaultsTests.file("# mine\nrate 300\nvoice.pl pl+f3\n")
        let config = UserConfig(
            path: path, commandLine: [(.pitch, "60", "--pitch")], checks: DaemonDefaultsTests.checks)
        conductor = ConductorShell(
            profile: profile, speaker: speaker, sounds: FakeSounds(), defaults: try config.load().defaults,
            config: config, logger: Logger(label: "test"))
    }

    typealias Client = ConductorSeamTests.Client

    /// A new client, subscribed to its own outcomes.
    private func connect() async throws -> Client {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let id = await conductor.connect(notifications: { continuation.yield($0.line) })
        let client = Client(id: id, lines: stream.makeAsyncIterator(), sink: continuation)
        try await send(#"{"type":"subscribe"}"#, from: client)
        return client
    }

    /// Sends one request; returns its reply's fields, having carried it out.
    @discardableResult
    private func send(_ line: String, from client: Client) async throws -> [String: Any] {
        fields(try await conductor.answer(line, from: client.id).line)
    }

    /// The voice the client's next announcement crosses the seam with; it is then finished, and
    /// this returns once the conductor has said so.
    private func spokenVoice(of client: Client) async throws -> VoiceRequest {
        var client = client
        let reply = try await send(#"{"type":"say","text":"Hello."}"#, from: client)
        let id = try #require((reply["id"] as? String).flatMap(UInt64.init).map(AnnouncementID.init(rawValue:)))
        let request = try #require(speaker.requests.withLock { $0.last { $0.id == id } })
        speaker.emit(.finished(id))
        while true {
            let line = await client.next()
            if line.isEmpty || (line["event"] as? String == "finished" && line["id"] as? String == "\(id.rawValue)") {
                break
            }
        }
        return request.voice
    }

    private func voice(_ reply: [String: Any]) -> [Int] {
        ["rate", "pitch", "volume"].map { reply[$0] as? Int ?? -1 }
    }

    @Test("A client's own set wins over the file, the file over built-in; null goes back to the default")
    func precedence() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let own = try await connect()
        let other = try await connect()
        #expect(try await spokenVoice(of: own) == VoiceRequest(locale: "en", rate: 300, pitch: 60, volume: 100))
        #expect(voice(try await send(#"{"type":"set","rate":200,"volume":150}"#, from: own)) == [200, 60, 150])
        #expect(try await spokenVoice(of: own).rate == 200)
        #expect(voice(try await send(#"{"type":"set"}"#, from: other)) == [300, 60, 100])
        let reset = try await send(#"{"type":"set","rate":null,"pitch":null}"#, from: own)
        #expect(voice(reset) == [300, 60, 150])
        #expect(try await spokenVoice(of: own) == VoiceRequest(locale: "en", rate: 300, pitch: 60, volume: 150))
    }

    @Test("The file's voice for a language is used for announcements in it; a locale reset goes back to the default")
    func voiceByLanguage() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let client = try await connect()
        try await send(#"{"type":"hello","locale":"pl-PL"}"#, from: client)
        let polish = try await spokenVoice(of: client)
        #expect(polish.locale == "pl-PL" && polish.voice == "pl+f3")
        #expect(try await send(#"{"type":"set","locale":null}"#, from: client)["locale"] as? String == "en")
        #expect(try await spokenVoice(of: client).voice == nil)
    }

    @Test(
        "A reload changes the default for every client that did not choose its own, new or connected; a broken file changes nothing"
    )
    func reload() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let chose = try await connect()
        let left = try await connect()
        try await send(#"{"type":"set","rate":200}"#, from: chose)
        try "rate 250\n".write(toFile: path, atomically: true, encoding: .utf8)
        await conductor.reload()
        #expect(try await spokenVoice(of: left).rate == 250)
        #expect(try await spokenVoice(of: chose).rate == 200)
        #expect(try await spokenVoice(of: try await connect()) == VoiceRequest(rate: 250, pitch: 60))
        // The file no longer names a Polish voice: none is chosen.
        try await send(#"{"type":"hello","locale":"pl"}"#, from: left)
        #expect(try await spokenVoice(of: left).voice == nil)

        try "rate 250\nrate fast\n".write(toFile: path, atomically: true, encoding: .utf8)
        await conductor.reload()
        #expect(try await spokenVoice(of: try await connect()).rate == 250)
        let status = try await send(#"{"type":"status"}"#, from: left)
        let defaults = try #require(status["defaults"] as? [String: Any])
        #expect(defaults["rate"] as? Int == 250 && defaults["pitch"] as? Int == 60)
        let from = try #require(defaults["from"] as? [String: String])
        #expect(from["rate"] == "\(path):1" && from["pitch"] == "command line" && from["volume"] == "built-in")
        #expect(defaults["file"] as? String == path)
    }

    @Test("set is all or nothing: a value out of range changes no other field")
    func allOrNothing() async throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let client = try await connect()
        let refused = try await send(#"{"type":"set","pitch":10,"rate":1000}"#, from: client)
        #expect((refused["error"] as? [String: Any])?["code"] as? String == "invalid_field")
        #expect(voice(try await send(#"{"type":"set"}"#, from: client)) == [300, 60, 100])
    }
}
