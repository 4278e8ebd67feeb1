import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// `narrator skip` as a player runs it: the real binary against a real daemon speaking in real time
/// into a WAV file, checked by what it prints and what a subscriber of every client sees end.
@Suite("narrator skip")
struct SkipCommandTests {
    @Test("narrator skip stops what is being said, whoever's; what waits goes on")
    func skipCutsOnlyWhatIsHeard() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "skip-\(UUID().uuidString.prefix(8))"
        )
        .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(arguments: ["--output", "realtime-wav:\(folder)/speech.wav"])
        defer { _ = daemon.stop() }
        let watcher = try Subscriber(daemon)
        try watcher.client.send(Request.subscribe(allClients: true).line)
        _ = try watcher.client.readLine()
        let game = try Subscriber(daemon)
        let long = Array(repeating: "This sentence is long enough to take a while to say.", count: 12)
            .joined(separator: " ")
        let heard = try game.send(#"{"type":"say","text":"\#(long)"}"#)
        let waiting = try game.send(#"{"type":"say","text":"Next.","priority":"low"}"#)
        _ = try watcher.waitFor("started", heard)
        let run = try runNarrator(["skip", "--socket", daemon.socket])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "Skipped what was being said; what waits goes on.\n")
        _ = try watcher.waitFor("cancelled", heard)
        _ = try watcher.waitFor("finished", waiting)
    }
}
