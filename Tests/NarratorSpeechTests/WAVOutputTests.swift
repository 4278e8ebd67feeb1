import Foundation
import NarratorSpeech
import Testing

@Suite("WAV output")
struct WAVOutputTests {
    @Test("The WAV file is valid for sox and lasts as long as the memory render")
    func writesValidWAV() async throws {
        let engine = try TestEngine.engine()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("narrator-\(UUID()).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try WAVFileSink(path: path, sampleRate: engine.sampleRate)
        let text = "Two lives remaining."
        let outcome = try await engine.speakAndWait(Utterance(id: TestEngine.nextID(), text: text), to: sink)
        sink.close()
        #expect(outcome == .finished)
        let reference = try await TestEngine.render(text).samples.count

        #expect(try soxInfo(path, "-r") == "22050")
        #expect(try soxInfo(path, "-c") == "1")
        #expect(try soxInfo(path, "-b") == "16")
        #expect(try soxInfo(path, "-e") == "Signed Integer PCM")
        let samples = try #require(Int(soxInfo(path, "-s")))
        #expect(abs(samples - reference) < reference / 100, "wav \(samples), memory \(reference)")
    }

    @Test("A WAV path that cannot be created is a clear error")
    func refusesUnwritablePath() {
        #expect {
            _ = try WAVFileSink(path: "/nonexistent-folder/x.wav", sampleRate: 22050)
        } throws: { error in
            (error as? AudioSinkError)?.description.contains("/nonexistent-folder/x.wav") == true
        }
    }

    private func soxInfo(_ path: String, _ flag: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        process.arguments = ["--i", flag, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sox --i \(flag) failed")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
