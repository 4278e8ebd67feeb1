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
