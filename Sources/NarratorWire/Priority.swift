/// How urgently an announcement is spoken, with the meanings the game was designed with (Apple's):
/// `high` interrupts anything that is not high and is never dropped; `default` waits for high speech and
/// interrupts default or low; `low` waits its turn. The scheduler's rules are in NarratorCore
/// (docs/PRIORITIES.md); here are the names, as the wire and the event maps write them.
public enum Priority: String, Sendable, Hashable, CaseIterable {
    case high
    case `default`
    case low
}
