import Logging

/// Logging for the command line: one plain line per message on standard error,
/// `narrator: warning: ...`, with metadata only when asked for (debug level).
struct CommandLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "narrator: \(event.level): \(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if logLevel <= .debug, !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        StandardStreams.printError(line)
    }
}

enum CommandLogger {
    static func make(level: Logger.Level = .warning) -> Logger {
        Logger(label: "narrator") { _ in CommandLogHandler(logLevel: level) }
    }
}
