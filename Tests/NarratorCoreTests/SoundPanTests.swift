import NarratorCore
import NarratorJSON
import NarratorWire
import Testing

private typealias F = SoundFixtures

/// `pan` in a sound book (docs/SOUNDS.md, "Placing a sound"): fixed, or from an event field;
/// rendered in stereo by the pan law, and not at all in mono.
@Suite("Sound books: pan")
struct SoundPanTests {
    /// Left and right of interleaved stereo samples.
    static func sides(_ samples: [Int16]) -> (left: [Int16], right: [Int16]) {
        (
            stride(from: 0, to: samples.count, by: 2).map { samples[$0] },
            stride(from: 1, to: samples.count, by: 2).map { samples[$0] }
        )
    }

    @Test("a tone at the left is √2 times its mono samples on the left and silent on the right; mono is unplaced")
    func fixedPlace() throws {
        let book = try F.book(#"{"n": {"tone": "square", "hz": 441, "ms": 10, "pan": -1}}"#)
        let mono = try book.render("n", arguments: [:], sampleRate: F.rate)
        let (left, right) = Self.sides(try book.render("n", arguments: [:], sampleRate: F.rate, channels: 2))
        #expect(right.allSatisfy { $0 == 0 })
        #expect(zip(left, mono).allSatisfy { abs(Double($0) - Double($1) * 2.0.squareRoot()) <= 1 })
        #expect(mono.count == 221 && left.count == 221)
    }

    @Test("the nearest pan wins: a step's own, else its sequence's, else the request's")
    func nearestWins() throws {
        let book = try F.book(
            #"{"s": {"sequence": [{"tone": "square", "hz": 441, "ms": 10, "pan": 1}, {"tone": "square", "hz": 441, "ms": 10}]}}"#
        )
        let (left, right) = Self.sides(
            try book.render("s", arguments: [:], sampleRate: F.rate, channels: 2, pan: .left))
        #expect(left[..<221].allSatisfy { $0 == 0 } && right[221...].allSatisfy { $0 == 0 })
        #expect(right[..<221].contains { $0 != 0 } && left[221...].contains { $0 != 0 })
    }

    @Test("a place from a field: a lane number picks one of the places, false and true the first two, absent leaves it")
    func fromField() throws {
        let book = try F.book(
            #"{"n": {"tone": "square", "hz": 441, "ms": 10, "pan": {"field": "lane", "places": [-1, 0, 1]}}, "#
                + #""x": {"tone": "square", "hz": 441, "ms": 10, "pan": {"field": "x"}}}"#)
        #expect(book.placeNames(of: "n") == ["lane"] && book.argumentNames(of: "n") == [])
        func ears(_ sound: String, _ arguments: [String: JSONValue]) throws -> (Bool, Bool) {
            let (left, right) = Self.sides(
                try book.render(sound, arguments: arguments, sampleRate: F.rate, channels: 2, pan: .right))
            return (left.contains { $0 != 0 }, right.contains { $0 != 0 })
        }
        #expect(try ears("n", ["lane": .integer(0)]) == (true, false))
        #expect(try ears("n", ["lane": .integer(1)]) == (true, true))
        #expect(try ears("n", ["lane": .bool(false)]) == (true, false))
        #expect(try ears("n", [:]) == (false, true), "absent: where the request places it")
        #expect(try ears("x", ["x": .number("-1")]) == (true, false))
        #expect {
            try book.render("n", arguments: ["lane": .integer(3)], sampleRate: F.rate, channels: 2)
        } throws: { error in
            (error as? SoundError)
                == .invalidPlace(
                    sound: "n", argument: "lane", value: "the number 3", expected: "a whole number from 0 to 2")
        }
        // Checked in mono too, where nothing is placed: the game's mistake is not hidden by the output.
        #expect(throws: SoundError.self) {
            try book.render("x", arguments: ["x": .string("left")], sampleRate: F.rate)
        }
    }

    @Test("a stereo WAV file keeps its two channels and is placed as a whole; a mono one is placed")
    func wavPlaced() throws {
        let frames = (0..<100).flatMap { _ -> [Int16] in [16000, 8000] }
        let book = try F.book(
            #"{"s": {"wav": "s.wav"}, "l": {"wav": "s.wav", "pan": -1}, "m": {"wav": "m.wav", "pan": 1}}"#,
            files: [
                "s.wav": F.wav(channels: 2, rate: F.rate, frames: frames),
                "m.wav": F.wav(channels: 1, rate: F.rate, frames: Array(repeating: 8000, count: 100)),
            ])
        let centre = Self.sides(try book.render("s", arguments: [:], sampleRate: F.rate, channels: 2))
        #expect(centre.left.allSatisfy { $0 == 4000 } && centre.right.allSatisfy { $0 == 2000 })
        let left = Self.sides(try book.render("l", arguments: [:], sampleRate: F.rate, channels: 2))
        #expect(left.left.allSatisfy { $0 == 4000 } && left.right.allSatisfy { $0 == 0 })
        let mono = Self.sides(try book.render("m", arguments: [:], sampleRate: F.rate, channels: 2))
        #expect(mono.left.allSatisfy { $0 == 0 } && mono.right.allSatisfy { $0 == 2828 })
    }

    @Test(
        "a pan that is not a place is an error at its line",
        arguments: [
            (#""pan": 2"#, "\"pan\" must be -1 (left) to 1 (right), 0 the centre, not 2"),
            (#""pan": "left""#, "\"pan\" must be a number from -1 (left) to 1 (right)"),
            (#""pan": {"places": [1]}"#, "needs \"field\""),
            (#""pan": {"field": "lane", "places": []}"#, "\"places\" must be an array of 1 to 16 places"),
            (#""pan": {"field": "lane", "places": [0, 3]}"#, "a place must be a number from -1 (left) to 1 (right)"),
            (#""pan": {"field": "lane", "side": 1}"#, "unknown member \"side\""),
        ])
    func refused(_ member: String, _ fragment: String) throws {
        let json = #"{"version": 1, "sounds": {"n": {"tone": "sine", "hz": 440, "ms": 10, "# + member + "}}}"
        let error = try #require(F.loadError(json))
        #expect(error.position.line == 1 && error.description.contains(fragment), "\(error)")
    }
}
