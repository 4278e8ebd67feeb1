#if canImport(Glibc)
    public import Glibc
#endif

/// A regular file through its descriptor: opened, positioned, cut short and written at an offset,
/// as the WAV output keeps its file.
extension FileDescriptor {
    /// Opens `path` with `flags` (`O_WRONLY | O_CREAT ...`), creating it with `mode` when `O_CREAT`
    /// says so; the caller closes the descriptor.
    public static func open(_ path: String, flags: Int32, mode: mode_t = 0) throws(SystemCallError) -> Int32 {
        let descriptor = Glibc.open(path, flags, mode)
        guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno, subject: path) }
        return descriptor
    }

    /// Moves the file offset to `offset` from `whence` (`SEEK_SET`); returns the new offset.
    @discardableResult
    public static func seek(_ descriptor: Int32, to offset: off_t, from whence: Int32 = SEEK_SET)
        throws(SystemCallError) -> off_t
    {
        let position = lseek(descriptor, offset, whence)
        guard position >= 0 else { throw SystemCallError(call: "lseek", code: errno) }
        return position
    }

    /// Cuts (or extends with zeros) the file to `length` bytes (`ftruncate`); the offset stays.
    public static func truncate(_ descriptor: Int32, to length: off_t) throws(SystemCallError) {
        guard ftruncate(descriptor, length) == 0 else { throw SystemCallError(call: "ftruncate", code: errno) }
    }

    /// Writes `bytes` at `offset` in one `pwrite`, leaving the file offset alone; a short write is an
    /// error (EIO when the call left no code).
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: off_t)
        throws(SystemCallError)
    {
        let written = pwrite(descriptor, bytes.baseAddress, bytes.count, offset)
        guard written == bytes.count else { throw SystemCallError(call: "pwrite", code: written < 0 ? errno : EIO) }
    }

    /// Writes `bytes` at `offset`; see `write(_:_:at:)`.
    public static func write(_ descriptor: Int32, _ bytes: [UInt8], at offset: off_t) throws(SystemCallError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in try write(descriptor, buffer, at: offset) }
        }
        try result.get()
    }
}
