import FoundationEssentials

/// What the game keeps between runs, under `$XDG_DATA_HOME/retroracing` (else
/// `~/.local/share/retroracing`): best score per difficulty, and whether the help was narrated.
struct GameData {
    let folder: String

    init(environment: [String: String]) {
        folder = xdgFolder("XDG_DATA_HOME", else: ".local/share", environment: environment) + "/retroracing"
    }

    private var bestPath: String { folder + "/best-scores" }
    private var helpMarker: String { folder + "/help-narrated" }

    /// Best scores by difficulty name; a missing or damaged file counts as no records.
    func bestScores() -> [String: Int] {
        guard let data = FileManager.default.contents(atPath: bestPath) else { return [:] }
        var scores: [String: Int] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let score = Int(parts[1]), score >= 0 { scores[String(parts[0])] = score }
        }
        return scores
    }

    /// Writes the scores; a failure to write is not worth stopping a game for, so it is ignored.
    func save(bestScores: [String: Int]) {
        let text = bestScores.keys.sorted().map { "\($0) \(bestScores[$0]!)\n" }.joined()
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: bestPath, contents: Data(text.utf8))
    }

    var helpWasNarrated: Bool { FileManager.default.fileExists(atPath: helpMarker) }

    func markHelpNarrated() {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: helpMarker, contents: Data())
    }
}

/// An XDG base folder: `$variable` when set and not empty, else `$HOME/fallback`.
func xdgFolder(_ variable: String, else fallback: String, environment: [String: String]) -> String {
    environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? "/tmp") + "/" + fallback)
}
