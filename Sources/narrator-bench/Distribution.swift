/// A set of measurements, summarized as percentiles.
struct Distribution {
    let sorted: [Double]

    init(_ values: [Double]) {
        sorted = values.sorted()
    }

    func percentile(_ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    var median: Double { percentile(0.5) }
    var p90: Double { percentile(0.9) }
    var p99: Double { percentile(0.99) }

    /// `median 0.21 ms  p90 0.30 ms  p99 0.45 ms  min 0.18 ms  max 0.60 ms  (n=500)`, values given
    /// in milliseconds: p90 and max tell a lone outlier from a tail.
    func millisecondsSummary() -> String {
        let parts: [(String, Double)] = [
            ("median", median), ("p90", p90), ("p99", p99), ("min", sorted.first ?? .nan), ("max", sorted.last ?? .nan),
        ]
        return parts.map { "\($0.0) \(Self.fixed($0.1, 3)) ms" }.joined(separator: "  ")
            + "  (n=\(sorted.count))"
    }

    /// `value` with `digits` decimals, without Foundation's locale-dependent formatting.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 && scaled > 0 ? "-" : ""
        let whole = scaled / Int(scale)
        var fraction = String(scaled % Int(scale))
        while fraction.count < digits { fraction = "0" + fraction }
        return sign + (digits == 0 ? "\(whole)" : "\(whole).\(fraction)")
    }
}
