import NarratorWire

extension SSIPSession {
    /// `SET target NAME VALUE`: of this client (`self`, or its own number), of every client (`all`)
    /// or of another client by its number, through the narrator's `set` of that target (C24), as that
    /// client's own setting. A number no client connected has is SSIP's `402`. What SSIP sets only
    /// for `self` (the name, priority, notifications, SSML mode) is refused for others.
    mutating func set(_ target: SSIPTarget, _ name: String, _ values: [String], ask: Ask) -> SSIPReply {
        let whom = whose(target)
        if whom != .own, Self.selfOnly.contains(name) {
            return SSIPReply(514, "ERR PARAMETER INVALID: \(name) IS SET FOR SELF ONLY")
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
        case "RATE", "PITCH", "VOLUME": return setNumber(name, value, whom, ask: ask)
        case "LANGUAGE":
            // spd-say sends the C locale's "C" when LANG is unset: no language of its own, so the user's.
            let neutral = value == "C" || value == "POSIX"
            let change = neutral ? Request.VoiceChange(reset: [.locale]) : Request.VoiceChange(locale: value)
            return setVoice(change, whom, ask: ask, done: SSIPReply(201, "OK LANGUAGE SET")) {
                $0.language = neutral ? nil : value
            } refused: { _ in
                SSIPReply(302, "ERR COULDNT SET LANGUAGE")
            }
        case "VOICE_TYPE", "VOICE":
            let type = value.uppercased()
            guard let variant = SSIPVoiceSettings.variants[type] else { return .invalidParameter }
            let change = variant.map { Request.VoiceChange(variant: $0) } ?? .init(reset: [.variant])
            return setVoice(change, whom, ask: ask, done: SSIPReply(209, "OK VOICE SET")) {
                $0.voiceType = type
            } refused: { _ in
                SSIPReply(309, "ERR COULDNT SET VOICE")
            }
        case "SYNTHESIS_VOICE":
            // A voice of the list speaks its language: the narrator takes the language, and the
            // user's voice for it (docs/CONFIG.md, voice.LANGUAGE).
            guard let voice = voices.first(where: { $0.name.lowercased() == value.lowercased() }) else {
                return SSIPReply(309, "ERR COULDNT SET VOICE")
            }
            return setVoice(.init(locale: voice.language), whom, ask: ask, done: SSIPReply(209, "OK VOICE SET")) {
                $0.synthesisVoice = voice.name
                $0.language = voice.language
            } refused: { _ in
                SSIPReply(309, "ERR COULDNT SET VOICE")
            }
        case "OUTPUT_MODULE":
            guard value.lowercased() == Self.outputModule else {
                return SSIPReply(312, "ERR COULDNT SET OUTPUT MODULE")
            }
            return keep(whom, ask: ask, done: SSIPReply(216, "OK OUTPUT MODULE SET")) { _ in }
        case "PUNCTUATION":
            // SSIP's default, `none`, is the narrator's own: the user's, as for a client that sets nothing.
            guard let punctuation = Punctuation(rawValue: value.lowercased()) else { return .invalidParameter }
            let change =
                punctuation == .none ? Request.VoiceChange(reset: [.punctuation]) : .init(punctuation: punctuation)
            return setVoice(change, whom, ask: ask, done: SSIPReply(205, "OK PUNCTUATION SET")) { _ in
            } refused: { _ in
                SSIPReply(305, "ERR COULDNT SET PUNCT MODE")
            }
        case "SPELLING":
            guard let on = Self.onOff(value) else { return .notOnOff }
            let change = on ? Request.VoiceChange(spelling: true) : .init(reset: [.spelling])
            return setVoice(change, whom, ask: ask, done: SSIPReply(207, "OK SPELLING SET")) { _ in
            } refused: { _ in
                SSIPReply(308, "ERR COULDNT SET SPELLING")
            }
        case "CAP_LET_RECOGN":
            guard let capitals = CapitalLetters(rawValue: value.lowercased()) else { return .invalidParameter }
            let change = capitals == .none ? Request.VoiceChange(reset: [.capitals]) : .init(capitals: capitals)
            return setVoice(change, whom, ask: ask, done: SSIPReply(206, "OK CAP LET RECOGNITION SET")) { _ in
            } refused: { _ in
                SSIPReply(306, "ERR COULDNT SET CAP LET RECOGNITION")
            }
        case "SSML_MODE":
            guard let on = Self.onOff(value) else { return .notOnOff }
            ssml = on
            return SSIPReply(219, "OK SSML MODE SET")
        case "PITCH_RANGE":
            guard let number = Int(value) else { return .notANumber }
            guard number >= -100 else { return SSIPReply(416, "ERR PITCH RANGE TOO LOW") }
            guard number <= 100 else { return SSIPReply(415, "ERR PITCH RANGE TOO HIGH") }
            // The narrator's voices have no pitch range: kept for GET.
            return keep(whom, ask: ask, done: SSIPReply(263, "OK PITCH RANGE SET")) { $0.pitchRange = number }
        case "PAUSE_CONTEXT":
            guard let number = Int(value), number >= 0 else { return .notANumber }
            return keep(whom, ask: ask, done: SSIPReply(217, "OK PAUSE CONTEXT SET")) { $0.pauseContext = number }
        case "HISTORY":
            guard Self.onOff(value) != nil else { return .notOnOff }
            return keep(whom, ask: ask, done: SSIPReply(299, "OK BUT NOT IMPLEMENTED -- DOES NOTHING")) { _ in }
        default:
            return .invalidParameter
        }
    }

    /// What SSIP sets for `self` only.
    static let selfOnly: Set<String> = ["CLIENT_NAME", "PRIORITY", "NOTIFICATION", "SSML_MODE"]

    /// SSIP's error for a number no connected client has.
    static let noSuchClient = SSIPReply(402, "ERR NO SUCH CLIENT")

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
        guard !application.isEmpty, case .hello(let hello) = ask(.hello(client: application, locale: nil, profile: nil))
        else {
            return SSIPReply(311, "ERR COULDNT SET CLIENT_NAME")
        }
        clientName = full
        screenReader = hello.screenReader
        return SSIPReply(208, "OK CLIENT NAME SET")
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
}
