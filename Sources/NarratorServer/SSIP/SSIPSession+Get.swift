import NarratorWire

extension SSIPSession {
    /// `GET NAME`: the connection's settings in SSIP's terms. Rate, pitch, volume and language are
    /// read from the narrator, so a `SET all` or `SET id` of another client is seen: a value the
    /// connection set stays as it set it while the narrator's voice is the one it led to; once another
    /// client (or a reload of the user's settings) changed it, the narrator's value is turned back
    /// into SSIP's scale.
    mutating func get(_ name: String, ask: Ask) -> SSIPReply {
        if Self.readFromNarrator.contains(name) {
            guard case .voice(let voice) = ask(.set(.init())) else { return SSIPReply(300, "ERR INTERNAL") }
            follow(voice)
        }
        let value: String
        switch name {
        case "RATE": value = String(settings.rate)
        case "PITCH": value = String(settings.pitch)
        case "PITCH_RANGE": value = String(settings.pitchRange)
        case "VOLUME": value = String(settings.volume)
        case "LANGUAGE": value = heard?.locale ?? "en"
        case "VOICE_TYPE", "VOICE": value = settings.voiceType
        case "SYNTHESIS_VOICE": value = settings.synthesisVoice ?? "none"
        case "OUTPUT_MODULE": value = Self.outputModule
        case "PUNCTUATION": value = (heard?.punctuation ?? .none).rawValue
        case "SPELLING": value = heard?.spelling == true ? "on" : "off"
        case "CAP_LET_RECOGN": value = (heard?.capitals ?? .none).rawValue
        case "SSML_MODE": value = ssml ? "on" : "off"
        case "PRIORITY": value = priority.rawValue
        case "PAUSE_CONTEXT": value = String(settings.pauseContext)
        case "CLIENT_NAME": value = clientName ?? "unknown:unknown:unknown"
        default: return .invalidParameter
        }
        return SSIPReply(251, "OK GET RETURNED", lines: [value])
    }

    /// The settings `GET` reads from the narrator's voice.
    static let readFromNarrator: Set<String> = [
        "RATE", "PITCH", "VOLUME", "LANGUAGE", "VOICE_TYPE", "VOICE", "PUNCTUATION", "SPELLING", "CAP_LET_RECOGN",
    ]

    /// Takes the narrator's voice as it is now: each part that changed since this connection last saw
    /// it is someone else's doing, and its SSIP value is the narrator's turned back.
    mutating func follow(_ voice: Reply.Voice) {
        if let heard {
            if heard.rate != voice.rate { settings.rate = SSIPScale.rateBack(voice.rate) }
            if heard.pitch != voice.pitch { settings.pitch = SSIPScale.pitchBack(voice.pitch) }
            if heard.volume != voice.volume { settings.volume = SSIPScale.volumeBack(voice.volume) }
            if heard.variant != voice.variant {
                settings.voiceType = SSIPVoiceSettings.voiceType(of: voice.variant) ?? settings.voiceType
            }
            if heard.locale != voice.locale {
                settings.language = voice.locale
                settings.synthesisVoice = nil
            }
        }
        heard = voice
    }
}
