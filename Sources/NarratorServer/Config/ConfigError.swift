/// A setting that cannot be taken, with where it was written: the file and line, or the option of
/// `narrator serve`. Its description is what the daemon logs and `narrator config` prints.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the setting was written.
    public enum Place: Sendable, Hashable {
        /// A line of a file (lines count from 1).
        case file(path: String, line: Int)
        /// The whole file (it cannot be read).
        case wholeFile(path: String)
        /// An option of `narrator serve` (`--rate`).
        case option(String)
    }

    public let place: Place
    /// What is wrong and how to fix it, a sentence.
    public let message: String

    public init(_ place: Place, _ message: String) {
        self.place = place
        self.message = message
    }

    public var description: String {
        switch place {
        case .file(let path, let line): "\(path):\(line): \(message)"
        case .wholeFile(let path): "\(path): \(message)"
        case .option(let option): "\(option): \(message)"
        }
    }
}
