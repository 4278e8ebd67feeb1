import Foundation
import Logging
import NarratorAudio
import NarratorSpeech
import NarratorTestSupport
import Testing

@Suite("WAV output")
struct WAVOutputTests {
    /// Stereo (`wav:`), centred speech in both channels as made; mono (`mono:wav:`), the same once.
    @Test("The WAV file is valid for sox and lasts as long as the memory render", arguments: [2, 1])
    func writesValidWAV(channels: Int) async throws {
        let engine = try TestEngine.engine()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-\(UUID()).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = AudioOutput.wav(path: path)
        let mixer = Mixer(
            opener: try (channels == 2 ? output : .mono(output)).opener(sampleRate: engine.sampleRate),
            sampleRate: engine.sampleRate,
            logger: Logger(label: "test"))
        let memory = MemorySink()
        let id = TestEngine.nextID()
        // One synthesis into both sinks: espeak-ng's length varies by a few percent with what it
        // spoke before, so a second render would not be a fair reference.
        let outcome = try await engine.speakAndWait(
            SpeechRequest(id: id, text: "Two lives remaining."), to: TeeSink(mixer.speech, memory))
        mixer.close()
        #expect(outcome == .finished(id))
        // Speech alone is written as the engine made it, at its full level (docs/AUDIO.md).
        let reference = memory.samples(of: id)

        #expect(try soxInfo(path, "-r") == "22050")
        #expect(try soxInfo(path, "-c") == String(channels))
        #expect(try soxInfo(path, "-b") == "16")
        #expect(try soxInfo(path, "-e") == "Signed Integer PCM")
        let samples = try #require(Int(soxInfo(path, "-s")))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let pcm = stride(from: 44, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
        #expect(samples == reference.count, "sox counts \(samples) frames, the memory render \(reference.count)")
        for channel in 0..<channels {
            let side = stride(from: channel, to: pcm.count, by: channels).map { pcm[$0] }
            let difference = firstDifference(side, reference)
            #expect(
                difference == reference.count,
                "channel \(channel) of the WAV data differs from the memory render at sample \(difference)")
        }
    }

    @Test("A WAV path that cannot be created is a clear error")
    func refusesUnwritablePath() {
        #expect {
            _ = try AudioOutput.wav(path: "/nonexistent-folder/x.wav").opener(sampleRate: 22050)
        } throws: { error in
            (error as? AudioDeviceError)?.description.contains("/nonexistent-folder/x.wav") == true
        }
    }

    private func firstDifference(_ a: [Int16], _ b: [Int16]) -> Int {
        zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? (a.count == b.count ? a.count : -1)
    }

    private func soxInfo(_ path: String, _ flag: String) throws -> String {
        let run = try ChildProcess.run("/usr/bin/sox", ["--i", flag, path], limit: .seconds(30))
        #expect(run.status == 0, "sox --i \(flag) failed: \(run.errors)")
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
