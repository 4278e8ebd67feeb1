import Logging
import NarratorAudio
import NarratorSpeech
import NarratorWire
import Synchronization

/// The process's one speech engine, and unique request ids for tests running in parallel.
enum TestEngine {
    private static let counter = Atomic<UInt64>(1000)

    static func engine() throws -> SpeechEngine {
        try SpeechEngine.shared(logger: Logger(label: "narrator.test"))
    }

    static func nextID() -> AnnouncementID {
        AnnouncementID(rawValue: counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    /// Renders `text` into a fresh memory sink and returns the samples, the last event and the id
    /// it was spoken as.
    static func render(
        _ text: String, voice: VoiceRequest = VoiceRequest()
    ) async throws -> (samples: [Int16], outcome: SpeakerEvent, id: AnnouncementID) {
        let engine = try engine()
        let sink = MemorySink()
        let id = nextID()
        let outcome = try await engine.speakAndWait(SpeechRequest(id: id, text: text, voice: voice), to: sink)
        return (sink.samples(of: id), outcome, id)
    }
}

extension MemorySink {
    /// The samples of a request, which the sink knows by its id's number.
    func samples(of id: AnnouncementID) -> [Int16] { samples(of: id.rawValue) }
}

/// Root-mean-square level of samples, 0...32767.
func rms(_ samples: some Collection<Int16>) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(samples.count)).squareRoot()
}

/// Collects a request's events, in the order they arrive.
final class EventLog: Sendable {
    private let events = Mutex<[SpeakerEvent]>([])

    func record(_ event: SpeakerEvent) { events.withLock { $0.append(event) } }

    var all: [SpeakerEvent] { events.withLock { $0 } }

    var sentenceStarts: [Int] {
        all.compactMap {
            if case .sentence(_, let position) = $0 { return position }
            return nil
        }
    }
}
