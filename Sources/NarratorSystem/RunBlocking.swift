/// Runs `operation` as a detached task, on `executor` when given (else Swift concurrency's global
/// executor), and blocks the calling thread until it returns: how a synchronous program entry runs
/// its asynchronous body.
public func runBlocking(on executor: (any TaskExecutor)? = nil, _ operation: @escaping @Sendable () async -> Void) {
    let done = ConditionLock()
    nonisolated(unsafe) var finished = false
    Task.detached(executorPreference: executor) {
        await operation()
        done.withLock {
            finished = true
            done.broadcast()
        }
    }
    done.withLock { while !finished { done.wait() } }
}
