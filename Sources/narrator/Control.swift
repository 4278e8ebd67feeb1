import ArgumentParser
import NarratorClient

/// `narrator stop`: silence every client's speech now, what waits included.
struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Silence all speech now: what speaks and what waits, of every game and tool.",
        discussion: #"Sends {"type":"cancel","all_clients":true}. Sounds already playing finish; new speech is said."#)

    @OptionGroup var socket: SocketOption

    func run() throws {
        _ = try DaemonQuery.ask([.cancel(scope: nil, allClients: true)], socket: socket.path, as: "narrator stop")
        print("Stopped all speech.")
    }
}

/// `narrator skip`: cut what is being said now, whoever's; what waits goes on.
struct Skip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Stop what is being said now, of whichever game or tool; what waits goes on.",
        discussion: """
            Sends {"type":"cancel","speaking":true,"all_clients":true}. Nothing waiting is touched, not even \
            speech cut earlier and kept to continue; narrator stop silences that too.
            """)

    @OptionGroup var socket: SocketOption

    func run() throws {
        let skip = Request.cancel(scope: nil, allClients: true, speaking: true)
        _ = try DaemonQuery.ask([skip], socket: socket.path, as: "narrator skip")
        print("Skipped what was being said; what waits goes on.")
    }
}

/// `narrator pause`: hold all speech until `narrator resume`.
struct Pause: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pause all speech, of every game and tool, until narrator resume.",
        discussion: """
            What speaks stops and continues from its sentence on resume; new speech waits. The pause stays \
            after this command exits; `narrator status` shows it and who paused.
            """)

    @OptionGroup var socket: SocketOption

    func run() throws {
        _ = try DaemonQuery.ask([.pause(allClients: true)], socket: socket.path, as: "narrator pause")
        print("Paused all speech; narrator resume lets it speak again.")
    }
}

/// `narrator resume`: lift every pause.
struct Resume: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resume all speech: lift the pause of all speech and every game's own pause.",
        discussion: "What was paused continues from its sentence; what waited is said in its turn.")

    @OptionGroup var socket: SocketOption

    func run() throws {
        _ = try DaemonQuery.ask([.resume(allClients: true)], socket: socket.path, as: "narrator resume")
        print("Speech resumed.")
    }
}
