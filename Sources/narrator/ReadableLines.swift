import NarratorClient

/// What `status`, `monitor` and `history` print for a person: short lines, one fact each, no JSON
/// punctuation, so a screen reader or a braille display reads them line by line.
enum ReadableLines {
    /// `status`: `Speaking: "Crash! 2 lives left" (RetroRacing, id 8)`, `Queued: 2`, `Paused: no`, ...
    static func status(_ status: Reply.Status) -> [String] {
        var lines = ["Version: \(status.version)"]
        if let speaking = status.speaking {
            lines.append("Speaking: \"\(speaking.text)\" (\(speaking.client), id \(speaking.id))")
        } else {
            lines.append("Speaking: nothing")
        }
        lines.append("Queued: \(status.queued)")
        lines += paused(status.paused)
        lines.append("Clients: \(status.clients)")
        for client in status.connected where client.screenReader {
            lines.append("Screen reader: \(client.name) (client \(client.number)): its speech is heard before games'")
        }
        lines.append("Profile: \(status.profile) (\(status.profileFolder))")
        lines.append("Sound: \(sound(status.output))")
        if let lead = status.output.leadMilliseconds { lines.append("Written ahead: \(Int(lead.rounded())) ms") }
        if let latency = status.output.latency { lines += Self.latency(latency) }
        if let warning = status.output.latencyWarning { lines.append("Latency warning: \(warning)") }
        if let voice = status.defaults?.voice {
            // Where each part comes from is `narrator config`'s to say.
            lines.append(
                "Default voice: \(voice.locale), rate \(voice.rate), pitch \(voice.pitch), volume \(voice.volume)")
            lines.append("Default sound effects volume: \(voice.effectsVolume)")
        }
        lines.append("Up: \(duration(milliseconds: status.uptimeMilliseconds))")
        // "so far": the counters count since the daemon started (`Queued: 2` above is the queue now).
        for counter in status.counters {
            lines.append("\(counter.name.prefix(1).uppercased() + counter.name.dropFirst()) so far: \(counter.value)")
        }
        return lines
    }

    /// `Paused: no`, or one line for a pause of all and one per client that paused itself.
    static func paused(_ paused: Reply.Status.Paused) -> [String] {
        var lines: [String] = []
        if paused.all { lines.append("Paused: all speech" + (paused.allBy.map { ", by \($0)" } ?? "")) }
        for client in paused.clients { lines.append("Paused: the speech of \(client), by itself") }
        return lines.isEmpty ? ["Paused: no"] : lines
    }

    /// `pulse, working`, or `pulse, lost: REASON`; then `, 2 underruns` when the sound broke up.
    static func sound(_ state: OutputState) -> String {
        let condition =
            switch state.condition {
            case .working: "\(state.output), working"
            case .lost(let reason): "\(state.output), lost: \(reason)"
            }
        return condition
            + (state.underruns == 0 ? "" : ", \(state.underruns) underrun\(state.underruns == 1 ? "" : "s")")
    }

    /// Beside the sound's line, one line per kind of latency measured so far: `Speech heard after:
    /// 11.8 ms median, 14.2 ms p95, 15.0 ms worst in the last minute (8); 12.1 ms median, 16.0 ms p95,
    /// 30.4 ms worst since start (40)`.
    static func latency(_ latency: OutputLatency) -> [String] {
        let kinds = [
            ("Speech heard after", latency.audible), ("Stopped speech silent after", latency.silent),
            ("Sounds heard after", latency.sound),
        ]
        return kinds.filter { $0.1.sinceStart.count > 0 }.map { name, spans in
            "\(name): \(summary(spans.lastMinute, "in the last minute")); \(summary(spans.sinceStart, "since start"))"
        }
    }

    /// `11.8 ms median, 14.2 ms p95, 15.0 ms worst in the last minute (8)`, or `none in the last minute`.
    static func summary(_ summary: LatencySummary, _ span: String) -> String {
        guard summary.count > 0, let median = summary.median, let p95 = summary.p95, let worst = summary.worst else {
            return "none \(span)"
        }
        func ms(_ value: Double) -> String { "\((value * 10).rounded() / 10) ms" }
        return "\(ms(median)) median, \(ms(p95)) p95, \(ms(worst)) worst \(span) (\(summary.count))"
    }

    /// `finished 8 RetroRacing (heard after 6.0 ms): Crash! 2 lives left`; what else the outcome
    /// tells, and the announcement's latencies when it carries them, come before the text.
    static func outcome(_ report: Notification.OutcomeReport) -> String {
        let detail: String? =
            switch report.outcome {
            case .interrupted(let by?), .superseded(let by): "by \(by.rawValue)"
            case .suspended(let position), .resumed(let position): "at \(position)"
            case .failed(let reason): reason
            case .queued, .started, .finished, .interrupted(nil), .expired, .dropped, .cancelled: nil
            }
        let details = [detail, report.latency.map(latency)].compactMap { $0 }.filter { !$0.isEmpty }
        let bracket = details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"
        return "\(report.outcome.name) \(report.id) \(report.client)\(bracket): \(report.text)"
    }

    /// A notification of `monitor`: an outcome, the sound output's change, or an SSML mark reached
    /// ("mark 7 spd-say: here").
    static func notification(_ notification: Notification) -> String {
        switch notification {
        case .outcome(let report): outcome(report)
        case .output(let state): "sound \(sound(state))"
        case .mark(let report): "mark \(report.id) \(report.client): \(report.name)"
        case .latency(let report): "latency \(report.id) \(report.client): \(latency(report.latency))"
        }
    }

    /// `heard after 12.0 ms, silent after 4.1 ms`: what of an announcement's latencies is known.
    static func latency(_ latency: AnnouncementLatency) -> String {
        func ms(_ value: Double) -> String { "\((value * 10).rounded() / 10) ms" }
        let parts = [
            latency.audibleMilliseconds.map { "heard after \(ms($0))" },
            latency.silentMilliseconds.map { "silent after \(ms($0))" },
        ]
        return parts.compactMap { $0 }.joined(separator: ", ")
    }

    /// A `history` entry, as `monitor` prints its last outcome: `finished 8 RetroRacing (heard after
    /// 6.0 ms): Crash! 2 lives left`, the latencies when measured.
    static func history(_ entry: Reply.HistoryEntry) -> String {
        let measured = entry.latency.map(latency).flatMap { $0.isEmpty ? nil : " (\($0))" } ?? ""
        return "\(entry.outcome.name) \(entry.id) \(entry.client)\(measured): \(entry.text)"
    }

    /// `58 s`, `3 min 4 s`, `2 h 5 min`.
    static func duration(milliseconds: Double) -> String {
        let seconds = Int(milliseconds / 1000)
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min \(seconds % 60) s" }
        return "\(seconds / 3600) h \(seconds % 3600 / 60) min"
    }
}
