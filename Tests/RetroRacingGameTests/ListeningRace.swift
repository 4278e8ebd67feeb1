import Foundation
import NarratorClient
import NarratorSystem
import NarratorTestSupport
import NarratorWire

/// One race of the real game against a real daemon playing into a private PulseAudio, with the
/// listening player at the keys; afterwards, the judge's view of it from the game's own event log.
struct ListeningRace {
    struct Outcome: CustomStringConvertible {
        let seed: UInt64
        let cues: String
        let log: ListeningPlayer.Log
        /// The last score the game reported, and its crashes.
        let score: Int
        let collisions: Int
        let gameOver: Bool
        /// The cues the game sent, and how the heard ones line up with them.
        let sent: Int
        let alignment: CueAlignment
        let seconds: Double
        /// For each cue heard, what sounded under it besides its notes (RMS, `SpeechUnderCue`).
        let residuals: [Double]
        /// How many of the cues heard had speech under them.
        var underSpeech: Int { residuals.count { $0 >= SpeechUnderCue().threshold } }

        var description: String {
            let reactions = log.reactions.map(\.milliseconds).sorted()
            let median = reactions.isEmpty ? 0 : reactions[reactions.count / 2]
            return
                "seed \(seed), cues \(cues): score \(score), crashes \(collisions)\(gameOver ? " (game over)" : ""), "
                + "cues sent \(sent), heard \(log.cues.count) (\(log.cues.count { !$0.onBeat }) off the beat), "
                + "misheard \(alignment.misheard), missed \(alignment.missed), extra \(alignment.extra); "
                + "under speech \(underSpeech) of \(residuals.count) heard; "
                + "points by ear \(log.points); reaction median \(Int(median)) ms, max \(Int(reactions.last ?? 0)) ms; "
                + "\(String(format: "%.1f", seconds)) s"
        }
    }

    let seed: UInt64
    /// `pulses` or `off`: the player's `--lane-cues`.
    let cues: String
    let tickMilliseconds: Int
    let goal: Int
    let limit: Duration
    /// Every lane note at one pitch (a variant of the shipped book): the player steers by place alone.
    var onePitch = false

    /// Why a race could not be run (as opposed to lost); thrown on the race's own thread.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    func run() throws -> Outcome {
        let began = ContinuousClock.now
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "listen-\(UUID().uuidString.prefix(8))"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A returning player: the help was read to them on an earlier run.
        try FileManager.default.createDirectory(atPath: folder + "/data/retroracing", withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: folder + "/data/retroracing/help-narrated", contents: Data())
        else {
            throw Failure("could not write to \(folder)")
        }

        // Heard in stereo, as the game places its lane notes by default.
        let heard = try DaemonOnPulse.start(
            in: folder, stereo: true, dataHome: onePitch ? try Self.onePitchProfile(in: folder) : nil)
        defer { heard.stop() }
        let (recorder, socket, narrator) = (heard.recorder, heard.socket, heard.narrator)
        var environment = heard.environment

        // The daemon opens its sound stream on the first sound and keeps it 3 s after the last:
        // a phrase heard through to its end first, so the race's first cues do not wait for it.
        let warmup = try LineClient(path: socket)
        warmup.setReadTimeout(.seconds(10))
        let before = recorder.count
        try warmup.send(#"{"type":"say","text":"Ready."}"#)
        guard let sound = recorder.waitForSound(after: before),
            recorder.waitForSilence(after: sound, length: recorder.sampleRate / 10) != nil
        else { throw Failure("the daemon's warm-up phrase was not heard") }

        environment["XDG_DATA_HOME"] = folder + "/data"
        environment["XDG_CONFIG_HOME"] = folder + "/config"
        let game = try KeyboardProcess(
            executable: narrator.replacingOccurrences(of: "/narrator", with: "/retroracing"),
            arguments: [
                "--socket", socket, "--seed", "\(seed)", "--tick-milliseconds", "\(tickMilliseconds)",
                "--lane-cues", cues, "--move-cues", "safety", "--speed-warning", "announcement",
                "--difficulty", "cruise", "--screen-reader", "on",
            ],
            environment: environment, outputPath: folder + "/events", errorsPath: folder + "/errors")
        let channels = recorder.channels
        let start = recorder.count / channels * channels
        let player = ListeningPlayer(
            recorder: recorder, game: game, tickMilliseconds: tickMilliseconds, goal: goal, byPlace: onePitch)
        let log = player.play(from: start, limit: limit)
        guard game.process.waitForExit(within: .seconds(20)) != nil else {
            game.process.stop()
            throw Failure("seed \(seed): the game did not exit")
        }
        let events = game.output.split(separator: "\n").compactMap { line -> [String: Any]? in
            guard line.hasPrefix("event: ") else { return nil }
            return fields(String(line.dropFirst("event: ".count)))
        }
        let sent = events.filter { $0["type"] as? String == "lanes_ahead" }.map { event in
            ["left", "middle", "right"].map { event[$0] as? Bool ?? false }
        }
        let score =
            events.compactMap { event -> Int? in
                guard ["score_changed", "game_over"].contains(event["type"] as? String ?? "") else { return nil }
                return event["score"] as? Int
            }.last ?? 0
        let judge = SpeechUnderCue(
            sampleRate: recorder.sampleRate,
            notes: onePitch ? Array(repeating: LanePulseDecoder.onePitch, count: 3) : LanePulseDecoder.notes)
        let residuals = log.cues.map { cue in
            // Judged on the mean of the channels: speech is centred, and the fit takes any note's level.
            let from = start + (cue.start - judge.search) * channels
            let window = recorder.samples(in: from..<(from + judge.windowLength * channels))
            return judge.residual(
                stride(from: 0, to: window.count - channels + 1, by: channels).map { frame in
                    Int16((0..<channels).reduce(0) { $0 + Int(window[frame + $1]) } / channels)
                })
        }
        return Outcome(
            seed: seed, cues: cues, log: log, score: score,
            collisions: events.count { $0["type"] as? String == "collision" },
            gameOver: events.contains { $0["type"] as? String == "game_over" }, sent: sent.count,
            alignment: CueAlignment(heard: log.cues.map(\.safe), sent: sent),
            seconds: (ContinuousClock.now - began).milliseconds / 1000, residuals: residuals)
    }
}

extension ListeningRace {
    /// A copy of the shipped profile whose lane notes are all E5 (`LanePulseDecoder.onePitch`), under
    /// `folder/data/narrator/profiles/retroracing`; returns the data home the daemon finds it in.
    static func onePitchProfile(in folder: String) throws -> String {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Localization/retroracing")
        let target = folder + "/data/narrator/profiles/retroracing"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        for file in ["RetroRacing.xcstrings", "events.json"] {
            try FileManager.default.copyItem(
                atPath: shipped.appendingPathComponent(file).path, toPath: target + "/" + file)
        }
        let book = try String(contentsOf: shipped.appendingPathComponent("sounds.json"), encoding: .utf8)
        let onePitch = book.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            ["\"lane_left\"", "\"lane_right\""].contains(where: line.contains)
                ? line.replacingOccurrences(of: "\"C5\"", with: "\"E5\"").replacingOccurrences(
                    of: "\"G5\"", with: "\"E5\"")
                : String(line)
        }
        guard onePitch.filter({ $0.contains("\"E5\"") }).count >= 3 else {
            throw Failure("the shipped lane notes are no longer where the one-pitch variant changes them")
        }
        try onePitch.joined(separator: "\n").write(toFile: target + "/sounds.json", atomically: true, encoding: .utf8)
        return folder + "/data"
    }
}

/// The heard cues lined up with the sent ones (fewest edits): a cue heard with a lane wrong, a
/// sent cue not heard, and a cue heard where none was sent.
struct CueAlignment {
    var misheard = 0
    var missed = 0
    var extra = 0

    init(heard: [[Bool]], sent: [[Bool]]) {
        // cost[i][j]: edits to line up heard[..<i] with sent[..<j].
        var cost = [[Int]](repeating: [Int](repeating: 0, count: sent.count + 1), count: heard.count + 1)
        for i in 0...heard.count {
            for j in 0...sent.count {
                if i == 0 || j == 0 {
                    cost[i][j] = i + j
                } else {
                    let pair = cost[i - 1][j - 1] + (heard[i - 1] == sent[j - 1] ? 0 : 1)
                    cost[i][j] = min(pair, cost[i - 1][j] + 1, cost[i][j - 1] + 1)
                }
            }
        }
        var (i, j) = (heard.count, sent.count)
        while i > 0 || j > 0 {
            if i > 0, j > 0, cost[i][j] == cost[i - 1][j - 1] + (heard[i - 1] == sent[j - 1] ? 0 : 1) {
                if heard[i - 1] != sent[j - 1] { misheard += 1 }
                (i, j) = (i - 1, j - 1)
            } else if i > 0, cost[i][j] == cost[i - 1][j] + 1 {
                extra += 1
                i -= 1
            } else {
                missed += 1
                j -= 1
            }
        }
    }
}

extension OSThread {
    /// Reads a child's captured output to its end, so that it never blocks on a full pipe.
    static func drain(_ child: ChildProcess) {
        start(name: "drain-\(child.pid)") { while !child.read().isEmpty {} }
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
