#if canImport(Glibc)
    import Glibc
#endif

/// The system's clocks where Swift's own have no equivalent: the wall clock as `clock_gettime` reads
/// it, a thread's CPU time, and a plain sleep of the calling thread.
public enum SystemClock {
    /// A clock reading: whole seconds and the nanoseconds past them.
    public struct Reading: Sendable, Hashable {
        public var seconds: Int
        public var nanoseconds: Int

        /// The reading in nanoseconds.
        public var totalNanoseconds: Int { seconds * 1_000_000_000 + nanoseconds }
    }

    /// The wall clock: time since 1970 (`CLOCK_REALTIME`), which the user may set.
    public static func wallClock() -> Reading { read(CLOCK_REALTIME) }

    /// CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
    public static func threadCPUTime() -> Reading { read(CLOCK_THREAD_CPUTIME_ID) }

    /// Blocks the calling thread for `duration`, to the microsecond (`usleep`; a signal may cut it
    /// short). For threads outside Swift concurrency, where `Task.sleep` cannot wait.
    public static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        usleep(UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }

    private static func read(_ clock: clockid_t) -> Reading {
        var time = timespec()
        clock_gettime(clock, &time)
        return Reading(seconds: time.tv_sec, nanoseconds: time.tv_nsec)
    }
}
