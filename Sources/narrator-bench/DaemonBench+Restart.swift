import NarratorAudio
import NarratorSpeech
import NarratorSystem
import NarratorTestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension DaemonBench.Measurement {
    /// The synthesis child killed (SIGKILL) 0.2-0.4 s into a long default announcement, and a
    /// low announcement written at that moment: kill -> the next announcement's first audible sample.
    /// The announcement is long (about two minutes of speech) so the child is still synthesizing it
    /// when it is killed (it waits for the mixer's 10 s queue); a shorter one is synthesized whole
    /// within milliseconds, and the child would be killed idle.
    /// The recording is located as in `interrupt` (a tee keeps the samples the engine wrote): the
    /// old announcement's samples up to the loss, silence, then the new one's.
    /// Queued behind the killed announcement: low waits for default speech (a default would cut it).
    static let next = #"{"type":"say","text":"Crash! Two lives left.","priority":"low"}"#

    func restart() async throws {
        guard engine.synthesizerProcessID != nil else {
            throw DaemonBench.BenchFailure("restart measures the engine in a child: use --synthesizer child")
        }
        let copy = MemorySink()
        let count = count
        let engine = engine
        let result = try await withDaemonOnPulse(copy: copy) { socket, recorder, _ in
            let client = try DaemonBench.Client(socket: socket, subscribe: true)
            let long = Array(repeating: Self.longText, count: 20).joined(separator: " ")
            let say = #"{"type":"say","text":"\#(long)","priority":"default"}"#
            var cuts = Cuts()
            var outcomes: [String: Int] = [:]
            for index in 0..<count {
                guard let before = recorder.afterSilence() else { continue }
                let old = try client.request(say).reply.announcement()
                guard let onset = recorder.firstSound(after: before)?.index, let pid = engine.synthesizerProcessID
                else { continue }
                recorder.waitForSamples(onset + 4410 + (index % 10) * 441)
                let requestedAt = recorder.count
                let killed = ContinuousClock.now
                try? ChildSpawner.send(SIGKILL, to: pid)
                let new = try client.request(Self.next).reply.announcement()
                outcomes[try client.waitForEnd(of: String(old)), default: 0] += 1
                try client.waitForEnd(of: String(new))
                guard let end = recorder.afterSilence() else { continue }
                cuts.add(
                    Cut(
                        recording: recorder.samples(in: onset..<end), old: copy.asMixed(old),
                        new: copy.asMixed(new), requestedAt: requestedAt - onset),
                    written: killed, arrival: { recorder.arrival(ofSample: onset + $0) })
            }
            return (cuts, outcomes)
        }
        print("the killed announcements ended: \(result.1.sorted { $0.key < $1.key })")
        print("child killed -> its audio silent: \(Distribution(result.0.stopped).millisecondsSummary())")
        print("child killed -> next announcement audible: \(Distribution(result.0.audible).millisecondsSummary())")
        print(
            "\(result.0.inPause) kills fell in exact silence (not placed); "
                + "\(result.0.unmatched) recordings were not the two announcements' samples")
        print("children started: \(engine.synthesizerStarts)")
    }
}
