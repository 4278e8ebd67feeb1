import Logging
import NarratorCore
import NarratorLocalization
import NarratorVoice
public import NarratorWire

extension Conductor {
    /// A request's reply, decided, and what the request asks for, not yet carried out. The
    /// connection writes `reply` first, then hands the answer back to `carryOut(_:)`: so the reply
    /// is on the socket before the speech it starts takes the CPU, and every notification the
    /// request causes follows it.
    public struct Answer: Sendable {
        /// The reply to write to the client that asked; nil when that client is no longer connected.
        public let reply: Reply?
        let inputs: [SchedulerInput]
    }

    /// Decides one request: its reply at once (the reply is the client's synchronous anchor);
    /// nothing is spoken yet. Nothing is written: the caller writes the reply.
    public func answer(_ request: Request, from client: ClientID) -> Answer {
        counters.requests += 1
        guard let session = sessions[client] else { return Answer(reply: nil, inputs: []) }
        do throws(ProtocolError) {
            let (reply, inputs) = try answer(request, from: session)
            return Answer(reply: reply, inputs: inputs)
        } catch {
            return answer(rejecting: error, from: client)
        }
    }

    /// An error reply for a line that is not a request; the connection stays open.
    public func answer(rejecting error: ProtocolError, from client: ClientID) -> Answer {
        counters.errors += 1
        return Answer(reply: sessions[client] == nil ? nil : .error(error), inputs: [])
    }

    /// Carries out what an answered request asked for (speech, pauses, cancels), once its reply
    /// is written. The notifications it causes go out through `deliver(_:to:)`.
    public func carryOut(_ answer: Answer) {
        for input in answer.inputs { feed(input) }
    }

    private func answer(_ request: Request, from session: Session) throws(ProtocolError) -> (Reply, [SchedulerInput]) {
        switch request {
        case .hello(let name, let locale, let profileName):
            // All or nothing: a profile or locale that fails leaves the client as it was.
            var updated = session
            if let profileName { updated.profile = try profile(named: profileName) }
            if let name { updated.name = String(name.prefix(64)) }
            if let locale { updated.own.locale = try checkedLocale(locale) }
            sessions[session.id] = updated
            let profile = updated.profile.current
            let hello = Reply.Hello(
                protocolVersion: Request.protocolVersion, client: updated.name, locale: voice(of: updated).locale,
                profile: profile.name, events: profile.eventMap.eventNames.sorted())
            return (.hello(hello), [])
        case .event(let type, let fields):
            return try answerEvent(GameEvent(type: type, fields: fields.byName), from: session)
        case .say(let say):
            let policy = AnnouncementPolicy(
                supersedes: say.supersedes, expires: say.expiresMilliseconds.map { .milliseconds($0) },
                resume: say.resume, scope: say.scope.map { Scope($0) })
            switch say.content {
            case .text(let text):
                return try submit(text, locale: nil, notices: [], say.priority, policy, ssml: say.ssml, from: session)
            case .key(let key, let arguments):
                let rendering = try render(key, arguments, for: session)
                return try submit(
                    rendering.text, locale: rendering.locale, notices: rendering.fallbacks, say.priority, policy,
                    ssml: say.ssml, from: session)
            }
        case .cancel(let scope, let allClients):
            return (.done, cancelInputs(scope: scope.map { Scope($0) }, allClients: allClients, from: session.id))
        case .pause(let allClients):
            // Who paused all is kept for `status` (the client may be gone by then: `narrator pause`).
            if allClients { pausedAllBy = session.name }
            return (.done, [.pause(allClients ? .all : .client(session.id))])
        case .resume(let allClients):
            if allClients { pausedAllBy = nil }
            return (.done, [.resume(allClients ? .all : .client(session.id))])
        case .repeat(let allClients, let priority):
            guard let last = lastStarted(allClients: allClients, for: session) else {
                throw ProtocolError(
                    .nothingToRepeat,
                    allClients
                        ? "nothing has been spoken yet (of the last \(Self.historyLimit) announcements)"
                        : "nothing of \"\(session.name)\" has been spoken yet (of the last \(Self.historyLimit) announcements)"
                )
            }
            try admit(bytes: last.text.utf8.count, from: session)
            return enqueue(
                last.text, voice: last.voice, notices: [], priority, AnnouncementPolicy(), ssml: last.ssml,
                from: session)
        case .history(let limit, let allClients):
            return (.history(historyEntries(limit: limit, allClients: allClients, for: session)), [])
        case .set(let change):
            return (try applySettings(change, to: session), [])
        case .status:
            return (.status(status(for: session)), [])
        case .subscribe(let allClients):
            sessions[session.id]?.subscription = allClients ? .all : .own
            return (.done, [])
        case .play(let sound, let arguments):
            let samples = try render(SoundCue(name: sound, arguments: arguments.byName), of: session)
            do {
                try sounds.startSound(samples)
            } catch {
                throw ProtocolError(.sound, error.description)
            }
            return (soundReply(sound, samples), [])
        }
    }

    /// Renders a sound of the client's profile at the output's rate; errors name the sound's problem.
    private func render(_ cue: SoundCue, of session: Session) throws(ProtocolError) -> [Int16] {
        do {
            return try session.profile.current.sounds.render(
                cue.name, arguments: cue.arguments, sampleRate: sounds.sampleRate)
        } catch {
            throw ProtocolError(code: error.code, message: error.message)
        }
    }

    /// What plays, and for how long.
    private func soundReply(_ name: String, _ samples: [Int16]) -> Reply {
        .sound(name: name, milliseconds: samples.count * 1000 / sounds.sampleRate)
    }

    private func answerEvent(_ event: GameEvent, from session: Session) throws(ProtocolError) -> (
        Reply, [SchedulerInput]
    ) {
        let action: EventAction
        let profile = session.profile.current
        do {
            action = try profile.eventMap.resolve(
                event, localizer: profile.localizer, locale: voice(of: session).locale)
        } catch {
            throw ProtocolError(code: error.code, message: error.message)
        }
        switch action {
        case .speak(let rendering, let priority, let policy, let cue):
            // The sound is rendered first, so a broken cue refuses the whole event before anything
            // is queued; it starts with the speech. A sound the mixer refuses (too many at once) is
            // skipped: the speech still goes.
            let samples = try cue.map { (cue) throws(ProtocolError) in try render(cue, of: session) }
            let answer = try submit(
                rendering.text, locale: rendering.locale, notices: rendering.fallbacks, priority, policy,
                sound: cue?.name, from: session)
            if let samples {
                do {
                    try sounds.startSound(samples)
                } catch {
                    logger.debug("A sound was skipped", metadata: ["sound": "\(cue?.name ?? "")", "error": "\(error)"])
                }
            }
            return answer
        case .play(let cue):
            let samples = try render(cue, of: session)
            do {
                try sounds.startSound(samples)
            } catch {
                throw ProtocolError(.sound, error.description)
            }
            return (soundReply(cue.name, samples), [])
        case .cancel(let scope):
            return (.done, cancelInputs(scope: scope, allClients: false, from: session.id))
        case .silent:
            return (.silent, [])
        }
    }

    private func render(_ key: String, _ arguments: [FormatArgument], for session: Session) throws(ProtocolError)
        -> Rendering
    {
        do {
            return try session.profile.current.localizer.render(
                key, locale: voice(of: session).locale, arguments: arguments)
        } catch {
            throw ProtocolError(.format, error.description)
        }
    }

    /// Queues an announcement of `text`, spoken in the language it is written in.
    private func submit(
        _ text: String, locale: String?, notices: [FallbackNotice], _ priority: Priority, _ policy: AnnouncementPolicy,
        sound: String? = nil, ssml: Bool = false, from session: Session
    ) throws(ProtocolError) -> (Reply, [SchedulerInput]) {
        // Checked once, here, above the speech seam: the speaker speaks what it is given.
        do {
            try SpeechRequest.validate(text: text, ssml: ssml)
        } catch {
            if case .ssml = error { throw ProtocolError(.ssml, error.description) }
            throw ProtocolError(.speech, error.description)
        }
        for notice in fallbacks.unreported(notices) {
            logger.warning("\(notice.description)", metadata: ["client": "\(session.name)"])
        }
        try admit(bytes: text.utf8.count, from: session)
        var voice = voice(of: session)
        if let locale, (try? speaker.voice(for: locale)) != nil { voice.locale = locale }
        voice.voice = defaults.voiceName(for: voice.locale)
        // A voice the player named for the language speaks it: nothing is missing then.
        let notice = ssml || voice.voice != nil ? nil : missingVoiceNotice(for: voice.locale, to: session)
        return enqueue(
            notice.map { $0 + " " + text } ?? text, voice: voice, notices: notices.map(\.description), priority, policy,
            sound: sound, ssml: ssml, from: session)
    }

    /// Queues checked text as an announcement of `session` in `voice`.
    private func enqueue(
        _ text: String, voice: VoiceRequest, notices: [String], _ priority: Priority, _ policy: AnnouncementPolicy,
        sound: String? = nil, ssml: Bool, from session: Session
    ) -> (Reply, [SchedulerInput]) {
        let id = AnnouncementID(rawValue: nextAnnouncement)
        nextAnnouncement += 1
        live[id] = LiveAnnouncement(client: session.id, text: text, voice: voice, ssml: ssml)
        outstanding[session.id, default: Outstanding()].count += 1
        outstanding[session.id, default: Outstanding()].bytes += text.utf8.count
        remember(
            HistoryRecord(
                id: id, client: session.name, text: text, priority: priority, voice: voice, ssml: ssml,
                milliseconds: milliseconds(.now)))
        var scoped = policy
        scoped.scope = policy.scope.map { Self.clientScope($0, session.id) }
        let reply = Reply.Announcement(
            id: String(id.rawValue), text: text, locale: voice.locale, priority: priority, sound: sound,
            notices: notices)
        let announcement = Announcement(id: id, client: session.id, text: text, priority: priority, policy: scoped)
        return (.announcement(reply), [.submit(announcement)])
    }

    /// Refuses an announcement that would take the client past its limit (`Outstanding.limit`).
    private func admit(bytes: Int, from session: Session) throws(ProtocolError) {
        let current = outstanding[session.id] ?? Outstanding()
        let limit = Outstanding.limit
        guard current.count < limit.count, current.bytes + bytes <= limit.bytes else {
            throw ProtocolError(
                .limit,
                "this client has \(current.count) announcements (\(current.bytes) bytes of text) waiting or speaking; "
                    + "one client may have \(limit.count) and \(limit.bytes / 1024) KiB: wait for some to end, or cancel"
            )
        }
    }

    /// With spoken notices on (the player's `spoken_notices on`), the first announcement of a client in a language without a voice
    /// begins with the daemon's `voice_fallback` ("No voice for this language. Using English."),
    /// in the language of the voice that speaks it; once per client and language.
    private func missingVoiceNotice(for locale: String, to session: Session) -> String? {
        guard defaults.spokenNotices, !session.toldMissingVoice.contains(locale),
            let choice = try? speaker.voice(for: locale), let language = choice.substituteLanguage
        else { return nil }
        sessions[session.id]?.toldMissingVoice.insert(locale)
        let voiceName = choice.name.replacing("_", with: " ")
        do {
            return try session.profile.current.localizer.render(
                "voice_fallback", locale: language, arguments: [.string(voiceName)]
            ).text
        } catch {
            logger.error("The notice of a missing voice could not be rendered: \(error)")
            return nil
        }
    }

    /// Scopes belong to the client that used them: `help` of one game is not `help` of another.
    static func clientScope(_ scope: Scope, _ client: ClientID) -> Scope {
        Scope("client\(client.rawValue).\(scope.rawValue)")
    }

    private func cancelInputs(scope: Scope?, allClients: Bool, from client: ClientID) -> [SchedulerInput] {
        switch (scope, allClients) {
        case (nil, false): return [.cancel(.client(client))]
        case (nil, true): return [.cancel(.all)]
        case (let scope?, false): return [.cancel(.scope(Self.clientScope(scope, client)))]
        case (let scope?, true):
            let owners = Set(live.values.map(\.client))
            return owners.sorted { $0.rawValue < $1.rawValue }.map { .cancel(.scope(Self.clientScope(scope, $0))) }
        }
    }

    private func checkedLocale(_ locale: String) throws(ProtocolError) -> String {
        do {
            _ = try speaker.voice(for: locale)
            return locale
        } catch {
            throw ProtocolError(.invalidField, error.description)
        }
    }

    /// The client's voice now: what it chose, over the daemon's defaults.
    func voice(of session: Session) -> VoiceRequest {
        session.own.over(defaults.voice)
    }

    /// `set`: the fields given become the client's own, those given as null follow the daemon's
    /// defaults again; all or nothing. The reply is the voice that results.
    private func applySettings(_ change: Request.VoiceChange, to session: Session) throws(ProtocolError) -> Reply {
        var own = session.own
        if let locale = change.locale { own.locale = try checkedLocale(locale) }
        own.rate = change.rate ?? own.rate
        own.pitch = change.pitch ?? own.pitch
        own.volume = change.volume ?? own.volume
        for setting in change.reset {
            switch setting {
            case .locale: own.locale = nil
            case .rate: own.rate = nil
            case .pitch: own.pitch = nil
            case .volume: own.volume = nil
            }
        }
        let voice = own.over(defaults.voice)
        do {
            try voice.validate()
        } catch {
            throw ProtocolError(.invalidField, error.description)
        }
        sessions[session.id]?.own = own
        return .voice(Reply.Voice(locale: voice.locale, rate: voice.rate, pitch: voice.pitch, volume: voice.volume))
    }
}

extension [Request.Field] {
    /// The fields by name, as the event map and the sound book read them (a parsed request has each once).
    var byName: [String: JSONValue] {
        Dictionary(map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
