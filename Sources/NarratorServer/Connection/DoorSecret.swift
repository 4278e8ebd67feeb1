/// The Wine door's key: 32 random bytes, new at every start, kept in the door file (0600, in the
/// daemon's 0700 socket folder), so only the user's own processes can read it. docs/WINE.md.
struct DoorSecret: Sendable, Equatable {
    /// 64 lowercase hexadecimal characters, as the door file and a client's first line carry it.
    let hex: String

    /// A new secret from the system's random source (getrandom).
    init() {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        for _ in 0..<4 {
            let word = generator.next() as UInt64
            text += String(repeating: "0", count: word.leadingZeroBitCount / 4) + String(word, radix: 16)
        }
        hex = text
    }

    /// Whether `line` is the secret, compared in time that does not depend on where they differ.
    func matches(_ line: some Collection<UInt8>) -> Bool {
        let expected = Array(hex.utf8)
        guard line.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (byte, wanted) in zip(line, expected) { difference |= byte ^ wanted }
        return difference == 0
    }
}
