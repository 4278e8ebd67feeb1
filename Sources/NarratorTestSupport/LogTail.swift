import Synchronization

/// The last 8 to 16 KiB of a log.
final class LogTail: Sendable {
    private let contents: Mutex<String>

    init(_ start: String) { contents = Mutex(start) }

    var text: String { contents.withLock { $0 } }

    func append(_ more: String) {
        contents.withLock { text in
            text += more
            if text.utf8.count > 16_384 { text = String(text.suffix(8_192)) }
        }
    }
}
