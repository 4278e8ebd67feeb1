import Dispatch
import FoundationEssentials
import NarratorClient
import NarratorSystem
import NarratorTestSupport
import Synchronization

extension DaemonBench {
    /// `daemon orca`: a key press that moves the focus, to Orca's first audible word. Real Orca (Debian's
    /// 43, key echo off, so its first word is the newly focused button's name) reads the GTK test window
    /// on a private desktop (`PrivateDesktop`: Xvfb, a session bus, the AT-SPI registry) and speaks
    /// through `narrator serve --ssip-socket` (the narrator built next to this benchmark) into a private
    /// PulseAudio whose monitor is recorded; xdotool presses Tab and Shift+Tab in turn, so the focus goes
    /// back and forth between the first two buttons.
    ///
    /// Key -> audible: from just before xdotool is started to the first sample of Orca's words above
    /// 6000 on the monitor. Three ways, `count` presses each: nothing else speaking; a scripted game
    /// speaking without a pause on the narrator's main socket (its next sentence sent when the last
    /// one finished) at `low`, then at `default`. The game speaks at volume 10 (of 200), so its samples
    /// stay far below the threshold and the first loud one is Orca's (its peak is printed). Presses
    /// come 0.4-1.2 s apart (random, seeded, after Orca's last words ended), so they land anywhere in
    /// the game's sentences. Then, in the same run, Orca restarted on a private speech-dispatcher
    /// 0.11.4 (its espeak-ng module, Debian's settings) playing into the same PulseAudio, nothing
    /// else speaking: the same key through speech-dispatcher. A word not heard within 15 s counts as
    /// missed and is printed apart.
    struct Orca {
        let count: Int
        let binary: String?

        static let threshold: Int16 = 6000
        static let gameVolume = 10
        static let missedAfter: Duration = .seconds(15)
        static let gameSentences = [
            "Lap three of five, you are in fourth place, the track bends to the left after the bridge.",
            "Your speed is one hundred and twenty, the car ahead is slowing down, keep to the right lane.",
            "Fuel is at half a tank, the pit lane opens after the next corner, two laps to go.",
        ]

        func run() throws {
            let pulse = try PrivatePulseAudio.start()
            defer { pulse.stop() }
            let recorder = try pulse.record()
            defer { recorder.stop() }
            guard recorder.waitForSamples(2 * recorder.sampleRate) else {
                throw BenchFailure("the monitor recorded nothing")
            }
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("narrator-bench-orca-\(UInt32.random(in: 0...UInt32.max))").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let ssipSocket = folder + "/speech-dispatcher/speechd.sock"
            let daemon = try SpawnedDaemon(
                binary: binary, output: "pulse", environment: ["PULSE_SERVER": pulse.server],
                arguments: ["--ssip-socket", ssipSocket])
            daemon.drainLog()
            defer { daemon.stop() }
            let desktop = try PrivateDesktop.start()
            defer { desktop.stop() }
            let outcomes = OutcomeLog()
            let listener = try LineClient(path: daemon.socket)
            try listener.send(#"{"type":"subscribe","all_clients":true}"#)
            _ = try listener.readLine()
            DispatchQueue(label: "narrator-bench.orca-outcomes").async {
                while let line = try? listener.readLine() { outcomes.append(line) }
            }
            let settings = PrivateDesktop.OrcaSettings(keyEcho: false)
            try desktop.startOrca(speechdAddress: "unix_socket:" + ssipSocket, settings: settings)
            try Self.waitFor("Screen reader on", in: outcomes)
            try desktop.startWindow()
            try Self.waitFor("Start race push button", in: outcomes)

            var random = SeededGenerator(seed: 35)
            var figures: [(String, [Double], Int)] = []
            let quiet = try presses(desktop, recorder, outcomes, &random)
            figures.append(("nothing else speaking", quiet.heard, quiet.missed))
            for priority in ["low", "default"] {
                let game = try Game(socket: daemon.socket, priority: priority)
                guard let peak = game.waitUntilSpeaking(recorder: recorder) else {
                    throw BenchFailure("the scripted game was not heard")
                }
                print("game at \(priority), volume \(Self.gameVolume): its loudest sample over 3 s \(peak)")
                let result = try presses(desktop, recorder, outcomes, &random)
                game.stop()
                figures.append(("a game speaking at \(priority)", result.heard, result.missed))
            }
            for (name, heard, missed) in figures {
                print("[narrator --ssip, \(name)] key -> Orca's first word audible: \(Self.summary(heard, missed))")
            }

            let dispatcher = try PrivateSpeechDispatcher.start(playingInto: pulse)
            defer { dispatcher.stop() }
            try desktop.startOrca(speechdAddress: dispatcher.address, settings: settings)
            // Orca's greeting through speech-dispatcher, then quiet: Orca is ready.
            guard let greeting = recorder.waitForSound(after: recorder.count, limit: .seconds(30)),
                recorder.waitForSilence(after: greeting, length: recorder.sampleRate) != nil
            else { throw BenchFailure("Orca was not heard through speech-dispatcher:\n\(desktop.diagnostics)") }
            let direct = try presses(desktop, recorder, nil, &random)
            print(
                "[speech-dispatcher 0.11.4, nothing else speaking] key -> Orca's first word audible: "
                    + Self.summary(direct.heard, direct.missed))
        }

        /// `count` presses, Tab and Shift+Tab in turn; each waits for Orca's last words to end (its
        /// announcement's end through the narrator, else a quiet second), then 0.4-1.2 s more.
        private func presses(
            _ desktop: PrivateDesktop, _ recorder: MonitorRecorder, _ outcomes: OutcomeLog?,
            _ random: inout SeededGenerator
        ) throws -> (heard: [Double], missed: Int) {
            var heard: [Double] = []
            var missed = 0
            for press in 0..<count {
                let mark = outcomes?.count ?? 0
                SystemClock.sleep(for: .microseconds(UInt32.random(in: 400_000...1_200_000, using: &random)))
                let before = recorder.count
                let start = ContinuousClock.now
                try desktop.press(press % 2 == 0 ? "Tab" : "shift+Tab")
                let name = press % 2 == 0 ? "Settings push button" : "Start race push button"
                guard
                    let onset = recorder.waitForSound(
                        after: before, threshold: Self.threshold, limit: Self.missedAfter),
                    let arrival = recorder.arrival(ofSample: onset)
                else {
                    missed += 1
                    continue
                }
                heard.append(Double((arrival - start) / .microseconds(1)) / 1000)
                if let outcomes {
                    let ended: Set = ["finished", "interrupted", "cancelled", "superseded", "expired", "dropped"]
                    _ = outcomes.waitFor(after: mark, limit: Self.missedAfter) {
                        $0.client == "Orca" && ended.contains($0.event) && $0.words.contains(name)
                    }
                } else {
                    _ = recorder.waitForSilence(after: onset, length: recorder.sampleRate / 2)
                }
            }
            return (heard, missed)
        }

        /// `median 120 ms  p95 300 ms  min 80 ms  max 400 ms  (n=20)`, and the presses not heard.
        static func summary(_ values: [Double], _ missed: Int) -> String {
            let figures = Distribution(values)
            let parts = [
                ("median", figures.median), ("p95", figures.percentile(0.95)), ("min", figures.sorted.first ?? .nan),
                ("max", figures.sorted.last ?? .nan),
            ]
            return parts.map { "\($0.0) \(Distribution.fixed($0.1, 1)) ms" }.joined(separator: "  ")
                + "  (n=\(values.count))" + (missed > 0 ? ", \(missed) not heard within 15 s" : "")
        }

        static func waitFor(_ words: String, in outcomes: OutcomeLog) throws {
            guard outcomes.waitFor(limit: .seconds(30), { $0.client == "Orca" && $0.words.contains(words) }) != nil
            else { throw BenchFailure("Orca did not say \"\(words)\" through the narrator") }
        }

        /// A game on the narrator's main socket that speaks without a pause: its next sentence is sent
        /// when the last one has ended, at `priority`, at volume 10.
        final class Game: @unchecked Sendable {
            private let client: LineClient
            private let stopped = Mutex(false)
            private let done = DispatchSemaphore(value: 0)

            init(socket: String, priority: String) throws {
                client = try LineClient(path: socket)
                try client.send(#"{"type":"hello","name":"Game"}"#)
                _ = try client.readLine()
                try client.send(#"{"type":"set","volume":\#(Orca.gameVolume)}"#)
                _ = try client.readLine()
                try client.send(#"{"type":"subscribe"}"#)
                _ = try client.readLine()
                DispatchQueue(label: "narrator-bench.orca-game").async { [self] in
                    var sentence = 0
                    let ended = ["\"finished\"", "\"interrupted\"", "\"cancelled\"", "\"superseded\"", "\"dropped\""]
                    while !stopped.withLock({ $0 }) {
                        let text = Orca.gameSentences[sentence % Orca.gameSentences.count]
                        sentence += 1
                        guard (try? client.send(#"{"type":"say","text":"\#(text)","priority":"\#(priority)"}"#)) != nil
                        else { break }
                        // The reply, then notifications until this sentence ends.
                        while let line = try? client.readLine(),
                            !(line.contains("\"event\":") && ended.contains { line.contains($0) })
                        {}
                    }
                    done.signal()
                }
            }

            /// Waits until the game is heard, then records 3 s of it; returns its loudest sample.
            func waitUntilSpeaking(recorder: MonitorRecorder) -> Int? {
                guard let onset = recorder.waitForSound(after: recorder.count) else { return nil }
                let end = onset + 3 * recorder.sampleRate
                guard recorder.waitForSamples(end) else { return nil }
                return Loudness.peak([recorder.samples(in: onset..<end)])
            }

            func stop() {
                stopped.withLock { $0 = true }
                try? client.send(#"{"type":"cancel"}"#)
                _ = done.wait(timeout: .now() + 20)
                client.finishSending()
            }
        }
    }
}
