import Foundation

/// Whether a lane cue heard in a recording sounded alone or under speech (issue 24: "Score N"
/// started with the cue on every scoring tick).
///
/// A cue's three slots hold at most one lane note each, a sine of known pitch under the tone's
/// known envelope (`LanePulseDecoder`). Within each slot the note is fitted (its amplitude and phase,
/// by least squares) and taken away; what is left is everything else that sounded in the cue's
/// 90 ms. With only the cue playing that is close to nothing (a few sample units, in memory and in
/// a recording from a private PulseAudio); speech leaves hundreds to thousands. The decoder gives the
/// start to a few milliseconds, so the fit is tried around it and the best one kept.
///
/// The first 5 ms of each slot are left out: the test sink's monitor loses up to the first 106
/// frames of a sound that starts from quiet (`PrivatePulseAudio.start(rewinds:)`), which no fit of
/// the note can explain and which would pass for speech.
struct SpeechUnderCue {
    let sampleRate: Int
    /// Samples in one slot (30 ms).
    let slot: Int
    /// What is left in a cue's window, as RMS in sample units, from which speech sounded under it:
    /// -50 dBFS, 29 dB below a lane note as the mixer plays it. espeak-ng's quietest stretches of a
    /// word come to about this (pauses between words and sentences are silence).
    var threshold = 100.0

    private let cosines: [[Double]]
    private let sines: [[Double]]

    /// `notes`: the lane notes' pitches, left to right (one pitch thrice when lanes are told by place).
    init(sampleRate: Int = 22050, notes: [Double] = LanePulseDecoder.notes) {
        self.sampleRate = sampleRate
        slot = Int((0.030 * Double(sampleRate)).rounded())
        let attack = (0.003 * Double(sampleRate)).rounded()
        let decay = (0.020 * Double(sampleRate)).rounded()
        let length = slot
        let envelope = (0..<length).map { index -> Double in
            var value = Double(index) < attack ? Double(index) / attack : 1
            let fromEnd = Double(length - 1 - index)
            if fromEnd < decay { value = min(value, fromEnd / decay) }
            return value
        }
        let rate = Double(sampleRate)
        cosines = notes.map { hertz in
            envelope.indices.map { envelope[$0] * cos(2 * .pi * hertz * Double($0) / rate) }
        }
        sines = notes.map { hertz in
            envelope.indices.map { envelope[$0] * sin(2 * .pi * hertz * Double($0) / rate) }
        }
    }

    /// Samples a window must hold: the cue's three slots and the room to try the fit around the start.
    var windowLength: Int { 3 * slot + 2 * search }
    /// How far around the given start the fit is tried, either way (5 ms): the decoder takes the best
    /// of starts a millisecond apart, over a score that changes little near its top.
    var search: Int { sampleRate / 200 }
    /// The samples left out at the start of each slot (5 ms).
    var skip: Int { sampleRate / 200 }

    /// The RMS of what is not the cue's notes, in `window`, whose cue starts `search` samples in.
    func residual(_ window: [Int16]) -> Double {
        guard window.count >= windowLength else { return .infinity }
        var best = Double.infinity
        for offset in stride(from: 0, through: 2 * search, by: 2) {
            var left = 0.0
            for lane in 0..<3 { left += slotResidual(window, at: offset + lane * slot, lane: lane) }
            best = min(best, left)
        }
        return (best / Double(3 * (slot - skip))).squareRoot()
    }

    func isUnderSpeech(_ window: [Int16]) -> Bool { residual(window) >= threshold }

    /// The energy left in one slot once lane `lane`'s note is fitted out of it.
    private func slotResidual(_ window: [Int16], at start: Int, lane: Int) -> Double {
        var (cc, ss, cs, xc, xs, xx) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for index in skip..<slot {
            let x = Double(window[start + index])
            let c = cosines[lane][index]
            let s = sines[lane][index]
            cc += c * c
            ss += s * s
            cs += c * s
            xc += x * c
            xs += x * s
            xx += x * x
        }
        let determinant = cc * ss - cs * cs
        guard determinant > 0 else { return xx }
        // Least squares: x ≈ a c + b s; the fitted part's energy is a xc + b xs.
        let a = (xc * ss - xs * cs) / determinant
        let b = (xs * cc - xc * cs) / determinant
        return max(0, xx - (a * xc + b * xs))
    }
}
