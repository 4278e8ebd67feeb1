import NarratorJSON
import Testing

@testable import NarratorWire

@Suite("JSON parser")
struct JSONParserTests {
    @Test("values and keys keep their line and column; duplicates are kept in order")
    func positionsAndDuplicates() throws {
        let node = try JSONParser.parse("{\n  \"a\" : [1, true],\n  \"é\": \"x\", \"a\": null\n}")
        guard case .object(let members) = node.value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "é", "a"])
        #expect(
            members.map(\.keyPosition) == [
                .init(line: 2, column: 3), .init(line: 3, column: 3), .init(line: 3, column: 13),
            ])
        #expect(members[1].value.position == SourcePosition(line: 3, column: 8))
    }

    @Test("escapes, surrogate pairs and a byte order mark are read")
    func escapes() throws {
        let node = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"["a\"\\\/\n\t\u00e9\ud83d\ude97", -1.5e3]"#.utf8))
        guard case .array(let items) = node.value, case .string(let text) = items[0].value,
            case .number(let number) = items[1].value
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(text == "a\"\\/\n\té🚗")
        #expect(number == "-1.5e3")
    }

    static let invalid: [(text: String, line: Int, column: Int, reason: String)] = [
        ("{\"a\": 1,}", 1, 9, "trailing comma"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("\"open", 1, 6, "unterminated string"),
        ("{\n\"a\": tru}", 2, 6, "expected 'true'"),
        ("\"\\q\"", 1, 3, "unknown escape"),
        ("\"\u{01}\"", 1, 2, "control character"),
        ("{} {}", 1, 4, "after the end"),
        ("", 1, 1, "unexpected end of file"),
        ("01", 1, 2, "after the end"),
        ("\"\\ud83d\"", 1, 8, "surrogate pair"),
    ]

    @Test("invalid JSON says where and why", arguments: invalid)
    func invalidJSON(text: String, line: Int, column: Int, reason: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.position == SourcePosition(line: line, column: column) && error.reason.contains(reason)
        }
    }

    @Test("invalid UTF-8 inside a string is an error, not a crash")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test("nesting deeper than the limit is refused instead of overflowing the stack")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
    }
}
