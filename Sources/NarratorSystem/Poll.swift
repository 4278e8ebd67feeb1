#if canImport(Glibc)
    import Glibc
#endif

/// Waiting for descriptors to be ready (`poll`). A signal is not retried here: a wait with a deadline
/// must work out the time left again, so the caller sees `SystemCallError.interrupted` and goes round.
public enum Poll {
    /// What a descriptor is waited for, and what it has (`pollfd`'s events and revents).
    public struct Events: OptionSet, Sendable, Hashable {
        public let rawValue: Int16
        public init(rawValue: Int16) { self.rawValue = rawValue }

        /// There is something to read, or the end of the file (POLLIN).
        public static let readable = Events(rawValue: Int16(POLLIN))
        /// The other end hung up (POLLHUP; always reported, never asked for).
        public static let hangUp = Events(rawValue: Int16(POLLHUP))
        /// The peer of a stream socket closed its end, or shut down writing (POLLRDHUP, which Glibc's
        /// module map hides: it needs _GNU_SOURCE).
        public static let peerClosed = Events(rawValue: 0x2000)
    }

    /// Waits until `descriptor` has one of `events`, or until `milliseconds` pass (-1: for ever);
    /// returns what it has, which may hold events not asked for (`hangUp`), and is empty when the
    /// time ran out.
    public static func wait(_ descriptor: Int32, for events: Events, milliseconds: Int32) throws(SystemCallError)
        -> Events
    {
        var watched = pollfd(fd: descriptor, events: events.rawValue, revents: 0)
        guard poll(&watched, 1, milliseconds) >= 0 else { throw SystemCallError(call: "poll", code: errno) }
        return Events(rawValue: watched.revents)
    }

    /// Waits until one of `watches` has one of its events, or until `milliseconds` pass (-1: for
    /// ever); returns what each has, in order (all empty when the time ran out).
    public static func wait(_ watches: [(descriptor: Int32, events: Events)], milliseconds: Int32)
        throws(SystemCallError) -> [Events]
    {
        var descriptors = watches.map { pollfd(fd: $0.descriptor, events: $0.events.rawValue, revents: 0) }
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) >= 0 else {
            throw SystemCallError(call: "poll", code: errno)
        }
        return descriptors.map { Events(rawValue: $0.revents) }
    }
}
