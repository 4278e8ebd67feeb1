import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// A muted game's queue behaves as a loud one's: an announcement at volume 0 or 1 takes as long,
/// from `started` to `finished`, as the same one at volume 100. Real `narrator serve` playing to a
/// private PulseAudio, times from the daemon's notifications.
@Suite("Muted speech takes its real time", .serialized)
struct MutedSpeechTests {
    static let text = "This sentence takes a couple of seconds to say, at any volume."

    /// Milliseconds from `started` to `finished` of the text said at `volume`.
    private func playingTime(_ listener: Subscriber, volume: Int) throws -> Double {
        try listener.send(#"{"type":"set","volume":\#(volume)}"#)
        let id = try listener.send(#"{"type":"say","text":"\#(Self.text)"}"#)
        let started = try listener.waitFor("started", id)["t_ms"] as? Double
        let finished = try listener.waitFor("finished", id)["t_ms"] as? Double
        return try #require(finished) - (try #require(started))
    }

    @Test("Volume 0 and 1 take as long as volume 100, within 5 %")
    func mutedTakesItsTime() throws {
        let sound = try RecordedPulse()
        defer { sound.stop() }
        let daemon = try sound.daemon()
        defer { _ = daemon.stop() }
        let listener = try Subscriber(daemon)
        // The first utterance opens the stream, which may stall: it is not measured.
        _ = try playingTime(listener, volume: 100)
        // A busy machine can only add to a playing time (a stalled stream plays later, never sooner):
        // the shortest of three is the utterance's own length.
        var shortest: [Int: Double] = [:]
        for _ in 0..<3 {
            for volume in [100, 0, 1] {
                let time = try playingTime(listener, volume: volume)
                shortest[volume] = min(shortest[volume] ?? .infinity, time)
            }
        }
        let loud = try #require(shortest[100])
        #expect(loud > 2000, "the text took \(loud) ms at volume 100")
        for volume in [0, 1] {
            let muted = try #require(shortest[volume])
            #expect(abs(muted - loud) <= loud * 0.05, "volume \(volume): \(muted) ms, volume 100: \(loud) ms")
        }
    }
}
