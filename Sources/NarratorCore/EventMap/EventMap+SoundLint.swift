public import NarratorLocalization

extension EventMap {
    /// The sounds the map names that `book` does not define (`event-map`, an error: the event
    /// would fail with `unknown_sound` every time). A sound named with a `{field}` is skipped: which
    /// sound it reaches depends on the event. A sound the book defines but cannot load counts as
    /// defined; lint reports it in the book.
    public func diagnostics(againstSounds book: SoundBook, path: String) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for event in eventNames {
            for rule in entries[event] ?? [] {
                let sound: FieldTemplate?
                switch rule.action {
                case .play(let played): sound = played
                case .speak(let speak): sound = speak.sound
                case .silent, .cancel: sound = nil
                }
                guard let sound, !sound.isTemplated, !book.declares(sound.text) else { continue }
                findings.append(
                    Diagnostic(
                        .eventMap, path: path, position: sound.position, key: event,
                        message: "the sound \"\(sound.text)\" is not in \(book.name): add it there, or fix the "
                            + "name (docs/SOUNDS.md)"))
            }
        }
        return findings
    }

    /// The sounds the map names, plain and templated as written, for tools that list what a
    /// profile needs.
    public var soundNames: [String] {
        var names: Set<String> = []
        for rules in entries.values {
            for rule in rules {
                switch rule.action {
                case .play(let sound): names.insert(sound.text)
                case .speak(let speak): if let sound = speak.sound { names.insert(sound.text) }
                case .silent, .cancel: break
                }
            }
        }
        return names.sorted()
    }
}
