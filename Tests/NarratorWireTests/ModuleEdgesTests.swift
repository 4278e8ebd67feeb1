import Foundation
import Testing

/// docs/SERVER.md's "Module edges" against the sources: every module has a row, imports only what its
/// row lists, and a row lists only modules of the rows above it, so every edge points down.
@Suite("Module edges, in docs/SERVER.md")
struct ModuleEdgesTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One row: the modules it is about, and what they may import.
    struct Row {
        var modules: [String]
        var allowed: Set<String>
    }

    /// The names in backticks in a table cell.
    static func names(_ cell: Substring) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    static func rows() throws -> [Row] {
        let text = try String(contentsOf: root.appending(path: "docs/SERVER.md"), encoding: .utf8)
        let start = try #require(text.range(of: "\n## Module edges\n"), "docs/SERVER.md has no Module edges section")
        var rows: [Row] = []
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            rows.append(Row(modules: names(cells[1]), allowed: Set(names(cells[2]))))
        }
        return rows
    }

    /// The package's modules: the folders under Sources.
    static func modules() throws -> Set<String> {
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Sources").path)
        return Set(folders.filter { !$0.hasPrefix(".") })
    }

    /// The modules of `known` that a file under `Sources/<module>` imports.
    static func imports(of module: String, among known: Set<String>) throws -> [String: String] {
        let folder = root.appending(path: "Sources/\(module)")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        var found: [String: String] = [:]
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({
                        ["@_exported", "@testable", "public", "package", "internal"].contains($0)
                    })
                else { continue }
                let name = String(words[index + 1])
                if known.contains(name) { found[name] = "\(module)/\(file)" }
            }
        }
        return found
    }

    @Test("every module has one row, and each row lists only modules of the rows above it")
    func rowsPointDown() throws {
        let rows = try Self.rows()
        let listed = rows.flatMap(\.modules)
        #expect(Set(listed) == (try Self.modules()), "the rows and Sources/ disagree")
        #expect(listed.count == Set(listed).count, "a module has two rows")
        var above: Set<String> = []
        for row in rows {
            #expect(
                row.allowed.isSubset(of: above),
                "\(row.modules) may import \(row.allowed.subtracting(above)), not above it")
            above.formUnion(row.modules)
        }
    }

    @Test("every module imports only what its row allows")
    func importsAreAllowed() throws {
        let known = try Self.modules()
        for row in try Self.rows() {
            for module in row.modules {
                for (name, file) in try Self.imports(of: module, among: known) where !row.allowed.contains(name) {
                    Issue.record("\(file) imports \(name), which docs/SERVER.md does not allow \(module)")
                }
            }
        }
    }
}
