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
