/// How espeak-ng is told which voice to speak with: what crosses to the synthesis child.
enum VoiceSelection: Sendable, Hashable {
    /// A voice the player named (`zlw/pl+f3`), set by its file names, which espeak-ng finds exactly.
    case name(String)
    /// A locale's voice, set by its language, which espeak-ng does not find by name (ARCHITECTURE.md).
    case language(String)

    init(_ voice: ResolvedVoice) {
        self = voice.named.map { .name($0.espeakName) } ?? .language(voice.espeakLanguage)
    }

    /// What the voice last selected is remembered as: `name:zlw/pl+f3`, `language:pl`.
    var key: String {
        switch self {
        case .name(let name): "name:" + name
        case .language(let language): "language:" + language
        }
    }

    /// Whether the voice is libespeak-ng's Cantonese, whose long numbers `SpokenText` rewrites.
    static func isCantonese(_ voice: ResolvedVoice) -> Bool {
        guard let named = voice.named else { return voice.espeakLanguage == "yue" }
        return named.voice.languages.contains { $0.tag == "yue" || $0.tag.hasPrefix("yue-") }
            || named.voice.identifier.hasSuffix("yue")
    }
}
