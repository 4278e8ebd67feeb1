import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking client for the narrator daemon's socket: write request lines, read reply lines.
///
/// For command-line tools, tests and games that talk to the daemon from a thread of their own;
/// each reply arrives before any speech completes, so a blocking read is the natural anchor.
/// One thread may read while another writes (the socket allows it; only `readLine` touches the
/// read buffer); two threads must not both read or both write.
public final class LineClient: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        /// What kind of failure, for callers that act on it (a game says why narration is off).
        public enum Reason: Sendable, Equatable {
            /// Nothing listens on the path.
            case noDaemon
            /// A process of another user listens on the path: refused, nothing was sent.
            case otherUser(uid: UInt32)
            /// The path cannot be a socket path (too long).
            case badPath
            /// The connection failed or ended.
            case connection
        }

        public let description: String
        public let reason: Reason

        init(_ description: String, _ reason: Reason = .connection) {
            self.description = description
            self.reason = reason
        }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to the daemon on `path`, and makes sure it is this user's: a socket that a process
    /// of another user listens on is refused before anything is written to it (another user who
    /// could replace the socket would otherwise hear, and answer, everything sent).
    public init(path: String) throws {
        descriptor = try Self.connect(path)
    }

    /// Connects to the narrator's Wine door on 127.0.0.1:`port` and sends `secret` first, as a
    /// Windows game's DLL does (docs/WINE.md); then the connection is the narrator's own protocol.
    /// Whose process listens cannot be asked of a TCP port: the secret, read from a file only this
    /// user can read, is what makes it this user's narrator.
    public init(loopbackPort port: Int, secret: String) throws {
        do {
            descriptor = try LoopbackConnection.open(port: port)
        } catch {
            throw Failure("no narrator answers on 127.0.0.1:\(port) (\(error.reason))", .noDaemon)
        }
        try send(secret)
    }

    /// A socket connected to the daemon on `path`, whose listener is this user's. Closes what it
    /// opened when it throws (a class whose properties are all set runs its deinit when its init
    /// throws, so `init` sets `descriptor` only once it holds a connection).
    private static func connect(_ path: String) throws(Failure) -> Int32 {
        if let problem = DaemonSocket.problem(with: path) { throw Failure(problem, .badPath) }
        let descriptor: Int32
        do {
            descriptor = try UnixStreamConnection.open(path: path)
        } catch .badAddress {
            throw Failure("The socket path \(path) cannot be a Unix socket address.", .badPath)
        } catch .socket(let code) {
            throw Failure("socket() failed: \(String(cString: strerror(code)))")
        } catch let failure {
            throw Failure(
                "no narrator answers on \(path) (\(failure.reason)); start one with `narrator serve`", .noDaemon)
        }
        if let refusal = refusal(of: SocketPeer.of(descriptor: descriptor), path: path) {
            FileDescriptor.close(descriptor)
            throw refusal
        }
        return descriptor
    }

    /// Why the process listening on `path` is not to be talked to, or nil when it is this user's.
    private static func refusal(of peer: SocketPeer?, path: String) -> Failure? {
        guard let peer else {
            return Failure("The kernel cannot tell which user listens on \(path), so nothing was sent to it.")
        }
        guard peer.uid != ProcessIdentity.userID else { return nil }
        return Failure(
            "The socket \(path) is served by another user (uid \(peer.uid), pid \(peer.pid)), not by a narrator of "
                + "yours (uid \(ProcessIdentity.userID)), so nothing was sent to it. Start your own narrator, on a socket in a "
                + "folder that only you can write to.",
            .otherUser(uid: peer.uid))
    }

    deinit { FileDescriptor.close(descriptor) }

    /// Makes `readLine` give up after `timeout` without a byte (it then throws); nil waits forever.
    public func setReadTimeout(_ timeout: Duration?) { SocketTimeout.set(descriptor, .receive, timeout) }

    /// Makes `send` give up when the daemon has taken nothing for `timeout` (it then throws, and
    /// part of the line may have been sent); nil waits forever. The daemon stops reading a client
    /// that leaves its replies unread, so a game that never reads can otherwise block in `send`.
    public func setWriteTimeout(_ timeout: Duration?) { SocketTimeout.set(descriptor, .send, timeout) }

    public func send(_ line: String) throws {
        try sendRaw(Array((line + "\n").utf8))
    }

    /// Writes bytes as they are (tests use it for malformed input).
    public func sendRaw(_ bytes: [UInt8]) throws {
        // MSG_NOSIGNAL: a daemon that went away is an error here, not a SIGPIPE that kills the caller.
        let sent = bytes.withUnsafeBytes { FileDescriptor.writeAll(descriptor, $0, socketFlags: Int32(MSG_NOSIGNAL)) }
        guard sent else {
            if errno == EAGAIN || errno == EWOULDBLOCK {
                throw Failure("the narrator took nothing within the write timeout")
            }
            throw Failure("the narrator closed the connection")
        }
    }

    /// Tells the daemon nothing more will come (it still answers what it has).
    public func finishSending() { try? FileDescriptor.shutdownWriting(descriptor) }

    /// The next line from the daemon, or nil when it closed the connection.
    public func readLine() throws -> String? {
        while true {
            if let line = takeLine() { return line }
            guard try fill() else { return nil }
        }
    }

    /// What `readLine(until:)` got.
    public enum TimedRead: Sendable, Hashable {
        case line(String)
        /// The daemon closed the connection.
        case closed
        /// No whole line came before the deadline.
        case timedOut
    }

    /// The next line from the daemon, waiting until `deadline` at most (`poll` on the socket).
    public func readLine(until deadline: ContinuousClock.Instant) throws -> TimedRead {
        while true {
            if let line = takeLine() { return .line(line) }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .timedOut }
            let (seconds, attoseconds) = left.components
            // Rounded up, so a wait never ends just before the deadline and spins.
            let milliseconds = min(
                Int64(Int32.max), seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            do throws(SystemCallError) {
                let ready = try Poll.wait(descriptor, for: .readable, milliseconds: Int32(milliseconds))
                if ready.isEmpty { continue }  // the deadline is checked above
            } catch let error where error.interrupted {
                continue  // not retried in place: the time left is worked out again
            } catch {
                throw Failure("waiting for the narrator failed: \(error.reason)")
            }
            guard try fill() else { return .closed }
        }
    }

    /// A whole line from the buffer, without its line break.
    private func takeLine() -> String? {
        guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
    }

    /// Reads what the socket has into the buffer; false when the daemon closed the connection.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count: Int
        do throws(SystemCallError) {
            count = try FileDescriptor.read(descriptor, into: &chunk)
        } catch {
            throw Failure("reading from the narrator failed: \(error.reason)")
        }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }
}
