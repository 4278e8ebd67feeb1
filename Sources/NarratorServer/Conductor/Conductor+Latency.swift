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
            latencies.audible.add(audible, at: at)
            toldLate(id)
        case .speechStopped(let id):
            guard let asked = ledger.records[id]?.stopMilliseconds else { return }
            let silent = max(0, milliseconds(timing.heard) - asked)
            ledger.update(id) { $0.latency.silentMilliseconds = silent }
            latencies.silent.add(silent, at: at)
            toldLate(id)
        case .sound(let requested):
            latencies.sound.add(max(0, milliseconds(timing.heard) - milliseconds(requested)), at: at)
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

    /// The output's state for `status`, with its latencies.
    var outputStateWithLatency: OutputState {
        var state = Self.outputState(output, milliseconds: milliseconds(output.since))
        state.latency = latencies.figures(at: milliseconds(now))
        return state
    }
}
