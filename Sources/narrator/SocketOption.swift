import ArgumentParser
import FoundationEssentials
import NarratorClient
import NarratorSystem

/// `--socket`, shared by the commands that talk to the daemon.
struct SocketOption: ParsableArguments {
    @Option(
        help:
            "The daemon's socket, a path of at most \(DaemonSocket.maximumPathBytes) bytes (default: $XDG_RUNTIME_DIR/narrator/narrator.sock, or /tmp/narrator-$UID/narrator.sock). Clients talk only to a daemon of their own user."
    )
    var socket: String?

    var path: String { socket ?? DaemonSocket.defaultPath(environment: ProcessInfo.processInfo.environment) }
}
