#if canImport(Glibc)
    public import Glibc
#endif

/// Makes a system call again for as long as a signal interrupts it (it returns a negative number
/// with `errno` EINTR), and returns its first other result, with `errno` as that call left it.
///
/// For calls that can simply be made again: `read`, `write`, `send`, `recv`, `waitpid`. Not for a
/// `poll` with a deadline: after a signal, the time left must be worked out again, so those loops
/// go round themselves.
///
/// ```swift
/// let count = retryingEINTR { read(descriptor, buffer, size) }
/// ```
@inlinable
public func retryingEINTR<Result: SignedInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result < 0 && errno == EINTR { continue }
        return result
    }
}
