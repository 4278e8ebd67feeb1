import NarratorTestSupport

/// The balance a player hears at default settings: how loud RetroRacing's lane notes are beside its
/// speech, recorded from the monitor of a private PulseAudio the daemon in this process plays into
/// (PulseBench's setup). Nothing is set: the client sends no `hello` and no `set`, so speech and
/// sounds are at the daemon's built-in volumes, as a game that leaves them to the player gets them.
///
/// Speech: the shipped map's score, crash and level-up lines (`DaemonBench.events`), each recorded
/// from 100 ms of silence before it to 100 ms of silence after its end. Notes: `lanes_ahead` in the
/// default cue mode (lane pulses) for each row with one or two safe lanes, placed as the game places
/// them by default (`"stereo": true`: the left lane's note on the left). The sink and its recording
/// are stereo; loudness is the RMS over the sounding 10 ms windows of both channels together (their
/// power summed, so a note at a side measures as at the centre: `Loudness.soundingRMS` over the
/// interleaved samples, gated within 30 dB of each clip's loudest), in dB of full scale; the balance
/// is the notes' figure less the speech's.
extension DaemonBench.Measurement {
    /// Every row ahead with one or two safe lanes, as `lanes_ahead` events in the default cue mode.
    static let laneRows = [
        (true, false, false), (false, true, false), (false, false, true), (true, true, false), (true, false, true),
        (false, true, true),
    ].map { row in
        #"{"type":"lanes_ahead","cues":"pulses","stereo":true,"left":\#(row.0),"middle":\#(row.1),"right":\#(row.2)}"#
    }

    func balance() async throws {
        let rate = PrivatePulseAudio.sampleRate
        let rounds = count
        let (speech, notes) = try await withDaemonOnPulse(channels: 2) { socket, recorder, _ in
            let client = try DaemonBench.Client(socket: socket, subscribe: true)
            var speech: [[Int16]] = []
            var notes: [[Int16]] = []
            for _ in 0..<rounds {
                for event in DaemonBench.events {
                    guard let before = recorder.afterSilence() else { continue }
                    let id = try client.request(event).reply.announcement()
                    try client.waitForEnd(of: String(id))
                    guard let clip = recorder.clip(after: before) else { continue }
                    speech.append(clip)
                }
                for row in Self.laneRows {
                    guard let before = recorder.afterSilence() else { continue }
                    _ = try client.request(row)
                    guard let clip = recorder.clip(after: before) else { continue }
                    notes.append(clip)
                }
            }
            return (speech, notes)
        }
        // Interleaved stereo: a 10 ms window of the gate is 2 × rate / 100 samples.
        let speechLevel = Loudness.decibels(Loudness.soundingRMS(speech, sampleRate: 2 * rate))
        let notesLevel = Loudness.decibels(Loudness.soundingRMS(notes, sampleRate: 2 * rate))
        let sides = Self.sides(notes)
        let format = { (value: Double) in Distribution.fixed(value, 1) }
        print(
            "speech (\(speech.count) lines: score, crash, level-up), RMS over sounding 10 ms windows: "
                + "\(format(speechLevel)) dBFS, peak \(format(Loudness.decibels(Double(Loudness.peak(speech))))) dBFS")
        print(
            "lane notes (\(notes.count) rows of lane pulses, 1 or 2 safe lanes), same measure: "
                + "\(format(notesLevel)) dBFS, peak \(format(Loudness.decibels(Double(Loudness.peak(notes))))) dBFS")
        print("notes - speech: \(format(notesLevel - speechLevel)) dB (the target: within 3 dB either way)")
        print(
            "lane notes' channels: left \(format(Loudness.decibels(sides.left))) dBFS, right "
                + "\(format(Loudness.decibels(sides.right))) dBFS (RMS over every sample)")
    }

    /// The RMS of the left and of the right samples of interleaved stereo clips.
    static func sides(_ clips: [[Int16]]) -> (left: Double, right: Double) {
        let left = clips.map { clip in stride(from: 0, to: clip.count, by: 2).map { clip[$0] } }
        let right = clips.map { clip in stride(from: 1, to: clip.count, by: 2).map { clip[$0] } }
        return (Loudness.rms(left), Loudness.rms(right))
    }
}

extension MonitorRecorder {
    /// The recording from `before` to the end of the next sound: its first audible sample, then
    /// 100 ms of silence (nil when nothing was heard within 10 s).
    func clip(after before: Int) -> [Int16]? {
        guard let onset = waitForSound(after: before),
            let end = waitForSilence(after: onset, length: Self.quietBeforePhrase * channels)
        else { return nil }
        return samples(in: before..<(end / channels * channels))
    }
}
