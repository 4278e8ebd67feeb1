import NarratorAudio

/// A sound server in memory for the writer machine's fault sequences: it plays what it is given in
/// real (simulated) time, keeps every sample it played, and can be told to misbehave: fail calls,
/// stall, die and come back, hold back what it has until it has more, or report a sink latency that
/// is zero, huge, growing, shrinking or jumping backwards. Its queue and what it played are the
/// truth; only the sink latency it adds to its reports may be odd, never less than nothing.
struct FakeServer {
    enum Latency: CaseIterable { case zero, small, huge, growing, shrinking, backwards }

    let rate: Int
    var now = Duration.zero
    /// Samples given and not yet played, oldest first.
    var queue: [Int16] = []
    /// Every sample played, in order, over every stream.
    var played: [Int16] = []
    /// Whether the stream is playing (false after it ran dry, until it holds `startAt` again).
    var playing = false
    /// What the stream needs queued before it plays again after running dry.
    var startAt = 1
    /// Calls that will fail, and calls that will stall, from now on.
    var failing = 0
    var stalling = 0
    /// The server died: every call fails until the stream is opened again.
    var dead = false
    var open = false
    var latency = Latency.small
    private var latencyStep = 0
    /// Where playing had got to, in simulated time, with the fraction of a sample carried over.
    private var carry = Duration.zero

    init(rate: Int) { self.rate = rate }

    /// Lets time pass to `time`, playing what is queued.
    mutating func advance(to time: Duration) {
        guard time > now else { return }
        carry += time - now
        now = time
        let perSample = Duration.nanoseconds(1_000_000_000 / rate)
        while carry >= perSample {
            carry -= perSample
            guard open, !dead else { continue }
            if !playing && queue.count >= startAt { playing = true }
            guard playing else { continue }
            if queue.isEmpty {
                playing = false
                continue
            }
            played.append(queue.removeFirst())
        }
    }

    /// The outcome of one call: nil when it goes through, else an error.
    private mutating func call() -> AudioDeviceError? {
        if dead || !open { return AudioDeviceError(output: "fake", message: "Connection terminated.") }
        if stalling > 0 {
            stalling -= 1
            advance(to: now + .seconds(1))
            return AudioDeviceError(output: "fake", message: "no answer.", isStall: true)
        }
        if failing > 0 {
            failing -= 1
            return AudioDeviceError(output: "fake", message: "refused.")
        }
        advance(to: now + .microseconds(200))
        return nil
    }

    mutating func openStream() -> AudioDeviceError? {
        if dead {
            dead = false  // the server came back: this open finds it
            return AudioDeviceError(output: "fake", message: "Connection refused.")
        }
        if failing > 0 {
            failing -= 1
            return AudioDeviceError(output: "fake", message: "refused.")
        }
        open = true
        queue = []
        playing = false
        return nil
    }

    mutating func close() { open = false }

    mutating func backlog() -> Result<AudioBacklog, AudioDeviceError> {
        if let error = call() { return .failure(error) }
        latencyStep += 1
        let sink: Int
        switch latency {
        case .zero: sink = 0
        case .small: sink = rate / 50
        case .huge: sink = rate * 30
        case .growing: sink = min(rate * 30, latencyStep * 50)
        case .shrinking: sink = max(0, rate - latencyStep * 50)
        case .backwards: sink = (latencyStep * 7919) % (rate / 5)
        }
        return .success(AudioBacklog(unheard: queue.count + sink, queued: queue.count))
    }

    mutating func write(_ samples: [Int16]) -> AudioDeviceError? {
        if let error = call() { return error }
        queue.append(contentsOf: samples)
        return nil
    }

    /// Drops what is queued; returns how much.
    mutating func discard() -> Result<Int, AudioDeviceError> {
        if let error = call() { return .failure(error) }
        defer { queue = [] }
        return .success(queue.count)
    }
}
