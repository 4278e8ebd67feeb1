import Foundation

/// The user's settings file, as the CLI tests write it under a home of their own.
enum SettingsFile {
    /// Writes `lines` as `home`'s settings file (`home/narrator/config`), or removes it when nil.
    static func write(_ lines: [String]?, home: String) throws {
        let folder = home + "/narrator"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let lines {
            try (lines.joined(separator: "\n") + "\n").write(
                toFile: folder + "/config", atomically: true, encoding: .utf8)
        } else {
            try? FileManager.default.removeItem(atPath: folder + "/config")
        }
    }
}
