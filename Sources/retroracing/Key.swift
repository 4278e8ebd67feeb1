#if canImport(Glibc)
    import Glibc
#endif

/// A key the game understands.
enum Key: Equatable {
    case left
    case right
    case up
    case down
    case settings
    case pause
    case help
    case restart
    case quit
    case status
    /// Say the last announcement again.
    case repeatLast
}

/// Turns the bytes of standard input into keys: arrows (ESC [ A-D and ESC O A-D), h/l, a/d, k/j
/// (up, down), space or p, ?, o (settings), r, q, s, e (repeat), and Ctrl-C (raw mode delivers it as a byte).
struct KeyDecoder {
    private var pending: [UInt8] = []

    mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while let first = pending.first {
            if first == 0x1B {
                guard pending.count >= 3 else {
                    // A lone Escape, or the start of a sequence still on its way.
                    if pending.count == 1 && bytes.count <= 1 { pending.removeAll() }
                    break
                }
                let code = pending[2]
                pending.removeFirst(3)
                if code == UInt8(ascii: "D") { keys.append(.left) }
                if code == UInt8(ascii: "C") { keys.append(.right) }
                if code == UInt8(ascii: "A") { keys.append(.up) }
                if code == UInt8(ascii: "B") { keys.append(.down) }
                continue
            }
            pending.removeFirst()
            switch first {
            case UInt8(ascii: "h"), UInt8(ascii: "a"), UInt8(ascii: "H"), UInt8(ascii: "A"): keys.append(.left)
            case UInt8(ascii: "l"), UInt8(ascii: "d"), UInt8(ascii: "L"), UInt8(ascii: "D"): keys.append(.right)
            case UInt8(ascii: " "), UInt8(ascii: "p"), UInt8(ascii: "P"): keys.append(.pause)
            case UInt8(ascii: "?"): keys.append(.help)
            case UInt8(ascii: "r"), UInt8(ascii: "R"): keys.append(.restart)
            case UInt8(ascii: "s"), UInt8(ascii: "S"): keys.append(.status)
            case UInt8(ascii: "e"), UInt8(ascii: "E"): keys.append(.repeatLast)
            case UInt8(ascii: "o"), UInt8(ascii: "O"): keys.append(.settings)
            case UInt8(ascii: "k"), UInt8(ascii: "K"): keys.append(.up)
            case UInt8(ascii: "j"), UInt8(ascii: "J"): keys.append(.down)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03: keys.append(.quit)
            default: break
            }
        }
        return keys
    }
}
