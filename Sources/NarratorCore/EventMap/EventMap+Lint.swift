import NarratorJSON
public import NarratorLocalization
import NarratorWire

extension EventMap {
    /// Lints a map's bytes against the tables it speaks from: everything that stops it loading (with
    /// line and column; every broken entry, not just the first), then `diagnostics(against:path:)`
    /// for the entries that could be read. With `sounds`, the sounds the map names are checked
    /// against that book too (`diagnostics(againstSounds:path:)`); without, they are not checked.
    public static func lint(
        path: String, bytes: [UInt8], against localizer: Localizer, sounds: SoundBook? = nil
    ) -> [Diagnostic] {
        let decoded = EventMapDecoder.decode(bytes)
        let problems = decoded.problems.map { problem in
            Diagnostic(
                problem.kind == .syntax ? .invalidJSON : .eventMap, path: path, position: problem.position,
                key: problem.event, message: problem.reason)
        }
        let map = EventMap(name: path, entries: decoded.entries)
        let soundFindings = sounds.map { map.diagnostics(againstSounds: $0, path: path) } ?? []
        return problems + map.diagnostics(against: localizer, path: path) + soundFindings
    }

    /// What lint finds in a loaded map: keys no table has (`unknown-key`), and arguments whose
    /// count or kind does not fit the key's placeholders (`event-map`).
    ///
    /// Only plain keys are checked: a key with a `{field}` in it depends on the event, so it is
    /// skipped rather than reported falsely. Plain fields are not checked either: their kind is
    /// whatever the game sends, checked when the event arrives.
    public func diagnostics(against localizer: Localizer, path: String) -> [Diagnostic] {
        var references: [KeyReference] = []
        var findings: [Diagnostic] = []
        for event in eventNames {
            for rule in entries[event] ?? [] {
                guard case .speak(let speak) = rule.action else { continue }
                if !speak.key.isTemplated {
                    references.append(KeyReference(key: speak.key.text, path: path, position: speak.key.position))
                    if let kinds = localizer.argumentKinds(of: speak.key.text) {
                        findings += Self.check(speak, kinds: kinds, event: event, path: path)
                    }
                }
                for argument in speak.arguments {
                    guard case .localized(let nested) = argument.source, !nested.isTemplated else { continue }
                    references.append(KeyReference(key: nested.text, path: path, position: nested.position))
                    if let kinds = localizer.argumentKinds(of: nested.text), !kinds.isEmpty {
                        findings.append(
                            Diagnostic(
                                .eventMap, path: path, position: nested.position, key: event,
                                message: "the localized argument \"\(nested.text)\" takes \(Self.list(kinds)), but a "
                                    + "localized argument is rendered without arguments: use a key without placeholders"
                            ))
                    }
                }
            }
        }
        findings += CatalogLinter.unknownKeys(references, in: localizer.catalogs)
        return findings
    }

    private static func check(
        _ speak: SpeakRule, kinds: [FormatArgument.Kind], event: String, path: String
    ) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let key = speak.key.text
        if speak.arguments.count != kinds.count {
            findings.append(
                Diagnostic(
                    .eventMap, path: path, position: speak.key.position, key: event,
                    message: "\"\(key)\" takes \(Self.list(kinds)), but the rule passes \(speak.arguments.count) "
                        + "argument\(speak.arguments.count == 1 ? "" : "s"): make \"arguments\" match the key "
                        + "(docs/LOCALIZATION.md lists each key's arguments)"))
        }
        for (index, argument) in speak.arguments.enumerated() where index < kinds.count {
            guard let kind = argument.staticKind, !kind.fits(kinds[index]) else { continue }
            findings.append(
                Diagnostic(
                    .eventMap, path: path, position: argument.position, key: event,
                    message: "argument \(index + 1) of \"\(key)\" is \(kind.phrase), but the key's placeholder "
                        + "takes \(kinds[index].phrase)"))
        }
        return findings
    }

    /// "no arguments", "1 argument (a whole number)", "2 arguments (a whole number, text)".
    private static func list(_ kinds: [FormatArgument.Kind]) -> String {
        guard !kinds.isEmpty else { return "no arguments" }
        let phrases = kinds.map(\.phrase).joined(separator: ", ")
        return "\(kinds.count) argument\(kinds.count == 1 ? "" : "s") (\(phrases))"
    }
}
