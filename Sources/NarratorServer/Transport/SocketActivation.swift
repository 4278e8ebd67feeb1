import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A listening socket handed over by systemd (socket activation: `narrator.socket`), by the
/// protocol of sd_listen_fds(3): `LISTEN_PID` is this process, `LISTEN_FDS` counts the sockets,
/// which start at descriptor 3. No libsystemd: the protocol is two variables and a descriptor.
public struct InheritedSocket: Sendable, Equatable {
    /// The first passed descriptor.
    public static let firstDescriptor: Int32 = 3

    public let descriptor: Int32
    /// The path it listens on, as `getsockname` tells (`@name` for an abstract one).
    public let path: String

    /// The sockets systemd passed to this process: the main one, and the SSIP one, the socket named
    /// `ssip` (`FileDescriptorName=ssip`, narrator-ssip.socket); nil for each it did not pass. Reads
    /// and unsets `LISTEN_PID`, `LISTEN_FDS` and `LISTEN_FDNAMES` (so nothing this process starts takes
    /// them for its own), and marks the descriptors close-on-exec. Call before other threads read the
    /// environment. Throws when the variables are for this process but a socket is not one the daemon
    /// can serve on: more than one main socket, or not a listening Unix stream socket.
    public static func take() throws(ServerError) -> (main: InheritedSocket?, ssip: InheritedSocket?) {
        let pid = variable("LISTEN_PID")
        let count = variable("LISTEN_FDS")
        let names = variable("LISTEN_FDNAMES")?.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        guard let pid, let count, Int32(pid) == ProcessIdentity.processID else { return (nil, nil) }
        guard let sockets = Int(count), sockets >= 0 else {
            throw ServerError("LISTEN_FDS is \"\(count)\", not a number of sockets; check narrator.socket.")
        }
        let descriptors = (0..<Int32(sockets)).map { firstDescriptor + $0 }
        let ssip = descriptors.indices.filter { names?.indices.contains($0) == true && names?[$0] == ssipName }
        let main = descriptors.indices.filter { !ssip.contains($0) }
        guard main.count <= 1, ssip.count <= 1 else {
            throw ServerError(
                "systemd passed \(sockets) sockets; narrator serves one, and one SSIP socket named \(ssipName): give "
                    + "narrator.socket one ListenStream= line, and narrator-ssip.socket FileDescriptorName=\(ssipName)."
            )
        }
        return (
            try main.first.map { index throws(ServerError) in try checked(descriptors[index]) },
            try ssip.first.map { index throws(ServerError) in try checked(descriptors[index]) }
        )
    }

    /// The `FileDescriptorName=` of the SSIP socket unit.
    public static let ssipName = "ssip"

    /// A passed descriptor the daemon can listen on, marked close-on-exec.
    private static func checked(_ descriptor: Int32) throws(ServerError) -> InheritedSocket {
        let option = { FileDescriptor.socketOption(descriptor, $0) }
        guard option(SO_DOMAIN) == AF_UNIX, option(SO_TYPE) == Int32(SOCK_STREAM.rawValue) else {
            throw ServerError(
                "The socket systemd passed is not a Unix stream socket; narrator.socket needs ListenStream=PATH.")
        }
        guard option(SO_ACCEPTCONN) == 1 else {
            throw ServerError("The socket systemd passed does not listen; narrator.socket needs ListenStream=PATH.")
        }
        try? FileDescriptor.setCloseOnExec(descriptor)
        return InheritedSocket(
            descriptor: descriptor, path: FileDescriptor.boundPath(descriptor) ?? "(an unnamed socket)")
    }

    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

}

/// Tells the service manager how the daemon is doing (`Type=notify`, sd_notify(3)): one datagram
/// to the socket named by `NOTIFY_SOCKET`, written here without libsystemd.
public struct ServiceNotifier: Sendable {
    /// The socket's path (`@name`: abstract).
    public let socketPath: String

    /// The notifier `NOTIFY_SOCKET` names, or nil without one (started by hand). Unsets the
    /// variable, so nothing this process starts reports in its name; call before other threads
    /// read the environment.
    public static func take() -> ServiceNotifier? {
        defer { unsetenv("NOTIFY_SOCKET") }
        guard let value = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }),
            value.hasPrefix("/") || value.hasPrefix("@")
        else { return nil }
        return ServiceNotifier(socketPath: value)
    }

    public init(socketPath: String) {
        self.socketPath = socketPath
    }

    /// Sends `state` (`READY=1`, `STOPPING=1`); never blocks. Throws when it cannot be sent.
    public func notify(_ state: String) throws(ServerError) {
        guard let address = UnixSocketAddress(path: socketPath) else {
            throw ServerError("NOTIFY_SOCKET \(socketPath) is too long for a Unix socket address.")
        }
        do throws(SystemCallError) {
            try UnixDatagram.send(Array(state.utf8), to: address)
        } catch {
            throw ServerError("Cannot tell the service manager (\(socketPath)): \(error.call): \(error.reason).")
        }
    }
}
