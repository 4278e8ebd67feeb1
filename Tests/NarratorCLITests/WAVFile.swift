import Foundation
import Testing

/// A WAV file as `--output wav:PATH` writes it, read from its bytes: the 44-byte canonical PCM
/// header, checked field by field against the file's real size, then the samples.
struct WAVFile {
    /// Why a file is not the WAV narrator promises.
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    let sampleRate: Int
    let channels: Int
    let bitsPerSample: Int
    /// The first channel's samples (the left one of a stereo file, where centred speech is as in the right).
    let samples: [Int16]
    /// Every channel's samples, one array each.
    let channelSamples: [[Int16]]

    /// Seconds of audio.
    var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// Root-mean-square level, 0...32767: espeak-ng speech at volume 100 sits in the thousands,
    /// silence at 0.
    var rms: Double {
        guard !samples.isEmpty else { return 0 }
        let energy = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (energy / Double(samples.count)).squareRoot()
    }

    init(path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count >= 44 else { throw Malformed(description: "\(path) has \(bytes.count) bytes, no header") }
        func text(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        func int(_ at: Int, _ width: Int) -> Int {
            (0..<width).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        let fields: [(String, Bool)] = [
            ("RIFF tag", text(0) == "RIFF"), ("RIFF size", int(4, 4) == bytes.count - 8),
            ("WAVE tag", text(8) == "WAVE"), ("fmt tag", text(12) == "fmt "), ("fmt size", int(16, 4) == 16),
            ("PCM format", int(20, 2) == 1), ("byte rate", int(28, 4) == int(24, 4) * int(32, 2)),
            ("block align", int(32, 2) == int(22, 2) * int(34, 2) / 8), ("data tag", text(36) == "data"),
            ("data size", int(40, 4) == bytes.count - 44),
        ]
        if let wrong = fields.first(where: { !$0.1 }) {
            throw Malformed(description: "\(path): the header's \(wrong.0) is wrong")
        }
        sampleRate = int(24, 4)
        channels = int(22, 2)
        bitsPerSample = int(34, 2)
        let all = stride(from: 44, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
        let count = max(1, channels)
        channelSamples = (0..<count).map { channel in stride(from: channel, to: all.count, by: count).map { all[$0] } }
        samples = channelSamples[0]
    }
}

extension WAVFile {
    /// Checks the file as `wav:PATH` promises it (22050 Hz, stereo, 16-bit, speech centred: the
    /// same in both channels) and as a listener would hear it: loud enough to be speech and about as
    /// long as `seconds`.
    static func expectSpeech(at path: String, seconds: ClosedRange<Double>) throws {
        let wav = try WAVFile(path: path)
        #expect(wav.sampleRate == 22050)
        #expect(wav.channels == 2)
        #expect(wav.channelSamples.first == wav.channelSamples.last, "speech is not centred")
        #expect(wav.bitsPerSample == 16)
        #expect(wav.rms > 500, "RMS \(wav.rms) is too quiet to be speech")
        #expect(seconds.contains(wav.duration), "\(wav.duration) s of audio, expected \(seconds) s")
    }
}

extension WAVFile {
    /// The silent stretches (every sample below `threshold`) of at least `seconds`, as start and
    /// length in seconds, in order.
    func silences(atLeast seconds: Double, threshold: Int16 = 64) -> [(start: Double, length: Double)] {
        let minimum = Int(seconds * Double(sampleRate))
        var found: [(start: Double, length: Double)] = []
        var start: Int?
        // One loud sample past the end closes a silence that lasts to the end.
        for index in 0...samples.count {
            let sample = index < samples.count ? samples[index] : Int16.max
            if abs(Int(sample)) < Int(threshold) {
                if start == nil { start = index }
            } else if let begun = start {
                if index - begun >= minimum {
                    found.append((Double(begun) / Double(sampleRate), Double(index - begun) / Double(sampleRate)))
                }
                start = nil
            }
        }
        return found
    }
}
