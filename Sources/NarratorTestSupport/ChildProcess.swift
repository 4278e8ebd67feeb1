import FoundationEssentials
import NarratorSystem

#if canImport(Glibc)
    public import Glibc
#endif

/// A program started (through `ChildSpawner`) for tests and benchmarks: helper daemons (pulseaudio, parec,
/// narrator serve) and one-shot tools (tmux, sox, the narrator command line).
///
/// Foundation's `Process` is not used: on Linux it reaps children from a SIGCHLD handler that can
/// miss an exit while other children of the process come and go, and `waitUntilExit` then blocks
/// for ever on a zombie (a whole CI run was lost to that). Here one thread per child waits for that
/// PID alone, and every wait takes a limit, so a stuck program fails its test instead of hanging
/// the suite. Children get the spawner's clean signal mask, so SIGTERM works even when the spawning
/// thread had it blocked, and no descriptor of the test process leaks into them.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    /// Read end of the child's standard output or error, whichever was captured; -1 if neither.
    public let output: Int32
    private let exit = ExitStatus()

    /// Starts `executable`, capturing its standard output (or standard error when `captureErrors`)
    /// through a pipe; the other stream and standard input are /dev/null.
    public convenience init(
        executable: String, arguments: [String], environment: [String: String], captureErrors: Bool
    ) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard closeOnExecPipe(&pipeEnds) == 0 else { throw Failure(description: "pipe2() failed") }
        defer { close(pipeEnds[1]) }
        do {
            try self.init(
                executable: executable, arguments: arguments, environment: environment, output: pipeEnds[0],
                files: [
                    .open("/dev/null", as: 0, flags: O_RDONLY),
                    .duplicate(pipeEnds[1], to: captureErrors ? 2 : 1),
                    .open("/dev/null", as: captureErrors ? 1 : 2, flags: O_WRONLY),
                ])
        } catch {
            close(pipeEnds[0])
            throw error
        }
    }

    /// Starts `executable` with a pipe on its standard input, whose write end is returned (the caller
    /// writes to it and closes it), capturing its standard output; standard error is /dev/null.
    public static func withInput(executable: String, arguments: [String], environment: [String: String]) throws
        -> (child: ChildProcess, input: Int32)
    {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard closeOnExecPipe(&input) == 0 else { throw Failure(description: "pipe2() failed") }
        guard closeOnExecPipe(&output) == 0 else {
            close(input[0])
            close(input[1])
            throw Failure(description: "pipe2() failed")
        }
        defer {
            close(input[0])
            close(output[1])
        }
        do {
            let child = try ChildProcess(
                executable: executable, arguments: arguments, environment: environment, output: output[0],
                files: [
                    .duplicate(input[0], to: 0), .duplicate(output[1], to: 1),
                    .open("/dev/null", as: 2, flags: O_WRONLY),
                ])
            return (child, input[1])
        } catch {
            close(output[0])
            close(input[1])
            throw error
        }
    }

    init(
        executable: String, arguments: [String], environment: [String: String], output: Int32,
        files: [ChildSpawner.FileAction]
    ) throws {
        let child: pid_t
        do {
            child = try ChildSpawner.spawn(
                executable, arguments: arguments, environment: environment.map { "\($0.key)=\($0.value)" }, files: files
            )
        } catch {
            throw Failure(description: error.description)
        }
        pid = child
        self.output = output
        // The only waitpid for this PID: it records the exit status and wakes whoever waits for it.
        OSThread.start(name: "reap-\(child)") { [exit, child] in
            var raw: Int32 = 0
            let reaped = retryingEINTR { waitpid(child, &raw, 0) }
            // -1: the child could not be waited for (someone else reaped it).
            let signal = raw & 0x7f
            exit.record(reaped < 0 ? -1 : signal == 0 ? (raw >> 8) & 0xff : 128 + signal)
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads what is available (blocking until something is); empty at end of file.
    public func read(maximum: Int = 65_536) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximum)
        let count = retryingEINTR { buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, maximum) } }
        return count <= 0 ? [] : Array(buffer[0..<count])
    }

    /// Reads the child's output until it contains `marker` (its readiness line, say). Returns what
    /// was read, and whether the marker came before the child closed its output or `limit` passed.
    public func read(until marker: String, within limit: Duration = .seconds(60)) -> (found: Bool, log: String) {
        let deadline = ContinuousClock.now + limit
        var log = ""
        while !log.contains(marker) {
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let left = deadline - .now
            guard left > .zero else { return (false, log + "\n[nothing more within \(limit)]") }
            let ready = poll(&descriptor, 1, Int32(clamping: left.milliseconds + 1))
            if ready < 0 && errno == EINTR { continue }  // not retryingEINTR: the time left is worked out again
            guard ready > 0 else { continue }
            let bytes = read()
            if bytes.isEmpty { return (false, log) }
            log += String(decoding: bytes, as: UTF8.self)
        }
        return (true, log)
    }

    /// Sends a signal without waiting (not to a child already reaped: its PID may be reused).
    public func signal(_ signal: Int32) {
        if waitForExit(within: .zero) == nil { kill(pid, signal) }
    }

    /// Waits up to `limit` for the child to exit; returns its exit status (128 + signal when
    /// killed), or nil if it is still running.
    public func waitForExit(within limit: Duration = .seconds(30)) -> Int32? { exit.wait(within: limit) }

    /// Sends `signal` and waits for the child to end. One that is still running after `grace` is
    /// killed (its status is then 137, which a test that expects a clean exit reports).
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, grace: Duration = .seconds(10)) -> Int32 {
        self.signal(signal)
        if let status = waitForExit(within: grace) { return status }
        self.signal(SIGKILL)
        return waitForExit(within: .seconds(3600)) ?? 128 + SIGKILL
    }

    deinit { if output >= 0 { close(output) } }
}

extension ChildProcess {
    /// What a program that ran to its end printed, and how it ended.
    public struct Finished: Sendable {
        /// The exit status, 128 + signal when it was killed (also when it ran out of time).
        public let status: Int32
        public let output: String
        public let errors: String
        /// True when it was still running after its limit and was killed.
        public let timedOut: Bool
    }

    /// Runs a program to its end: `input` on its standard input, its standard output and error
    /// collected in files (so neither can fill up and block it), in `directory` when given. A
    /// program still running after `limit` is killed, and `timedOut` says so.
    public static func run(
        _ executable: String, _ arguments: [String], input: String = "", environment: [String: String]? = nil,
        directory: String? = nil, limit: Duration = .seconds(120)
    ) throws -> Finished {
        let files = try (0..<3).map { _ in try ScratchFile() }
        files[0].write(input)
        var program = executable
        var programArguments = arguments
        if let directory {
            // posix_spawn_file_actions_addchdir_np is not in Swift's Glibc module; env -C does it.
            program = "/usr/bin/env"
            programArguments = ["-C", directory, executable] + arguments
        }
        let child = try ChildProcess(
            executable: program, arguments: programArguments,
            environment: environment ?? ProcessInfo.processInfo.environment, output: -1,
            files: files.enumerated().map { .duplicate($0.element.descriptor, to: Int32($0.offset)) })
        var timedOut = false
        let status: Int32
        if let finished = child.waitForExit(within: limit) {
            status = finished
        } else {
            timedOut = true
            status = child.stop(signal: SIGKILL)
        }
        return Finished(status: status, output: files[1].contents(), errors: files[2].contents(), timedOut: timedOut)
    }
}

/// A child's exit status, set once by its reaper thread.
private final class ExitStatus: @unchecked Sendable {
    private let condition = ConditionLock()
    private var status: Int32?

    func record(_ value: Int32) {
        condition.withLock {
            status = value
            condition.broadcast()
        }
    }

    func wait(within limit: Duration) -> Int32? {
        let deadline = ContinuousClock.now + limit
        return condition.withLock {
            while status == nil {
                let left = deadline - .now
                if left <= .zero || !condition.wait(timeout: left) { break }
            }
            return status
        }
    }
}

/// An unlinked temporary file, open for reading and writing, closed when released.
private final class ScratchFile {
    let descriptor: Int32

    init() throws {
        var template = Array("/tmp/narrator-child-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw ChildProcess.Failure(description: "mkstemp() failed") }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    func write(_ text: String) {
        FileDescriptor.writeAll(descriptor, text)
        lseek(descriptor, 0, SEEK_SET)
    }

    func contents() -> String {
        lseek(descriptor, 0, SEEK_SET)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = retryingEINTR {
                buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    deinit { close(descriptor) }
}

/// pipe2(O_CLOEXEC): both ends closed on exec from the start, so a child spawned by another
/// thread at the same moment cannot inherit them (a leaked write end would keep this child's
/// output open after it exits). Glibc's module map hides pipe2 (it needs _GNU_SOURCE), so it is
/// looked up at run time.
private func closeOnExecPipe(_ ends: inout [Int32]) -> Int32 {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else { return -1 }
    return ends.withUnsafeMutableBufferPointer { unsafeBitCast(symbol, to: Pipe2.self)($0.baseAddress!, O_CLOEXEC) }
}

extension Duration {
    fileprivate var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
