import Glibc
import NarratorSystem
import Synchronization
import Testing

/// `retryingEINTR` against a real signal: a read that a signal interrupts is made again and gets its
/// bytes; any other failure comes back at once, with its errno.
@Suite("Retrying after EINTR", .serialized)
struct RetryingEINTRTests {
    /// What the reading thread shares with the test.
    final class Reader: Sendable {
        let calls = Atomic<Int>(0)
        let thread = Mutex<pthread_t?>(nil)
        let result = Mutex<(count: Int, byte: UInt8)?>(nil)
        let ended = ConditionLock()
    }

    @Test("a read a signal interrupts is made again, and returns what was written")
    func retriesInterruptedRead() throws {
        // A handler without SA_RESTART: the signal makes a blocked read fail with EINTR rather than
        // have the kernel resume it.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        try #require(sigaction(SIGUSR2, &action, &previous) == 0)
        defer { sigaction(SIGUSR2, &previous, nil) }
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let (readEnd, writeEnd) = (ends[0], ends[1])

        let reader = Reader()
        OSThread.start(name: "eintr-reader") {
            // A new thread has its creator's signal mask, and the test runs on a pool thread that
            // blocks signals: let this one be interrupted.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            reader.thread.withLock { $0 = pthread_self() }
            var byte: UInt8 = 0
            let count = retryingEINTR {
                reader.calls.add(1, ordering: .sequentiallyConsistent)
                return read(readEnd, &byte, 1)
            }
            reader.ended.withLock {
                reader.result.withLock { $0 = (count, byte) }
                reader.ended.broadcast()
            }
        }
        // Signals until the read has been interrupted and made again; a signal that lands before
        // the read began only runs the handler, so keep sending (for 10 s at most: then the read is
        // let go, and the test fails below rather than hanging).
        let giveUp = ContinuousClock.now + .seconds(10)
        while reader.calls.load(ordering: .sequentiallyConsistent) < 2, ContinuousClock.now < giveUp {
            if let thread = reader.thread.withLock({ $0 }) { pthread_kill(thread, SIGUSR2) }
            sched_yield()
        }
        var byte: UInt8 = 42
        #expect(write(writeEnd, &byte, 1) == 1)
        let result = reader.ended.withLock {
            while reader.result.withLock({ $0 }) == nil { reader.ended.wait() }
            return reader.result.withLock { $0 }
        }
        #expect(result?.count == 1 && result?.byte == 42)
        #expect(reader.calls.load(ordering: .sequentiallyConsistent) >= 2)
    }

    @Test("another failure is returned at once, with its errno")
    func otherFailure() {
        var calls = 0
        var byte: UInt8 = 0
        let count = retryingEINTR {
            calls += 1
            return read(-1, &byte, 1)
        }
        #expect(count == -1 && errno == EBADF && calls == 1)
    }
}
