/// The shapes of names on the wire, checked the same way by the request parser and the event maps.
public enum WireName {
    /// A non-empty run of ASCII letters, digits, `_` and `-`: safe inside a key or scope.
    public static func isWord(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                        || scalar == "-")
            }
    }

    /// A scope: words separated by single dots, `help.section.3` (not empty, not `a..b`, not `.a`).
    public static func isScope(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isWord($0) }
    }

    /// What a scope must look like, for messages.
    public static let scopeShape =
        "a dotted name like help.section.1: parts of letters, digits, _ and -, separated by single dots"
}
