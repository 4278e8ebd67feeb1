public import NarratorLocalization
public import NarratorWire

/// What the daemon does for one game event, as the event map decided.
public enum EventAction: Sendable, Hashable {
    /// Submit this text to the scheduler, and play `sound` with it when the rule names one.
    case speak(Rendering, priority: Priority, policy: AnnouncementPolicy, sound: SoundCue?)
    /// Play a sound of the profile's sound book, without speech.
    case play(SoundCue)
    /// Cancel the sending client's own speech in `scope`, or all of it when `scope` is nil.
    case cancel(scope: Scope?)
    /// Say nothing (a `{"silent": true}` rule, or no variant matched).
    case silent
}
