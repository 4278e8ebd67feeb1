import Foundation
import NarratorCore
import NarratorVoice
import NarratorWire
import Testing

@testable import NarratorServer

/// The conductor as a pure machine, driven by hand: inputs in at instants the test chooses, actions
/// out, rendered as short lines so a rule reads as what it checks. No loop, no socket, no speaker.
struct MachineHarness {
    static let start = ContinuousClock.now
    static let profile: Profile = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Localization")
        do {
            return try Profile.load(
                folder: root.appendingPathComponent("retroracing").path,
                extraTables: [root.appendingPathComponent("narrator/Narrator.xcstrings").path])
        } catch {
            fatalError("the shipped profile does not load: \(error)")
        }
    }()

    var conductor: Conductor
    /// Milliseconds since `start`: moved only by the test.
    var milliseconds = 0

    init(defaults: DaemonDefaults = .builtIn, channels: Int = 1) {
        conductor = Conductor(
            profile: Self.profile, voices: FakeSpeaker(), sampleRate: 22050, channels: channels,
            output: OutputStatus(output: "fake", since: Self.start),
            defaults: defaults, started: Self.start)
    }

    var now: ContinuousClock.Instant { Self.start.advanced(by: .milliseconds(milliseconds)) }

    /// Handles one input now; returns its actions.
    @discardableResult
    mutating func run(_ input: ConductorInput) -> [ConductorAction] {
        conductor.handle(input, at: now)
    }

    /// Handles one input now; returns its actions rendered (`Trace`).
    mutating func trace(_ input: ConductorInput) -> [String] {
        run(input).map(MachineTrace.line)
    }

    /// A connected client, with `hello` and a subscription to its own outcomes when asked.
    mutating func connect(_ id: UInt64, name: String? = nil, subscribe: MachineSubscription = .none) -> ClientID {
        let client = ClientID(rawValue: id)
        run(.connected(client))
        if let name { run(.request(client, .hello(client: name, locale: nil, profile: nil))) }
        switch subscribe {
        case .none: break
        case .own: run(.request(client, .subscribe(allClients: false)))
        case .all: run(.request(client, .subscribe(allClients: true)))
        }
        return client
    }

    /// `say` of plain text; returns its actions rendered.
    mutating func say(
        _ text: String, _ priority: Priority = .default, from client: ClientID, expiresMilliseconds: Int? = nil,
        resume: Bool = false
    ) -> [String] {
        trace(
            .request(
                client,
                .say(.init(.text(text), priority: priority, expiresMilliseconds: expiresMilliseconds, resume: resume))))
    }

    /// The speech system's event for announcement `id`.
    mutating func speech(_ event: SpeakerEvent) -> [String] { trace(.speech(event)) }
}

enum MachineSubscription { case none, own, all }

/// Actions as one short line each: `reply 1 announcement #1`, `notify [1] started #1`, `speak #1 "One."`.
enum MachineTrace {
    static func line(_ action: ConductorAction) -> String {
        switch action {
        case .reply(let client, let reply): "reply \(client.rawValue) \(Self.reply(reply))"
        case .notify(let clients, let line): "notify \(clients.map(\.rawValue)) \(Self.notification(line))"
        case .speak(let request): "speak #\(request.id.rawValue) \"\(request.text)\""
        case .stop(let id): "stop #\(id.rawValue)"
        case .play(let name, _, _, let gain): gain == 1 ? "play \(name)" : "play \(name) at \(gain)"
        case .arm(let deadline):
            "arm \(deadline.map { "+\(Int(MachineHarness.start.duration(to: $0) / .milliseconds(1)))ms" } ?? "none")"
        case .log(let level, let message, _): "log \(level) \(message)"
        case .quiet: "quiet"
        }
    }

    static func reply(_ reply: Reply) -> String {
        switch reply {
        case .announcement(let announcement): "announcement #\(announcement.id)"
        case .error(let error): "error \(error.code)"
        case .sound(let name, _): "sound \(name)"
        default: reply.isOK ? "ok" : reply.line
        }
    }

    static func notification(_ notification: NarratorWire.Notification) -> String {
        switch notification {
        case .outcome(let report): "\(report.outcome.name) #\(report.id)"
        case .output(let state): "output \(state.condition)"
        case .mark(let mark): "mark #\(mark.id) \(mark.name)"
        case .latency(let report): "latency #\(report.id)"
        }
    }
}
