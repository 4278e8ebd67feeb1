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
        return context.deliver(chunk, sentenceStarts: sentenceStarts(in: events)) ? 0 : 1
    }

/// Where sentences start in an espeak-ng event list, as espeak-ng's 1-based text positions. Its
/// word events are left out: nothing listens for words, and each would cost a sink mark.
func sentenceStarts(in events: UnsafeMutablePointer<espeak_EVENT>) -> [Int] {
    var found: [Int] = []
    var event = events
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        if event.pointee.type == espeakEVENT_SENTENCE { found.append(Int(event.pointee.text_position)) }
        event += 1
    }
    return found
}
