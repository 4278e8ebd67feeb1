import CSpeechd
public import Logging
import NarratorLocalization
import NarratorSystem
public import NarratorVoice
public import NarratorWire

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's speech seam over the player's own speech-dispatcher: their synthesizer, voice, rate
/// and audio routing (docs/SPEECH.md).
///
/// Narrator's scheduler still decides what is said when: it hands over one announcement at a time,
/// sent as SSML with an index mark at each sentence start and speech-dispatcher's `message` priority,
/// and stops it with speech-dispatcher's own cancel. Begin, end and cancel notifications become
/// `started`, `finished` and `stopped`; the marks become `sentence`, so a cut announcement resumes at
/// its sentence. Every call to speech-dispatcher waits for its reply, so they are all made on this
/// speaker's own thread: `speak` and `stop` only queue a command and return.
public final class SpeechDispatcherSpeaker: Speaker, @unchecked Sendable {
    /// The output module that speaks (`espeak-ng`), as speech-dispatcher named it on connecting.
    public let module: String
    /// The player's settings for this client, as speech-dispatcher reported them on connecting.
    public let configured: DispatcherVoice
    private let languages: Set<String>
    private let commands = ConditionLock()
    private var queue: [Command] = []
    private var closed = false
    private var finished = false
    /// The read and write ends of the pipe that wakes the speaker's thread for a command.
    private let wake: (read: Int32, write: Int32)
    private let address: String?
    private let autospawn: Bool
    private let logger: Logger
    private let messages = DispatcherMessages()

    private enum Command {
        case speak(SpeechRequest, @Sendable (SpeakerEvent) -> Void)
        case stop(AnnouncementID)
    }

    /// Connects to speech-dispatcher at `address` (nil: where libspeechd looks, `$SPEECHD_ADDRESS`
    /// else `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`), starting it there when `autospawn`
    /// and it is installed. Throws when none answers, so the caller can fall back to espeak-ng.
    public init(address: String? = nil, autospawn: Bool = true, logger: Logger) throws(SpeechDispatcherError) {
        let connection = try SSIPConnection(address: address, autospawn: autospawn)
        do {
            wake = try UnixPipe.make()
        } catch {
            connection.close()
            throw .refused("a wake-up pipe for its thread (pipe() failed)")
        }
        module = connection.module
        configured = connection.configured
        languages = connection.languages
        self.address = address
        self.autospawn = autospawn
        self.logger = logger
        connection.route(to: messages)
        OSThread.start(name: "narrator-speechd") { [self] in run(connection) }
    }

    public func speak(_ request: SpeechRequest, observer: @escaping @Sendable (SpeakerEvent) -> Void)
        throws(SpeakerError)
    {
        guard send(.speak(request, observer)) else { throw SpeakerError("The speech-dispatcher speaker is closed.") }
    }

    public func stop(_ id: AnnouncementID) {
        _ = send(.stop(id))
    }

    /// The module's voices as speech-dispatcher listed them on connecting.
    public var voices: any VoiceCatalog { DispatcherVoices(module: module, languages: languages) }

    /// speech-dispatcher's output module; its process and restarts are speech-dispatcher's own.
    public var synthesizer: Reply.Status.Synthesizer? { Reply.Status.Synthesizer(name: "speech-dispatcher \(module)") }

    public func voice(for locale: String) throws(SpeakerError) -> VoiceChoice {
        try DispatcherVoices(module: module, languages: languages).voice(for: locale)
    }

    public func voice(named name: String) throws(SpeakerError) -> VoiceChoice {
        try DispatcherVoices(module: module, languages: languages).voice(named: name)
    }

    /// Cancels what speaks, closes the connection and ends the speaker's thread; returns once it has,
    /// or after two seconds (a stalled speech-dispatcher must not hold up the daemon's exit).
    public func close() {
        commands.withLock {
            guard !closed else { return }
            closed = true
            signalThread()
        }
        let deadline = ContinuousClock.now + .seconds(2)
        commands.withLock {
            while !finished {
                let left = deadline - .now
                if left <= .zero || !commands.wait(timeout: left) { break }
            }
        }
    }

    /// Queues a command and wakes the thread; false once closed.
    private func send(_ command: Command) -> Bool {
        commands.withLock {
            guard !closed else { return false }
            queue.append(command)
            if queue.count == 1 { signalThread() }
            return true
        }
    }

    private func signalThread() {
        FileDescriptor.writeAll(wake.write, "\u{1}")
    }

    /// The speaker's thread: waits for a command or for speech-dispatcher hanging up, and makes
    /// every call to it.
    private func run(_ first: SSIPConnection) {
        var connection: SSIPConnection? = first
        while true {
            var watched: [(descriptor: Int32, events: Poll.Events)] = [(wake.read, .readable)]
            if let connection { watched.append((connection.watchDescriptor, .peerClosed)) }
            let ready: [Poll.Events]
            do throws(SystemCallError) {
                ready = try Poll.wait(watched, milliseconds: -1)
            } catch let error where error.interrupted {
                ready = watched.map { _ in [] }
            } catch {
                break
            }
            if !ready[0].isEmpty {
                var drained = [UInt8](repeating: 0, count: 64)
                _ = try? FileDescriptor.read(wake.read, into: &drained)
            }
            if let current = connection, current.isHungUp {
                lose(current, because: .hungUp)
                connection = nil
            }
            let (pending, closing) = commands.withLock {
                defer { queue.removeAll() }
                return (queue, closed)
            }
            for command in pending { connection = perform(command, on: connection) }
            if closing { break }
        }
        if let connection {
            connection.cancel()
            connection.unroute()
            connection.close()
        }
        FileDescriptor.close(wake.read)
        FileDescriptor.close(wake.write)
        commands.withLock {
            finished = true
            commands.broadcast()
        }
    }

    /// Carries out one command; returns the connection to use next (nil when it was lost).
    private func perform(_ command: Command, on connection: SSIPConnection?) -> SSIPConnection? {
        switch command {
        case .stop(let id):
            if messages.cancel(id) { connection?.cancel() }
            return connection
        case .speak(let request, let observer):
            guard let connection = connection ?? reconnect() else {
                observer(.failed(request.id, reason: "No speech-dispatcher answers; see the daemon's log."))
                return nil
            }
            let voice = DispatcherVoice.choose(request.voice, configured: connection.configured)
            do {
                // A client's SSML goes as it is (checked already): its own marks are not sentences.
                let message = try connection.say(
                    request.ssml ? request.text : MarkedText.ssml(request.text, from: request.startPosition),
                    voice: voice)
                messages.register(
                    message, id: request.id, startPosition: request.startPosition, marked: !request.ssml,
                    observer: observer)
                return connection
            } catch {
                if connection.isHungUp {
                    lose(connection, because: .hungUp)
                    observer(.failed(request.id, reason: SpeechDispatcherError.hungUp.description))
                    return nil
                }
                observer(.failed(request.id, reason: error.description))
                return connection
            }
        }
    }

    /// The connection broke: what it had pending ends `failed`, and it is closed.
    private func lose(_ connection: SSIPConnection, because error: SpeechDispatcherError) {
        connection.unroute()
        let pending = messages.failAll(reason: error.description)
        logger.error(
            "\(error) Narrator connects again for the next announcement.",
            metadata: ["speech.pending": "\(pending)"])
        connection.close()
    }

    /// A new connection for the next announcement, after the last one broke.
    private func reconnect() -> SSIPConnection? {
        do {
            let connection = try SSIPConnection(address: address, autospawn: autospawn)
            connection.route(to: messages)
            logger.notice("Connected to speech-dispatcher again", metadata: ["speech.module": "\(connection.module)"])
            return connection
        } catch {
            logger.error("\(error)")
            return nil
        }
    }
}
