import Foundation
import NarratorTestSupport
import Testing

/// A process of another user (uid 65534, through `setpriv`) listening on a socket, as someone who
/// replaced the narrator's socket would: socat, echoing back whatever it is sent, so a client that
/// talks to it gets answers. Its log (`socat -v`) shows every byte it received. It serves one
/// connection, then ends.
final class Impostor {
    static let uid: UInt32 = 65534
    let folder: String
    let socket: String
    private let child: ChildProcess
    private var log: String

    /// Starts listening; nil (with the reason recorded) where this test cannot act as another user.
    static func start() throws -> Impostor? {
        guard canActAsAnotherUser() else { return nil }
        guard let setpriv = PrivatePulseAudio.findExecutable("setpriv"),
            let socat = PrivatePulseAudio.findExecutable("socat")
        else {
            Issue.record("setpriv and socat are needed to start a listener as another user")
            return nil
        }
        return try Impostor(setpriv: setpriv.path, socat: socat.path)
    }

    private init(setpriv: String, socat: String) throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "narrator-impostor-\(UUID().uuidString.prefix(8))"
            )
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #require(chown(folder, Self.uid, Self.uid) == 0)
        socket = folder + "/narrator.sock"
        child = try ChildProcess(
            executable: setpriv,
            arguments: [
                "--reuid=\(Self.uid)", "--regid=\(Self.uid)", "--clear-groups", socat, "-d", "-d", "-v",
                "UNIX-LISTEN:\(socket)", "EXEC:cat",
            ],
            environment: ProcessInfo.processInfo.environment, captureErrors: true)
        let (listening, text) = child.read(until: "listening on")
        log = text
        guard listening else {
            child.stop()
            throw DaemonProcess.DaemonFailure(description: "the impostor did not listen:\n\(text)")
        }
    }

    /// Everything it logged, once its connection has ended (it is killed if that takes 30 s).
    func finish() -> String {
        let (_, rest) = child.read(until: "exiting with status", within: .seconds(30))
        child.stop()
        log += rest
        try? FileManager.default.removeItem(atPath: folder)
        return log
    }

    /// Whether any request line reached it (socat -v logs received data verbatim).
    static func receivedRequest(_ log: String) -> Bool { log.contains(#""type""#) }
}
