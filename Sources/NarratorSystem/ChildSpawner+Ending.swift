#if canImport(Glibc)
    public import Glibc
#endif

/// Ending a started child and reaping it.
extension ChildSpawner {
    /// How a reaped child ended.
    public enum Ending: Sendable, Equatable {
        /// It exited with this status (0-255).
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
    }

    /// Sends `signal` to process `pid` (`kill`).
    public static func send(_ signal: Int32, to pid: pid_t) throws(SystemCallError) {
        guard kill(pid, signal) == 0 else { throw SystemCallError(call: "kill", code: errno, subject: "\(pid)") }
    }

    /// Waits for the child `pid` to end and reaps it (`waitpid`, retried after signals).
    public static func reap(_ pid: pid_t) throws(SystemCallError) -> Ending {
        var status: Int32 = 0
        let reaped = retryingEINTR { waitpid(pid, &status, 0) }
        guard reaped == pid else { throw SystemCallError(call: "waitpid", code: errno, subject: "\(pid)") }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
