import NarratorAudio
import NarratorSpeech
import NarratorTestSupport

extension DaemonBench.Measurement {
    /// A long default announcement (`say`, 5.4 s of speech) -> the high `level_change_imminent` warning.
    ///
    /// The warning follows the cut within milliseconds, so "old audio silent" cannot be found as a
    /// stretch of silence. The daemon's sink is a tee: the mixer's speech channel plus a memory sink
    /// that keeps the very samples the engine wrote for each announcement; the mixer writes speech
    /// alone unchanged, and so does the null sink. So the recording is,
    /// sample for sample, the old announcement's samples up to the cut, then silence, then
    /// the new announcement's. The old audio stopped at the first recorded
    /// sample that differs from the old announcement's; the new audio is audible at its first
    /// sample above 500 (-36 dBFS), found where the new announcement's samples start in the recording.
    func interrupt() async throws {
        let copy = MemorySink()
        let count = count
        let result = try await withDaemonOnPulse(copy: copy) { socket, recorder, _ in
            let client = try DaemonBench.Client(socket: socket, subscribe: true)
            let say = #"{"type":"say","text":"\#(Self.longText)","priority":"default"}"#
            var cuts = Cuts()
            for index in 0..<count {
                guard let before = recorder.afterSilence() else { continue }
                let old = try client.request(say).reply.announcement()
                guard let onset = recorder.firstSound(after: before)?.index else { continue }
                // Interrupt 0.2-0.4 s into the recorded speech, at a varying point.
                recorder.waitForSamples(onset + 4410 + (index % 10) * 441)
                let requestedAt = recorder.count
                let (reply, written, _) = try client.request(#"{"type":"level_change_imminent","active":true}"#)
                let new = try reply.announcement()
                try client.waitForEnd(of: String(old))
                try client.waitForEnd(of: String(new))
                guard let end = recorder.afterSilence() else { continue }
                cuts.add(
                    Cut(
                        recording: recorder.samples(in: onset..<end), old: copy.asMixed(old),
                        new: copy.asMixed(new), requestedAt: requestedAt - onset),
                    written: written, arrival: { recorder.arrival(ofSample: onset + $0) })
            }
            return cuts
        }
        print("old announcement: \(Distribution.fixed(result.oldSeconds, 2)) s of audio, cut 0.2-0.4 s in")
        print("high event written -> old stream cut: \(Distribution(result.departed).millisecondsSummary())")
        print("high event written -> old audio silent: \(Distribution(result.stopped).millisecondsSummary())")
        print("high event written -> new audio audible: \(Distribution(result.audible).millisecondsSummary())")
        print(
            "high event written -> new audio above 250: "
                + Distribution(result.audibleUnhalved).millisecondsSummary())
        print("on the device, old silent -> new audible: \(Distribution(result.gaps).millisecondsSummary())")
        print(
            "of which the new announcement's own lead-in (its samples before the first above 500): "
                + "\(Distribution(result.leadIns).millisecondsSummary())")
        print(
            "\(result.inPause) cuts fell in exact silence of the old text (not placed); "
                + "\(result.unmatched) recordings were not the two announcements' samples")
    }

    /// The measured cuts, in milliseconds from the high event's write.
    struct Cuts: Sendable {
        /// When the recording stopped being the old announcement's samples.
        var departed: [Double] = []
        var stopped: [Double] = []
        var audible: [Double] = []
        /// To the new audio's first sample above 250: where the engine's samples pass 500.
        var audibleUnhalved: [Double] = []
        var gaps: [Double] = []
        var leadIns: [Double] = []
        var inPause = 0
        var unmatched = 0
        /// Length of the old announcement's audio, as the engine wrote it.
        var oldSeconds = 0.0

        mutating func add(_ cut: Cut, written: ContinuousClock.Instant, arrival: (Int) -> ContinuousClock.Instant?) {
            oldSeconds = Double(cut.old.count) / Double(PrivatePulseAudio.sampleRate)
            guard let (departure, silent, start) = cut.locate(), let heardAt = arrival(start) else {
                unmatched += 1
                return
            }
            audible.append((heardAt - written).milliseconds)
            if let lead = cut.new.firstIndex(where: { abs(Int($0)) > 500 }),
                let quietLead = cut.new.firstIndex(where: { abs(Int($0)) > Int(MonitorRecorder.halvedAudible) }),
                let quietAt = arrival(start - (lead - quietLead))
            {
                leadIns.append(Double(lead) * 1000 / Double(PrivatePulseAudio.sampleRate))
                audibleUnhalved.append((quietAt - written).milliseconds)
            }
            guard let silent, let silentAt = arrival(silent), let departedAt = arrival(departure) else {
                inPause += 1
                return
            }
            departed.append((departedAt - written).milliseconds)
            stopped.append((silentAt - written).milliseconds)
            gaps.append(Double(start - silent) * 1000 / Double(PrivatePulseAudio.sampleRate))
        }
    }

    /// One recording of a cut, from the old announcement's first audible sample, with the samples
    /// the engine wrote for the old and the new announcement.
    struct Cut {
        /// Exact zeros for this long (1 ms) are the flushed device, not a zero crossing.
        static let silentRun = 22

        let recording: [Int16]
        let old: [Int16]
        let new: [Int16]
        /// How much of `recording` had arrived when the high event was written.
        let requestedAt: Int

        /// Where, in the recording, the old announcement's samples end (the cut), where the old audio fell silent (nil when the cut fell in a stretch of
        /// exact silence of the old text, where it cannot be placed) and where the new audio's first
        /// audible sample is. Nil when the recording is not made of the two announcements' samples.
        func locate() -> (departure: Int, silent: Int?, audible: Int)? {
            guard let oldOnset = old.firstIndex(where: { abs(Int($0)) > 500 }),
                let newOnset = new.firstIndex(where: { abs(Int($0)) > 500 })
            else { return nil }
            let played = old[oldOnset...]
            // Until the cut the recording is the old announcement's samples, and so at least until
            // the request. The new announcement's samples follow, whole.
            let length = min(recording.count, played.count)
            let departure = (0..<length).first { recording[$0] != played[oldOnset + $0] } ?? length
            let probe = new[newOnset..<min(new.count, newOnset + 220)]
            guard departure >= requestedAt,
                let start = (departure..<max(departure, recording.count - probe.count)).first(where: {
                    recording[$0..<($0 + probe.count)].elementsEqual(probe)
                })
            else { return nil }
            if departure > 0 && recording[departure - 1] == 0 { return (departure, nil, start) }
            // The flush leaves exact zeros; up to ~5 ms of the old stream may come before them (the
            // null sink re-renders what it had mixed ahead). Silent is where the zeros begin, or the
            // new audio's start when it follows with no gap.
            var run = 0
            for index in departure..<start {
                run = recording[index] == 0 ? run + 1 : 0
                if run == Self.silentRun { return (departure, index + 1 - run, start) }
            }
            return (departure, start, start)
        }
    }
}
