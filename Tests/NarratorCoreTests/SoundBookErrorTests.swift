import Foundation
import NarratorCore
import NarratorJSON
import NarratorLocalization
import NarratorWire
import Testing

/// Every mistake a book's author can make is refused at its line and column, with a way to fix
/// it; every mistake an event can make is a render error with the daemon's codes.
@Suite("Sound book errors")
struct SoundBookErrorTests {
    typealias F = SoundFixtures

    struct Case: Sendable, CustomTestStringConvertible {
        var definition: String
        /// Where in the definition the error points: the text that starts there.
        var at: String
        var fragment: String
        /// The column on line 3, whose value starts at column 8.
        var column: Int {
            8 + definition.distance(from: definition.startIndex, to: definition.range(of: at)!.lowerBound)
        }
        var testDescription: String { definition }
    }

    /// Each definition sits on line 3 after `  "s": ` (so its value starts at column 8).
    static let cases: [Case] = [
        Case(definition: #"{"tone": "sine", "note": "H4", "ms": 30}"#, at: #""H4""#, fragment: "is not a note name"),
        Case(
            definition: #"{"tone": "sine", "note": "C5", "ms": -30}"#, at: "-30", fragment: "\"ms\" must be 0 to 10000"),
        Case(definition: #"{"tone": "sine", "note": "C5", "ms": 0}"#, at: "0}", fragment: "must be more than 0"),
        Case(definition: #"{"tone": "sine", "note": "C5", "ms": 1e9}"#, at: "1e9", fragment: "must be 0 to 10000"),
        Case(definition: #"{"tone": "sine", "note": "C5"}"#, at: "{", fragment: "a tone needs \"ms\""),
        Case(definition: #"{"tone": "sine", "hz": 5, "ms": 30}"#, at: "5,", fragment: "must be 20 to 20000"),
        Case(definition: #"{"tone": "saw", "hz": 300, "ms": 30}"#, at: #""saw""#, fragment: "must be one of \"sine\""),
        Case(definition: #"{"tone": "sine", "ms": 30}"#, at: "{", fragment: "needs its pitch once"),
        Case(definition: #"{"tone": "sine", "hz": 300, "note": "C5", "ms": 30}"#, at: #""C5""#, fragment: "pitch once"),
        Case(definition: #"{"tone": "noise", "hz": 300, "ms": 30}"#, at: "300", fragment: "noise has no pitch"),
        Case(
            definition: #"{"tone": "sine", "hz": 300, "ms": 30, "attack_ms": 20, "decay_ms": 20}"#, at: #"20, "decay"#,
            fragment: "must fit in the tone's 30 ms"),
        Case(
            definition: #"{"tone": "sine", "hz": 300, "ms": 30, "gain": 2}"#, at: "2}",
            fragment: "\"gain\" must be 0 to 1"),
        Case(
            definition: #"{"tone": "sine", "hz": 300, "ms": 30, "lenght": 2}"#, at: #""lenght""#,
            fragment: "unknown member \"lenght\""),
        Case(
            definition: #"{"sequence": ["nothing"]}"#, at: #""nothing""#, fragment: "the book has no sound \"nothing\""),
        Case(definition: #"{"sequence": []}"#, at: "[]", fragment: "non-empty array"),
        Case(definition: #"{"sequence": ["s"]}"#, at: #""s"]"#, fragment: "makes a cycle (s → s)"),
        Case(definition: #"{"sequence": ["t"], "repeat": 0}"#, at: "0}", fragment: "\"repeat\" must be 1 to 100"),
        Case(
            definition: #"{"sequence": [{"sound": "t", "when": "a b"}]}"#, at: #""a b""#,
            fragment: "\"when\" names a field"),
        Case(
            definition: #"{"chord": [{"sound": "t", "slot_ms": 30}]}"#, at: #""slot_ms""#,
            fragment: "unknown member \"slot_ms\""),
        Case(definition: #"{"tone": "sine", "hz": 300, "ms": 30, "chord": ["t"]}"#, at: "{", fragment: "is one thing"),
        Case(definition: #"{}"#, at: "{", fragment: "a sound needs \"tone\""),
        Case(definition: #"42"#, at: "42", fragment: "must be a JSON object"),
    ]

    @Test("each mistake is reported at its line and column, naming the sound", arguments: cases)
    func located(_ test: Case) throws {
        let json = """
            {"version": 1, "sounds": {
              "t": {"tone": "sine", "note": "C5", "ms": 30},
              "s": \(test.definition)
            }}
            """
        let error = try #require(F.loadError(json))
        #expect(error.position == SourcePosition(line: 3, column: test.column), "\(error)")
        #expect(error.sound == "s")
        #expect(error.reason.contains(test.fragment), "\(error.reason)")
        let lint = SoundBook.lint(path: "p/sounds.json", bytes: Array(json.utf8)) { _ in [] }
        #expect(lint.map(\.description) == ["p/sounds.json:3: error: [sound-book] s: \(error.reason)"])
    }

    @Test("lint reports every broken sound once, and not the sounds that only name a broken one")
    func lintReportsAll() throws {
        let json = """
            {"version": 1, "sounds": {
              "a": {"tone": "sine", "note": "X9", "ms": 30},
              "b": {"sequence": ["a", "a"]},
              "c": {"tone": "sine", "hz": 300, "ms": 20000},
              "c": {"tone": "sine", "hz": 300, "ms": 20},
              "d": {"chord": ["missing"]}
            }}
            """
        let diagnostics = SoundBook.lint(path: "s.json", bytes: Array(json.utf8)) { _ in [] }
        #expect(diagnostics.map { "\($0.line) \($0.key ?? "-")" } == ["2 a", "4 c", "5 c", "6 d"])
        #expect(diagnostics.allSatisfy { $0.rule == .soundBook && $0.severity == .error })
        let notJSON = SoundBook.lint(path: "s.json", bytes: Array("{\"version\": 1,\n\"sounds\": {]".utf8)) { _ in [] }
        #expect(notJSON.map { "\($0.rule.rawValue) \($0.line)" } == ["invalid-json 2"])
    }

    @Test("the book's own members: version and sounds")
    func rootErrors() throws {
        #expect(F.loadError(#"{"version": 2, "sounds": {}}"#)?.reason.contains("version 2 is not supported") == true)
        #expect(F.loadError(#"{"sounds": {}}"#)?.reason.contains("needs \"version\": 1") == true)
        #expect(F.loadError(#"{"version": 1}"#)?.reason.contains("needs \"sounds\"") == true)
        #expect(F.loadError(#"{"version": 1, "sounds": {"a b": {}}}"#)?.reason.contains("letters, digits") == true)
    }

    @Test("render errors carry the daemon's codes: unknown_sound, missing_field, invalid_field, sample_rate")
    func renderErrors() throws {
        let book = try F.shippedBook()
        func error(_ name: String, _ arguments: [String: JSONValue], rate: Int = F.rate) -> SoundError? {
            do {
                _ = try book.render(name, arguments: arguments, sampleRate: rate)
                return nil
            } catch {
                return error
            }
        }
        #expect(error("lane_pulse", [:])?.code == .unknownSound)
        let missing = error("lane_pulses", ["left": .bool(true), "right": .bool(false)])
        #expect(missing == .missingArgument(sound: "lane_pulses", argument: "middle"))
        #expect(missing?.code == .missingField)
        #expect(missing?.message.contains("needs the field \"middle\" (true or false)") == true)
        let invalid = error("lane_chord", F.lanes(true, true, true).merging(["left": .number("1")]) { $1 })
        #expect(invalid?.code == .invalidField)
        #expect(
            invalid?.message == "the field \"left\" of the sound \"lane_chord\" must be true or false, not the number 1"
        )
        #expect(error("move_safe", [:], rate: 4000)?.code == .sampleRate)
        // B5 (987.77 Hz) needs a rate above 1975.5 Hz; 8000 carries it, but not a 5 kHz tone.
        let high = try F.book(#"{"h": {"tone": "sine", "hz": 5000, "ms": 10}}"#)
        #expect(throws: SoundError.aboveNyquist(sound: "h", hertz: 5000, sampleRate: 8000)) {
            try high.render("h", arguments: [:], sampleRate: 8000)
        }
        #expect(try high.render("h", arguments: [:], sampleRate: 16000).count == 160)
    }
}
