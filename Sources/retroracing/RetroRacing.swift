import ArgumentParser
import FoundationEssentials
import NarratorClient
import NarratorSystem
import RetroRacingCore

/// `retroracing`: the accessible three-lane racing game in a terminal, narrated by Narrator.
@main
struct RetroRacing: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retroracing",
        abstract: "Race in three lanes; Narrator speaks what happens.",
        discussion: """
            Keys: left/right arrows, h/l or a/d move; space or p start and pause; ? help; o settings; \
            s status; e repeat what was just said; r restart; q quit. Each step plays a note for each safe lane ahead (the lane cues).
            Start the narrator first (`narrator serve`); without it the game runs silently and connects when \
            it appears. Settings are kept in $XDG_CONFIG_HOME/retroracing/settings (~/.config/retroracing), \
            best scores in $XDG_DATA_HOME/retroracing (~/.local/share/retroracing). Options override the \
            saved settings for one run.
            Without a terminal (or with --autopilot), the game plays headless and prints its events; keys \
            are still read from standard input while it stays open.
            """,
        version: NarratorVersion.string
    )

    @OptionGroup var options: GameOptions

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let socket = options.socket ?? DaemonSocket.defaultPath(environment: environment)
        let store = SettingsStore(environment: environment)
        let (stored, notice) = store.load()
        if let notice { StatusLine.shared.set(notice) }
        // Worked out once at start (the screen-reader check runs gsettings), for the voice and the game.
        let settings = options.applied(to: stored).effective(
            screenReader: options.screenReaderMode.isRunning(environment: environment))
        let session = GameSession(
            options: options,
            narration: options.noNarration
                ? nil
                : Narration(
                    socketPath: socket, clientName: "RetroRapid", locale: options.locale, profile: "retroracing",
                    setup: settings.voiceSetup.map { [$0.line] } ?? []
                ) {
                    line in
                    StatusLine.shared.set(line)
                },
            data: GameData(environment: environment), settingsStore: store, storedSettings: stored,
            settings: settings, environment: environment)
        Terminal.enter()
        session.run()
        Terminal.leave()
        session.narration?.close()
    }
}
