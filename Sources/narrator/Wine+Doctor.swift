import ArgumentParser
import FoundationEssentials
import NarratorClient
import NarratorWire

extension Wine {
    /// `narrator wine doctor`: what stands between a Windows game and the narrator, and what to do.
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check that Windows games under Wine can speak through the narrator, and say what to fix.",
            discussion: """
                Checks the DLLs, the narrator and its Wine door (reached as the DLL reaches it: the door file \
                beside the socket, then its port with the secret), and the prefix (--prefix, else WINEPREFIX, \
                else ~/.wine, if it exists): the narrator's DLLs in its system folders, the DLL overrides, and \
                the Z: drive through which the DLL reads the door file. One line per check, ok or what to do; \
                exits 1 when anything needs fixing. docs/WINE.md.
                """)

        @OptionGroup var socket: SocketOption

        @Option(help: "The Wine prefix to check (default: WINEPREFIX, else ~/.wine).")
        var prefix: String?

        func run() throws {
            var report = DoctorReport()
            let dlls = report.check("DLLs") {
                try WineDLLs.locate()
            } describe: {
                "built in \($0.folder)"
            }
            checkDoor(&report)
            let given = prefix ?? WinePrefix.defaultPath()
            if let path = given, prefix != nil || FileManager.default.fileExists(atPath: path) {
                checkPrefix(path, dlls: dlls, &report)
            } else {
                report.note(
                    "prefix",
                    "none checked (no --prefix, WINEPREFIX or ~/.wine); games with the DLLs beside them need none")
            }
            try report.finish()
        }

        /// The narrator runs, its door is open, and the door answers the secret as the DLL sends it.
        private func checkDoor(_ report: inout DoctorReport) {
            let path = socket.path
            guard report.check("narrator", { try LineClient(path: path) }, describe: { _ in "runs on \(path)" }) != nil
            else { return }
            let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
                WineDoorLine.fileName
            ).path
            let door = report.check("Wine door") { () throws -> WineDoorLine in
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw WineError(
                        "the narrator runs without it (no \(file)): start it with `narrator serve --wine`, or "
                            + "`narrator config set wine on` and restart it")
                }
                guard let door = WineDoorLine(parsing: text) else {
                    throw WineError("\(file) is not a door file of this narrator; restart the narrator")
                }
                return door
            } describe: {
                "open on 127.0.0.1:\($0.port) (\(file))"
            }
            guard let door else { return }
            report.check("door answers") { () throws -> String in
                let client = try LineClient(loopbackPort: door.port, secret: door.secret)
                client.setReadTimeout(.seconds(2))
                try client.send(#"{"type":"status"}"#)
                guard let reply = try client.readLine(), reply.contains(#""ok":true"#) else {
                    throw WineError("the door at 127.0.0.1:\(door.port) did not take the secret; restart the narrator")
                }
                return reply
            } describe: { _ in
                "a client with the secret is served"
            }
        }

        /// The prefix holds the narrator's DLLs, loads them (overrides), and can read the door file.
        private func checkPrefix(_ path: String, dlls: WineDLLs?, _ report: inout DoctorReport) {
            guard let wine = report.check("prefix", { try WinePrefix(path) }, describe: { _ in path }) else { return }
            if let dlls {
                let stale = wine.targets(of: dlls).filter { source, target in
                    FileManager.default.contents(atPath: target) != FileManager.default.contents(atPath: source)
                }
                report.check("prefix DLLs") { () throws -> Int in
                    guard stale.isEmpty else {
                        throw WineError(
                            "\(stale.map(\.target).joined(separator: ", ")) missing or not the narrator's: run "
                                + "`narrator wine install --prefix \(path)` (or put them beside each game)")
                    }
                    return stale.count
                } describe: { _ in
                    "the narrator's, in every system folder"
                }
            }
            let wrong = WinePrefix.overrides.filter { wine.override(of: $0).map { !$0.hasPrefix("native") } ?? false }
            report.check("overrides") { () throws -> Int in
                guard wrong.isEmpty else {
                    throw WineError(
                        "\(wrong.joined(separator: ", ")) set to load otherwise than native in \(wine.userRegistry): "
                            + "run `narrator wine install --prefix \(path)` with the prefix's programs closed")
                }
                return 0
            } describe: { _ in
                "no override keeps the DLLs from loading"
            }
            let drive = path + "/dosdevices/z:"
            report.check("Z drive") { () throws -> String in
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: drive), target == "/"
                else {
                    throw WineError(
                        "the prefix has no Z: drive for / (\(drive)), through which the DLL reads the door file: "
                            + "add it in winecfg, Drives, or `ln -s / \(drive)`")
                }
                return target
            } describe: { _ in
                "maps / (the DLL reads the door file through it)"
            }
        }
    }
}
