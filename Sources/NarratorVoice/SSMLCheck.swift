/// Checks an SSML document before it reaches a speech system, so a malformed one gets a clear error
/// instead of silence, stray words or a crash.
///
/// espeak-ng's SSML reader is lenient (unknown tags are skipped, a tag left open runs on) and trusts
/// its input: it keeps the voices of nested `<voice>`, `<speak>`, `<s>` and `<p>` on a stack of 20
/// without a bound check, and `<audio src>` makes it read a sound file from any path. So a document
/// is accepted only if it is well-formed XML with one `<speak>` root, uses the elements espeak-ng
/// reads as SSML (not `<audio>`), nests them at most `maximumDepth` deep, and has words to say.
public enum SSMLCheck {
    /// The elements accepted: what espeak-ng reads as SSML, less `<audio>`.
    public static let elements: Set<String> = [
        "speak", "voice", "prosody", "say-as", "mark", "s", "p", "phoneme", "sub", "tts:style", "emphasis", "break",
        "metadata",
    ]
    /// The deepest nesting accepted, `<speak>` counted: well inside espeak-ng's stack of 20.
    public static let maximumDepth = 12

    /// Throws the first problem of `document`, with where it is.
    public static func check(_ document: String) throws(SSMLError) {
        var reader = Reader(Array(document.unicodeScalars))
        try reader.document()
    }
}

/// What is wrong with an SSML document, and where (a 1-based count of characters).
public struct SSMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public let position: Int
    public let problem: String

    public init(position: Int, problem: String) {
        self.position = position
        self.problem = problem
    }

    public var description: String { "SSML, at character \(position): \(problem)" }
}

private struct Reader {
    let scalars: [Unicode.Scalar]
    var index = 0
    var open: [(name: String, at: Int)] = []
    var hasWords = false
    var rootSeen = false
    /// Depth of `<metadata>` being read: its text is not spoken.
    var ignoring = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func document() throws(SSMLError) {
        skipSpace()
        if starts(with: "<?xml") {
            guard let end = find("?>") else { throw failure(index, "the XML declaration is not ended with ?>") }
            index = end + 2
        }
        while index < scalars.count {
            if scalars[index] == "<" {
                try markup()
            } else {
                try text()
            }
        }
        if let last = open.last {
            throw failure(last.at, "<\(last.name)> is never closed; end it with </\(last.name)>")
        }
        guard rootSeen else { throw failure(scalars.count, "there is no <speak> element: write <speak>...</speak>") }
        guard hasWords else { throw failure(0, "there is nothing to say: the document has no words") }
    }

    private mutating func markup() throws(SSMLError) {
        let start = index
        if starts(with: "<!--") {
            guard let end = find("-->", from: index + 4) else {
                throw failure(start, "a comment is not ended with -->")
            }
            index = end + 3
            return
        }
        if starts(with: "<!") || starts(with: "<?") {
            throw failure(start, "only elements, text and comments are accepted (no DOCTYPE, CDATA or instructions)")
        }
        index += 1
        let closing = index < scalars.count && scalars[index] == "/"
        if closing { index += 1 }
        let name = readName()
        guard !name.isEmpty else { throw failure(start, "\"<\" starts no element; write &lt; for the character") }
        if closing {
            skipSpace()
            guard index < scalars.count, scalars[index] == ">" else {
                throw failure(index, "</\(name)> is not ended with >")
            }
            index += 1
            guard let last = open.popLast() else { throw failure(start, "</\(name)> closes nothing") }
            guard last.name == name else {
                throw failure(start, "</\(name)> closes <\(last.name)> (opened at character \(last.at + 1))")
            }
            if name == "metadata" { ignoring -= 1 }
            return
        }
        guard SSMLCheck.elements.contains(name) else {
            if name == "audio" {
                throw failure(start, "<audio> is not accepted: a client's sounds are played with `play`")
            }
            throw failure(
                start,
                "<\(name)> is not an SSML element espeak-ng speaks; use "
                    + SSMLCheck.elements.sorted().map { "<\($0)>" }.joined(separator: ", "))
        }
        if open.isEmpty {
            guard name == "speak", !rootSeen else {
                throw failure(
                    start,
                    rootSeen
                        ? "the document has a second root; one <speak> holds everything"
                        : "the root element must be <speak>, not <\(name)>")
            }
            rootSeen = true
        }
        try attributes(of: name)
        let selfClosing = index < scalars.count && scalars[index] == "/"
        if selfClosing { index += 1 }
        guard index < scalars.count, scalars[index] == ">" else {
            throw failure(index, "<\(name)> is not ended with >")
        }
        index += 1
        guard !selfClosing else { return }
        open.append((name, start))
        if name == "metadata" { ignoring += 1 }
        if open.count > SSMLCheck.maximumDepth {
            throw failure(start, "elements are nested more than \(SSMLCheck.maximumDepth) deep")
        }
    }

    private mutating func attributes(of element: String) throws(SSMLError) {
        var seen: Set<String> = []
        while true {
            let hadSpace = skipSpace()
            guard index < scalars.count else { throw failure(index, "<\(element)> is not ended with >") }
            if scalars[index] == ">" || scalars[index] == "/" { return }
            let at = index
            guard hadSpace else { throw failure(at, "a space must come before an attribute of <\(element)>") }
            let name = readName()
            guard !name.isEmpty else { throw failure(at, "unexpected \"\(scalars[at])\" in <\(element)>") }
            guard seen.insert(name).inserted else { throw failure(at, "<\(element)> has \"\(name)\" twice") }
            skipSpace()
            guard index < scalars.count, scalars[index] == "=" else {
                throw failure(at, "the attribute \"\(name)\" of <\(element)> needs a value: \(name)=\"...\"")
            }
            index += 1
            skipSpace()
            guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else {
                throw failure(index, "the value of \"\(name)\" must be in quotes")
            }
            let quote = scalars[index]
            index += 1
            while index < scalars.count, scalars[index] != quote {
                switch scalars[index] {
                case "<": throw failure(index, "\"<\" in the value of \"\(name)\"; write &lt;")
                // espeak-ng ends a tag at the first ">", even inside quotes.
                case ">": throw failure(index, "\">\" in the value of \"\(name)\"; write &gt;")
                case "&": try reference()
                default: index += 1
                }
            }
            guard index < scalars.count else { throw failure(at, "the value of \"\(name)\" is never closed") }
            index += 1
        }
    }

    private mutating func text() throws(SSMLError) {
        while index < scalars.count, scalars[index] != "<" {
            let scalar = scalars[index]
            if open.isEmpty && !scalar.properties.isWhitespace {
                throw failure(index, rootSeen ? "text after </speak>" : "text before <speak>")
            }
            if scalar == "&" {
                try reference()
                if ignoring == 0 { hasWords = true }
                continue
            }
            if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" {
                throw failure(
                    index,
                    "a control character (U+\(String(scalar.value, radix: 16, uppercase: true))) is not allowed in XML")
            }
            if ignoring == 0 && !scalar.properties.isWhitespace { hasWords = true }
            index += 1
        }
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#NN;`, `&#xHH;`.
    private mutating func reference() throws(SSMLError) {
        let start = index
        guard let end = find(";", from: index + 1), end - start <= 10 else {
            throw failure(start, "\"&\" starts no reference; write &amp; for the character")
        }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        index = end + 1
        switch body {
        case "lt", "gt", "amp", "quot", "apos": return
        default: break
        }
        let number: UInt32? =
            body.hasPrefix("#x")
            ? UInt32(body.dropFirst(2), radix: 16) : body.hasPrefix("#") ? UInt32(body.dropFirst()) : nil
        guard let number else { throw failure(start, "&\(body); is not an XML reference; write &amp; for \"&\"") }
        guard let scalar = Unicode.Scalar(number), scalar.value >= 0x20 || [0x9, 0xA, 0xD].contains(scalar.value) else {
            throw failure(start, "&\(body); is not a character XML allows")
        }
    }

    private mutating func readName() -> String {
        var name = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            let isNameCharacter =
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == ":"
                || scalar == "_" || scalar == "."
            guard isNameCharacter else { break }
            name.append(scalar)
            index += 1
        }
        return String(name)
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < scalars.count,
            scalars[index] == " " || scalars[index] == "\t" || scalars[index] == "\n"
                || scalars[index] == "\r"
        {
            index += 1
        }
        return index > start
    }

    private func starts(with prefix: String, at position: Int? = nil) -> Bool {
        var at = position ?? index
        for scalar in prefix.unicodeScalars {
            guard at < scalars.count, scalars[at] == scalar else { return false }
            at += 1
        }
        return true
    }

    private func find(_ text: String, from start: Int? = nil) -> Int? {
        var position = start ?? index
        while position < scalars.count {
            if starts(with: text, at: position) { return position }
            position += 1
        }
        return nil
    }

    /// `offset` counts from 0 in the reader; messages count characters from 1.
    private func failure(_ offset: Int, _ problem: String) -> SSMLError {
        SSMLError(position: offset + 1, problem: problem)
    }
}
