import NarratorWire

extension SSIPSession {
    /// Queues text at the connection's priority (a block's, inside one): first the cancels SSIP's
    /// priority makes among every SSIP connection's messages, then the announcement, with the narrator
    /// priority and policy of `SSIPPriority`. A block's messages share one scope, said as a `block`
    /// (C25): a `STOP` of another client or of all that cuts one cuts the rest.
    mutating func say(
        _ text: String, ssml: Bool, kind: SSIPHistory.Kind = .text, shown: String? = nil, ask: Ask
    ) -> SSIPReply {
        // A block that was cancelled is over, as one message: what is sent to it after is not said,
        // and answered with the id of the message that was cut.
        if let cut = block?.cut { return .queued(cut) }
        let priority = block?.priority ?? self.priority
        // Inside a block only its first message meets the others: the block is one message to SSIP.
        let laterInBlock = block?.scope != nil
        if !laterInBlock {
            // Across SSIP connections, as speech-dispatcher does: its queue is one for all clients.
            for kind in priority.cancels { _ = ask(.cancel(scope: kind.scope, allClients: true)) }
        }
        let scope: String
        if let shared = block?.scope {
            scope = shared
        } else {
            scope = "\(priority.scope).\(nextScope)"
            nextScope += 1
            if block != nil { block?.scope = scope }
        }
        let key = laterInBlock ? nil : priority.supersedes(progress: progressKey(ask: ask))
        let say = Request.Say(
            .text(text), priority: priority.narrator(screenReader: screenReader), supersedes: key,
            expiresMilliseconds: priority.expiresMilliseconds, scope: scope, ssml: ssml, block: block != nil)
        switch ask(.say(say)) {
        case .announcement(let announcement):
            let message = SSIPMessage(
                priority: priority, kind: kind, shown: shown, events: events, scope: scope, key: key)
            messages.note(announcement.id, message, open: ask.open().ids)
            lastMessage = announcement.id
            return .queued(announcement.id)
        case .error(let error):
            return Self.reply(to: error)
        default:
            return SSIPReply(300, "ERR INTERNAL")
        }
    }

    /// The key of a new `progress` message: the one a waiting progress message has (so it is
    /// replaced), never the one of the progress message being heard (so that one finishes).
    func progressKey(ask: Ask) -> String {
        let (first, second) = ("ssip-progress-a", "ssip-progress-b")
        let (open, speaking) = ask.open()
        if let speaking, let heard = messages[speaking], heard.priority == .progress {
            return heard.key == first ? second : first
        }
        let waiting = open.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.compactMap { messages[$0] }.first {
            $0.priority == .progress
        }
        return waiting?.key ?? first
    }

    /// A sound of the client's profile (`play`), which SSIP calls a sound icon; one the profile
    /// lacks plays its default earcon.
    mutating func soundIcon(_ name: String, ask: Ask) -> SSIPReply {
        var reply = ask(.play(sound: name, arguments: []))
        if case .error(let error) = reply, error.knownCode == .unknownSound {
            reply = ask(.play(sound: Self.defaultIcon, arguments: []))
        }
        switch reply {
        case .sound: return SSIPReply(226, "OK SOUND ICON QUEUED")
        case .error(let error): return SSIPReply(407, "ERR UNKNOWN ICON: \(error.message)")
        default: return SSIPReply(300, "ERR INTERNAL")
        }
    }

    /// The narrator's refusal as an SSIP error: the client's (4xx) when its request was at fault.
    static func reply(to error: ProtocolError) -> SSIPReply {
        let code = error.knownCode == .speech || error.knownCode == .ssml || error.knownCode == .limit ? 400 : 300
        return SSIPReply(code, "ERR \(error.code.uppercased()): \(error.message)")
    }

    /// `CHAR`: the character spelled, as SSML (a space is the word, which `say-as` would not say).
    static func characterSSML(_ character: String) -> String {
        character == " " ? "<speak>space</speak>" : "<speak>\(spelledSSML(character))</speak>"
    }

    /// `KEY`: `shift_kp-enter` is "shift keypad enter", `control_a` is "control" and the letter a.
    static func keySSML(_ name: String) -> String {
        let parts = name.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        let words = parts.enumerated().map { index, part -> String in
            if index == parts.count - 1 && part.count == 1 { return spelledSSML(part) }
            return escaped(keyWord(part))
        }
        return "<speak>" + words.joined(separator: " ") + "</speak>"
    }

    /// A symbolic key name as words.
    private static func keyWord(_ name: String) -> String {
        switch name {
        case "double-quote": "double quote"
        case "kp-*": "keypad star"
        case "kp-+": "keypad plus"
        case "kp--": "keypad minus"
        case "kp-.": "keypad dot"
        case "kp-/": "keypad slash"
        default:
            name.hasPrefix("kp-") ? "keypad " + name.dropFirst(3) : name.replacing("-", with: " ")
        }
    }

    private static func spelledSSML(_ text: String) -> String {
        "<say-as interpret-as=\"characters\">\(escaped(text))</say-as>"
    }

    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;")
    }
}
