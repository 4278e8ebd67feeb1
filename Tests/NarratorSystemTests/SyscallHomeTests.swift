import Foundation
import Testing

/// Every system call goes through NarratorSystem (issue 31): no Swift file under Sources/ outside it
/// calls one of the kernel's C functions itself. NarratorTestSupport (helpers for tests) and the C
/// modules are not scanned.
@Suite("Every syscall goes through NarratorSystem")
struct SyscallHomeTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The modules not scanned: the home of the wrappers, and the tests' helpers.
    static let unscanned: Set<String> = ["NarratorSystem", "NarratorTestSupport"]

    /// Raw calls allowed where they are, as `"Module/File.swift: name"`, each with the reason it
    /// cannot move. Empty: every call has moved. A stale entry fails the test too.
    static let allowed: [String: String] = [:]

    /// The number of Swift files scanned, and every raw call in them with its `Module/File.swift`.
    static func scan() throws -> (files: Int, calls: [(file: String, call: SyscallScan.Call)]) {
        let sources = root.appending(path: "Sources")
        var scanned = 0
        var found: [(String, SyscallScan.Call)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        where !unscanned.contains(module) && !isCModule(sources.appending(path: module)) {
            let folder = sources.appending(path: module)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files.sorted() where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
                scanned += 1
                found += SyscallScan.calls(in: text).map { ("\(module)/\(file)", $0) }
            }
        }
        return (scanned, found)
    }

    /// A C target (`include/`) or a system library (`module.modulemap`): no Swift in it.
    static func isCModule(_ folder: URL) -> Bool {
        ["include", "module.modulemap"].contains {
            FileManager.default.fileExists(atPath: folder.appending(path: $0).path)
        }
    }

    @Test("no Swift file outside NarratorSystem calls a syscall itself")
    func sourcesMakeNoRawSyscall() throws {
        let (files, calls) = try Self.scan()
        #expect(files > 100, "only \(files) Swift files found under \(Self.root.path)/Sources")
        for (file, call) in calls where Self.allowed["\(file): \(call.name)"] == nil {
            Issue.record("Sources/\(file):\(call.line): \(call.name)( called directly; use a NarratorSystem wrapper")
        }
        let used = Set(calls.map { "\($0.file): \($0.call.name)" })
        for entry in Self.allowed.keys where !used.contains(entry) {
            Issue.record("\(entry) is allowed in SyscallHomeTests but no longer called there: remove it from the list")
        }
    }

    @Test(
        "the scan reports a C call by its bare name or through Glibc, in code and interpolations",
        arguments: [
            ("close(descriptor)", "close"),
            ("_ = Glibc.write(1, base, count)", "write"),
            ("guard lstat(path, &info) == 0 else { return }", "lstat"),
            ("if peer.uid == getuid() {", "getuid"),
            ("let text = \"uid \\(getuid())\"", "getuid"),
            ("posix_spawn_file_actions_init(&actions)", "posix_spawn_file_actions_init"),
            ("let count = retryingEINTR { read(0, &buffer, buffer.count) }", "read"),
        ])
    func reportsRawCall(source: String, name: String) {
        #expect(SyscallScan.calls(in: source) == [SyscallScan.Call(line: 1, name: name)])
    }

    @Test(
        "the scan leaves out members, methods of the same name, declarations, comments and strings",
        arguments: [
            "connection.close()",
            "try send(line + \"\\n\")",
            "let bytes = try read(path)",
            "try connect(server: server)",
            "func write(_ text: String) {",
            "case read(errno: Int32)",
            "// close(descriptor) here",
            "/* outer /* close(descriptor) */ still a comment */",
            "let help = \"run close(fd) first\"",
            "let raw = #\"close(fd) \\(x)\"#",
            "let info = stat()",
            "FileDescriptor.close(descriptor)",
        ])
    func leavesOut(source: String) {
        #expect(SyscallScan.calls(in: source) == [])
    }

    @Test("a call is reported on its own line, after multi-line strings and comments")
    func countsLines() {
        let source = "let a = \"\"\"\n    text\n    \"\"\"\n/*\n*/\nkill(pid, SIGKILL)\n"
        #expect(SyscallScan.calls(in: source) == [SyscallScan.Call(line: 6, name: "kill")])
    }
}
