import NarratorAudio
import NarratorServer
import NarratorSpeech
import NarratorTestSupport
import NarratorVoice

/// speech-dispatcher itself and the narrator's SSIP door, side by side in one run on one private
/// PulseAudio: the private speech-dispatcher of the `--speech speechd` tests (its espeak-ng module,
/// Debian's stock settings) and the narrator wired as `narrator serve --ssip` wires it, in this
/// process. Each request is what `spd-say` does: a fresh connection, `CLIENT_NAME`, `LANGUAGE`,
/// `PRIORITY message`, `SPEAK`; each cancel is `spd-say -C`'s: a fresh connection and `CANCEL ALL`.
///
/// Request -> audible: from the connection's start to the first sample above 500 on the monitor.
/// Cancel -> silent: the long text is cancelled 0.3-0.7 s after it became audible; from the
/// cancelling connection's start to the first of 100 ms of samples within +-8 (a pause of the
/// text itself is shorter: it has no punctuation).
extension DaemonBench.Measurement {
    func ssip() async throws {
        let side = try SpeechDispatcherBeside(engine: engine, logger: logger)
        defer { side.stop() }
        let (recorder, dispatcher, mixer) = (side.recorder, side.dispatcher, side.mixer)
        let daemon = try await DaemonBench.InProcessDaemon.start(
            speaker: EngineSpeaker(engine: engine, sink: mixer.speech), sounds: mixer, logger: logger, ssip: true)
        let servers = [
            ("speech-dispatcher", String(dispatcher.address.dropFirst("unix_socket:".count))),
            ("narrator --ssip", daemon.ssipSocket ?? ""),
        ]
        let count = count
        let results = try await DaemonBench.onOwnThread {
            try Self.ssipSideBySide(paths: servers.map(\.1), recorder: recorder, count: count)
        }
        await daemon.stop()
        for ((name, _), result) in zip(servers, results) {
            print("[\(name)] spd-say-style request -> first sample above 500: \(result.audible.millisecondsSummary())")
            print("[\(name)] spd-say -C-style cancel -> silent: \(result.silent.millisecondsSummary())")
        }
        if results.count == 2 {
            print(
                "speech-dispatcher / narrator, medians: request -> audible "
                    + "\(Self.ratio(results[0].audible.median, results[1].audible.median)), cancel -> silent "
                    + "\(Self.ratio(results[0].silent.median, results[1].silent.median))")
        }
    }

    static func ratio(_ a: Double, _ b: Double) -> String {
        let tenths = Int((a / b * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)x"
    }

    struct SSIPResult {
        var audible: Distribution
        var silent: Distribution
    }

    static let ssipText =
        "The narrator and speech dispatcher read this long sentence without a single pause so that the moment "
        + "it falls silent can only be the moment it was cancelled by the listener who asked for silence"

    /// `count` rounds; each measures every server in turn, each from silence.
    private static func ssipSideBySide(paths: [String], recorder: MonitorRecorder, count: Int) throws -> [SSIPResult] {
        var audible = Array(repeating: [Double](), count: paths.count)
        var silent = audible
        for round in 0..<count {
            for (index, path) in paths.enumerated() {
                guard let before = recorder.afterSilence() else { continue }
                let start = ContinuousClock.now
                let client = try SSIPBenchClient(path: path)
                let id = try client.speak("Score \(round * 10), level \(round % 7 + 1).")
                if let heard = recorder.firstSound(after: before) {
                    audible[index].append((heard.arrival - start).milliseconds)
                }
                try client.waitForEnd(of: id)
                guard let quiet = recorder.afterSilence() else { continue }
                let speaker = try SSIPBenchClient(path: path)
                let long = try speaker.speak(ssipText)
                guard let onset = recorder.firstSound(after: quiet)?.index else { continue }
                recorder.waitForSamples(onset + recorder.sampleRate * (3 + round % 5) / 10)
                let cancelledAt = recorder.count
                let cancelStart = ContinuousClock.now
                try SSIPBenchClient(path: path).command("CANCEL ALL")
                try speaker.waitForEnd(of: long)
                if let silence = recorder.waitForSilence(
                    after: cancelledAt, length: recorder.sampleRate / 10, threshold: 8),
                    let silentAt = recorder.arrival(ofSample: silence)
                {
                    silent[index].append((silentAt - cancelStart).milliseconds)
                }
            }
        }
        return paths.indices.map { SSIPResult(audible: Distribution(audible[$0]), silent: Distribution(silent[$0])) }
    }
}
