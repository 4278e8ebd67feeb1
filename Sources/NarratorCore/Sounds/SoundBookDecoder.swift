import NarratorJSON
import NarratorLocalization
import NarratorWire

/// Turns a book's JSON into sounds, collecting every problem with its position: loading stops at
/// the first, lint reports them all. A broken sound is left out, and so, silently, is every sound
/// that names it (its own problem is reported once, where it is).
struct SoundBookDecoder {
    var sounds: [String: SoundNode] = [:]
    /// Sounds that passed every limit, with what was measured.
    var measures: [String: SoundMeasure] = [:]
    /// Every sound written in the book, broken or not, and where its name is.
    var declared: [String: SourcePosition] = [:]
    var problems: [SoundBookError] = []

    static func decode(_ bytes: [UInt8], loadFile: (String) throws -> [UInt8]) -> SoundBookDecoder {
        var decoder = SoundBookDecoder()
        do {
            try decoder.decodeRoot(bytes, loadFile: loadFile)
        } catch {
            decoder.problems.append(error)
        }
        var measurer = SoundMeasurer(sounds: decoder.sounds, declared: decoder.declared)
        for name in decoder.sounds.keys.sorted() { _ = measurer.measure(name) }
        decoder.measures = measurer.measures
        decoder.problems += measurer.problems
        decoder.problems.sort { $0.position < $1.position }
        return decoder
    }

    private mutating func decodeRoot(_ bytes: [UInt8], loadFile: (String) throws -> [UInt8]) throws(SoundBookError) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SoundBookError(.syntax, at: error.position, error.description)
        }
        let book = try SoundObject(root, sound: nil, what: "a sound book")
        try book.allow(["version", "sounds"], in: "the book")
        guard let version = try book.integer("version", in: Int.min...Int.max, "the format version") else {
            throw book.error(at: book.position, "the book needs \"version\": \(SoundBook.version) as its first member")
        }
        guard version == SoundBook.version else {
            throw book.error(
                at: book["version"]!.position,
                "version \(version) is not supported: this narrator reads version \(SoundBook.version)")
        }
        guard let soundsNode = book["sounds"] else {
            throw book.error(at: book.position, "the book needs \"sounds\": an object from sound name to definition")
        }
        let entries = try SoundObject(soundsNode, sound: nil, what: "\"sounds\"")
        for (index, member) in entries.members.enumerated() {
            guard index < SoundBook.maximumSounds else {
                throw SoundBookError(
                    at: member.keyPosition,
                    "a book may hold at most \(SoundBook.maximumSounds) sounds: split the profile or drop sounds")
            }
            do {
                try decodeSound(member, loadFile: loadFile)
            } catch {
                problems.append(error)
            }
        }
    }

    private mutating func decodeSound(
        _ member: JSONMember, loadFile: (String) throws -> [UInt8]
    ) throws(SoundBookError) {
        let name = member.key
        guard FieldTemplate.isName(name) else {
            throw SoundBookError(
                at: member.keyPosition,
                "the sound name \"\(name)\" must be letters, digits, _ and -, so an event map can name it")
        }
        if let first = declared[name] {
            throw SoundBookError(
                at: member.keyPosition, sound: name,
                "is written twice (first at line \(first.line)): keep one definition per sound")
        }
        declared[name] = member.keyPosition
        sounds[name] = try Self.definition(member.value, sound: name, extra: [], load: loadFile)
    }
}
