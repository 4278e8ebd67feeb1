import Logging
import NarratorCore
import NarratorJSON
import NarratorLocalization
import NarratorVoice
import NarratorWire

extension Conductor {
    /// What a request leads to once its reply is written: scheduler inputs, and sounds to start.
    enum Consequence {
        case schedule(SchedulerInput)
        case play(name: String, samples: [Int16])
        /// A sound that waits for announcement `id` to be heard to its end (C27); comes before the
        /// announcement's `submit`, so an announcement that ends at once still finds it.
        case playAfter(AnnouncementID, name: String, samples: [Int16])
    }

    /// One request: its reply first, then what it leads to. A request that fails changes nothing
    /// and is answered with its error; the connection stays open.
    mutating func answer(_ request: Request, from client: ClientID, profile load: ProfileLoad?) {
        counters.requests += 1
        guard let session = sessions[client] else { return }
        // Whatever deciding logs goes after the reply, which is always the request's first action.
        let start = actions.count
        let reply: Reply
        var consequences: [Consequence] = []
        do throws(ProtocolError) {
            (reply, consequences) = try decide(request, from: session, profile: load)
        } catch {
            counters.errors += 1
            reply = .error(error)
        }
        actions.insert(.reply(client, reply), at: start)
        for consequence in consequences {
            switch consequence {
            case .schedule(let input): feed(input)
            case .play(let name, let samples):
                actions.append(
                    .play(name: name, samples: samples, channels: output.channels, gain: effectsGain(of: client)))
            case .playAfter(let id, let name, let samples):
                soundsAfterSpeech[id] = SoundAfterSpeech(
                    name: name, samples: samples, channels: output.channels, gain: effectsGain(of: client))
            }
        }
    }

    private mutating func decide(_ request: Request, from session: Session, profile load: ProfileLoad?)
        throws(ProtocolError) -> (Reply, [Consequence])
    {
        switch request {
        case .hello(let name, let locale, let profileName):
            // All or nothing: a profile or locale that fails leaves the client as it was.
            var updated = session
            if let profileName { updated.profile = try take(profileName, load) }
            if let name {
                updated.name = String(name.prefix(64))
                updated.screenReader = settings.defaults.isScreenReader(updated.name)
            }
            if let locale { updated.own.locale = try checkedLocale(locale) }
            sessions[session.id] = updated
            let profile = profile(of: updated)
            let hello = Reply.Hello(
                protocolVersion: Request.protocolVersion, client: updated.name, locale: voice(of: updated).locale,
                profile: profile.name, events: profile.eventMap.eventNames.sorted(), screenReader: updated.screenReader)
            return (.hello(hello), [])
        case .event(let type, let fields):
            return try decideEvent(GameEvent(type: type, fields: fields.byName), from: session)
        case .say(let say):
            let policy = AnnouncementPolicy(
                supersedes: say.supersedes, expires: say.expiresMilliseconds.map { .milliseconds($0) },
                resume: say.resume, scope: say.scope.map { Scope($0) })
            switch say.content {
            case .text(let text):
                return try submit(
                    text, locale: nil, notices: [], say.priority, policy, ssml: say.ssml, pan: say.pan ?? .centre,
                    block: say.block, from: session)
            case .key(let key, let arguments):
                let rendering = try render(key, arguments, for: session)
                return try submit(
                    rendering.text, locale: rendering.locale, notices: rendering.fallbacks, say.priority, policy,
                    ssml: say.ssml, pan: say.pan ?? .centre, block: say.block, from: session)
            }
        case .cancel(let scope, let allClients, let speaking, let client, let id):
            let consequences = try decideCancel(
                scope: scope, allClients: allClients, speaking: speaking, client: client, id: id, from: session)
            return (.done, consequences)
        case .pause(let allClients, let client):
            return (.done, try decidePause(true, allClients: allClients, client: client, from: session))
        case .resume(let allClients, let client):
            return (.done, try decidePause(false, allClients: allClients, client: client, from: session))
        case .repeat(let allClients, let priority):
            guard let last = ledger.lastStarted(client: allClients ? nil : session.name) else {
                let limit = Ledger.historyLimit
                throw ProtocolError(
                    .nothingToRepeat,
                    allClients
                        ? "nothing has been spoken yet (of the last \(limit) announcements)"
                        : "nothing of \"\(session.name)\" has been spoken yet (of the last \(limit) announcements)")
            }
            try ledger.admits(bytes: last.text.utf8.count, from: session.id)
            return enqueue(
                last.text, voice: last.voice, notices: [], priority, AnnouncementPolicy(), ssml: last.ssml,
                pan: last.pan, from: session)
        case .history(let limit, let allClients):
            return (.history(historyEntries(limit: limit, allClients: allClients, for: session)), [])
        case .set(let change, let allClients, let client):
            return (try decideSet(change, allClients: allClients, client: client, from: session), [])
        case .status:
            return (.status(status(for: session)), [])
        case .subscribe(let allClients, let latency):
            sessions[session.id]?.subscription = allClients ? .all : .own
            sessions[session.id]?.wantsLatency = latency
            return (.done, [])
        case .play(let sound, let arguments):
            let cue = SoundCue(name: sound, arguments: arguments.byName)
            let samples = try render(cue, of: profile(of: session), at: Self.place(of: cue.arguments))
            return (soundReply(sound, samples), [.play(name: sound, samples: samples)])
        }
    }

    /// The profile a `hello` names: held already, or just loaded by the shell for it.
    private mutating func take(_ name: String, _ load: ProfileLoad?) throws(ProtocolError) -> String {
        if profiles[name] != nil { return name }
        switch load {
        case .loaded(let profile):
            profiles[name] = profile
            actions.append(.log(.info, "Loaded the profile \(name)", ["profile": "\(profile.folder)"]))
            return name
        case .failed(let error):
            actions.append(
                .log(.warning, "A client asked for the profile \(name), which does not load: \(error.message)"))
            throw error
        case nil:
            // The shell loads every profile a hello names before handing it over.
            throw ProtocolError(.profile, "the profile \"\(name)\" is not loaded")
        }
    }

    /// Queues an announcement of `text`, spoken in the language it is written in.
    mutating func submit(
        _ text: String, locale: String?, notices: [FallbackNotice], _ priority: Priority, _ policy: AnnouncementPolicy,
        sound: String? = nil, ssml: Bool = false, pan: Pan = .centre, block: Bool = false, from session: Session
    ) throws(ProtocolError) -> (Reply, [Consequence]) {
        // A client that spells says plain text character by character (C26); SSML says what it marks.
        let text = !ssml && session.own.spelling == true ? Self.spelled(text) : text
        // Checked once, here, above the speech seam: the speaker speaks what it is given.
        do {
            try SpeechRequest.validate(text: text, ssml: ssml)
        } catch {
            if case .ssml = error { throw ProtocolError(.ssml, error.description) }
            throw ProtocolError(.speech, error.description)
        }
        try ledger.admits(bytes: text.utf8.count, from: session.id)
        for notice in profiles.fallbacks.unreported(notices) {
            actions.append(.log(.warning, notice.description, ["client": "\(session.name)"]))
        }
        var voice = voice(of: session)
        // The voice of the text's language is looked up once: whether it has one, and what speaks it.
        let choice: VoiceChoice?
        if let locale, let own = try? voices.voice(for: locale) {
            voice.locale = locale
            choice = own
        } else {
            choice = try? voices.voice(for: voice.locale)
        }
        voice.voice = settings.defaults.voiceName(for: voice.locale)
        // A voice the player named for the language speaks it: nothing is missing then.
        let notice = ssml || voice.voice != nil ? nil : missingVoiceNotice(choice, for: voice.locale, to: session)
        return enqueue(
            notice.map { $0 + " " + text } ?? text, voice: voice, notices: notices.map(\.description), priority, policy,
            sound: sound, ssml: ssml, pan: pan, block: block, from: session)
    }

    /// Records checked text as an announcement of `session` in `voice`, to be queued.
    private mutating func enqueue(
        _ text: String, voice: VoiceRequest, notices: [String], _ priority: Priority, _ policy: AnnouncementPolicy,
        sound: String? = nil, ssml: Bool, pan: Pan = .centre, block: Bool = false, from session: Session
    ) -> (Reply, [Consequence]) {
        let id = AnnouncementID(rawValue: nextAnnouncement)
        nextAnnouncement += 1
        var scoped = policy
        scoped.scope = policy.scope.map { Self.clientScope($0, session.id) }
        var record = AnnouncementRecord(
            id: id, client: session.id, clientName: session.name, text: text, priority: priority, voice: voice,
            ssml: ssml, pan: pan, milliseconds: milliseconds(now))
        record.block = block ? scoped.scope : nil
        record.queuedMilliseconds = record.milliseconds
        ledger.admit(record)
        let reply = Reply.Announcement(
            id: String(id.rawValue), text: text, locale: voice.locale, priority: priority, sound: sound,
            notices: notices)
        let announcement = Announcement(id: id, client: session.id, text: text, priority: priority, policy: scoped)
        return (.announcement(reply), [.schedule(.submit(announcement))])
    }

    /// With spoken notices on (the player's `spoken_notices on`), the first announcement of a
    /// client in a language without a voice begins with the daemon's `voice_fallback` ("No voice for
    /// this language. Using English."), in the language of the voice that speaks it; once per client
    /// and language.
    private mutating func missingVoiceNotice(_ choice: VoiceChoice?, for locale: String, to session: Session)
        -> String?
    {
        guard settings.defaults.spokenNotices, !session.toldMissingVoice.contains(locale),
            let choice, let language = choice.substituteLanguage
        else { return nil }
        sessions[session.id]?.toldMissingVoice.insert(locale)
        let voiceName = choice.name.replacing("_", with: " ")
        do {
            return try profile(of: session).localizer.render(
                "voice_fallback", locale: language, arguments: [.string(voiceName)]
            ).text
        } catch {
            actions.append(.log(.error, "The notice of a missing voice could not be rendered: \(error)"))
            return nil
        }
    }

    /// Text spelled: every character on its own, spaces left out (`set`'s `spelling`, SSIP's `SPELLING`).
    static func spelled(_ text: String) -> String {
        text.filter { !$0.isWhitespace }.map(String.init).joined(separator: " ")
    }

    /// Scopes belong to the client that used them: `help` of one game is not `help` of another.
    static func clientScope(_ scope: Scope, _ client: ClientID) -> Scope {
        Scope("client\(client.rawValue).\(scope.rawValue)")
    }

    func cancel(scope: Scope?, allClients: Bool, from client: ClientID) -> [Consequence] {
        switch (scope, allClients) {
        case (nil, false): return [.schedule(.cancel(.client(client)))]
        case (nil, true): return [.schedule(.cancel(.all))]
        case (let scope?, false): return [.schedule(.cancel(.scope(Self.clientScope(scope, client))))]
        case (let scope?, true):
            return ledger.clientsWithOpenAnnouncements.map { .schedule(.cancel(.scope(Self.clientScope(scope, $0)))) }
        }
    }
}

extension [Request.Field] {
    /// The fields by name, as the event map and the sound book read them (a parsed request has each once).
    var byName: [String: JSONValue] {
        Dictionary(map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
