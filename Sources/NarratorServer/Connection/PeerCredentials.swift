import NIOCore
import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The process on the other end of a Unix socket, as the kernel reports it (SO_PEERCRED).
struct PeerCredentials: Sendable {
    let pid: Int32
    let uid: UInt32

    /// Reads the peer of `channel`, on its event loop; nil when the channel cannot say (not a
    /// Unix socket). The clients read the daemon the same way (`SocketPeer`).
    static func of(_ channel: any Channel) -> PeerCredentials? {
        guard let provider = channel as? any SocketOptionProvider else { return nil }
        let option = NIOBSDSocket.Option(rawValue: SO_PEERCRED)
        let future: EventLoopFuture<SocketPeer> = provider.unsafeGetSocketOption(level: .socket, name: option)
        // On the channel's own loop the option is read at once, so the future is already complete.
        let credentials = NIOLoopBoundBox<SocketPeer?>(nil, eventLoop: channel.eventLoop)
        future.whenSuccess { credentials.value = $0 }
        return credentials.value.map { PeerCredentials(pid: $0.pid, uid: $0.uid) }
    }
}
