import NarratorWire

extension SSIPSession {
    /// `LIST VOICES`, `LIST SYNTHESIS_VOICES [LANGUAGE [VARIANT]]`, `LIST OUTPUT_MODULES`.
    func list(_ what: String, _ arguments: [String]) -> SSIPReply {
        switch what {
        case "VOICES":
            return SSIPReply(249, "OK VOICE LIST SENT", lines: SSIPVoiceSettings.voiceTypes)
        case "SYNTHESIS_VOICES":
            guard arguments.count <= 2 else { return .invalidParameter }
            let language = arguments.first?.lowercased()
            let variant = arguments.count == 2 ? arguments[1].lowercased() : nil
            let chosen = voices.filter { voice in
                let tag = voice.language.lowercased()
                let languageFits = language.map { tag == $0 || tag.hasPrefix($0 + "-") } ?? true
                return languageFits && (variant.map { voice.variant.lowercased() == $0 } ?? true)
            }
            return SSIPReply(
                249, "OK VOICE LIST SENT", lines: chosen.map { "\($0.name)\t\($0.language)\t\($0.variant)" })
        case "OUTPUT_MODULES":
            return SSIPReply(250, "OK MODULE LIST SENT", lines: [Self.outputModule])
        default:
            return .invalidParameter
        }
    }

    /// `HELP`: the commands this server takes.
    static let help = SSIPReply(
        248, "OK HELP SENT",
        lines: [
            "SPEAK, then the text, then a line with a single dot",
            "CHAR character | KEY key-name | SOUND_ICON name",
            "STOP, CANCEL, PAUSE, RESUME with self, all or a client's number",
            "SET self CLIENT_NAME, PRIORITY, SSML_MODE, NOTIFICATION",
            "SET self, all or a number: RATE, PITCH, PITCH_RANGE, VOLUME, LANGUAGE, VOICE_TYPE,",
            "  SYNTHESIS_VOICE, OUTPUT_MODULE, PUNCTUATION, SPELLING, CAP_LET_RECOGN, PAUSE_CONTEXT",
            "GET the same names | LIST VOICES, SYNTHESIS_VOICES, OUTPUT_MODULES",
            "BLOCK BEGIN, BLOCK END",
            "HISTORY GET CLIENT_LIST, CLIENT_ID, LAST, MESSAGE id, CLIENT_MESSAGES self|all|id start count",
            "HISTORY CURSOR SET self|all|id first|last|pos n, CURSOR FORWARD|BACKWARD|GET, SAY id",
            "HISTORY SORT asc|desc time|user|client_name|priority|message_type, SEARCH self|all|id \"condition\"",
            "HISTORY SET SHORT_MESSAGE_LENGTH n, SET MESSAGE_TYPE_ORDERING \"text sound_icon char key\"",
            "HELP | QUIT",
        ])
}
