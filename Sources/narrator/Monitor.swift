import ArgumentParser
import NarratorClient

#if canImport(Glibc)
    import Glibc
#endif

/// `narrator monitor`: every outcome of every client, one line each, as it happens.
struct Monitor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the outcome of every announcement, of every client, as it happens.",
        discussion: """
            Once it listens it says so in one line; then one line per outcome: "finished 8 RetroRacing \
            (heard after 6.2 ms): Crash! 2 lives left" (the outcome, the id, the client, in brackets what \
            else it tells and the latencies measured, then the text), and "sound pulse, lost: \
            ..." when the sound output fails. With --json, only the daemon's notifications, as they are \
            (docs/PROTOCOL.md). Stops when the daemon does, or on Ctrl-C.
            """
    )

    @OptionGroup var socket: SocketOption

    @Flag(help: "Print the daemon's JSON notifications instead, for programs.")
    var json = false

    func run() throws {
        let client = try LineClient(path: socket.path)
        try client.send(Request.hello(client: "narrator monitor", locale: nil, profile: nil).line)
        _ = try client.readLine()
        try client.send(Request.subscribe(allClients: true, latency: true).line)
        _ = try client.readLine()
        if !json {
            // Said once it listens, so a person (and a test) knows nothing from now on is missed.
            print("Listening to the announcements of every client; Ctrl-C stops.")
            fflush(nil)
        }
        while let line = try client.readLine() {
            if !json, case .notification(let notification)? = try? DaemonLine.parse(line) {
                print(ReadableLines.notification(notification))
            } else {
                print(line)
            }
            fflush(nil)  // a pipe reader sees each line as it happens
        }
    }
}
