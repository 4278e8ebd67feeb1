import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Starts the synthesis child through `ChildSpawner` (so with a clean signal mask: the daemon blocks
/// its signals for its waiter thread): its end of a socket pair on descriptor 3, standard input and
/// output on /dev/null, standard error shared (espeak-ng's own messages reach the log), and no Swift
/// backtracer (a crash ends the child at once instead of starting a program to describe it).
enum ChildLauncher {
    /// The child's pid and the daemon's end of the pair; throws the reason when nothing started.
    static func spawn(_ process: SynthesizerProcess, dataPath: String?) throws(SpeechError) -> (
        pid: pid_t, channel: FrameChannel
    ) {
        let ends: (Int32, Int32)
        do {
            ends = try UnixStreamConnection.pair()
        } catch {
            throw .synthesizerFailed("socketpair failed: \(error.reason)")
        }
        defer { FileDescriptor.close(ends.1) }
        let extra = dataPath.map { ["--espeak-data", $0] } ?? []
        let environment =
            ChildSpawner.currentEnvironment().filter { !$0.hasPrefix("SWIFT_BACKTRACE=") } + [
                "SWIFT_BACKTRACE=enable=no"
            ]
        let pid: pid_t
        do {
            pid = try ChildSpawner.spawn(
                process.executable, arguments: process.arguments + extra, environment: environment,
                files: [
                    .duplicate(ends.1, to: SynthesisChild.socketDescriptor),
                    .open("/dev/null", as: 0, flags: O_RDONLY),
                    .open("/dev/null", as: 1, flags: O_WRONLY),
                ])
        } catch {
            FileDescriptor.close(ends.0)
            throw .synthesizerFailed("the synthesizer \(process.executable) could not be started: \(error.reason)")
        }
        return (pid, FrameChannel(descriptor: ends.0))
    }

    /// Kills the child (if it still runs) and reaps it; says how it ended, for the log and the
    /// failed utterance.
    static func reap(_ pid: pid_t) -> String {
        try? ChildSpawner.send(SIGKILL, to: pid)
        switch try? ChildSpawner.reap(pid) {
        case nil:
            return "the synthesizer process ended"
        case .exited(let status):
            return "the synthesizer process exited with status \(status)"
        case .signalled(let signal):
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
            return "the synthesizer process ended on signal \(signal) (\(name))"
        }
    }
}

extension ChildLauncher {
    /// The child did not answer as the protocol says.
    struct Failure: Error {}
}
