import NarratorAudio
import NarratorCore
import NarratorWire
import Testing

/// The sound book and the mixer hold to one limit on a sound's length (`ProtocolLimits`): a sound
/// that loads always plays, and the mixer refuses only what no book could have made.
@Suite("A sound's longest length, from the sound book to the mixer")
struct SoundLengthLimitTests {
    @Test(
        "the longest sound a book may hold plays on the mixer; one sample more is refused",
        arguments: [8000, 22050, 44100, 48000])
    func longestSoundPlays(rate: Int) throws {
        let longest = ProtocolLimits.maximumSoundMilliseconds
        #expect(SoundBook.maximumMilliseconds == Double(longest) && Mixer.maximumEarconMilliseconds == longest)
        let json = #"{"version": 1, "sounds": {"s": {"tone": "sine", "hz": 440, "ms": \#(longest)}}}"#
        let book = try SoundBook(name: "sounds.json", bytes: Array(json.utf8))
        let samples = try book.render("s", arguments: [:], sampleRate: rate)
        #expect(samples.count == rate * longest / 1000)
        let mixer = Mixer.null(sampleRate: rate)
        defer { mixer.close() }
        try mixer.play(samples)
        #expect(throws: MixerError.tooLong(milliseconds: longest)) { try mixer.play(samples + [0]) }
    }
}
