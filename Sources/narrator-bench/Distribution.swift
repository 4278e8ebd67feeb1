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
    var p99: Double { percentile(0.99) }

    /// `median 0.21 ms  p99 0.45 ms  (n=500)`, values given in milliseconds.
    func millisecondsSummary() -> String {
        "median \(Self.fixed(median, 3)) ms  p99 \(Self.fixed(p99, 3)) ms  min \(Self.fixed(sorted.first ?? .nan, 3)) ms  (n=\(sorted.count))"
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
