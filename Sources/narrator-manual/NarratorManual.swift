import ArgumentParser
import FoundationEssentials
import NarratorSystem

/// `narrator-manual`: writes the manual page of a tool from what its argument parser says about it,
/// so the page never disagrees with `--help`. scripts/install runs it on each installed executable:
///
///     narrator --experimental-dump-help | narrator-manual --prefix ~/.local --source "Narrator 0.5.0" > narrator.1
@main
struct NarratorManual: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "narrator-manual",
        abstract: "Write a tool's man(7) page from its --experimental-dump-help JSON (read from standard input).")

    @Option(help: "Where the tool is installed, for the paths the page names.")
    var prefix = "/usr/local"

    @Option(help: "The page's source: the package and its version, e.g. \"Narrator 0.5.0\".")
    var source: String

    func run() throws {
        var input: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            guard let count = try? FileDescriptor.read(0, into: &buffer), count > 0 else { break }
            input += buffer[..<count]
        }
        let description: ToolDescription
        do {
            description = try ToolDescription.decode(input)
        } catch {
            throw ValidationError("Standard input is not a tool's --experimental-dump-help: \(error)")
        }
        guard description.serializationVersion == 0 else {
            throw ValidationError(
                "The description is in version \(description.serializationVersion) of the format; this reads 0.")
        }
        let page = ManualPage(
            tool: description.command, source: source,
            extras: .of(description.command.commandName, prefix: prefix))
        print(page.render(), terminator: "")
    }
}
