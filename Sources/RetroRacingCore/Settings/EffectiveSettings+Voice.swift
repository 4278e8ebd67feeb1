extension EffectiveSettings {
    /// The `set` a new connection to the narrator sends after `hello`: the parts of the voice the
    /// player chose, and the effects volume unless it is the narrator's own; nil when there is none,
    /// so the narrator's defaults (the player's narrator settings, docs/CONFIG.md) apply.
    public var voiceSetup: Request? {
        let change = Request.VoiceChange(
            rate: speechRate, pitch: speechPitch, volume: speechVolume, effectsVolume: effectsVolume)
        return change == Request.VoiceChange() ? nil : .set(change)
    }

    /// The `set` for a change of the speech rate on the settings screen: the rate chosen, or, back
    /// at the system default, a reset (`"rate":null`) to the narrator's own default rate, never a
    /// number that would stand in for it.
    public var speechRateChange: Request {
        .set(Request.VoiceChange(rate: speechRate, reset: speechRate == nil ? [.rate] : []))
    }

    /// The `set` for a change of the sound-effects volume: the volume in effect, or a reset to the
    /// narrator's own.
    public var effectsVolumeChange: Request {
        .set(Request.VoiceChange(effectsVolume: effectsVolume, reset: effectsVolume == nil ? [.effectsVolume] : []))
    }
}
