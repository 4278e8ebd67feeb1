/// A small seeded random source (SplitMix64, by Steele, Lea and Flood), for tests and benchmarks that
/// must draw the same sample on every run: a failing seed can be run again, a mix of audio is the same
/// audio, a fuzz run's seed names its texts. Not for anything secret.
///
/// The game has its own copy (`RetroRacingCore.SplitMix64`), the same stream, because its seeded races
/// are part of the program and cannot depend on test support.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose stream depends only on `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`, by the modulo of the next value: the same on every Swift version, where
    /// the standard library's `random(in:using:)` may change its algorithm and with it every sample.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "the bound must be positive")
        return Int(next() % UInt64(bound))
    }
}
