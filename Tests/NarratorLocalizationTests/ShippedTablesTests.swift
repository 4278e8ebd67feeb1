import Foundation
import NarratorJSON
import Testing

@testable import NarratorLocalization

@Suite("Shipped tables")
struct ShippedTablesTests {
    @Test("every shipped table lints clean, warnings included", arguments: TestFiles.shippedTables)
    func tableLintsClean(path: String) throws {
        let diagnostics = CatalogLinter().lint(path: path, bytes: try TestFiles.shippedTable(path))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description).joined(separator: "\n"))")
    }

    @Test("the shipped tables load together, without a key in two tables")
    func tablesLoadTogether() throws {
        let localizer = try TestFiles.shippedLocalizer()
        #expect(localizer.keys.contains("lives_remaining"))
        #expect(localizer.keys.contains("voice_fallback"))
    }

    static let languages = [
        "en", "en-GB", "es", "es-MX", "de", "fr", "fr-CA", "pl", "ru", "ar", "ja", "ko", "zh-Hans", "zh-Hant", "ca",
        "it",
        "nl", "pt-BR", "pt-PT", "tr",
    ]

    @Test("every shipped language has its own text for every key, with every argument filled", arguments: languages)
    func everyKeyRenders(language: String) throws {
        let localizer = try TestFiles.shippedLocalizer()
        #expect(localizer.catalogs.allSatisfy { $0.languages.contains(language) })
        for key in localizer.keys.sorted() {
            let kinds = try #require(localizer.argumentKinds(of: key))
            for count in [0, 1, 2, 3, 5, 11, 21, 22, 101] {
                let arguments = kinds.map { $0 == .string ? FormatArgument.string("Rapid") : .integer(count) }
                let rendering = try localizer.render(key, locale: language, arguments: arguments)
                #expect(rendering.locale == language && rendering.fallbacks.isEmpty, "\(key) \(language)")
                #expect(!rendering.text.contains("%"), "\(key) (\(language)) left a placeholder: \(rendering.text)")
            }
        }
    }

    @Test("the documented keys are the shipped keys, with the documented argument kinds")
    func documentedKeys() throws {
        let localizer = try TestFiles.shippedLocalizer()
        let expected: [String: [FormatArgument.Kind]] = [
            "lives_remaining": [.integer], "crash_lives_remaining": [.integer], "score": [.integer],
            "level": [.integer],
            "lane": [.integer, .integer], "lane_number": [.integer],
            "status_summary": [.integer, .integer, .integer, .integer],
            "speed_warning": [], "speed_increased": [.integer], "paused": [], "resumed": [], "game_ready": [],
            "game_started": [.string],
            "settings_opened": [], "settings_closed": [], "setting_choice": [.string, .string, .string],
            "setting_speech_rate": [.integer], "setting_speech_rate_system": [], "setting_difficulty": [],
            "setting_effects_volume": [.integer, .string], "setting_effects_volume_system": [],
            "setting_lane_cues": [], "setting_move_cues": [], "setting_speed_warning": [], "setting_stereo_cues": [],
            "stereo_on": [], "stereo_off": [], "origin_system": [],
            "origin_chosen": [], "choice_cruise": [], "choice_fast": [], "choice_rapid": [], "choice_pulses": [],
            "choice_arpeggio": [], "choice_chord": [], "choice_off": [], "choice_lane": [], "choice_safety": [],
            "choice_both": [], "choice_announcement": [], "choice_sound": [], "choice_none": [],
            "difficulty_cruise": [], "difficulty_fast": [], "difficulty_rapid": [],
            "game_over_summary": [.integer, .integer, .string], "game_over_new_record": [.integer, .integer, .string],
            "help_section": [.integer, .integer],
            "help_page": [.integer, .integer, .string], "help_intro": [], "help_controls": [], "help_audio_cues": [],
            "help_speed_warning": [], "voice_fallback": [.string],
        ].merging(
            (["help_speed_warning_chirp"]
                + [
                    "left", "middle", "right", "two", "none", "move", "modes", "pulses", "arpeggio", "chord", "safety",
                    "safe", "unsafe",
                ].map { "help_audio_cues_\($0)" }).map { ($0, [FormatArgument.Kind]()) }
        ) { $1 }
        #expect(localizer.keys == Set(expected.keys))
        for (key, kinds) in expected {
            #expect(localizer.argumentKinds(of: key) == kinds, "\(key)")
        }
    }

    @Test("docs/LOCALIZATION.md lists every shipped key, and only those")
    func keysAreDocumented() throws {
        let guide = String(decoding: try TestFiles.shippedTable("docs/LOCALIZATION.md"), as: UTF8.self)
        let keysSection = try #require(guide.components(separatedBy: "\n## Keys\n").last)
            .components(separatedBy: "\n## ")[0]
        let documented = keysSection.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return String(line.dropFirst(3).prefix(while: { $0 != "`" }))
        }
        #expect(Set(documented) == (try TestFiles.shippedLocalizer()).keys)
    }

    @Test("the game's event map says every key of its table but the few docs/LOCALIZATION.md names")
    func gameKeysAreUsed() throws {
        let folder = "Localization/retroracing/"
        let map = try JSONSerialization.jsonObject(with: Data(try TestFiles.shippedTable(folder + "events.json")))
        // Every "key" and "localized" string of the map; `difficulty_{difficulty}` stands for any
        // key with that prefix and suffix.
        var references: [String] = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                for (name, member) in object {
                    if name == "key" || name == "localized", let text = member as? String { references.append(text) }
                    collect(member)
                }
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(map)
        func uses(_ reference: String, _ key: String) -> Bool {
            guard let open = reference.firstIndex(of: "{"), let close = reference.lastIndex(of: "}") else {
                return reference == key
            }
            let (prefix, suffix) = (reference[..<open], reference[reference.index(after: close)...])
            return key.count > prefix.count + suffix.count && key.hasPrefix(prefix) && key.hasSuffix(suffix)
        }
        let table = try StringCatalog(
            name: "RetroRacing.xcstrings", bytes: try TestFiles.shippedTable(folder + "RetroRacing.xcstrings"))
        let unused = table.entries.map(\.key).filter { key in !references.contains { uses($0, key) } }
        // `help_section` has the form of `help_{topic}`, whose topics are the help's sections: this
        // check cannot see that the map never says it, so the guide's list has it besides these.
        let documented = ["help_section", "lane", "level", "lives_remaining"]
        #expect(Set(unused) == Set(documented).subtracting(["help_section"]), "\(unused)")
        let guide = String(decoding: try TestFiles.shippedTable("docs/LOCALIZATION.md"), as: UTF8.self)
        let listed =
            "except " + documented.dropLast().map { "`\($0)`" }.joined(separator: ", ") + " and `\(documented.last!)`"
        #expect(guide.replacingOccurrences(of: "\n", with: " ").contains(listed), "\(listed)")
    }
}
