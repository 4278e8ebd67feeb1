#if canImport(Glibc)
    import Glibc
#endif

/// A pipe (`pipe`): what is written to one end is read from the other; a thread waiting in `poll`
/// on the read end is woken by a byte written to it.
public enum UnixPipe {
    /// A new pipe's two ends, both close-on-exec; the caller closes them.
    public static func make() throws(SystemCallError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SystemCallError(call: "pipe", code: errno) }
        for end in ends { try? FileDescriptor.setCloseOnExec(end) }
        return (ends[0], ends[1])
    }
}
