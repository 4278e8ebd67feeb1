import Foundation
import NarratorTestSupport
import Testing

/// scripts/install and scripts/uninstall on a fresh prefix, with the executables of this build
/// (`--from`): what a player gets is run from outside the checkout, its man pages shown, its
/// completions loaded by each shell, its units checked by systemd, and all of it removed again.
@Suite("Installed like a program")
struct InstallTests {
    /// A fresh prefix, a home and a working folder outside the checkout, and the environment that
    /// points at them (so the user's own profiles, settings and sound are never used).
    struct Place {
        let prefix: String
        let home: String
        let elsewhere: String
        let environment: [String: String]

        init(_ root: String) throws {
            prefix = root + "/prefix"
            home = root + "/home"
            elsewhere = root + "/elsewhere"
            for folder in [prefix, home, elsewhere] {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            }
            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = home
            environment["XDG_RUNTIME_DIR"] = home
            environment["XDG_DATA_HOME"] = home + "/.local/share"
            environment["XDG_CONFIG_HOME"] = home + "/.config"
            // The prefix's share folder as the system's: where fish looks for vendor completions.
            environment["XDG_DATA_DIRS"] = prefix + "/share"
            // Its bin folder on the PATH, as an installing user's is: fish completes only commands it finds.
            environment["PATH"] = prefix + "/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["MANWIDTH"] = "100"
            environment["MANPAGER"] = "cat"
            self.environment = environment
        }

        /// Runs `program` in the folder outside the checkout.
        func run(_ program: String, _ arguments: [String]) throws -> ChildProcess.Finished {
            let run = try ChildProcess.run(program, arguments, environment: environment, directory: elsewhere)
            #expect(!run.timedOut, "\(program) \(arguments) did not finish: \(run.transcript)")
            return run
        }

        func script(_ name: String, _ arguments: [String]) throws -> ChildProcess.Finished {
            try run(NarratorBinary.packageRoot.path + "/scripts/" + name, arguments)
        }

        /// Every path under the prefix, relative to it.
        func contents() throws -> [String] {
            try FileManager.default.subpathsOfDirectory(atPath: prefix).sorted()
        }
    }

    static func tool(_ name: String) throws -> String {
        try #require(PrivatePulseAudio.findExecutable(name)?.path, "\(name) is missing: scripts/install-deps.sh --test")
    }

    @Test("scripts/install puts a working narrator in an empty prefix, and scripts/uninstall takes all of it away")
    func installAndUninstall() throws {
        try withTemporaryFolder { root in
            let place = try Place(root)
            let prefix = place.prefix
            let build = try NarratorBinary.url().deletingLastPathComponent().path
            let installed = try place.script("install", ["--prefix", prefix, "--from", build])
            try #require(installed.status == 0, "\(installed.transcript)")
            let manifest = try String(contentsOfFile: prefix + "/share/narrator/installed-files", encoding: .utf8)
            // Installing again (an upgrade) replaces the same files and lists them once.
            let again = try place.script("install", ["--prefix", prefix, "--from", build])
            try #require(again.status == 0, "\(again.transcript)")
            #expect(try String(contentsOfFile: prefix + "/share/narrator/installed-files", encoding: .utf8) == manifest)
            #expect(Set(manifest.split(separator: "\n")).count == manifest.split(separator: "\n").count)

            try checkExecutables(place, build: build)
            try checkManualPages(place)
            try checkCompletions(place)
            try checkUnits(place)
            try checkLibrary(place)

            // A profile the user put in the prefix is not ours: it stays, with the folders that hold it.
            let own = prefix + "/share/narrator/profiles/mine"
            try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: URL(fileURLWithPath: own + "/events.json"))
            let removed = try place.script("uninstall", ["--prefix", prefix])
            #expect(removed.status == 0, "\(removed.transcript)")
            #expect(removed.errors.contains("Kept \(prefix)/share/narrator/"), "\(removed.transcript)")
            #expect(
                try place.contents() == [
                    "share", "share/narrator", "share/narrator/profiles", "share/narrator/profiles/mine",
                    "share/narrator/profiles/mine/events.json",
                ])
            try FileManager.default.removeItem(atPath: prefix + "/share")
            #expect(try place.script("uninstall", ["--prefix", prefix]).status == 1)
        }
    }

    /// The installed executables run from outside the checkout and find the installed profiles.
    func checkExecutables(_ place: Place, build: String) throws {
        let narrator = place.prefix + "/bin/narrator"
        for tool in ["narrator", "retroracing"] {
            let version = try place.run(place.prefix + "/bin/" + tool, ["--version"])
            #expect(version.status == 0 && !version.output.isEmpty, "\(version.transcript)")
            #expect(version.output == (try place.run(build + "/" + tool, ["--version"])).output)
        }
        let shipped = place.prefix + "/share/narrator/Localization"
        let profiles = try place.run(narrator, ["profiles"])
        #expect(profiles.status == 0, "\(profiles.transcript)")
        #expect(profiles.output.contains("retroracing  shipped  \(shipped)/retroracing  default"), "\(profiles.output)")
        #expect(!profiles.output.contains(NarratorBinary.packageRoot.path), "\(profiles.output)")
        let lint = try place.run(narrator, ["lint", "retroracing"])
        #expect(lint.status == 0 && lint.output.contains("3 files checked: no problems."), "\(lint.transcript)")
        let strict = try place.run(narrator, ["lint", "--strict"])
        #expect(strict.status == 0, "the shipped tables, found beside the executable: \(strict.transcript)")
    }

    /// Each page is where man looks under the prefix, and formats without a warning.
    func checkManualPages(_ place: Place) throws {
        let man = try Self.tool("man")
        for tool in ["narrator", "retroracing"] {
            let shown = try place.run(man, ["--warnings", "-M", place.prefix + "/share/man", tool])
            #expect(shown.status == 0 && shown.errors.isEmpty, "\(shown.transcript)")
            #expect(shown.output.contains("\(tool.uppercased())(1)"), "\(shown.output)")
        }
        let narrator = try place.run(man, ["-l", place.prefix + "/share/man/man1/narrator.1"])
        #expect(narrator.output.contains(place.prefix + "/share/narrator/Localization/"), "\(narrator.output)")
    }

    /// bash, zsh and fish each load the completions from their standard place under the prefix.
    func checkCompletions(_ place: Place) throws {
        let share = place.prefix + "/share"
        for tool in ["narrator", "retroracing"] {
            let bash = try place.run(
                try Self.tool("bash"),
                ["-c", "source \(share)/bash-completion/completions/\(tool) && complete -p \(tool)"])
            #expect(
                bash.status == 0 && bash.output == "complete -o filenames -F _\(tool) \(tool)\n", "\(bash.transcript)")
        }
        // What bash offers for `narrator se<Tab>`.
        let offered = try place.run(
            try Self.tool("bash"),
            [
                "-c",
                "source \(share)/bash-completion/completions/narrator; COMP_WORDS=(narrator se); COMP_CWORD=1; "
                    + "COMP_LINE='narrator se'; COMP_POINT=11; _narrator narrator se narrator; "
                    + #"printf '%s\n' "${COMPREPLY[@]}""#,
            ])
        #expect(offered.output == "serve\nsend\n", "\(offered.transcript)")

        let zsh = try place.run(
            try Self.tool("zsh"),
            [
                "-f", "-c",
                "fpath=(\(share)/zsh/site-functions $fpath); autoload -U compinit; compinit -u -D; "
                    + "print -r -- $_comps[narrator] $_comps[retroracing]",
            ])
        #expect(zsh.status == 0 && zsh.output == "_narrator _retroracing\n", "\(zsh.transcript)")

        let fish = try place.run(try Self.tool("fish"), ["-c", "complete -C 'narrator se'"])
        #expect(fish.status == 0, "\(fish.transcript)")
        #expect(fish.output.split(separator: "\n").map { $0.prefix { $0 != "\t" } } == ["send", "serve"])
    }

    /// The units name the installed executable, and systemd finds nothing wrong with them.
    /// libnarrator: pkg-config finds it from the prefix alone, and the soname link leads to the library.
    func checkLibrary(_ place: Place) throws {
        var environment = place.environment
        environment["PKG_CONFIG_PATH"] = place.prefix + "/lib/pkgconfig"
        let flags = try ChildProcess.run(
            try Self.tool("pkg-config"), ["--cflags", "--libs", "narrator"], environment: environment)
        #expect(
            flags.status == 0 && flags.output == "-I\(place.prefix)/include -L\(place.prefix)/lib -lnarrator \n",
            "\(flags.transcript)")
        let soname = try FileManager.default.destinationOfSymbolicLink(atPath: place.prefix + "/lib/libnarrator.so.1")
        #expect(soname.hasPrefix("libnarrator.so.1."))
        #expect(FileManager.default.fileExists(atPath: place.prefix + "/lib/" + soname))
        #expect(FileManager.default.fileExists(atPath: place.prefix + "/include/narrator.h"))
    }

    func checkUnits(_ place: Place) throws {
        let units = place.prefix + "/share/systemd/user"
        let service = try String(contentsOfFile: units + "/narrator.service", encoding: .utf8)
        #expect(
            service.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") } == [
                "ExecStart=\(place.prefix)/bin/narrator serve"
            ])
        let verified = try place.run(
            try Self.tool("systemd-analyze"),
            [
                "--user", "verify", units + "/narrator.socket", units + "/narrator-ssip.socket",
                units + "/narrator.service",
            ])
        #expect(verified.status == 0 && verified.errors.isEmpty && verified.output.isEmpty, "\(verified.transcript)")
    }
}
