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
            let generation = queue.generation
            condition.broadcast()  // room for the speech thread
            condition.unlock()

            switch item {
            case .pcm(let samples):
                var start = 0
                // Not `isInterrupted`: the speech thread's `begin` for the next utterance clears that
                // flag within microseconds of an interrupt, and the rest of this old chunk (up to
                // ~40 ms) would then play, out of place, before the new utterance.
                while start < samples.count && isCurrent(generation) {
                    let end = min(start + sliceSamples, samples.count)
                    let error = samples[start..<end].withUnsafeBytes { device.write($0) }
                    if let error, !reportedFailure {
                        logger.error("Audio output failed; speech continues silently", metadata: ["error": "\(error)"])
                        reportedFailure = true
                    }
                    start = end
                }
                // A write blocked when the interrupt's flush came finishes into the emptied buffer,
                // and that slice (up to 10 ms of the old utterance) would play: flush it too.
                if start > 0 && !isCurrent(generation) { device.flush() }
            case .mark(let handler):
                handler(!isInterrupted)
            case .finish(let handler):
                // Drain blocks until the device has played everything; an interrupt's flush ends it.
                if !isInterrupted { device.drain() }
                handler(!isInterrupted)
            }
        }
    }

    /// Whether no interrupt came since an item was taken off the queue in `generation`.
    private func isCurrent(_ generation: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return queue.generation == generation
    }

    private var isInterrupted: Bool {
        condition.lock()
        defer { condition.unlock() }
        return queue.interrupted
    }
}
