import ArgumentParser
import FoundationEssentials

extension WineDLLs.WordSize: ExpressibleByArgument {}

extension Wine {
    /// `narrator wine install DIR | --prefix WINEPREFIX`.
    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put the narrator's NVDA controller client DLLs beside a game, or into a Wine prefix.",
            discussion: """
                With DIR (the folder of the game's executable): nvdaControllerClient32.dll (32-bit), \
                nvdaControllerClient64.dll (64-bit), and nvdaControllerClient.dll of the game's own word size, \
                read from the executables in DIR (or --word-size). A DLL of the same name that the game shipped \
                is kept as NAME.orig. With --prefix: every name into the prefix's system32 (and syswow64 in a \
                64-bit prefix), and DLL overrides to native in its user.reg; close the prefix's programs first. \
                For a Proton game the prefix is steamapps/compatdata/APPID/pfx. docs/WINE.md.
                """)

        @Argument(help: "The folder of the game's executable.")
        var folder: String?

        @Option(help: "A Wine prefix to install into instead of a game's folder.")
        var prefix: String?

        @Option(help: "The game's word size (32 or 64), when its folder's executables do not tell.")
        var wordSize: WineDLLs.WordSize?

        func validate() throws {
            guard (folder == nil) != (prefix == nil) else {
                throw ValidationError("Give either the game's folder or --prefix WINEPREFIX, not both or neither.")
            }
            if prefix != nil, wordSize != nil {
                throw ValidationError("--word-size is for a game's folder; a prefix gets both word sizes.")
            }
        }

        func run() throws {
            let dlls = try WineDLLs.locate()
            if let prefix {
                let wine = try WinePrefix(prefix)
                for (source, target) in wine.targets(of: dlls) { print(try Self.place(source, at: target)) }
                try wine.setOverrides()
                print(
                    "Set the DLL overrides of \(WinePrefix.overrides.joined(separator: ", ")) to native in \(wine.userRegistry)."
                )
            } else if let folder {
                let size = try wordSize ?? Self.wordSize(of: folder)
                var files = dlls.files(for: size)
                files += dlls.files(for: size == .bits64 ? .bits32 : .bits64).filter { $0.name != WineDLLs.sharedName }
                for (source, name) in files { print(try Self.place(source, at: folder + "/" + name)) }
            }
            print(
                "Start the narrator with its Wine door (narrator serve --wine, or narrator config set wine on), then the game."
            )
        }

        /// The word size of the game in `folder`, from its executables; an error when they do not agree.
        static func wordSize(of folder: String) throws -> WineDLLs.WordSize {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            let sizes = Set(
                names.filter { $0.lowercased().hasSuffix(".exe") }.compactMap {
                    WineDLLs.wordSize(ofProgram: folder + "/" + $0)
                })
            guard sizes.count == 1, let size = sizes.first else {
                let found = sizes.isEmpty ? "no Windows executable" : "executables of both word sizes"
                throw WineError("\(folder) holds \(found); say which the game is with --word-size 32 or 64.")
            }
            return size
        }

        /// Copies `source` to `target`; a different file already there (the game's own NVDA DLL) is
        /// kept beside it as `.orig`, once. Returns what was done, for the user.
        static func place(_ source: String, at target: String) throws -> String {
            let files = FileManager.default
            if let existing = files.contents(atPath: target) {
                if existing == files.contents(atPath: source) { return "\(target): already the narrator's" }
                let kept = target + ".orig"
                if !files.fileExists(atPath: kept) { try files.moveItem(atPath: target, toPath: kept) }
                try? files.removeItem(atPath: target)
                try files.copyItem(atPath: source, toPath: target)
                return "\(target): the narrator's (the one there before is kept as \(kept))"
            }
            try files.copyItem(atPath: source, toPath: target)
            return "\(target): the narrator's"
        }
    }
}
