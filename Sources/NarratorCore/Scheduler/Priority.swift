public import NarratorWire

/// The scheduler's rules for each priority; the names are the wire's (NarratorWire).
///
/// See docs/PRIORITIES.md for the full table of rules and the tests that cover each of them.
extension Priority {
    /// Index of this priority's line in the queue: high lines up first.
    var lane: Int {
        switch self {
        case .high: 0
        case .default: 1
        case .low: 2
        }
    }

    /// Whether a newly arrived announcement of this priority cuts speech of priority `speaking`.
    ///
    /// High cuts everything but high; default cuts default and low; low cuts nothing.
    public func interrupts(_ speaking: Priority) -> Bool {
        switch (self, speaking) {
        case (.high, .default), (.high, .low): true
        case (.default, .default), (.default, .low): true
        default: false
        }
    }
}
