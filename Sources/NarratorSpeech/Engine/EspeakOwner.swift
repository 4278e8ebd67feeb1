import CEspeakNG
import FoundationEssentials
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The only code that calls libespeak-ng, always on one thread: the speech thread of an engine
/// that speaks in its own process, or the synthesis child's main thread (`SynthesisChild`).
/// libespeak-ng is not thread-safe: concurrent calls crash the process.
struct EspeakOwner {
    /// NUL bytes after the end of every text given to espeak-ng: its UTF-8 reader looks up to three
    /// bytes past a lead byte without checking the length (docs/SPEECH.md, the es-MX crash).
    static let textPadding = 16

    /// Synthesis chunk length asked of espeak-ng, in ms. Short chunks make the first chunk and a
    /// stop (which lands at the next chunk) quicker; espeak-ng's own default is 200 ms.
    static let chunkMilliseconds: Int32 = 20

    let sampleRate: Int
    let voices: [VoiceDescription]
    /// The variants (`voices/!v`) a voice name may add after a `+`.
    let variants: [VoiceDescription]
    /// The voice last selected: `language:pl` (by properties) or `name:zlw/pl+f3` (by name).
    var appliedVoice: String?
    /// The parameters last set (`EspeakOwner+Voice`); nil: set them all again.
    var appliedSettings: EspeakSettings?
    private let logger: Logger

    /// Initializes espeak-ng for synchronous (retrieval) output on the calling thread.
    ///
    /// This is what `espeak_Initialize` does, through the espeak_ng calls it wraps: on failure
    /// `espeak_Initialize` prints espeak-ng's message to standard error itself and returns 0,
    /// while these return the status, so the message ends up in the error, once.
    /// `callback` receives the samples (`synthCallback` speaks them here; the child sends them on).
    init(
        dataPath: String?, logger: Logger,
        callback: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32 =
            synthCallback
    ) throws(SpeechError) {
        self.logger = logger
        if let dataPath {
            try EspeakData.check(dataPath)
            espeak_ng_InitializePath(dataPath)
        } else {
            espeak_ng_InitializePath(nil)
        }
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        defer { espeak_ng_ClearErrorContext(&context) }
        guard status == ENS_OK else {
            throw .initializationFailed(
                dataPath: dataPath ?? Self.defaultDataPath(), message: Self.message(of: status, context: context))
        }
        let output = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, Self.chunkMilliseconds, nil)
        guard output == ENS_OK else {
            throw .espeakCall(function: "espeak_ng_InitializeOutput", code: Int32(bitPattern: output.rawValue))
        }
        espeak_SetSynthCallback(callback)
        self.sampleRate = Int(espeak_ng_GetSampleRate())
        self.voices = Self.listVoices(nil)
        self.variants = "variant".withCString { language in
            var spec = espeak_VOICE()
            spec.languages = language
            return Self.listVoices(&spec)
        }
    }

    /// espeak-ng's own sentence for a failed status, with the file it names when there is one.
    private static func message(of status: espeak_ng_STATUS, context: espeak_ng_ERROR_CONTEXT?) -> String {
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        if let stream = open_memstream(&buffer, &size) {
            espeak_ng_PrintStatusCodeMessage(status, stream, context)
            fclose(stream)
        }
        defer { free(buffer) }
        if let buffer, size > 0 {
            return String(String(cString: buffer).reversed().drop(while: \.isWhitespace).reversed())
        }
        return "espeak-ng status 0x\(String(status.rawValue, radix: 16))."
    }

    /// The folder espeak-ng looks in when none is given: ESPEAK_DATA_PATH, else its built-in path.
    static func defaultDataPath() -> String {
        var path: UnsafePointer<CChar>?
        _ = espeak_Info(&path)
        if let path { return String(cString: path) }
        return ProcessInfo.processInfo.environment["ESPEAK_DATA_PATH"] ?? "(espeak-ng's built-in path)"
    }

    /// Every voice, or with `spec` those of its language (`variant`: the variants).
    private static func listVoices(_ spec: UnsafeMutablePointer<espeak_VOICE>?) -> [VoiceDescription] {
        guard var entry = espeak_ListVoices(spec) else { return [] }
        var voices: [VoiceDescription] = []
        while let voice = entry.pointee {
            let name = voice.pointee.name.map { String(cString: $0) } ?? ""
            let identifier = voice.pointee.identifier.map { String(cString: $0) } ?? ""
            voices.append(
                VoiceDescription(name: name, identifier: identifier, languages: parseLanguages(voice.pointee.languages))
            )
            entry += 1
        }
        return voices
    }

    /// espeak-ng packs languages as [priority byte][name][NUL]..., ended by an empty name.
    private static func parseLanguages(_ packed: UnsafePointer<CChar>?) -> [VoiceDescription.Language] {
        guard var cursor = packed else { return [] }
        var languages: [VoiceDescription.Language] = []
        while cursor.pointee != 0 {
            let priority = Int(UInt8(bitPattern: cursor.pointee))
            cursor += 1
            let tag = String(cString: cursor)
            languages.append(.init(tag: tag, priority: priority))
            cursor += strlen(cursor) + 1
        }
        return languages
    }

    /// Synthesizes `text` synchronously; the callback streams it to the context's sink. Without
    /// `ssml`, espeak-ng reads every character as text (a tag's name is spoken); with it, the markup.
    mutating func synthesize(_ text: String, ssml: Bool, context: SynthesisContext) throws(SpeechError) {
        try synthesize(text, ssml: ssml, user: Unmanaged.passUnretained(context).toOpaque())
    }

    /// Synthesizes `text`, handing `user` to the callback with every chunk.
    mutating func synthesize(_ text: String, ssml: Bool, user: UnsafeMutableRawPointer?) throws(SpeechError) {
        if ssml {
            // SSML changes the voice (`xml:lang`, `<voice>`) and prosody for later utterances too:
            // everything is applied again before the next one.
            appliedVoice = nil
            appliedSettings = nil
        }
        // A copy with room to spare after its end: espeak-ng may read past the terminating NUL.
        var bytes = [CChar](repeating: 0, count: text.utf8.count + Self.textPadding)
        bytes.withUnsafeMutableBytes { buffer in buffer.copyBytes(from: text.utf8) }
        let length = strlen(bytes) + 1
        let status = bytes.withUnsafeBufferPointer { pointer -> espeak_ERROR in
            let flags = UInt32(espeakCHARS_UTF8) | (ssml ? UInt32(espeakSSML) : 0)
            return espeak_Synth(pointer.baseAddress, length, 0, POS_CHARACTER, 0, flags, nil, user)
        }
        guard status == EE_OK else { throw .espeakCall(function: "espeak_Synth", code: status.rawValue) }
    }

    func terminate() {
        _ = espeak_Terminate()
    }
}
