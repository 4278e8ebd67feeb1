import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking line client on 127.0.0.1, as the Wine DLL's thread is one: for the door's tests over
/// a real socket. Every read is bounded (`SO_RCVTIMEO`), so a test fails instead of hanging.
final class LoopbackLineClient {
    private let descriptor: Int32
    private var pending: [UInt8] = []

    init(port: Int, timeout: Int = 10) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw Failure("connect to 127.0.0.1:\(port): \(message)")
        }
    }

    deinit { close(descriptor) }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw Failure("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// The next line, without its line break; nil when the daemon closed the connection.
    func line() throws -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return nil }
            guard count > 0 else { throw Failure("recv: \(String(cString: strerror(errno))) (no line in time)") }
            pending += buffer[..<count]
        }
    }

    /// Lines until one satisfies `done` (that one included).
    func lines(until done: (String) -> Bool) throws -> [String] {
        var lines: [String] = []
        while let line = try line() {
            lines.append(line)
            if done(line) { return lines }
        }
        throw Failure("the connection closed after \(lines)")
    }
}

/// The door file of a daemon: its port and secret.
struct WineDoorFile {
    let port: Int
    let secret: String

    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let words = text.split(separator: " ")
        guard words.count == 4, words[0] == "narrator-wine", words[1] == "1", let port = Int(words[2]),
            text.hasSuffix("\n")
        else { throw LoopbackLineClient.Failure("not a door file: \(text)") }
        self.port = port
        secret = String(words[3].dropLast())
    }
}
