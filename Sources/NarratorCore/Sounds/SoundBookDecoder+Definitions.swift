import NarratorJSON
import NarratorLocalization
import NarratorWire

extension SoundBookDecoder {
    typealias Loader = (String) throws -> [UInt8]

    /// A definition: a sound's name, or an object with exactly one of `tone`, `sequence`, `chord`,
    /// `wav` or `sound` (a name with a step's members). `extra` are the members a step or part may
    /// add (`when`, `slot_ms`), read by `step`. Any object may have `pan`: where it is placed.
    static func definition(
        _ node: JSONNode, sound: String, extra base: [String], load: Loader
    ) throws(SoundBookError) -> SoundNode {
        let extra = base + ["pan"]
        if case .string(let name) = node.value {
            return SoundNode(
                kind: .reference(try referenceName(name, at: node.position, in: sound)), position: node.position)
        }
        let object = try SoundObject(
            node, sound: sound, what: "a sound (a name, or an object with \"tone\", \"sequence\", \"chord\" or \"wav\")"
        )
        let kinds = ["tone", "sequence", "chord", "wav", "sound"].filter(object.has)
        guard kinds.count == 1 else {
            throw object.error(
                at: object.position,
                kinds.isEmpty
                    ? "a sound needs \"tone\", \"sequence\", \"chord\" or \"wav\" (or \"sound\": a name)"
                    : "a sound is one thing, but this one has \(kinds.map { "\"\($0)\"" }.joined(separator: " and "))")
        }
        let kind: SoundNode.Kind
        switch kinds[0] {
        case "tone":
            kind = .tone(try tone(object, extra: extra))
        case "sequence":
            kind = .sequence(try sequence(object, extra: extra, load: load))
        case "chord":
            try object.allow(["chord"] + extra, in: "a chord")
            let parts = try elements(object, "chord", limit: SoundBook.maximumChordParts, noun: "parts")
            kind = .chord(
                try parts.map { (part) throws(SoundBookError) in
                    try step(part, sound: sound, slots: false, load: load)
                })
        case "wav":
            try object.allow(["wav", "gain"] + extra, in: "a WAV sound")
            let (file, position) = try object.string("wav")!
            let gain = try object.number("gain", in: 0...1, "1 is the file as recorded")?.value ?? 1
            kind = .clip(try clip(file, at: position, in: sound, load: load), gain: gain)
        default:
            try object.allow(["sound"] + extra, in: "a named step")
            let (name, position) = try object.string("sound")!
            kind = .reference(try referenceName(name, at: position, in: sound))
        }
        let pan = try object["pan"].map { (pan) throws(SoundBookError) in try Placement.decode(pan, sound: sound) }
        return SoundNode(kind: kind, position: node.position, pan: pan)
    }

    /// A step of a sequence (`slots`: it may have `slot_ms`) or a part of a chord.
    static func step(_ node: JSONNode, sound: String, slots: Bool, load: Loader) throws(SoundBookError) -> SoundStep {
        let definition = try definition(node, sound: sound, extra: slots ? ["when", "slot_ms"] : ["when"], load: load)
        guard case .object = node.value else { return SoundStep(node: definition) }
        let object = try SoundObject(node, sound: sound, what: "a step")
        var condition: String?
        if let (name, position) = try object.string("when") {
            guard FieldTemplate.isName(name) else {
                throw object.error(at: position, "\"when\" names a field of the event: letters, digits, _ and -")
            }
            condition = name
        }
        let slot = try milliseconds(object, "slot_ms", "the step's fixed length")
        return SoundStep(node: definition, condition: condition, slotMilliseconds: slot)
    }

    private static func sequence(
        _ object: SoundObject, extra: [String], load: Loader
    ) throws(SoundBookError) -> SoundSequence {
        try object.allow(["sequence", "gap_ms", "repeat", "repeat_gap_ms"] + extra, in: "a sequence")
        let steps = try elements(object, "sequence", limit: SoundBook.maximumSequenceSteps, noun: "steps")
        let range = 0...SoundBook.maximumMilliseconds
        return SoundSequence(
            steps: try steps.map { (step) throws(SoundBookError) in
                try Self.step(step, sound: object.sound ?? "", slots: true, load: load)
            },
            gapMilliseconds: try object.number("gap_ms", in: range, "silence between steps, in ms")?.value ?? 0,
            repeatCount: try object.integer(
                "repeat", in: 1...SoundBook.maximumRepeat, "how many times the steps are played") ?? 1,
            repeatGapMilliseconds: try object.number("repeat_gap_ms", in: range, "silence between repeats, in ms")?
                .value ?? 0)
    }

    /// The array of `name`, non-empty and at most `limit` long.
    private static func elements(
        _ object: SoundObject, _ name: String, limit: Int, noun: String
    ) throws(SoundBookError) -> [JSONNode] {
        let node = object[name]!
        guard case .array(let elements) = node.value, !elements.isEmpty else {
            throw object.error(at: node.position, "\"\(name)\" must be a non-empty array of sounds")
        }
        guard elements.count <= limit else {
            throw object.error(
                at: node.position, "\"\(name)\" has \(elements.count) \(noun); at most \(limit) are allowed")
        }
        return elements
    }

    /// A positive length of at most `SoundBook.maximumMilliseconds`, nil when absent.
    static func milliseconds(_ object: SoundObject, _ name: String, _ hint: String) throws(SoundBookError) -> Double? {
        guard let (value, position) = try object.number(name, in: 0...SoundBook.maximumMilliseconds, hint) else {
            return nil
        }
        guard value > 0 else { throw object.error(at: position, "\"\(name)\" must be more than 0 (\(hint))") }
        return value
    }

    private static func referenceName(
        _ name: String, at position: SourcePosition, in sound: String
    ) throws(SoundBookError) -> String {
        guard FieldTemplate.isName(name) else {
            throw SoundBookError(
                at: position, sound: sound, "\"\(name)\" is not a sound name: letters, digits, _ and -")
        }
        return name
    }
}
