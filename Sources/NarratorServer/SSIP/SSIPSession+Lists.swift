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

    /// `HISTORY`, as far as the narrator's history (its last 100 announcements) answers it:
    /// `GET CLIENT_ID`, `GET LAST`, `GET MESSAGE ID`, `GET CLIENT_MESSAGES self START COUNT` and
    /// `SAY ID`. The cursor, sorting and searching are SSIP's "not yet implemented".
    mutating func history(_ words: [String], ask: Ask) -> SSIPReply {
        let upper = words.map { $0.uppercased() }
        switch upper.first {
        case "GET":
            switch upper.dropFirst().first {
            case "CLIENT_ID":
                return SSIPReply(245, "OK CLIENT ID SENT", lines: [String(client.rawValue)])
            case "LAST":
                guard let lastMessage else { return SSIPReply(403, "ERR NO MESSAGE") }
                return SSIPReply(242, "OK LAST MSG SAID", lines: [lastMessage])
            case "MESSAGE":
                guard words.count == 3 else { return .missingParameter }
                guard let entry = entries(ask: ask).first(where: { $0.id == words[2] }) else {
                    return SSIPReply(406, "ERR ID DOESNT EXIST")
                }
                return SSIPReply(
                    246, "OK MESSAGE TEXT SENT", lines: entry.text.split(separator: "\n").map(String.init))
            case "CLIENT_MESSAGES":
                guard words.count == 5 else { return .missingParameter }
                guard SSIPTarget(words[2]) == .this || SSIPTarget(words[2]) == .client(client.rawValue) else {
                    return SSIPReply(402, "ERR NO SUCH CLIENT: A NARRATOR CLIENT READS ITS OWN MESSAGES (SELF)")
                }
                guard let start = Int(words[3]), let count = Int(words[4]), start >= 1, count >= 0 else {
                    return .notANumber
                }
                let lines = entries(ask: ask).dropFirst(start - 1).prefix(count).map { entry in
                    let intro = entry.text.prefix(64).replacing("\"", with: "'").replacing("\n", with: " ")
                    return "\(entry.id) \(client.rawValue) \(clientName ?? entry.client) \(entry.priority) \"\(intro)\""
                }
                return SSIPReply(241, "OK MSGS LIST SENT", lines: Array(lines))
            default:
                return .notImplemented
            }
        case "SAY":
            guard words.count == 2 else { return .missingParameter }
            guard let entry = entries(ask: ask).first(where: { $0.id == words[1] }) else {
                return SSIPReply(406, "ERR ID DOESNT EXIST")
            }
            return say(entry.text, ssml: false, ask: ask)
        default:
            return .notImplemented
        }
    }

    /// This client's announcements that the narrator's history keeps, oldest first.
    private func entries(ask: Ask) -> [Reply.HistoryEntry] {
        guard case .history(let entries) = ask(.history(limit: nil, allClients: false)) else { return [] }
        return entries
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
            "HISTORY GET CLIENT_ID, GET LAST, GET MESSAGE id, GET CLIENT_MESSAGES self start count, SAY id",
            "HELP | QUIT",
        ])
}
