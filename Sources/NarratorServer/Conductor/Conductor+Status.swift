import NarratorCore
import NarratorSystem
import NarratorVoice
import NarratorWire

extension Conductor {
    /// `status`: what is speaking, how much waits, whose speech is paused, who is connected, the
    /// asking client's profile, and the counters; all read from the ledger and the scheduler.
    func status(for session: Session) -> Reply.Status {
        let speaking = scheduler.currentID.flatMap { ledger.records[$0] }.map { record in
            Reply.Status.Speaking(id: String(record.id.rawValue), text: record.text, client: name(of: record.client))
        }
        var numbers = [
            Reply.Status.Counter("connections", counters.connections),
            Reply.Status.Counter("requests", counters.requests), Reply.Status.Counter("errors", counters.errors),
        ]
        for name in counters.outcomes.keys.sorted() { numbers.append(.init(name, counters.outcomes[name] ?? 0)) }
        let paused = Reply.Status.Paused(
            all: scheduler.isPausedForAll, allBy: scheduler.isPausedForAll ? sessions.pausedAllBy : nil,
            clients: scheduler.pausedClients.map { name(of: $0) })
        let profile = profile(of: session)
        return Reply.Status(
            version: NarratorVersion.string, speaking: speaking, queued: scheduler.queuedCount, paused: paused,
            clients: sessions.count,
            connected: sessions.values.sorted { $0.id.rawValue < $1.id.rawValue }.map {
                Reply.Status.Client(number: $0.id.rawValue, name: $0.name, screenReader: $0.screenReader)
            }, profile: profile.name, profileFolder: profile.folder,
            output: outputStateWithLatency,
            uptimeMilliseconds: milliseconds(now), counters: numbers, defaults: statusDefaults)
    }

    /// The defaults clients get, and where each comes from.
    private var statusDefaults: Reply.Status.Defaults {
        let voice = settings.defaults.voice
        return Reply.Status.Defaults(
            voice: Reply.Voice(
                locale: voice.locale, rate: voice.rate, pitch: voice.pitch, volume: voice.volume,
                effectsVolume: settings.defaults.effectsVolume),
            output: settings.defaults.output, spokenNotices: settings.defaults.spokenNotices,
            voices: settings.defaults.voices.keys.sorted().map {
                Reply.Status.Text($0, settings.defaults.voices[$0] ?? "")
            },
            origins: settings.defaults.settings.map {
                Reply.Status.Text($0.key.name, settings.defaults.origin(of: $0.key).description)
            },
            file: settings.path)
    }

    /// The kept announcements of clients named like `session` (or of all), oldest first, the last `limit`.
    func historyEntries(limit: Int?, allClients: Bool, for session: Session) -> [Reply.HistoryEntry] {
        ledger.history(limit: limit, client: allClients ? nil : session.name).map {
            Reply.HistoryEntry(
                id: String($0.id.rawValue), client: $0.clientName, text: $0.text, priority: $0.priority,
                outcome: $0.outcome, milliseconds: $0.milliseconds, clientNumber: $0.client.rawValue,
                queuedMilliseconds: $0.queuedMilliseconds, ssml: $0.ssml, latency: $0.latency.isEmpty ? nil : $0.latency
            )
        }
    }
}
