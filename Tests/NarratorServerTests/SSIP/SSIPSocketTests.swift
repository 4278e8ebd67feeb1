import Foundation
import NarratorTestSupport
import Testing

/// The SSIP socket's place: made as the main socket is, and never taken from a live
/// speech-dispatcher.
@Suite struct SSIPSocketTests {
    @Test func theSocketIsPrivateInAFolderOfItsOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ssip-\(UUID().uuidString.prefix(8))"
        )
        .path
        let ssip = folder + "/speech-dispatcher/speechd.sock"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--ssip-socket", ssip])
        defer { _ = daemon.stop() }
        let socketMode = try FileManager.default.attributesOfItem(atPath: ssip)[.posixPermissions] as? Int
        let folderMode =
            try FileManager.default.attributesOfItem(atPath: folder + "/speech-dispatcher")[.posixPermissions] as? Int
        #expect(socketMode == 0o600 && folderMode == 0o700)
        #expect(daemon.logText.contains("Listening for SSIP"))
    }

    @Test func aClientOfAnotherUserGetsOneSSIPErrorAndNothingElse() throws {
        guard canActAsAnotherUser(), let setpriv = PrivatePulseAudio.findExecutable("setpriv"),
            let socat = PrivatePulseAudio.findExecutable("socat")
        else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ssip-\(UUID().uuidString.prefix(8))"
        )
        .path
        let ssip = folder + "/ssip/speechd.sock"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--ssip-socket", ssip])
        defer { _ = daemon.stop() }
        // Open the folders and the socket to everyone, so only the peer check stands in the way.
        for path in [folder, folder + "/ssip"] { chmod(path, 0o755) }
        chmod(ssip, 0o666)
        let run = try runProgram(
            setpriv.path,
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", socat.path, "-t", "10", "-",
                "UNIX-CONNECT:\(ssip)",
            ],
            input: "SPEAK\r\nHello.\r\n.\r\n")
        #expect(run.output == "401 ERR NOT ALLOWED: THIS NARRATOR BELONGS TO USER 0\r\n", "\(run.output) \(run.errors)")
        #expect(daemon.waitForLog("Refused an SSIP client of another user"))
        #expect(try daemon.request(#"{"type":"history"}"#) == #"{"ok":true,"history":[]}"#)
    }

    @Test func aLiveSpeechDispatcherIsRefusedNotReplaced() throws {
        let pulse = try PrivatePulseAudio.start()
        defer { pulse.stop() }
        let dispatcher = try PrivateSpeechDispatcher.start(playingInto: pulse)
        defer { dispatcher.stop() }
        let path = String(dispatcher.address.dropFirst("unix_socket:".count))
        let narrator = try #require(NarratorExecutable.path())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ssip-\(UUID().uuidString.prefix(8))"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ChildProcess.run(
            narrator, ["serve", "--socket", folder + "/n.sock", "--output", "null", "--ssip-socket", path],
            limit: .seconds(30))
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "speech-dispatcher (pid \(dispatcher.pid)) already listens for SSIP on \(path); stop it first"),
            "\(run.errors)")
        // speech-dispatcher still answers there.
        let client = try SSIPLineClient(path: path, readLimit: .seconds(10))
        client.send("HISTORY GET CLIENT_ID\r\n")
        #expect(client.last()?.hasPrefix("2") == true)
    }
}
