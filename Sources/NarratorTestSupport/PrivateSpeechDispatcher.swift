public import FoundationEssentials
import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A speech-dispatcher of our own, with its espeak-ng module, playing into a private PulseAudio:
/// its own runtime and configuration folders and socket, so neither the user's speech-dispatcher nor
/// their sound session is touched. Started and stopped by PID.
public final class PrivateSpeechDispatcher: Sendable {
    public typealias Failure = ChildProcess.Failure

    /// The folder holding its socket, configuration and logs (its XDG_RUNTIME_DIR).
    public let folder: URL
    /// The value for SPEECHD_ADDRESS.
    public let address: String
    private let process: ChildProcess

    /// Starts speech-dispatcher speaking through espeak-ng into `pulse`, and returns once it waits
    /// for clients.
    public static func start(playingInto pulse: PrivatePulseAudio) throws -> PrivateSpeechDispatcher {
        try PrivateSpeechDispatcher(pulseServer: pulse.server)
    }

    /// Environment for a client that must reach this speech-dispatcher and no other, and must never
    /// start one of its own (libspeechd starts the one on PATH when nothing answers).
    public var clientEnvironment: [String: String] {
        ["SPEECHD_ADDRESS": address, "SPEECHD_CMD": "/nonexistent/speech-dispatcher"]
    }

    private init(pulseServer: String) throws {
        guard let executable = PrivatePulseAudio.findExecutable("speech-dispatcher") else {
            throw Failure(
                description:
                    "speech-dispatcher is not installed: sudo apt-get install speech-dispatcher speech-dispatcher-espeak-ng"
            )
        }
        guard FileManager.default.isExecutableFile(atPath: Self.moduleFolder + "/sd_espeak-ng") else {
            throw Failure(
                description: "speech-dispatcher's espeak-ng module is not installed: "
                    + "sudo apt-get install speech-dispatcher-espeak-ng")
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("narrator-speechd-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let configuration = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(
            at: configuration.appendingPathComponent("modules"), withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
        // One module, English by default, played through PulseAudio (PULSE_SERVER below).
        try """
        AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
        DefaultModule espeak-ng
        DefaultLanguage "en"
        AudioOutputMethod "pulse"
        """.write(to: configuration.appendingPathComponent("speechd.conf"), atomically: true, encoding: .utf8)
        // Debian's shipped settings for the module, so figures are those of a stock installation.
        try """
        EspeakMinRate 80
        EspeakNormalRate 170
        EspeakMaxRate 449
        EspeakAudioChunkSize 300
        EspeakAudioQueueMaxSize 441000
        EspeakIndexing 1
        """.write(
            to: configuration.appendingPathComponent("modules/espeak-ng.conf"), atomically: true, encoding: .utf8)
        let socket = folder.appendingPathComponent("speechd.sock").path
        self.folder = folder
        address = "unix_socket:" + socket

        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = folder.path
        environment["XDG_CONFIG_HOME"] = configuration.path
        environment["HOME"] = folder.path
        environment["PULSE_SERVER"] = pulseServer
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        // -s: stay in the foreground; -t 0: never exit for want of clients; -L stdout with level 1:
        // its log is only the readiness line, on the pipe read here.
        let process = try ChildProcess(
            executable: executable.path,
            arguments: [
                "-s", "-t", "0", "-l", "1", "-L", "stdout", "-C", configuration.path, "-S", socket,
                "-P", folder.appendingPathComponent("speechd.pid").path, "-m", Self.moduleFolder,
            ],
            environment: environment, captureErrors: false)
        self.process = process
        let (ready, log) = process.read(until: "waiting for clients")
        guard ready else {
            process.stop(signal: SIGKILL)
            try? FileManager.default.removeItem(at: folder)
            throw Failure(description: "speech-dispatcher did not start:\n\(log)")
        }
        OSThread.start(name: "speechd-log") { while !process.read().isEmpty {} }
    }

    /// Where Debian installs the output modules.
    static let moduleFolder = "/usr/lib/speech-dispatcher-modules"

    /// The server's process ID.
    public var pid: Int32 { process.pid }

    /// Kills it at once (SIGKILL), as a crash would; its module exits when its pipe closes.
    public func kill() {
        process.stop(signal: SIGKILL)
    }

    /// Stops it by its PID and removes its folder.
    public func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
