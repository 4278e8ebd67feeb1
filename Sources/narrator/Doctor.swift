import ArgumentParser
import FoundationEssentials
import NarratorClient
import NarratorSystem

/// `narrator doctor`: why speech is slow or silent, one check a line, and what to do about each.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check why speech is slow or silent, and say what to fix.",
        discussion: """
            Asks the running narrator (its status) and checks what it cannot see itself: the narrator and \
            its socket (this user's, mode 0600, in a folder no one else can write); its sound output; the \
            sound server it plays to and the sink there (a stream opened as the narrator opens its own, a \
            tenth of a second of silence played: muted, volume 0, or suspended so that it plays nothing); \
            the latencies it measured and its underruns; the synthesizer; the voices for the configured \
            locales (espeak-ng's, as `narrator voices --locale` finds them); and the SSIP door for \
            speech-dispatcher's clients. One line per check: ok with what was found, fix with what to do, \
            or -- for what needs nothing. Without a running narrator, the checks that need it are skipped, \
            said once. Exits 1 when anything needs fixing. README, "When it is slow or silent".
            """)

    @OptionGroup var socket: SocketOption

    @Flag(help: "Print the checks as one JSON object instead, for programs.")
    var json = false

    @Option(
        help:
            "Folder holding espeak-ng-data, or the data folder itself, when the narrator was started with --espeak-data."
    )
    var espeakData: String?

    func run() throws {
        var report = DoctorReport()
        if let status = checkNarrator(&report) {
            checkSound(status, &report)
            checkLatency(status, &report)
            checkSynthesizer(status, &report)
            checkVoices(status, &report)
        }
        checkSSIP(&report)
        try report.finish(json: json)
    }

    /// The narrator answers on its socket, and the socket is safe; its status, or nil (said once).
    private func checkNarrator(_ report: inout DoctorReport) -> Reply.Status? {
        let path = socket.path
        let answer = report.check("narrator") { () throws -> Reply.Status in
            let client: LineClient
            do {
                client = try LineClient(path: path)
            } catch let failure as LineClient.Failure where failure.reason == .noDaemon {
                throw DoctorError(
                    "nothing answers on \(path): start it (`systemctl --user start narrator.socket`, or "
                        + "`narrator serve`), or give its --socket")
            }
            client.setReadTimeout(DaemonQuery.replyTimeout)
            try client.send(Request.hello(client: "narrator doctor", locale: nil, profile: nil).line)
            try client.send(Request.status.line)
            client.finishSending()
            while let line = try client.readLine() {
                if case .status(let status)? = try DaemonLine.parse(line).reply { return status }
            }
            throw DoctorError("the narrator on \(path) gave no status; restart it")
        } describe: {
            "version \($0.version), up \(ReadableLines.duration(milliseconds: $0.uptimeMilliseconds)), on \(path)"
        }
        checkSocket(path, &report)
        if answer == nil {
            report.note(
                "the rest", "not checked: sound, latency, synthesizer and voices are the running narrator's to tell")
        }
        return answer
    }

    /// The socket is this user's, mode 0600 (no other user may connect), in a folder of this user's
    /// that no one else can write (and so replace the socket).
    private func checkSocket(_ path: String, _ report: inout DoctorReport) {
        guard let info = try? FileStatus.of(path, followingLinks: false) else { return }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        report.check("socket") { () throws -> String in
            let mode = String(info.permissions, radix: 8)
            guard info.kind == .socket else {
                throw DoctorError("\(path) is not a socket: remove it and start the narrator again")
            }
            guard info.owner == ProcessIdentity.userID else {
                throw DoctorError("\(path) belongs to another user (uid \(info.owner)): use a --socket of your own")
            }
            guard info.permissions & 0o077 == 0 else {
                throw DoctorError(
                    "\(path) has mode 0\(mode): other users may connect; `chmod 600 \(path)` (the narrator makes it 0600)"
                )
            }
            guard let folderInfo = try? FileStatus.of(folder, followingLinks: false),
                folderInfo.owner == ProcessIdentity.userID, !folderInfo.writableByOthers
            else {
                throw DoctorError(
                    "its folder \(folder) is not yours alone (another user could replace the socket): "
                        + "`chmod go-w \(folder)`, or a --socket in a folder of your own")
            }
            return "mode 0\(mode)"
        } describe: {
            "\($0), yours, in a folder only you can write"
        }
    }
}

/// What a check found wrong, and what to do: the words after `fix  NAME: `.
struct DoctorError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
