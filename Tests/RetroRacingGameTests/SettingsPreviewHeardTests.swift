import Foundation
import NarratorClient
import NarratorCore
import NarratorTestSupport
import Testing

/// The settings screen's preview sound is heard after the line that names the choice (issue 24), not
/// under its start: the real game, the real daemon playing into a private PulseAudio whose monitor is
/// recorded, the cue found in the recording alone and after the line (`sound_after`, rule C27).
@Suite("The settings preview is heard after its line", .serialized)
struct SettingsPreviewHeardTests {
    static let terminal: Set = ["finished", "interrupted", "superseded", "expired", "dropped", "cancelled", "failed"]

    @Test("Stepping lane cues to pulses, then arpeggio: each cue sounds alone, starting after its line's last sound")
    func previewAfterItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "preview-\(UUID().uuidString.prefix(8))"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/data/retroracing", withIntermediateDirectories: true)
        // The help has been heard once: the title screen speaks at once.
        _ = FileManager.default.createFile(atPath: folder + "/data/retroracing/help-narrated", contents: Data())
        let heard = try DaemonOnPulse.start(in: folder)
        defer { heard.stop() }
        let listener = try LineClient(path: heard.socket)
        listener.setReadTimeout(.seconds(60))
        try listener.send(#"{"type":"subscribe","all_clients":true}"#)
        _ = try listener.readLine()
        // In a terminal, as a player runs it: the title screen waits for a key.
        let session = "rp\(getpid())"
        try GameInTerminal.tmux(["new-session", "-d", "-s", session, "-x", "80", "-y", "24", "sh"])
        defer { _ = try? GameInTerminal.tmux(["kill-session", "-t", session]) }
        let game = heard.narrator.replacingOccurrences(of: "/narrator", with: "/retroracing")
        try GameInTerminal.tmux([
            "send-keys", "-t", session,
            "XDG_DATA_HOME=\(folder)/data XDG_CONFIG_HOME=\(folder)/config \(game) --socket \(heard.socket) "
                + "--seed 3 --screen-reader on --stereo-cues off", "Enter",
        ])
        let type = { (keys: String) in _ = try GameInTerminal.tmux(["send-keys", "-t", session, keys]) }
        _ = try Self.end(of: "Press space to start. The question mark opens the help.", listener)
        try type("o")
        _ = try Self.end(of: "Difficulty: Cruise. System default.", listener)
        try type("j")
        _ = try Self.end(of: "Lane cues: pulses. System default.", listener)
        let recorder = heard.recorder
        var (gaps, matches): ([Double], [Double]) = ([], [])
        for (value, sound) in [("pulses", "lane_pulses"), ("arpeggio", "lane_arpeggio")] {
            let start = recorder.count
            try type("l")
            let line = "Lane cues: \(value). Your choice."
            #expect(try Self.end(of: line, listener) == "finished")
            // The cue follows the line's end; it is whole once a second more has been recorded.
            #expect(recorder.waitForSamples(recorder.count + recorder.sampleRate))
            let heard = try #require(
                Self.cueAtEnd(
                    CueFinder.trimmed(try Self.render(sound)), in: recorder.samples(in: start..<recorder.count)),
                "\(sound) is not the last sound heard")
            #expect(heard.match >= 0.95, "\(sound) matches the recording only \(heard.match): sounded under speech")
            gaps.append(Double(heard.gap) * 1000 / Double(recorder.sampleRate))
            matches.append(heard.match)
        }
        print("Preview onset after the line's last sound (ms):", gaps, "correlation:", matches)
        #expect(gaps.allSatisfy { $0 >= 0 }, "the cue starts after its line by \(gaps) ms")
        try type("qq")
    }

    /// The cue as the last sound of `samples`: how well it matches there (normalized correlation, at
    /// the best start within 10 ms of where its length puts it), and how many samples after the last
    /// sound before it (the line's end: a sample above -72 dBFS) it starts; negative when it starts
    /// before the line has ended. Nil when nothing sounds.
    static func cueAtEnd(_ cue: [Int16], in samples: [Int16]) -> (match: Double, gap: Int)? {
        let loud = { (sample: Int16) in abs(Int(sample)) > 8 }
        guard let last = samples.lastIndex(where: loud) else { return nil }
        let around = 22050 / 100
        var best = (match: -1.0, start: 0)
        for start in max(0, last + 1 - cue.count - around)...max(0, last + 1 - cue.count + around) {
            var (dot, heardEnergy, cueEnergy) = (0.0, 0.0, 0.0)
            for index in cue.indices where start + index < samples.count {
                let (a, b) = (Double(samples[start + index]), Double(cue[index]))
                dot += a * b
                heardEnergy += a * a
                cueEnergy += b * b
            }
            let match = heardEnergy > 0 ? dot / (heardEnergy * cueEnergy).squareRoot() : 0
            if match > best.match { best = (match, start) }
        }
        let lineEnd = samples[..<best.start].lastIndex(where: loud) ?? 0
        return (best.match, best.start - lineEnd - 1)
    }

    /// How the announcement of `text` ended, from the daemon's notifications.
    static func end(of text: String, _ listener: LineClient) throws -> String {
        while true {
            let line = try #require(try listener.readLine(), "the daemon closed the stream waiting for \(text)")
            let values = fields(line)
            guard let event = values["event"] as? String, terminal.contains(event), values["text"] as? String == text
            else { continue }
            return event
        }
    }

    /// The preview as the daemon renders it for the `setting` event (every lane safe, unplaced).
    static func render(_ sound: String) throws -> [Int16] {
        let url = URL(fileURLWithPath: NarratorExecutable.packageRoot + "/Localization/retroracing/sounds.json")
        let book = try SoundBook(name: "sounds.json", bytes: [UInt8](try Data(contentsOf: url)))
        return try book.render(
            sound,
            arguments: ["left": .bool(true), "middle": .bool(true), "right": .bool(true), "stereo": .bool(false)],
            sampleRate: 22050)
    }
}
