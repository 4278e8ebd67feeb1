import NarratorCore
import NarratorJSON
import NarratorLocalization
import NarratorWire
import Testing

/// Sound books written in tests, the shipped one, and what GAME.md's numbers mean in samples.
enum SoundFixtures {
    static let bookPath = "\(EventMapFixtures.profile)/sounds.json"
    /// The rate the length tests render at, as the brief and the daemon's default use.
    static let rate = 22050

    /// The number of samples of `milliseconds` at `rate`, rounded to nearest as docs/SOUNDS.md
    /// promises for every element on its own.
    static func samples(_ milliseconds: Double, rate: Int = rate) -> Int {
        Int((milliseconds * Double(rate) / 1000).rounded())
    }

    static func shippedBook() throws -> SoundBook {
        try SoundBook(name: bookPath, bytes: try EventMapFixtures.bytes(bookPath))
    }

    /// A book from the JSON of its `"sounds"` object; `files` are the WAV files beside it.
    static func book(_ sounds: String, files: [String: [UInt8]] = [:]) throws -> SoundBook {
        try SoundBook(name: "sounds.json", bytes: Array(#"{"version": 1, "sounds": \#(sounds)}"#.utf8)) { name in
            guard let bytes = files[name] else { throw EventTestError("no file \(name)") }
            return bytes
        }
    }

    /// The load error of a whole book written as text, or a failed expectation when it loads.
    static func loadError(
        _ json: String, files: [String: [UInt8]] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) -> SoundBookError? {
        do {
            _ = try SoundBook(name: "sounds.json", bytes: Array(json.utf8)) { name in
                guard let bytes = files[name] else { throw EventTestError("no such file") }
                return bytes
            }
            Issue.record("the book loaded, but should not have", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// The lane arguments of a lane cue: which lanes are safe.
    static func lanes(_ left: Bool, _ middle: Bool, _ right: Bool) -> [String: JSONValue] {
        ["left": .bool(left), "middle": .bool(middle), "right": .bool(right)]
    }

    /// A RIFF WAVE file: interleaved `frames` (one value per channel), `bits` per sample (8-bit
    /// frames are written as unsigned bytes, only to be refused).
    static func wav(channels: Int, rate: Int, bits: Int = 16, frames: [Int16]) -> [UInt8] {
        func le(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        let data: [UInt8] =
            bits == 16
            ? frames.flatMap { le(Int(UInt16(bitPattern: $0)), 2) }
            : frames.map { UInt8(truncatingIfNeeded: $0 / 256 + 128) }
        let blockAlign = channels * bits / 8
        var format: [UInt8] = le(1, 2) + le(channels, 2) + le(rate, 4) + le(rate * blockAlign, 4)
        format += le(blockAlign, 2) + le(bits, 2)
        let body =
            Array("WAVE".utf8) + Array("fmt ".utf8) + le(format.count, 4) + format + Array("data".utf8)
            + le(data.count, 4) + data
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }
}

extension Collection<Int16> {
    /// The largest magnitude.
    var peak: Int { map { abs(Int($0)) }.max() ?? 0 }
}
