import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// Speech that never goes mute (docs/AUDIO.md, "Why the narrator went mute"): real `narrator serve`
/// playing to a private PulseAudio, or to PipeWire's pulse server, while other programs come and go
/// on the sink with their own latencies and the server is killed, restarted and started late. Each
/// sequence says many things in a row, each one a second after the last ended, as a game would:
/// every announcement must finish, and be heard to its end in the recording.
@Suite("Speech that never goes mute", .serialized)
struct NeverMuteTests {
    /// A phrase of about 2.3 s whose pauses are all shorter than `gap`.
    static let phrase = #"{"type":"say","text":"Two lives remaining. Keep to the middle lane."}"#
    /// Recorded silence this long ends a phrase.
    static let gap = 11_025

    /// The witness recording and the daemon, one step at a time.
    struct Sequence {
        let listener: Subscriber
        var witness: MonitorRecorder
        /// How long the first phrase was heard for, in samples: what every later one must match.
        var reference: Int?
        var step = 0
        /// How the sound server is doing, added to a failure: a server that stopped answering is the
        /// test's environment failing, not the narrator going mute, and the message must say which.
        var server: () -> String = { "" }

        /// Lets a second of the recording pass: the game's pace between announcements.
        func pause() {
            #expect(witness.waitForSamples(witness.count + PrivatePulseAudio.sampleRate))
        }

        /// Says the phrase, waits for its end, and checks it finished and was heard whole.
        mutating func sayAndHear(_ context: @autoclosure () -> String) throws {
            step += 1
            let before = witness.count
            let id = try listener.send(NeverMuteTests.phrase)
            let end = try listener.waitForEnd(id)
            try #require(
                end?.event == "finished",
                "announcement \(step) (\(context())) ended \(end?.event ?? "never"): \(end?.fields ?? [:])\n\(server())"
            )
            let start = try #require(
                witness.waitForSound(after: before),
                "announcement \(step) (\(context())) finished but was not heard\n\(server())")
            let silence = try #require(
                witness.waitForSilence(after: start, length: NeverMuteTests.gap),
                "announcement \(step) (\(context())): no silence after it")
            let heard = silence - start
            if let reference {
                #expect(
                    abs(heard - reference) < reference / 10,
                    "announcement \(step) (\(context())) heard for \(heard) samples, the first for \(reference)")
            } else {
                reference = heard
                #expect(heard > PrivatePulseAudio.sampleRate, "the first announcement was heard for \(heard) samples")
            }
        }
    }

    /// Other programs on the sink, started and stopped between announcements.
    final class Neighbours {
        let server: String
        let source: String
        var recorders: [Int: MonitorRecorder] = [:]
        var players: [Int: TonePlayer] = [:]

        init(server: String, source: String) {
            self.server = server
            self.source = source
        }

        /// A recorder on the sink's monitor at `latency` ms, known to be attached once it records.
        func record(_ latency: Int) throws {
            let recorder = try MonitorRecorder.parec(
                server: server, source: source, sampleRate: PrivatePulseAudio.sampleRate, latencyMilliseconds: latency)
            #expect(recorder.waitForSamples(1), "the \(latency) ms recorder did not start")
            recorders[latency] = recorder
        }

        /// A quiet tone played at `latency` ms, known to play once the witness hears it.
        func play(_ latency: Int, witness: MonitorRecorder) throws {
            let before = witness.count
            players[latency] = try TonePlayer(
                server: server, sampleRate: PrivatePulseAudio.sampleRate, latencyMilliseconds: latency)
            #expect(witness.waitForSound(after: before, threshold: 50) != nil, "the \(latency) ms player was not heard")
        }

        func stopRecording(_ latency: Int) { recorders.removeValue(forKey: latency)?.stop() }
        func stopPlaying(_ latency: Int) { players.removeValue(forKey: latency)?.stop() }

        func stopAll() {
            for recorder in recorders.values { recorder.stop() }
            for player in players.values { player.stop() }
            recorders = [:]
            players = [:]
        }
    }

    /// A daemon playing to `server`, and ten announcements while recorders at 5, 50 and 500 ms and
    /// players at 20 and 200 ms join and leave the sink between them.
    private func tenWithNeighbours(
        server: String, sink: String, witness: MonitorRecorder, diagnosis: @escaping () -> String = { "" }
    ) throws {
        let neighbours = Neighbours(server: server, source: sink + ".monitor")
        defer { neighbours.stopAll() }
        let daemon = try DaemonProcess(arguments: ["--output", "pulse"], environment: ["PULSE_SERVER": server])
        defer { _ = daemon.stop() }
        var sequence = Sequence(listener: try Subscriber(daemon), witness: witness)
        sequence.server = diagnosis
        sequence.listener.client.setReadTimeout(.seconds(10))
        let changes: [(String, () throws -> Void)] = [
            ("only the witness", {}),
            ("a 5 ms recorder joins", { try neighbours.record(5) }),
            (
                "the 5 ms recorder leaves, a 500 ms one joins",
                {
                    neighbours.stopRecording(5)
                    try neighbours.record(500)
                }
            ),
            ("a 200 ms player joins", { try neighbours.play(200, witness: witness) }),
            ("the 500 ms recorder leaves", { neighbours.stopRecording(500) }),
            (
                "the 200 ms player leaves, a 20 ms one joins",
                {
                    neighbours.stopPlaying(200)
                    try neighbours.play(20, witness: witness)
                }
            ),
            ("a 50 ms recorder joins", { try neighbours.record(50) }),
            ("every other program leaves", { neighbours.stopAll() }),
            (
                "a 500 ms recorder and a 200 ms player join",
                {
                    try neighbours.record(500)
                    try neighbours.play(200, witness: witness)
                }
            ),
            ("the 500 ms recorder leaves", { neighbours.stopRecording(500) }),
        ]
        for (context, change) in changes {
            try change()
            sequence.pause()
            try sequence.sayAndHear(context)
        }
    }

    @Test("PulseAudio: ten announcements a second apart while recorders and players at other latencies come and go")
    func pulseNeighbours() throws {
        let pulse = try PrivatePulseAudio.start()
        defer { pulse.stop() }
        // The witness records at 50 ms, as a desktop's recorder would: the case that went mute.
        let witness = try pulse.record(latencyMilliseconds: 50)
        defer { witness.stop() }
        #expect(witness.waitForSamples(PrivatePulseAudio.sampleRate))
        try tenWithNeighbours(
            server: pulse.server, sink: pulse.sinkName, witness: witness, diagnosis: { pulse.diagnostics })
    }

    @Test("PipeWire's pulse server: ten announcements a second apart while recorders and players come and go")
    func pipeWireNeighbours() throws {
        let pipewire = try PrivatePipeWire.start()
        defer { pipewire.stop() }
        let witness = try pipewire.record()
        defer { witness.stop() }
        #expect(witness.waitForSamples(PrivatePulseAudio.sampleRate))
        try tenWithNeighbours(
            server: pipewire.server, sink: pipewire.sinkName, witness: witness, diagnosis: { pipewire.diagnostics })
    }

    @Test("PulseAudio started late, then killed and restarted, then restarted twice in a row: five heard after each")
    func pulseRestarts() throws {
        let folder = try PrivatePulseAudio.newFolder()
        let daemon = try DaemonProcess(
            arguments: ["--output", "pulse"], environment: ["PULSE_SERVER": PrivatePulseAudio.server(in: folder)])
        defer { _ = daemon.stop() }
        #expect(daemon.waitForLog("No sound:"))
        let listener = try Subscriber(daemon)
        listener.client.setReadTimeout(.seconds(10))
        var pulse = try PrivatePulseAudio.start(in: folder)
        defer { pulse.stop() }
        var witness = try pulse.record(latencyMilliseconds: 50)
        defer { witness.stop() }
        #expect(witness.waitForSamples(PrivatePulseAudio.sampleRate))
        var sequence = Sequence(listener: listener, witness: witness)
        for restarts in [0, 1, 2] {
            for _ in 0..<restarts {
                witness.stop()
                pulse.kill()
                pulse = try PrivatePulseAudio.start(in: folder)
                witness = try pulse.record(latencyMilliseconds: 50)
                #expect(witness.waitForSamples(PrivatePulseAudio.sampleRate / 10))
            }
            sequence.witness = witness
            sequence.server = { [pulse] in pulse.diagnostics }
            for index in 1...5 {
                sequence.pause()
                try sequence.sayAndHear(
                    "phrase \(index) after \(restarts == 0 ? "a late start" : "\(restarts) restarts")")
            }
        }
    }

    @Test(
        "PipeWire's pulse server started late, then killed and restarted, then restarted twice in a row: five heard after each"
    )
    func pipeWireRestarts() throws {
        let pipewire = try PrivatePipeWire.start()
        defer { pipewire.stop() }
        let witness = try pipewire.record()
        defer { witness.stop() }
        #expect(witness.waitForSamples(PrivatePulseAudio.sampleRate))
        // A late start, as the narrator sees it: nothing answers at its PULSE_SERVER when it
        // starts (the graph and the recording already run, beneath the pulse server).
        pipewire.killPulseServer()
        let daemon = try DaemonProcess(
            arguments: ["--output", "pulse"], environment: ["PULSE_SERVER": pipewire.server])
        defer { _ = daemon.stop() }
        #expect(daemon.waitForLog("No sound:"))
        var sequence = Sequence(listener: try Subscriber(daemon), witness: witness)
        sequence.server = { pipewire.diagnostics }
        sequence.listener.client.setReadTimeout(.seconds(10))
        try pipewire.restartPulseServer()
        for restarts in [0, 1, 2] {
            for _ in 0..<restarts {
                pipewire.killPulseServer()
                try pipewire.restartPulseServer()
            }
            for index in 1...5 {
                sequence.pause()
                try sequence.sayAndHear(
                    "phrase \(index) after \(restarts == 0 ? "a late start" : "\(restarts) restarts")")
            }
        }
    }
}
