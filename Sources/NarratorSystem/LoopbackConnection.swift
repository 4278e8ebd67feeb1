#if canImport(Glibc)
    import Glibc
#endif

/// Opening a TCP connection to a port on 127.0.0.1: the way to the narrator's Wine door, for the
/// tools and tests that check it as a Windows game would reach it.
public enum LoopbackConnection {
    /// A connected, close-on-exec descriptor to 127.0.0.1:`port`; the caller closes it. The error
    /// names the call that failed and why.
    public static func open(port: Int) throws(UnixStreamConnection.Failure) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .socket(errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw .connect(errno: code)
        }
        return descriptor
    }
}
