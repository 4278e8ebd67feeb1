import NarratorLocalization
import Testing

/// The names of a profile's files, and what a file is by its name: what the daemon's loader, the
/// catalog of profiles and `narrator lint` all go by.
@Suite("The files of a profile folder")
struct ProfileLayoutTests {
    static let files: [(String, ProfileLayout.Kind?)] = [
        ("events.json", .eventMap), ("Localization/retroracing/events.json", .eventMap),
        ("sounds.json", .soundBook), ("/p/sounds.json", .soundBook),
        ("Game.xcstrings", .table), ("/p/Narrator.xcstrings", .table),
        ("Game.lint.json", .allowList), ("/p/Game.lint.json", .allowList),
        ("crash.wav", nil), ("other.json", nil), ("README.md", nil), ("/p/events.json/x", nil),
    ]

    @Test("a file is known by its name, wherever its folder", arguments: files)
    func kinds(file: String, kind: ProfileLayout.Kind?) {
        #expect(ProfileLayout.kind(of: file) == kind)
    }

    @Test("a table and its allow list name each other, in the same folder")
    func allowListBesideTable() {
        #expect(ProfileLayout.allowList(forTable: "/p/Game.xcstrings") == "/p/Game.lint.json")
        #expect(ProfileLayout.table(forAllowList: "/p/Game.lint.json") == "/p/Game.xcstrings")
        #expect(ProfileLayout.kind(of: ProfileLayout.daemonTable) == .table)
        #expect(ProfileLayout.path(of: ProfileLayout.eventMap, in: "/p/") == "/p/events.json")
        #expect(ProfileLayout.path(of: ProfileLayout.soundBook, in: "p") == "p/sounds.json")
    }
}
