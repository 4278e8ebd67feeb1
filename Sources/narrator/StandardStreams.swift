import NarratorSystem

/// Standard input and error without Foundation's FileHandle (which would load all of Foundation).
enum StandardStreams {
    /// Everything on standard input, decoded as UTF-8 (invalid bytes become U+FFFD).
    static func readInput() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard let count = try? FileDescriptor.read(0, into: &buffer), count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes one line to standard error.
    static func printError(_ line: String) {
        FileDescriptor.writeAll(2, line + "\n")
    }
}
