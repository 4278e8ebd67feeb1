import FoundationEssentials
import NarratorSystem

/// Records a sink's monitor, keeping every sample and when it arrived: a PulseAudio monitor
/// source through `parec`, or any program that writes the monitor as raw signed 16-bit
/// little-endian mono (or interleaved stereo) on its standard output (`pw-record` for PipeWire).
public final class MonitorRecorder: @unchecked Sendable {
    public let sampleRate: Int
    /// Samples per frame, interleaved: 1, or 2 (left, right). Indices count samples, not frames.
    public let channels: Int
    private let process: ChildProcess
    private let condition = ConditionLock()
    private var samples: [Int16] = []
    /// (index of the first sample of a block, arrival time of the block)
    private var arrivals: [(Int, ContinuousClock.Instant)] = []
    private var pendingByte: UInt8?
    private var ended = false

    /// Records `source` of the PulseAudio server `server` (or PipeWire's pulse server) with `parec`,
    /// asking the server for `latencyMilliseconds`: another program on the sink, as a desktop's
    /// recorders and voice chats are, that changes how the server schedules the sink.
    public static func parec(
        server: String, source: String, sampleRate: Int, latencyMilliseconds: Int
    ) throws -> MonitorRecorder {
        try MonitorRecorder(
            server: server, source: source, sampleRate: sampleRate, latencyMilliseconds: latencyMilliseconds)
    }

    /// Records `source` of the PulseAudio server `server` with `parec`, in `channels` (a stereo
    /// monitor recorded in one is the server's downmix).
    convenience init(
        server: String, source: String, sampleRate: Int, latencyMilliseconds: Int = 5, channels: Int = 1
    ) throws {
        guard let executable = PrivatePulseAudio.findExecutable("parec") else {
            throw PrivatePulseAudio.Failure(
                description: "parec is not installed: sudo apt-get install pulseaudio-utils")
        }
        try self.init(
            executable: executable.path,
            arguments: [
                "--server=\(server)", "-d", source, "--raw", "--format=s16le", "--rate=\(sampleRate)",
                "--channels=\(channels)", "--latency-msec=\(latencyMilliseconds)",
            ],
            environment: ProcessInfo.processInfo.environment, sampleRate: sampleRate, channels: channels)
    }

    /// Records what `executable` writes on its standard output: raw s16le at `sampleRate`, in
    /// `channels`.
    init(
        executable: String, arguments: [String], environment: [String: String], sampleRate: Int, channels: Int = 1
    ) throws {
        self.sampleRate = sampleRate
        self.channels = channels
        let process = try ChildProcess(
            executable: executable, arguments: arguments, environment: environment, captureErrors: false)
        self.process = process
        let name = executable.split(separator: "/").last.map(String.init) ?? "recorder"
        OSThread.start(name: "\(name)-reader") { [weak self] in
            while true {
                let data = process.read()
                guard let self else { return }
                self.append(data, at: .now)
                if data.isEmpty { return }
            }
        }
    }

    private func append(_ data: [UInt8], at time: ContinuousClock.Instant) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        guard !data.isEmpty else {
            ended = true
            return
        }
        var bytes = data
        if let pending = pendingByte {
            bytes.insert(pending, at: 0)
            pendingByte = nil
        }
        if bytes.count % 2 == 1 { pendingByte = bytes.removeLast() }
        arrivals.append((samples.count, time))
        for index in stride(from: 0, to: bytes.count, by: 2) {
            samples.append(Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8))
        }
    }

    /// Samples recorded so far.
    public var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return samples.count
    }

    /// True once the recording program has closed its output (it exited, or lost its server).
    public var hasEnded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended
    }

    /// Blocks until at least `total` samples have arrived, or `limit` passed (then returns false).
    /// An idle null sink can stall a new playback stream for ~2 s until a recorder has been
    /// running a while; waiting for real recorded data is how a test knows it is warm.
    @discardableResult
    public func waitForSamples(_ total: Int, limit: Duration = .seconds(10)) -> Bool {
        wait(limit: limit) { self.samples.count >= total }
    }

    /// Blocks until a sample at or after `index` exceeds `threshold`; returns its index.
    public func waitForSound(after index: Int, threshold: Int16 = 500, limit: Duration = .seconds(10)) -> Int? {
        var found: Int?
        var searched = index
        _ = wait(limit: limit) {
            while searched < self.samples.count {
                if abs(Int(self.samples[searched])) > Int(threshold) {
                    found = searched
                    return true
                }
                searched += 1
            }
            return false
        }
        return found
    }

    /// Blocks until `length` consecutive samples after `index` are all at or below `threshold`;
    /// returns the index where that silence began.
    public func waitForSilence(
        after index: Int, length: Int, threshold: Int16 = 500, limit: Duration = .seconds(10)
    ) -> Int? {
        var found: Int?
        var quietStart = index
        var cursor = index
        _ = wait(limit: limit) {
            while cursor < self.samples.count {
                if abs(Int(self.samples[cursor])) > Int(threshold) { quietStart = cursor + 1 }
                cursor += 1
                if cursor - quietStart >= length {
                    found = quietStart
                    return true
                }
            }
            return false
        }
        return found
    }

    /// When the recording program delivered the sample at `index` (the arrival of the block that held it).
    ///
    /// A null sink renders audio a block ahead and its monitor hands the block over at once, so
    /// delivery time, not a time reconstructed from sample positions, is what can be measured.
    public func arrival(ofSample index: Int) -> ContinuousClock.Instant? {
        condition.lock()
        defer { condition.unlock() }
        guard let block = arrivals.lastIndex(where: { $0.0 <= index }) else { return nil }
        return arrivals[block].1
    }

    /// The recorded samples in `range`, as many of them as have arrived (none rather than a trap
    /// when the range starts past the end, as it does after a wait that timed out).
    public func samples(in range: Range<Int>) -> [Int16] {
        condition.lock()
        defer { condition.unlock() }
        let end = min(range.upperBound, samples.count)
        return Array(samples[min(max(0, range.lowerBound), end)..<end])
    }

    public func stop() {
        process.stop()
    }

    private func wait(limit: Duration, until ready: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        condition.lock()
        defer { condition.unlock() }
        while !ready() {
            let left = deadline - .now
            if ended || left <= .zero || !condition.wait(timeout: left) { return ready() }
        }
        return true
    }
}
