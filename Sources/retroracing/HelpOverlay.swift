import NarratorClient
import RetroRacingCore

/// The help on screen, and where its narration is.
struct HelpOverlay {
    var section = HelpSection.intro
    /// Whether opening help paused the race (then closing it resumes the race, and only then).
    var causedPause = false
    /// Read all parts one after another (the first run); stops when the player presses a key.
    var automatic = false
    /// The announcement of the part being read, once the daemon has accepted it.
    var announcement: String?
    var tag = ""
}

extension GameSession {
    func openHelp(automatic: Bool) {
        var overlay = HelpOverlay(automatic: automatic)
        if game.phase == .running {
            let events = game.setPause(true, reason: .overlay)
            overlay.causedPause = !events.isEmpty
            apply(events)
        }
        help = overlay
        narrateHelp(.open)
    }

    func closeHelp() {
        guard let overlay = help else { return }
        help = nil
        narration?.send(line: overlay.section.jsonLine(action: .close))
        if overlay.causedPause { apply(game.setPause(false, reason: .overlay)) }
        if game.phase == .ready && !toldHowToStart {
            toldHowToStart = true
            narration?.send(.event(type: "ready", fields: []))
        }
    }

    func narrateHelp(_ action: HelpSection.Action) {
        guard var overlay = help else { return }
        overlay.tag = "help-\(overlay.section.number)-\(action.rawValue)"
        overlay.announcement = nil
        help = overlay
        narration?.send(line: overlay.section.jsonLine(action: action), tag: overlay.tag)
    }

    /// Follows the daemon: the first time narration is on, read the help once; while reading it
    /// automatically, go on to the next part when one has been heard to the end.
    func handleNarration() {
        guard let narration else { return }
        for update in narration.poll() { follow(update) }
    }

    func follow(_ update: Narration.Update) {
        switch update {
        case .accepted("game-over", let id):
            gameOverAnnouncement = (id, id == nil)
        case .soundLost(let reason):
            soundLost = reason
            StatusLine.shared.set("The narrator has no sound: \(reason)")
        case .soundBack:
            soundLost = nil
            StatusLine.shared.set("The narrator's sound is back.")
        case .connected where game.phase == .ready && !toldHowToStart && data.helpWasNarrated:
            toldHowToStart = true
            narration?.send(.event(type: "ready", fields: []))
        case .outcome(let id, let outcome) where id == gameOverAnnouncement?.id:
            if outcome.isTerminal { gameOverAnnouncement?.ended = true }
        default:
            followHelpNarration(update)
        }
    }

    private func followHelpNarration(_ update: Narration.Update) {
        switch update {
        case .connected where !data.helpWasNarrated && help == nil:
            data.markHelpNarrated()
            openHelp(automatic: true)
        case .accepted(let tag, let id) where tag == help?.tag:
            help?.announcement = id
        case .outcome(let id, let outcome) where id == help?.announcement:
            followHelp(outcome)
        default:
            break
        }
    }

    private func followHelp(_ outcome: Outcome) {
        guard var overlay = help, overlay.automatic else { return }
        switch outcome {
        case .finished:
            if let next = overlay.section.next {
                overlay.section = next
                help = overlay
                narrateHelp(.next)
            } else {
                closeHelp()
            }
        case _ where outcome.isTerminal:
            overlay.automatic = false
            help = overlay
        default:
            break
        }
    }
}
