import Foundation
import NarratorCore
import NarratorLocalization
import NarratorWire
import Testing

/// Hostile books: each is refused when it is decoded, from lengths and counts computed without
/// rendering (the test would run for hours, or run out of memory, if anything were rendered or
/// expanded first).
@Suite("Sound book limits")
struct SoundLimitTests {
    typealias F = SoundFixtures

    static let note = #""n": {"tone": "sine", "hz": 440, "ms": 1}"#

    /// `count` copies of `element`, comma-separated.
    static func list(_ element: String, _ count: Int) -> String {
        Array(repeating: element, count: count).joined(separator: ", ")
    }

    /// A chain of sounds `l0` ... `l<depth>`, each a sequence of `fan` copies of the one below.
    static func tower(depth: Int, fan: Int, kind: String = "sequence") -> String {
        var sounds = [note.replacingOccurrences(of: "\"n\"", with: "\"l0\"")]
        for level in 1...depth {
            sounds.append(#""l\#(level)": {"\#(kind)": [\#(list("\"l\(level - 1)\"", fan))]}"#)
        }
        return #"{"version": 1, "sounds": {\#(sounds.joined(separator: ",\n"))}}"#
    }

    @Test("a repeat of a billion is refused")
    func hugeRepeat() throws {
        let error = try #require(
            F.loadError(#"{"version": 1, "sounds": {\#(Self.note), "r": {"sequence": ["n"], "repeat": 1000000000}}}"#))
        #expect(error.reason.contains("\"repeat\" must be 1 to 100"))
    }

    @Test("a million notes through nesting (1000 × 1000) are refused, though each level is small")
    func millionNotes() throws {
        let error = try #require(F.loadError(Self.tower(depth: 2, fan: 1000)))
        #expect(error.sound == "l2")
        #expect(error.reason.contains("lasts up to 1000000 ms") || error.reason.contains("tones and files"))
    }

    @Test("a million notes through repeats and chords, within the length limit, are refused by the note count")
    func millionNotesInChords() throws {
        // 64 × 64 × 64 parts of 1 ms: only 1 ms long, but 262144 tones to synthesize.
        let error = try #require(F.loadError(Self.tower(depth: 3, fan: 64, kind: "chord")))
        #expect(error.sound == "l3")
        #expect(error.reason.contains("plays 262144 tones and files in all"))
    }

    @Test("64 chords of 64 ten-second parts are refused by their total length")
    func longChords() throws {
        let json = """
            {"version": 1, "sounds": {"long": {"tone": "sine", "hz": 440, "ms": 10000},
              "wide": {"chord": [\(Self.list("\"long\"", 64))]},
              "wider": {"chord": [\(Self.list("\"wide\"", 64))]}}}
            """
        let error = try #require(F.loadError(json))
        #expect(error.sound == "wider" && error.position.line == 3)
        #expect(error.reason.contains("ms of tones and files in all"))
    }

    @Test("nesting deeper than 8 is refused, and 8 is allowed")
    func deepNesting() throws {
        let error = try #require(F.loadError(Self.tower(depth: 20, fan: 1)))
        // l0 is a tone (depth 1), so l8 is the first nine deep.
        #expect(error.sound == "l8" && error.reason.contains("9 deep; at most 8"))
        _ = try SoundBook(name: "ok", bytes: Array(Self.tower(depth: 7, fan: 1).utf8))
    }

    @Test("a cycle through several sounds is refused, naming the loop")
    func cycle() throws {
        let json = """
            {"version": 1, "sounds": {
              "a": {"sequence": ["b"]},
              "b": {"chord": ["c", "a"]},
              "c": {"tone": "sine", "hz": 440, "ms": 10}
            }}
            """
        let error = try #require(F.loadError(json))
        #expect(error.position.line == 3 && error.reason.contains("(a → b → a)"))
    }

    @Test("too many parts, steps or sounds are refused before any is read")
    func counts() throws {
        let parts = try #require(
            F.loadError(#"{"version": 1, "sounds": {\#(Self.note), "c": {"chord": [\#(Self.list("\"n\"", 65))]}}}"#))
        #expect(parts.reason.contains("65 parts; at most 64"))
        let steps = try #require(
            F.loadError(#"{"version": 1, "sounds": {"s": {"sequence": [\#(Self.list("\"x\"", 2000))]}}}"#))
        #expect(steps.reason.contains("2000 steps; at most 1000"))
        let sounds = (0...1000).map { #""s\#($0)": {"tone": "sine", "hz": 440, "ms": 1}"# }.joined(separator: ", ")
        let many = try #require(F.loadError(#"{"version": 1, "sounds": {\#(sounds)}}"#))
        #expect(many.reason.contains("at most 1000 sounds"))
    }

    @Test("a sound longer than 10 s is refused; exactly 10 s is allowed")
    func length() throws {
        let long =
            #"{"version": 1, "sounds": {"t": {"tone": "sine", "hz": 440, "ms": 5000}, "s": {"sequence": ["t", "t"], "gap_ms": 1}}}"#
        #expect(try #require(F.loadError(long)).reason.contains("lasts up to 10001 ms"))
        let exact = try F.book(#"{"t": {"tone": "sine", "hz": 440, "ms": 5000}, "s": {"sequence": ["t", "t"]}}"#)
        #expect(try exact.render("s", arguments: [:], sampleRate: 8000).count == 80000)
    }
}
