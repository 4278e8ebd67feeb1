import Foundation
import NarratorClient
import NarratorTestSupport
import Testing

/// Real Orca (Debian's 43) speaking through the narrator's SSIP door: the narrator on a private
/// PulseAudio (`SSIPDaemon`), a private desktop (Xvfb, a session bus, the AT-SPI registry) with Orca
/// told to use speech-dispatcher at the narrator's SSIP socket, and the GTK test window. Every
/// announcement's outcomes are read from the narrator as they happen (a subscriber with
/// `all_clients`). Ready once Orca has said the window's first button. Stop it with `stop()`.
final class OrcaDesktop: @unchecked Sendable {
    let daemon: SSIPDaemon
    let desktop: PrivateDesktop
    let outcomes = OutcomeLog()
    private let listener: LineClient

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(_ settings: PrivateDesktop.OrcaSettings = .init()) throws {
        daemon = try SSIPDaemon()
        do {
            desktop = try PrivateDesktop.start()
        } catch {
            daemon.stop()
            throw error
        }
        do {
            listener = try LineClient(path: daemon.socket)
            try listener.send(#"{"type":"subscribe","all_clients":true}"#)
            guard let reply = try listener.readLine(), reply.contains(#""ok":true"#) else {
                throw Failure(description: "subscribe was refused")
            }
        } catch {
            desktop.stop()
            daemon.stop()
            throw error
        }
        Thread { [listener, outcomes] in
            while let line = try? listener.readLine() { outcomes.append(line) }
        }.start()
        do {
            try desktop.startOrca(speechdAddress: "unix_socket:" + daemon.ssipSocket, settings: settings)
            // Orca's greeting is its readiness: it is connected and speaking.
            _ = try said("Screen reader on", event: "finished", limit: .seconds(30))
            try desktop.startWindow()
            _ = try said("Start race push button", event: "finished")
        } catch {
            stop()
            throw error
        }
    }

    /// The first outcome `event` of an Orca announcement whose words contain `words`, coming after
    /// position `start` of the outcomes; fails with what was said, and the state of Orca, if none comes.
    func said(
        _ words: String, event: String = "started", after start: Int = 0, limit: Duration = .seconds(20)
    ) throws -> OutcomeLog.Outcome {
        if let found = outcomes.waitFor(
            after: start, limit: limit,
            { $0.client == "Orca" && $0.event == event && $0.words.contains(words) })
        {
            return found
        }
        let heard = outcomes.all.map { "\($0.event) \($0.id) \($0.client): \($0.words)" }.joined(separator: "\n")
        throw Failure(
            description: "Orca did not say \"\(words)\" (\(event)) within \(limit). Outcomes:\n\(heard)\n"
                + desktop.diagnostics + "\nthe narrator's log:\n" + daemon.logText)
    }

    func stop() {
        desktop.stop()
        daemon.stop()
    }
}
