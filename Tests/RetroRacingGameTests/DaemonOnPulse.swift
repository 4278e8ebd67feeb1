import Foundation
import NarratorSystem
import NarratorTestSupport

/// The real `narrator serve` speaking into a private PulseAudio whose null sink's monitor is
/// recorded: what a race or the help is heard through. Stop it with `stop()`.
struct DaemonOnPulse {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let sound: RecordedPulse
    var pulse: PrivatePulseAudio { sound.pulse }
    var recorder: MonitorRecorder { sound.recorder }
    let daemon: ChildProcess
    let socket: String
    /// The `narrator` binary the daemon runs.
    let narrator: String
    /// This process's environment with the private server's address, for the game's process too.
    let environment: [String: String]

    /// Starts the server, its recorder and the daemon on `folder/narrator.sock`. With `stereo`, the
    /// sink and its recording are stereo (else mono: the server's downmix of the narrator's stereo);
    /// `dataHome` is the daemon's XDG_DATA_HOME, where it finds a profile before the shipped ones.
    static func start(in folder: String, stereo: Bool = false, dataHome: String? = nil) throws -> DaemonOnPulse {
        let channels = stereo ? 2 : 1
        guard let narrator = NarratorExecutable.path() else {
            throw Failure(description: "the narrator binary was not built")
        }
        let sound = try RecordedPulse(channels: channels)
        let socket = folder + "/narrator.sock"
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = sound.server
        var daemonEnvironment = environment
        if let dataHome { daemonEnvironment["XDG_DATA_HOME"] = dataHome }
        let daemon: ChildProcess
        do {
            daemon = try ChildProcess(
                executable: narrator, arguments: ["serve", "--socket", socket, "--output", "pulse"],
                environment: daemonEnvironment, captureErrors: true)
        } catch {
            sound.stop()
            throw error
        }
        let started = DaemonOnPulse(
            sound: sound, daemon: daemon, socket: socket, narrator: narrator,
            environment: environment)
        let (ready, log) = daemon.read(until: "ready on")
        guard ready else {
            started.stop()
            throw Failure(description: "the daemon did not start: \(log)")
        }
        OSThread.drain(daemon)
        return started
    }

    func stop() {
        daemon.stop()
        sound.stop()
    }
}
