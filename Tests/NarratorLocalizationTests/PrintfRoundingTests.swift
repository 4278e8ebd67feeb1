import Foundation
import Testing

@testable import NarratorLocalization

/// `%.Nf` must be written exactly as the C library's printf writes it: rounded half to even on the
/// binary value (0.15 is stored as 0.1499999999999999944, so "0.1"), every digit of huge values,
/// and "-0.0" for a small negative number.
@Suite("printf-exact decimals")
struct PrintfRoundingTests {
    /// glibc's own snprintf, through vsnprintf (Swift cannot call a C variadic function directly).
    static func snprintf(_ value: Double, _ digits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 400)
        let length = withVaList([value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.\(digits)f", arguments)
        }
        return String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("the cases the old rounding got wrong")
    func knownCases() {
        #expect(NumberStyle.plainDecimal(0.15, fractionDigits: 1) == "0.1")
        #expect(NumberStyle.plainDecimal(0.15, fractionDigits: 1) == Self.snprintf(0.15, 1))
        #expect(NumberStyle.plainDecimal(2.675, fractionDigits: 2) == "2.67")
        #expect(NumberStyle.plainDecimal(-0.04, fractionDigits: 1) == "-0.0")
        #expect(NumberStyle.plainDecimal(1e300, fractionDigits: 1) == Self.snprintf(1e300, 1))
        #expect(NumberStyle.plainDecimal(.leastNonzeroMagnitude, fractionDigits: 15) == "0.000000000000000")
    }

    @Test("matches snprintf on 200,000 random values and precisions")
    func randomSample() {
        var generator = SystemRandomNumberGenerator()
        var differences: [String] = []
        var checked = 0
        for round in 0..<200_000 {
            let digits = Int.random(in: 0...15, using: &generator)
            let value: Double
            switch round % 4 {
            case 0:
                // Decimal-looking values with a final 5, where half-way cases live.
                let units = Double(Int.random(in: -1_000_000...1_000_000, using: &generator))
                value = (units * 10 + 5) / Double([10, 100, 1000, 10_000].randomElement(using: &generator)!)
            case 1: value = Double.random(in: -1000...1000, using: &generator)
            case 2: value = Double.random(in: -1e-6...1e-6, using: &generator)
            default:
                // Any finite bit pattern: huge, tiny, subnormal.
                var bits = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
                while !bits.isFinite { bits = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)) }
                value = bits
            }
            checked += 1
            let ours = NumberStyle.plainDecimal(value, fractionDigits: digits)
            let theirs = Self.snprintf(value, digits)
            if ours != theirs, differences.count < 10 {
                differences.append("\(value) %.\(digits)f: \(ours) != \(theirs)")
            }
        }
        #expect(checked == 200_000)
        #expect(differences.isEmpty, "\(differences)")
    }
}
