import NarratorClient
import RetroRacingCore

extension GameSession {
    func handle(_ key: Key) {
        if key == .repeatLast {
            // Wherever the player is (help and settings too): the narrator says its last again.
            narration?.send(Request.repeat(allClients: false, priority: .default))
            return
        }
        if help != nil {
            handleHelp(key)
            return
        }
        if settingsScreen != nil {
            handleSettings(key)
            return
        }
        switch (key, game.phase) {
        case (.quit, _):
            running = false
        case (.help, _):
            openHelp(automatic: false)
        case (.settings, _):
            openSettings()
        case (.pause, .ready):
            apply(game.start())
        case (.pause, .running), (.pause, .paused):
            apply(game.togglePause(reason: .user))
        case (.left, .running):
            apply(game.move(.left))
        case (.right, .running):
            apply(game.move(.right))
        case (.restart, _):
            collisionEnds = nil
            apply(game.restart())
        case (.status, _):
            narration?.send(line: game.status.jsonLine)
        default:
            break
        }
    }

    private func handleHelp(_ key: Key) {
        guard var overlay = help else { return }
        overlay.automatic = false  // the player took over
        switch key {
        case .right:
            guard let next = overlay.section.next else { return }
            overlay.section = next
            help = overlay
            narrateHelp(.next)
        case .left:
            guard let previous = overlay.section.previous else { return }
            overlay.section = previous
            help = overlay
            narrateHelp(.previous)
        case .help, .quit, .pause:
            closeHelp()
        default:
            help = overlay
        }
    }
}
