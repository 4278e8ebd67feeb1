import CMalloc

/// The bytes the daemon holds for all its clients: lines waiting to be written and parts of lines
/// not yet ended. When a burst is over, it gives the memory back to the system: glibc keeps freed
/// memory inside the process, so once what is held falls to a quarter of a peak above 4 MiB,
/// `malloc_trim` returns the free pages. One per daemon, touched only on the event loop (every
/// connection's handler runs there), hence `@unchecked Sendable`: it is handed to each handler.
final class ClientMemory: @unchecked Sendable {
    static let trimAbove = 4 * 1024 * 1024

    private(set) var held = 0
    private var peak = 0
    /// How many times memory was given back, for tests.
    private(set) var trims = 0

    func add(_ bytes: Int) {
        held += bytes
        peak = max(peak, held)
    }

    func remove(_ bytes: Int) {
        held -= bytes
        guard peak > Self.trimAbove, held <= peak / 4 else { return }
        peak = held
        trims += 1
        malloc_trim(0)
    }
}
