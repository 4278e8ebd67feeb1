import NarratorClient
import NarratorSystem
import RetroRacingCore

/// One run of the game: keys and time in, model events out to the screen and the narrator.
final class GameSession {
    var game: RaceGame
    let narration: Narration?
    let data: GameData
    let options: GameOptions
    let environment: [String: String]
    let settingsStore: SettingsStore
    /// The settings as saved (the settings screen changes them).
    var storedSettings: GameSettings
    /// The saved settings with this run's command-line options over them; the settings screen
    /// changes both.
    var runSettings: GameSettings
    var settingsScreen: SettingsOverlay?
    /// The settings in effect, with the system defaults worked out when a race starts.
    var settings: EffectiveSettings
    /// Why the narrator has no sound, while it has none.
    var soundLost: String?
    /// When the race's lines go to the narrator, so that each cue sounds alone.
    var spacing: CueSpacing
    /// The "press space to start" announcement was sent for the race waiting to start.
    var toldHowToStart = false
    var screen = Screen()
    var keys = KeyDecoder()
    var help: HelpOverlay?
    var nextTick: ContinuousClock.Instant?
    var collisionEnds: ContinuousClock.Instant?
    var running = true
    /// Whether standard input may still bring keys.
    var inputOpen = true
    /// The game-over summary's announcement, until it has been heard to the end.
    var gameOverAnnouncement: (id: String?, ended: Bool)?

    /// The collision phase lasts this long before the road is cleared (as in the original).
    static let collisionPause = Duration.milliseconds(750)

    /// `settings` is `options.applied(to: storedSettings)` worked out at start (the caller needed it
    /// already, for the narration's voice).
    init(
        options: GameOptions, narration: Narration?, data: GameData, settingsStore: SettingsStore,
        storedSettings: GameSettings, settings: EffectiveSettings, environment: [String: String]
    ) {
        self.options = options
        self.narration = narration
        self.data = data
        self.settingsStore = settingsStore
        self.storedSettings = storedSettings
        self.environment = environment
        runSettings = options.applied(to: storedSettings)
        self.settings = settings
        spacing = CueSpacing(cuesOn: settings.laneCues != .off)
        var bests: [Difficulty: Int] = [:]
        for (name, score) in data.bestScores() {
            if let difficulty = Difficulty(rawValue: name) { bests[difficulty] = score }
        }
        game = RaceGame(
            difficulty: settings.difficulty, seed: options.seed ?? UInt64.random(in: 0...UInt64.max), bests: bests)
    }

    /// Works the settings out again (the screen reader may have started or stopped since), and
    /// takes the difficulty for the next race.
    func refreshSettings() {
        settings = runSettings.effective(screenReader: options.screenReaderMode.isRunning(environment: environment))
        game.setDifficulty(settings.difficulty)
        spacing.cuesOn = settings.laneCues != .off
    }

    var tickInterval: Duration { options.tickMilliseconds.map { .milliseconds($0) } ?? game.tickInterval }

    /// Plays until the player quits (or, headless, until the game is over).
    func run() {
        if options.autopilot != nil || !Terminal.isInteractive {
            apply(game.start())
            // A race that starts by itself waits (at most 2 s) for the narrator's answer before its
            // first tick, so a first run's help pauses it at the start, not some way in.
            if let narration { for update in narration.nextUpdates(waitingUpTo: .seconds(2)) { follow(update) } }
        }
        while running {
            draw()
            let cut = nextTick.flatMap { game.phase == .running ? spacing.cut(before: $0) : nil }
            waitForInput(
                until: [nextTick, collisionEnds, spacing.heldUntil, cut, help?.nextLineAt].compactMap { $0 }.min())
            let now = ContinuousClock.now
            send(spacing.due(at: now))
            narrateNextLine(at: now)
            if let due = nextTick, game.phase == .running { send(spacing.cueComing(at: due, now: now)) }
            if let end = collisionEnds, now >= end {
                collisionEnds = nil
                apply(game.resolveCollision())
            }
            if let due = nextTick, now >= due, game.phase == .running {
                autopilot()
                nextTick = due + tickInterval
                apply(game.tick())
            }
            handleNarration()
            if !Terminal.isInteractive && (game.phase == .gameOver || game.phase == .finished) { running = false }
        }
        waitForGameOverSummary()
        apply(game.finish())
        // The last step's lines may still wait for its cue; `finished` waits behind them.
        send(spacing.flush())
        saveBest()
    }

    /// Sends events to the narrator, schedules what they start, and keeps records.
    func apply(_ events: [RaceEvent]) {
        if events.contains(where: { if case .gameOver = $0 { true } else { false } }) {
            gameOverAnnouncement = (nil, false)
        }
        send(spacing.submit(events.flatMap(wireLines), at: .now))
        for event in events {
            switch event {
            case .started:
                nextTick = .now + tickInterval
                toldHowToStart = false
                refreshSettings()
            case .collision:
                collisionEnds = .now + Self.collisionPause
            case .collisionResolved:
                // The race goes on a whole tick after the cue of its cleared road, not at once with
                // the ticks missed during the crash (a burst of them at short intervals).
                nextTick = .now + tickInterval
            case .gameOver:
                nextTick = nil
                saveBest()
            case .pauseChanged(let paused, _):
                nextTick = paused ? nil : .now + tickInterval
            default:
                break
            }
        }
    }

    /// Demo and test mode: steer into a free lane before each tick while the score is below the limit.
    private func autopilot() {
        guard let limit = options.autopilot, game.score < limit else { return }
        let ahead = game.traffic.ahead
        guard ahead.hasCar(inLane: game.lane),
            let target = ahead.freeLanes.min(by: { abs($0 - game.lane) < abs($1 - game.lane) })
        else { return }
        while game.lane != target { apply(game.move(target < game.lane ? .left : .right)) }
    }

    private func saveBest() {
        var scores: [String: Int] = [:]
        for difficulty in Difficulty.allCases where game.best(for: difficulty) > 0 {
            scores[difficulty.rawValue] = game.best(for: difficulty)
        }
        if !scores.isEmpty { data.save(bestScores: scores) }
    }

    private func draw() {
        guard Terminal.isInteractive else { return }
        screen.message = StatusLine.shared.current
        screen.width = max(40, Terminal.size.columns)
        let state =
            narration == nil
            ? "off (--no-narration)"
            : !narration!.isConnected ? "off (no narrator yet)" : soundLost.map { "on, but no sound: \($0)" } ?? "on"
        Terminal.write(
            screen.frame(
                game, narration: state, help: help?.section,
                settings: settingsScreen.map { (runSettings, settings, $0.item) }))
    }

    /// Waits for a key or the next deadline, whichever comes first.
    private func waitForInput(until deadline: ContinuousClock.Instant?) {
        var timeout: Int32 = 100  // ms; also the pace at which narration updates are picked up
        if let deadline {
            let left = deadline - .now
            timeout = max(0, min(timeout, Int32(left / .milliseconds(1))))
        }
        // Without a terminal, keys still come from standard input while it stays open (a pipe:
        // how a test plays the game); at its end the game goes on by itself.
        guard Terminal.isInteractive || inputOpen else {
            if timeout > 0 { SystemClock.sleep(for: .milliseconds(timeout)) }
            return
        }
        guard let ready = try? Poll.wait(0, for: .readable, milliseconds: timeout), !ready.isEmpty else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        guard let count = try? FileDescriptor.read(0, into: &buffer), count > 0 else {
            if !Terminal.isInteractive { inputOpen = false }
            return
        }
        for key in keys.feed(Array(buffer[0..<count])) { handle(key) }
    }
}
