import NarratorCore
import NarratorWire

extension Conductor {
    /// An event's sound that waits for its speech to be heard to its end (`sound_after`, rule C27):
    /// rendered and given its gain when the event came, so a broken cue refused the event then.
    struct SoundAfterSpeech {
        let name: String
        let samples: [Int16]
        /// The channels it was rendered in: the output's then.
        let channels: Int
        /// Its client's effects gain when the event came (the client may be gone when it plays).
        let gain: Double
    }

    /// The announcement an event's consequences submit, for a sound that waits for it.
    static func submitted(_ consequences: [Consequence]) -> AnnouncementID? {
        for consequence in consequences {
            if case .schedule(.submit(let announcement)) = consequence { return announcement.id }
        }
        return nil
    }

    /// An announcement ended: the sound waiting for it plays if it was heard to its end (`finished`),
    /// and is dropped otherwise (cut, superseded, expired, dropped, cancelled, failed): the player
    /// has moved on, and a sound that belongs to a line nobody heard would say nothing.
    mutating func soundAfter(_ outcome: Outcome, of id: AnnouncementID) {
        guard outcome.isTerminal, let sound = soundsAfterSpeech.removeValue(forKey: id) else { return }
        guard case .finished = outcome else { return }
        actions.append(.play(name: sound.name, samples: sound.samples, channels: sound.channels, gain: sound.gain))
    }
}
