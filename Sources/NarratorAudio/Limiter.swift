import Glibc

/// The mixer's peak limiter (docs/AUDIO.md, "The mixing rule"): what keeps speech at its full
/// loudness while nothing else sounds, and keeps speech plus any earcons from clipping.
///
/// It takes the sum of everything sounding, a slice at a time, and multiplies it by a gain of at
/// most 1, so that no sample passes full scale. In stereo the gain is one per frame, linked across
/// both channels (what the louder channel needs), so a limited sound keeps its place:
/// - **Threshold**: full scale (32767). A sum that stays within it passes unchanged, sample for sample:
///   speech alone, or speech plus earcons that fit, is played as it was made.
/// - **Attack, 2 ms**: the gain falls over the 2 ms before a sample that needs it (the moving average
///   of the lowest gain that the next 2 ms need), reaching exactly what that sample needs on it; so
///   only a peak itself touches full scale, and the samples around it are turned down, never cut flat.
///   The limiter looks ahead only within the slice being mixed (known whole when it is mixed), so it
///   delays nothing; a peak in a slice's first 2 ms gets a steeper fall, from where the gain stood.
/// - **Hold, 10 ms**: the gain stays at its lowest for 10 ms after it last fell, so it does not follow
///   each cycle of a tone (which would distort it).
/// - **Release, 50 ms**: then what is left of the reduction shrinks by a factor e every 50 ms (95 % of
///   the way back in 150 ms).
///
/// A pure value: the same sums give the same samples.
public struct Limiter: Sendable {
    /// The largest sample written; the lowest is one below its negative, as 16 bits allow.
    public static let ceiling = Double(Int16.max)
    public static let attackMilliseconds = 2
    public static let holdMilliseconds = 10
    public static let releaseMilliseconds = 50

    /// The gain applied to the last sample, at most 1.
    public private(set) var gain = 1.0
    private var holdLeft = 0
    private let attackFrames: Int
    private let holdFrames: Int
    /// The share of the remaining reduction given back each sample during the release.
    private let releaseStep: Double
    /// The lowest gains needed ahead of the last `attackFrames` samples (a ring from `recentIndex`),
    /// and their sum: the attack's moving average runs on across slices.
    private var recent: [Double]
    private var recentIndex = 0
    private var recentSum = 0.0
    /// Samples per frame: 1 (mono) or 2 (interleaved left, right).
    public let channels: Int

    public init(sampleRate: Int, channels: Int = 1) {
        self.channels = max(1, channels)
        attackFrames = max(1, sampleRate * Self.attackMilliseconds / 1000)
        holdFrames = sampleRate * Self.holdMilliseconds / 1000
        releaseStep = 1 - exp(-1000 / (Double(Self.releaseMilliseconds) * Double(sampleRate)))
        recent = Array(repeating: 1, count: attackFrames)
    }

    /// Back to a gain of 1, as after a long silence (a burst that starts after everything was heard).
    public mutating func reset() {
        gain = 1
        holdLeft = 0
        for index in recent.indices { recent[index] = 1 }
    }

    /// Limits the sums of one slice into `out` (as many samples as `sums` holds, interleaved in
    /// `channels`).
    public mutating func limit(_ sums: [Double], into out: inout [Int16]) {
        guard gain < 1 || sums.contains(where: { Self.needed(for: $0) != nil }) else {
            // Nothing to turn down and nothing to give back: the sums as they are.
            for index in sums.indices { out[index] = Int16(sums[index].rounded()) }
            return
        }
        // One need per frame: the lower of its channels', so both are turned down together.
        let frames = sums.count / channels
        let needs = (0..<frames).map { frame in
            (0..<channels).reduce(1.0) { min($0, Self.needed(for: sums[frame * channels + $1]) ?? 1) }
        }
        let lowest = lowestAhead(needs)
        // Summed again each slice, so rounding cannot build up in the running sum.
        recentSum = recent.reduce(0, +)
        for index in 0..<frames {
            // The attack: the average of the lowest gains needed ahead of this sample and the ones before.
            recentSum += lowest[index] - recent[recentIndex]
            recent[recentIndex] = lowest[index]
            recentIndex = (recentIndex + 1) % recent.count
            let average = recentSum / Double(attackFrames)
            let attack = average > 1 - 1e-12 ? 1 : average
            var next = gain
            if holdLeft > 0 {
                holdLeft -= 1
            } else {
                next += (1 - next) * releaseStep
                // Close enough that no sample would round otherwise: exactly 1 again.
                if 1 - next < 1e-6 { next = 1 }
            }
            // In a slice's first 2 ms the average has not seen all of this slice's peaks: there the
            // gain steps down to the lowest the next 2 ms need, so those are turned down, not cut flat.
            let ceiling = index < attackFrames ? min(attack, lowest[index]) : attack
            if ceiling < next {
                next = ceiling
                holdLeft = holdFrames
            }
            gain = next
            for sample in (index * channels)..<((index + 1) * channels) {
                out[sample] = Int16(clamping: Int((sums[sample] * next).rounded()))
            }
        }
    }

    /// For each frame, the lowest gain that it and the frames within the attack after it need
    /// (within the slice).
    private func lowestAhead(_ needs: [Double]) -> [Double] {
        var lowest = needs
        for (peak, need) in needs.enumerated() where need < 1 {
            for index in max(0, peak - attackFrames + 1)...peak where need < lowest[index] { lowest[index] = need }
        }
        return lowest
    }

    /// The gain that brings `sum` into 16 bits exactly; nil when it fits as it is.
    static func needed(for sum: Double) -> Double? {
        if sum > ceiling { return ceiling / sum }
        if sum < -ceiling - 1 { return (ceiling + 1) / -sum }
        return nil
    }
}
