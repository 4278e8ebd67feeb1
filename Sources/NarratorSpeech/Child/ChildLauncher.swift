import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Starts the synthesis child with posix_spawn: its end of a socket pair on descriptor 3, standard
/// input and output on /dev/null, standard error shared (espeak-ng's own messages reach the log),
/// a clean signal mask (the daemon blocks its signals for its waiter thread), and no Swift
/// backtracer (a crash ends the child at once instead of starting a program to describe it).
enum ChildLauncher {
    /// The child's pid and the daemon's end of the pair; throws the reason when nothing started.
    static func spawn(_ process: SynthesizerProcess, dataPath: String?) throws(SpeechError) -> (
        pid: pid_t, channel: FrameChannel
    ) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .synthesizerFailed("socketpair failed: \(String(cString: strerror(errno)))")
        }
        defer { close(ends[1]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], SynthesisChild.socketDescriptor)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let extra = dataPath.map { ["--espeak-data", $0] } ?? []
        let argv = ([process.executable] + process.arguments + extra).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let pointer = entry.pointee {
            if strncmp(pointer, "SWIFT_BACKTRACE=", 16) != 0 { envp.append(strdup(pointer)) }
            entry += 1
        }
        envp.append(strdup("SWIFT_BACKTRACE=enable=no"))
        envp.append(nil)
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, process.executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(ends[0])
            throw .synthesizerFailed(
                "the synthesizer \(process.executable) could not be started: \(String(cString: strerror(spawned)))")
        }
        return (pid, FrameChannel(descriptor: ends[0]))
    }

    /// Kills the child (if it still runs) and reaps it; says how it ended, for the log and the
    /// failed utterance.
    static func reap(_ pid: pid_t) -> String {
        kill(pid, SIGKILL)
        var raw: Int32 = 0
        let reaped = retryingEINTR { waitpid(pid, &raw, 0) }
        guard reaped == pid else { return "the synthesizer process ended" }
        let signal = raw & 0x7f
        if signal == 0 { return "the synthesizer process exited with status \((raw >> 8) & 0xff)" }
        let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
        return "the synthesizer process ended on signal \(signal) (\(name))"
    }
}

extension ChildLauncher {
    /// The child did not answer as the protocol says.
    struct Failure: Error {}
}
