import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal in game mode: raw keys, alternate screen, hidden cursor; and back to normal on
/// every way out (return, `exit`, SIGINT/SIGTERM/SIGHUP/SIGQUIT, and a crash signal).
enum Terminal {
    /// The settings to put back. Written once before any handler is installed, then only read.
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var active = false

    /// Whether standard input and output are a terminal the game can draw on.
    static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    static func enter() {
        guard isInteractive, !active else { return }
        tcgetattr(0, &saved)
        var raw = saved
        // No echo, no line buffering, no Ctrl-C signal (the game reads it as a key and quits
        // cleanly); reads return at once with whatever is there.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        active = true
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT] {
            Glibc.signal(signal, restoreAndReraise)
        }
        atexit { Terminal.leave() }
        tcsetattr(0, TCSAFLUSH, &raw)
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Restores the terminal; safe to call more than once, and from a signal handler.
    static func leave() {
        guard active else { return }
        active = false
        restoreSequence()
    }

    fileprivate static func restoreSequence() {
        tcsetattr(0, TCSAFLUSH, &saved)
        // Show the cursor, leave the alternate screen: the player's shell is as it was.
        let bytes: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = Glibc.write(1, bytes.utf8Start, bytes.utf8CodeUnitCount)
    }

    static func write(_ text: String) {
        FileDescriptor.writeAll(1, text)
    }

    /// Terminal size, or 80x24 when it cannot be read.
    static var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }
}

/// Signal handler: only async-signal-safe calls (tcsetattr, write, signal, raise).
private func restoreAndReraise(_ signal: Int32) {
    Terminal.restoreSequence()
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}
