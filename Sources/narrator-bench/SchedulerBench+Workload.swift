import NarratorCore
import NarratorWire

extension SchedulerBench {
    /// A deterministic stream of scheduler inputs shaped like a fast game that speech cannot keep up with:
    /// mostly low and default announcements, some with superseding keys (score, lives) or expiry, a few
    /// highs, resumable help text, and the engine's replies to the scheduler's speak and stop actions.
    struct Workload {
        typealias Instant = ContinuousClock.Instant

        private var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var now: Instant
        private var nextID: UInt64 = 1
        /// Shared texts: an announcement's text is a reference-counted copy, as in the daemon.
        private let texts = (0..<16).map { "Announcement text number \($0), long enough to be on the heap." }
        private let keys = ["score", "lives", "lane", "level"]

        // The model engine: one utterance at a time, replying in order.
        private var active: AnnouncementID?
        private var engineStarted = false
        private var position = 0
        private var stopRequested = false

        private var submissions = 0
        private var superseding = 0
        private var expiring = 0
        private var replies = 0
        private var others = 0

        init(start: Instant) { now = start }

        var summary: String {
            "workload: \(submissions) submissions (\(superseding) with a superseding key, \(expiring) with expiry), "
                + "\(replies) engine replies, \(others) ticks/cancels/pauses/resumes"
        }

        /// The next input and the instant it happens at (time moves 0-4 ms per input).
        mutating func next() -> (Scheduler<Instant>.Input, Instant) {
            now = now.advanced(by: .milliseconds(Int(random() % 5)))
            let roll = random() % 100
            if active != nil && roll < 45 {
                replies += 1
                return (reply(), now)
            }
            if roll < 90 {
                submissions += 1
                return (.submit(announcement()), now)
            }
            others += 1
            switch random() % 8 {
            case 0: return (.cancel(.scope("help")), now)
            case 1: return (.cancel(.client(ClientID(rawValue: random() % 4))), now)
            case 2: return (.pause(.client(3)), now)
            case 3: return (.resume(.client(3)), now)
            default: return (.tick, now)
            }
        }

        /// Lets the model engine take the scheduler's speak and stop actions.
        mutating func observe(_ actions: [Scheduler<Instant>.Action]) {
            for action in actions {
                switch action {
                case .speak(let id, _, let from):
                    active = id
                    engineStarted = false
                    position = from
                    stopRequested = false
                case .stop:
                    stopRequested = true
                case .report:
                    break
                }
            }
        }

        private mutating func reply() -> Scheduler<Instant>.Input {
            let id = active!
            if stopRequested {
                active = nil
                return random() % 8 == 0 ? .speechFinished(id) : .speechStopped(id)
            }
            if !engineStarted {
                engineStarted = true
                return .speechStarted(id)
            }
            if position < 40 && random() % 3 != 0 {
                position += 10
                return .speechReachedSentence(id, position: position)
            }
            active = nil
            return .speechFinished(id)
        }

        private mutating func announcement() -> Announcement {
            defer { nextID += 1 }
            let roll = random() % 100
            let priority: Priority = roll < 5 ? .high : roll < 50 ? .default : .low
            var policy = AnnouncementPolicy()
            if random() % 2 == 0 {
                policy.supersedes = keys[Int(random() % 4)]
                superseding += 1
            }
            if random() % 5 < 2 {
                policy.expires = .milliseconds(200 + Int(random() % 1800))
                expiring += 1
            }
            if random() % 10 == 0 {
                policy.resume = true
                policy.scope = Scope("help.section.\(random() % 4)")
            }
            return Announcement(
                id: AnnouncementID(rawValue: nextID), client: ClientID(rawValue: random() % 4),
                text: texts[Int(random() % 16)], priority: priority, policy: policy)
        }

        /// xorshift64*: fast, deterministic, good enough to mix a workload.
        private mutating func random() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
    }
}
