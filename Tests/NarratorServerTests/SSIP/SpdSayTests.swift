import Foundation
import NarratorTestSupport
import Testing

/// speech-dispatcher's own `spd-say` speaking through the narrator's SSIP socket, heard on a
/// private PulseAudio's monitor. One daemon for the suite's tests, run one after another.
@Suite(.serialized) final class SpdSayTests {
    let daemon: SSIPDaemon

    init() throws {
        daemon = try SSIPDaemon()
    }

    deinit { daemon.stop() }

    static let long =
        "This sentence is long enough to be cut in the middle, and then another one follows it, and a third one after that."

    @Test func spdSayIsHeardAndWaitsForTheEnd() throws {
        let start = daemon.recorder.count
        let said = try daemon.spdSay(["-w", "Hello through the narrator."])
        #expect(said.status == 0 && !said.timedOut, "\(said.output) \(said.errors)")
        #expect(daemon.recorder.waitForSound(after: start) != nil, "nothing was heard")
        // -w returned once END came: the narrator's history has it finished.
        let history = try daemon.history()
        #expect(try daemon.outcome(of: "Hello through the narrator.") == "finished", "\(history)")
        #expect(try daemon.history().contains { $0.contains("spd-say: Hello through the narrator.") })
    }

    @Test func spdSayCancelSilencesIt() throws {
        let start = daemon.recorder.count
        #expect(try daemon.spdSay([Self.long]).status == 0)
        let heard = try #require(daemon.recorder.waitForSound(after: start), "nothing was heard")
        #expect(try daemon.spdSay(["-C"]).status == 0)
        let rate = daemon.recorder.sampleRate
        #expect(daemon.recorder.waitForSilence(after: heard, length: rate, limit: .seconds(5)) != nil)
        #expect(try daemon.outcome(of: "This sentence is long") == "cancelled")
    }

    /// Three programs, as speech-dispatcher's one queue treats them: the important one cuts the
    /// message being said and cancels the other program's notification (S2, S3).
    @Test func importantCutsAMessageAndCancelsAnotherProgramsNotification() throws {
        let start = daemon.recorder.count
        #expect(try daemon.spdSay(["-P", "message", Self.long]).status == 0)
        _ = try #require(daemon.recorder.waitForSound(after: start), "nothing was heard")
        #expect(try daemon.spdSay(["-P", "notification", "A notification."]).status == 0)
        let important = try daemon.spdSay(["-P", "important", "-w", "Important."])
        #expect(important.status == 0 && !important.timedOut)
        #expect(try daemon.outcome(of: "This sentence is long") == "interrupted")
        #expect(try daemon.outcome(of: "A notification.") == "cancelled")
        #expect(try daemon.outcome(of: "Important.") == "finished")
    }

    /// SSIP names no standard icons: one the `ssip` profile lacks plays its short default earcon.
    @Test func aSoundIconIsHeard() throws {
        let start = daemon.recorder.count
        let icon = try daemon.spdSay(["-I", "message-arrived"])
        #expect(icon.status == 0 && icon.output.isEmpty, "\(icon.output) \(icon.errors)")
        #expect(daemon.recorder.waitForSound(after: start) != nil, "nothing was heard")
    }

    @Test func spdSayListsTheModuleAndTheVoices() throws {
        let modules = try daemon.spdSay(["-O"])
        #expect(modules.status == 0)
        #expect(
            modules.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.contains("narrator"))
        let voices = try daemon.spdSay(["-L"])
        #expect(voices.status == 0)
        #expect(voices.output.contains("Polish") && voices.output.contains("pl"), "\(voices.output.prefix(300))")
    }
}
