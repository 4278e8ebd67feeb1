import Glibc

/// The strength of one frequency in a window of samples (the Goertzel algorithm): a single bin
/// of a discrete Fourier transform, cheap enough to ask about a handful of notes. Used to check
/// that rendered or recorded audio holds the notes it should, and not others.
public enum Goertzel {
    /// The amplitude, in sample units, of the component at `frequency`: a sine of amplitude A at
    /// that frequency gives about A (exactly A when the window holds whole periods); a sound with
    /// nothing at that frequency gives a small fraction of its peak.
    public static func amplitude(of frequency: Double, in samples: some Collection<Int16>, sampleRate: Double) -> Double
    {
        guard !samples.isEmpty else { return 0 }
        return 2 * power(of: frequency, in: samples, sampleRate: sampleRate).squareRoot() / Double(samples.count)
    }

    /// The squared magnitude of the DFT bin at `frequency` (need not be a whole bin).
    public static func power(of frequency: Double, in samples: some Collection<Int16>, sampleRate: Double) -> Double {
        let omega = 2 * Double.pi * frequency / sampleRate
        let coefficient = 2 * cos(omega)
        var previous = 0.0
        var beforePrevious = 0.0
        for sample in samples {
            let current = Double(sample) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        return previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
    }
}
