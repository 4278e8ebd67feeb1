/// What the SSIP decoder hands on: a command line, a `SPEAK` data block, or what went wrong with
/// the bytes (each becomes an SSIP error reply; the connection stays open).
enum SSIPFrame: Sendable, Equatable {
    /// A command line, without its CR LF.
    case command(String)
    /// The text of a `SPEAK` block: unescaped, its lines joined by `\n`, without the closing dot line.
    case data(String)
    case malformed(SSIPFrameError)
}

/// Bytes that are not SSIP. docs/SSIP.md, "Bad input".
enum SSIPFrameError: Sendable, Equatable {
    /// A command line ended by LF alone: SSIP lines end with CR LF.
    case bareLineFeed
    /// A command line passed `limit` bytes; the rest of it up to its LF was discarded.
    case lineTooLong(limit: Int)
    /// A command line or a data block that is not UTF-8.
    case invalidUTF8
    /// A data block passed `limit` bytes: it was read to its closing dot, and nothing of it is spoken.
    case dataTooLong(limit: Int)
}
