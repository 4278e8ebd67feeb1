#if canImport(Glibc)
    public import Glibc
#endif

/// A Unix socket's address (`sockaddr_un`) made from a path, for `bind`, `connect` and `sendto`. A path
/// that starts with "@" names an abstract socket (Linux: its first byte is 0 and it has no NUL end).
public struct UnixSocketAddress {
    private var address = sockaddr_un()
    /// The length to pass with it: the path's bytes, and its NUL unless abstract.
    public let length: socklen_t

    /// nil when the path is too long for a Unix socket address.
    public init?(path: String) {
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        address.sun_family = sa_family_t(AF_UNIX)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        length = socklen_t(pathOffset + bytes.count + (abstract ? 0 : 1))
    }

    /// Calls `body` with the address as a `sockaddr` and its length.
    public func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> Result) rethrows -> Result {
        try withUnsafePointer(to: address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0, length) }
        }
    }
}
