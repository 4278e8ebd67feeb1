import NarratorAudio
import NarratorCore
import NarratorJSON
import NarratorLocalization
import NarratorServer
import NarratorTestSupport
import NarratorVoice
import NarratorWire

/// Play request written -> the earcon audible on the monitor, through the daemon in this process
/// and its mixer on a private PulseAudio (PulseBench's setup and rules: 100 ms of recorded silence
/// before each request, audible = a sample above 500, times are parec delivery times).
///
/// The sound is the shipped `lane_chord` with all three lanes: C5, E5 and G5 together, 70 ms.
/// Three cases:
/// - nothing sounding and the device open (requests under 3 s apart, the mixer keeps an idle
///   PulseAudio stream that long): the main figure;
/// - nothing sounding for over 3 s, so the mixer has closed the stream and opens it again;
/// - during speech, 0.2-0.4 s into a long `say`. The daemon's speech sink is a tee to a memory
///   sink, so the samples the mixer was given are known; the mixer adds speech and the chord and
///   limits the sum (`Limiter`), and the null sink plays it unchanged, so the recording is exactly
///   the speech up to the slice where the chord starts, then the limiter's output for speech plus
///   chord from there, slice by slice. Where the chord starts is found that way, sample for sample;
///   it is audible at its first sample above 500, the same rule as from idle.
extension DaemonBench.Measurement {
    static let chordRequest = #"{"type":"play","sound":"lane_chord","left":true,"middle":true,"right":true}"#

    func earcon() async throws {
        let rate = PrivatePulseAudio.sampleRate
        let chord = try DaemonBench.shippedChord(sampleRate: rate)
        guard let chordOnset = chord.firstIndex(where: { abs(Int($0)) > 500 }) else {
            throw DaemonBench.BenchFailure("lane_chord never rises above 500 as mixed")
        }
        let copy = MemorySink()
        let count = count
        let reopens = max(3, count / 20)
        let result = try await withDaemonOnPulse(copy: copy) { socket, recorder, mixer in
            let client = try DaemonBench.Client(socket: socket, subscribe: true)
            var runs = EarconRuns(chord: chord, chordOnset: chordOnset)
            for index in 0..<(count + reopens) {
                guard let before = recorder.afterSilence() else { continue }
                // Requests meet the device at varying phases of its idle stream: 0-225 ms more
                // silence; past the 3 s idle close (3.5 s from the end of the last sound) for the
                // reopening ones.
                let quiet = index < count ? (index % 10) * rate / 40 : rate * 7 / 2
                recorder.waitForSamples(before + quiet)
                let open = mixer.status.isOpen
                let (_, written, _) = try client.request(Self.chordRequest)
                guard let heard = recorder.firstSound(after: before),
                    recorder.waitForSamples(heard.index + chord.count + rate / 10)
                else { continue }
                let area = recorder.samples(in: before..<(heard.index + chord.count + rate / 10))
                runs.addFromIdle(
                    open: open, latency: (heard.arrival - written).milliseconds, heardAt: heard.index - before,
                    area: area)
            }
            let say = #"{"type":"say","text":"\#(Self.longText)","priority":"default"}"#
            for index in 0..<count {
                guard let before = recorder.afterSilence() else { continue }
                let id = try client.request(say).reply.announcement()
                guard let onset = recorder.firstSound(after: before)?.index else { continue }
                recorder.waitForSamples(onset + rate / 5 + (index % 10) * rate / 50)
                let requestedAt = recorder.count
                let (_, written, _) = try client.request(Self.chordRequest)
                // 300 ms: the chord is long over; then the rest of the phrase is not needed.
                let end = requestedAt + rate * 3 / 10
                recorder.waitForSamples(end)
                _ = try client.request(#"{"type":"cancel"}"#)
                try client.waitForEnd(of: String(id))
                runs.addUnderSpeech(
                    recording: recorder.samples(in: onset..<end), speech: copy.asMixed(id),
                    requestedAt: requestedAt - onset, written: written,
                    arrival: { recorder.arrival(ofSample: onset + $0) })
            }
            return runs
        }
        let attack = Distribution.fixed(Double(chordOnset) * 1000 / Double(rate), 2)
        print("lane_chord (C5+E5+G5, 70 ms) as mixed: first above 500 at sample \(chordOnset) (\(attack) ms in)")
        print("play written -> first audible sample, device open and idle: \(result.open.millisecondsSummary())")
        print("  start of the chord not heard (ms): \(Distribution(result.openLost).millisecondsSummary())")
        print("same, device closed after > 3 s idle (reopened): \(result.reopened.millisecondsSummary())")
        print("  start of the chord not heard (ms): \(Distribution(result.reopenedLost).millisecondsSummary())")
        print("play written -> first audible sample, during speech: \(result.underSpeech.millisecondsSummary())")
        print(
            "\(result.notChord) recordings from idle were not the chord; \(result.unmatched) under speech were "
                + "not the speech plus the chord; \(result.early) chords were heard before their request")
    }

    /// A long default announcement (5.6 s of speech): the interrupt measure cuts it, the earcon
    /// measure plays over it.
    static let longText =
        "The introduction explains the three lanes and how to move between them. Each crash costs a life."
}

extension DaemonBench {
    /// The shipped `lane_chord` with all three lanes, rendered by the profile's sound book as the
    /// daemon renders it.
    static func shippedChord(sampleRate: Int) throws -> [Int16] {
        let (folder, tables) = try InProcessDaemon.shippedProfile()
        let arguments: [String: JSONValue] = ["left": .bool(true), "middle": .bool(true), "right": .bool(true)]
        return try Profile.load(folder: folder, extraTables: tables).sounds.render(
            "lane_chord", arguments: arguments, sampleRate: sampleRate)
    }
}

extension DaemonBench.Measurement {
    /// The earcon latencies, in milliseconds from the play request's write, and what was checked.
    struct EarconRuns: Sendable {
        /// The chord as the mixer plays it alone, and the index of its first sample above 500.
        let chord: [Int16]
        let chordOnset: Int
        var openLatencies: [Double] = []
        var reopenedLatencies: [Double] = []
        var underSpeechLatencies: [Double] = []
        /// How much of the chord's start, up to its first sample above 500, the recording lacks.
        var openLost: [Double] = []
        var reopenedLost: [Double] = []
        var notChord = 0
        var unmatched = 0
        var early = 0

        var open: Distribution { Distribution(openLatencies) }
        var reopened: Distribution { Distribution(reopenedLatencies) }
        var underSpeech: Distribution { Distribution(underSpeechLatencies) }

        /// One chord on a silent device. `area` is the recording from the end of the silence waited
        /// for; the chord must be in it, sample for sample, from 20 ms on (a stream starting from
        /// silence may lose its first milliseconds on the null sink: how many is recorded).
        mutating func addFromIdle(open: Bool, latency: Double, heardAt: Int, area: [Int16]) {
            let probeStart = PrivatePulseAudio.sampleRate / 50
            let probe = chord[probeStart..<(probeStart + 220)]
            let searched = max(0, heardAt - 2 * probeStart)..<max(0, area.count - probe.count)
            guard
                let at = searched.first(where: { area[$0..<($0 + probe.count)].elementsEqual(probe) }),
                area[at..<min(area.count, at + chord.count - probeStart)].elementsEqual(chord[probeStart...])
            else {
                notChord += 1
                return
            }
            let lost = Double(heardAt - (at - probeStart) - chordOnset) * 1000 / Double(PrivatePulseAudio.sampleRate)
            if open {
                openLatencies.append(latency)
                openLost.append(lost)
            } else {
                reopenedLatencies.append(latency)
                reopenedLost.append(lost)
            }
        }

        /// One chord played 0.2-0.4 s into speech. `recording` starts at the speech's first audible
        /// sample; `speech` is the announcement's samples as the engine wrote them. The recording is
        /// aligned with the speech by its first 10 ms; then the chord's start is the one place from
        /// which the mixer's rule (speech plus chord, limited in slices of 10 ms from there) gives
        /// the recording exactly, to its end.
        mutating func addUnderSpeech(
            recording: [Int16], speech: [Int16], requestedAt: Int, written: ContinuousClock.Instant,
            arrival: (Int) -> ContinuousClock.Instant?
        ) {
            let probe = recording.prefix(220)
            // Where the recording starts in the speech: within its first second.
            let candidates = 0..<min(PrivatePulseAudio.sampleRate, max(0, speech.count - recording.count))
            guard probe.count == 220,
                let base = candidates.first(where: { speech[$0..<($0 + probe.count)].elementsEqual(probe) })
            else {
                unmatched += 1
                return
            }
            let alone = Array(speech[base..<(base + recording.count)])
            // Up to the chord, the recording is the speech alone.
            guard let differs = recording.indices.first(where: { recording[$0] != alone[$0] }),
                let start = (max(0, differs - chordOnset - 441)...differs).first(where: {
                    Self.mixes(alone, chord, at: $0, into: recording)
                })
            else {
                unmatched += 1
                return
            }
            let heard = start + chordOnset
            guard let heardAt = arrival(heard) else {
                unmatched += 1
                return
            }
            if heard < requestedAt { early += 1 }
            underSpeechLatencies.append((heardAt - written).milliseconds)
        }

        /// Whether the mixer, with the chord starting at `start` under `speech`, writes `recording`
        /// from there on: speech plus chord, limited slice by slice from a gain of 1 (speech alone
        /// never passes 16 bits, so the limiter stood at 1 until then). Stops at the first slice
        /// that differs.
        static func mixes(_ speech: [Int16], _ chord: [Int16], at start: Int, into recording: [Int16]) -> Bool {
            var limiter = Limiter(sampleRate: PrivatePulseAudio.sampleRate)
            let slice = PrivatePulseAudio.sampleRate / 100
            for sliceStart in stride(from: start, to: recording.count, by: slice) {
                let range = sliceStart..<min(recording.count, sliceStart + slice)
                let sums = range.map { index in
                    Double(speech[index]) + (index - start < chord.count ? Double(chord[index - start]) : 0)
                }
                var out = [Int16](repeating: 0, count: sums.count)
                limiter.limit(sums, into: &out)
                guard out.elementsEqual(recording[range]) else { return false }
            }
            return true
        }
    }
}
