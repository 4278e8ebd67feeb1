import NarratorClient
import RetroRacingCore

extension GameSession {
    /// The lines an event goes to the narrator as, with the player's settings that decide how it
    /// sounds (the profile's event map turns them into sounds, speech, both or nothing), and what
    /// each is to the spacing of cues.
    func wireLines(_ event: RaceEvent) -> [CueSpacing.Line] {
        switch event {
        case .lanesAhead:
            [
                .init(
                    Request.event(
                        type: event.wireType,
                        fields: event.wireFields + [
                            .init("cues", .string(settings.laneCues.rawValue)),
                            .init("stereo", .bool(settings.stereoCues == .on)),
                        ]
                    ).line, kind: .laneCue)
            ]
        case .laneChanged(let lane, let safe):
            [
                .init(event.jsonLine, kind: .other),
                .init(
                    Request.event(
                        type: "moved",
                        fields: [
                            .init("lane", .integer(lane)), .init("safe", .bool(safe)),
                            .init("cues", .string(settings.moveCues.rawValue)),
                            // Heard from the lane moved into (the narrator places the whole cue).
                            .init(Request.panField, settings.stereoCues.pan(lane: lane).wire),
                        ]
                    ).line, kind: .sound),
            ]
        case .levelChangeImminent:
            [
                .init(
                    Request.event(
                        type: event.wireType,
                        fields: event.wireFields + [.init("feedback", .string(settings.speedWarning.rawValue))]
                    ).line, kind: .other)
            ]
        case .gameOver:
            [.init(event.jsonLine, tag: "game-over", kind: .other)]
        default:
            [.init(event.jsonLine, kind: .other)]
        }
    }

    /// Carries out what the spacing of cues decided: lines to the narrator (printed too, without a
    /// terminal), and the cancel of what speech is left between cues.
    func send(_ steps: [CueSpacing.Step]) {
        for step in steps {
            switch step {
            case .send(let line):
                narration?.send(line: line.text, tag: line.tag)
                if !Terminal.isInteractive { print("event: \(line.text)") }
            case .cancelBetweenCues:
                narration?.send(.cancel(scope: CueSpacing.betweenCues, allClients: false))
            }
        }
    }

    /// Quitting right after a game over would cut the summary (finishing cancels the game's speech):
    /// let the narrator finish saying it first, for at most 15 seconds.
    func waitForGameOverSummary() {
        guard let narration, narration.isConnected, gameOverAnnouncement?.ended == false else { return }
        let deadline = ContinuousClock.now + .seconds(15)
        while gameOverAnnouncement?.ended == false, ContinuousClock.now < deadline {
            for update in narration.nextUpdates(waitingUpTo: .milliseconds(200)) { follow(update) }
        }
    }
}
