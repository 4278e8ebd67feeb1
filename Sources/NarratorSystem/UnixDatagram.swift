#if canImport(Glibc)
    import Glibc
#endif

/// One datagram to a Unix datagram socket, from a socket made for it: how the daemon tells systemd
/// how it is doing (`NOTIFY_SOCKET`).
public enum UnixDatagram {
    /// Sends `message` to `address` without blocking and without SIGPIPE; throws when the socket
    /// cannot be made or the whole message did not go.
    public static func send(_ message: [UInt8], to address: UnixSocketAddress) throws(SystemCallError) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemCallError(call: "socket", code: errno) }
        defer { FileDescriptor.close(descriptor) }
        let sent = address.withSockaddr {
            sendto(descriptor, message, message.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT), $0, $1)
        }
        guard sent == message.count else { throw SystemCallError(call: "sendto", code: errno) }
    }
}
