import CEspeakNG
import NarratorAudio
import Synchronization

/// espeak-ng's synth callback, run on the speech thread inside `espeak_Synth`.
///
/// Returning 1 makes espeak-ng stop this utterance at once: that is how a stop takes effect
/// within one chunk, without `espeak_Cancel` (slow, and it can stall the next synthesis).
let synthCallback: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32 =
    {
        samples, count, events in
        guard let events, let user = events.pointee.user_data else { return 0 }
        let context = Unmanaged<SynthesisContext>.fromOpaque(user).takeUnretainedValue()
        if context.shouldAbort { return 1 }
        queueBoundaries(events, context)
        guard let samples, count > 0 else { return 0 }
        var start = 0
        let total = Int(count)
        if context.isTrimming {
            // The first chunks of a phrase hold 0-50 ms of synthesized silence: skip it so the first
            // audible sample leaves at once.
            guard let onset = (0..<total).first(where: { abs(Int(samples[$0])) > SynthesisContext.silenceThreshold })
            else { return 0 }
            start = max(0, onset - SynthesisContext.preRollSamples)
            context.isTrimming = false
        }
        // espeak-ng's buffer is ours until this callback returns: the volume is applied in place.
        let chunk = UnsafeMutableBufferPointer(start: samples + start, count: total - start)
        context.applyVolume(chunk)
        let written = context.job.sink.write(UnsafeBufferPointer(chunk))
        return written && !context.shouldAbort ? 0 : 1
    }

/// Turns sentence and word events into sink marks, so they are reported when they are heard.
private func queueBoundaries(_ events: UnsafeMutablePointer<espeak_EVENT>, _ context: SynthesisContext) {
    var event = events
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        let kind: SpeechEvent.BoundaryKind?
        switch event.pointee.type {
        case espeakEVENT_SENTENCE: kind = .sentence
        case espeakEVENT_WORD: kind = .word
        default: kind = nil
        }
        // An SSML text's positions count its markup: it is only ever spoken from its start.
        if let kind, !context.job.utterance.ssml {
            // text_position counts characters from 1; ours are 0-based offsets into the whole text.
            let position = context.offset + max(0, Int(event.pointee.text_position) - 1)
            let id = context.job.utterance.id
            let observer = context.job.observer
            context.job.sink.mark { [context] reached in
                guard reached else { return }
                if kind == .sentence { context.lastSentence.withLock { $0 = position } }
                observer(.boundary(id: id, kind: kind, position: position))
            }
        }
        event += 1
    }
}
