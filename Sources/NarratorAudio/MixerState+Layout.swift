import NarratorVoice

extension MixerState {
    /// The device now takes `channels` (a stereo stream found its sink mono, or a later one found
    /// it stereo again): the buses, their history and the limiter start again in that many, and
    /// every earcon still sounding goes on converted (`ChannelLayout`). It happens as a device opens,
    /// with nothing of it queued there, so nothing written before is ever mixed again.
    mutating func relayout(channels: Int) {
        let old = self.channels
        guard channels != old, channels == 1 || channels == 2 else { return }
        earcons = earcons.map { voice in
            var moved = EarconVoice(
                samples: ChannelLayout.convert(voice.samples[voice.position...], from: old, to: channels),
                gain: voice.gain)
            moved.isNew = voice.isNew
            // Still to be timed from its first audible sample (W19), wherever the move left it.
            moved.requested = voice.requested
            return moved
        }
        history = Array(repeating: 0, count: history.count / old * channels)
        speechHistory = Array(repeating: 0, count: speechHistory.count / old * channels)
        speechBus = Array(repeating: 0, count: speechBus.count / old * channels)
        limiter = Limiter(sampleRate: sampleRate, channels: channels)
        self.channels = channels
        output.channels = channels
    }
}
