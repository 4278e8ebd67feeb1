import FoundationEssentials
import RetroRacingCore

/// Where the game keeps its settings, `$XDG_CONFIG_HOME/retroracing/settings` (else
/// `~/.config/retroracing/settings`), and the reading and writing of that file.
struct SettingsStore {
    let path: String

    init(environment: [String: String]) {
        path = xdgFolder("XDG_CONFIG_HOME", else: ".config", environment: environment) + "/retroracing/settings"
    }

    /// The settings, and a notice for the player when the file had to be migrated or replaced (then
    /// it is written again at once, so the notice comes once). A missing file is the defaults.
    func load() -> (GameSettings, notice: String?) {
        guard let data = FileManager.default.contents(atPath: path) else { return (GameSettings(), nil) }
        switch SettingsFile.read(String(decoding: data, as: UTF8.self)) {
        case .current(let settings):
            return (settings, nil)
        case .migrated(let settings):
            save(settings)
            return (settings, "Settings moved to the new format in \(path).")
        case .broken(let reason):
            save(GameSettings())
            return (
                GameSettings(),
                "Settings file \(path) could not be read (\(reason)); defaults are used and the file was replaced. Best scores are kept."
            )
        }
    }

    /// Writes the settings; a failure is reported, not fatal.
    @discardableResult
    func save(_ settings: GameSettings) -> Bool {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return FileManager.default.createFile(atPath: path, contents: Data(SettingsFile.text(of: settings).utf8))
    }
}
