import NarratorWire

extension SSIPSession {
    /// `SET target NAME VALUE`. A connection sets its own (`self`, or its own number): a narrator
    /// client has no say over another's voice, so `all` and other numbers are refused.
    mutating func set(_ target: SSIPTarget, _ name: String, _ values: [String], ask: Ask) -> SSIPReply {
        let own = target == .this || target == .client(client.rawValue)
        guard own else {
            return SSIPReply(402, "ERR NO SUCH CLIENT: A NARRATOR CLIENT SETS ONLY ITS OWN (SELF)")
        }
        if name == "NOTIFICATION" { return notification(values) }
        guard values.count == 1, let value = values.first else { return .invalidParameter }
        switch name {
        case "CLIENT_NAME": return setName(value, ask: ask)
        case "PRIORITY":
            guard let priority = SSIPPriority(rawValue: value.lowercased()) else {
                return SSIPReply(408, "ERR UNKNOWN PRIORITY")
            }
            self.priority = priority
            return SSIPReply(202, "OK PRIORITY SET")
        case "RATE", "PITCH", "VOLUME", "PITCH_RANGE": return setNumber(name, value, ask: ask)
        case "LANGUAGE":
            // spd-say sends the C locale's "C" when LANG is unset: no language of its own, so the user's.
            let neutral = value == "C" || value == "POSIX"
            let change = neutral ? Request.VoiceChange(reset: [.locale]) : Request.VoiceChange(locale: value)
            guard case .voice = ask(.set(change)) else { return SSIPReply(302, "ERR COULDNT SET LANGUAGE") }
            settings.language = neutral ? nil : value
            return SSIPReply(201, "OK LANGUAGE SET")
        case "VOICE_TYPE", "VOICE":
            guard SSIPVoiceSettings.voiceTypes.contains(value.uppercased()) else { return .invalidParameter }
            settings.voiceType = value.uppercased()
            return SSIPReply(209, "OK VOICE SET")
        case "SYNTHESIS_VOICE":
            // A voice of the list speaks its language: the narrator takes the language, and the
            // user's voice for it (docs/CONFIG.md, voice.LANGUAGE).
            guard let voice = voices.first(where: { $0.name.lowercased() == value.lowercased() }),
                case .voice = ask(.set(.init(locale: voice.language)))
            else { return SSIPReply(309, "ERR COULDNT SET VOICE") }
            settings.synthesisVoice = voice.name
            settings.language = voice.language
            return SSIPReply(209, "OK VOICE SET")
        case "OUTPUT_MODULE":
            guard value.lowercased() == Self.outputModule else {
                return SSIPReply(312, "ERR COULDNT SET OUTPUT MODULE")
            }
            return SSIPReply(216, "OK OUTPUT MODULE SET")
        case "PUNCTUATION":
            guard ["all", "most", "some", "none"].contains(value.lowercased()) else { return .invalidParameter }
            settings.punctuation = value.lowercased()
            return SSIPReply(205, "OK PUNCTUATION SET")
        case "SPELLING":
            guard let on = Self.onOff(value) else { return .notOnOff }
            settings.spelling = on
            return SSIPReply(207, "OK SPELLING SET")
        case "CAP_LET_RECOGN":
            guard ["none", "spell", "icon"].contains(value.lowercased()) else { return .invalidParameter }
            settings.capitalLetters = value.lowercased()
            return SSIPReply(206, "OK CAP LET RECOGNITION SET")
        case "SSML_MODE":
            guard let on = Self.onOff(value) else { return .notOnOff }
            ssml = on
            return SSIPReply(219, "OK SSML MODE SET")
        case "PAUSE_CONTEXT":
            guard let number = Int(value), number >= 0 else { return .notANumber }
            settings.pauseContext = number
            return SSIPReply(217, "OK PAUSE CONTEXT SET")
        case "HISTORY":
            guard Self.onOff(value) != nil else { return .notOnOff }
            return SSIPReply(299, "OK BUT NOT IMPLEMENTED -- DOES NOTHING")
        default:
            return .invalidParameter
        }
    }

    /// The one output module: the narrator.
    static let outputModule = "narrator"

    static func onOff(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "on": true
        case "off": false
        default: nil
        }
    }

    /// `CLIENT_NAME user:application:component`, once: the application names the client in
    /// `status`, `history` and `monitor` (its `hello`).
    private mutating func setName(_ value: String, ask: Ask) -> SSIPReply {
        guard clientName == nil else { return SSIPReply(311, "ERR COULDNT SET CLIENT_NAME: IT IS SET ALREADY") }
        let full = value.trimmingPrefix("\"").split(separator: "\"").first.map(String.init) ?? ""
        let parts = full.split(separator: ":", omittingEmptySubsequences: false)
        let application = parts.count == 3 && !parts[1].isEmpty ? String(parts[1]) : full
        guard !application.isEmpty, case .hello = ask(.hello(client: application, locale: nil, profile: nil)) else {
            return SSIPReply(311, "ERR COULDNT SET CLIENT_NAME")
        }
        clientName = full
        return SSIPReply(208, "OK CLIENT NAME SET")
    }

    private mutating func setNumber(_ name: String, _ value: String, ask: Ask) -> SSIPReply {
        guard let number = Int(value) else { return .notANumber }
        guard number >= -100 else { return SSIPReply(410, "ERR \(name) TOO LOW") }
        guard number <= 100 else { return SSIPReply(409, "ERR \(name) TOO HIGH") }
        let change: Request.VoiceChange
        switch name {
        case "RATE":
            change = SSIPScale.rate(number).map { .init(rate: $0) } ?? .init(reset: [.rate])
        case "PITCH":
            change = SSIPScale.pitch(number).map { .init(pitch: $0) } ?? .init(reset: [.pitch])
        case "VOLUME":
            change = SSIPScale.volume(number).map { .init(volume: $0) } ?? .init(reset: [.volume])
        default:
            // The narrator's voices have no pitch range: kept for GET.
            settings.pitchRange = number
            return SSIPReply(263, "OK PITCH RANGE SET")
        }
        guard case .voice = ask(.set(change)) else { return SSIPReply(300, "ERR INTERNAL") }
        switch name {
        case "RATE":
            settings.rate = number
            return SSIPReply(203, "OK RATE SET")
        case "PITCH":
            settings.pitch = number
            return SSIPReply(204, "OK PITCH SET")
        default:
            settings.volume = number
            return SSIPReply(218, "OK VOLUME SET")
        }
    }

    /// `NOTIFICATION EVENT on|off` (or `ALL`), for the messages sent after it.
    private mutating func notification(_ values: [String]) -> SSIPReply {
        guard values.count == 2, let on = Self.onOff(values[1]) else { return .notOnOff }
        let name = values[0].uppercased()
        let kinds: [SSIPEventKind]
        if name == "ALL" {
            kinds = SSIPEventKind.allCases
        } else if let kind = SSIPEventKind(rawValue: name) {
            kinds = [kind]
        } else {
            return .invalidParameter
        }
        if on { events.formUnion(kinds) } else { events.subtract(kinds) }
        return SSIPReply(220, "OK NOTIFICATION SET")
    }

    /// `GET NAME`: what the connection set, in SSIP's terms; the language is the one it speaks.
    mutating func get(_ name: String, ask: Ask) -> SSIPReply {
        let value: String
        switch name {
        case "RATE": value = String(settings.rate)
        case "PITCH": value = String(settings.pitch)
        case "PITCH_RANGE": value = String(settings.pitchRange)
        case "VOLUME": value = String(settings.volume)
        case "LANGUAGE":
            guard case .voice(let voice) = ask(.set(.init())) else { return SSIPReply(300, "ERR INTERNAL") }
            value = voice.locale
        case "VOICE_TYPE", "VOICE": value = settings.voiceType
        case "SYNTHESIS_VOICE": value = settings.synthesisVoice ?? "none"
        case "OUTPUT_MODULE": value = Self.outputModule
        case "PUNCTUATION": value = settings.punctuation
        case "SPELLING": value = settings.spelling ? "on" : "off"
        case "CAP_LET_RECOGN": value = settings.capitalLetters
        case "SSML_MODE": value = ssml ? "on" : "off"
        case "PRIORITY": value = priority.rawValue
        case "PAUSE_CONTEXT": value = String(settings.pauseContext)
        case "CLIENT_NAME": value = clientName ?? "unknown:unknown:unknown"
        default: return .invalidParameter
        }
        return SSIPReply(251, "OK GET RETURNED", lines: [value])
    }
}
