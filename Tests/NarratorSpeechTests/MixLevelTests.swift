import Dispatch
import NarratorAudio
import NarratorCore
import NarratorSpeech
import NarratorTestSupport
import Synchronization
import Testing

/// The mixing rule's levels through a real PulseAudio (docs/AUDIO.md, "The mixing rule"): speech alone
/// at its full level, and speech plus a loud chord turned down, never clipped. Recorded from the null
/// sink's monitor without rewinds, so the recording holds every sample played.
@Suite("The mix's levels through PulseAudio", .serialized)
struct MixLevelTests {
    @Test("Speech alone is heard at its full level: the recording is the engine's samples, unchanged")
    func speechAloneAtFullLevel() async throws {
        try await withMixerOnPulse(rewinds: false) { engine, mixer, recorder in
            let memory = MemorySink()
            let id = TestEngine.nextID()
            let before = recorder.count
            let outcome = try await engine.speakAndWait(
                SpeechRequest(id: id, text: "Score one hundred and twenty."), to: TeeSink(mixer.speech, memory))
            #expect(outcome == .finished(id))
            let speech = memory.samples(of: id)
            let onset = try #require(recorder.waitForSound(after: before), "no speech was heard")
            #expect(recorder.waitForSamples(onset + speech.count + 2205))
            let recorded = recorder.samples(in: (onset - 1000)..<(onset + speech.count + 2205))
            let lag = try #require(bestLag(speech, in: recorded), "the speech is not in the recording")
            let deviation = zip(speech, recorded[lag...]).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(deviation == 0, "the recording differs from the engine's speech by up to \(deviation)")
            #expect(Loudness.peak([recorded]) == Loudness.peak([speech]))
            #expect(Loudness.peak([speech]) > 16384, "speech this loud would have been halved before")
        }
    }

    @Test("Speech at its full level plus a chord at 200 % is turned down, never clipped, and the chord is heard")
    func chordUnderFullSpeechNeverClips() async throws {
        try await withMixerOnPulse(rewinds: false) { engine, mixer, recorder in
            let memory = MemorySink()
            let id = TestEngine.nextID()
            let before = recorder.count
            let chord = try EarconPlaybackTests.book().render(
                "lane_chord", arguments: EarconPlaybackTests.arguments(true, true, true),
                sampleRate: PrivatePulseAudio.sampleRate)
            let ended = DispatchSemaphore(value: 0)
            // Volume 100: the chord alone is what must be limited here.
            let request = SpeechRequest(id: id, text: "Two lives remaining, speed increasing.")
            try engine.speak(request, to: TeeSink(mixer.speech, memory)) { event in
                switch event {
                case .finished, .stopped, .failed: ended.signal()
                case .started, .sentence, .mark: break
                }
            }
            let onset = try #require(recorder.waitForSound(after: before), "no speech was heard")
            #expect(recorder.waitForSamples(onset + 11025))
            let playedAt = recorder.count
            try mixer.play(mixer.centred(chord), gain: 2)
            #expect(ended.wait(timeout: .now() + 20) == .success)
            let speech = memory.samples(of: id)
            #expect(recorder.waitForSamples(onset + speech.count + 2205))
            let recorded = recorder.samples(in: onset..<(onset + speech.count + 2205))
            #expect(
                Loudness.peak([speech]) + 2 * Loudness.peak([chord]) > Int(Int16.max), "nothing here could clip")
            // Clipping holds full scale over neighbouring samples; the limiter lets at most a peak touch it.
            #expect(Self.flatPairs(speech) == 0, "the engine's speech is clipped already")
            let flat = Self.flatPairs(recorded)
            #expect(flat == 0, "\(flat) pairs of full-scale samples: the mix was clipped")
            #expect(Loudness.peak([recorded]) > 30000, "turned down too far")
            // The chord is there, each note strong, in the 70 ms after it began.
            let window = recorder.samples(in: (playedAt - 2205)..<(playedAt + 11025))
            for note in [EarconPlaybackTests.c5, EarconPlaybackTests.e5, EarconPlaybackTests.g5] {
                let strongest =
                    stride(from: 0, to: window.count - 1102, by: 110).map { start in
                        Goertzel.amplitude(
                            of: note, in: window[start..<(start + 1102)], sampleRate: EarconPlaybackTests.rate)
                    }.max() ?? 0
                #expect(strongest > 5000, "\(note) Hz at \(strongest)")
            }
        }
    }

    /// A volume above 100 is a gain the mixer applies before its limiter (docs/SPEECH.md): the engine's
    /// samples stay as made, where twice espeak-ng's peaks would have been clipped to 16 bits.
    @Test("Speech at volume 200 is louder than at 100, and limited in the mix, never clipped")
    func loudSpeechIsLimited() async throws {
        try await withMixerOnPulse(rewinds: false) { engine, mixer, recorder in
            var heard: [Int: [Int16]] = [:]
            for volume in [100, 200] {
                let memory = MemorySink()
                let id = TestEngine.nextID()
                let quiet = recorder.sampleRate / 10
                let silence = try #require(recorder.waitForSilence(after: recorder.count, length: quiet, threshold: 40))
                let outcome = try await engine.speakAndWait(
                    SpeechRequest(
                        id: id, text: "Two lives remaining, speed increasing.", voice: VoiceRequest(volume: volume)),
                    to: TeeSink(mixer.speech, memory))
                #expect(outcome == .finished(id))
                let made = memory.samples(of: id)
                #expect(memory.recordings.last?.gain == Double(volume) / 100, "the gain the mixer takes")
                #expect(Self.flatPairs(made) == 0, "the engine's samples at \(volume) are clipped")
                let onset = try #require(recorder.waitForSound(after: silence + quiet), "nothing was heard")
                #expect(recorder.waitForSamples(onset + made.count + 2205))
                heard[volume] = recorder.samples(in: onset..<(onset + made.count + 2205))
            }
            let normal = try #require(heard[100])
            let loud = try #require(heard[200])
            #expect(Loudness.peak([normal]) > 16384, "at 100 the speech is loud enough that 200 would clip")
            let flat = Self.flatPairs(loud)
            #expect(flat == 0, "\(flat) pairs of full-scale samples at volume 200: the speech was clipped")
            let gain =
                Loudness.decibels(Loudness.soundingRMS([loud], sampleRate: recorder.sampleRate))
                - Loudness.decibels(Loudness.soundingRMS([normal], sampleRate: recorder.sampleRate))
            #expect(gain > 3 && gain <= 6.1, "volume 200 is \(gain) dB above 100")
        }
    }

    /// Neighbouring samples that are both the same full-scale value: the mark of a clipped waveform.
    static func flatPairs(_ samples: [Int16]) -> Int {
        zip(samples, samples.dropFirst()).count { abs(Int($0)) >= Int(Int16.max) && $0 == $1 }
    }
}
