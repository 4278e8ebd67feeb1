public import FoundationEssentials
import NarratorSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A PipeWire of our own, headless and without a user session: a session bus, `pipewire`,
/// `wireplumber` and `pipewire-pulse` in a private XDG_RUNTIME_DIR (mode 0700), one null sink, no
/// effect on anyone's session. For tests that need what PulseAudio cannot give: killing the pulse
/// server mid-utterance and starting a new one on the same socket. Every process is our child,
/// started and stopped by its PID.
///
/// The null sink is declared in the daemon's own configuration (a `context.objects` drop-in in
/// the private XDG_CONFIG_HOME), so `pipewire` owns it: it exists before any client connects and
/// survives any number of `pipewire-pulse` deaths, like a node made with
/// `pw-cli create-node adapter '{ … object.linger=true }'` but without a client to run. The graph
/// clock is pinned to the sink's rate (22050 Hz; PipeWire's default is 48000), so nothing between
/// a 22050 Hz mono player and the recording is resampled.
///
/// Recording survives a pulse-server restart: `record()` runs `pw-record` on the sink's monitor
/// (`stream.capture.sink=true`), a native PipeWire client that never talks to `pipewire-pulse`.
/// When `killPulseServer()` kills the pulse server, its playback streams vanish, the sink goes on
/// running and the recording goes on with silence; after `restartPulseServer()` the next sound
/// played through the pulse server lands in the same recording. (`parec` on `narrator_test.monitor`
/// records through the pulse server and ends with "Connection terminated" when it is killed.)
///
/// Readiness, never a sleep: the session bus prints its address once it listens; `pipewire` and
/// `pipewire-pulse` log their listening sockets (their info log enabled for just that topic);
/// `wireplumber` logs nothing usable, so `start()` polls `pactl info` (bounded) until the pulse
/// server reports the sink as the default sink, which takes both wireplumber and the pulse server.
///
/// Measured on a 2-core VM: `start()` takes 50-120 ms, `restartPulseServer()` 15-20 ms. pw-record
/// asks for 20 ms, so the graph runs 256-sample quanta (11.6 ms) and the recording arrives in such
/// blocks; a tone from a freshly spawned `pacat` shows up 70-90 ms after the spawn. Now and then a
/// loaded machine drops a quantum (an xrun: 128 samples lost in a few per cent of half-second tones
/// when the recorder asked for 10 ms, about one in a hundred at 20 ms), so compare recordings with
/// margins, not sample by sample.
public final class PrivatePipeWire: Sendable {
    public typealias Failure = ChildProcess.Failure

    /// Rate and channels of the null sink and of the graph: the engine's own format.
    public static let sampleRate = 22050
    private static let sink = "narrator_test"
    public let sinkName = PrivatePipeWire.sink
    public let runtimeDirectory: URL
    /// The value for PULSE_SERVER.
    public let server: String
    /// The daemons' environment: the private folders and the session bus.
    private let environment: [String: String]
    /// The session bus, pipewire and wireplumber, in the order they were started.
    private let daemons: [Daemon]
    /// The current pipewire-pulse; nil once killed, until restarted.
    private let pulse: Mutex<Daemon?>

    /// Starts the bus, pipewire, wireplumber and pipewire-pulse, and returns once a pulse client
    /// can connect and sees the null sink as the default sink.
    public static func start() throws -> PrivatePipeWire {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("narrator-pipewire-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        // XDG_RUNTIME_DIR must belong to us alone: PipeWire's and the bus's sockets live in it.
        guard mkdir(directory.path, 0o700) == 0 else {
            throw Failure(description: "mkdir \(directory.path): \(String(cString: strerror(errno)))")
        }
        var started: [ChildProcess] = []
        do {
            let environment = try prepare(directory)
            return try PrivatePipeWire(directory: directory, environment: environment, started: &started)
        } catch {
            for process in started.reversed() { process.stop(signal: SIGKILL) }
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Writes the configuration drop-in and returns the daemons' environment (without the bus).
    private static func prepare(_ directory: URL) throws -> [String: String] {
        let configuration = directory.appendingPathComponent("config")
        let dropIns = configuration.appendingPathComponent("pipewire/pipewire.conf.d")
        try FileManager.default.createDirectory(at: dropIns, withIntermediateDirectories: true)
        let dropIn = """
            context.properties = {
                default.clock.rate = \(sampleRate)
                default.clock.allowed-rates = [ \(sampleRate) ]
            }
            context.objects = [
                {   factory = adapter
                    args = {
                        factory.name = support.null-audio-sink
                        node.name = \(sink)
                        node.description = "Narrator test sink"
                        media.class = Audio/Sink
                        audio.rate = \(sampleRate)
                        audio.channels = 1
                        audio.position = [ MONO ]
                        object.linger = true
                    }
                }
            ]
            """
        try dropIn.write(to: dropIns.appendingPathComponent("narrator.conf"), atomically: true, encoding: .utf8)

        var environment = ProcessInfo.processInfo.environment
        // Nothing may lead a daemon or a client to the user's own servers or configuration.
        for key in [
            "PIPEWIRE_REMOTE", "PIPEWIRE_RUNTIME_DIR", "PIPEWIRE_CONFIG_DIR", "PIPEWIRE_DEBUG", "WIREPLUMBER_DEBUG",
            "PULSE_SERVER", "PULSE_RUNTIME_PATH", "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY",
        ] {
            environment.removeValue(forKey: key)
        }
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["HOME"] = directory.path
        environment["XDG_CONFIG_HOME"] = configuration.path
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        return environment
    }

    private init(directory: URL, environment base: [String: String], started: inout [ChildProcess]) throws {
        runtimeDirectory = directory
        let server = "unix:\(directory.path)/pulse/native"
        self.server = server

        // The session bus, in the foreground so that it stays our child (`--fork` would leave it
        // to PID 1); it prints its address once it listens. wireplumber exits without one.
        let bus = try ChildProcess(
            executable: try Self.executable("dbus-daemon", package: "dbus-daemon"),
            arguments: [
                "--session", "--nofork", "--nopidfile", "--print-address=1",
                "--address=unix:path=\(directory.path)/bus",
            ],
            environment: base, captureErrors: false)
        started.append(bus)
        let (busReady, printed) = bus.read(until: "\n", within: .seconds(10))
        guard busReady, let address = printed.split(separator: "\n").first, address.hasPrefix("unix:") else {
            throw Failure(description: "dbus-daemon did not print its address:\n\(printed)")
        }
        let busDaemon = Daemon(name: "dbus-daemon", process: bus, log: printed)
        var environment = base
        environment["DBUS_SESSION_BUS_ADDRESS"] = String(address)
        self.environment = environment

        let pipewire = try Self.spawn(
            "pipewire", package: "pipewire", logging: "mod.protocol-native", environment: environment)
        started.append(pipewire)
        let pipewireDaemon = try Self.waitForLog(pipewire, "Listening on 'pipewire-0'", name: "pipewire")

        let wireplumber = try ChildProcess(
            executable: try Self.executable("wireplumber", package: "wireplumber"), arguments: [],
            environment: environment, captureErrors: true)
        started.append(wireplumber)
        daemons = [busDaemon, pipewireDaemon, Daemon(name: "wireplumber", process: wireplumber, log: "")]

        let pulse = try Self.startPulseServer(server: server, environment: environment)
        started.append(pulse.process)
        self.pulse = Mutex(pulse)

        // wireplumber says nothing when it is ready; it is once it has made the sink the default,
        // and the pulse server reports that.
        try Self.poll("wireplumber to make \(Self.sink) the default sink") {
            try Self.pactl(server, ["info"]).output.contains("Default Sink: \(Self.sink)")
        }
        // Configured, not just chosen: a sink that a test adds later does not take over.
        let configured = try Self.pactl(server, ["set-default-sink", sinkName])
        guard configured.status == 0 else {
            throw Failure(description: "pactl set-default-sink \(sinkName) failed:\n\(configured.errors)")
        }
    }

    /// Starts `pw-record` on the null sink's monitor, straight from PipeWire: the recording
    /// goes on across `killPulseServer()` and `restartPulseServer()`.
    public func record() throws -> MonitorRecorder {
        try MonitorRecorder(
            executable: try Self.executable("pw-record", package: "pipewire-bin"),
            arguments: [
                "--target", sinkName, "-P", "stream.capture.sink=true", "--rate", "\(Self.sampleRate)",
                "--channels", "1", "--format", "s16", "--latency", "20ms", "-",
            ],
            environment: environment, sampleRate: Self.sampleRate)
    }

    /// Kills pipewire-pulse with SIGKILL, by its PID, and waits for it to be gone: its clients'
    /// connections break, PipeWire, the sink and the recording go on.
    public func killPulseServer() {
        pulse.withLock { daemon in
            daemon?.process.stop(signal: SIGKILL)
            daemon = nil
        }
    }

    /// Starts a new pipewire-pulse on the same socket (one still running is stopped first), and
    /// returns once it accepts clients.
    public func restartPulseServer() throws {
        try pulse.withLock { daemon in
            daemon?.process.stop()
            daemon = nil
            daemon = try Self.startPulseServer(server: server, environment: environment)
            try Self.poll("the new pipewire-pulse to answer") { try Self.pactl(server, ["info"]).status == 0 }
        }
    }

    /// Stops pipewire-pulse, wireplumber, pipewire and the bus by their PIDs, and removes the folder.
    public func stop() {
        pulse.withLock { daemon in
            daemon?.process.stop()
            daemon = nil
        }
        for daemon in daemons.reversed() { daemon.process.stop() }
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// For a failing test's message: each daemon, running or how it ended, and the end of its log
    /// (warnings and errors; the daemons' stderr).
    public var diagnostics: String {
        let all = daemons + pulse.withLock { daemon in daemon.map { [$0] } ?? [] }
        return all.map { daemon in
            let state = daemon.process.waitForExit(within: .zero).map { "exited with status \($0)" } ?? "running"
            return "\(daemon.name) (PID \(daemon.process.pid)): \(state)\n\(daemon.log.text)"
        }.joined(separator: "\n")
    }

    /// Starts pipewire-pulse and waits for it to log that it listens on `server`.
    private static func startPulseServer(server: String, environment: [String: String]) throws -> Daemon {
        let pulse = try spawn(
            "pipewire-pulse", package: "pipewire-pulse", logging: "mod.protocol-pulse", environment: environment)
        do {
            return try waitForLog(pulse, "listening on \(server)", name: "pipewire-pulse")
        } catch {
            pulse.stop(signal: SIGKILL)
            throw error
        }
    }

    /// Starts a PipeWire daemon logging warnings, and `topic` at info level (its readiness line).
    private static func spawn(
        _ name: String, package: String, logging topic: String, environment: [String: String]
    ) throws -> ChildProcess {
        var environment = environment
        environment["PIPEWIRE_DEBUG"] = "2,\(topic):3"
        return try ChildProcess(
            executable: try executable(name, package: package), arguments: [], environment: environment,
            captureErrors: true)
    }

    /// Waits for `marker` in a daemon's log; the daemon's log is drained from then on.
    private static func waitForLog(_ process: ChildProcess, _ marker: String, name: String) throws -> Daemon {
        let (ready, log) = process.read(until: marker, within: .seconds(10))
        guard ready else { throw Failure(description: "\(name) did not start:\n\(log)") }
        return Daemon(name: name, process: process, log: log)
    }

    /// Asks `condition` until it holds: up to 500 times, 10 ms apart, for at most 10 s.
    private static func poll(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        for _ in 0..<500 {
            if try condition() { return }
            if ContinuousClock.now > deadline { break }
            usleep(10_000)
        }
        throw Failure(description: "timed out waiting for \(what)")
    }

    private static func pactl(_ server: String, _ arguments: [String]) throws -> ChildProcess.Finished {
        try ChildProcess.run(
            try executable("pactl", package: "pulseaudio-utils"), ["--server=\(server)"] + arguments,
            limit: .seconds(5))
    }

    private static func executable(_ name: String, package: String) throws -> String {
        guard let url = PrivatePulseAudio.findExecutable(name) else {
            throw Failure(description: "\(name) is not installed: sudo apt-get install \(package)")
        }
        return url.path
    }
}

/// A daemon and the end of its log. Its log is drained on a thread of its own, so that a chatty
/// daemon never blocks on a full pipe; the last few kilobytes are kept for `diagnostics`.
private struct Daemon: Sendable {
    let name: String
    let process: ChildProcess
    let log: LogTail

    init(name: String, process: ChildProcess, log start: String) {
        self.name = name
        self.process = process
        let log = LogTail(start)
        self.log = log
        OSThread.start(name: "\(name)-log") {
            while true {
                let bytes = process.read()
                if bytes.isEmpty { return }
                log.append(String(decoding: bytes, as: UTF8.self))
            }
        }
    }
}
