import Foundation
import NarratorTestSupport
import Testing

/// `narrator play` as a sound designer runs it: a sound of the shipped profile into a WAV file,
/// the list of sounds, and the errors they would make.
@Suite("narrator play")
struct PlayCLITests {
    @Test("play NAME FIELD=VALUE --output wav:PATH writes the sound, as long as GAME.md says, and exits 0")
    func writesTheSound() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/chirp.wav"
            let run = try NarratorBinary.run(["play", "speed_up", "--output", "wav:\(path)"])
            #expect(run.status == 0, "\(run.transcript)")
            let wav = try WAVFile(path: path)
            #expect(wav.channels == 2)
            // Centred: the same in both ears.
            #expect(wav.channelSamples[0] == wav.channelSamples[1])
            let samples = wav.samples
            // The chirp is 284 ms (GAME.md), from its first audible sample to its last.
            let audible = try #require(samples.lastIndex { abs($0) > 40 }) - (samples.firstIndex { abs($0) > 40 } ?? 0)
            #expect(abs(Double(audible) / 22050 * 1000 - 284) < 2, "\(audible) samples")
        }
    }

    @Test("play without a name lists the sounds and the arguments each reads")
    func lists() throws {
        let run = try NarratorBinary.run(["play"])
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.output.contains("lane_pulses (left, middle, right; placed by stereo)"))
        #expect(run.output.contains("lane_left (placed by stereo)\n"))
        #expect(run.output.contains("speed_up\n"))
    }

    /// A designer hears a sound placed: `pan=-1` puts what the book leaves unplaced on the left, and
    /// the shipped lane notes take their side from `stereo`.
    @Test(
        "play NAME pan=P places the sound; the lane notes take their side from stereo=true",
        arguments: [
            (["speed_up", "pan=-1"], 0), (["speed_up", "pan=1"], 1), (["lane_left", "stereo=true"], 0),
            (["lane_right", "stereo=true"], 1), (["lane_left", "stereo=true", "pan=1"], 0),
        ])
    func places(_ arguments: [String], _ side: Int) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/placed.wav"
            let run = try NarratorBinary.run(["play"] + arguments + ["--output", "wav:\(path)"])
            #expect(run.status == 0, "\(run.transcript)")
            let wav = try WAVFile(path: path)
            let near = Loudness.rms([wav.channelSamples[side]])
            let far = Loudness.rms([wav.channelSamples[1 - side]])
            #expect(near > 1000 && far == 0, "near \(near), far \(far)")
        }
    }

    @Test("pan out of -1...1 is refused before anything plays")
    func refusesAFarPlace() throws {
        let run = try NarratorBinary.run(["play", "speed_up", "pan=2", "--output", "null"])
        #expect(run.status != 0)
        #expect(run.errors.contains("\"pan\" must be a number from -1 (left) to 1 (right)"), "\(run.transcript)")
    }

    @Test(
        "An unknown sound or a wrong argument is one line and exit 1",
        arguments: [
            (["play", "nope"], "no sound \"nope\""),
            (["play", "lane_chord", "left=1", "middle=true", "right=true"], "must be true or false"),
            (["play", "lane_chord"], "needs the field \"left\""),
            (
                ["play", "lane_left", "stereo=3"],
                "places the sound \"lane_left\" and must be a whole number from 0 to 1"
            ),
        ])
    func refuses(_ arguments: [String], _ message: String) throws {
        let run = try NarratorBinary.run(arguments + ["--output", "null"])
        #expect(run.status == 1, "\(run.transcript)")
        #expect(run.errorLines.count == 1 && run.errorLines[0].contains(message), "\(run.transcript)")
    }
}
