import CEspeakNG
import NarratorAudio

/// espeak-ng's synth callback in the process that speaks, run on the speech thread inside
/// `espeak_Synth`.
///
/// Returning 1 makes espeak-ng stop this utterance at once: that is how a stop takes effect
/// within one chunk, without `espeak_Cancel` (slow, and it can stall the next synthesis).
let synthCallback: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32 =
    {
        samples, count, events in
        guard let events, let user = events.pointee.user_data else { return 0 }
        let context = Unmanaged<SynthesisContext>.fromOpaque(user).takeUnretainedValue()
        // espeak-ng's buffer is ours until this callback returns: the volume is applied in place.
        let chunk = UnsafeMutableBufferPointer(start: samples, count: samples == nil ? 0 : max(0, Int(count)))
        return context.deliver(chunk, boundaries: boundaries(in: events)) ? 0 : 1
    }

/// The sentence and word starts in an espeak-ng event list, with espeak-ng's 1-based positions.
func boundaries(in events: UnsafeMutablePointer<espeak_EVENT>) -> [(kind: SpeechEvent.BoundaryKind, textPosition: Int)]
{
    var found: [(kind: SpeechEvent.BoundaryKind, textPosition: Int)] = []
    var event = events
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        switch event.pointee.type {
        case espeakEVENT_SENTENCE: found.append((.sentence, Int(event.pointee.text_position)))
        case espeakEVENT_WORD: found.append((.word, Int(event.pointee.text_position)))
        default: break
        }
        event += 1
    }
    return found
}
