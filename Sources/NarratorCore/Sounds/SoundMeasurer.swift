import NarratorJSON
import NarratorLocalization
import NarratorWire

/// What a sound costs, computed from the book alone (every `when` taken as true), so that limits
/// are checked before anything is rendered.
struct SoundMeasure: Sendable {
    /// The longest the sound can be.
    var milliseconds: Double
    /// Tones and WAV files played, counting every repeat and chord part.
    var notes: Double
    /// Their lengths added up: the work of synthesis.
    var playedMilliseconds: Double
    /// Sequences and chords nested, through references too (a tone or WAV file is 1).
    var depth: Int
    /// The `when` arguments read.
    var arguments: Set<String>
    /// The highest pitch of a tone, 0 when there is none.
    var highestHertz: Double
    /// The places read from event fields (`pan` with a `field`).
    var placements: Set<Placement> = []
}

/// Measures every sound once (memoized), finds references to nothing and cycles, and checks the
/// limits at the innermost element that breaks them. Counts are `Double`, so a hostile repeat or
/// nesting cannot overflow before the limit refuses it.
struct SoundMeasurer {
    /// Why a sound cannot be measured: a problem to report here, or one already reported in a
    /// sound it names.
    enum Failure: Error {
        case problem(SoundBookError)
        case dependsOnBroken
    }

    let sounds: [String: SoundNode]
    let declared: [String: SourcePosition]
    var measures: [String: SoundMeasure] = [:]
    var problems: [SoundBookError] = []
    private var broken: Set<String> = []
    /// The sounds being measured, outermost first: a reference to one of them is a cycle.
    private var visiting: [String] = []

    init(sounds: [String: SoundNode], declared: [String: SourcePosition]) {
        self.sounds = sounds
        self.declared = declared
    }

    /// The measure of `name`, nil when it (or a sound it names) is broken.
    mutating func measure(_ name: String) -> SoundMeasure? {
        if let known = measures[name] { return known }
        guard !broken.contains(name), let node = sounds[name] else { return nil }
        visiting.append(name)
        defer { visiting.removeLast() }
        do {
            let measure = try self.measure(node, in: name)
            measures[name] = measure
            return measure
        } catch {
            broken.insert(name)
            if case .problem(let problem) = error { problems.append(problem) }
            return nil
        }
    }

    private mutating func measure(_ node: SoundNode, in sound: String) throws(Failure) -> SoundMeasure {
        var measured = try measureKind(node, in: sound)
        if let pan = node.pan, pan.field != nil { measured.placements.insert(pan) }
        return measured
    }

    private mutating func measureKind(_ node: SoundNode, in sound: String) throws(Failure) -> SoundMeasure {
        let result: SoundMeasure
        switch node.kind {
        case .tone(let tone):
            result = SoundMeasure(
                milliseconds: tone.milliseconds, notes: 1, playedMilliseconds: tone.milliseconds, depth: 1,
                arguments: [], highestHertz: tone.hertz ?? 0)
        case .clip(let clip, _):
            result = SoundMeasure(
                milliseconds: clip.milliseconds, notes: 1, playedMilliseconds: clip.milliseconds, depth: 1,
                arguments: [], highestHertz: 0)
        case .reference(let target):
            return try reference(target, at: node.position, in: sound)
        case .sequence(let sequence):
            var steps: [SoundMeasure] = []
            for step in sequence.steps { steps.append(try measure(step, in: sound)) }
            let repeats = Double(sequence.repeatCount)
            let body =
                steps.reduce(0) { $0 + $1.milliseconds } + sequence.gapMilliseconds * Double(steps.count - 1)
            var combined = Self.combine(steps)
            combined.milliseconds = repeats * body + (repeats - 1) * sequence.repeatGapMilliseconds
            combined.notes *= repeats
            combined.playedMilliseconds *= repeats
            result = combined
        case .chord(let parts):
            var measured: [SoundMeasure] = []
            for part in parts { measured.append(try measure(part, in: sound)) }
            var combined = Self.combine(measured)
            combined.milliseconds = measured.map(\.milliseconds).max() ?? 0
            result = combined
        }
        try Self.check(result, at: node.position, in: sound)
        return result
    }

    /// A step's measure: its slot replaces its length.
    private mutating func measure(_ step: SoundStep, in sound: String) throws(Failure) -> SoundMeasure {
        var measure = try measure(step.node, in: sound)
        if let slot = step.slotMilliseconds { measure.milliseconds = slot }
        if let condition = step.condition { measure.arguments.insert(condition) }
        return measure
    }

    private mutating func reference(
        _ target: String, at position: SourcePosition, in sound: String
    ) throws(Failure) -> SoundMeasure {
        if let start = visiting.firstIndex(of: target) {
            let loop = (visiting[start...] + [target]).joined(separator: " → ")
            throw .problem(
                SoundBookError(
                    at: position, sound: sound,
                    "naming \"\(target)\" here makes a cycle (\(loop)): a sound cannot contain itself"))
        }
        guard declared[target] != nil else {
            throw .problem(
                SoundBookError(
                    at: position, sound: sound, "the book has no sound \"\(target)\": define it, or fix the name"))
        }
        guard let measure = measure(target) else { throw .dependsOnBroken }
        return measure
    }

    /// Counts of elements heard together or one after another add up; depth is one more.
    private static func combine(_ measures: [SoundMeasure]) -> SoundMeasure {
        var combined = SoundMeasure(
            milliseconds: 0, notes: 0, playedMilliseconds: 0, depth: 0, arguments: [], highestHertz: 0)
        for measure in measures {
            combined.notes += measure.notes
            combined.playedMilliseconds += measure.playedMilliseconds
            combined.depth = max(combined.depth, measure.depth + 1)
            combined.arguments.formUnion(measure.arguments)
            combined.placements.formUnion(measure.placements)
            combined.highestHertz = max(combined.highestHertz, measure.highestHertz)
        }
        return combined
    }

    private static func check(_ measure: SoundMeasure, at position: SourcePosition, in sound: String) throws(Failure) {
        var reason: String?
        if measure.depth > SoundBook.maximumDepth {
            reason = "nests sequences and chords \(measure.depth) deep; at most \(SoundBook.maximumDepth) are allowed"
        } else if measure.milliseconds > SoundBook.maximumMilliseconds {
            reason =
                "lasts up to \(SoundObject.show(measure.milliseconds.rounded())) ms; a sound may last at most "
                + "\(SoundObject.show(SoundBook.maximumMilliseconds)) ms"
        } else if measure.notes > Double(SoundBook.maximumNotes) {
            reason =
                "plays \(SoundObject.show(measure.notes)) tones and files in all (repeats and parts counted); "
                + "at most \(SoundBook.maximumNotes) are allowed"
        } else if measure.playedMilliseconds > SoundBook.maximumPlayedMilliseconds {
            reason =
                "plays \(SoundObject.show(measure.playedMilliseconds.rounded())) ms of tones and files in all; "
                + "at most \(SoundObject.show(SoundBook.maximumPlayedMilliseconds)) ms are allowed"
        }
        if let reason { throw .problem(SoundBookError(at: position, sound: sound, reason)) }
    }
}
