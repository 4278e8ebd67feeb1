import NarratorCore
import NarratorServer
import NarratorVoice
import NarratorWire
import Synchronization
import Testing

/// Control above the speech seam: who paused, history, repeat, the daemon's spoken notices and SSML,
/// read as the protocol's typed replies.
extension ConductorSeamTests {
    /// Says `hello` with `name` and returns the client.
    private func named(_ name: String, locale: String? = nil, on other: ConductorShell? = nil) async throws -> Client {
        var client = await connect(to: other)
        try await send(Request.hello(client: name, locale: locale, profile: nil).line, from: client, to: other)
        #expect(await client.nextReply()?.isOK == true)
        return client
    }

    /// A client that hears every outcome, to wait on: the speaker's events reach the conductor in
    /// turns of their own, after the test emits them.
    private func watcher() async throws -> Client {
        var watcher = await connect()
        try await send(Request.subscribe(allClients: true).line, from: watcher)
        _ = await watcher.nextReply()
        return watcher
    }

    /// Plays `event` on the speaker and waits until the conductor has reported it.
    private func emit(_ event: SpeakerEvent, _ outcome: Outcome, of id: AnnouncementID, to watcher: inout Client)
        async
    {
        speaker.emit(event)
        await waitFor(outcome, of: id, on: &watcher)
    }

    private func waitFor(_ outcome: Outcome, of id: AnnouncementID, on watcher: inout Client) async {
        while let line = await watcher.nextTyped() {
            if let report = line.outcome, report.outcome == outcome, report.id == String(id.rawValue) { return }
        }
    }

    private func status(of client: inout Client) async throws -> Reply.Status? {
        try await send(Request.status.line, from: client)
        guard case .status(let status)? = await client.nextReply() else {
            Issue.record("no status reply")
            return nil
        }
        return status
    }

    /// Queues `text` and returns its announcement id.
    private func say(_ text: String, _ priority: Priority = .default, from client: inout Client) async throws
        -> AnnouncementID?
    {
        try await send(Request.say(.init(.text(text), priority: priority)).line, from: client)
        guard let id = await client.nextReply()?.announcementID.flatMap(UInt64.init) else {
            Issue.record("\(text) was not queued")
            return nil
        }
        return AnnouncementID(rawValue: id)
    }

    private func history(_ request: Request, of client: inout Client) async throws -> [Reply.HistoryEntry] {
        try await send(request.line, from: client)
        guard case .history(let entries)? = await client.nextReply() else {
            Issue.record("no history reply to \(request.line)")
            return []
        }
        return entries
    }

    @Test("status says whose speech is paused: a pause of all and who asked, and each client's own")
    func pausesInStatus() async throws {
        var game = try await named("Game")
        var tool = try await named("narrator pause")
        var asker = try await named("asker")
        #expect(try await status(of: &asker)?.paused == Reply.Status.Paused())
        try await send(Request.pause(allClients: false).line, from: game)
        _ = await game.nextReply()
        #expect(try await status(of: &asker)?.paused == Reply.Status.Paused(clients: ["Game"]))
        try await send(Request.pause(allClients: true).line, from: tool)
        _ = await tool.nextReply()
        // The pause of all stays when the client that asked for it is gone (`narrator pause` exits).
        await conductor.disconnect(tool.id)
        #expect(
            try await status(of: &asker)?.paused
                == Reply.Status.Paused(all: true, allBy: "narrator pause", clients: ["Game"]))
        // A client's own resume lifts its own pause only; resuming all lifts every pause.
        try await send(Request.resume(allClients: false).line, from: game)
        _ = await game.nextReply()
        #expect(try await status(of: &asker)?.paused == Reply.Status.Paused(all: true, allBy: "narrator pause"))
        try await send(Request.pause(allClients: false).line, from: game)
        _ = await game.nextReply()
        try await send(Request.resume(allClients: true).line, from: asker)
        _ = await asker.nextReply()
        #expect(try await status(of: &asker)?.paused == Reply.Status.Paused())
    }

    @Test("history gives the last announcements with their last outcome: a client's own by its name, or all")
    func historyOfOutcomes() async throws {
        var game = try await named("Game")
        var other = try await named("Other")
        var watcher = try await watcher()
        let one = try #require(try await say("One.", from: &game))
        await emit(.started(one), .started, of: one, to: &watcher)
        await emit(.finished(one), .finished, of: one, to: &watcher)
        let two = try #require(try await say("Two.", from: &game))
        await emit(.started(two), .started, of: two, to: &watcher)
        _ = try await say("Three.", .low, from: &other)
        let own = try await history(.history(limit: nil, allClients: false), of: &game)
        #expect(own.map(\.text) == ["One.", "Two."])
        #expect(own.map(\.client) == ["Game", "Game"])
        #expect(own.map(\.outcome) == [.finished, .started])
        let all = try await history(.history(limit: nil, allClients: true), of: &game)
        #expect(all.map(\.text) == ["One.", "Two.", "Three."])
        #expect(all.last?.outcome == .queued && all.last?.priority == .low)
        #expect(try await history(.history(limit: 2, allClients: true), of: &game).map(\.text) == ["Two.", "Three."])
        // A game that connects again under its name finds its history.
        var again = try await named("Game")
        #expect(try await history(.history(limit: nil, allClients: false), of: &again).map(\.text) == ["One.", "Two."])
    }

    @Test("history keeps the last 100 announcements")
    func historyIsBounded() async throws {
        // Four clients, as one may have only 32 waiting or speaking.
        var clients: [Client] = []
        for number in 1...4 { clients.append(try await named("Many \(number)")) }
        for number in 1...105 { _ = try await say("Number \(number).", .low, from: &clients[number % 4]) }
        let entries = try await history(.history(limit: nil, allClients: true), of: &clients[0])
        #expect(entries.count == 100)
        #expect(entries.first?.text == "Number 6." && entries.last?.text == "Number 105.")
        // Lows beyond the queue's bound were dropped, and the history says so.
        #expect(entries.contains { $0.outcome == .dropped })
    }

    @Test("repeat says again the last announcement that started speaking, not the last queued")
    func repeatLastStarted() async throws {
        var game = try await named("Game")
        var other = try await named("Other")
        var watcher = try await watcher()
        let first = try #require(try await say("Crash! 2 lives left.", from: &game))
        await emit(.started(first), .started, of: first, to: &watcher)
        _ = try await say("Score 10.", .low, from: &game)  // waits behind the crash: never started
        let elsewhere = try #require(try await say("Other news.", .high, from: &other))
        // The high cuts the crash; once the cut is confirmed, the high is handed to the speaker.
        await waitFor(.interrupted(by: elsewhere), of: first, on: &watcher)
        try await send(Request.repeat(allClients: false, priority: .default).line, from: game)
        guard case .announcement(let again)? = await game.nextReply() else {
            Issue.record("repeat queued nothing")
            return
        }
        #expect(again.text == "Crash! 2 lives left." && again.priority == .default)
        await emit(.started(elsewhere), .started, of: elsewhere, to: &watcher)
        try await send(Request.repeat(allClients: true, priority: .high).line, from: game)
        guard case .announcement(let anyone)? = await game.nextReply() else {
            Issue.record("repeat of all queued nothing")
            return
        }
        #expect(anyone.text == "Other news." && anyone.priority == .high)
        // The repeat is the asker's own announcement: it is in its history.
        let own = try await history(.history(limit: nil, allClients: false), of: &game)
        #expect(own.map(\.text).suffix(2) == ["Crash! 2 lives left.", "Other news."])
    }

    @Test("repeat with nothing spoken yet is a clear error")
    func nothingToRepeat() async throws {
        var client = try await named("Quiet")
        try await send(Request.repeat(allClients: false, priority: .default).line, from: client)
        guard case .error(let error)? = await client.nextReply() else {
            Issue.record("no error")
            return
        }
        #expect(error.code == "nothing_to_repeat")
        #expect(error.message.contains("Quiet"))
    }

    @Test("With spoken notices, a client's first announcement in a language without a voice says so, once")
    func missingVoiceNotice() async throws {
        let noticing = try Self.conductor(speaker: speaker, sounds: sounds, spokenNotices: true)
        var game = try await named("Game", locale: "qaa", on: noticing)
        try await send(Request.say(.init(.text("Hej."))).line, from: game, to: noticing)
        #expect(text(of: await game.nextReply()) == "No voice for this language. Using English (Great Britain). Hej.")
        try await send(Request.say(.init(.text("Igen."))).line, from: game, to: noticing)
        #expect(text(of: await game.nextReply()) == "Igen.")
        // Each client is told; a language with a voice never is.
        var other = try await named("Other", locale: "qaa", on: noticing)
        try await send(Request.say(.init(.text("Hej."))).line, from: other, to: noticing)
        #expect(text(of: await other.nextReply())?.hasPrefix("No voice for this language.") == true)
        var english = try await named("English", locale: "en", on: noticing)
        try await send(Request.say(.init(.text("Hello."))).line, from: english, to: noticing)
        #expect(text(of: await english.nextReply()) == "Hello.")
    }

    @Test("Without spoken notices (the default), nothing is added")
    func noNoticeByDefault() async throws {
        var game = try await named("Game", locale: "qaa")
        try await send(Request.say(.init(.text("Hej."))).line, from: game)
        #expect(text(of: await game.nextReply()) == "Hej.")
    }

    /// The text of an announcement reply.
    private func text(of reply: Reply?) -> String? {
        guard case .announcement(let announcement)? = reply else { return nil }
        return announcement.text
    }

    @Test("SSML is checked above the seam and crosses it marked; plain text crosses as text")
    func ssmlAcrossTheSeam() async throws {
        var client = try await named("Game")
        for (document, problem) in [
            ("<speak>Hi", "never closed"), ("<speak><audio src=\"/etc/passwd\"/>Hi</speak>", "<audio>"),
            ("<speak><blink>Hi</blink></speak>", "<blink>"), ("Hi <b>there</b>", "text before <speak>"),
        ] {
            try await send(Request.say(.init(.text(document), ssml: true)).line, from: client)
            guard case .error(let error)? = await client.nextReply() else {
                Issue.record("\(document) was accepted")
                continue
            }
            #expect(error.code == "ssml" && error.message.contains(problem), "\(error)")
        }
        #expect(speaker.requests.withLock { $0.isEmpty })
        let document = #"<speak>Hi <break time="500ms"/> there.</speak>"#
        try await send(Request.say(.init(.text(document), ssml: true)).line, from: client)
        #expect(await client.nextReply()?.isOK == true)
        #expect(speaker.requests.withLock { $0.last.map { $0.ssml && $0.text == document } } == true)
        // On an idle conductor of its own, plain text with markup in it speaks at once, as text.
        let plainSpeaker = FakeSpeaker()
        let idle = try Self.conductor(speaker: plainSpeaker, sounds: sounds)
        var plain = try await named("Plain", on: idle)
        try await send(Request.say(.init(.text("<speak>1 < 2</speak>"))).line, from: plain, to: idle)
        #expect(await plain.nextReply()?.isOK == true)
        #expect(
            plainSpeaker.requests.withLock { $0.last.map { !$0.ssml && $0.text == "<speak>1 < 2</speak>" } } == true)
    }
}
