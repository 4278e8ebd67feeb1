import Dispatch
import FoundationEssentials
import Glibc
import NarratorClient
import NarratorTestSupport

extension DaemonBench {
    /// `daemon game`: RetroRacing played for `seconds` through the real `narrator serve --output
    /// pulse` on a private sound server with a recorder on its monitor, then the daemon's count of
    /// underruns (gaps inside a sound, docs/AUDIO.md W18) read from `status`. The game is the real
    /// `retroracing` binary built next to the daemon, headless, steering itself (`--autopilot`) at
    /// its own pace: a lane cue every step, its score and lane said between cues, speed-ups and
    /// their warnings; a race that ends (game over) is followed by a new one until the time is up.
    /// Load on the machine is the caller's to add (BENCHMARKS.md says how it was held).
    struct Game {
        let seconds: Int
        /// `pulseaudio` or `pipewire`.
        let server: String
        let binary: String?

        func run() throws {
            guard let narrator = binary ?? NarratorExecutable.path() else {
                throw BenchFailure("no narrator binary next to this one; build it with --product narrator")
            }
            let game = URL(fileURLWithPath: narrator).deletingLastPathComponent().appendingPathComponent("retroracing")
                .path
            guard FileManager.default.isExecutableFile(atPath: game) else {
                throw BenchFailure("no retroracing beside \(narrator); build it with --product retroracing")
            }
            let (address, recorder, stopServer) = try startServer()
            defer {
                recorder.stop()
                stopServer()
            }
            guard recorder.waitForSamples(2 * PrivatePulseAudio.sampleRate) else {
                throw BenchFailure("the monitor recorded nothing")
            }
            let daemon = try SpawnedDaemon(binary: narrator, output: "pulse", environment: ["PULSE_SERVER": address])
            // Its log, with a warning for each underrun, beside the figures.
            daemon.drainLog(to: FileManager.default.temporaryDirectory.path + "/narrator-bench-game-\(server).log")
            defer { daemon.stop() }
            let data = FileManager.default.temporaryDirectory
                .appendingPathComponent("narrator-bench-game-\(UInt32.random(in: 0...UInt32.max))").path
            defer { try? FileManager.default.removeItem(atPath: data) }
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = data
            environment["XDG_CONFIG_HOME"] = data

            let began = ContinuousClock.now
            let end = began + .seconds(seconds)
            var races = 0
            var lastUnderruns = 0
            while ContinuousClock.now < end {
                races += 1
                let race = try ChildProcess(
                    executable: game,
                    arguments: ["--socket", daemon.socket, "--seed", "\(races)", "--autopilot", "1000000"],
                    environment: environment, captureErrors: false)
                // Its stdout is the events it sends; read so it never blocks on a full pipe.
                DispatchQueue(label: "narrator-bench.game").async { while !race.read().isEmpty {} }
                if race.waitForExit(within: ContinuousClock.now.duration(to: end)) == nil { race.stop() }
                let underruns = try Self.underruns(socket: daemon.socket)
                let elapsed = Int(began.duration(to: .now) / .milliseconds(100))
                print(
                    "race \(races) ended at \(elapsed / 10).\(elapsed % 10) s: underruns \(underruns) "
                        + "(+\(underruns - lastUnderruns)), load \(Self.loadAverage())")
                lastUnderruns = underruns
            }
            print("daemon game on \(server), \(seconds) s, \(races) races: underruns \(lastUnderruns)")
            print(try Self.figures(socket: daemon.socket))
            print("the daemon's log: \(FileManager.default.temporaryDirectory.path)/narrator-bench-game-\(server).log")
        }

        private func startServer() throws -> (String, MonitorRecorder, () -> Void) {
            if server == "pipewire" {
                let pipewire = try PrivatePipeWire.start()
                do { return (pipewire.server, try pipewire.record(), { pipewire.stop() }) } catch {
                    pipewire.stop()
                    throw error
                }
            }
            let pulse = try PrivatePulseAudio.start()
            do { return (pulse.server, try pulse.record(), { pulse.stop() }) } catch {
                pulse.stop()
                throw error
            }
        }

        /// The output's `underruns` in the daemon's `status`.
        static func underruns(socket: String) throws -> Int {
            let reply = try Client(socket: socket, subscribe: false).request(#"{"type":"status"}"#).reply
            guard case .status(let status) = reply else { throw BenchFailure("status gave \(reply)") }
            return status.output.underruns
        }

        /// The daemon's own latency figures since it started (`status`: speech heard, sounds heard)
        /// and the writer's lead now (docs/AUDIO.md, W20), in one line.
        static func figures(socket: String) throws -> String {
            let reply = try Client(socket: socket, subscribe: false).request(#"{"type":"status"}"#).reply
            guard case .status(let status) = reply else { throw BenchFailure("status gave \(reply)") }
            func summary(_ summary: LatencySummary?) -> String {
                guard let summary, let median = summary.median, let p95 = summary.p95, let worst = summary.worst else {
                    return "none"
                }
                func ms(_ value: Double) -> String { "\((value * 10).rounded() / 10) ms" }
                return "median \(ms(median)), p95 \(ms(p95)), worst \(ms(worst)) (\(summary.count))"
            }
            let lead = status.output.leadMilliseconds.map { "\(Int($0.rounded())) ms" } ?? "not said"
            return "speech heard after: \(summary(status.output.latency?.audible.sinceStart)); "
                + "sounds heard after: \(summary(status.output.latency?.sound.sinceStart)); lead now \(lead)"
        }

        static func loadAverage() -> String {
            (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
                .joined(separator: " ") ?? "?"
        }
    }
}
