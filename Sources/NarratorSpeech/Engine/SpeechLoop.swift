import Dispatch
import NarratorAudio
import Synchronization

/// The speech thread's work: take jobs in order and speak each to its end or its stop.
struct SpeechLoop<Owner: Synthesizer> {
    var owner: Owner
    let control: EngineControl

    mutating func run() {
        while let (job, stoppedWhileQueued) = control.next() {
            if stoppedWhileQueued {
                job.observer(.stopped(id: job.utterance.id, resumePosition: job.utterance.startPosition))
                continue
            }
            speak(job)
            owner.prepareNext()
        }
        owner.terminate()
    }

    private mutating func speak(_ job: SpeechJob) {
        let utterance = job.utterance
        do throws(SpeechError) {
            try owner.apply(job.voice, utterance.voice)
        } catch {
            control.endCurrent()
            job.observer(.failed(id: utterance.id, error: error))
            return
        }
        job.sink.begin(utterance: utterance.id)
        guard control.makeCurrent(job) else {
            control.endCurrent()
            job.observer(.stopped(id: utterance.id, resumePosition: utterance.startPosition))
            return
        }
        job.observer(.started(id: utterance.id, voice: job.voice))

        let offset = min(max(utterance.startPosition, 0), utterance.text.unicodeScalars.count)
        let text = String(String.UnicodeScalarView(utterance.text.unicodeScalars.dropFirst(offset)))
        let cantonese =
            VoiceSelection.isCantonese(job.voice) || (utterance.ssml && SpokenText.mayChooseCantonese(text))
        let spoken = SpokenText(text, cantonese: cantonese, ssml: utterance.ssml)
        let context = SynthesisContext(job: job, offset: offset, spoken: spoken, control: control)
        var failure: SpeechError?
        do throws(SpeechError) {
            try owner.synthesize(spoken.text, ssml: utterance.ssml, context: context)
        } catch {
            failure = error
        }

        // Wait until the sink has played everything (or dropped it on a stop, or lost it).
        let result = Mutex(PlaybackResult.interrupted)
        let done = DispatchSemaphore(value: 0)
        job.sink.finish { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        let aborted = control.abortCurrent.load(ordering: .sequentiallyConsistent)
        control.endCurrent()

        switch (failure, result.withLock { $0 }) {
        case (let failure?, _) where !aborted:
            job.observer(.failed(id: utterance.id, error: failure))
        case (_, .failed(let reason)) where !aborted:
            job.observer(.failed(id: utterance.id, error: .audioOutputFailed(reason)))
        case (_, .played) where !aborted:
            job.observer(.finished(id: utterance.id))
        default:
            job.observer(.stopped(id: utterance.id, resumePosition: context.lastSentence.withLock { $0 }))
        }
    }
}
