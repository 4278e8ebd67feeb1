import Foundation
import Testing

/// The daemon's own table (Localization/narrator/Narrator.xcstrings) holds only what the daemon
/// says: every key is used by the code, so translators never translate a message nobody hears.
@Suite("The daemon's own messages")
struct OwnMessagesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift source of the package, as text.
    static func sources() throws -> String {
        let folder = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var text = ""
        for case let file as URL in files where file.pathExtension == "swift" {
            text += try String(contentsOf: file, encoding: .utf8)
        }
        return text
    }

    @Test("every key of Narrator.xcstrings is used in Sources, as a string literal")
    func everyKeyIsUsed() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Localization/narrator/Narrator.xcstrings"))
        let table = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let keys = try #require(table["strings"] as? [String: Any]).keys
        #expect(!keys.isEmpty)
        let sources = try Self.sources()
        for key in keys.sorted() {
            let used = sources.contains("\"\(key)\"")
            #expect(used, "\(key) is in Narrator.xcstrings but no code says it: remove it")
        }
    }
}
