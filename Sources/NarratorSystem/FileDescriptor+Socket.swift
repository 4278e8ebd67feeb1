#if canImport(Glibc)
    import Glibc
#endif

/// A socket through its descriptor: its options, its own address, and half-closing it.
extension FileDescriptor {
    /// Tells the peer nothing more will be sent (`shutdown` SHUT_WR); what it sends can still be read.
    public static func shutdownWriting(_ descriptor: Int32) throws(SystemCallError) {
        guard shutdown(descriptor, Int32(SHUT_WR)) == 0 else { throw SystemCallError(call: "shutdown", code: errno) }
    }

    /// An integer option at the socket level (`getsockopt` SOL_SOCKET: SO_TYPE, SO_DOMAIN,
    /// SO_ACCEPTCONN); nil when the descriptor is not a socket.
    public static func socketOption(_ descriptor: Int32, _ name: Int32) -> Int32? {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, name, &value, &length) == 0 ? value : nil
    }

    /// The path a Unix socket is bound to (`getsockname`), `@name` for an abstract one; nil when it
    /// has none or is not a Unix socket.
    public static func boundPath(_ descriptor: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        guard named == 0, Int(length) > pathOffset else { return nil }
        let bytes = withUnsafeBytes(of: address.sun_path) { Array($0.prefix(Int(length) - pathOffset)) }
        if bytes.first == 0 { return "@" + String(decoding: bytes.dropFirst(), as: UTF8.self) }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
