import CEspeakNG
import NarratorWire

/// The parameters of an utterance that espeak-ng keeps between utterances.
struct EspeakSettings: Equatable {
    var rate: Int
    var pitch: Int
    var punctuation = Punctuation.none
    var capitals = CapitalLetters.none
}

extension EspeakOwner {
    /// Selects the voice and parameters of an utterance, touching espeak-ng only for what changed.
    mutating func apply(_ voice: ResolvedVoice, _ settings: VoiceRequest) throws(SpeechError) {
        try apply(
            VoiceSelection(voice),
            EspeakSettings(
                rate: settings.rate, pitch: settings.pitch, punctuation: settings.punctuation,
                capitals: settings.capitals))
    }

    /// Selects a voice by name or language, and the parameters.
    mutating func apply(_ selection: VoiceSelection, _ settings: EspeakSettings) throws(SpeechError) {
        var voiceChanged = false
        let wanted = selection.key
        if appliedVoice != wanted {
            let (function, status) =
                switch selection {
                case .name(let name):
                    ("espeak_SetVoiceByName", name.withCString { espeak_SetVoiceByName($0) })
                case .language(let language):
                    (
                        "espeak_SetVoiceByProperties",
                        language.withCString { language -> espeak_ERROR in
                            var spec = espeak_VOICE()
                            spec.languages = language
                            return espeak_SetVoiceByProperties(&spec)
                        }
                    )
                }
            guard status == EE_OK else {
                appliedVoice = nil
                throw .espeakCall(function: function, code: status.rawValue)
            }
            appliedVoice = wanted
            voiceChanged = true
        }
        // A voice change resets the rate (after the Russian voice others speak ~6 % slower), so
        // every parameter is applied again after one.
        let previous = voiceChanged ? nil : appliedSettings
        if previous?.rate != settings.rate { try set(espeakRATE, settings.rate) }
        if previous?.pitch != settings.pitch { try set(espeakPITCH, settings.pitch) }
        // espeak-ng always synthesizes at its normal volume: the utterance's volume is applied to its
        // samples afterwards (`SynthesisContext.applyVolume`), so the silence trimmed at the start
        // is found the same way at every volume, and a muted utterance lasts as long as a loud one.
        if previous == nil { try set(espeakVOLUME, SynthesisContext.synthesisVolume) }
        if previous?.punctuation != settings.punctuation { try apply(settings.punctuation) }
        if previous?.capitals != settings.capitals { try setOption(espeakCAPITALS, settings.capitals.espeakValue) }
        appliedSettings = settings
    }

    /// Which punctuation espeak-ng says by name: none, all, or those of a list ("some").
    private func apply(_ punctuation: Punctuation) throws(SpeechError) {
        if let list = punctuation.spokenCharacters {
            let characters = list.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
            let status = characters.withUnsafeBufferPointer { espeak_SetPunctuationList($0.baseAddress) }
            guard status == EE_OK else {
                throw .espeakCall(function: "espeak_SetPunctuationList", code: status.rawValue)
            }
        }
        let type =
            switch punctuation {
            case .none: espeakPUNCT_NONE
            case .all: espeakPUNCT_ALL
            case .some, .most: espeakPUNCT_SOME
            }
        try setOption(espeakPUNCTUATION, Int(type.rawValue))
    }

    /// Sets punctuation or capitals, which libespeak-ng 1.51 takes while answering `EE_INTERNAL_ERROR`
    /// (its synchronous setter knows them, its common one does not): the value read back is what counts.
    private func setOption(_ parameter: espeak_PARAMETER, _ value: Int) throws(SpeechError) {
        let status = espeak_SetParameter(parameter, Int32(value), 0)
        guard status == EE_OK || espeak_GetParameter(parameter, 1) == Int32(value) else {
            throw .espeakCall(function: "espeak_SetParameter", code: status.rawValue)
        }
    }

    private func set(_ parameter: espeak_PARAMETER, _ value: Int) throws(SpeechError) {
        let status = espeak_SetParameter(parameter, Int32(value), 0)
        guard status == EE_OK else { throw .espeakCall(function: "espeak_SetParameter", code: status.rawValue) }
    }
}

extension Punctuation {
    /// The characters said by name, for the two levels between none and all: symbols (`some`), and
    /// symbols with brackets, quotes, dashes, colons and semicolons (`most`); sentence punctuation
    /// (`.,?!`) is said by name only with `all`.
    var spokenCharacters: String? {
        switch self {
        case .none, .all: nil
        case .some: #"#$%&*+/<=>@\^_|~"#
        case .most: #"#$%&*+/<=>@\^_|~"'()[]{}-:;"#
        }
    }

    /// Its number on the synthesis child's wire.
    var wireCode: Int32 { Int32(Self.allCases.firstIndex(of: self) ?? 0) }

    init(wireCode: Int32) {
        self = Self.allCases.indices.contains(Int(wireCode)) ? Self.allCases[Int(wireCode)] : .none
    }
}

extension CapitalLetters {
    /// espeak-ng's `espeakCAPITALS`: 1 a short sound before a capital, 2 the word "capital".
    var espeakValue: Int {
        switch self {
        case .none: 0
        case .icon: 1
        case .spell: 2
        }
    }

    /// Its number on the synthesis child's wire.
    var wireCode: Int32 { Int32(Self.allCases.firstIndex(of: self) ?? 0) }

    init(wireCode: Int32) {
        self = Self.allCases.indices.contains(Int(wireCode)) ? Self.allCases[Int(wireCode)] : .none
    }
}
