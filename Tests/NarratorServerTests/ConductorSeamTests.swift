import Foundation
import Logging
import NIOCore
import NarratorCore
import NarratorServer
import NarratorVoice
import NarratorWire
import Synchronization
import Testing

/// A speech system in memory: it records what crosses the seam, and the test plays its events.
final class FakeSpeaker: Speaker {
    let requests = Mutex<[SpeechRequest]>([])
    let stopped = Mutex<[AnnouncementID]>([])
    private let observers = Mutex<[AnnouncementID: @Sendable (SpeakerEvent) -> Void]>([:])

    func speak(_ request: SpeechRequest, observer: @escaping @Sendable (SpeakerEvent) -> Void) throws(SpeakerError) {
        requests.withLock { $0.append(request) }
        observers.withLock { $0[request.id] = observer }
    }

    /// Like a real engine, a stop is confirmed with `stopped`.
    func stop(_ id: AnnouncementID) {
        stopped.withLock { $0.append(id) }
        emit(.stopped(id, resumePosition: 0))
    }

    /// Its lookups below are pure, so it is its own catalog.
    var voices: any VoiceCatalog { self }

    /// Languages of the private-use range (`qaa`) have no voice: English speaks them.
    func voice(for locale: String) throws(SpeakerError) -> VoiceChoice {
        guard locale.allSatisfy({ $0.isLetter || $0 == "-" }), !locale.isEmpty else {
            throw SpeakerError("\"\(locale)\" is not a language tag")
        }
        if locale.hasPrefix("qaa") {
            return VoiceChoice(
                name: "English_(Great_Britain)", fallbackWarning: "no voice for \(locale)", substituteLanguage: "en")
        }
        return VoiceChoice(name: "fake \(locale)", fallbackWarning: nil)
    }

    /// Knows the voices `pl`, `en` and `de`, each with the variants `f1` to `f5`.
    func voice(named name: String) throws(SpeakerError) -> VoiceChoice {
        let parts = name.split(separator: "+", omittingEmptySubsequences: false)
        guard ["pl", "en", "de"].contains(parts[0]),
            parts.count == 1 || (parts.count == 2 && Self.variants.contains(String(parts[1])))
        else {
            throw SpeakerError("no voice \"\(name)\"")
        }
        return VoiceChoice(name: "fake \(name)", fallbackWarning: nil)
    }

    static let variants = ["f1", "f2", "f3", "f4", "f5"]

    /// Plays one event of the speech system, as it would arrive from its own thread.
    func emit(_ event: SpeakerEvent) {
        let id: AnnouncementID
        switch event {
        case .started(let i), .sentence(let i, _), .mark(let i, _), .finished(let i), .stopped(let i, _),
            .failed(let i, _):
            id = i
        }
        observers.withLock { $0[id] }?(event)
    }
}

/// An iterator a child task may advance; only one task touches it at a time.
final class Box: @unchecked Sendable {
    var value: AsyncStream<String>.Iterator
    init(_ value: AsyncStream<String>.Iterator) { self.value = value }
    func next() async -> String? { await value.next() }
}

/// A sound output in memory.
final class FakeSounds: SoundOutput {
    let sampleRate = 22050
    let channels = 1
    let started = Mutex<[[Int16]]>([])
    /// The gain each sound was started at, in order.
    let gains = Mutex<[Double]>([])
    var status: OutputStatus { OutputStatus(output: "fake") }

    func startSound(_ samples: [Int16], channels: Int, gain: Double) throws(SoundRefusal) {
        started.withLock { $0.append(samples) }
        gains.withLock { $0.append(gain) }
    }
}

/// The conductor against a fake speaker and sound output: the logic above the speech seam, with
/// no process, no socket and no audio.
@Suite("Conductor above the speech seam")
struct ConductorSeamTests {
    /// One connected client: the lines the conductor sends it, in order, to await one by one.
    struct Client {
        let id: ClientID
        var lines: AsyncStream<String>.Iterator
        /// Where the client's lines, replies and notifications alike, are queued in order.
        let sink: AsyncStream<String>.Continuation

        /// The next line, or an empty object (and a recorded issue) when none comes within 10 s.
        mutating func next() async -> [String: Any] {
            fields(await nextLine())
        }

        /// The next line read as the protocol's (a recorded issue when it is not one).
        mutating func nextTyped() async -> DaemonLine? {
            let line = await nextLine()
            do {
                return try DaemonLine.parse(line)
            } catch {
                Issue.record("not a line of the protocol: \(line) (\(error))")
                return nil
            }
        }

        /// The next reply (a recorded issue for a notification or nothing).
        mutating func nextReply() async -> Reply? {
            guard let line = await nextTyped() else { return nil }
            guard case .reply(let reply) = line else {
                Issue.record("a notification came where a reply was expected: \(line)")
                return nil
            }
            return reply
        }

        /// The next line as it was written; empty (and a recorded issue) when none comes within 10 s.
        mutating func nextLine() async -> String {
            let iterator = Box(lines)
            let line = await withTaskGroup(of: String?.self) { group in
                group.addTask { await iterator.next() }
                group.addTask {
                    try? await Task.sleep(for: .seconds(10))
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
            lines = iterator.value
            guard let line else {
                Issue.record("no line from the conductor within 10 s")
                return ""
            }
            return line
        }
    }

    let speaker = FakeSpeaker()
    let sounds = FakeSounds()
    let conductor: ConductorShell

    init() throws {
        conductor = try Self.conductor(speaker: speaker, sounds: sounds)
    }

    /// A running conductor with the shipped RetroRacing profile and the daemon's own table.
    static func conductor(speaker: FakeSpeaker, sounds: FakeSounds, spokenNotices: Bool = false) throws
        -> ConductorShell
    {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Localization")
        let profile = try Profile.load(
            folder: root.appendingPathComponent("retroracing").path,
            extraTables: [root.appendingPathComponent("narrator/Narrator.xcstrings").path])
        var defaults = DaemonDefaults.builtIn
        defaults.spokenNotices = spokenNotices
        let conductor = ConductorShell(
            profile: profile, speaker: speaker, sounds: sounds, defaults: defaults, logger: Logger(label: "test"))
        return conductor
    }

    func connect(to other: ConductorShell? = nil) async -> Client {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let id = await (other ?? conductor).connect(notifications: { continuation.yield($0.line) })
        return Client(id: id, lines: stream.makeAsyncIterator(), sink: continuation)
    }

    /// As a connection does: the reply is written first, then the request is carried out.
    func send(_ line: String, from client: Client, to other: ConductorShell? = nil) async throws {
        let sink = client.sink
        try await (other ?? conductor).answer(line, from: client.id) { sink.yield($0.line) }
    }

    @Test("A say crosses the seam checked and typed; its outcomes follow the speaker's events")
    func sayThroughTheSeam() async throws {
        var client = await connect()
        try await send(#"{"type":"subscribe"}"#, from: client)
        #expect(await client.next()["ok"] as? Bool == true)
        try await send(#"{"type":"say","text":"Hello there.","priority":"high"}"#, from: client)
        let reply = await client.next()
        let id = try #require((reply["id"] as? String).flatMap(UInt64.init).map(AnnouncementID.init(rawValue:)))
        #expect(await client.next()["event"] as? String == "queued")
        let request = try #require(speaker.requests.withLock { $0.last })
        #expect(request.id == id && request.text == "Hello there." && request.voice.locale == "en")
        speaker.emit(.started(id))
        #expect(await client.next()["event"] as? String == "started")
        speaker.emit(.finished(id))
        #expect(await client.next()["event"] as? String == "finished")
    }

    @Test("A failure across the seam ends the announcement failed, with the reason, never finished")
    func failureAcrossTheSeam() async throws {
        var client = await connect()
        try await send(#"{"type":"subscribe"}"#, from: client)
        _ = await client.next()
        try await send(#"{"type":"say","text":"Lost."}"#, from: client)
        let id = try #require(((await client.next())["id"] as? String).flatMap(UInt64.init))
        _ = await client.next()  // queued
        speaker.emit(.started(AnnouncementID(rawValue: id)))
        _ = await client.next()  // started
        speaker.emit(.failed(AnnouncementID(rawValue: id), reason: "the sound server went away"))
        let failed = await client.next()
        #expect(failed["event"] as? String == "failed")
        #expect(failed["reason"] as? String == "the sound server went away")
    }

    @Test("Text is checked once, above the seam: what the speaker would refuse never reaches it")
    func checkedAboveTheSeam() async throws {
        var client = await connect()
        try await send(#"{"type":"say","text":"   "}"#, from: client)
        #expect(errorCode(await client.next()) == "speech")
        try await send(#"{"type":"set","rate":999}"#, from: client)
        #expect(errorCode(await client.next()) == "invalid_field")
        #expect(speaker.requests.withLock { $0.isEmpty })
    }

    @Test("Sound rules start sounds on the output: a sound alone speaks nothing, sound and speech go together")
    func soundsBesideSpeech() async throws {
        var client = await connect()
        try await send(#"{"type":"lanes_ahead","left":true,"middle":false,"right":true}"#, from: client)
        let played = await client.next()
        #expect(played["sound"] as? String == "lane_pulses")
        #expect(speaker.requests.withLock { $0.isEmpty })
        try await send(#"{"type":"level_change_imminent","active":true,"feedback":"both"}"#, from: client)
        let both = await client.next()
        #expect(both["sound"] as? String == "speed_up" && both["text"] as? String == "Faster soon!")
        #expect(sounds.started.withLock { $0.count } == 2)
        #expect(speaker.requests.withLock { $0.count } == 1)
        // The client's effects volume reaches the output as the sound's gain; speech keeps its volume.
        try await send(#"{"type":"set","effects_volume":40}"#, from: client)
        #expect((await client.next())["effects_volume"] as? Int == 40)
        try await send(#"{"type":"level_change_imminent","active":true,"feedback":"both"}"#, from: client)
        _ = await client.next()
        #expect(sounds.gains.withLock { $0 } == [1, 1, 0.4])
        #expect(speaker.requests.withLock { $0.last?.voice.volume } == 100)
    }

    @Test("When the output is lost, every subscriber hears of it")
    func outputLossIsTold() async throws {
        var client = await connect()
        try await send(#"{"type":"subscribe"}"#, from: client)
        _ = await client.next()
        conductor.outputChanged(OutputStatus(output: "fake", condition: .lost("no server")))
        let line = await client.next()
        #expect(line["event"] as? String == "output" && line["state"] as? String == "lost")
        #expect(line["reason"] as? String == "no server")
    }

    @Test("The output's count of gaps reaches status; subscribers are not told of it, as nothing was lost")
    func underrunsInStatus() async throws {
        var client = await connect()
        try await send(#"{"type":"subscribe"}"#, from: client)
        _ = await client.next()
        var status = OutputStatus(output: "fake")
        status.underruns = 2
        conductor.outputChanged(status)
        try await send(#"{"type":"status"}"#, from: client)
        let reply = await client.next()
        #expect(reply["ok"] as? Bool == true)
        let output = reply["output"] as? [String: Any]
        #expect(output?["underruns"] as? Int == 2 && output?["state"] as? String == "working")
    }
}

private func errorCode(_ values: [String: Any]) -> String? {
    (values["error"] as? [String: Any])?["code"] as? String
}

extension ConductorShell {
    /// Answers `line` from `client` on the shell's loop, as a connection does: `written` gets the
    /// reply before the request is carried out. Returns the reply.
    @discardableResult
    func answer(_ line: String, from client: ClientID, written: @escaping @Sendable (Reply) -> Void = { _ in })
        async throws -> Reply
    {
        let request = try Request.parse(Array(line.utf8))
        return try await eventLoop.submit {
            var answered = Reply.done
            self.respond(
                for: client,
                write: { (reply: Reply) in
                    answered = reply
                    written(reply)
                }
            ) { ask in ask(.request(request)) }
            return answered
        }.get()
    }
}
