import Glibc

/// The shape of a tone, each swinging between -1 and 1.
enum Waveform: String, Sendable, CaseIterable {
    case sine, triangle, square, noise

    /// The value at `phase` (0 ..< 1 of one period); noise ignores the phase and takes the next
    /// value of `noise`.
    func value(at phase: Double, noise: inout NoiseSource) -> Double {
        switch self {
        case .sine:
            return sin(2 * Double.pi * phase)
        case .triangle:
            // Starts at 0 rising, like the sine, so the two can be swapped without a click.
            if phase < 0.25 { return 4 * phase }
            if phase < 0.75 { return 2 - 4 * phase }
            return 4 * phase - 4
        case .square:
            return phase < 0.5 ? 1 : -1
        case .noise:
            return noise.next()
        }
    }
}

/// White noise from a fixed seed: the same sound renders to the same samples every time, so
/// renders can be compared and cached.
struct NoiseSource {
    private var state: UInt32 = 0x9E37_79B9

    /// A uniform value in -1 ... 1 (xorshift32).
    mutating func next() -> Double {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return Double(state) / Double(UInt32.max) * 2 - 1
    }
}
