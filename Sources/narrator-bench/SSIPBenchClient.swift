import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh SSIP connection as `spd-say` makes one: connect, name itself, set its language and
/// priority, then `SPEAK` (or `CANCEL ALL`, as `spd-say -C`). Blocking, with a 30 s read limit.
final class SSIPBenchClient {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws {
        do {
            descriptor = try UnixStreamConnection.open(path: path)
        } catch {
            throw DaemonBench.BenchFailure("cannot connect to \(path): \(error.reason)")
        }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        for command in ["SET SELF CLIENT_NAME bench:spd-say:main", "SET SELF LANGUAGE en", "SET SELF PRIORITY message"]
        {
            try self.command(command)
        }
    }

    deinit { close(descriptor) }

    /// Sends one command; its reply's lines, or a failure for an error reply. Events that come
    /// first are kept for `waitForEnd`.
    @discardableResult
    func command(_ line: String) throws -> [String] {
        try send(line + "\r\n")
        while true {
            let reply = try message()
            if reply.last?.first == "7" {
                events.append(reply)
                continue
            }
            guard let last = reply.last, last.first == "1" || last.first == "2" else {
                throw DaemonBench.BenchFailure("\(line): \(reply.joined(separator: " / "))")
            }
            return reply
        }
    }

    /// Events read while waiting for a reply.
    private var events: [[String]] = []

    /// `SPEAK` of `text` with events END and CANCEL on; the message id.
    func speak(_ text: String) throws -> String {
        try command("SET SELF NOTIFICATION END on")
        try command("SET SELF NOTIFICATION CANCEL on")
        try command("SPEAK")
        let queued = try command(text + "\r\n.")
        guard let line = queued.first, line.hasPrefix("225-") else { throw DaemonBench.BenchFailure("no message id") }
        return String(line.dropFirst(4))
    }

    /// Waits for the END or CANCEL event of message `id`.
    func waitForEnd(of id: String) throws {
        while true {
            let event = events.isEmpty ? try message() : events.removeFirst()
            let ended = event.last == "702 END" || event.last == "703 CANCELED"
            if ended && event.first?.hasSuffix("-" + id) == true { return }
        }
    }

    private func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw DaemonBench.BenchFailure("the SSIP server closed the connection") }
            sent += written
        }
    }

    /// The next reply or event, whole.
    private func message() throws -> [String] {
        var lines: [String] = []
        while true {
            let line = try line()
            lines.append(line)
            if line.utf8.count >= 4, line.utf8.dropFirst(3).first == UInt8(ascii: " ") { return lines }
        }
    }

    private func line() throws -> String {
        while true {
            if let end = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw DaemonBench.BenchFailure("the SSIP server sent nothing") }
            buffer += chunk.prefix(count)
        }
    }
}
