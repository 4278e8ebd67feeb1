import NarratorJSON
import NarratorWire
import Testing

@Suite("The one number policy")
struct JSONNumberTests {
    @Test(
        "whole numbers by their exact decimal value",
        arguments: [
            ("2", JSONNumber.Whole.value(2)), ("2.0", .value(2)), ("2e0", .value(2)), ("20e-1", .value(2)),
            ("0.2e1", .value(2)), ("-0", .value(0)), ("-0.0", .value(0)), ("0e99", .value(0)),
            ("1e18", .value(1_000_000_000_000_000_000)), ("1000000000000000000", .value(1_000_000_000_000_000_000)),
            ("9223372036854775807", .value(Int.max)), ("-9223372036854775808", .value(Int.min)),
            ("92233720368547758.07e2", .value(Int.max)), ("0.99999999999999999", .fractional), ("1.5", .fractional),
            ("1e-99999999999999999999", .fractional), ("9223372036854775808", .outOfRange), ("1e19", .outOfRange),
            ("-9223372036854775809", .outOfRange), ("1e99999999999999999999", .outOfRange), ("+1", .malformed),
            ("01", .malformed), (".5", .malformed), ("1.", .malformed), ("1e", .malformed), ("0x10", .malformed),
            ("", .malformed),
        ])
    func whole(text: String, expected: JSONNumber.Whole) {
        #expect(JSONNumber.whole(text) == expected, "\(text)")
    }

    @Test("any whole number reads the same however it is written")
    func spellings() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Int.random(in: -999_999_999_999_999...999_999_999_999_999, using: &generator)
            let text = String(value)
            for spelling in [text, text + ".0", text + "e0", text + "0e-1", text + ".000e+0"] {
                #expect(JSONNumber.integer(spelling) == value, "\(spelling)")
            }
            #expect(JSONNumber.integer(text + ".5") == nil)
            #expect(JSONNumber.integer(text + "e-1") == (value % 10 == 0 ? value / 10 : nil))
        }
    }

    @Test("numbers compare by value: 1 equals 1.0 and 1e0, not 1.5")
    func equality() {
        #expect(JSONNumber.equal(.number("1"), .number("1.0")))
        #expect(JSONNumber.equal(.number("1e18"), .number("1000000000000000000")))
        #expect(!JSONNumber.equal(.number("1"), .number("1.5")))
        #expect(!JSONNumber.equal(.number("1"), .string("1")))
    }

    @Test("commands and events read whole numbers alike")
    func requestsFollowThePolicy() throws {
        guard case .set(let change, _, _) = try Request.parse(Array(#"{"type":"set","rate":2.0e2,"pitch":50.0}"#.utf8))
        else {
            Issue.record("not a set")
            return
        }
        #expect(change.rate == 200 && change.pitch == 50)
        for text in ["0.99999999999999999", "1.5", "1e19"] {
            #expect(throws: ProtocolError.self) {
                try Request.parse(Array(#"{"type":"set","rate":\#(text)}"#.utf8))
            }
        }
        guard
            case .say(let say) = try Request.parse(Array(#"{"type":"say","key":"k","arguments":[2.0,1e18,0.5]}"#.utf8)),
            case .key(_, let arguments) = say.content
        else {
            Issue.record("not a keyed say")
            return
        }
        #expect(arguments == [.integer(2), .integer(1_000_000_000_000_000_000), .decimal(0.5)])
    }
}
