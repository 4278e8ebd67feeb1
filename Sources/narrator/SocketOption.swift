import ArgumentParser
import FoundationEssentials
import NarratorClient

/// `--socket`, shared by the commands that talk to the daemon.
struct SocketOption: ParsableArguments {
    @Option(
        help:
            "The daemon's socket (default: $XDG_RUNTIME_DIR/narrator/narrator.sock, or /tmp/narrator-$UID/narrator.sock)."
    )
    var socket: String?

    var path: String { socket ?? DaemonSocket.defaultPath(environment: ProcessInfo.processInfo.environment) }
}
