public import Logging
import NarratorCore
public import NarratorVoice
public import NarratorWire

/// What the conductor decided, for the shell to carry out in order. The conductor does no I/O: every
/// line written, sound started, word spoken, timer armed or line logged is one of these.
public enum ConductorAction: Sendable {
    /// The reply to a client's request; always the first action of a request's input.
    case reply(ClientID, Reply)
    /// One notification to each of these clients (in the order given); each door writes it in its
    /// own protocol.
    case notify([ClientID], Notification)
    /// Hand an announcement to the speech system; if it refuses, feed `speakRefused`.
    case speak(SpeechRequest)
    /// Ask the speech system to stop an announcement; it answers with an event later.
    case stop(AnnouncementID)
    /// Start an earcon now, mixed with whatever sounds, at `gain` (its client's effects volume / 100);
    /// `samples` are interleaved in `channels`, the output's when they were rendered. One the output
    /// cannot take is skipped.
    case play(name: String, samples: [Int16], channels: Int, gain: Double)
    /// Wake the conductor at this instant with `timer` (nil: no wake-up is needed). Replaces any
    /// wake-up armed before.
    case arm(ContinuousClock.Instant?)
    /// A line for the daemon's log.
    case log(Logger.Level, String, Logger.Metadata = [:])
    /// The daemon fell quiet after speech: give back what the burst left free (`MemoryKeeper`).
    case quiet
}
