import NarratorTestSupport
import Testing

@testable import NarratorAudio

/// W21 in memory: the graph cycle PipeWire's pulse server holds our audio for, learnt from the
/// read index's steps. Through a real PipeWire: LatencyTruthTests.
@Suite("The graph cycle learnt from the read index")
struct GraphCycleTests {
    /// Measures at these read indices, each with `queued` frames after it.
    static func cycle(_ readIndices: [Int64], queued: Int = 2000) -> GraphCycle {
        var cycle = GraphCycle()
        for index in readIndices { cycle.measure(readIndex: index, queued: queued) }
        return cycle
    }

    @Test("W21: the cycle is the common divisor of the steps the read index took over queued audio")
    func divisorOfTheSteps() {
        #expect(Self.cycle([]).frames == 0)
        #expect(Self.cycle([1000]).frames == 0)
        #expect(Self.cycle([1000, 1192]).frames == 192)
        #expect(Self.cycle([1000, 1192, 1448]).frames == 64)
        #expect(Self.cycle([1000, 1000, 1192, 1448, 1448]).frames == 64, "a measure without a step changes nothing")
    }

    @Test("W21: a step over audio that was not queued at the measure before does not count")
    func partialReadsDoNotCount() {
        var cycle = Self.cycle([1000, 1256])
        #expect(cycle.frames == 256)
        // A whole cycle that left 30 frames; the next took them and 10 of the next write's.
        cycle.measure(readIndex: 1512, queued: 30)
        cycle.measure(readIndex: 1552, queued: 500)
        #expect(cycle.frames == 256)
        cycle.measure(readIndex: 1808, queued: 500)
        #expect(cycle.frames == 256)
    }

    @Test("W21: a flush moves the read index where no cycle took it: the next step starts at the next measure")
    func aFlushStartsOver() {
        var cycle = Self.cycle([1000, 1128, 1256])
        #expect(cycle.frames == 128)
        cycle.flushed()
        cycle.measure(readIndex: 1911, queued: 800)
        #expect(cycle.frames == 128)
        cycle.measure(readIndex: 2039, queued: 800)
        #expect(cycle.frames == 128)
    }

    @Test("W21: the cycle follows a new quantum within the steps it remembers")
    func followsANewQuantum() {
        var index: Int64 = 0
        var cycle = GraphCycle()
        cycle.measure(readIndex: index, queued: 5000)
        for _ in 0..<GraphCycle.remembered {
            index += 64
            cycle.measure(readIndex: index, queued: 5000)
        }
        #expect(cycle.frames == 64)
        for _ in 0..<GraphCycle.remembered {
            index += 512
            cycle.measure(readIndex: index, queued: 5000)
        }
        #expect(cycle.frames == 512)
    }

    @Test("W21: over random runs of whole cycles, one of them a single cycle, the cycle found is the quantum")
    func randomRuns() {
        var random = SeededGenerator(seed: 21)
        for run in 0..<500 {
            let quantum = [32, 64, 128, 256, 512, 1024].randomElement(using: &random)!
            let count = Int.random(in: 1...GraphCycle.remembered, using: &random)
            var steps = (0..<count).map { _ in Int.random(in: 1...4, using: &random) }
            steps[Int.random(in: 0..<count, using: &random)] = 1
            var index = Int64.random(in: 0...100_000, using: &random)
            var cycle = GraphCycle()
            cycle.measure(readIndex: index, queued: 5 * quantum)
            for step in steps {
                index += Int64(step * quantum)
                cycle.measure(readIndex: index, queued: 5 * quantum)
            }
            #expect(cycle.frames == quantum, "run \(run): quantum \(quantum), steps \(steps)")
        }
    }
}
