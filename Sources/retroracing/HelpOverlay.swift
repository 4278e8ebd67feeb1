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
    /// How many of the section's `lines` have been sent after its own text.
    var line = 0
    /// When the next line's cue plays: a breath (`HelpCue.breath`) after the line before was heard
    /// to its end, so that the cue stands apart from the words before it as well as from its own.
    var nextLineAt: ContinuousClock.Instant?
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
        // Through the spacing of cues, like every line of the help: after a line still waiting for its
        // cue, which the close then cancels.
        send(spacing.submit([.init(overlay.section.jsonLine(action: .close), kind: .other)], at: .now))
        if overlay.causedPause { apply(game.setPause(false, reason: .overlay)) }
        if game.phase == .ready && !toldHowToStart {
            toldHowToStart = true
            send(spacing.submit([.init(Request.event(type: "ready", fields: []).line, kind: .other)], at: .now))
        }
    }

    func narrateHelp(_ action: HelpSection.Action) {
        guard var overlay = help else { return }
        overlay.tag = "help-\(overlay.section.number)-\(action.rawValue)"
        overlay.announcement = nil
        overlay.line = 0
        overlay.nextLineAt = nil
        help = overlay
        send(
            spacing.submit([.init(overlay.section.jsonLine(action: action), tag: overlay.tag, kind: .other)], at: .now))
    }

    /// Plays the cue of the section's next line, then says the line, once its breath is over: the
    /// words wait until the cue has sounded (`CueSpacing`), so the player hears each cue alone, then
    /// what it means.
    func narrateNextLine(at now: ContinuousClock.Instant) {
        guard var overlay = help, let due = overlay.nextLineAt, now >= due, overlay.line < overlay.section.lines.count
        else { return }
        overlay.nextLineAt = nil
        let line = overlay.section.lines[overlay.line]
        overlay.line += 1
        overlay.tag = "help-\(overlay.section.number)-line-\(overlay.line)"
        overlay.announcement = nil
        help = overlay
        var lines: [CueSpacing.Line] = []
        if let cue = line.cue {
            lines.append(
                .init(
                    cue.request(laneCues: settings.laneCues, stereo: settings.stereoCues).line, kind: .sound,
                    sounding: cue.sounding))
        }
        lines.append(.init(overlay.section.request(line).line, tag: overlay.tag, kind: .other))
        send(spacing.submit(lines, at: now))
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

    /// A part heard to the end brings the section's next line; after the last, when reading
    /// automatically, the next section. Any other end stops the automatic reading.
    private func followHelp(_ outcome: Outcome) {
        guard var overlay = help else { return }
        switch outcome {
        case .finished where overlay.line < overlay.section.lines.count:
            help?.nextLineAt = .now + HelpCue.breath
        case .finished where !overlay.automatic:
            break
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
