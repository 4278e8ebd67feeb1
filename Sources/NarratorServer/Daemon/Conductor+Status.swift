import NarratorCore
import NarratorSystem
import NarratorVoice
import NarratorWire

extension Conductor {
    /// `status`: what is speaking, how much waits, whose speech is paused, who is connected, the
    /// asking client's profile, and the counters.
    func status(for session: Session) -> Reply.Status {
        let speaking = scheduler.currentID.flatMap { id in
            live[id].map { speaking in
                Reply.Status.Speaking(
                    id: String(id.rawValue), text: speaking.text,
                    client: sessions[speaking.client]?.name ?? "client \(speaking.client.rawValue)")
            }
        }
        let output = sounds.status
        var numbers = [
            Reply.Status.Counter("connections", counters.connections),
            Reply.Status.Counter("requests", counters.requests), Reply.Status.Counter("errors", counters.errors),
        ]
        for name in counters.outcomes.keys.sorted() { numbers.append(.init(name, counters.outcomes[name] ?? 0)) }
        let paused = Reply.Status.Paused(
            all: scheduler.isPausedForAll, allBy: scheduler.isPausedForAll ? pausedAllBy : nil,
            clients: scheduler.pausedClients.map { sessions[$0]?.name ?? "client \($0.rawValue)" })
        return Reply.Status(
            version: NarratorVersion.string, speaking: speaking, queued: scheduler.queuedCount, paused: paused,
            clients: sessions.count,
            profile: session.profile.current.name, profileFolder: session.profile.current.folder,
            output: Self.outputState(output, milliseconds: milliseconds(output.since)),
            uptimeMilliseconds: milliseconds(.now), counters: numbers, defaults: statusDefaults)
    }

    /// The defaults clients get, and where each comes from.
    private var statusDefaults: Reply.Status.Defaults {
        let voice = defaults.voice
        return Reply.Status.Defaults(
            voice: Reply.Voice(locale: voice.locale, rate: voice.rate, pitch: voice.pitch, volume: voice.volume),
            output: defaults.output, spokenNotices: defaults.spokenNotices,
            voices: defaults.voices.keys.sorted().map { Reply.Status.Text($0, defaults.voices[$0] ?? "") },
            origins: defaults.settings.map { Reply.Status.Text($0.key.name, defaults.origin(of: $0.key).description) },
            file: config?.path)
    }
}
