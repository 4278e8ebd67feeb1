import Logging
import NarratorVoice
import NarratorWire

/// The output's latencies, one distribution per kind, for `status`.
struct Latencies {
    var audible = LatencyDistribution()
    var silent = LatencyDistribution()
    var sound = LatencyDistribution()

    /// The wire's figures at `now` (milliseconds since the daemon started).
    func figures(at now: Double) -> OutputLatency {
        func spans(_ distribution: LatencyDistribution) -> OutputLatency.Spans {
            OutputLatency.Spans(lastMinute: distribution.lastMinute(at: now), sinceStart: distribution.sinceStart)
        }
        return OutputLatency(audible: spans(audible), silent: spans(silent), sound: spans(sound))
    }
}

extension Conductor {
    /// The output heard an edge of a sound (C29): an announcement's latencies go into its record
    /// (kept for `history`, and carried by the outcome that ends it when known by then), and every
    /// latency into the output's distributions for `status`. Counted from when the announcement was
    /// handed to the speech system (its request, or its turn when it waited), from the request that
    /// stopped it, and from when a sound was asked for.
    mutating func heard(_ timing: OutputTiming) {
        let at = milliseconds(now)
        switch timing.edge {
        case .speechStarted(let id):
            guard let spoken = ledger.records[id]?.spokenMilliseconds else { return }
            let audible = max(0, milliseconds(timing.heard) - spoken)
            let handed = max(0, milliseconds(timing.handed) - spoken)
            ledger.update(id) {
                $0.latency.handedMilliseconds = handed
                $0.latency.audibleMilliseconds = audible
            }
            output.latencies.audible.add(audible, at: at)
            warnIfSlow(handed: handed, audible: audible)
            toldLate(id)
        case .speechStopped(let id):
            guard let asked = ledger.records[id]?.stopMilliseconds else { return }
            let silent = max(0, milliseconds(timing.heard) - asked)
            ledger.update(id) { $0.latency.silentMilliseconds = silent }
            output.latencies.silent.add(silent, at: at)
            toldLate(id)
        case .sound(let requested):
            output.latencies.sound.add(max(0, milliseconds(timing.heard) - milliseconds(requested)), at: at)
        }
    }

    /// A latency measured after the announcement's end, when its outcome has gone out without it:
    /// to the clients that listen to its owner and asked for latencies, with all of them known (C29).
    private mutating func toldLate(_ id: AnnouncementID) {
        guard let record = ledger.records[id], record.phase.hasEnded else { return }
        let listeners = sessions.values.filter { $0.wantsLatency && $0.wants(notificationsOf: record.client) }
            .map(\.id)
        guard !listeners.isEmpty else { return }
        let report = Notification.LatencyReport(
            id: String(id.rawValue), client: name(of: record.client), latency: record.latency,
            milliseconds: milliseconds(now))
        actions.append(.notify(listeners.sorted { $0.rawValue < $1.rawValue }, .latency(report)))
    }

    /// Speech has become slower than the player's `latency_warn_ms` (C30): the last minute's median
    /// from request to first sample heard, over at least 3, is past it. Said once per setting, in
    /// the log and in `status`, with the likely cause: the part the sound server took (its buffers
    /// and the device's latency) or the narrator's own part (synthesis and writing), of the last one,
    /// and the underruns counted so far.
    private mutating func warnIfSlow(handed: Double, audible: Double) {
        guard let limit = settings.defaults.latencyWarnMilliseconds, output.latencyWarning?.limit != limit else {
            return
        }
        let minute = output.latencies.audible.lastMinute(at: milliseconds(now))
        guard minute.count >= 3, let median = minute.median, median > Double(limit) else { return }
        func ms(_ value: Double) -> String { "\((value * 10).rounded() / 10) ms" }
        let server = audible - handed
        let cause =
            server >= handed
            ? "the sound server's part: \(ms(server)) of the last one went by in its buffers and the device's latency (a Bluetooth headset or a busy PipeWire graph), \(ms(handed)) before it reached the server"
            : "the narrator's own part: \(ms(handed)) of the last one went by before its first sample reached the sound server (synthesis, or a loaded machine), \(ms(server)) after"
        let underruns =
            output.status.underruns == 0
            ? "" : " The sound broke up \(output.status.underruns) times so far (underruns)."
        let text =
            "Speech takes \(ms(median)) to be heard (median of the last minute), past latency_warn_ms \(limit); likely \(cause).\(underruns)"
        output.latencyWarning = (limit, text)
        actions.append(.log(.warning, text))
    }

    /// The output's state for `status`, with its latencies, the warning, once given, and its server.
    var outputStateWithLatency: OutputState {
        var state = Self.outputState(output.status, milliseconds: milliseconds(output.status.since))
        state.latency = output.latencies.figures(at: milliseconds(now))
        state.latencyWarning = output.latencyWarning?.text
        state.server = output.status.server
        return state
    }
}
