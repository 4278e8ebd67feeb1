import Foundation
import NarratorCore
import NarratorJSON
import NarratorLocalization
import NarratorWire
import Testing

/// The shipped profile (tables and map) and helpers to build events and read actions.
enum EventMapFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let profile = "Localization/retroracing"
    static let mapPath = "\(profile)/events.json"

    /// A file of the package, by its path relative to the package.
    static func bytes(_ path: String) throws -> [UInt8] {
        let url = packageRoot.appendingPathComponent(path)
        return Array(try #require(FileManager.default.contents(atPath: url.path), "cannot read \(url.path)"))
    }

    /// The game's table, as the daemon loads a profile.
    static func localizer() throws -> Localizer {
        try Localizer(tables: [("RetroRacing.xcstrings", try bytes("\(profile)/RetroRacing.xcstrings"))])
    }

    static func shippedMap() throws -> EventMap {
        try EventMap(name: mapPath, bytes: try bytes(mapPath))
    }

    /// The shipped `sounds.json` beside the map (it has no WAV files).
    static func shippedSounds() throws -> SoundBook {
        try SoundBook(name: "sounds.json", bytes: try bytes("\(profile)/sounds.json"))
    }

    /// A map from text, as a test writes it.
    static func map(_ json: String) throws -> EventMap {
        try EventMap(name: "test.json", bytes: Array(json.utf8))
    }

    /// The load error of a map written as text, or a failed expectation when it loads.
    static func loadError(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> EventMapError? {
        do {
            _ = try EventMap(name: "test.json", bytes: Array(json.utf8))
            Issue.record("the map loaded, but should not have", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }
}

extension GameEvent {
    /// An event from its JSON fields, as a game sends them: `event("collision", #"{"lives": 2}"#)`.
    static func parse(_ type: String, _ fields: String = "{}") throws -> GameEvent {
        guard case .object(let members) = try JSONParser.parse(fields).value else {
            throw EventTestError("fields must be a JSON object")
        }
        return GameEvent(type: type, fields: Dictionary(members.map { ($0.key, $0.value.value) }) { $1 })
    }
}

struct EventTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension EventAction {
    /// The spoken text, priority and policy, or nil for a cancel or silence.
    var spoken: (text: String, priority: Priority, policy: AnnouncementPolicy, rendering: Rendering)? {
        guard case .speak(let rendering, let priority, let policy, _) = self else { return nil }
        return (rendering.text, priority, policy, rendering)
    }
}

extension EventMap {
    /// Resolves an event written as JSON fields, in `locale`.
    func resolve(
        _ type: String, _ fields: String = "{}", locale: String = "en", localizer: Localizer
    ) throws -> EventAction {
        try resolve(try GameEvent.parse(type, fields), localizer: localizer, locale: locale)
    }

    /// The error resolving an event raises, or nil (and a failed expectation) when it resolves.
    func resolveError(
        _ type: String, _ fields: String = "{}", localizer: Localizer,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> EventError? {
        let event = try GameEvent.parse(type, fields)
        do {
            let action = try resolve(event, localizer: localizer, locale: "en")
            Issue.record("resolved to \(action), expected an error", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }
}
