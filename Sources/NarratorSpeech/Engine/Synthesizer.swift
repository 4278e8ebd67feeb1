/// What the speech thread speaks through: libespeak-ng in this process (`EspeakOwner`), or in a
/// sandboxed child process (`ChildSynthesizer`). Used by one thread only.
protocol Synthesizer: SendableMetatype {
    /// Output sample rate: mono, signed 16-bit.
    var sampleRate: Int { get }
    var voices: [VoiceDescription] { get }
    /// The variants (`voices/!v`) a voice name may add after a `+`.
    var variants: [VoiceDescription] { get }

    /// Selects the voice and parameters of the next utterance.
    mutating func apply(_ voice: ResolvedVoice, _ settings: VoiceRequest) throws(SpeechError)
    /// Synthesizes `text`, handing every chunk to `context.deliver` until it says stop.
    mutating func synthesize(_ text: String, ssml: Bool, context: SynthesisContext) throws(SpeechError)
    /// Called after each utterance's last event: a synthesizer that lost its process starts another.
    mutating func prepareNext()
    /// Releases the synthesizer; nothing is called after this.
    mutating func terminate()
}

extension EspeakOwner: Synthesizer {
    func prepareNext() {}
}
