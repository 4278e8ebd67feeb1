#if canImport(Glibc)
    public import Glibc
#endif

/// A helper daemon (pulseaudio, parec) spawned with posix_spawn and reaped by PID.
///
/// Foundation's `Process` is not used for these: its monitor thread can block in `waitpid` on one
/// long-lived child and then never notices another one exit. Children also get a clean signal
/// mask, so SIGTERM works even when the spawning thread had it blocked.
public final class ChildProcess: Sendable {
    public let pid: pid_t
    /// Read end of the child's standard output or error, whichever was captured.
    public let output: Int32

    /// Starts `executable`, capturing its standard output (or standard error when `captureErrors`).
    public init(executable: String, arguments: [String], environment: [String: String], captureErrors: Bool) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw PrivatePulseAudio.Failure(description: "pipe() failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], captureErrors ? 2 : 1)
        posix_spawn_file_actions_addopen(&actions, captureErrors ? 1 : 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw PrivatePulseAudio.Failure(
                description: "posix_spawn(\(executable)) failed: \(String(cString: strerror(status)))")
        }
        pid = child
        output = pipeEnds[0]
    }

    /// Reads what is available (blocking until something is); empty at end of file.
    public func read(maximum: Int = 65_536) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, maximum) }
            if count < 0 && errno == EINTR { continue }
            return count <= 0 ? [] : Array(buffer[0..<count])
        }
    }

    /// Sends `signal` and waits for the child to end.
    public func stop(signal: Int32 = SIGTERM) {
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Reads the child's output until it contains `marker` (its readiness line, say). Returns what
    /// was read, and whether the marker came before the child closed its output.
    public func read(until marker: String) -> (found: Bool, log: String) {
        var log = ""
        while !log.contains(marker) {
            let bytes = read()
            if bytes.isEmpty { return (false, log) }
            log += String(decoding: bytes, as: UTF8.self)
        }
        return (true, log)
    }

    /// Sends a signal without waiting.
    public func signal(_ signal: Int32) { kill(pid, signal) }

    /// Waits for the child to exit; returns its exit status (128 + signal when killed).
    public func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    deinit { close(output) }
}
