import Synchronization

/// The choices a `VoiceResolver` has made, kept by what was asked (the locale or the name as
/// given), so asking again costs a dictionary lookup: the daemon asks for an announcement's locale
/// when it accepts it and the engine again when it queues it. Never invalidated: the voices are
/// read once, when the engine starts, and do not change after.
final class VoiceChoices: Sendable {
    /// The most choices kept of each kind. A game uses a handful of locales; a client that sends a
    /// new tag with every request must not grow the daemon without bound (beyond it, each such tag
    /// is resolved again, as before there was a cache).
    static let limit = 256

    private let state = Mutex<(locales: [String: ResolvedVoice], names: [String: NamedVoice])>(([:], [:]))

    func voice(for locale: String) -> ResolvedVoice? { state.withLock { $0.locales[locale] } }

    func voice(named name: String) -> NamedVoice? { state.withLock { $0.names[name] } }

    /// How many choices are kept, of each kind.
    var count: (locales: Int, names: Int) { state.withLock { ($0.locales.count, $0.names.count) } }

    func remember(_ voice: ResolvedVoice, for locale: String) {
        state.withLock { if $0.locales.count < Self.limit { $0.locales[locale] = voice } }
    }

    func remember(_ voice: NamedVoice, named name: String) {
        state.withLock { if $0.names.count < Self.limit { $0.names[name] = voice } }
    }
}
