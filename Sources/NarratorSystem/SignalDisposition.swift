#if canImport(Glibc)
    import Glibc
#endif

/// What a signal does to this process, for a program that must clean up before a signal ends it
/// (the game puts the terminal back). The daemon takes its signals with `SignalWaiter` instead.
public enum SignalDisposition {
    /// Calls `handler` when one of `signals` arrives (`signal`: it stays installed, and interrupted
    /// calls restart). The handler may only make async-signal-safe calls.
    public static func handle(_ signals: [Int32], with handler: @convention(c) (Int32) -> Void) {
        for signal in signals { _ = Glibc.signal(signal, handler) }
    }

    /// Puts back the default action of `signal` and raises it again, so the process ends as the
    /// signal would have ended it; async-signal-safe, for the end of a handler.
    public static func reraiseAtDefault(_ signal: Int32) {
        _ = Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }
}
