import CSpeechd
import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// One open connection to speech-dispatcher through libspeechd, in threaded mode (its own thread
/// reads replies and calls the event callbacks). Every call but `close` waits for speech-dispatcher's
/// reply, so only the speaker's own thread uses it, never the daemon's event loop.
final class SSIPConnection: @unchecked Sendable {
    let handle: UnsafeMutablePointer<SPDConnection>
    /// The id speech-dispatcher gave this connection; its events carry it.
    let clientID: Int
    /// A duplicate of the connection's socket, polled for the server hanging up: libspeechd closes
    /// its own descriptor when the connection breaks, and its number may then be reused.
    let watchDescriptor: Int32
    /// The output module speaking for this connection (`espeak-ng`), and the languages its voices have.
    let module: String
    let languages: Set<String>
    /// The player's settings for this client, as speech-dispatcher reported them when it opened.
    let configured: DispatcherVoice
    private var applied: DispatcherVoice

    /// Connects to `address` (`unix_socket:/path`, or speech-dispatcher's own default: $SPEECHD_ADDRESS,
    /// else its socket in $XDG_RUNTIME_DIR), starting speech-dispatcher when `autospawn` and none listens.
    init(address: String?, autospawn: Bool) throws(SpeechDispatcherError) {
        var error: UnsafeMutablePointer<CChar>?
        var parsed: UnsafeMutablePointer<SPDConnectionAddress>?
        if let address {
            parsed = Self.parse(address)
            guard parsed != nil else { throw .badAddress(address) }
        }
        defer { if let parsed { SPDConnectionAddress__free(parsed) } }
        guard
            let handle = spd_open2(
                "narrator", "main", nil, SPD_MODE_THREADED, parsed, autospawn ? 1 : 0, &error)
        else {
            let message = error.map { String(cString: $0) } ?? "spd_open2 failed"
            free(error)
            throw .unreachable(message)
        }
        self.handle = handle
        clientID = Int(spd_get_client_id(handle))
        watchDescriptor = (try? FileDescriptor.duplicate(handle.pointee.socket)) ?? -1
        module = Self.take(spd_get_output_module(handle)) ?? "default"
        languages = Self.voiceLanguages(handle)
        configured = DispatcherVoice(
            language: Self.take(spd_get_language(handle)) ?? "en", rate: Int(spd_get_voice_rate(handle)),
            pitch: Int(spd_get_voice_pitch(handle)), volume: Int(spd_get_volume(handle)))
        applied = configured
        guard clientID > 0, watchDescriptor >= 0,
            spd_set_data_mode(handle, SPD_DATA_SSML) == 0,
            spd_set_notification_on(handle, SPD_ALL) == 0
        else {
            close()
            throw .refused("the connection's set-up (notifications, SSML)")
        }
    }

    /// Sends the settings that differ from those in force, then the text; returns the message id.
    func say(_ ssml: String, voice: DispatcherVoice) throws(SpeechDispatcherError) -> Int {
        if voice.language != applied.language {
            guard spd_set_language(handle, voice.language) == 0 else { throw .refused("language \(voice.language)") }
            applied.language = voice.language
        }
        if voice.rate != applied.rate {
            guard spd_set_voice_rate(handle, Int32(voice.rate)) == 0 else { throw .refused("rate \(voice.rate)") }
            applied.rate = voice.rate
        }
        if voice.pitch != applied.pitch {
            guard spd_set_voice_pitch(handle, Int32(voice.pitch)) == 0 else { throw .refused("pitch \(voice.pitch)") }
            applied.pitch = voice.pitch
        }
        if voice.volume != applied.volume {
            guard spd_set_volume(handle, Int32(voice.volume)) == 0 else { throw .refused("volume \(voice.volume)") }
            applied.volume = voice.volume
        }
        // MESSAGE: speech-dispatcher's queue never reorders or drops it for another client's `text`
        // (a screen reader's echo); Narrator's own scheduler has already decided what goes first.
        let message = spd_say(handle, SPD_MESSAGE, ssml)
        guard message > 0 else { throw .refused("the text") }
        return Int(message)
    }

    /// Cancels this connection's speech: the message speaking and any queued.
    func cancel() {
        _ = spd_cancel(handle)
    }

    /// Whether speech-dispatcher has closed the connection (it exited or dropped this client).
    var isHungUp: Bool {
        let ready = (try? Poll.wait(watchDescriptor, for: .peerClosed, milliseconds: 0)) ?? []
        return !ready.isDisjoint(with: [.hangUp, .peerClosed])
    }

    func close() {
        spd_close(handle)
        if watchDescriptor >= 0 { FileDescriptor.close(watchDescriptor) }
    }

    private static func parse(_ address: String) -> UnsafeMutablePointer<SPDConnectionAddress>? {
        let prefix = "unix_socket:"
        guard address.hasPrefix(prefix), address.count > prefix.count else { return nil }
        guard let parsed = calloc(1, MemoryLayout<SPDConnectionAddress>.size) else { return nil }
        let result = parsed.bindMemory(to: SPDConnectionAddress.self, capacity: 1)
        result.pointee.method = SPD_METHOD_UNIX_SOCKET
        result.pointee.unix_socket_name = strdup(String(address.dropFirst(prefix.count)))
        return result
    }

    /// A string libspeechd allocated, copied and freed.
    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func voiceLanguages(_ handle: UnsafeMutablePointer<SPDConnection>) -> Set<String> {
        guard let voices = spd_list_synthesis_voices(handle) else { return [] }
        defer { free_spd_voices(voices) }
        var languages: Set<String> = []
        var index = 0
        while let voice = voices[index] {
            if let language = voice.pointee.language { languages.insert(String(cString: language).lowercased()) }
            index += 1
        }
        return languages
    }
}
