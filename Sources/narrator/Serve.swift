import ArgumentParser
import FoundationEssentials
import Logging
import NarratorAudio
import NarratorServer
import NarratorSpeech
import NarratorSystem
import NarratorVoice

#if canImport(Glibc)
    import Glibc
#endif

/// `narrator serve`: the daemon a game runs alongside.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the narrator daemon: speak the events games send to its socket.",
        discussion: """
            Listens on a Unix socket (folder 0700, socket 0600; other users are refused, and so is a socket \
            folder that another user could write to or rename: docs/PROTOCOL.md). Games write one JSON \
            request per line and get one reply line each; see docs/PROTOCOL.md. Once it listens it prints \
            "narrator: ready on PATH" to standard error. A client names its profile in hello; profiles are \
            found by name in $XDG_DATA_HOME/narrator/profiles, each of $XDG_DATA_DIRS (narrator/profiles), then \
            the shipped ones (`narrator profiles` lists them), loaded on first use and kept. SIGTERM or SIGINT \
            stops it gracefully; SIGHUP reloads every loaded profile (a broken one keeps its last good version).
            """
    )

    @OptionGroup var socket: SocketOption

    @Option(
        help: """
            A profile folder (the game's tables, events.json, sounds.json), for development: the profile of \
            clients that name none, and of clients that name its folder's name (default: the installed \
            profile named retroracing).
            """)
    var profile: String?

    @Option(help: "Language for clients that do not say theirs, as a BCP-47 tag.")
    var locale = "en"

    @Option(help: "Where speech goes: \(AudioOutput.help).")
    var output = "auto"

    @Option(
        help: ArgumentHelp(
            "Who speaks: espeak (Narrator's own espeak-ng) or speechd (your speech-dispatcher).",
            discussion: """
                speechd speaks with the synthesizer, voice, rate and audio routing you set up for \
                speech-dispatcher (as Orca uses it), at $SPEECHD_ADDRESS or its usual socket, starting it \
                if it is installed and not running. If none answers, Narrator says so once and speaks \
                with espeak-ng. Earcons always play through --output.
                """))
    var speech: SpeechBackend = .espeak

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    @Option(
        help:
            "Folder holding espeak-ng-data, or the data folder itself, when it is not where espeak-ng looks by default (checked at start: one without voice data is refused)."
    )
    var espeakData: String?

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError(
                "Unknown log level \"\(logLevel)\"; use trace, debug, info, notice, warning, error or critical.")
        }
        _ = try AudioOutput.parsing(output)
        do {
            _ = try LanguageTag(parsing: locale)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The signals the daemon takes: SIGHUP reloads, SIGTERM and SIGINT stop gracefully.
    static let signals = [SIGHUP, SIGTERM, SIGINT]

    func run() async throws {
        let logger = CommandLogger.make(level: Logger.Level(rawValue: logLevel) ?? .info)
        // systemd's variables are taken first, before any other thread may read the environment.
        let inherited = try InheritedSocket.take()
        let notifier = ServiceNotifier.take()
        if let inherited, socket.socket != nil, socket.path != inherited.path {
            logger.warning("--socket \(socket.path) is ignored: systemd passed the socket \(inherited.path)")
        }
        // What stops the daemon is found before the sound output is opened, so a fatal error (another
        // daemon on the socket, a broken profile) is the first thing it says, before any word about sound.
        if inherited == nil { try SocketPath.prepare(socket.path) }
        let catalog = ProfileLocation.catalog(given: profile)
        let defaultProfile = try catalog.load(try ProfileLocation.defaultEntry(catalog))
        let speech = try ServeSpeech.start(
            speech, output: try AudioOutput.parsing(output), espeakData: espeakData, logger: logger)
        defer { speech.close() }
        let conductor = Conductor(
            profile: defaultProfile, catalog: catalog, speaker: speech.speaker, sounds: speech.mixer,
            defaults: VoiceRequest(locale: locale), logger: logger)
        speech.mixer.watch { conductor.outputChanged($0) }
        // SIGHUP reloads, SIGTERM and SIGINT stop; they were blocked at start (`Entry`) and are taken
        // here by one sleeping thread.
        let (reloads, reloadSink) = AsyncStream.makeStream(of: Void.self)
        let (stops, stopSink) = AsyncStream.makeStream(of: Void.self)
        SignalWaiter.start(Self.signals) { signal in
            _ = signal == SIGHUP ? reloadSink.yield() : stopSink.yield()
        }
        let service = NarratorService(
            configuration: .init(
                socketPath: socket.path,
                inherited: inherited,
                onReady: {
                    // What start-up ran (argument parsing, table loading, bootstrap) is not needed
                    // again; only the code that serves is mapped back in (docs/BENCHMARKS.md).
                    ProcessMemory.releaseExecutableCode()
                    StandardStreams.printError("narrator: ready on \($0)")
                    Self.tell(notifier, "READY=1", logger)
                },
                onStopping: { Self.tell(notifier, "STOPPING=1", logger) },
                reloadRequests: reloads, stopRequests: stops),
            conductor: conductor, logger: logger)
        try await service.run()
    }

    /// Tells systemd (`Type=notify`) how the daemon is doing, when it was started by systemd.
    private static func tell(_ notifier: ServiceNotifier?, _ state: String, _ logger: Logger) {
        do {
            try notifier?.notify(state)
        } catch {
            logger.warning("\(error)")
        }
    }
}
