#if canImport(Glibc)
    import Glibc
#endif

/// Raw descriptor I/O shared by the sinks, the command line, the game and the client.
public enum FileDescriptor {
    /// Writes all of `bytes`, retrying after signals and partial writes. On a socket, pass
    /// `socketFlags` (e.g. MSG_NOSIGNAL) to use send(2). Returns false when the descriptor failed.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, socketFlags: Int32? = nil) -> Bool
    {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = retryingEINTR {
                if let socketFlags {
                    send(descriptor, base + offset, bytes.count - offset, socketFlags)
                } else {
                    Glibc.write(descriptor, base + offset, bytes.count - offset)
                }
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Writes a string's UTF-8 bytes; see `writeAll(_:_:socketFlags:)`.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Reads what is there into `buffer`, waiting for something and retrying after signals; returns
    /// the count, 0 at end of file. On a socket, pass `socketFlags` to use recv(2).
    public static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, socketFlags: Int32? = nil
    ) throws(SystemCallError) -> Int {
        let count = retryingEINTR {
            if let socketFlags {
                recv(descriptor, buffer.baseAddress, buffer.count, socketFlags)
            } else {
                Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            }
        }
        guard count >= 0 else { throw SystemCallError(call: socketFlags == nil ? "read" : "recv", code: errno) }
        return count
    }

    /// Reads what is there into the start of `buffer` (up to its count); see `read(_:into:socketFlags:)`.
    public static func read(_ descriptor: Int32, into buffer: inout [UInt8]) throws(SystemCallError) -> Int {
        let result = buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(SystemCallError) in try read(descriptor, into: bytes) }
        }
        return try result.get()
    }

    /// Closes `descriptor`. Not retried and not reported: on Linux the descriptor is gone even when
    /// close(2) fails, and closing it again could close one another thread has just opened.
    public static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}
