import Foundation
import NarratorSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A bare SSIP connection for tests that send what no library would: bytes out, whole replies
/// (up to the line `ccc message`) back, each read waiting at most 10 s.
final class SSIPRawClient: @unchecked Sendable {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws {
        descriptor = try UnixStreamConnection.open(path: path)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// Writes everything; false when the daemon closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return false }
            sent += written
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// The next reply's lines (nil on end of input or time out).
    func reply() -> [String]? {
        var lines: [String] = []
        while let line = line() {
            lines.append(line)
            if line.count >= 4, line[line.index(line.startIndex, offsetBy: 3)] == " " { return lines }
        }
        return nil
    }

    /// The last line of the next reply: `225 OK MESSAGE QUEUED`.
    func last() -> String? { reply()?.last }

    private func line() -> String? {
        while true {
            if let end = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return nil }
            buffer += chunk.prefix(count)
        }
    }
}
