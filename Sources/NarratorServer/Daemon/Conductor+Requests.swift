import Logging
public import NarratorCore
import NarratorLocalization
import NarratorVoice

extension Conductor {
    /// A request's reply, decided, and what the request asks for, not yet carried out. The
    /// connection writes `reply` first, then hands the answer back to `carryOut(_:)`: so the reply
    /// is on the socket before the speech it starts takes the CPU, and every notification the
    /// request causes follows it.
    public struct Answer: Sendable {
        /// The line to write to the client that asked; nil when that client is no longer connected.
        public let reply: String?
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
        return Answer(reply: sessions[client] == nil ? nil : error.replyLine, inputs: [])
    }

    /// Carries out what an answered request asked for (speech, pauses, cancels), once its reply
    /// is written. The notifications it causes go out through `deliver(_:to:)`.
    public func carryOut(_ answer: Answer) {
        for input in answer.inputs { feed(input) }
    }

    private func answer(_ request: Request, from session: Session) throws(ProtocolError) -> (String, [SchedulerInput]) {
        switch request {
        case .hello(let name, let locale, let profileName):
            // All or nothing: a profile or locale that fails leaves the client as it was.
            var updated = session
            if let profileName { updated.profile = try profile(named: profileName) }
            if let name { updated.name = String(name.prefix(64)) }
            if let locale { updated.voice.locale = try checkedLocale(locale) }
            sessions[session.id] = updated
            let profile = updated.profile.current
            var line = JSONLine()
            line.add("ok", true)
            line.add("protocol", Request.protocolVersion)
            line.add("client", updated.name)
            line.add("locale", updated.voice.locale)
            line.add("profile", profile.name)
            line.add("events", json: JSONLine.array(profile.eventMap.eventNames.sorted()))
            return (line.text, [])
        case .event(let type, let fields):
            return try answerEvent(GameEvent(type: type, fields: fields), from: session)
        case .say(let say):
            switch say.content {
            case .text(let text):
                return try submit(text, locale: nil, notices: [], say.priority, say.policy, from: session)
            case .key(let key, let arguments):
                let rendering = try render(key, arguments, for: session)
                return try submit(
                    rendering.text, locale: rendering.locale, notices: rendering.fallbacks, say.priority, say.policy,
                    from: session)
            }
        case .cancel(let scope, let allClients):
            return (Self.ok, cancelInputs(scope: scope, allClients: allClients, from: session.id))
        case .pause(let allClients):
            return (Self.ok, [.pause(allClients ? .all : .client(session.id))])
        case .resume(let allClients):
            return (Self.ok, [.resume(allClients ? .all : .client(session.id))])
        case .set(let change):
            return (try applySettings(change, to: session), [])
        case .status:
            return (statusLine(for: session), [])
        case .subscribe(let allClients):
            sessions[session.id]?.subscription = allClients ? .all : .own
            return (Self.ok, [])
        case .play(let sound, let arguments):
            let samples = try render(SoundCue(name: sound, arguments: arguments), of: session)
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

    /// `{"ok":true,"sound":"lane_pulses","ms":90}`: what plays, and for how long.
    private func soundReply(_ name: String, _ samples: [Int16]) -> String {
        var line = JSONLine()
        line.add("ok", true)
        line.add("sound", name)
        line.add("ms", samples.count * 1000 / sounds.sampleRate)
        return line.text
    }

    static let ok = #"{"ok":true}"#

    private func answerEvent(_ event: GameEvent, from session: Session) throws(ProtocolError) -> (
        String, [SchedulerInput]
    ) {
        let action: EventAction
        let profile = session.profile.current
        do {
            action = try profile.eventMap.resolve(event, localizer: profile.localizer, locale: session.voice.locale)
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
            return (Self.ok, cancelInputs(scope: scope, allClients: false, from: session.id))
        case .silent:
            return (#"{"ok":true,"silent":true}"#, [])
        }
    }

    private func render(_ key: String, _ arguments: [FormatArgument], for session: Session) throws(ProtocolError)
        -> Rendering
    {
        do {
            return try session.profile.current.localizer.render(
                key, locale: session.voice.locale, arguments: arguments)
        } catch {
            throw ProtocolError(.format, error.description)
        }
    }

    /// Queues an announcement of `text`, spoken in the language it is written in.
    private func submit(
        _ text: String, locale: String?, notices: [FallbackNotice], _ priority: Priority, _ policy: AnnouncementPolicy,
        sound: String? = nil, from session: Session
    ) throws(ProtocolError) -> (String, [SchedulerInput]) {
        // Checked once, here, above the speech seam: the speaker speaks what it is given.
        do {
            try SpeechRequest.validate(text: text)
        } catch {
            throw ProtocolError(.speech, error.description)
        }
        for notice in fallbacks.unreported(notices) {
            logger.warning("\(notice.description)", metadata: ["client": "\(session.name)"])
        }
        var voice = session.voice
        if let locale, (try? speaker.voice(for: locale)) != nil { voice.locale = locale }
        let id = AnnouncementID(rawValue: nextAnnouncement)
        nextAnnouncement += 1
        live[id] = LiveAnnouncement(client: session.id, text: text, voice: voice)
        var scoped = policy
        scoped.scope = policy.scope.map { Self.clientScope($0, session.id) }
        var line = JSONLine()
        line.add("ok", true)
        line.add("id", String(id.rawValue))
        line.add("text", text)
        line.add("locale", voice.locale)
        line.add("priority", priority.rawValue)
        if let sound { line.add("sound", sound) }
        if !notices.isEmpty { line.add("notices", json: JSONLine.array(notices.map(\.description))) }
        let announcement = Announcement(id: id, client: session.id, text: text, priority: priority, policy: scoped)
        return (line.text, [.submit(announcement)])
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

    private func applySettings(_ change: Request.VoiceChange, to session: Session) throws(ProtocolError) -> String {
        var voice = session.voice
        if let locale = change.locale { voice.locale = try checkedLocale(locale) }
        voice.rate = change.rate ?? voice.rate
        voice.pitch = change.pitch ?? voice.pitch
        voice.volume = change.volume ?? voice.volume
        do {
            try voice.validate()
        } catch {
            throw ProtocolError(.invalidField, error.description)
        }
        sessions[session.id]?.voice = voice
        var line = JSONLine()
        line.add("ok", true)
        line.add("locale", voice.locale)
        line.add("rate", voice.rate)
        line.add("pitch", voice.pitch)
        line.add("volume", voice.volume)
        return line.text
    }
}
