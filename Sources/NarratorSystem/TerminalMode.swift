#if canImport(Glibc)
    public import Glibc
#endif

/// A terminal's line settings (`termios`): read, changed to raw mode for a game, and put back, and
/// the terminal's size.
public struct TerminalMode: Sendable {
    public var settings: termios

    public init(settings: termios) {
        self.settings = settings
    }

    /// Whether `descriptor` is a terminal (`isatty`).
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The settings of the terminal on `descriptor` (`tcgetattr`).
    public static func current(of descriptor: Int32) throws(SystemCallError) -> TerminalMode {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { throw SystemCallError(call: "tcgetattr", code: errno) }
        return TerminalMode(settings: settings)
    }

    /// These settings in raw mode: no echo, no line buffering, no signals from keys (Ctrl-C is read
    /// as a key), no Ctrl-V or Ctrl-S/Ctrl-Q, carriage return not turned into a newline, and a read
    /// returns at once with whatever is there.
    public func raw() -> TerminalMode {
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        return TerminalMode(settings: raw)
    }

    /// Applies these settings to the terminal on `descriptor` once what was written has gone out,
    /// dropping unread input (`tcsetattr`, TCSAFLUSH). Async-signal-safe: a handler may call it.
    public func apply(to descriptor: Int32) throws(SystemCallError) {
        var settings = settings
        guard tcsetattr(descriptor, TCSAFLUSH, &settings) == 0 else {
            throw SystemCallError(call: "tcsetattr", code: errno)
        }
    }

    /// The size of the terminal on `descriptor` (`ioctl` TIOCGWINSZ); nil when it cannot be read or
    /// says 0 columns.
    public static func windowSize(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }
}
