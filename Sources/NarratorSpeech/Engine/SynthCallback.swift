import CEspeakNG
import NarratorVoice

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
        let found = SynthesisMarks(in: events)
        return context.deliver(chunk, sentenceStarts: found.sentences, marks: found.names) ? 0 : 1
    }

/// What an espeak-ng event list marks: where sentences start, as espeak-ng's 1-based text
/// positions, and the names of the SSML `<mark>`s reached. Its word events are left out: nothing
/// listens for words, and each would cost a sink mark.
struct SynthesisMarks {
    var sentences: [Int] = []
    var names: [String] = []

    init(in events: UnsafeMutablePointer<espeak_EVENT>) {
        var event = events
        while event.pointee.type != espeakEVENT_LIST_TERMINATED {
            if event.pointee.type == espeakEVENT_SENTENCE { sentences.append(Int(event.pointee.text_position)) }
            if event.pointee.type == espeakEVENT_MARK, let name = event.pointee.id.name {
                names.append(String(cString: name))
            }
            event += 1
        }
    }

    var isEmpty: Bool { sentences.isEmpty && names.isEmpty }
}
