import Logging
import NarratorAudio
import NarratorSpeech
import NarratorTestSupport
import NarratorWire

#if canImport(Glibc)
    import Glibc
#endif

/// An engine of its own whose libespeak-ng runs in a child: the built `narrator` in its hidden mode.
enum IsolatedEngine {
    struct NoNarrator: Error {}

    static func start(hangTimeout: Duration = .seconds(3)) throws -> SpeechEngine {
        guard let narrator = NarratorExecutable.path() else { throw NoNarrator() }
        var logger = Logger(label: "narrator.test")
        logger.logLevel = .critical
        return try SpeechEngine.isolated(
            SynthesizerProcess(executable: narrator, hangTimeout: hangTimeout), logger: logger)
    }

    /// A sink that sends `signal` to the engine's child once request `id` has written `chunk` chunks.
    static func killing(_ engine: SpeechEngine, with signal: Int32, request id: AnnouncementID, atChunk chunk: Int = 2)
        -> MemorySink
    {
        MemorySink { utterance, count in
            if utterance == id.rawValue && count == chunk, let pid = engine.synthesizerProcessID { kill(pid, signal) }
        }
    }
}
