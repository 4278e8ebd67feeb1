import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

extension ConductorRule {
    /// Where speech and sounds are heard (docs/AUDIO.md, "Placing sounds").
    static let placement: [ConductorRule] = [
        ConductorRule(
            id: "C23",
            rule:
                "A request's `pan` (a `say`'s, a `play`'s or an event's field) places its speech and the parts of its sound the book does not place; the centre without one; a mono output places nothing"
        ) {
            var machine = MachineHarness(channels: 2)
            let game = machine.connect(1)
            // A play at the left: every frame's right sample is silent, the left one sounds.
            let left = machine.run(.request(game, .play(sound: "speed_up", arguments: [.init("pan", .integer(-1))])))
            let (leftEar, rightEar) = Self.ears(left)
            #expect(leftEar > 0 && rightEar == 0, "left \(leftEar), right \(rightEar)")
            #expect(MachineTrace.line(left[0]) == "reply 1 sound speed_up", "the length is the sound's, in frames")
            guard case .reply(_, .sound(_, let milliseconds)) = left[0] else { return }
            #expect(milliseconds == 283)
            // Without a pan, the centre: both ears alike.
            let centre = Self.ears(machine.run(.request(game, .play(sound: "speed_up", arguments: []))))
            #expect(centre.left == centre.right && centre.left > 0)
            // The book's own places win over the request's: the left lane note stays left.
            let note = machine.run(
                .request(
                    game,
                    .play(sound: "lane_left", arguments: [.init("stereo", .bool(true)), .init("pan", .integer(1))])))
            #expect(Self.ears(note).right == 0 && Self.ears(note).left > 0)
            // An event's pan places its sound (the move cue from the lane moved into) and its speech.
            let moved = machine.run(
                .request(
                    game,
                    .event(
                        type: "moved",
                        fields: [
                            .init("lane", .integer(2)), .init("safe", .bool(true)), .init("cues", .string("lane")),
                            .init("pan", .integer(1)),
                        ])))
            #expect(Self.ears(moved).left == 0 && Self.ears(moved).right > 0)
            let said = machine.run(.request(game, .say(.init(.text("Left"), pan: Pan(-0.5)))))
            guard case .speak(let request)? = said.last else {
                Issue.record("no speech: \(said.map(MachineTrace.line))")
                return
            }
            #expect(request.pan == Pan(-0.5))
            // A mono output places nothing: the sound is one channel, as rendered.
            var mono = MachineHarness()
            let client = mono.connect(1)
            let flat = mono.run(.request(client, .play(sound: "lane_left", arguments: [.init("stereo", .bool(true))])))
            guard case .play(_, let samples, _, _)? = flat.last else { return }
            #expect(samples.count == 662)
        }
    ]

    /// What the output reports of its channels (docs/AUDIO.md, "The downmix"): a stereo PulseAudio
    /// stream that found its sink mono mixes in one channel, and sounds are rendered so.
    static let layout = ConductorRule(
        id: "C28",
        rule:
            "Sounds are rendered in the output's channels as it last reported them: one that reports a mono sink gets them unplaced, in one channel, placed again once it reports stereo; an older report changes nothing"
    ) {
        var machine = MachineHarness(channels: 2)
        let game = machine.connect(1, subscribe: .own)
        let left = Request.play(sound: "lane_left", arguments: [.init("stereo", .bool(true))])
        func played(_ machine: inout MachineHarness) -> (channels: Int, frames: Int, right: Double) {
            let actions = machine.run(.request(game, left))
            guard case .play(_, let samples, let channels, _)? = actions.last else { return (0, 0, 0) }
            return (channels, samples.count / channels, channels == 2 ? Self.ears(actions).right : -1)
        }
        #expect(played(&machine) == (2, 662, 0), "placed at the left, in stereo")
        func report(_ channels: Int, at milliseconds: Int) -> ConductorInput {
            var status = OutputStatus(
                output: "pulse", since: MachineHarness.start.advanced(by: .milliseconds(milliseconds)))
            status.channels = channels
            return .output(status)
        }
        machine.milliseconds = 10
        // Not a change of condition: nobody is told, and the next sound is one channel, unplaced.
        #expect(!machine.trace(report(1, at: 10)).contains { $0.hasPrefix("notify") })
        #expect(played(&machine) == (1, 662, -1))
        // A report older than the last is stale.
        machine.run(report(2, at: 5))
        #expect(played(&machine).channels == 1)
        machine.milliseconds = 20
        machine.run(report(2, at: 20))
        #expect(played(&machine) == (2, 662, 0), "placed again")
    }

    /// The energy of the left and right samples of the sound an action list plays.
    static func ears(_ actions: [ConductorAction]) -> (left: Double, right: Double) {
        guard case .play(_, let samples, _, _)? = actions.first(where: { if case .play = $0 { true } else { false } })
        else { return (0, 0) }
        var energy = (left: 0.0, right: 0.0)
        for frame in 0..<(samples.count / 2) {
            energy.left += Double(samples[2 * frame]) * Double(samples[2 * frame])
            energy.right += Double(samples[2 * frame + 1]) * Double(samples[2 * frame + 1])
        }
        return energy
    }
}
