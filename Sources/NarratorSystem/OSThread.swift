#if canImport(Glibc)
    import Glibc
#endif

/// Starts a detached pthread: for work that must own a thread for the life of the process
/// (the libespeak-ng owner, an audio device writer), outside Swift's cooperative pool.
public enum OSThread {
    /// Runs `body` on a new thread named `name` (Linux keeps 15 characters).
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let start = ThreadStart(name: String(name.prefix(15)), body: body)
        let argument = Unmanaged.passRetained(start).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, threadEntry, argument)
        precondition(status == 0, "pthread_create failed with \(status): the process is out of threads")
        pthread_detach(thread)
    }
}

/// What a new thread runs, handed over through pthread_create's argument.
private final class ThreadStart: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

/// The pthread entry point. A named function rather than a closure literal: Swift 6.3's
/// region-isolation pass crashes on a closure passed to pthread_create.
private func threadEntry(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let start = Unmanaged<ThreadStart>.fromOpaque(argument!).takeRetainedValue()
    setThreadName(start.name)
    start.body()
    return nil
}

/// Names the calling thread for gdb and top. Glibc's module map hides pthread_setname_np
/// (it needs _GNU_SOURCE), so it is looked up at run time.
private func setThreadName(_ name: String) {
    typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np") else { return }
    _ = unsafeBitCast(symbol, to: SetName.self)(pthread_self(), name)
}
