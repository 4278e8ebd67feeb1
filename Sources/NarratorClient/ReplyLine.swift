/// The few fields of a daemon line a game needs: `ok`, `id`, `event`. A small scanner rather than
/// a JSON library, so the client library stays dependency-free; it reads only top-level fields.
struct ReplyLine {
    var ok = false
    var id: String?
    var event: String?

    init(_ line: String) {
        ok = line.hasPrefix(#"{"ok":true"#)
        id = Self.stringField("id", in: line)
        event = Self.stringField("event", in: line)
    }

    /// The value of `"name":"..."` at the top level of the daemon's compact JSON.
    static func stringField(_ name: String, in line: String) -> String? {
        let marker = "\"\(name)\":\""
        guard let start = line.firstRange(of: marker)?.upperBound else { return nil }
        var value = ""
        var escaped = false
        for character in line[start...] {
            if escaped {
                value.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return value
            } else {
                value.append(character)
            }
        }
        return nil
    }
}
