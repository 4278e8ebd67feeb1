import NarratorCore
public import NarratorWire

/// What a door may read of one client's speech while it answers that client: the ledger's phase of
/// each announcement it has not heard end, and whether it paused itself. Read from the conductor at
/// the moment of asking, so a door keeps ids, never a copy of an announcement's life that could drift
/// (another client's `resume` all lifts this client's pause; a cancel of another client ends its speech).
public struct ClientSpeech: Sendable, Equatable {
    /// Where an announcement of the client is in its life, while it has not ended.
    public enum Phase: Sendable, Equatable {
        case queued
        case speaking
        case suspended
    }

    /// The client's announcements not ended yet, by id.
    public var open: [AnnouncementID: Phase] = [:]
    /// The client paused its own speech (`pause` of itself, or another client's `pause` naming it),
    /// and no `resume` has lifted it since.
    public var paused = false
}

extension Conductor {
    /// One client's speech as the ledger and the scheduler hold it now (`ClientSpeech`).
    func speech(of client: ClientID) -> ClientSpeech {
        var speech = ClientSpeech(paused: scheduler.pausedClients.contains(client))
        guard ledger.open[client] != nil else { return speech }
        for record in ledger.records.values where record.client == client {
            switch record.phase {
            case .queued: speech.open[record.id] = .queued
            case .speaking: speech.open[record.id] = .speaking
            case .suspended: speech.open[record.id] = .suspended
            case .ended: break
            }
        }
        return speech
    }
}
