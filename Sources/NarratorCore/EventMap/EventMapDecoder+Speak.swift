import NarratorLocalization
import NarratorWire

extension EventMapDecoder {
    /// A rule with `"key"`: what to say, how urgently, and optionally a sound to play with it.
    func decodeSpeak(_ rule: MapObject, event: String) throws(EventMapError) -> SpeakRule {
        try rule.allow(
            [
                "if", "key", "arguments", "priority", "supersedes", "expires_ms", "resume", "scope", "sound",
                "sound_after",
            ],
            in: "a speak rule")
        var priority = Priority.default
        if let (text, position) = try rule.string("priority") {
            guard let parsed = Priority(rawValue: text) else {
                throw rule.error(at: position, "\"priority\" must be \"high\", \"default\" or \"low\", not \"\(text)\"")
            }
            priority = parsed
        }
        let expires = try rule.integer("expires_ms")
        if let (value, position) = expires, value < 0 {
            throw rule.error(at: position, "\"expires_ms\" must be 0 or more (0: speak now or never), not \(value)")
        }
        let scope = try rule.template("scope")
        if let scope { try Self.checkScope(scope, in: rule) }
        var arguments: [EventArgument] = []
        if let node = rule["arguments"] {
            guard case .array(let elements) = node.value else {
                throw rule.error(at: node.position, "\"arguments\" must be an array, not \(node.value.kindDescription)")
            }
            for element in elements { arguments.append(try decodeArgument(element, event: event)) }
        }
        let sound = try Self.soundName(rule)
        let soundAfter = try rule.bool("sound_after") ?? false
        if soundAfter, sound == nil {
            throw rule.error(
                at: rule["sound_after"]!.position, "\"sound_after\" says when the rule's \"sound\" plays: name one")
        }
        return SpeakRule(
            key: try rule.template("key")!, arguments: arguments, priority: priority,
            supersedes: try rule.template("supersedes"), expiresMilliseconds: expires?.value,
            resume: try rule.bool("resume") ?? false, scope: scope, sound: sound, soundAfter: soundAfter)
    }

    /// The rule's `"sound"`: a name in the profile's sound book, may contain `{field}`; nil when absent.
    static func soundName(_ rule: MapObject) throws(EventMapError) -> FieldTemplate? {
        guard let sound = try rule.template("sound") else { return nil }
        let sample = sound.parts.map { part in
            switch part {
            case .literal(let text): text
            case .field: "0"
            }
        }.joined()
        guard FieldTemplate.isName(sample) else {
            throw rule.error(
                at: sound.position,
                "the sound \"\(sound.text)\" must be a name of letters, digits, _ and - (fields as {lane} allowed), "
                    + "as in \(ProfileLayout.soundBook)")
        }
        return sound
    }
}
