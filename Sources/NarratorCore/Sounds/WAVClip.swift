/// The samples of a WAV file shipped with a sound book: 16-bit PCM at the file's own rate (the
/// renderer resamples), downmixed to mono for a mono render, and a stereo file's two channels kept
/// for a stereo one.
struct WAVClip: Sendable {
    /// Why a file is not a WAV file the book can play; `reason` completes "name.wav: ...".
    struct Problem: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// Mono: a stereo file's channels averaged.
    var samples: [Int16]
    var sampleRate: Int
    /// A stereo file's left and right channels; nil for a mono file.
    var stereo: (left: [Int16], right: [Int16])?

    /// The length of the file's sound.
    var milliseconds: Double { Double(samples.count) * 1000 / Double(sampleRate) }

    /// Reads a RIFF WAVE file: a `fmt ` chunk of PCM (format 1, or extensible with a PCM
    /// sub-format), 16 bits, 1 or 2 channels, then a `data` chunk. Other chunks are skipped.
    static func decode(_ bytes: [UInt8]) throws(Problem) -> WAVClip {
        guard bytes.count <= SoundBook.maximumFileBytes else {
            throw Problem(reason: "is \(bytes.count) bytes; a WAV file may have at most \(SoundBook.maximumFileBytes)")
        }
        guard bytes.count >= 12, ascii(bytes, 0) == "RIFF", ascii(bytes, 8) == "WAVE" else {
            throw Problem(reason: "is not a WAV file (no RIFF/WAVE header): save it as 16-bit PCM WAV")
        }
        var format: (channels: Int, rate: Int, bits: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = ascii(bytes, offset)
            let size = Int(little(bytes, offset + 4, 4))
            let body = offset + 8
            guard size <= bytes.count - body else { throw Problem(reason: "is cut short inside its \"\(id)\" chunk") }
            if id == "fmt " {
                format = try readFormat(bytes, at: body, size: size)
            } else if id == "data" {
                guard let format else { throw Problem(reason: "has its sound data before its format (\"fmt \") chunk") }
                return try readSamples(bytes[body..<body + size], channels: format.channels, rate: format.rate)
            }
            // Chunks are padded to an even length.
            offset = body + size + (size & 1)
        }
        throw Problem(reason: "has no sound data (\"data\" chunk)")
    }

    private static func readFormat(
        _ bytes: [UInt8], at body: Int, size: Int
    ) throws(Problem) -> (channels: Int, rate: Int, bits: Int) {
        guard size >= 16 else { throw Problem(reason: "has a format chunk that is too short") }
        var tag = little(bytes, body, 2)
        if tag == 0xFFFE, size >= 26 { tag = little(bytes, body + 24, 2) }  // extensible: the sub-format
        let channels = Int(little(bytes, body + 2, 2))
        let rate = Int(little(bytes, body + 4, 4))
        let bits = Int(little(bytes, body + 14, 2))
        guard tag == 1, bits == 16 else {
            throw Problem(
                reason: "is not 16-bit PCM (format \(tag), \(bits) bits): convert it, e.g. "
                    + "`sox in.wav -b 16 -e signed-integer out.wav`")
        }
        guard channels == 1 || channels == 2 else {
            throw Problem(reason: "has \(channels) channels; use mono or stereo")
        }
        guard (SoundBook.sampleRates).contains(rate) else {
            throw Problem(
                reason: "has a sample rate of \(rate) Hz; use \(SoundBook.sampleRates.lowerBound) to "
                    + "\(SoundBook.sampleRates.upperBound) Hz")
        }
        return (channels, rate, bits)
    }

    private static func readSamples(
        _ data: ArraySlice<UInt8>, channels: Int, rate: Int
    ) throws(Problem) -> WAVClip {
        let frames = data.count / (2 * channels)
        guard Double(frames) / Double(rate) <= SoundBook.maximumMilliseconds / 1000 else {
            throw Problem(
                reason: "lasts \(frames * 1000 / rate) ms; a sound may last at most "
                    + "\(Int(SoundBook.maximumMilliseconds)) ms")
        }
        var samples: [Int16] = []
        var sides: [[Int16]] = Array(repeating: [], count: channels == 2 ? 2 : 0)
        samples.reserveCapacity(frames)
        let start = data.startIndex
        for frame in 0..<frames {
            var sum = 0
            for channel in 0..<channels {
                let at = start + (frame * channels + channel) * 2
                let sample = Int16(bitPattern: UInt16(data[at]) | UInt16(data[at + 1]) << 8)
                sum += Int(sample)
                if channels == 2 { sides[channel].append(sample) }
            }
            samples.append(Int16(sum / channels))
        }
        return WAVClip(samples: samples, sampleRate: rate, stereo: channels == 2 ? (sides[0], sides[1]) : nil)
    }

    /// Four bytes as ASCII text, for chunk identifiers.
    private static func ascii(_ bytes: [UInt8], _ offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    /// An unsigned little-endian integer of `count` bytes.
    private static func little(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt32 {
        (0..<count).reduce(0) { value, index in value | UInt32(bytes[offset + index]) << (8 * index) }
    }
}
