import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension ConductorRule {
    /// When an event's sound plays against its speech (docs/EVENTS.md, `sound_after`).
    static let sounds: [ConductorRule] = [
        ConductorRule(
            id: "C27",
            rule:
                "An event's sound with `sound_after` plays when its speech has been heard to its end (`finished`), at the gain of when the event came; if the speech ends any other way it never plays"
        ) {
            var machine = MachineHarness()
            let game = machine.connect(1)
            _ = machine.run(.request(game, .set(.init(effectsVolume: 50))))
            // The shipped map's settings screen: the line names the choice, its sound follows it.
            let arpeggio = Self.setting("lane_cues", "arpeggio")
            #expect(
                machine.trace(.request(game, arpeggio)) == [
                    "reply 1 announcement #1", "speak #1 \"Lane cues: arpeggio. Your choice.\"",
                ])
            #expect(!machine.speech(.started(1)).contains { $0.hasPrefix("play") })
            // The gain is the one of when the event came, whatever was set since.
            _ = machine.run(.request(game, .set(.init(effectsVolume: 100))))
            #expect(machine.speech(.finished(1)) == ["play lane_arpeggio at 0.5", "quiet"])
            // Cut by the next choice (superseded): only the last line's sound plays, once.
            _ = machine.run(.request(game, Self.setting("lane_cues", "chord")))
            _ = machine.speech(.started(2))
            #expect(
                machine.trace(.request(game, Self.setting("lane_cues", "pulses"))) == [
                    "reply 1 announcement #3", "stop #2",
                ])
            #expect(!machine.speech(.stopped(2, resumePosition: 0)).contains { $0.hasPrefix("play") })
            _ = machine.speech(.started(3))
            #expect(machine.speech(.finished(3)) == ["play lane_pulses", "quiet"])
            #expect(!machine.speech(.finished(3)).contains { $0.hasPrefix("play") }, "a late event plays nothing")
            // A line that fails, or is cancelled before it is heard, takes its sound with it.
            _ = machine.run(.request(game, Self.setting("speed_warning", "sound")))
            _ = machine.speech(.started(4))
            #expect(!machine.speech(.failed(4, reason: "no sound")).contains { $0.hasPrefix("play") })
            _ = machine.run(.request(game, Self.setting("speed_warning", "both")))
            #expect(
                !machine.trace(.request(game, .cancel(scope: nil, allClients: false))).contains { $0.hasPrefix("play") }
            )
            _ = machine.speech(.stopped(5, resumePosition: 0))
            #expect(machine.conductor.soundsAfterSpeech.isEmpty, "every waiting sound is let go once its line ends")
        }
    ]

    /// The settings screen's `setting` event for `name` set to `value`, as RetroRacing sends it.
    static func setting(_ name: String, _ value: String) -> Request {
        .event(
            type: "setting",
            fields: [
                .init("setting", .string(name)), .init("value", .string(value)), .init("origin", .string("chosen")),
                .init("effective", .string(value)), .init("left", .bool(true)), .init("middle", .bool(true)),
                .init("right", .bool(true)), .init("lane", .integer(1)), .init("safe", .bool(true)),
                .init("stereo", .bool(false)),
            ])
    }
}
