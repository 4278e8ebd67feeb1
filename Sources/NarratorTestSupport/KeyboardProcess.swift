import FoundationEssentials
import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A program played through its standard input, as a game without a terminal is: keys go in
/// through one end of a socket pair (a socket, so that typing to a program that has just exited
/// is a failed send, not a SIGPIPE for the test process), and what it prints goes to a file that
/// is read once it has ended.
public final class KeyboardProcess: @unchecked Sendable {
    public let process: ChildProcess
    /// Where the program's standard output goes.
    public let outputPath: String
    private let keyboard: Int32

    /// Starts `executable` with standard input from the keyboard, standard output into
    /// `outputPath` (created or emptied) and standard error into `errorsPath`.
    public init(
        executable: String, arguments: [String], environment: [String: String], outputPath: String,
        errorsPath: String
    ) throws {
        let ends: (Int32, Int32)
        do {
            ends = try UnixStreamConnection.pair()
        } catch {
            throw ChildProcess.Failure(description: "socketpair() failed: \(error.reason)")
        }
        defer { close(ends.1) }
        do {
            process = try ChildProcess(
                executable: executable, arguments: arguments, environment: environment, output: -1,
                files: [
                    .duplicate(ends.1, to: 0),
                    .open(outputPath, as: 1, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
                    .open(errorsPath, as: 2, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
                ])
        } catch {
            close(ends.0)
            throw error
        }
        keyboard = ends.0
        self.outputPath = outputPath
    }

    /// Sends `keys` to the program; false when it no longer reads them (it has exited).
    @discardableResult
    public func type(_ keys: String) -> Bool {
        var bytes = Array(keys.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = retryingEINTR {
                bytes.withUnsafeMutableBytes {
                    send(keyboard, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
                }
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// What the program has printed so far (all of it, once it has exited).
    public var output: String {
        (FileManager.default.contents(atPath: outputPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    deinit { close(keyboard) }
}
