public import FoundationEssentials
import NarratorSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A desktop of our own for a screen reader to read, touching nobody's session: Xvfb on a free display,
/// a private session bus (whose activation starts the accessibility bus, `at-spi-bus-launcher`, and the
/// AT-SPI registry, `at-spi2-registryd`, as a login session's bus does), Orca with a settings folder of
/// its own, and a small GTK window (Tests/NarratorServerTests/Fixtures/orca/window.py) whose focus keys
/// move. Keys are pressed with `xdotool`. Every program is our child, started and stopped by its PID;
/// the accessibility bus and registry are the session bus's children and leave when it does.
///
/// Readiness, never a sleep: Xvfb prints its display number (`-displayfd`) once it accepts clients, the
/// bus its address once it listens, the window "shown" once it is mapped with its first button focused.
/// Orca says nothing on its own pipe when it is ready: it speaks ("Screen reader on."), and the caller
/// hears that through the speech server it gave Orca (`startOrca(speechdAddress:)`).
public final class PrivateDesktop: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The folder holding the bus's socket, Orca's settings and everyone's XDG folders (mode 0700).
    public let folder: URL
    /// `:N`, the display Xvfb serves.
    public let display: String
    /// The environment of a program of this desktop: DISPLAY, DBUS_SESSION_BUS_ADDRESS, XDG folders and
    /// HOME in `folder`, GSettings in memory (no dconf of the user's is read or written).
    public let environment: [String: String]
    private let xvfb: ChildProcess
    private let bus: ChildProcess
    private let programs = Mutex<[(name: String, process: ChildProcess, log: LogTail)]>([])

    /// The window the tests navigate, by its path in the checkout.
    public static let window = NarratorExecutable.packageRoot + "/Tests/NarratorServerTests/Fixtures/orca/window.py"

    /// The system's Python: the window needs its GObject introspection (python3-gi), which a Python of
    /// the user's own (pyenv, a virtual environment) first on PATH lacks. Orca runs under it too.
    static let python = "/usr/bin/python3"

    /// Starts Xvfb and the session bus.
    public static func start() throws -> PrivateDesktop { try PrivateDesktop() }

    private init() throws {
        for (program, package) in [
            ("Xvfb", "xvfb"), ("dbus-daemon", "dbus-daemon"), ("orca", "orca"), ("xdotool", "xdotool"),
        ]
        where PrivatePulseAudio.findExecutable(program) == nil {
            throw Failure(description: "\(program) is not installed: scripts/install-deps.sh --test (\(package))")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "narrator-desktop-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        for sub in ["runtime", "config", "data", "cache", "orca"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        chmod(folder.path, 0o700)
        chmod(folder.appendingPathComponent("runtime").path, 0o700)
        var base = ProcessInfo.processInfo.environment
        base["HOME"] = folder.path
        base["XDG_RUNTIME_DIR"] = folder.appendingPathComponent("runtime").path
        base["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        base["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        base["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        base["GSETTINGS_BACKEND"] = "memory"
        base["NO_AT_BRIDGE"] = nil
        base["GTK_MODULES"] = nil
        base.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        base.removeValue(forKey: "WAYLAND_DISPLAY")

        // -displayfd 1: Xvfb picks a free display and prints its number once it accepts clients.
        xvfb = try ChildProcess(
            executable: PrivatePulseAudio.findExecutable("Xvfb")!.path,
            arguments: ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "800x600x24"],
            environment: base, captureErrors: false)
        let (shown, number) = xvfb.read(until: "\n", within: .seconds(20))
        guard shown, let digits = number.split(separator: "\n").first, Int(digits) != nil else {
            xvfb.stop(signal: SIGKILL)
            try? FileManager.default.removeItem(at: folder)
            throw Failure(description: "Xvfb did not print its display:\n\(number)")
        }
        display = ":" + digits
        base["DISPLAY"] = display
        // The session bus, in the foreground so that it stays our child; it prints its address once it
        // listens. Its activation starts the accessibility bus when the window or Orca first asks for it.
        do {
            bus = try ChildProcess(
                executable: PrivatePulseAudio.findExecutable("dbus-daemon")!.path,
                arguments: [
                    "--session", "--nofork", "--nopidfile", "--print-address=1",
                    "--address=unix:path=\(folder.path)/runtime/bus",
                ],
                environment: base, captureErrors: false)
        } catch {
            xvfb.stop()
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        let (busReady, printed) = bus.read(until: "\n", within: .seconds(10))
        guard busReady, let address = printed.split(separator: "\n").first, address.hasPrefix("unix:") else {
            bus.stop(signal: SIGKILL)
            xvfb.stop()
            try? FileManager.default.removeItem(at: folder)
            throw Failure(description: "dbus-daemon did not print its address:\n\(printed)")
        }
        base["DBUS_SESSION_BUS_ADDRESS"] = String(address)
        environment = base
        // Whatever else they print goes nowhere; read so neither ever blocks on a full pipe.
        for process in [xvfb, bus] { OSThread.start(name: "desktop-log") { while !process.read().isEmpty {} } }
    }

    /// What Orca is told in its settings file (`user-settings.conf`, its JSON backend): speech on,
    /// through speech-dispatcher (its only speech server), and these of its settings; everything else
    /// is Orca's default.
    public struct OrcaSettings: Sendable {
        /// Orca's key echo: each key pressed said by name (Orca's default: on).
        public var keyEcho = true
        /// Orca's `verbalizePunctuationStyle`: 0 all, 1 most, 2 some, 3 none (Orca's default: 1).
        public var punctuation = 1
        /// Orca's `capitalizationStyle`: `none`, `spell` or `icon` (Orca's default: none).
        public var capitalization = "none"

        public init(keyEcho: Bool = true, punctuation: Int = 1, capitalization: String = "none") {
            self.keyEcho = keyEcho
            self.punctuation = punctuation
            self.capitalization = capitalization
        }

        var json: String {
            """
            {
                "general": {
                    "enableSpeech": true,
                    "speechServerFactory": "speechdispatcherfactory",
                    "enableKeyEcho": \(keyEcho),
                    "verbalizePunctuationStyle": \(punctuation),
                    "capitalizationStyle": "\(capitalization)",
                    "firstStart": false
                },
                "profiles": {"default": {"profile": ["Default", "default"], "pronunciations": {}, "keybindings": {}}},
                "pronunciations": {},
                "keybindings": {}
            }
            """
        }
    }

    /// Starts Orca (`orca --replace -u FOLDER`) on this desktop with `settings`, speaking through the
    /// speech-dispatcher at `speechdAddress` (`unix_socket:PATH`) and never starting one of its own.
    /// Returns at once: Orca is ready when its first words are heard.
    public func startOrca(speechdAddress: String, settings: OrcaSettings = OrcaSettings()) throws {
        // One Orca at a time: one started before (on another speech server) is stopped first.
        for earlier in programs.withLock({ programs in programs.filter { $0.name == "orca" } }) {
            Self.stop(earlier)
        }
        let preferences = folder.appendingPathComponent("orca")
        try settings.json.write(
            to: preferences.appendingPathComponent("user-settings.conf"), atomically: true, encoding: .utf8)
        var variables = environment
        variables["SPEECHD_ADDRESS"] = speechdAddress
        variables["SPEECHD_CMD"] = "/nonexistent/speech-dispatcher"
        try spawn(
            "orca", Self.python,
            [PrivatePulseAudio.findExecutable("orca")!.path, "--replace", "-u", preferences.path],
            environment: variables, captureErrors: true)
    }

    /// Starts the test window and returns once it is shown with its first button focused.
    public func startWindow() throws {
        let window = try spawn("window", Self.python, [Self.window], environment: environment, captureErrors: false)
        let (shown, log) = window.read(until: "shown\n", within: .seconds(20))
        guard shown else { throw Failure(description: "the window did not show:\n\(log)\n\(diagnostics)") }
        OSThread.start(name: "window-log") { while !window.read().isEmpty {} }
    }

    /// Presses and releases `key` (an X keysym name: `Tab`, `Down`, `Control_L`) with xdotool; returns
    /// once xdotool has sent it.
    public func press(_ key: String) throws {
        let pressed = try ChildProcess.run(
            PrivatePulseAudio.findExecutable("xdotool")!.path, ["key", key], environment: environment,
            limit: .seconds(10))
        guard pressed.status == 0 else {
            throw Failure(description: "xdotool key \(key) failed (\(pressed.status)): \(pressed.errors)")
        }
    }

    /// Types `text` with xdotool.
    public func type(_ text: String) throws {
        let typed = try ChildProcess.run(
            PrivatePulseAudio.findExecutable("xdotool")!.path, ["type", text], environment: environment,
            limit: .seconds(10))
        guard typed.status == 0 else { throw Failure(description: "xdotool type failed: \(typed.errors)") }
    }

    /// Whether each program still runs, with the end of Orca's log: what a test prints when Orca is not
    /// heard.
    public var diagnostics: String {
        programs.withLock { programs in
            programs.map { program in
                let state =
                    switch program.process.waitForExit(within: .zero) {
                    case nil: "\(program.name) (pid \(program.process.pid)) is running"
                    case let status?: "\(program.name) (pid \(program.process.pid)) exited with status \(status)"
                    }
                let log = program.log.text
                return log.isEmpty ? state : state + "; the end of its log:\n" + log
            }.joined(separator: "\n")
        }
    }

    @discardableResult
    private func spawn(
        _ name: String, _ executable: String, _ arguments: [String], environment: [String: String],
        captureErrors: Bool
    ) throws -> ChildProcess {
        let process = try ChildProcess(
            executable: executable, arguments: arguments, environment: environment, captureErrors: captureErrors)
        let log = LogTail("")
        programs.withLock { $0.append((name, process, log)) }
        if captureErrors {
            OSThread.start(name: "\(name)-log") {
                while case let bytes = process.read(), !bytes.isEmpty {
                    log.append(String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        return process
    }

    /// Orca 43 does not exit on SIGTERM (measured: still running 8 s later), so it is killed; it holds
    /// nothing that outlives it but its speech connection, which closes. Others get SIGTERM.
    private static func stop(_ program: (name: String, process: ChildProcess, log: LogTail)) {
        program.process.stop(signal: program.name == "orca" ? SIGKILL : SIGTERM)
    }

    /// Stops Orca and the window, then the bus (the accessibility bus and registry leave with it) and
    /// Xvfb, each by its PID, and removes the folder.
    public func stop() {
        for program in programs.withLock({ $0 }).reversed() { Self.stop(program) }
        bus.stop()
        xvfb.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
