/// A small seedable random source (SplitMix64, by Steele, Lea and Flood): the same seed gives the same
/// stream on every machine and every Swift version, which is what makes `--seed N` reproduce the traffic.
///
/// Not for anything secret: it is fast and well mixed, nothing more.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    /// The running state; two generators with equal states produce the same stream from here on.
    public private(set) var state: UInt64

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

    /// A number in `0..<bound`. Written here rather than taken from the standard library's
    /// `random(in:using:)`, whose algorithm may change between Swift versions and with it every seeded race.
    /// The modulo bias is below 2^-60 for the bounds the game uses (at most 8).
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "the bound must be positive")
        return Int(next() % UInt64(bound))
    }
}
