/// A Double written with a fixed number of fraction digits exactly as C's printf writes `%.Nf`: from
/// the exact binary value, rounded half to even (0.15 is 0.1499999999999999944..., so "0.1"), every
/// integer digit of large values, and the sign of negative values that round to zero ("-0.0").
enum ExactDecimal {
    static func digits(_ value: Double, fractionDigits: Int) -> String {
        let magnitude = value.magnitude
        var scaled: Magnitude
        // The value is significand * 2^exponent exactly; times 10^N it is rounded to an integer.
        let significand: UInt64
        let exponent: Int
        if magnitude == 0 {
            significand = 0
            exponent = 0
        } else if magnitude.isNormal {
            significand = magnitude.significandBitPattern | (1 << 52)
            exponent = Int(magnitude.exponent) - 52
        } else {
            significand = magnitude.significandBitPattern
            exponent = -1074
        }
        scaled = Magnitude(significand)
        for _ in 0..<fractionDigits { scaled.multiply(by: 10) }
        if exponent >= 0 {
            scaled.shiftLeft(exponent)
        } else {
            let shift = -exponent
            let remainder = scaled.lowBits(shift)
            scaled.shiftRight(shift)
            // Compare the remainder with half of 2^shift: above rounds up, exactly half rounds to even.
            let half = Magnitude.powerOfTwo(shift - 1)
            let order = remainder.compare(half)
            if order > 0 || (order == 0 && scaled.isOdd) { scaled.addOne() }
        }
        var text = scaled.decimal
        if fractionDigits > 0 {
            if text.count <= fractionDigits {
                text = String(repeating: "0", count: fractionDigits + 1 - text.count) + text
            }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -fractionDigits))
        }
        return (value.sign == .minus ? "-" : "") + text
    }

    /// An unsigned integer of any size, little-endian 32-bit limbs: only what rounding needs.
    struct Magnitude {
        private(set) var limbs: [UInt32]

        init(_ value: UInt64) {
            limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
            trim()
        }

        static func powerOfTwo(_ power: Int) -> Magnitude {
            var result = Magnitude(1)
            result.shiftLeft(power)
            return result
        }

        var isOdd: Bool { (limbs.first ?? 0) & 1 == 1 }

        private mutating func trim() {
            while let last = limbs.last, last == 0 { limbs.removeLast() }
        }

        mutating func multiply(by factor: UInt32) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = UInt64(limbs[index]) * UInt64(factor) + carry
                limbs[index] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            if carry > 0 { limbs.append(UInt32(carry)) }
        }

        mutating func addOne() {
            for index in limbs.indices {
                limbs[index] &+= 1
                if limbs[index] != 0 { return }
            }
            limbs.append(1)
        }

        mutating func shiftLeft(_ bits: Int) {
            guard bits > 0, !limbs.isEmpty else { return }
            let whole = bits / 32
            let part = bits % 32
            var result = [UInt32](repeating: 0, count: whole) + limbs + [0]
            if part > 0 {
                var carry: UInt32 = 0
                for index in whole..<result.count {
                    let limb = result[index]
                    result[index] = (limb << part) | carry
                    carry = limb >> (32 - part)
                }
            }
            limbs = result
            trim()
        }

        mutating func shiftRight(_ bits: Int) {
            let whole = bits / 32
            let part = bits % 32
            guard whole < limbs.count else {
                limbs = []
                return
            }
            var result = Array(limbs[whole...])
            if part > 0 {
                for index in result.indices {
                    let next = index + 1 < result.count ? result[index + 1] : 0
                    result[index] = (result[index] >> part) | (next << (32 - part))
                }
            }
            limbs = result
            trim()
        }

        /// The value modulo 2^bits.
        func lowBits(_ bits: Int) -> Magnitude {
            var copy = self
            let whole = bits / 32
            let part = bits % 32
            if whole < copy.limbs.count {
                copy.limbs.removeSubrange((whole + (part > 0 ? 1 : 0))...)
                if part > 0, whole < copy.limbs.count { copy.limbs[whole] &= (1 << part) - 1 }
            }
            copy.trim()
            return copy
        }

        /// -1, 0 or 1.
        func compare(_ other: Magnitude) -> Int {
            if limbs.count != other.limbs.count { return limbs.count < other.limbs.count ? -1 : 1 }
            for index in limbs.indices.reversed() where limbs[index] != other.limbs[index] {
                return limbs[index] < other.limbs[index] ? -1 : 1
            }
            return 0
        }

        /// Decimal digits, by repeated division by 10^9.
        var decimal: String {
            var rest = limbs
            var chunks: [UInt32] = []
            while !rest.isEmpty {
                var remainder: UInt64 = 0
                for index in rest.indices.reversed() {
                    let current = (remainder << 32) | UInt64(rest[index])
                    rest[index] = UInt32(current / 1_000_000_000)
                    remainder = current % 1_000_000_000
                }
                chunks.append(UInt32(remainder))
                while let last = rest.last, last == 0 { rest.removeLast() }
            }
            guard let top = chunks.popLast() else { return "0" }
            return String(top)
                + chunks.reversed().map { chunk in
                    let digits = String(chunk)
                    return String(repeating: "0", count: 9 - digits.count) + digits
                }.joined()
        }
    }
}
