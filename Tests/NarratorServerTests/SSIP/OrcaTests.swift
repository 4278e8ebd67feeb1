import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// Real Orca through the narrator (docs/SSIP.md, "Orca"): a focus moved with a key is announced by
/// Orca through the SSIP door and heard on the private PulseAudio's monitor; say all reads on and a
/// key stops it; Orca's punctuation and capitals reach the narrator. One desktop and one Orca for the
/// whole sequence, as starting them takes most of the time (10-11 s on a loaded 2-core machine).
@Suite struct OrcaTests {
    @Test func orcaSpeaksThroughTheNarrator() throws {
        let orca = try OrcaDesktop(.init(punctuation: 0, capitalization: "spell"))
        defer { orca.stop() }
        try tabMovesTheFocusAndOrcaIsHeard(orca)
        try punctuationAndCapitalsReachTheNarrator(orca)
        try sayAllReadsOnAndAKeyStopsIt(orca)
        try aGameYieldsToOrcasKeyAndResumes(orca)
    }

    /// Tab moves the focus from the first button to the second: Orca echoes the key ("tab") and says
    /// the button, both announcements of its own connection, and the button's words are heard.
    func tabMovesTheFocusAndOrcaIsHeard(_ orca: OrcaDesktop) throws {
        let recorder = orca.daemon.recorder
        let mark = orca.outcomes.count
        try orca.desktop.press("Tab")
        _ = try orca.said("tab", event: "finished", after: mark)
        let started = try orca.said("Settings push button", after: mark)
        let from = recorder.count
        let finished = try orca.said("Settings push button", event: "finished", after: mark)
        #expect(finished.id == started.id)
        let to = recorder.count
        // Heard between its start and its end: a sound on the monitor, and half a second of it loud.
        let onset = try #require(recorder.waitForSound(after: from, limit: .seconds(5)), "nothing was heard")
        #expect(onset < to, "the sound came after the announcement had finished")
        let heard = recorder.samples(in: onset..<min(to, onset + recorder.sampleRate / 2))
        #expect(Loudness.rms([heard]) > 500, "too quiet to be the words: \(Loudness.rms([heard]))")
        // And the history says it, as Orca sent it (SSML with index marks).
        #expect(try orca.daemon.history().contains { $0.hasPrefix("finished") && $0.contains("Settings <mark") })
    }

    /// Orca's punctuation and capitals settings reach the narrator as SSIP's `SET self PUNCTUATION` and
    /// `CAP_LET_RECOGN`: the narrator's settings of the client Orca (read with `set` of its number, which
    /// changes nothing) are those Orca was told (all, spell; Orca's defaults are most, none).
    func punctuationAndCapitalsReachTheNarrator(_ orca: OrcaDesktop) throws {
        let client = try LineClient(path: orca.daemon.socket)
        client.setReadTimeout(.seconds(10))
        try client.send(#"{"type":"status"}"#)
        let status = fields(try #require(try client.readLine()))
        let connected = try #require(status["connected"] as? [[String: Any]])
        let number = try #require(connected.first { $0["name"] as? String == "Orca" }?["number"] as? Int, "\(status)")
        try client.send(#"{"type":"set","client":\#(number)}"#)
        let settings = fields(try #require(try client.readLine()))
        #expect(settings["punctuation"] as? String == "all", "\(settings)")
        #expect(settings["capitals"] as? String == "spell", "\(settings)")
    }

    /// The screen reader beside a game (docs/SSIP.md, R1, R5): a game reads a long tutorial (default,
    /// `resume`); a key moves the focus, and Orca's words cut the game at once: the tutorial is
    /// suspended before they start and resumes after them. A crash the game says meanwhile (high) is
    /// heard too, and at no moment do two announcements speak at once.
    func aGameYieldsToOrcasKeyAndResumes(_ orca: OrcaDesktop) throws {
        let game = try LineClient(path: orca.daemon.socket)
        game.setReadTimeout(.seconds(10))
        try game.send(#"{"type":"hello","client":"RetroRacing"}"#)
        _ = try game.readLine()
        let mark = orca.outcomes.count
        try game.send(
            #"{"type":"say","text":"Tutorial. Steer with the left and right arrow keys to change lanes. "#
                + #"Cars come towards you in three lanes, and each one you pass adds to your score. "#
                + #"The game speeds up every level, and a voice warns you before it does. "#
                + #"Press the space bar to pause, and H for help.","resume":true}"#)
        let said = try #require(try game.readLine())
        let tutorial = try #require(fields(said)["id"] as? String, "\(said)")
        let begun = orca.outcomes.waitFor(after: mark) { $0.id == tutorial && $0.event == "started" }
        try #require(begun != nil, "the tutorial never started")

        let key = orca.outcomes.count
        // Out of the text view (where Tab is a character), back to the check box.
        try orca.desktop.press("ctrl+shift+Tab")
        let words = try orca.said("Engine sound check box", after: key)
        try game.send(#"{"type":"say","text":"Crash! 2 lives left.","priority":"high"}"#)
        let warned = try #require(try game.readLine())
        let crash = try #require(fields(warned)["id"] as? String, "\(warned)")
        let crashed = orca.outcomes.waitFor(after: key) { $0.id == crash && $0.event == "finished" }
        #expect(crashed != nil, "the game's crash was not heard")
        let resumed = orca.outcomes.waitFor(after: key) { $0.id == tutorial && $0.event == "resumed" }
        #expect(resumed != nil, "the tutorial did not resume")

        let all = orca.outcomes.all
        let suspendedAt = all.indices.first { $0 >= key && all[$0].id == tutorial && all[$0].event == "suspended" }
        let wordsAt = all.indices.first { $0 >= key && all[$0].id == words.id && all[$0].event == "started" }
        #expect(suspendedAt != nil && wordsAt != nil && suspendedAt! < wordsAt!, "Orca's words did not cut the game")
        // One voice: each start comes after the one before it stopped speaking.
        var speaking: String?
        for outcome in all[mark...] {
            switch outcome.event {
            case "started", "resumed":
                #expect(speaking == nil, "\(outcome.id) started while \(speaking ?? "") spoke")
                speaking = outcome.id
            case "queued": break
            default: if outcome.id == speaking { speaking = nil }
            }
        }
        try game.send(#"{"type":"cancel"}"#)
        _ = try game.readLine()
    }

    /// Say all (the keypad's plus) reads the text view one sentence after another, each a `SPEAK` with
    /// index marks, which Orca follows through the narrator's 700 events to send the next; a key press
    /// (left Control) cancels the sentence being said and Orca sends no more.
    func sayAllReadsOnAndAKeyStopsIt(_ orca: OrcaDesktop) throws {
        // From the second button to the text view: Orca cuts what it said for the ones passed by.
        var mark = orca.outcomes.count
        for _ in 0..<3 { try orca.desktop.press("Tab") }
        _ = try orca.said("The first line of the text view is here.", event: "finished", after: mark)
        mark = orca.outcomes.count
        try orca.desktop.press("KP_Add")
        _ = try orca.said("The first line of the text view is here.", after: mark)
        let second = try orca.said("A second sentence follows it", after: mark)
        try orca.desktop.press("Control_L")
        _ = try orca.said("left control", event: "finished", after: mark)
        let ended = try #require(
            orca.outcomes.waitFor(after: mark) { $0.id == second.id && $0.event != "started" && $0.event != "queued" })
        #expect(ended.event == "cancelled", "the sentence being said when the key was pressed: \(ended.event)")
        #expect(
            !orca.outcomes.all.contains { $0.words.contains("A second paragraph") && $0.event == "started" },
            "say all went on after the key")
    }
}
