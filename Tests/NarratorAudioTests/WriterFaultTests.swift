import NarratorVoice
import PropertyBased
import Testing

@testable import NarratorAudio

/// The writer against a sound server in memory that fails any call at any time, stalls, dies and
/// comes back, holds back what it has, and reports odd sink latencies, over random sequences. For
/// every sequence: every utterance ends exactly once; `finished` only when every one of its samples
/// was played; and once the server behaves again, the next utterance is played to its end.
@Suite("The writer under random faults")
struct WriterFaultTests {
    /// One random step of a sequence, from a code.
    static func step(_ code: UInt32, _ simulation: inout WriterSimulation) {
        let rate = WriterSimulation.rate
        switch code % 16 {
        case 0...4: simulation.say(frames: rate / 10 + Int(code >> 4) % (rate * 2))
        case 5: simulation.interrupt()
        case 6: simulation.server.failing += 1 + Int(code >> 4) % 3
        case 7: simulation.server.stalling += 1 + Int(code >> 4) % 4
        case 8: simulation.server.dead = true
        case 9:
            let cases = FakeServer.Latency.allCases
            simulation.server.latency = cases[Int(code >> 4) % cases.count]
        case 10: simulation.server.startAt = [1, 220, 441, 2048, 8192][Int(code >> 4) % 5]
        default: break
        }
        simulation.run(for: .milliseconds(Int64(code >> 8) % 900))
    }

    /// The server behaves from now on: no faults, a small sink latency, playing what it gets.
    static func heal(_ simulation: inout WriterSimulation) {
        simulation.server.failing = 0
        simulation.server.stalling = 0
        simulation.server.dead = false
        simulation.server.latency = .small
        simulation.server.startAt = 1
    }

    @Test("Every utterance ends once, finished only when played whole, and after the faults the next is heard")
    func randomFaults() async {
        // Found by this test (shrunk): a stalled write whose slice was mixed but never heard, and
        // the utterance finished 220 samples short.
        var replay = WriterSimulation()
        for code: UInt32 in [0, 0, 256, 5_955_495, 0] { Self.step(code, &replay) }
        Self.heal(&replay)
        replay.run(for: .seconds(12))
        #expect(replay.endings[1] != [.played] || replay.heardSamples(of: 1) == 2205)

        await propertyCheck(count: 120, input: Gen.uint32().array(of: 5...60)) { codes in
            var simulation = WriterSimulation()
            for code in codes { Self.step(code, &simulation) }
            // Let whatever is in flight end (the longest it can take: stalls, the deadline).
            Self.heal(&simulation)
            simulation.run(for: .seconds(12))
            let before = simulation.speakingNow
            #expect(before == nil, "utterance \(before ?? 0) never ended")
            // The next utterance, on a server that behaves, is played to its end.
            simulation.say(frames: WriterSimulation.rate / 2)
            simulation.run(for: .seconds(3))
            let last = simulation.endings.keys.max() ?? 0
            #expect(simulation.endings[last] == [.played], "after the faults: \(simulation.endings[last] ?? [])")
            #expect(simulation.heardSamples(of: last) == WriterSimulation.rate / 2)

            for (id, told) in simulation.endings {
                #expect(told.count == 1, "utterance \(id) was told \(told)")
                // Its deadline (its audio, the largest lead, the grace), and a device call that stalls.
                let length = Duration.microseconds((simulation.lengths[id] ?? 0) * 1_000_000 / WriterSimulation.rate)
                let bound = length + .milliseconds(250) + Mixer.speechGrace + .milliseconds(1100)
                #expect(
                    simulation.spans[id].map { $0 <= bound } == true,
                    "utterance \(id) of \(length) took \(simulation.spans[id].map(String.init(describing:)) ?? "for ever")"
                )
                if told.first == .played {
                    #expect(
                        simulation.heardSamples(of: id) == simulation.lengths[id],
                        "utterance \(id) finished with \(simulation.heardSamples(of: id)) of \(simulation.lengths[id] ?? 0) played"
                    )
                }
            }
            #expect(simulation.endings.count == simulation.lengths.count, "an utterance never ended")
        }
    }

    /// Guards the generator: the random runs do reach every ending, and losses and recoveries.
    @Test("Random runs reach every ending: played, interrupted and failed")
    func runsReachEveryEnding() async {
        var seen: Set<String> = []
        await propertyCheck(count: 40, input: Gen.uint32().array(of: 30...60)) { codes in
            var simulation = WriterSimulation()
            for code in codes { Self.step(code, &simulation) }
            for told in simulation.endings.values.joined() {
                switch told {
                case .played: seen.insert("played")
                case .interrupted: seen.insert("interrupted")
                case .failed: seen.insert("failed")
                }
            }
        }
        #expect(seen == ["played", "interrupted", "failed"])
    }
}
