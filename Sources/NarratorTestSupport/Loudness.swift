import Glibc

/// How loud recorded sound is, as the balance of speech and earcons is measured (docs/BENCHMARKS.md,
/// "Balance"): the RMS over the parts that sound, in dB of full scale.
///
/// A clip is cut into 10 ms windows; a window sounds when its RMS is within `gate` dB of the clip's
/// loudest window, so the silence before, between and after sounds (a pause between words, the
/// silent slot of an unsafe lane) does not count, and the figure does not depend on how much silence
/// was recorded around a sound. The gate is relative, so a sound played 6 dB softer measures 6 dB
/// softer: the same windows sound.
public enum Loudness {
    /// Windows more than this many dB below a clip's loudest are not sounding.
    public static let gate = 30.0
    /// Full scale, the 0 dB of every figure.
    public static let fullScale = 32767.0

    /// The RMS, in sample units, over the sounding 10 ms windows of every clip together (each clip
    /// gated against its own loudest window); 0 when nothing sounds.
    public static func soundingRMS(_ clips: [[Int16]], sampleRate: Int) -> Double {
        let window = max(1, sampleRate / 100)
        var energy = 0.0
        var frames = 0
        for clip in clips {
            let windows = stride(from: 0, to: clip.count - window + 1, by: window).map { start in
                clip[start..<(start + window)].reduce(0.0) { $0 + Double($1) * Double($1) }
            }
            guard let loudest = windows.max(), loudest > 0 else { continue }
            let threshold = loudest * pow(10, -gate / 10)
            for sum in windows where sum >= threshold {
                energy += sum
                frames += window
            }
        }
        return frames == 0 ? 0 : (energy / Double(frames)).squareRoot()
    }

    /// The RMS over every sample of the clips together (silence included); 0 for no samples.
    public static func rms(_ clips: [[Int16]]) -> Double {
        let count = clips.reduce(0) { $0 + $1.count }
        guard count > 0 else { return 0 }
        let energy = clips.reduce(0.0) { total, clip in clip.reduce(total) { $0 + Double($1) * Double($1) } }
        return (energy / Double(count)).squareRoot()
    }

    /// The largest magnitude in the clips, in sample units.
    public static func peak(_ clips: [[Int16]]) -> Int {
        clips.reduce(0) { largest, clip in clip.reduce(largest) { max($0, abs(Int($1))) } }
    }

    /// `amplitude` (sample units) in dB of full scale; -infinity for silence.
    public static func decibels(_ amplitude: Double) -> Double {
        amplitude > 0 ? 20 * log10(amplitude / fullScale) : -.infinity
    }
}
