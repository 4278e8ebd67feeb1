/// One voice installed with espeak-ng, as `espeak_ListVoices` describes it.
public struct VoiceDescription: Sendable, Hashable {
    /// A language the voice speaks, with espeak-ng's preference (lower is more preferred).
    public struct Language: Sendable, Hashable {
        public let tag: String
        public let priority: Int

        public init(tag: String, priority: Int) {
            self.tag = tag
            self.priority = priority
        }
    }

    /// Human-readable name, e.g. `English_(Great_Britain)`.
    public let name: String
    /// File of the voice under espeak-ng-data/voices, e.g. `gmw/en`.
    public let identifier: String
    /// Languages in espeak-ng's lowercase spelling; the first is the voice's own.
    public let languages: [Language]

    public init(name: String, identifier: String, languages: [Language]) {
        self.name = name
        self.identifier = identifier
        self.languages = languages
    }

    /// The voice's own language tag (`en-gb`, `cmn-latn-pinyin`).
    public var primaryLanguage: String { languages.first?.tag ?? "" }
}
