import ArgumentParser
import RetroRacingCore

/// The command-line options of `retroracing`.
struct GameOptions: ParsableArguments {
    @Option(help: "Seed for the traffic: the same seed gives the same race.")
    var seed: UInt64 = UInt64.random(in: 0...UInt64.max)

    @Option(name: .customLong("difficulty"), help: "cruise (slowest), fast or rapid (fastest).")
    var difficultyName = "cruise"

    var difficulty: Difficulty { Difficulty(rawValue: difficultyName) ?? .cruise }

    @Option(help: "Language of the narration, as a BCP-47 tag (default: the narrator's).")
    var locale: String?

    @Option(help: "The narrator's socket (default: $XDG_RUNTIME_DIR/narrator/narrator.sock).")
    var socket: String?

    @Flag(help: "Play without narration.")
    var noNarration = false

    @Option(help: "Demo and test mode: the game steers itself into free lanes until this score.")
    var autopilot: Int?

    @Option(help: "Demo and test mode: a fixed tick interval in milliseconds instead of the difficulty's.")
    var tickMilliseconds: Int?

    func validate() throws {
        guard Difficulty(rawValue: difficultyName) != nil else {
            throw ValidationError("--difficulty must be cruise, fast or rapid, not \"\(difficultyName)\".")
        }
        if let tickMilliseconds, tickMilliseconds < 1 {
            throw ValidationError("--tick-milliseconds must be 1 or more.")
        }
    }
}
