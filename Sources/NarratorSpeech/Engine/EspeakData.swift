import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A data folder given with `--espeak-data`, checked before espeak-ng sees it.
///
/// espeak-ng takes the given folder's `espeak-ng-data` subfolder, else the folder itself; when
/// neither is a folder it silently falls back to `$ESPEAK_DATA_PATH`, `~/espeak-ng-data` and its
/// built-in path, so a mistyped folder would go unnoticed. And a folder without its voice list or
/// dictionaries initializes, then lists no voices or reads words as letters.
enum EspeakData {
    /// The files espeak-ng loads at start (phoneme tables and intonation), in the data folder.
    static let requiredFiles = ["phontab", "phondata", "phonindex", "intonations"]

    /// The folder espeak-ng will use for `given`, once it holds what espeak-ng needs to speak:
    /// the files it loads at start, its voice list (`lang`, with at least one language) and at
    /// least one dictionary (`xx_dict`).
    static func check(_ given: String) throws(SpeechError) {
        let folder = isFolder(given + "/espeak-ng-data") ? given + "/espeak-ng-data" : given
        guard exists(folder) else { throw .dataFolderUnusable(path: given, reason: "it does not exist") }
        guard isFolder(folder) else { throw .dataFolderUnusable(path: given, reason: "it is not a folder") }
        var missing = requiredFiles.filter { !exists(folder + "/" + $0) }
        if entries(of: folder + "/lang").isEmpty { missing.append("lang (the voices)") }
        if !entries(of: folder).contains(where: { $0.hasSuffix("_dict") }) { missing.append("a dictionary (xx_dict)") }
        guard missing.isEmpty else {
            throw .dataFolderUnusable(
                path: given, reason: "it holds no espeak-ng voice data (missing: \(missing.joined(separator: ", ")))")
        }
    }

    private static func exists(_ path: String) -> Bool {
        (try? FileStatus.of(path, followingLinks: true)) != nil
    }

    private static func isFolder(_ path: String) -> Bool {
        (try? FileStatus.of(path, followingLinks: true))?.kind == .directory
    }

    /// The names in a folder, without `.` and `..`; empty when it cannot be read.
    private static func entries(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
