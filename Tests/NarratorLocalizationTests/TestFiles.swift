import Foundation

@testable import NarratorLocalization

/// Files the tests read: fixtures beside this file and the shipped tables, located from
/// `#filePath` so no resources need bundling.
enum TestFiles {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let shippedTables = [
        "Localization/retroracing/RetroRacing.xcstrings", "Localization/narrator/Narrator.xcstrings",
    ]

    /// A file the tests need that is not there: a broken checkout, worth a clear failure.
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot read \(path)" }
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(path: path) }
        return Array(data)
    }

    /// A shipped table's bytes, by its path relative to the package.
    static func shippedTable(_ path: String) throws -> [UInt8] {
        try bytes(packageRoot.appendingPathComponent(path).path)
    }

    static func fixturePath(_ name: String) -> String {
        testsFolder.appendingPathComponent("Fixtures/\(name)").path
    }

    static func fixture(_ name: String) throws -> [UInt8] { try bytes(fixturePath(name)) }

    static func fixtureCatalog(_ name: String) throws -> StringCatalog {
        try StringCatalog(name: name, bytes: try fixture(name))
    }

    /// The shipped tables as (path relative to the package, bytes).
    static func shipped() throws -> [(path: String, bytes: [UInt8])] {
        try shippedTables.map { ($0, try bytes(packageRoot.appendingPathComponent($0).path)) }
    }

    /// A Localizer over both shipped tables, as the daemon loads them.
    static func shippedLocalizer() throws -> Localizer {
        try Localizer(tables: try shipped().map { ($0.path, $0.bytes) })
    }
}
