import Logging
import NarratorSystem

extension PCAudioSink {
    /// Samples per device write: ~10 ms, so an interrupt is noticed between slices.
    private var sliceSamples: Int { max(sampleRate / 100, 1) }

    /// The audio thread: take items in order, write PCM to the device, fire markers as they are reached.
    func runAudioLoop() {
        var reportedFailure = false
        while true {
            condition.lock()
            while queue.isEmpty && !queue.closed { condition.wait() }
            guard let item = queue.popFirst() else {
                condition.unlock()
                return
            }
            condition.broadcast()  // room for the speech thread
            condition.unlock()

            switch item {
            case .pcm(let samples):
                var start = 0
                while start < samples.count && !isInterrupted {
                    let end = min(start + sliceSamples, samples.count)
                    let error = samples[start..<end].withUnsafeBytes { device.write($0) }
                    if let error, !reportedFailure {
                        logger.error("Audio output failed; speech continues silently", metadata: ["error": "\(error)"])
                        reportedFailure = true
                    }
                    start = end
                }
            case .mark(let handler):
                handler(!isInterrupted)
            case .finish(let handler):
                // Drain blocks until the device has played everything; an interrupt's flush ends it.
                if !isInterrupted { device.drain() }
                handler(!isInterrupted)
            }
        }
    }

    private var isInterrupted: Bool {
        condition.lock()
        defer { condition.unlock() }
        return queue.interrupted
    }
}
