import Dispatch
import NarratorVoice
import Synchronization

/// The speech thread's work: take jobs in order and speak each to its end or its stop.
struct SpeechLoop<Owner: Synthesizer> {
    var owner: Owner
    let control: EngineControl

    mutating func run() {
        while let (job, stoppedWhileQueued) = control.next() {
            if stoppedWhileQueued {
                job.observer(.stopped(job.id, resumePosition: job.request.startPosition))
                continue
            }
            speak(job)
            owner.prepareNext()
        }
        owner.terminate()
    }

    private mutating func speak(_ job: SpeechJob) {
        let request = job.request
        do throws(SpeechError) {
            try owner.apply(job.voice, request.voice)
        } catch {
            control.endCurrent()
            job.observer(.failed(job.id, reason: error.description))
            return
        }
        job.sink.begin(
            utterance: job.sinkID, pan: request.pan, gain: SynthesisContext.sinkGain(volume: request.voice.volume))
        guard control.makeCurrent(job) else {
            control.endCurrent()
            job.observer(.stopped(job.id, resumePosition: request.startPosition))
            return
        }
        job.observer(.started(job.id))

        let offset = min(max(request.startPosition, 0), request.text.unicodeScalars.count)
        let text = String(String.UnicodeScalarView(request.text.unicodeScalars.dropFirst(offset)))
        let cantonese =
            VoiceSelection.isCantonese(job.voice) || (request.ssml && SpokenText.mayChooseCantonese(text))
        let spoken = SpokenText(text, cantonese: cantonese, ssml: request.ssml)
        let context = SynthesisContext(job: job, offset: offset, spoken: spoken, control: control)
        var failure: SpeechError?
        do throws(SpeechError) {
            try owner.synthesize(spoken.text, ssml: request.ssml, context: context)
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
            job.observer(.failed(job.id, reason: failure.description))
        case (_, .failed(let reason)) where !aborted:
            job.observer(.failed(job.id, reason: SpeechError.audioOutputFailed(reason).description))
        case (_, .played) where !aborted:
            job.observer(.finished(job.id))
        default:
            job.observer(.stopped(job.id, resumePosition: context.lastSentence.withLock { $0 }))
        }
    }
}
