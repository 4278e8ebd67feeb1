import Foundation
import NarratorTestSupport
import Testing

/// Real Orca through the narrator: a focus moved with a key is announced by Orca, through the SSIP
/// door, and heard on the private PulseAudio's monitor (docs/SSIP.md, "Orca"). Each test starts its
/// own desktop and Orca (about 3 s).
@Suite(.serialized) struct OrcaTests {
    /// Tab moves the focus from the first button to the second: Orca echoes the key ("tab") and says
    /// the button, both announcements of its own connection, and the button's words are heard.
    @Test func tabMovesTheFocusAndOrcaIsHeard() throws {
        let orca = try OrcaDesktop()
        defer { orca.stop() }
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
}
