/// The messages between the daemon and its synthesis child, over a Unix stream socket pair. Each
/// frame is a tag byte, a payload length (UInt32) and the payload; numbers are little-endian, strings
/// a UInt32 byte count and UTF-8. Both ends are the same build of the same program.
enum SynthesisWire {
    /// Daemon -> child: select a voice (UInt8 0 name / 1 language, string, Int32 rate, Int32 pitch);
    /// answered by `result`.
    static let apply: UInt8 = 0x61  // a
    /// Daemon -> child: synthesize (UInt8 ssml, string text); answered by `chunk`s and one `end`.
    static let synthesize: UInt8 = 0x73  // s
    /// Daemon -> child, only while it synthesizes: stop this text (no payload). Its `end` follows.
    static let cancel: UInt8 = 0x78  // x
    /// Daemon -> child, for the sandbox test only: open a path (UInt8 write, string); answered by
    /// `result` whose code is the errno (0: it opened).
    static let tryOpen: UInt8 = 0x6f  // o

    /// Child -> daemon, once at start: Int32 sample rate, voices, variants, string sandbox summary.
    static let hello: UInt8 = 0x68  // h
    /// Child -> daemon, instead of `hello`: espeak-ng did not start (string data path, string message).
    static let startFailed: UInt8 = 0x66  // f
    /// Child -> daemon: Int32 code (0: done), string the espeak-ng function that failed.
    static let result: UInt8 = 0x72  // r
    /// Child -> daemon: UInt16 boundary count, each UInt8 kind (0 sentence, 1 word) and Int32
    /// espeak-ng text position, then the samples (Int16) to the frame's end.
    static let chunk: UInt8 = 0x63  // c
    /// Child -> daemon: the text ended; Int32 code (0, or espeak_Synth's status), string function.
    static let end: UInt8 = 0x65  // e

    /// The largest payload either side accepts: a 64 KiB text with room, or a long voice list.
    static let maximumPayload = 4 << 20
}

/// Builds one payload.
struct WireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func int32(_ value: Int32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

    mutating func uint16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

    mutating func string(_ value: String) {
        int32(Int32(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    mutating func voices(_ list: [VoiceDescription]) {
        int32(Int32(list.count))
        for voice in list {
            string(voice.name)
            string(voice.identifier)
            int32(Int32(voice.languages.count))
            for language in voice.languages {
                string(language.tag)
                int32(Int32(language.priority))
            }
        }
    }
}

/// Reads one payload; any shortfall or nonsense is a `SynthesisWire` protocol error.
struct WireReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: ArraySlice<UInt8> { bytes[index...] }

    mutating func byte() throws(Malformed) -> UInt8 {
        guard index < bytes.count else { throw Malformed() }
        index += 1
        return bytes[index - 1]
    }

    mutating func int32() throws(Malformed) -> Int32 {
        guard bytes.count - index >= 4 else { throw Malformed() }
        var value: UInt32 = 0
        for shift in 0..<4 { value |= UInt32(bytes[index + shift]) << (8 * shift) }
        index += 4
        return Int32(bitPattern: value)
    }

    mutating func uint16() throws(Malformed) -> UInt16 {
        guard bytes.count - index >= 2 else { throw Malformed() }
        index += 2
        return UInt16(bytes[index - 2]) | UInt16(bytes[index - 1]) << 8
    }

    mutating func string() throws(Malformed) -> String {
        let count = Int(try int32())
        guard count >= 0, bytes.count - index >= count else { throw Malformed() }
        index += count
        return String(decoding: bytes[(index - count)..<index], as: UTF8.self)
    }

    mutating func voices() throws(Malformed) -> [VoiceDescription] {
        let count = Int(try int32())
        guard count >= 0 else { throw Malformed() }
        var list: [VoiceDescription] = []
        for _ in 0..<count {
            let name = try string()
            let identifier = try string()
            let languageCount = Int(try int32())
            guard languageCount >= 0 else { throw Malformed() }
            var languages: [VoiceDescription.Language] = []
            for _ in 0..<languageCount {
                let tag = try string()
                languages.append(.init(tag: tag, priority: Int(try int32())))
            }
            list.append(VoiceDescription(name: name, identifier: identifier, languages: languages))
        }
        return list
    }
}
