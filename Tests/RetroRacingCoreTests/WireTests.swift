import Glibc
import NarratorJSON
import NarratorWire
import Testing

@testable import RetroRacingCore

/// The events as the daemon receives them: names and fields exactly as docs/EVENTS.md documents.
@Suite("Wire events")
struct WireTests {
    @Test(
        "each event is one JSON object with its documented type and fields",
        arguments: [
            (RaceEvent.started(difficulty: .cruise), #"{"type":"started","difficulty":"cruise"}"#),
            (.laneChanged(lane: 0, safe: true), #"{"type":"lane_changed","lane":0,"safe":true}"#),
            (
                .lanesAhead(left: true, middle: false, right: true),
                #"{"type":"lanes_ahead","left":true,"middle":false,"right":true}"#
            ),
            (.scoreChanged(score: 120), #"{"type":"score_changed","score":120}"#),
            (.levelChangeImminent(active: true), #"{"type":"level_change_imminent","active":true}"#),
            (.levelChangeImminent(active: false), #"{"type":"level_change_imminent","active":false}"#),
            (.levelUp(level: 3), #"{"type":"level_up","level":3}"#),
            (.collision(lives: 2), #"{"type":"collision","lives":2}"#),
            (.collisionResolved(lives: 1), #"{"type":"collision_resolved","lives":1}"#),
            (
                .gameOver(score: 130, best: 130, previousBest: 120, newRecord: true, difficulty: .fast),
                #"{"type":"game_over","score":130,"best":130,"previous_best":120,"new_record":true,"difficulty":"fast"}"#
            ),
            (
                .pauseChanged(paused: true, reason: .overlay),
                #"{"type":"pause_changed","paused":true,"reason":"overlay"}"#
            ),
            (.pauseChanged(paused: false, reason: .user), #"{"type":"pause_changed","paused":false,"reason":"user"}"#),
            (.finished, #"{"type":"finished"}"#),
        ])
    func jsonLine(event: RaceEvent, json: String) {
        #expect(event.jsonLine == json)
    }

    @Test("the help sections come in reading order with their wire topics")
    func helpSections() {
        #expect(HelpSection.allCases.map(\.topic) == ["intro", "controls", "audio_cues", "speed_warning"])
        #expect(HelpSection.allCases.map(\.number) == [1, 2, 3, 4])
        #expect(HelpSection.intro.previous == nil && HelpSection.speedWarning.next == nil)
        #expect(HelpSection.controls.next == .audioCues)
        #expect(
            HelpSection.controls.jsonLine(action: .open)
                == #"{"type":"help","action":"open","topic":"controls","section":2,"sections":4}"#)
    }

    @Test("the status has the request's fields, the lane 0-based, and a line for the screen")
    func status() {
        var game = RaceGame.running(score: 120, lane: 2)
        #expect(game.status.jsonLine == #"{"type":"status_request","score":120,"level":2,"lives":3,"lane":2}"#)
        #expect(game.status.text == "Score 120 | Level 2 | Lives 3 | Lane 3 of 3")
        _ = game.setPause(true, reason: .user)
        #expect(game.status.text.hasSuffix("| Paused"))
    }

    @Test("text values are escaped as JSON strings")
    func escaping() {
        #expect(JSONValue.string("a\"b\\c\n\u{1}é").jsonText == #""a\"b\\c\n\u0001é""#)
    }

    @Test("every event type the game sends has an entry in the shipped map")
    func typesInShippedMap() throws {
        let map = try #require(readFile(packageRoot() + "/Localization/retroracing/events.json"))
        let events: [RaceEvent] = [
            .started(difficulty: .fast), .laneChanged(lane: 1, safe: false),
            .lanesAhead(left: true, middle: true, right: false), .scoreChanged(score: 1),
            .levelChangeImminent(active: true), .levelUp(level: 2), .collision(lives: 1), .collisionResolved(lives: 1),
            .gameOver(score: 0, best: 0, previousBest: 0, newRecord: false, difficulty: .fast),
            .pauseChanged(paused: true, reason: .user), .finished,
        ]
        for type in events.map(\.wireType) + [HelpSection.wireType, RaceStatus.wireType] {
            #expect(map.contains("\"\(type)\":"), "\(type)")
        }
    }

    private func packageRoot() -> String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/RetroRacingCoreTests/WireTests.swift
        return parts.joined(separator: "/")
    }

    private func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The voice the game asks of the narrator: only what the player chose, and a reset back to the
/// narrator's default, so the player's narrator settings apply when they left the game's alone.
@Suite("The game's voice requests")
struct VoiceRequestTests {
    @Test("no choice sends nothing; chosen parts are set; a rate back at the system default is a reset")
    func voiceRequests() {
        var settings = GameSettings().effective(screenReader: true)
        #expect(settings.voiceSetup == nil)
        #expect(settings.speechRateChange.line == #"{"type":"set","rate":null}"#)
        settings.speechRate = 300
        settings.speechVolume = 120
        #expect(settings.voiceSetup?.line == #"{"type":"set","rate":300,"volume":120}"#)
        #expect(settings.speechRateChange.line == #"{"type":"set","rate":300}"#)
    }
}
