#if canImport(Glibc)
    import Glibc
#endif

/// A small file only its owner may read, written whole or not at all: a new file (mode 0600) beside
/// the target, then renamed over it, so a reader never sees it half written.
public enum PrivateFile {
    /// Writes `text` to `path`; the error names the call that failed and why.
    public static func write(_ text: String, to path: String) throws(PrivateFileError) {
        let temporary = "\(path).\(getpid()).new"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(call: "open", path: temporary, code: errno) }
        let written = FileDescriptor.writeAll(descriptor, text)
        let code = errno
        close(descriptor)
        guard written else {
            unlink(temporary)
            throw PrivateFileError(call: "write", path: temporary, code: code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw PrivateFileError(call: "rename", path: path, code: code)
        }
    }

    /// Removes `path` if it is there.
    public static func remove(_ path: String) {
        unlink(path)
    }
}

/// A private file could not be written.
public struct PrivateFileError: Error, CustomStringConvertible {
    public let call: String
    public let path: String
    public let code: Int32

    public var description: String {
        "Could not write \(path) (\(call): \(String(cString: strerror(code))))"
    }
}
