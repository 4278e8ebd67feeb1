import NarratorSpeech
import NarratorVoice
import Synchronization

/// espeak-ng's voices for checking a configuration, started only when a locale or a voice is
/// checked (a rate needs no speech engine), and shut down by `close`.
final class ConfigVoices: VoiceCatalog {
    private let espeakData: String?
    private let engine = Mutex<SpeechEngine?>(nil)

    init(espeakData: String?) {
        self.espeakData = espeakData
    }

    func voice(for locale: String) throws(SpeakerError) -> VoiceChoice {
        try catalog().voice(for: locale)
    }

    func voice(named name: String) throws(SpeakerError) -> VoiceChoice {
        try catalog().voice(named: name)
    }

    func close() {
        engine.withLock { $0?.shutdown() }
    }

    private func catalog() throws(SpeakerError) -> EngineVoices {
        try engine.withLock { (engine: inout SpeechEngine?) throws(SpeakerError) -> EngineVoices in
            if let engine { return EngineVoices(engine: engine, logsFallbacks: false) }
            let started: SpeechEngine
            do throws(SpeechError) {
                started = try SpeechEngine.shared(dataPath: espeakData, logger: CommandLogger.make())
            } catch {
                throw SpeakerError(error.description)
            }
            engine = started
            return EngineVoices(engine: started, logsFallbacks: false)
        }
    }
}
