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
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let samples = stride(from: 44, to: bytes.count - 1, by: 2).map {
                Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
            }
            // The chirp is 284 ms (GAME.md), from its first audible sample to its last.
            let audible = try #require(samples.lastIndex { abs($0) > 40 }) - (samples.firstIndex { abs($0) > 40 } ?? 0)
            #expect(abs(Double(audible) / 22050 * 1000 - 284) < 2, "\(audible) samples")
        }
    }

    @Test("play without a name lists the sounds and the arguments each reads")
    func lists() throws {
        let run = try NarratorBinary.run(["play"])
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.output.contains("lane_pulses (left, middle, right)"))
        #expect(run.output.contains("speed_up\n"))
    }

    @Test(
        "An unknown sound or a wrong argument is one line and exit 1",
        arguments: [
            (["play", "nope"], "no sound \"nope\""),
            (["play", "lane_chord", "left=1", "middle=true", "right=true"], "must be true or false"),
            (["play", "lane_chord"], "needs the field \"left\""),
        ])
    func refuses(_ arguments: [String], _ message: String) throws {
        let run = try NarratorBinary.run(arguments + ["--output", "null"])
        #expect(run.status == 1, "\(run.transcript)")
        #expect(run.errorLines.count == 1 && run.errorLines[0].contains(message), "\(run.transcript)")
    }
}
