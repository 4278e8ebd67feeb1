import FoundationEssentials
import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a screen reader runs, for the settings' system defaults: `--screen-reader on|off|auto`.
enum ScreenReader: String, CaseIterable {
    case on
    case off
    case auto

    /// On or off as asked, or (auto) worked out now: GNOME's screen-reader switch
    /// (`org.gnome.desktop.a11y.applications screen-reader-enabled`, what Super+Alt+S and the
    /// accessibility settings turn on), a screen reader's process of this user (Orca on any desktop,
    /// Fenrir in a console, brltty for braille), or the kernel's console reader Speakup loaded.
    func isRunning(environment: [String: String]) -> Bool {
        switch self {
        case .on: true
        case .off: false
        case .auto:
            Self.desktopSwitchIsOn(environment: environment) || Self.readerIsRunning(procRoot: "/proc")
                || FileSystem.isAccessible("/sys/accessibility/speakup", .exists)
        }
    }

    /// Reads the GNOME setting with `gsettings` when it is installed; false when it is not, or the
    /// desktop has no such schema.
    static func desktopSwitchIsOn(environment: [String: String]) -> Bool {
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/gsettings" }
        guard let gsettings = paths.first(where: { FileSystem.isAccessible($0, .executable) }) else { return false }
        guard
            let pipe = popen(
                "'\(gsettings)' get org.gnome.desktop.a11y.applications screen-reader-enabled 2>/dev/null", "r")
        else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = fread(&buffer, 1, buffer.count, pipe)
        pclose(pipe)
        return Self.word(buffer[..<count]) == "true"
    }

    /// The process names of screen readers.
    static let readers: Set<String> = ["orca", "fenrir", "brltty"]

    /// Whether a screen reader's process of this user runs, from `procRoot` (`/proc`).
    static func readerIsRunning(procRoot: String) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: procRoot) else { return false }
        let user = ProcessIdentity.userID
        for entry in entries where entry.allSatisfy(\.isNumber) {
            let folder = procRoot + "/" + entry
            guard let comm = FileManager.default.contents(atPath: folder + "/comm"),
                readers.contains(Self.word(comm[...]))
            else { continue }
            if (try? FileStatus.of(folder, followingLinks: true))?.owner == user { return true }
        }
        return false
    }

    /// The first word of a command's output or a /proc file.
    private static func word<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes.prefix { $0 > 32 }, as: UTF8.self)
    }
}
