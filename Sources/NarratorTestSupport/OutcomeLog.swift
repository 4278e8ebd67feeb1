import FoundationEssentials
import NarratorSystem

/// The outcomes of every client's announcements as a subscriber with `all_clients` reads them (docs/
/// PROTOCOL.md, Notifications), kept in order with the moment each line arrived, for a test or a
/// benchmark to wait on. The caller feeds the lines it reads (`append`); waits are bounded.
public final class OutcomeLog: @unchecked Sendable {
    public struct Outcome: Sendable {
        public let event: String
        public let id: String
        public let client: String
        /// The announcement's text, as sent: SSML markup included for an SSML one (Orca's are).
        public let text: String
        /// When this process read the line.
        public let arrival: ContinuousClock.Instant

        /// The text without its markup: what is said.
        public var words: String { Self.words(text) }

        /// `text` without SSML's tags, its spaces collapsed.
        public static func words(_ text: String) -> String {
            var plain = ""
            var inTag = false
            for character in text {
                if character == "<" {
                    inTag = true
                } else if character == ">" {
                    inTag = false
                } else if !inTag {
                    plain.append(character)
                }
            }
            return plain.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    private struct Line: Decodable {
        let event: String?
        let id: String?
        let client: String?
        let text: String?
    }

    private let condition = ConditionLock()
    private var outcomes: [Outcome] = []

    public init() {}

    /// Keeps `line` if it is an outcome (a reply or another notification is ignored).
    public func append(_ line: String, at arrival: ContinuousClock.Instant = .now) {
        guard let decoded = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)),
            let event = decoded.event, let id = decoded.id
        else { return }
        condition.lock()
        outcomes.append(
            Outcome(event: event, id: id, client: decoded.client ?? "", text: decoded.text ?? "", arrival: arrival))
        condition.broadcast()
        condition.unlock()
    }

    /// Every outcome so far.
    public var all: [Outcome] {
        condition.lock()
        defer { condition.unlock() }
        return outcomes
    }

    /// How many outcomes have come so far: a mark to wait after.
    public var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return outcomes.count
    }

    /// The first outcome at or after position `start` that satisfies `matches`, waiting up to `limit`.
    public func waitFor(
        after start: Int = 0, limit: Duration = .seconds(20), _ matches: (Outcome) -> Bool
    ) -> Outcome? {
        let deadline = ContinuousClock.now + limit
        var searched = start
        condition.lock()
        defer { condition.unlock() }
        while true {
            while searched < outcomes.count {
                if matches(outcomes[searched]) { return outcomes[searched] }
                searched += 1
            }
            let left = deadline - .now
            if left <= .zero || !condition.wait(timeout: left) {
                return outcomes[min(searched, outcomes.count)...].first(where: matches)
            }
        }
    }
}
