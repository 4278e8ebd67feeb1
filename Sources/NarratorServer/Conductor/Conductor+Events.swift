import NarratorCore
import NarratorJSON
import NarratorLocalization
import NarratorVoice
import NarratorWire

extension Conductor {
    /// A game event, through the client's profile's event map: speech, a sound, both, a cancel, or
    /// nothing.
    mutating func decideEvent(_ event: GameEvent, from session: Session) throws(ProtocolError) -> (
        Reply, [Consequence]
    ) {
        let action: EventAction
        let profile = profile(of: session)
        do {
            action = try profile.eventMap.resolve(
                event, localizer: profile.localizer, locale: voice(of: session).locale)
        } catch {
            throw ProtocolError(code: error.code, message: error.message)
        }
        let pan = Self.place(of: event.fields)
        switch action {
        case .speak(let rendering, let priority, let policy, let cue):
            // The sound is rendered first, so a broken cue refuses the whole event before anything
            // is queued; it starts with the speech, or waits for its end (`sound_after`, C27).
            let samples = try cue.map { (cue) throws(ProtocolError) in try render(cue, of: profile, at: pan) }
            let (reply, consequences) = try submit(
                rendering.text, locale: rendering.locale, notices: rendering.fallbacks, priority, policy,
                sound: cue?.name, pan: pan, from: session)
            guard let cue, let samples else { return (reply, consequences) }
            if cue.afterSpeech, let id = Self.submitted(consequences) {
                return (reply, [.playAfter(id, name: cue.name, samples: samples)] + consequences)
            }
            return (reply, [.play(name: cue.name, samples: samples)] + consequences)
        case .play(let cue):
            let samples = try render(cue, of: profile, at: pan)
            return (soundReply(cue.name, samples), [.play(name: cue.name, samples: samples)])
        case .cancel(let scope):
            return (.done, cancel(scope: scope, allClients: false, from: session.id))
        case .silent:
            return (.silent, [])
        }
    }

    func render(_ key: String, _ arguments: [FormatArgument], for session: Session) throws(ProtocolError)
        -> Rendering
    {
        do {
            return try profile(of: session).localizer.render(
                key, locale: voice(of: session).locale, arguments: arguments)
        } catch {
            throw ProtocolError(.format, error.description)
        }
    }

    /// What plays, and for how long.
    func soundReply(_ name: String, _ samples: [Int16]) -> Reply {
        .sound(name: name, milliseconds: samples.count / output.channels * 1000 / output.sampleRate)
    }
}
