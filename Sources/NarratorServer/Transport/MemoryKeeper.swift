import CMalloc

/// Gives memory back to the system after a burst of clients. glibc keeps freed memory inside the
/// process (a flood of requests, or a subscriber's unread notifications, leave tens of MB free but
/// resident); when more than 4 MiB of it is free, `malloc_trim` returns the free pages.
///
/// Asked at the moments a burst ends, when the daemon is awake anyway: a connection closing, and
/// the daemon falling quiet (nothing speaking, nothing waiting). No timer, so an idle daemon still
/// wakes no thread. docs/SERVER.md.
enum MemoryKeeper {
    /// Free memory glibc may keep for the next burst.
    static let keepAtMost = 4 * 1024 * 1024

    /// Returns free pages to the system if glibc holds more than `keepAtMost` free; true if it did.
    @discardableResult
    static func giveBackAfterBurst() -> Bool {
        guard mallinfo2().fordblks > keepAtMost else { return false }
        malloc_trim(0)
        return true
    }
}
