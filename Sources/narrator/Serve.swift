import ArgumentParser
import FoundationEssentials
import Logging
import NarratorAudio
import NarratorLocalization
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
            stops it gracefully; SIGHUP reloads the settings file and every loaded profile (a broken one keeps \
            its last good version).

            The voice of clients that choose none comes from your settings file \
            ($XDG_CONFIG_HOME/narrator/config; `narrator config` shows and edits it), read at start and on SIGHUP; \
            the options below override it for this run, and a client's own `set` overrides both (docs/CONFIG.md).
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

    @Option(help: ArgumentHelp(ConfigLocation.help, valueName: "file"))
    var config: String?

    @Option(help: "Language for clients that do not say theirs, as a BCP-47 tag (default: the file's, else en).")
    var locale: String?

    @Option(
        help: """
            Speech rate for clients that set none, \(VoiceRequest.rateRange.lowerBound)-\(VoiceRequest.rateRange.upperBound) \
            words a minute (default: the file's, else 175).
            """)
    var rate: Int?

    @Option(help: "Pitch for clients that set none, 0-100 (default: the file's, else 50).")
    var pitch: Int?

    @Option(help: "Volume for clients that set none, 0-200 (default: the file's, else 100).")
    var volume: Int?

    @Option(
        help: ArgumentHelp(
            "Volume of the sounds of clients that set none, 0-200 (default: the file's, else 100).",
            discussion:
                "100 plays a profile's sounds as its sound book renders them; 50 is 6 dB softer. Speech keeps --volume."
        ))
    var effectsVolume: Int?

    @Option(
        name: .customLong("voice"),
        help: ArgumentHelp(
            "The voice for a language, LANGUAGE=VOICE (pl=pl+f3: Polish, female variant 3); may be repeated.",
            discussion: "`narrator voices` lists the voices, `narrator voices --variants` the variants.",
            valueName: "language=voice"))
    var voices: [String] = []

    @Option(help: "Where speech goes: \(AudioOutput.help) (default: the file's, else auto).")
    var output: String?

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

    @Option(
        help: ArgumentHelp(
            "on: say when a language has no voice, before a game's first announcement in it (default: the file's, else off).",
            discussion: """
                With on, a game's first announcement in a language espeak-ng has no voice for begins with \
                "No voice for this language. Using English (Great Britain).", once per game and language (the \
                log says it always). The file's setting is spoken_notices (docs/CONFIG.md).
                """,
            valueName: "on|off"))
    var spokenNotices: String?

    @Flag(
        help: ArgumentHelp(
            "Also listen for speech-dispatcher's clients (SSIP), so spd-say, Orca and programs using libspeechd or Python's speechd speak through the narrator.",
            discussion: """
                The socket is $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock, where those clients look, with the \
                main socket's rules; a speech-dispatcher that already listens there is refused, not replaced. \
                The settings file's ssip (on, off or a path) does the same (docs/SSIP.md).
                """))
    var ssip = false

    @Option(help: ArgumentHelp("Listen for SSIP on this socket instead (implies --ssip).", valueName: "path"))
    var ssipSocket: String?

    @Flag(
        help: ArgumentHelp(
            "Also open the door for Windows games under Wine, which speak through the narrator's NVDA controller client DLL.",
            discussion: """
                The door is a port on 127.0.0.1 that takes only clients knowing the secret in the file wine-door \
                beside the socket (mode 0600, new at every start). The settings file's wine (on or off) does the \
                same; narrator wine install puts the DLLs where a game finds them (docs/WINE.md).
                """))
    var wine = false

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    @Option(
        help:
            "Folder holding espeak-ng-data, or the data folder itself, when it is not where espeak-ng looks by default (checked at start: one without voice data is refused)."
    )
    var espeakData: String?

    /// For benchmarks against the engine as it was, and as a way out should the sandbox fail on some
    /// system: libespeak-ng in the daemon's own process, where a crash of it ends the daemon.
    @Flag(help: ArgumentHelp(visibility: .hidden))
    var speechInProcess = false

    /// For tests on loaded machines: how many seconds the synthesis child may send nothing while it
    /// should speak before it is taken as hung (`SynthesizerProcess.hangTimeout`, 3 by default).
    @Option(help: ArgumentHelp(visibility: .hidden))
    var synthesizerHangLimit: Double?

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError(
                "Unknown log level \"\(logLevel)\"; use trace, debug, info, notice, warning, error or critical.")
        }
        if let output { _ = try AudioOutput.parsing(output) }
        if let limit = synthesizerHangLimit, !(limit > 0 && limit <= 600) {
            throw ValidationError("--synthesizer-hang-limit takes seconds from above 0 to 600.")
        }
        do {
            if let locale { _ = try LanguageTag(parsing: locale) }
        } catch {
            throw ValidationError(error.description)
        }
        do {
            let builtIn = VoiceRequest()
            try VoiceRequest(
                rate: rate ?? builtIn.rate, pitch: pitch ?? builtIn.pitch, volume: volume ?? builtIn.volume
            )
            .validate()
        } catch {
            throw ValidationError(error.description)
        }
        if let effectsVolume, !DaemonDefaults.effectsVolumeRange.contains(effectsVolume) {
            let range = DaemonDefaults.effectsVolumeRange
            throw ValidationError(
                SpeechRequestError.outOfRange(name: "effects_volume", value: effectsVolume, range: range).description)
        }
        _ = try commandLineSettings()
    }

    /// The options that override the configuration file for this run, as its settings.
    func commandLineSettings() throws(ValidationError) -> [(key: ConfigKey, value: String, option: String)] {
        var settings = SpeechOptions.settings(locale: locale, rate: rate, pitch: pitch, volume: volume, output: output)
        effectsVolume.map { settings.append((.effectsVolume, String($0), "--effects-volume")) }
        spokenNotices.map { settings.append((.spokenNotices, $0, "--spoken-notices")) }
        for voice in voices {
            let parts = voice.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let key = ConfigKey(name: "voice." + parts[0]) else {
                throw ValidationError("--voice takes LANGUAGE=VOICE, such as pl=pl+f3, not \"\(voice)\".")
            }
            settings.append((key, parts[1], "--voice \(voice)"))
        }
        return settings
    }

    /// The defaults at start: the file's, with the options over them. A broken file is reported
    /// with its line, and the built-in values (with the options) are used until it is fixed and
    /// reloaded; an option the checks refuse stops the daemon.
    static func startingDefaults(_ config: UserConfig, logger: Logger) throws -> DaemonDefaults {
        var loaded: UserConfig.Loaded
        do {
            loaded = try config.load()
        } catch {
            if case .option = error.place { throw ValidationError(error.description) }
            logger.warning(
                "\(error). Using the built-in settings until the file is fixed and the narrator reloaded (SIGHUP).")
            do {
                loaded = try config.load(readingFile: false)
            } catch {
                throw ValidationError(error.description)
            }
        }
        for warning in loaded.warnings { logger.warning("\(warning)") }
        logger.info("\(loaded.summary(path: config.path))")
        return loaded.defaults
    }

    /// The signals the daemon takes: SIGHUP reloads, SIGTERM and SIGINT stop gracefully.
    static let signals = [SIGHUP, SIGTERM, SIGINT]

    func run() async throws {
        let logger = CommandLogger.make(level: Logger.Level(rawValue: logLevel) ?? .info)
        // systemd's variables are taken first, before any other thread may read the environment.
        let (inherited, inheritedSSIP) = try InheritedSocket.take()
        let notifier = ServiceNotifier.take()
        if let inherited, socket.socket != nil, socket.path != inherited.path {
            logger.warning("--socket \(socket.path) is ignored: systemd passed the socket \(inherited.path)")
        }
        // What stops the daemon is found before the sound output is opened, so a fatal error (another
        // daemon on the socket, a broken profile) is the first thing it says, before any word about sound.
        if inherited == nil { try SocketPath.prepare(socket.path) }
        let catalog = ProfileLocation.catalog(given: profile)
        let defaultProfile = try catalog.load(try ProfileLocation.defaultEntry(catalog))
        let settingsPath = try ConfigLocation.path(given: config)
        var userConfig: UserConfig?
        var defaults = DaemonDefaults.builtIn
        let speech = try ServeSpeech.start(
            speech, espeakData: espeakData, inProcess: speechInProcess,
            hangLimit: synthesizerHangLimit.map { .milliseconds(Int($0 * 1000)) }, logger: logger
        ) { voices in
            let settings = UserConfig(
                path: settingsPath, commandLine: try commandLineSettings(),
                checks: ConfigLocation.checks(voices: voices))
            defaults = try Self.startingDefaults(settings, logger: logger)
            userConfig = settings
            return try AudioOutput.parsing(defaults.output)
        }
        defer { speech.close() }
        let conductor = ConductorShell(
            profile: defaultProfile, catalog: catalog, speaker: speech.speaker, sounds: speech.mixer,
            defaults: defaults, config: userConfig, logger: logger)
        speech.mixer.watch { conductor.outputChanged($0) }
        speech.mixer.watchTimings { conductor.outputHeard($0) }
        // SIGHUP reloads (settings and profiles), SIGTERM and SIGINT stop; they were blocked at start (`Entry`) and are taken
        // here by one sleeping thread.
        let (reloads, reloadSink) = AsyncStream.makeStream(of: Void.self)
        let (stops, stopSink) = AsyncStream.makeStream(of: Void.self)
        SignalWaiter.start(Self.signals) { signal in
            _ = signal == SIGHUP ? reloadSink.yield() : stopSink.yield()
        }
        let ssipListener = try ssipListener(defaults: defaults, voices: speech.voiceList, inherited: inheritedSSIP)
        let service = NarratorService(
            configuration: .init(
                socketPath: socket.path,
                inherited: inherited,
                onReady: {
                    // What start-up ran (argument parsing, table loading, bootstrap) is not needed again;
                    // only the code that serves is mapped back in (docs/benchmarks/HISTORY-2026-11.md,
                    // "How the RSS target was met").
                    ProcessMemory.releaseExecutableCode()
                    StandardStreams.printError("narrator: ready on \($0)")
                    Self.tell(notifier, "READY=1", logger)
                },
                onStopping: { Self.tell(notifier, "STOPPING=1", logger) },
                reloadRequests: reloads, stopRequests: stops, ssip: ssipListener,
                wine: wine || defaults.wine ? WineListener(socketPath: inherited?.path ?? socket.path) : nil),
            conductor: conductor, logger: logger)
        try await service.run()
    }

    /// The SSIP socket: the one systemd passed (narrator-ssip.socket), else `--ssip-socket`, else
    /// `--ssip`'s default, else the settings file's `ssip`.
    private func ssipListener(defaults: DaemonDefaults, voices: [SSIPVoice], inherited: InheritedSocket?) throws
        -> SSIPListener?
    {
        if let inherited { return SSIPListener(path: inherited.path, inherited: inherited, voices: voices) }
        let setting = ssipSocket ?? (ssip ? "on" : defaults.ssip)
        guard setting != "off" else { return nil }
        if setting != "on" { return SSIPListener(path: setting, voices: voices) }
        guard let path = SSIPListener.defaultPath(environment: ProcessInfo.processInfo.environment) else {
            throw ValidationError(
                "XDG_RUNTIME_DIR is not set, so speech-dispatcher's socket has no place; give --ssip-socket PATH.")
        }
        return SSIPListener(path: path, voices: voices)
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
