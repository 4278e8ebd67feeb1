import ArgumentParser
import NarratorClient

#if canImport(Glibc)
    import Glibc
#endif

/// `narrator monitor`: every outcome of every client, one JSON line each, as it happens.
struct Monitor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the outcome of every announcement, of every client, as it happens.",
        discussion: "Lines are the daemon's notifications (docs/PROTOCOL.md). Stops when the daemon does, or on Ctrl-C."
    )

    @OptionGroup var socket: SocketOption

    func run() throws {
        let client = try LineClient(path: socket.path)
        try client.send(Request.subscribe(allClients: true).line)
        _ = try client.readLine()
        while let line = try client.readLine() {
            print(line)
            fflush(nil)  // a pipe reader sees each line as it happens
        }
    }
}
