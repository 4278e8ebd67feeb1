import ArgumentParser
import Logging
import NarratorSpeech
import NarratorSystem

/// `narrator-bench daemon`: the daemon as a game meets it, over its real Unix socket.
///
/// Every measure but cold-start runs the daemon inside this process (Conductor and NarratorService
/// wired as `narrator serve` wires them, on a socket in a temporary folder, with the real engine and
/// the shipped RetroRacing profile) and talks to it with `LineClient` from threads of their own.
/// Times start the moment a request line is written.
struct DaemonBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract:
            "Event to reply, to first PCM chunk, to audible; interrupt; earcons; balance; streaming; cold start; idle; backends; ssip.",
        discussion: """
            reply and first-chunk speak into a memory sink, stream into the null sink. audible, interrupt, \
            earcon and balance (lane notes beside speech at default settings, RMS over the sounding parts) start a private PulseAudio with a null sink and record its monitor with parec \
            (pulseaudio-utils). cold-start and idle run the narrator binary built next to this one (build it \
            with the same command, --product narrator); idle plays it into a private PulseAudio. backends runs \
            the espeak-ng and the speech-dispatcher backend side by side (a private speech-dispatcher with its \
            espeak-ng module playing into the same private PulseAudio): event -> audible, high -> old speech silent. \
            ssip runs that private speech-dispatcher and the narrator's SSIP socket side by side on it, with \
            spd-say's requests (a connection each): request -> audible, CANCEL ALL -> silent. \
            clients runs many clients at once against spawned narrator serve processes (null sink), each \
            writing its next event when it has read the last reply; with --against OLD it alternates OLD and \
            this build. hostile runs never-reading subscribers and paused flooders beside a well-behaved game \
            against a spawned narrator serve: memory and the game's reply times. restart kills the synthesis \
            child mid-announcement and times the next announcement to audible. memory compares spawned \
            narrator serve processes at rest with libespeak-ng in the daemon and in its child. --synthesizer \
            chooses where libespeak-ng runs for the measures run in this process. game plays RetroRacing             (the retroracing binary built beside narrator, steering itself) through a spawned narrator serve             --output pulse for --seconds on a private PulseAudio (--sound-server pipewire: PipeWire's pulse             server) with a recorder attached, and prints the daemon's count of underruns from status. wine times a \
            line said through the NVDA controller client DLL under Wine (clients/wine's tester, built with make \
            -C clients/wine, in a private prefix) to its first audible sample, against the same line said by a \
            native client, alternately (docs/WINE.md). orca times a key press that moves the focus to real \
            Orca's first audible word (Orca on a private desktop: Xvfb, a session bus, AT-SPI, a GTK window, \
            xdotool) through a spawned narrator serve --ssip-socket on a private PulseAudio, with nothing else \
            speaking and with a scripted game speaking at low and at default, then through a private \
            speech-dispatcher (docs/SSIP.md, "Orca").
            """
    )

    enum Measure: String, ExpressibleByArgument, CaseIterable {
        case reply
        case firstChunk = "first-chunk"
        case audible
        case interrupt
        case earcon
        case balance
        case stream
        case coldStart = "cold-start"
        case idle
        case backends
        case ssip
        case clients
        case hostile
        case restart
        case memory
        case game
        case wine
        case orca
    }

    /// Where libespeak-ng runs for the measures that use the engine in this process.
    enum SynthesizerPlace: String, ExpressibleByArgument, CaseIterable {
        /// In this process, as the daemon ran it before issue 21.
        case inProcess = "in-process"
        /// In a sandboxed child (the `narrator` built next to this benchmark), as the daemon runs it.
        case child
        /// Both, one after the other, in one run.
        case both
    }

    @Argument(help: "Which measurement: \(Measure.allCases.map(\.rawValue).joined(separator: ", ")).")
    var measure: Measure

    @Option(
        help: "Events to measure (stream: events to send; cold-start: starts; balance: rounds of every line and row).")
    var count: Int?

    @Flag(help: "stream: send to a spawned narrator serve (null sink) and measure that process's memory.")
    var spawned = false

    @Option(help: "idle: how long to count the idle daemon's context switches; game: how long to play.")
    var seconds = 10

    @Option(help: "game: the private sound server, pulseaudio or pipewire (its pulse server).")
    var soundServer = "pulseaudio"

    @Option(
        help:
            "idle, clients, hostile, orca: the narrator binary to run (default: the one built next to this benchmark).")
    var binary: String?

    @Option(help: "clients: how many clients send at once (each sends --count events, default 2000).")
    var clients = 50

    @Option(help: "clients: another narrator binary (an older build) to run the same load on, in turn.")
    var against: String?

    @Option(help: "clients, memory: how many times to run the load on each binary (memory: each way).")
    var rounds = 3

    @Option(
        help:
            "reply, first-chunk, audible, interrupt, earcon, stream, backends, restart: where libespeak-ng runs: \(SynthesizerPlace.allCases.map(\.rawValue).joined(separator: ", "))."
    )
    var synthesizer = SynthesizerPlace.child

    func validate() throws {
        if let count, count <= 0 { throw ValidationError("--count must be positive") }
        if seconds <= 0 { throw ValidationError("--seconds must be positive") }
        if clients <= 0 || rounds <= 0 { throw ValidationError("--clients and --rounds must be positive") }
    }

    /// Game events of the shipped map, used in turn: a low score update, a default crash, a default
    /// level-up (each ends before the next is sent, so none interrupts another).
    static let events = [
        #"{"type":"score_changed","score":120}"#, #"{"type":"collision","lives":2}"#,
        #"{"type":"level_up","level":3}"#,
    ]

    func run() async throws {
        var logger = Logger(label: "narrator.bench")
        logger.logLevel = .error
        if measure == .coldStart {
            try ColdStart(count: count ?? 30).run()
            return
        }
        if measure == .clients {
            try Clients(clients: clients, count: count ?? 2000, rounds: rounds, binary: binary, against: against).run()
            return
        }
        if measure == .hostile {
            try Hostile(count: count ?? 2000, binary: binary).run()
            return
        }
        if measure == .idle {
            try await Idle(seconds: seconds, binary: binary).run()
            return
        }
        if measure == .memory {
            try Memory(binary: binary, rounds: rounds).run()
            return
        }
        if measure == .orca {
            try Orca(count: count ?? 20, binary: binary).run()
            return
        }
        if measure == .game {
            try Game(seconds: seconds, server: soundServer, binary: binary).run()
            return
        }
        let places: [SynthesizerPlace] = synthesizer == .both ? [.inProcess, .child] : [synthesizer]
        for place in places {
            if places.count > 1 {
                print(
                    place == .inProcess ? "libespeak-ng in this process (before):" : "libespeak-ng in a child (after):")
            }
            let engine = try Self.engine(place, logger: logger)
            defer { engine.shutdown() }
            try await run(engine, logger: logger)
        }
    }

    /// The engine in this process, or one whose libespeak-ng runs in the `narrator` built next to this.
    static func engine(_ place: SynthesizerPlace, logger: Logger) throws -> SpeechEngine {
        guard place != .inProcess else { return try SpeechEngine.shared(logger: logger) }
        guard let narrator = binaryNextToThis() else { throw BenchFailure("no narrator binary next to this one") }
        return try SpeechEngine.isolated(SynthesizerProcess(executable: narrator), logger: logger)
    }

    /// The `narrator` built into the same folder as this benchmark.
    static func binaryNextToThis() -> String? {
        guard let path = FileSystem.linkTarget("/proc/self/exe") else { return nil }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return FileSystem.isAccessible(folder + "/narrator", .executable) ? folder + "/narrator" : nil
    }

    private func run(_ engine: SpeechEngine, logger: Logger) async throws {
        let measurement = { (defaultCount: Int) in
            Measurement(engine: engine, count: count ?? defaultCount, logger: logger)
        }
        switch measure {
        case .reply: try await measurement(1000).reply()
        case .firstChunk: try await measurement(1000).firstChunk()
        case .audible: try await measurement(200).audible()
        case .interrupt: try await measurement(100).interrupt()
        case .earcon: try await measurement(200).earcon()
        case .balance: try await measurement(3).balance()
        case .stream: try await measurement(100_000).stream(spawned: spawned)
        case .backends: try await measurement(100).backends()
        case .ssip: try await measurement(30).ssip()
        case .wine: try await measurement(50).wine()
        case .restart: try await measurement(100).restart()
        case .coldStart, .idle, .clients, .hostile, .memory, .game, .orca: break
        }
    }

    /// One measurement on the daemon in this process: the engine it speaks with, how many events.
    /// Each measure is a facet in its own file (DaemonBench+Latency, +Playback, +Interrupt, +Earcon,
    /// +Stream).
    struct Measurement {
        let engine: SpeechEngine
        let count: Int
        let logger: Logger
    }
}
