import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// The SSIP socket (`narrator serve --ssip`): where speech-dispatcher's clients connect, with the
/// main socket's rules (its folder checked or made 0700, the socket 0600, other users refused).
/// docs/SSIP.md.
public struct SSIPListener: Sendable {
    /// Where to listen, unless `inherited` is given.
    public var path: String
    /// The SSIP socket systemd passed (`narrator-ssip.socket`): served instead of binding `path`.
    public var inherited: InheritedSocket?
    /// The speech system's voices, for `LIST SYNTHESIS_VOICES` and `SET SYNTHESIS_VOICE`.
    public var voices: [SSIPVoice]

    public init(path: String, inherited: InheritedSocket? = nil, voices: [SSIPVoice]) {
        self.path = path
        self.inherited = inherited
        self.voices = voices
    }

    /// speech-dispatcher's own per-user socket: `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`,
    /// where libspeechd and the Python `speechd` library look by default; nil without a runtime folder.
    public static func defaultPath(environment: [String: String]) -> String? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return runtime + "/speech-dispatcher/speechd.sock"
    }

    func listen(conductor: ConductorShell, logger: Logger, open: OpenConnections) async throws
        -> NIOAsyncChannel<any Channel, Never>
    {
        let path = path
        let socket = ListeningSocket(path: path, inherited: inherited, what: " for SSIP")
        return try await socket.listen(
            door: .ssip(voices: voices), conductor: conductor, open: open, logger: logger,
            prepare: {
                try SocketPath.prepare(path, option: "--ssip-socket") { pid in
                    let program = Self.program(pid)
                    let how =
                        program == "speech-dispatcher"
                        ? " (systemctl --user stop speech-dispatcher.socket speech-dispatcher.service)" : ""
                    return ServerError(
                        "\(program) (pid \(pid)) already listens for SSIP on \(path); stop it first\(how), or choose "
                            + "another --ssip-socket.")
                }
            })
    }

    /// The name of the program a process runs (`speech-dispatcher`), as /proc says.
    private static func program(_ pid: Int32) -> String {
        guard let file = fopen("/proc/\(pid)/comm", "r") else { return "A process of yours" }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, 64, file) != nil else { return "A process of yours" }
        let name = String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The kernel keeps 15 characters of the name: speech-dispatcher's is "speech-dispatch".
        return name.hasPrefix("speech-dispatch") ? "speech-dispatcher" : name.isEmpty ? "A process of yours" : name
    }
}
