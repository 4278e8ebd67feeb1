import Logging
import NarratorCore
import NarratorLocalization
import NarratorVoice
import NarratorWire

extension Conductor {
    /// A locale a client asks for, checked against the speech system's voices.
    func checkedLocale(_ locale: String) throws(ProtocolError) -> String {
        do {
            _ = try voices.voice(for: locale)
            return locale
        } catch {
            throw ProtocolError(.invalidField, error.description)
        }
    }

    /// `set` of the sender's settings, of another client's by its number, or of every connected
    /// client's (C24): each target's as its own `set` would change them, all or nothing. The daemon's
    /// defaults (the player's settings) do not change: clients that connect later start from them.
    /// The reply is the voice that results for the client named, else for the sender.
    mutating func decideSet(
        _ change: Request.VoiceChange, allClients: Bool, client: ClientID?, from session: Session
    ) throws(ProtocolError) -> Reply {
        if let client, sessions[client] == nil { throw Self.unknownClient(client, "is connected") }
        let targets = allClients ? Array(sessions.keys) : [client ?? session.id]
        var changed: [ClientID: OwnVoice] = [:]
        for target in targets {
            guard let own = sessions[target]?.own else { continue }
            changed[target] = try settings(own, changed: change)
        }
        for (target, own) in changed { sessions[target]?.own = own }
        let shown = client ?? session.id
        let own = changed[shown] ?? session.own
        return .voice(voiceReply(own))
    }

    /// What `set` answers: a client's settings over the daemon's defaults.
    func voiceReply(_ own: OwnVoice) -> Reply.Voice {
        let voice = own.over(settings.defaults.voice)
        return Reply.Voice(
            locale: voice.locale, rate: voice.rate, pitch: voice.pitch, volume: voice.volume,
            effectsVolume: own.effectsVolume ?? settings.defaults.effectsVolume, variant: voice.variant,
            punctuation: voice.punctuation, capitals: voice.capitals, spelling: own.spelling ?? false)
    }

    /// A client's own settings with `change` made: the fields given become its own, those given as
    /// null follow the daemon's defaults again. Throws for a setting refused, changing nothing.
    private func settings(_ own: OwnVoice, changed change: Request.VoiceChange) throws(ProtocolError) -> OwnVoice {
        var own = own
        if let locale = change.locale { own.locale = try checkedLocale(locale) }
        own.rate = change.rate ?? own.rate
        own.pitch = change.pitch ?? own.pitch
        own.volume = change.volume ?? own.volume
        own.effectsVolume = change.effectsVolume ?? own.effectsVolume
        if let variant = change.variant {
            do {
                own.variant = try voices.variant(named: variant)
            } catch {
                throw ProtocolError(.invalidField, error.description)
            }
        }
        own.punctuation = change.punctuation ?? own.punctuation
        own.capitals = change.capitals ?? own.capitals
        own.spelling = change.spelling ?? own.spelling
        for setting in change.reset {
            switch setting {
            case .locale: own.locale = nil
            case .rate: own.rate = nil
            case .pitch: own.pitch = nil
            case .volume: own.volume = nil
            case .effectsVolume: own.effectsVolume = nil
            case .variant: own.variant = nil
            case .punctuation: own.punctuation = nil
            case .capitals: own.capitals = nil
            case .spelling: own.spelling = nil
            }
        }
        let voice = own.over(settings.defaults.voice)
        let effectsVolume = own.effectsVolume ?? settings.defaults.effectsVolume
        do throws(SpeechRequestError) {
            try voice.validate()
            let range = DaemonDefaults.effectsVolumeRange
            if !range.contains(effectsVolume) {
                throw SpeechRequestError.outOfRange(name: "effects_volume", value: effectsVolume, range: range)
            }
        } catch {
            throw ProtocolError(.invalidField, error.description)
        }
        return own
    }

    /// SIGHUP: the settings read again are taken as a whole, then each profile read again replaces
    /// its last version. Whatever failed keeps its last good version, and the log says which file and
    /// where. Clients that did not choose a setting follow the new default from their next
    /// announcement; the output is chosen at start only.
    mutating func apply(_ reload: Reload) {
        switch reload.config {
        case nil: break
        case .failure(let error):
            actions.append(.log(.error, "The settings were not reloaded, keeping the last good ones: \(error)"))
        case .success(let loaded):
            for warning in loaded.warnings { actions.append(.log(.warning, warning)) }
            var taken = loaded.defaults
            if taken.output != settings.defaults.output {
                actions.append(
                    .log(
                        .warning,
                        "The output \(taken.output) (\(taken.origin(of: .output))) is used from the next start; sound goes to \(settings.defaults.output) until then"
                    ))
            }
            taken.output = settings.defaults.output
            taken.origins[.output] = settings.defaults.origins[.output]
            settings.defaults = taken
            actions.append(.log(.info, loaded.summary(path: settings.path ?? "")))
        }
        for (name, result) in reload.profiles {
            switch result {
            case .success(let profile):
                profiles[name] = profile
                actions.append(
                    .log(
                        .info, "Reloaded the profile \(name): its tables, event map and sounds",
                        ["profile": "\(profile.folder)"]))
            case .failure(let error):
                actions.append(
                    .log(.error, "Reload failed for the profile \(name), keeping its last good version: \(error)"))
            }
        }
        if !reload.profiles.isEmpty { profiles.fallbacks = FallbackLedger() }
    }
}
