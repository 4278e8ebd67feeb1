import NarratorWire

/// One SSIP connection as the narrator sees it: SSIP commands in, the narrator's own requests to
/// the conductor out (through `ask`, which returns the conductor's reply), SSIP replies back; and
/// the conductor's outcome notifications for this client turned into SSIP's 7xx events.
///
/// It decides nothing the conductor decides: what speaks, when, and what is cut are the scheduler's
/// rules. It only translates: an SSIP priority into a narrator priority and policy (`SSIPPriority`),
/// SSIP's settings into `set`, SSIP's scale into the narrator's. Pure: no socket, no clock; the
/// connection (`SSIPHandler`) writes what it returns. docs/SSIP.md.
struct SSIPSession {
    /// What the connection does after writing a command's reply.
    enum Next: Sendable, Equatable {
        case command
        /// Read a `SPEAK` block (the decoder's `expectData`).
        case data
        /// `QUIT`: close once the reply is written.
        case close
    }

    /// What the session reaches of the conductor: it asks one request of this client and gets its
    /// reply, and reads the client's speech as the ledger holds it now.
    struct Ask {
        let request: (Request) -> Reply
        let speech: () -> ClientSpeech

        func callAsFunction(_ request: Request) -> Reply { self.request(request) }

        /// The ids (SSIP's message ids) of the client's announcements not ended, and of the one heard.
        func open() -> (ids: Set<String>, speaking: String?) {
            let open = speech().open
            let speaking = open.first { $0.value == .speaking }?.key
            return (Set(open.keys.map { String($0.rawValue) }), speaking.map { String($0.rawValue) })
        }
    }

    let client: ClientID
    let voices: [SSIPVoice]
    var clientName: String?
    var priority = SSIPPriority.text
    /// The player named this client their screen reader (`screen_reader`), when it set its
    /// `CLIENT_NAME`: its speech is heard before games' (`SSIPPriority.narrator(screenReader:)`).
    var screenReader = false
    var ssml = false
    var settings = SSIPVoiceSettings()
    /// The narrator's voice for this client as the connection last saw it (opening, its own `SET`,
    /// `GET`): what changed since was changed by someone else (`follow`).
    var heard: Reply.Voice?
    var events: Set<SSIPEventKind> = []
    /// What SSIP defines of this client's messages, by id; their life is the ledger's (`Ask.speech`).
    var messages = SSIPMessages()
    /// The number of the next message's scope.
    var nextScope = 1
    /// `BLOCK BEGIN` was sent: its priority, the scope its messages share once the first is sent, and
    /// the id of its message that was cancelled (`STOP`, `CANCEL`, of this client or another): the
    /// block is one message to SSIP, so the rest of it is not said.
    var block: (priority: SSIPPriority, scope: String?, cut: String?)?
    /// The id of the last message this client sent.
    var lastMessage: String?
    /// What `HISTORY` keeps for this connection: its cursor and sort.
    var past = SSIPHistory()
    /// The wall clock in seconds since 1970, for the times `HISTORY` lists (a test's own, fixed).
    let clock: @Sendable () -> Double

    init(client: ClientID, voices: [SSIPVoice], clock: @escaping @Sendable () -> Double = SSIPHistory.wallClock) {
        self.client = client
        self.voices = voices
        self.clock = clock
    }

    /// The requests a new connection makes: it listens to its own outcomes, for the 7xx events, and
    /// takes the `ssip` profile, whose sounds are its sound icons (the user's, in their profiles
    /// folder, else the shipped one). Should that profile not load, the connection keeps the default.
    static let opening: [Request] = [
        .subscribe(allClients: false), .hello(client: nil, locale: nil, profile: profile),
    ]

    /// Makes the opening requests, and notes the voice the connection starts with.
    mutating func open(ask: Ask) {
        for request in Self.opening { _ = ask(request) }
        if case .voice(let voice) = ask(.set(.init())) { heard = voice }
    }

    /// The profile of SSIP connections.
    static let profile = "ssip"

    /// The sound of that profile that a sound icon it lacks plays: a short earcon.
    static let defaultIcon = "default"

    /// One command: its reply, and what the connection reads next.
    mutating func handle(_ command: SSIPCommand, ask: Ask) -> (SSIPReply, Next) {
        if block != nil, !Self.allowedInBlock(command) { return (.notAllowedInBlock, .command) }
        switch command {
        case .speak: return (.receivingData, .data)
        case .char(let character):
            return (say(Self.characterSSML(character), ssml: true, kind: .char, shown: character, ask: ask), .command)
        case .key(let name): return (say(Self.keySSML(name), ssml: true, kind: .key, shown: name, ask: ask), .command)
        case .soundIcon(let name): return (soundIcon(name, ask: ask), .command)
        case .stop(let target): return (stop(target, ask: ask), .command)
        case .cancel(let target): return (cancel(target, ask: ask), .command)
        case .pause(let target): return (pause(target, ask: ask), .command)
        case .resume(let target): return (resume(target, ask: ask), .command)
        case .set(let target, let name, let values): return (set(target, name, values, ask: ask), .command)
        case .get(let name): return (get(name, ask: ask), .command)
        case .list(let what, let arguments): return (list(what, arguments), .command)
        case .blockBegin:
            if block != nil { return (SSIPReply(330, "ERR ALREADY INSIDE BLOCK"), .command) }
            block = (priority, nil, nil)
            return (SSIPReply(260, "OK INSIDE BLOCK"), .command)
        case .blockEnd:
            guard block != nil else { return (SSIPReply(331, "ERR ALREADY OUTSIDE BLOCK"), .command) }
            block = nil
            return (SSIPReply(261, "OK OUTSIDE BLOCK"), .command)
        case .history(let words): return (history(words, ask: ask), .command)
        case .help: return (Self.help, .command)
        case .quit: return (.bye, .close)
        }
    }

    /// The text of a `SPEAK` block: queued at the connection's priority (spelled by the narrator
    /// when the client's `spelling` is on).
    mutating func speak(_ text: String, ask: Ask) -> SSIPReply {
        say(text, ssml: ssml, ask: ask)
    }

    /// Bytes that were not SSIP: the error the client gets; the connection stays open.
    static func reply(to error: SSIPFrameError) -> SSIPReply {
        switch error {
        case .bareLineFeed: SSIPReply(500, "ERR INVALID COMMAND: SSIP LINES END WITH CR LF")
        case .lineTooLong(let limit): SSIPReply(500, "ERR INVALID COMMAND: LONGER THAN \(limit) BYTES")
        case .invalidUTF8: .invalidEncoding
        case .dataTooLong(let limit): SSIPReply(301, "ERR MESSAGE TOO LONG: AT MOST \(limit) BYTES, NOTHING QUEUED")
        }
    }

    /// What SSIP lets a client send between `BLOCK BEGIN` and `BLOCK END`.
    static func allowedInBlock(_ command: SSIPCommand) -> Bool {
        switch command {
        case .speak, .char, .key, .soundIcon, .quit, .blockEnd: true
        case .set(.this, let name, _):
            ["RATE", "PITCH", "VOLUME", "VOICE_TYPE", "LANGUAGE", "PUNCTUATION", "CAP_LET_RECOGN"].contains(name)
        default: false
        }
    }
}
