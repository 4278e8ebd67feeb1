import NarratorJSON
public import NarratorLocalization
import NarratorWire

extension EventMap {
    /// What to do for `event`: the first rule of its entry whose `if` holds, applied to the
    /// event's fields and rendered in `locale`. No rule holds: `.silent`. A sound's name is filled
    /// in here, but the sound is not looked up: the daemon renders it and reports `SoundError`.
    ///
    /// Throws when the event is not in the map, lacks a field the rule uses, or a field has the
    /// wrong type for the placeholder it fills: each with a code and a message for the error reply.
    public func resolve(_ event: GameEvent, localizer: Localizer, locale: String) throws(EventError) -> EventAction {
        guard let rules = entries[event.type] else { throw .unknownEvent(type: event.type) }
        guard let rule = rules.first(where: { $0.matches(event) }) else { return .silent }
        switch rule.action {
        case .silent:
            return .silent
        case .cancel(let scope):
            guard let scope else { return .cancel(scope: nil) }
            return .cancel(scope: Scope(try scope.fill(from: event)))
        case .play(let sound):
            return .play(try Self.cue(sound, for: event))
        case .speak(let speak):
            return try speak.resolve(event, localizer: localizer, locale: locale)
        }
    }

    /// The sound named by `template`, receiving all of the event's fields: which of them it reads
    /// is the sound book's business, checked when it is rendered.
    static func cue(_ template: FieldTemplate, for event: GameEvent, afterSpeech: Bool = false) throws(EventError)
        -> SoundCue
    {
        SoundCue(name: try template.fill(from: event), arguments: event.fields, afterSpeech: afterSpeech)
    }
}

extension SpeakRule {
    func resolve(_ event: GameEvent, localizer: Localizer, locale: String) throws(EventError) -> EventAction {
        let key = try Self.lookUp(self.key, event: event, localizer: localizer, giving: arguments.count)
        let kinds = localizer.argumentKinds(of: key) ?? []
        var values: [FormatArgument] = []
        var nestedFallbacks: [FallbackNotice] = []
        for (index, argument) in arguments.enumerated() {
            let kind = index < kinds.count ? kinds[index] : nil
            switch argument.source {
            case .field(let field):
                values.append(try Self.convert(field, of: event, to: kind))
            case .offset(let field, let add):
                let (sum, overflow) = try Self.integer(field, of: event).addingReportingOverflow(add)
                guard !overflow else {
                    throw .invalidField(event: event.type, field: field, problem: "is too large to add \(add) to")
                }
                values.append(.integer(sum))
            case .value(let literal):
                values.append(literal)
            case .localized(let template):
                let nestedKey = try Self.lookUp(template, event: event, localizer: localizer, giving: 0)
                let nested = try Self.render(nestedKey, event: event, localizer: localizer, locale: locale, [])
                nestedFallbacks += nested.fallbacks
                values.append(.string(nested.text))
            }
        }
        var rendering = try Self.render(key, event: event, localizer: localizer, locale: locale, values)
        rendering.fallbacks += nestedFallbacks
        let policy = AnnouncementPolicy(
            supersedes: try supersedes?.fill(from: event),
            expires: expiresMilliseconds.map { .milliseconds($0) },
            resume: resume,
            scope: try scope.map { (template) throws(EventError) in Scope(try template.fill(from: event)) })
        let cue = try sound.map { (template) throws(EventError) in
            try EventMap.cue(template, for: event, afterSpeech: soundAfter)
        }
        return .speak(rendering, priority: priority, policy: policy, sound: cue)
    }

    private static func render(
        _ key: String, event: GameEvent, localizer: Localizer, locale: String, _ arguments: [FormatArgument]
    ) throws(EventError) -> Rendering {
        do {
            return try localizer.render(key, locale: locale, arguments: arguments)
        } catch {
            throw .format(event: event.type, error)
        }
    }

    /// The key named by `template`, to be given `count` arguments. A templated key that no table has,
    /// or that takes other arguments than the rule gives (`help_{topic}` with the topic `page` reaching
    /// `help_page`, a key of another family that needs more), is the event's fault: an error naming the field, not
    /// the key spoken aloud and not the table's `format` error.
    private static func lookUp(
        _ template: FieldTemplate, event: GameEvent, localizer: Localizer, giving count: Int
    ) throws(EventError) -> String {
        let key = try template.fill(from: event)
        guard template.isTemplated else { return key }
        let fields = template.fields.map { "\"\($0)\"" }.joined(separator: ", ")
        let values = template.fields.map { event.fields[$0].map(JSONNumber.describe) ?? "" }.joined(separator: ", ")
        guard let kinds = localizer.argumentKinds(of: key) else {
            throw .invalidField(
                event: event.type, field: template.fields[0],
                problem: "is \(values), which names no table key (\(template.text) "
                    + "with \(fields) filled in gives \"\(key)\"): send one of the values the map expects")
        }
        guard kinds.count <= count else {
            throw .invalidField(
                event: event.type, field: template.fields[0],
                problem: "is \(values), which names the key \"\(key)\" (\(template.text) with \(fields) filled "
                    + "in): it takes \(kinds.count) arguments where this event gives \(count), so it is not one of "
                    + "the keys the map means: send one of the values the map expects")
        }
        return key
    }

    /// The field as the argument kind the key's placeholder takes; with no placeholder to match
    /// (too many arguments, or a key no table has), the JSON type decides and rendering reports it.
    private static func convert(
        _ field: String, of event: GameEvent, to kind: FormatArgument.Kind?
    ) throws(EventError) -> FormatArgument {
        guard let value = event.fields[field] else {
            throw .missingField(event: event.type, field: field, expected: kind?.phrase ?? "a value")
        }
        switch (kind, value) {
        case (.integer, _):
            return .integer(try integer(field, of: event))
        case (.decimal, .number(let text)):
            if let decimal = JSONNumber.decimal(text) { return .decimal(decimal) }
        case (nil, .number(let text)):
            // No placeholder to ask: a whole number stays whole, so the formatter can report the mismatch.
            if let integer = JSONNumber.integer(text) { return .integer(integer) }
            if let decimal = JSONNumber.decimal(text) { return .decimal(decimal) }
        case (.string, .string(let text)), (nil, .string(let text)):
            return .string(text)
        default:
            break
        }
        throw .invalidField(
            event: event.type, field: field,
            problem: "must be \(kind?.phrase ?? "text or a number"), not \(JSONNumber.describe(value))")
    }

    private static func integer(_ field: String, of event: GameEvent) throws(EventError) -> Int {
        guard let value = event.fields[field] else {
            throw .missingField(event: event.type, field: field, expected: FormatArgument.Kind.integer.phrase)
        }
        guard case .number(let text) = value, let integer = JSONNumber.integer(text) else {
            throw .invalidField(
                event: event.type, field: field, problem: "must be a whole number, not \(JSONNumber.describe(value))")
        }
        return integer
    }
}
