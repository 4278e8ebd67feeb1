import Foundation
import NarratorClient
import NarratorCore
import NarratorLocalization
import NarratorSystem
import NarratorTestSupport
import NarratorWire
import RetroRacingCore
import Testing

/// The help plays each cue it names (issue 24), heard end to end: a new player's first run reads
/// the help by itself; the real daemon plays into a private PulseAudio whose monitor is recorded,
/// and the daemon's notifications say how each line ended.
@Suite("The help plays its cues", .serialized)
struct HelpCuesHeardTests {
    @Test(
        "On a first run, every cue the help names is heard alone, in the help's order, and every line of the help to its end"
    )
    func helpPlaysItsCues() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "help-\(UUID().uuidString.prefix(8))"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let heard = try DaemonOnPulse.start(in: folder)
        defer { heard.stop() }
        let (recorder, socket, narrator) = (heard.recorder, heard.socket, heard.narrator)
        var environment = heard.environment
        let listener = try LineClient(path: socket)
        listener.setReadTimeout(.seconds(60))
        try listener.send(#"{"type":"subscribe","all_clients":true}"#)
        _ = try listener.readLine()

        let (texts, cues) = try Self.expected()
        environment["XDG_DATA_HOME"] = folder + "/data"
        environment["XDG_CONFIG_HOME"] = folder + "/config"
        let start = recorder.count
        let game = try KeyboardProcess(
            executable: narrator.replacingOccurrences(of: "/narrator", with: "/retroracing"),
            arguments: [
                "--socket", socket, "--seed", "1", "--screen-reader", "on", "--lane-cues", "pulses",
                "--speech-rate", "450",
            ],
            environment: environment, outputPath: folder + "/events", errorsPath: folder + "/errors")
        defer { game.process.stop() }

        // Every help line's end, until the last line has ended.
        var ends: [(event: String, text: String)] = []
        let terminal: Set = ["finished", "interrupted", "superseded", "expired", "dropped", "cancelled", "failed"]
        while ends.last?.text != texts.last {
            let line = try #require(try listener.readLine(), "the daemon closed the stream; heard \(ends)")
            let values = fields(line)
            guard let event = values["event"] as? String, let text = values["text"] as? String,
                terminal.contains(event), texts.contains(text)
            else { continue }
            ends.append((event, text))
        }
        let end = recorder.count
        game.type("q")
        #expect(ends.map(\.text) == texts, "\(ends)")
        #expect(ends.allSatisfy { $0.event == "finished" }, "\(ends)")

        // Every cue, alone and in order, between the first sample after the game started and the end
        // of the last line.
        let finder = CueFinder(sampleRate: recorder.sampleRate)
        let found = finder.find(cues.map(\.samples), in: recorder.samples(in: start..<end))
        let missing = zip(cues, found).filter { $0.1 == nil }.map(\.0.name)
        #expect(missing.isEmpty, "not heard alone, in order: \(missing)")
    }

    /// What the help says, in order (every section's text and every line after it, in English), and
    /// the cues it plays, rendered as the daemon renders them: the help's events through the shipped
    /// map and sound book.
    static func expected() throws -> (texts: [String], cues: [(name: String, samples: [Int16])]) {
        let profile = NarratorExecutable.packageRoot + "/Localization/retroracing/"
        func bytes(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: profile + name)))
        }
        let map = try EventMap(name: "events.json", bytes: try bytes("events.json"))
        let book = try SoundBook(name: "sounds.json", bytes: try bytes("sounds.json"))
        let localizer = try Localizer(tables: [("RetroRacing.xcstrings", try bytes("RetroRacing.xcstrings"))])
        func resolve(_ request: Request) throws -> EventAction {
            guard case .event(let type, let fields) = request else { throw CueError("not an event: \(request)") }
            let event = GameEvent(type: type, fields: Dictionary(fields.map { ($0.name, $0.value) }) { $1 })
            return try map.resolve(event, localizer: localizer, locale: "en")
        }
        var texts: [String] = []
        var cues: [(String, [Int16])] = []
        for section in HelpSection.allCases {
            let opening = Request.event(
                type: HelpSection.wireType, fields: section.wireFields(action: section == .intro ? .open : .next))
            guard case .speak(let rendering, _, _, _) = try resolve(opening) else { throw CueError("\(section)") }
            texts.append(rendering.text)
            for line in section.lines {
                if let cue = line.cue {
                    guard case .play(let sound) = try resolve(cue.request(laneCues: .pulses)) else {
                        throw CueError("\(cue) plays nothing")
                    }
                    cues.append(
                        (line.name, try book.render(sound.name, arguments: sound.arguments, sampleRate: 22050)))
                }
                guard case .speak(let said, _, _, _) = try resolve(section.request(line)) else {
                    throw CueError("\(line.name)")
                }
                texts.append(said.text)
            }
        }
        return (texts, cues)
    }

    struct CueError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
