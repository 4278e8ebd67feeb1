import Dispatch
import FoundationEssentials
import Glibc
import NarratorTestSupport

extension DaemonBench {
    /// The real `narrator serve` binary (built next to this one, or `binary`), on a socket in a
    /// temporary folder, speaking to `output` (the null sink unless told). Ready when it prints
    /// `narrator: ready on PATH`, which its readiness callback does once the socket listens.
    final class SpawnedDaemon: Sendable {
        let socket: String
        private let child: ChildProcess
        private let folder: String
        /// From just before posix_spawn to the ready line's arrival.
        let startup: Duration

        /// `environment` is added to this process's own (PULSE_SERVER, for one).
        init(
            binary: String? = nil, output: String = "null", environment: [String: String] = [:],
            arguments: [String] = []
        ) throws {
            guard let binary = binary ?? NarratorExecutable.path() else {
                throw BenchFailure(
                    "no narrator binary next to this one; build it: swift build -c release --scratch-path "
                        + ".build-static --static-swift-stdlib --product narrator")
            }
            folder =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("narrator-bench-\(UInt32.random(in: 0...UInt32.max))").path
            socket = folder + "/narrator.sock"
            let began = ContinuousClock.now
            child = try ChildProcess(
                executable: binary, arguments: ["serve", "--socket", socket, "--output", output] + arguments,
                environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, captureErrors: true)
            let (ready, log) = child.read(until: "ready on")
            guard ready else {
                child.stop(signal: SIGKILL)
                throw BenchFailure("narrator serve exited before it was ready:\n\(log)")
            }
            startup = .now - began
        }

        var pid: Int32 { child.pid }

        /// Keeps reading its log, so a chatty daemon never blocks on a full pipe; with `path`, writes
        /// it there too.
        func drainLog(to path: String? = nil) {
            let child = child
            DispatchQueue(label: "narrator-bench.daemon-log").async {
                let file = path.flatMap { fopen($0, "w") }
                while case let bytes = child.read(), !bytes.isEmpty {
                    if let file {
                        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
                        fflush(file)
                    }
                }
                if let file { fclose(file) }
            }
        }

        /// SIGTERM, wait for it to exit, remove its folder.
        func stop() {
            child.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}
