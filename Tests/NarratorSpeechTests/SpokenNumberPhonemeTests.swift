import Foundation
import NarratorLocalization
import NarratorSpeech
import NarratorWire
import Testing

/// What players hear, checked with espeak-ng itself: the shipped gameplay lines are rendered for
/// the counts and scores of the issue in every shipped language, and espeak-ng's phonemes of each
/// rendered line must equal its phonemes of the correct words, written by hand in
/// `Fixtures/spoken-numbers.json`. A number the voice reads in the wrong form ("два жизни", "dois
/// vidas", 一百五 for 105, 삼 개) makes different phonemes and fails the test.
///
/// The comparison ignores only stress, syllable and pause marks. espeak-ng's phonemes for digits and
/// for the same words differ in detail (a weak "and" in English, vowel qualities elsewhere, خ and a
/// closing ة in Arabic), which is why the shipped tables speak their numbers as words; where a number
/// counts nothing and the voice reads its digits right (every English number, the Arabic score, level
/// and lane), the table keeps digits, so the fixture keeps them too and checks the rest of each line.
/// Arabic words are written fully vowelled, in the table and in the fixture alike: the Arabic voice
/// reads unvowelled words wrong (بقيت is heard "bqit").
///
/// Each language is one `espeak-ng -q -x` run per side (lines separated by blank lines), with the
/// voice the daemon would use for the locale, so the test takes a few seconds.
@Suite("spoken numbers, by espeak-ng's phonemes")
struct SpokenNumberPhonemeTests {
    typealias Fixture = [String: [String: [String: String]]]

    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

    static func fixture() throws -> Fixture {
        let data = try Data(contentsOf: testsFolder.appendingPathComponent("Fixtures/spoken-numbers.json"))
        return try JSONDecoder().decode(Fixture.self, from: data)
    }

    static func localizer() throws -> Localizer {
        let tables = try ["Localization/retroracing/RetroRacing.xcstrings", "Localization/narrator/Narrator.xcstrings"]
            .map { path in
                (name: path, bytes: Array(try Data(contentsOf: packageRoot.appendingPathComponent(path))))
            }
        return try Localizer(tables: tables)
    }

    static let counts = [0, 1, 2, 3, 5, 11, 21, 22, 101]
    static let scores = Array(100...109) + [1005]
    static let keys = ["lives_remaining": counts, "crash_lives_remaining": counts, "score": scores]
    /// Lines checked for the languages whose fixture has them, each with its arguments, written
    /// "2 3" in the fixture: the lane of three and the help section of four, where Korean counts
    /// with native numerals (세 개, 첫 번째), Polish says "z trzech" and Russian "из трёх" (with the ё
    /// CLDR leaves out); and the status summary (score, level, lives, lane), whose Arabic lives agree
    /// with روح. Korean and Russian keep the lane's number in digits, as English does: the voices read
    /// it right, but their phonemes for the digit differ from those of the word (another allophone of
    /// ㄹ after 일; an unreduced о in один).
    static let otherKeys: [String: [[Int]]] = [
        "lane": [[1, 3], [2, 3], [3, 3]], "help_section": [[1, 4], [2, 4], [4, 4]],
        "status_summary": [[120, 2, 0, 2], [120, 2, 1, 2], [120, 2, 3, 2], [120, 2, 11, 2], [120, 2, 101, 2]],
    ]
    /// The languages that must have each of `otherKeys`.
    static let otherKeysRequired: [String: Set<String>] = [
        "lane": ["ko", "pl", "ru"], "help_section": ["ko", "pl", "ru"], "status_summary": ["ar"],
    ]

    /// Every line of the test for one language: key, arguments, and the fixture's name for them.
    static func lines(of language: [String: [String: String]]) -> [(key: String, arguments: [Int], name: String)] {
        var lines: [(key: String, arguments: [Int], name: String)] = []
        for (key, numbers) in keys.sorted(by: { $0.key < $1.key }) {
            lines += numbers.map { (key, [$0], String($0)) }
        }
        for (key, sets) in otherKeys.sorted(by: { $0.key < $1.key }) where language[key] != nil {
            lines += sets.map { (key, $0, $0.map(String.init).joined(separator: " ")) }
        }
        return lines
    }

    @Test("the fixture covers every shipped language, key and number")
    func fixtureIsComplete() throws {
        let fixture = try Self.fixture()
        let localizer = try Self.localizer()
        #expect(Set(fixture.keys) == Set(localizer.languages(of: "score")))
        for (language, lines) in fixture {
            for (key, numbers) in Self.keys {
                #expect(Set(lines[key]?.keys.map { $0 } ?? []) == Set(numbers.map(String.init)), "\(language) \(key)")
            }
            for (key, sets) in Self.otherKeys where lines[key] != nil {
                let names = Set(sets.map { $0.map(String.init).joined(separator: " ") })
                #expect(Set(lines[key]?.keys.map { $0 } ?? []) == names, "\(language) \(key)")
            }
            #expect(Set(lines.keys).isSubset(of: Set(Self.keys.keys).union(Self.otherKeys.keys)), "\(language)")
        }
        for (key, languages) in Self.otherKeysRequired {
            #expect(languages.allSatisfy { fixture[$0]?[key] != nil }, "\(key) must be checked in \(languages)")
        }
    }

    @Test("every shipped language is heard with the right number words", arguments: try fixture().keys.sorted())
    func heardRight(language: String) async throws {
        let fixture = try #require(try Self.fixture()[language])
        let localizer = try Self.localizer()
        let voice = try TestEngine.engine().resolveVoice(language).espeakLanguage
        var rendered: [String] = []
        var expected: [String] = []
        var labels: [String] = []
        for line in Self.lines(of: fixture) {
            let text = try localizer.render(line.key, locale: language, arguments: line.arguments.map { .integer($0) })
            #expect(text.locale == language, "\(line.key) \(line.name) came from \(text.locale ?? "the key")")
            rendered.append(text.text)
            expected.append(try #require(fixture[line.key]?[line.name]))
            labels.append("\(line.key) \(line.name)")
        }
        let heard = try Espeak.phonemes(of: rendered, voice: voice)
        let correct = try Espeak.phonemes(of: expected, voice: voice)
        try #require(heard.count == rendered.count && correct.count == expected.count, "espeak-ng split lines")
        var wrong: [String] = []
        for index in rendered.indices where heard[index] != correct[index] {
            wrong.append(
                "\(labels[index]): \"\(rendered[index])\" is heard [\(heard[index])], "
                    + "\"\(expected[index])\" is [\(correct[index])]")
        }
        #expect(wrong.isEmpty, "\(language) (voice \(voice)):\n\(wrong.joined(separator: "\n"))")
    }
}

/// espeak-ng's phoneme mnemonics (`-x`) for lines of text.
enum Espeak {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One run for all lines: each line is its own paragraph, so the output has one blank-line
    /// separated block per line.
    static func phonemes(of lines: [String], voice: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["espeak-ng", "-q", "-x", "-v", voice]
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(lines.map { $0 + "\n\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "espeak-ng -v \(voice) exited with \(process.terminationStatus)")
        }
        let text = String(decoding: data, as: UTF8.self)
        return text.components(separatedBy: "\n\n").map(normalized).filter { !$0.isEmpty }
    }

    /// The phonemes without what only says how they are said, not which they are: stress and
    /// syllable marks, pauses, and the line breaks espeak-ng puts between clauses.
    static func normalized(_ phonemes: String) -> String {
        String(phonemes.unicodeScalars.filter { !"'`,_!|:=-\n ".unicodeScalars.contains($0) }.map(Character.init))
    }
}
