import NarratorLocalization
public import NarratorVoice

/// The daemon's defaults for every client that has not chosen its own (docs/CONFIG.md): built in,
/// over them the player's configuration file, over that the options of one `narrator serve` run.
/// Each value remembers where it came from, for `narrator config` and `status`.
public struct DaemonDefaults: Sendable, Hashable {
    /// Where a value comes from.
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        case builtIn
        /// A line of the configuration file.
        case file(path: String, line: Int)
        /// An option of `narrator serve`, for one run.
        case commandLine

        public var description: String {
            switch self {
            case .builtIn: "built-in"
            case .file(let path, let line): "\(path):\(line)"
            case .commandLine: "command line"
            }
        }
    }

    /// Locale, rate, pitch and volume; its `voice` is unused (voices go by language, below).
    public var voice: VoiceRequest
    /// The loudness of clients' sounds, in percent of what their sound books render (docs/CONFIG.md).
    public var effectsVolume = 100
    /// What `effects_volume` takes: as `volume`, 0 silences, 200 doubles.
    public static let effectsVolumeRange = 0...200
    /// The voice the player chose for a language (`pl` -> `pl+f3`), by lowercased tag.
    public var voices: [String: String]
    /// Where sound goes (`auto`, `pulse`, `wav:PATH`...); read at start only.
    public var output: String
    /// Say "No voice for this language" before a client's first announcement in a language that has
    /// no voice (`spoken_notices on`); off unless the player asks.
    public var spokenNotices = false
    /// `off`, `on` (speech-dispatcher's own socket) or the path of the SSIP socket; read at start only.
    public var ssip = "off"
    /// The Wine door is open (`wine on`); read at start only.
    public var wine = false
    /// Past this many milliseconds from request to first sample heard (the last minute's median),
    /// the daemon warns once, in its log and in `status` (`latency_warn_ms`); nil: never.
    public var latencyWarnMilliseconds: Int?
    /// What `latency_warn_ms` takes.
    public static let latencyWarnRange = 1...10_000
    /// The SSIP client names that are the player's screen reader, lowercased (`screen_reader`: names
    /// separated by commas, or `none`); a client is known by the application part of its `CLIENT_NAME`.
    public var screenReaders = ["orca"]
    /// Where each value that is not built in comes from.
    public var origins: [ConfigKey: Origin]

    public init(voice: VoiceRequest = VoiceRequest(), voices: [String: String] = [:], output: String = "auto") {
        self.voice = VoiceRequest(locale: voice.locale, rate: voice.rate, pitch: voice.pitch, volume: voice.volume)
        self.voices = voices
        self.output = output
        self.origins = [:]
    }

    /// Narrator's own: English, 175 words a minute, pitch 50, volume 100, sounds at 100, each
    /// language's own voice, the first sound output that works.
    public static let builtIn = DaemonDefaults()

    public func origin(of key: ConfigKey) -> Origin { origins[key] ?? .builtIn }

    /// Every setting with a value, in `ConfigKey` order, as text: the fixed ones, then each voice.
    public var settings: [(key: ConfigKey, value: String)] {
        let fixed: [(key: ConfigKey, value: String)] = [
            (.locale, voice.locale), (.rate, String(voice.rate)), (.pitch, String(voice.pitch)),
            (.volume, String(voice.volume)), (.effectsVolume, String(effectsVolume)), (.output, output),
            (.spokenNotices, spokenNotices ? "on" : "off"), (.ssip, ssip),
            (.wine, wine ? "on" : "off"),
            (.screenReader, screenReaders.isEmpty ? "none" : screenReaders.joined(separator: ",")),
        ]
        // Like a voice, listed only when set: it has no built-in value.
        let warn = latencyWarnMilliseconds.map { [(key: ConfigKey.latencyWarn, value: String($0))] } ?? []
        return fixed + warn + voices.keys.sorted().map { (.voice(language: $0), voices[$0] ?? "") }
    }

    /// The voice chosen for `locale`: its own tag's, else that of each shorter tag (`pt-br`, then `pt`).
    public func voiceName(for locale: String) -> String? {
        for tag in LocaleIdentifier(locale).truncations {
            if let name = voices[tag.normalized] { return name }
        }
        return nil
    }

    /// Takes one value, checked as the daemon checks a client's (`checks`), from `origin`. The
    /// error says what is wrong; a warning (a voice that falls back) is returned.
    @discardableResult
    public mutating func take(_ key: ConfigKey, _ text: String, from origin: Origin, checks: ConfigChecks)
        throws(ConfigValueError) -> String?
    {
        var warning: String?
        switch key {
        case .locale:
            warning = try checks.locale(text)
            voice.locale = text
        case .rate: voice.rate = try Self.number(text, key, VoiceRequest.rateRange)
        case .pitch: voice.pitch = try Self.number(text, key, VoiceRequest.pitchRange)
        case .volume: voice.volume = try Self.number(text, key, VoiceRequest.volumeRange)
        case .effectsVolume: effectsVolume = try Self.number(text, key, Self.effectsVolumeRange)
        case .output:
            if let problem = checks.output(text) { throw ConfigValueError(problem) }
            output = text
        case .spokenNotices:
            guard text == "on" || text == "off" else {
                throw ConfigValueError("spoken_notices is on or off, not \"\(text)\"")
            }
            spokenNotices = text == "on"
        case .ssip:
            guard text == "on" || text == "off" || text.hasPrefix("/") else {
                throw ConfigValueError("ssip is on, off or the absolute path of a socket, not \"\(text)\"")
            }
            ssip = text
        case .wine:
            guard text == "on" || text == "off" else { throw ConfigValueError("wine is on or off, not \"\(text)\"") }
            wine = text == "on"
        case .latencyWarn: latencyWarnMilliseconds = try Self.number(text, key, Self.latencyWarnRange)
        case .screenReader: screenReaders = try Self.names(text)
        case .voice(let language):
            _ = try checks.locale(language)
            warning = try checks.voice(text)
            voices[language] = text
        }
        origins[key] = origin
        return warning
    }

    /// `screen_reader`'s names: `none`, or client names separated by commas, each a word.
    private static func names(_ text: String) throws(ConfigValueError) -> [String] {
        if text == "none" { return [] }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { name in
            String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()).lowercased()
        }
        guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else {
            throw ConfigValueError(
                "screen_reader is none or SSIP client names separated by commas (orca,fenrir), not \"\(text)\"")
        }
        return names
    }

    /// Whether a client of this name (an SSIP client's application) is the player's screen reader.
    public func isScreenReader(_ name: String) -> Bool {
        screenReaders.contains(name.lowercased())
    }

    /// A whole number in `range`, with the daemon's own message when it is not in it.
    private static func number(_ text: String, _ key: ConfigKey, _ range: ClosedRange<Int>) throws(ConfigValueError)
        -> Int
    {
        guard let value = Int(text) else { throw ConfigValueError("\(key) must be a whole number, not \"\(text)\"") }
        guard range.contains(value) else {
            throw ConfigValueError(
                SpeechRequestError.outOfRange(name: key.name, value: value, range: range).description)
        }
        return value
    }
}

/// Why a value is refused, a sentence; `ConfigError` adds where it was written.
public struct ConfigValueError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// The checks a configured value passes, the same the daemon applies to a client's `hello` and
/// `set`: the speech system's own for locales and voices, the ranges of `VoiceRequest`, and the
/// output's own parser (given by `narrator`, which knows the outputs).
///
/// Without voices (`voices` nil), for a command that speaks nothing (`narrator play`, which reads the
/// effects volume and the output), a locale is checked as a BCP-47 tag only and a voice is taken as
/// written: reading the settings then starts no speech engine.
public struct ConfigChecks: Sendable {
    public let voices: (any VoiceCatalog)?
    /// Why an output is not one, or nil when it is.
    public let output: @Sendable (String) -> String?

    public init(voices: (any VoiceCatalog)?, output: @escaping @Sendable (String) -> String?) {
        self.voices = voices
        self.output = output
    }

    /// Checks a locale; returns the fallback warning when it has no voice of its own.
    func locale(_ text: String) throws(ConfigValueError) -> String? {
        guard let voices else {
            do {
                _ = try LanguageTag(parsing: text)
            } catch {
                throw ConfigValueError(error.description)
            }
            return nil
        }
        do {
            return try voices.voice(for: text).fallbackWarning
        } catch {
            throw ConfigValueError(error.description)
        }
    }

    /// Checks a voice name; returns a warning when it is accepted but not used.
    func voice(_ text: String) throws(ConfigValueError) -> String? {
        guard let voices else { return nil }
        do {
            return try voices.voice(named: text).fallbackWarning
        } catch {
            throw ConfigValueError(error.description)
        }
    }
}
