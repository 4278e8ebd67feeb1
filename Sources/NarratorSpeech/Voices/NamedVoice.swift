/// A voice chosen by name, with an optional variant: espeak-ng's `pl+f3` (the Polish voice, female
/// variant 3), as a player writes it in the narrator's configuration.
public struct NamedVoice: Sendable, Hashable {
    /// The installed voice the name chose.
    public let voice: VoiceDescription
    /// The variant after the `+` (`!v/f3`), if one was given.
    public let variant: VoiceDescription?

    /// The name given to `espeak_SetVoiceByName`: the voice's file with the variant's file name,
    /// `zlw/pl+f3`; espeak-ng finds both by these exactly.
    public var espeakName: String {
        guard let variant else { return voice.identifier }
        return voice.identifier + "+" + Self.fileName(variant.identifier)
    }

    /// How it reads to a person: `Polish, variant female3`.
    public var description: String {
        guard let variant else { return voice.name }
        return "\(voice.name), variant \(variant.name)"
    }

    /// The last part of a voice file's path (`pl` of `zlw/pl`, `f3` of `!v/f3`).
    static func fileName(_ identifier: String) -> String {
        String(identifier.split(separator: "/").last ?? Substring(identifier))
    }
}

extension VoiceResolver {
    /// The voice `name` chooses: `VOICE` or `VOICE+VARIANT`, where VOICE is a voice's file
    /// (`pl`, `zlw/pl`), name (`Polish`) or language (`en-gb`) as `narrator voices` lists them, and
    /// VARIANT a variant's file or name as `narrator voices --variants` lists them (`f3`, `Annie`),
    /// each ignoring case. espeak-ng itself takes an unknown variant silently; here it is an error.
    public func resolve(named name: String) throws(SpeechError) -> NamedVoice {
        if let known = choices.voice(named: name) { return known }
        let voice = try choose(named: name)
        choices.remember(voice, named: name)
        return voice
    }

    /// The variant `name` chooses: a variant's file (`f3`) or name (`Annie`), ignoring case.
    public func variant(named name: String) throws(SpeechError) -> VoiceDescription {
        let wanted = name.lowercased()
        let variant =
            variants.first { NamedVoice.fileName($0.identifier).lowercased() == wanted }
            ?? variants.first { $0.name.lowercased() == wanted }
        guard let variant else { throw .unknownVariant(name, variant: name) }
        return variant
    }

    /// The voice `name` chooses, from the lists.
    private func choose(named name: String) throws(SpeechError) -> NamedVoice {
        let parts = name.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let base = parts[0]
        guard !base.isEmpty, !base.contains(where: \.isWhitespace) else { throw .unknownVoice(name) }
        guard let voice = voice(named: base) else { throw .unknownVoice(name) }
        guard parts.count == 2 else { return NamedVoice(voice: voice, variant: nil) }
        do {
            return NamedVoice(voice: voice, variant: try variant(named: parts[1]))
        } catch {
            throw .unknownVariant(name, variant: parts[1])
        }
    }

    /// The installed voice a name means: its file path, its file name, its own name, then its language.
    private func voice(named name: String) -> VoiceDescription? {
        let wanted = name.lowercased()
        let tests: [(VoiceDescription) -> Bool] = [
            { $0.identifier.lowercased() == wanted },
            { NamedVoice.fileName($0.identifier).lowercased() == wanted },
            { $0.name.lowercased() == wanted },
            { $0.primaryLanguage == wanted },
        ]
        for test in tests {
            if let voice = voices.first(where: test) { return voice }
        }
        return nil
    }
}
