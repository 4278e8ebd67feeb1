/// Text made safe for man(7): what the help texts say is printed as written, never read as a
/// request or an escape.
enum Roff {
    /// `text` as the words of one input line: backslashes and hyphens escaped (`\-` is the minus a
    /// reader can copy into a shell), and a leading `.` or `'` kept from starting a request.
    /// - Parameter breakable: whether a long path may break after a `/` (`\:`, which prints
    ///   nothing): pages are not hyphenated, and a word longer than the line would only stick out.
    static func escape(_ text: some StringProtocol, breakable: Bool = true) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "/" where breakable: escaped += "/\\:"
            default: escaped.append(character)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    /// `text` escaped, with each `code` span (between backquotes) set in bold.
    static func prose(_ text: some StringProtocol) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        // An odd count of backquotes leaves the last one as written.
        guard parts.count % 2 == 1 else { return escape(text) }
        return parts.enumerated().map { index, part in
            index % 2 == 1 ? bold(part) : escape(part)
        }.joined()
    }

    static func bold(_ text: some StringProtocol) -> String { "\\fB" + escape(text) + "\\fR" }
    static func italic(_ text: some StringProtocol) -> String { "\\fI" + escape(text) + "\\fR" }

    /// A macro argument in double quotes (`"` itself cannot be escaped there: it becomes `''`).
    static func quoted(_ text: some StringProtocol) -> String {
        "\"" + escape(text).replacing("\"", with: "''") + "\""
    }
}
