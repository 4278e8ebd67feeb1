import Foundation
import NarratorLocalization
import NarratorSpeech
import Testing

/// What players hear, checked with espeak-ng itself: the shipped gameplay lines are rendered for
/// the counts and scores of the issue in every shipped language, and espeak-ng's phonemes of each
/// rendered line must equal its phonemes of the correct words, written by hand in
/// `Fixtures/spoken-numbers.json`. A number the voice reads in the wrong form ("два жизни", "dois
/// vidas", 一百五 for 105, 삼 개) makes different phonemes and fails the test.
///
/// The comparison ignores only stress, syllable and pause marks. espeak-ng's phonemes for digits and
/// for the same words differ in detail (a weak "and" in English, vowel qualities elsewhere), which is
/// why the shipped tables speak their numbers as words; English keeps digits, which its voice reads
/// right, so the English fixture keeps them too and checks the rest of each line.
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

    @Test("the fixture covers every shipped language, key and number")
    func fixtureIsComplete() throws {
        let fixture = try Self.fixture()
        let localizer = try Self.localizer()
        #expect(Set(fixture.keys) == Set(localizer.languages(of: "score")))
        for (language, lines) in fixture {
            for (key, numbers) in Self.keys {
                #expect(Set(lines[key]?.keys.map { $0 } ?? []) == Set(numbers.map(String.init)), "\(language) \(key)")
            }
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
        for (key, numbers) in Self.keys.sorted(by: { $0.key < $1.key }) {
            for number in numbers {
                let text = try localizer.render(key, locale: language, arguments: [.integer(number)])
                #expect(text.locale == language, "\(key) \(number) came from \(text.locale ?? "the key")")
                rendered.append(text.text)
                expected.append(try #require(fixture[key]?[String(number)]))
                labels.append("\(key) \(number)")
            }
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
        let report = "\(language) (voice \(voice)):\n\(wrong.joined(separator: "\n"))"
        if language == "ar" {
            // espeak-ng 1.51's Arabic voice writes خ as x when it reads digits but X in words, and reads
            // a closing ة as "at" in words but not in numbers, so no spelling of the correct words
            // gives the phonemes of the digits. Still checked: the day the voice agrees, this fails.
            withKnownIssue("espeak-ng's Arabic numbers and words use different phonemes") {
                #expect(wrong.isEmpty, "\(report)")
            }
        } else {
            #expect(wrong.isEmpty, "\(report)")
        }
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
