import Logging
import NarratorAudio
import NarratorSpeech
import NarratorSpeechDispatcher
import NarratorTestSupport
import NarratorVoice

/// The two speech backends side by side, in one run, on one private PulseAudio: Narrator's own
/// espeak-ng (through its mixer) and a private speech-dispatcher with its espeak-ng module (Debian's
/// stock module settings), each behind its own in-process daemon, measured in turn with the same
/// client and the same monitor recorder.
///
/// "Old speech silent" cannot be found sample by sample as `interrupt` finds it: speech-dispatcher's
/// samples are out of reach, and its recordings differ from run to run by a few units (and a second
/// stream on the sink changes Narrator's too). So each backend first speaks the long text alone, as a
/// reference; in a cut recording, the old speech fell silent at the first 1 ms at or after the high
/// event's write where the recording is silent (every sample within +-8) while the reference, at the
/// same offset from the first audible sample, was sounding (a sample above 250 within 3 ms). 1 ms, because espeak-ng's new announcement follows its cut
/// within a few ms. The onsets align only to a few samples (a pitch period when a run's first
/// sample above 500 moves), so a pause of the text near the cut is sometimes taken for it: the
/// tails of these figures are less sure than their medians. A pause of the text itself is silent in
/// both and is passed over. "New speech audible" is the first sample above 500 after that.
extension DaemonBench.Measurement {
    func backends() async throws {
        let side = try SpeechDispatcherBeside(engine: engine, logger: logger)
        defer { side.stop() }
        let (recorder, dispatcher, mixer) = (side.recorder, side.dispatcher, side.mixer)
        let dispatcherSpeaker = try SpeechDispatcherSpeaker(
            address: dispatcher.address, autospawn: false, logger: logger)
        defer { dispatcherSpeaker.close() }
        let backends: [(name: String, speaker: any Speaker)] = [
            ("espeak", EngineSpeaker(engine: engine, sink: mixer.speech)), ("speechd", dispatcherSpeaker),
        ]
        var daemons: [DaemonBench.InProcessDaemon] = []
        for backend in backends {
            daemons.append(try await .start(speaker: backend.speaker, sounds: mixer, logger: logger))
        }
        let sockets = daemons.map(\.socket)
        let count = count
        let results = try await DaemonBench.onOwnThread {
            try Self.sideBySide(sockets: sockets, recorder: recorder, count: count)
        }
        for daemon in daemons { await daemon.stop() }
        for (backend, result) in zip(backends, results) {
            print("[\(backend.name)] event written -> first sample above 500: \(result.audible.millisecondsSummary())")
            print("[\(backend.name)] event written -> first sample above 250: \(result.quiet.millisecondsSummary())")
            print("[\(backend.name)] high event written -> old speech silent: \(result.silent.millisecondsSummary())")
            print(
                "[\(backend.name)] high event written -> new speech audible: \(result.newAudible.millisecondsSummary())"
            )
            print("[\(backend.name)] \(result.unplaced) cuts could not be placed")
        }
    }

    struct BackendResult {
        var audible: Distribution
        var quiet: Distribution
        var silent: Distribution
        var newAudible: Distribution
        var unplaced: Int
    }

    /// References first, then `count` rounds; each round measures every backend in turn.
    private static func sideBySide(sockets: [String], recorder: MonitorRecorder, count: Int) throws -> [BackendResult] {
        let say = #"{"type":"say","text":"\#(longText)","priority":"default"}"#
        let warning = #"{"type":"level_change_imminent","active":true}"#
        let clients = try sockets.map { try DaemonBench.Client(socket: $0, subscribe: true) }
        let references = try clients.map { try reference(say, $0, recorder) }
        var audible = Array(repeating: [Double](), count: clients.count)
        var quiet = audible
        var silent = audible
        var newAudible = audible
        var unplaced = Array(repeating: 0, count: clients.count)
        for round in 0..<count {
            for (index, client) in clients.enumerated() {
                // Event -> audible: one of the game events, alone.
                if let before = recorder.afterSilence() {
                    let (reply, written, _) = try client.request(DaemonBench.events[round % DaemonBench.events.count])
                    if let heard = recorder.firstSound(after: before),
                        let soft = recorder.firstSound(after: before, above: MonitorRecorder.halvedAudible)
                    {
                        audible[index].append((heard.arrival - written).milliseconds)
                        quiet[index].append((soft.arrival - written).milliseconds)
                    }
                    try client.waitForEnd(of: String(try reply.announcement()))
                }
                // High -> old speech silent: the long text cut 0.2-0.4 s in by the warning.
                guard let before = recorder.afterSilence() else { continue }
                let old = try client.request(say).reply.announcement()
                guard let onset = recorder.firstSound(after: before)?.index else { continue }
                recorder.waitForSamples(onset + 4410 + (round % 10) * 441)
                let requestedAt = recorder.count
                let (reply, written, _) = try client.request(warning)
                try client.waitForEnd(of: String(old))
                try client.waitForEnd(of: String(try reply.announcement()))
                guard let end = recorder.afterSilence() else { continue }
                let cut = EnvelopeCut.locate(
                    recording: recorder.samples(in: onset..<end), reference: references[index],
                    requestedAt: requestedAt - onset)
                guard let cut, let silentAt = recorder.arrival(ofSample: onset + cut.silent),
                    let heardAt = recorder.arrival(ofSample: onset + cut.audible)
                else {
                    unplaced[index] += 1
                    continue
                }
                silent[index].append((silentAt - written).milliseconds)
                newAudible[index].append((heardAt - written).milliseconds)
            }
        }
        return clients.indices.map {
            BackendResult(
                audible: Distribution(audible[$0]), quiet: Distribution(quiet[$0]), silent: Distribution(silent[$0]),
                newAudible: Distribution(newAudible[$0]), unplaced: unplaced[$0])
        }
    }

    /// Where, in a recording that starts at its first audible sample, the old speech fell silent and
    /// the new speech became audible.
    enum EnvelopeCut {
        static func locate(recording: [Int16], reference: [Int16], requestedAt: Int) -> (silent: Int, audible: Int)? {
            guard let referenceOnset = reference.firstIndex(where: { abs(Int($0)) > 500 }) else { return nil }
            var run = 0
            var index = max(0, requestedAt)
            while index < recording.count {
                run = abs(Int(recording[index])) <= 8 ? run + 1 : 0
                index += 1
                guard run == 22 else { continue }
                let start = index - run
                // The reference was sounding during the same 3 ms: this silence is not the text's own.
                let at = referenceOnset + start
                guard at + 66 <= reference.count else { return nil }
                if reference[at..<(at + 66)].contains(where: { abs(Int($0)) > 250 }) {
                    guard let audible = recording[start...].firstIndex(where: { abs(Int($0)) > 500 }) else {
                        return nil
                    }
                    return (start, audible)
                }
            }
            return nil
        }
    }

    /// What `line` sounds like alone, from the silence before it to the silence after it.
    private static func reference(_ line: String, _ client: DaemonBench.Client, _ recorder: MonitorRecorder) throws
        -> [Int16]
    {
        guard let before = recorder.afterSilence() else { throw DaemonBench.BenchFailure("no silence before \(line)") }
        let id = try client.request(line).reply.announcement()
        try client.waitForEnd(of: String(id))
        guard let end = recorder.afterSilence() else { throw DaemonBench.BenchFailure("no silence after \(line)") }
        return recorder.samples(in: before..<end)
    }
}
