#if canImport(Glibc)
    import Glibc
#endif

/// Process signals taken by one thread that sleeps in `sigwait`: no signal handler, no dispatch
/// source (whose manager thread would start libdispatch's once-a-second pool monitor), and no
/// wake-up between signals.
public enum SignalWaiter {
    /// Blocks `signals` on the calling thread; threads it starts afterwards inherit the mask, so call
    /// it on the main thread before any other thread exists. From then on the signals only wait,
    /// pending, for `start` (until then a SIGHUP no longer ends the process).
    public static func block(_ signals: [Int32]) {
        var set = Self.set(signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts the thread that takes `signals` (blocked first with `block`) and calls `handler` with
    /// each, in order, on that thread.
    public static func start(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        let set = Self.set(signals)
        OSThread.start(name: "narrator-signal") {
            var set = set
            // Blocked here too: a signal must never find this thread between two waits unblocked.
            pthread_sigmask(SIG_BLOCK, &set, nil)
            while true {
                var signal: Int32 = 0
                guard sigwait(&set, &signal) == 0 else { continue }
                handler(signal)
            }
        }
    }

    private static func set(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
