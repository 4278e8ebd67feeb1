import Foundation
import NarratorSystem
import NarratorTestSupport

/// The real `narrator serve` speaking into a private PulseAudio whose null sink's monitor is
/// recorded: what a race or the help is heard through. Stop it with `stop()`.
struct DaemonOnPulse {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let pulse: PrivatePulseAudio
    let recorder: MonitorRecorder
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
        let pulse = try PrivatePulseAudio.start(channels: channels)
        let recorder: MonitorRecorder
        do {
            recorder = try pulse.record(channels: channels)
        } catch {
            pulse.stop()
            throw error
        }
        // An idle null sink stalls a new stream unless a recorder has run for a while.
        guard recorder.waitForSamples(2 * recorder.sampleRate * channels), let narrator = NarratorExecutable.path()
        else {
            recorder.stop()
            pulse.stop()
            throw Failure(description: "the monitor recorded nothing, or the narrator binary was not built")
        }
        let socket = folder + "/narrator.sock"
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = pulse.server
        var daemonEnvironment = environment
        if let dataHome { daemonEnvironment["XDG_DATA_HOME"] = dataHome }
        let daemon: ChildProcess
        do {
            daemon = try ChildProcess(
                executable: narrator, arguments: ["serve", "--socket", socket, "--output", "pulse"],
                environment: daemonEnvironment, captureErrors: true)
        } catch {
            recorder.stop()
            pulse.stop()
            throw error
        }
        let started = DaemonOnPulse(
            pulse: pulse, recorder: recorder, daemon: daemon, socket: socket, narrator: narrator,
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
        recorder.stop()
        pulse.stop()
    }
}
