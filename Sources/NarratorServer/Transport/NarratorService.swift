public import Logging
import NIOCore
import NIOPosix
import NarratorSystem
public import NarratorWire
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's listening side: a Unix socket, JSON lines in and out.
///
/// Every connection is a pipeline of small handlers (`Door`) on the conductor's own event loop, which
/// answers a request in the same turn of the loop that read it; a handler's failure closes its
/// connection only. The accept loop ends on a stop request (or cancellation) and every open connection is then
/// closed, so idle clients cannot hold SIGTERM up.
public struct NarratorService: Sendable {
    public struct Configuration: Sendable {
        /// Where to listen, unless `inherited` is given.
        public var socketPath: String
        /// A listening socket systemd passed (socket activation): served instead of binding
        /// `socketPath`, and left in place at the end, since it is systemd's.
        public var inherited: InheritedSocket?
        /// Longest request line in bytes; longer ones get an error reply and are discarded. The
        /// protocol's (`ProtocolLimits.maximumLineBytes`) unless a test asks for less.
        public var lineLimit: Int
        /// Called once the socket listens (tests and the CLI's readiness line use it).
        public var onReady: @Sendable (String) -> Void
        /// Called once when a stop begins (`narrator serve` tells systemd `STOPPING=1`).
        public var onStopping: @Sendable () -> Void
        /// Each element reloads the player's settings and every loaded profile (`narrator serve`
        /// sends one per SIGHUP).
        public var reloadRequests: AsyncStream<Void>
        /// The first element stops the daemon gracefully (SIGTERM, SIGINT); cancelling `run` does too.
        public var stopRequests: AsyncStream<Void>
        /// The second, SSIP socket (`--ssip`), if any: speech-dispatcher's clients (docs/SSIP.md).
        public var ssip: SSIPListener?
        /// The Wine door (`--wine`), if any: Windows games under Wine (docs/WINE.md).
        public var wine: WineListener?

        public init(
            socketPath: String, inherited: InheritedSocket? = nil, lineLimit: Int = ProtocolLimits.maximumLineBytes,
            onReady: @escaping @Sendable (String) -> Void = { _ in },
            onStopping: @escaping @Sendable () -> Void = {},
            reloadRequests: AsyncStream<Void> = AsyncStream { $0.finish() },
            stopRequests: AsyncStream<Void> = AsyncStream { $0.finish() }, ssip: SSIPListener? = nil,
            wine: WineListener? = nil
        ) {
            self.ssip = ssip
            self.wine = wine
            self.socketPath = socketPath
            self.inherited = inherited
            self.lineLimit = lineLimit
            self.onReady = onReady
            self.onStopping = onStopping
            self.reloadRequests = reloadRequests
            self.stopRequests = stopRequests
        }
    }

    let configuration: Configuration
    let conductor: ConductorShell
    let logger: Logger

    public init(configuration: Configuration, conductor: ConductorShell, logger: Logger) {
        self.configuration = configuration
        self.conductor = conductor
        self.logger = logger
    }

    public func run() async throws {
        let limit = configuration.lineLimit
        let (conductor, logger) = (conductor, logger)
        let open = OpenConnections()
        let socket = ListeningSocket(path: configuration.socketPath, inherited: configuration.inherited, what: "")
        let path = socket.servedPath
        let server = try await socket.listen(
            door: .json(lineLimit: limit), conductor: conductor, open: open, logger: logger,
            prepare: { try SocketPath.prepare(path) })
        defer { if configuration.inherited == nil { try? FileSystem.remove(path) } }
        var servers = [server]
        if let ssip = configuration.ssip {
            servers.append(try await ssip.listen(conductor: conductor, logger: logger, open: open))
        }
        defer { if let ssip = configuration.ssip, ssip.inherited == nil { try? FileSystem.remove(ssip.path) } }
        if let wine = configuration.wine {
            servers.append(try await wine.listen(conductor: conductor, logger: logger, open: open, lineLimit: limit))
        }
        defer { configuration.wine?.close() }
        configuration.onReady(path)

        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await reloadOnRequest() }
            await acceptUntilStopped(servers)
            configuration.onStopping()
            logger.info("Shutting down: stopping speech and closing clients")
            await open.closeAll()
            await conductor.shutdown()
            group.cancelAll()
        }
    }

    /// Accepts connections until a stop request comes or the task is cancelled, then closes the
    /// listening sockets.
    private func acceptUntilStopped(_ servers: [NIOAsyncChannel<any Channel, Never>]) async {
        enum Ended { case served, stopRequested, noMoreStops }
        let (stops, logger) = (configuration.stopRequests, logger)
        await withTaskGroup(of: Ended.self) { group in
            for server in servers {
                group.addTask {
                    do {
                        try await server.executeThenClose { connections in
                            // Accepting goes on while this sequence is consumed; each connection is
                            // already served by its handler. Cancellation ends it.
                            for try await _ in connections {}
                        }
                    } catch is CancellationError {
                        // Stopped.
                    } catch {
                        logger.error("Accepting connections failed: \(error)")
                    }
                    return .served
                }
            }
            group.addTask {
                for await _ in stops { return .stopRequested }
                return .noMoreStops
            }
            while let ended = await group.next(), ended == .noMoreStops {}
            group.cancelAll()
        }
    }

    /// A reload request (SIGHUP) reloads the player's settings and every loaded profile; a broken
    /// file keeps its last good version.
    private func reloadOnRequest() async {
        for await _ in configuration.reloadRequests {
            await conductor.reload()
        }
    }
}

/// The connections open now, so shutdown can close them (idle clients must not hold it up).
final class OpenConnections: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    func insert(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        let loop = channel.eventLoop
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { _ in
            self.channels.withLock { _ = $0.removeValue(forKey: key) }
            // A turn later NIO has let the channel and its buffers go: a burst of clients may be over.
            loop.execute { MemoryKeeper.giveBackAfterBurst() }
        }
    }

    func closeAll() async {
        for channel in channels.withLock({ Array($0.values) }) {
            try? await channel.close()
        }
    }
}

extension NarratorService {
    /// Runs `body` (the daemon) with one thread for all its I/O and tasks: NIO's singleton
    /// event-loop group gets one thread instead of one per core (a per-user daemon that answers one
    /// game needs no more, and every idle loop costs a thread, its stack and a malloc arena), and
    /// the tasks `body` runs prefer that thread to Swift concurrency's global executor. That
    /// executor is libdispatch's worker pool, whose first worker starts a monitor timer that wakes
    /// the process once a second for ever, even with nothing to say (docs/BENCHMARKS.md).
    ///
    /// Call once, from the program's synchronous entry, before anything uses the singleton group or
    /// the global executor; returns when `body` does.
    public static func runOnOneThread(_ body: @escaping @Sendable () async -> Void) {
        NIOSingletons.groupLoopCountSuggestion = 1
        let executor = EventLoopTaskExecutor(MultiThreadedEventLoopGroup.singleton.next())
        runBlocking(on: executor, body)
    }
}

/// An event loop as a task executor: the jobs of the tasks that prefer it run on the loop's thread.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
