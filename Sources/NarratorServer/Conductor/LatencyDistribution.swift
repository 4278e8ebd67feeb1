import NarratorWire

/// Latencies of one kind (speech heard, stopped speech silent, sounds heard), kept for `status`:
/// the median, 95th percentile and worst since the daemon started and over the last minute.
///
/// Pure and bounded: since the start, a histogram (a quarter of a millisecond wide below 100 ms,
/// 2 ms to 1 s, 50 ms to 10 s, one bucket above), which a daemon running for weeks keeps in a few
/// kilobytes; the worst is kept exactly. The last minute keeps each value (at most `recentLimit`,
/// the oldest dropped first), so its figures are exact. Times are milliseconds on any clock that
/// only moves forward (the conductor's since the daemon started).
struct LatencyDistribution {
    /// The most values kept for the last minute: more than a game says in a minute.
    static let recentLimit = 2048
    private static let fine = (width: 0.25, end: 100.0)
    private static let middle = (width: 2.0, end: 1000.0)
    private static let coarse = (width: 50.0, end: 10_000.0)
    private static var bucketCount: Int {
        Int(fine.end / fine.width) + Int((middle.end - fine.end) / middle.width)
            + Int((coarse.end - middle.end) / coarse.width) + 1
    }

    private var buckets: [UInt32] = []
    private(set) var count = 0
    private(set) var worst = 0.0
    /// The last minute's values, oldest first, with when each came.
    private var recent: [(at: Double, value: Double)] = []

    /// Takes one latency (negative ones count as 0) that came at `at`.
    mutating func add(_ value: Double, at: Double) {
        let value = max(0, value)
        if buckets.isEmpty { buckets = Array(repeating: 0, count: Self.bucketCount) }
        buckets[Self.bucket(of: value)] &+= 1
        count += 1
        worst = max(worst, value)
        recent.append((at, value))
        if recent.count > Self.recentLimit { recent.removeFirst(recent.count - Self.recentLimit) }
    }

    /// Since the daemon started: the median and p95 within a bucket's width (never above the worst).
    var sinceStart: LatencySummary {
        guard count > 0 else { return LatencySummary() }
        return LatencySummary(count: count, median: quantile(0.5), p95: quantile(0.95), worst: worst)
    }

    /// The minute before `now`, exactly.
    func lastMinute(at now: Double) -> LatencySummary {
        let values = recent.filter { $0.at > now - 60_000 }.map(\.value).sorted()
        guard let last = values.last else { return LatencySummary() }
        func rank(_ q: Double) -> Double { values[max(0, Int((q * Double(values.count)).rounded(.up)) - 1)] }
        return LatencySummary(count: values.count, median: rank(0.5), p95: rank(0.95), worst: last)
    }

    /// The value of rank ⌈q·count⌉ (nearest rank), as the middle of its bucket.
    private func quantile(_ q: Double) -> Double {
        let rank = max(1, Int((q * Double(count)).rounded(.up)))
        var seen = 0
        for (index, number) in buckets.enumerated() {
            seen += Int(number)
            if seen >= rank { return min(worst, Self.centre(of: index)) }
        }
        return worst
    }

    private static func bucket(of value: Double) -> Int {
        let fineCount = Int(fine.end / fine.width)
        let middleCount = Int((middle.end - fine.end) / middle.width)
        let coarseCount = Int((coarse.end - middle.end) / coarse.width)
        if value < fine.end { return Int(value / fine.width) }
        if value < middle.end { return fineCount + Int((value - fine.end) / middle.width) }
        if value < coarse.end { return fineCount + middleCount + Int((value - middle.end) / coarse.width) }
        return fineCount + middleCount + coarseCount
    }

    private static func centre(of index: Int) -> Double {
        let fineCount = Int(fine.end / fine.width)
        let middleCount = Int((middle.end - fine.end) / middle.width)
        let coarseCount = Int((coarse.end - middle.end) / coarse.width)
        if index < fineCount { return (Double(index) + 0.5) * fine.width }
        if index < fineCount + middleCount { return fine.end + (Double(index - fineCount) + 0.5) * middle.width }
        if index < fineCount + middleCount + coarseCount {
            return middle.end + (Double(index - fineCount - middleCount) + 0.5) * coarse.width
        }
        return coarse.end
    }
}
