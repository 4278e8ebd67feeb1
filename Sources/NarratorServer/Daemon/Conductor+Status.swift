import NarratorCore
import NarratorSystem
import NarratorVoice

extension Conductor {
    /// `status`: what is speaking, how much waits, who is connected, the asking client's profile,
    /// and the counters.
    func statusLine(for session: Session) -> String {
        var line = JSONLine()
        line.add("ok", true)
        line.add("version", NarratorVersion.string)
        if let id = scheduler.currentID, let speaking = live[id] {
            var current = JSONLine()
            current.add("id", String(id.rawValue))
            current.add("text", speaking.text)
            current.add("client", sessions[speaking.client]?.name ?? "client \(speaking.client.rawValue)")
            line.add("speaking", object: current)
        } else {
            line.addNull("speaking")
        }
        line.add("queued", scheduler.queuedCount)
        line.add("clients", sessions.count)
        line.add("profile", session.profile.current.name)
        line.add("profile_folder", session.profile.current.folder)
        let output = sounds.status
        line.add("output", json: Self.outputLine(output, event: nil, milliseconds: milliseconds(output.since)))
        line.add("uptime_ms", milliseconds: milliseconds(.now))
        var numbers = JSONLine()
        numbers.add("connections", counters.connections)
        numbers.add("requests", counters.requests)
        numbers.add("errors", counters.errors)
        for name in counters.outcomes.keys.sorted() { numbers.add(name, counters.outcomes[name] ?? 0) }
        line.add("counters", object: numbers)
        return line.text
    }
}
