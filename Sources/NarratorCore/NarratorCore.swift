/// Events, the event map, announcements and the scheduler state machine.
///
/// Pure Swift with an injected clock: no sockets, no audio, no sleeps.
public enum NarratorCore {}
