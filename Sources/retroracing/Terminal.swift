import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal in game mode: raw keys, alternate screen, hidden cursor; and back to normal on
/// every way out (return, `exit`, SIGINT/SIGTERM/SIGHUP/SIGQUIT, and a crash signal).
enum Terminal {
    /// The settings to put back. Written once before any handler is installed, then only read.
    nonisolated(unsafe) private static var saved = TerminalMode(settings: termios())
    nonisolated(unsafe) private static var active = false

    /// Whether standard input and output are a terminal the game can draw on.
    static var isInteractive: Bool { TerminalMode.isTerminal(0) && TerminalMode.isTerminal(1) }

    static func enter() {
        guard isInteractive, !active else { return }
        if let current = try? TerminalMode.current(of: 0) { saved = current }
        // No echo, no line buffering, no Ctrl-C signal (the game reads it as a key and quits
        // cleanly); reads return at once with whatever is there.
        let raw = saved.raw()
        active = true
        SignalDisposition.handle(
            [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT], with: restoreAndReraise)
        atexit { Terminal.leave() }
        try? raw.apply(to: 0)
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Restores the terminal; safe to call more than once, and from a signal handler.
    static func leave() {
        guard active else { return }
        active = false
        restoreSequence()
    }

    fileprivate static func restoreSequence() {
        try? saved.apply(to: 0)
        // Show the cursor, leave the alternate screen: the player's shell is as it was.
        let bytes: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        FileDescriptor.writeAll(1, UnsafeRawBufferPointer(start: bytes.utf8Start, count: bytes.utf8CodeUnitCount))
    }

    static func write(_ text: String) {
        FileDescriptor.writeAll(1, text)
    }

    /// Terminal size, or 80x24 when it cannot be read.
    static var size: (columns: Int, rows: Int) {
        TerminalMode.windowSize(of: 1) ?? (80, 24)
    }
}

/// Signal handler: only async-signal-safe calls (tcsetattr, write, signal, raise).
private func restoreAndReraise(_ signal: Int32) {
    Terminal.restoreSequence()
    SignalDisposition.reraiseAtDefault(signal)
}
