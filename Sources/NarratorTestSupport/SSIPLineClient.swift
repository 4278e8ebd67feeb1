public import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A bare SSIP connection (speech-dispatcher's protocol, which the narrator's SSIP door speaks), for
/// the tests that send what no SSIP library would and for the benchmark that plays `spd-say`: bytes
/// out, whole replies (up to the line `ccc message`) back, each read waiting at most `readLimit`.
public final class SSIPLineClient: @unchecked Sendable {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    public init(path: String, readLimit: Duration) throws(UnixStreamConnection.Failure) {
        descriptor = try UnixStreamConnection.open(path: path)
        SocketTimeout.set(descriptor, .receive, readLimit)
    }

    deinit { close(descriptor) }

    /// Writes everything; false when the daemon closed the connection.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { FileDescriptor.writeAll(descriptor, $0, socketFlags: Int32(MSG_NOSIGNAL)) }
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// The next reply's lines, or event's (nil on end of input or time out).
    public func reply() -> [String]? {
        var lines: [String] = []
        while let line = line() {
            lines.append(line)
            if line.utf8.count >= 4, line.utf8.dropFirst(3).first == UInt8(ascii: " ") { return lines }
        }
        return nil
    }

    /// The last line of the next reply: `225 OK MESSAGE QUEUED`.
    public func last() -> String? { reply()?.last }

    private func line() -> String? {
        while true {
            if let end = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = retryingEINTR { chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
            if count <= 0 { return nil }
            buffer += chunk.prefix(count)
        }
    }
}
