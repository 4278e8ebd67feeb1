import Dispatch
import FoundationEssentials
import Logging
import NarratorAudio
import NarratorLocalization
import NarratorServer
import NarratorSpeech
import NarratorTestSupport
import NarratorVoice

extension DaemonBench {
    /// The daemon wired as `narrator serve` wires it (Conductor, EngineSpeaker, NarratorService), run
    /// in this process on a socket in a temporary folder, so the benchmark can see inside its sink.
    struct InProcessDaemon: Sendable {
        let socket: String
        /// Its SSIP socket, when started with `ssip` (`narrator serve --ssip-socket`).
        let ssipSocket: String?
        private let folder: String
        private let task: Task<Void, any Error>

        /// Starts it and returns once its readiness callback has fired.
        static func start(
            engine: SpeechEngine, sink: any AudioSink, sounds: (any SoundOutput)?, logger: Logger, wine: Bool = false
        ) async throws -> InProcessDaemon {
            try await start(
                speaker: EngineSpeaker(engine: engine, sink: sink),
                sounds: sounds ?? Mixer.null(sampleRate: engine.sampleRate), logger: logger, wine: wine)
        }

        /// Starts it speaking through `speaker` (either backend) and playing earcons through `sounds`.
        /// With `wine`, its Wine door is open too (`serve --wine`): the door file is `wine-door` beside the socket.
        static func start(
            speaker: any Speaker, sounds: any SoundOutput, logger: Logger, ssip: Bool = false, wine: Bool = false
        ) async throws -> InProcessDaemon {
            let (profileFolder, ownTable) = try shippedProfile()
            let catalog = ProfileCatalog(roots: [], given: profileFolder, extraTables: ownTable)
            let profile = try catalog.load(try catalog.locate(catalog.defaultName))
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("narrator-bench-\(UInt32.random(in: 0...UInt32.max))").path
            let socket = folder + "/narrator.sock"
            let ssipSocket = ssip ? folder + "/speech-dispatcher/speechd.sock" : nil
            let conductor = ConductorShell(
                profile: profile, catalog: catalog, speaker: speaker, sounds: sounds, logger: logger)
            let (ready, readySignal) = AsyncStream.makeStream(of: Void.self)
            let service = NarratorService(
                configuration: .init(
                    socketPath: socket, onReady: { _ in readySignal.finish() },
                    ssip: ssipSocket.map { SSIPListener(path: $0, voices: []) },
                    wine: wine ? WineListener(socketPath: socket) : nil),
                conductor: conductor, logger: logger)
            // Cancelling the task ends the accept loop, closes every connection and removes the socket.
            let task = Task {
                defer { readySignal.finish() }  // also when it fails before listening
                try await service.run()
            }
            for await _ in ready {}
            guard FileManager.default.fileExists(atPath: socket) else {
                try await task.value
                throw BenchFailure("the daemon stopped before listening on \(socket)")
            }
            return InProcessDaemon(socket: socket, ssipSocket: ssipSocket, folder: folder, task: task)
        }

        /// Runs `body` with a started daemon, and stops it afterwards whether `body` threw or not.
        static func with<Result: Sendable>(
            engine: SpeechEngine, sink: any AudioSink, sounds: (any SoundOutput)? = nil, logger: Logger,
            wine: Bool = false, _ body: (InProcessDaemon) async throws -> Result
        ) async throws -> Result {
            let daemon = try await start(engine: engine, sink: sink, sounds: sounds, logger: logger, wine: wine)
            do {
                let result = try await body(daemon)
                await daemon.stop()
                return result
            } catch {
                await daemon.stop()
                throw error
            }
        }

        func stop() async {
            task.cancel()
            _ = await task.result
            try? FileManager.default.removeItem(atPath: folder)
        }

        /// The shipped RetroRacing profile and the daemon's own table: from `./Localization` when run
        /// in the package folder, else from the package this benchmark was built from.
        static func shippedProfile() throws -> (String, [String]) {
            let map = "retroracing/" + ProfileLayout.eventMap
            let root =
                FileManager.default.fileExists(atPath: "Localization/" + map)
                ? "Localization" : NarratorExecutable.packageRoot + "/Localization"
            guard FileManager.default.fileExists(atPath: root + "/" + map) else {
                throw BenchFailure("no Localization/\(map) here or in \(root); run from the package")
            }
            return (root + "/retroracing", [ProfileLayout.path(of: ProfileLayout.daemonTable, in: root)])
        }
    }

    /// Runs blocking client work on a thread of its own. Swift's cooperative pool has one thread per
    /// core (two here): a client blocked in read() on it would starve the daemon it is waiting for.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "narrator-bench.client").async {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// A benchmark that could not run or saw something wrong; the message says which.
    struct BenchFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
