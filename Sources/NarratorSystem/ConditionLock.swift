#if canImport(Glibc)
    import Glibc
#endif

/// A mutex with a condition variable, over pthreads.
///
/// Used instead of Foundation's NSCondition so the daemon does not load Foundation (and its ICU
/// data, ~8 MB of resident memory) for one lock.
public final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits for a signal; the lock must be held, and is held again on return.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Like `wait`, but gives up after `timeout`. Returns false when it timed out.
    public func wait(timeout: Duration) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }

    public func signal() { pthread_cond_signal(condition) }

    public func broadcast() { pthread_cond_broadcast(condition) }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
