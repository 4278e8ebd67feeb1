import Foundation
import NarratorTestSupport
import Testing

/// `narrator play` plays at the player's effects volume, as a game's sounds play (docs/CONFIG.md):
/// the settings file's `effects_volume` and `output`, `--effects-volume` and `--output` over them,
/// each run in a configuration folder of its own (`XDG_CONFIG_HOME`).
@Suite("narrator play and the settings file", .serialized)
struct PlaySettingsCLITests {
    /// Writes `lines` as the settings file under `home` (none when nil), runs `play NAME` there with
    /// `options` and `environment`, and returns the run, which must succeed.
    static func play(
        _ sound: String, home: String, settings lines: [String]?, options: [String] = [],
        environment: [String: String] = [:]
    ) throws -> NarratorBinary.Run {
        try SettingsFile.write(lines, home: home)
        let run = try NarratorBinary.run(
            ["play", sound] + options, environment: environment.merging(["XDG_CONFIG_HOME": home]) { $1 })
        #expect(run.status == 0, "\(run.transcript)")
        return run
    }

    /// All of a clip's energy, in dB: the same sound at another gain differs by exactly that gain.
    static func energy(_ samples: [Int16]) -> Double {
        10 * log10(samples.reduce(1e-9) { $0 + Double($1) * Double($1) })
    }

    @Test(
        "Recorded from a real PulseAudio, a note at the file's effects volume 50 is 6.0 dB below one at 100; on its mono sink a placed note plays unplaced"
    )
    func fileVolumeThroughPulse() throws {
        // Without rewinds the monitor holds every sample played (`PrivatePulseAudio.start`).
        let sound = try RecordedPulse(rewinds: false)
        defer { sound.stop() }
        let (pulse, recorder) = (sound.pulse, sound.recorder)
        try withTemporaryFolder { home in
            // The next sound on the monitor once `play` has run with `settings` and `arguments`.
            func level(_ settings: [String], _ sound: String, _ arguments: [String] = []) throws -> Double {
                let quiet = recorder.sampleRate / 10
                let silence = try #require(recorder.waitForSilence(after: recorder.count, length: quiet, threshold: 40))
                let run = try Self.play(
                    sound, home: home, settings: settings, options: arguments,
                    environment: ["PULSE_SERVER": pulse.server])
                #expect(!run.errors.contains("warning"), "\(run.transcript)")
                let onset = try #require(recorder.waitForSound(after: silence + quiet, threshold: 40), "nothing heard")
                let end = try #require(recorder.waitForSilence(after: onset, length: quiet, threshold: 40))
                return Self.energy(recorder.samples(in: (silence + quiet)..<end))
            }
            // The output is the file's too: `pulse`, on the private server.
            let below =
                try level(["output pulse"], "lane_middle")
                - level(["output pulse", "effects_volume 50"], "lane_middle")
            #expect(abs(below - 6.0) <= 0.5, "at 50: \(below) dB below 100")
            // The test's sink is mono: a note the book places at the left plays unplaced, as loud as
            // the same note from the centre (the server's own downmix put it 3 dB down).
            let placed = try level(["output pulse"], "lane_left", ["stereo=true"])
            let centred = try level(["output pulse"], "lane_left", ["stereo=false"])
            #expect(abs(placed - centred) <= 1, "placed \(placed) dB, centred \(centred) dB")
        }
    }

    @Test("--effects-volume wins over the file; a voice no engine has does not keep play from the file's volume")
    func optionOverFileWithoutVoices() throws {
        try withTemporaryFolder { home in
            func peak(_ settings: [String]?, _ options: [String] = []) throws -> (Int, NarratorBinary.Run) {
                let path = home + "/note.wav"
                let run = try Self.play(
                    "lane_middle", home: home, settings: settings, options: options + ["--output", "wav:\(path)"])
                return (try WAVFile(path: path).samples.map { abs(Int($0)) }.max() ?? 0, run)
            }
            let (builtIn, _) = try peak(nil)
            // A voice espeak-ng does not have would make the daemon refuse the file: play reads the
            // volume without looking voices up, so it takes the file whole and says nothing.
            let (half, quiet) = try peak(["voice.pl nosuchvoice+nosuchvariant", "locale pl", "effects_volume 50"])
            #expect(quiet.errors.isEmpty, "\(quiet.transcript)")
            #expect(abs(Double(half) - Double(builtIn) / 2) <= 1, "\(half) at 50, \(builtIn) at 100")
            let (option, _) = try peak(["effects_volume 50"], ["--effects-volume", "100"])
            #expect(option == builtIn)
            // A broken file: one warning naming its line, and the built-in volume.
            let (broken, warned) = try peak(["effects_volume 300"])
            #expect(broken == builtIn)
            #expect(warned.errors.contains("config:1: effects_volume 300 is out of range"), "\(warned.transcript)")
        }
    }

    @Test("--effects-volume out of 0-200 is refused before anything plays")
    func refusesAVolumeOutOfRange() throws {
        let run = try NarratorBinary.run(["play", "lane_middle", "--effects-volume", "201", "--output", "null"])
        #expect(run.status != 0)
        #expect(run.errors.contains("effects_volume"), "\(run.transcript)")
    }
}
