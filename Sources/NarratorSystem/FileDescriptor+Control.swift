#if canImport(Glibc)
    import Glibc
#endif

extension FileDescriptor {
    /// A new descriptor for what `descriptor` refers to (`dup`), for the caller to close.
    public static func duplicate(_ descriptor: Int32) throws(SystemCallError) -> Int32 {
        let copy = dup(descriptor)
        guard copy >= 0 else { throw SystemCallError(call: "dup", code: errno) }
        return copy
    }

    /// Marks `descriptor` close-on-exec, keeping its other descriptor flags (`fcntl` F_SETFD), so
    /// no program this process starts inherits it.
    public static func setCloseOnExec(_ descriptor: Int32) throws(SystemCallError) {
        let flags = fcntl(descriptor, F_GETFD)
        guard flags >= 0 else { throw SystemCallError(call: "fcntl", code: errno) }
        guard fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) == 0 else {
            throw SystemCallError(call: "fcntl", code: errno)
        }
    }
}
