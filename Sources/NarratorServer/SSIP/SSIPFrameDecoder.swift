/// Splits an SSIP byte stream into command lines and `SPEAK` data blocks, holding at most a bounded
/// number of bytes whatever the client sends.
///
/// Commands are lines ended by CR LF. After the session accepts a `SPEAK` (`expectData()`), the
/// bytes up to a line holding only `.` are the message: a line starting with `..` loses one dot, and
/// only CR LF ends a line there (a lone LF is part of the text, as libspeechd sends it). A command line
/// over `lineLimit` or a block over `dataLimit` is discarded as it arrives, never stored, and
/// reported once; so is anything that is not UTF-8. Pure: bytes in, frames out.
struct SSIPFrameDecoder: Sendable {
    let lineLimit: Int
    let dataLimit: Int
    /// Bytes received and not yet taken.
    private var pending: [UInt8] = []
    private var start = 0
    private var mode = Mode.command
    /// A command line too long is being skipped up to its LF.
    private var skippingLine = false

    private enum Mode {
        case command
        case data(DataBlock)
    }

    /// A data block being read: its text so far, and where in a line the next bytes go.
    private struct DataBlock {
        var text: [UInt8] = []
        var overflow = false
        /// Part of the current line was taken already (a long line): its start was checked for dots.
        var midLine = false
        /// A line was taken before: the next one is joined by `\n`.
        var hasLine = false
    }

    init(lineLimit: Int = 8 * 1024, dataLimit: Int = 64 * 1024) {
        self.lineLimit = lineLimit
        self.dataLimit = dataLimit
    }

    /// Bytes not yet taken (for the memory bound's tests).
    var bufferedBytes: Int { pending.count - start }

    mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        if start > 0 && start == pending.count {
            pending.removeAll(keepingCapacity: pending.capacity <= 64 * 1024)
            start = 0
        }
        pending.append(contentsOf: bytes)
    }

    /// The bytes after the current command line are a `SPEAK` block.
    mutating func expectData() {
        mode = .data(DataBlock())
    }

    /// The next frame, or nil when more bytes are needed.
    mutating func next() -> SSIPFrame? {
        defer { compact() }
        switch mode {
        case .command: return nextCommand()
        case .data(var block):
            let frame = nextData(&block)
            if frame == nil { mode = .data(block) } else { mode = .command }
            return frame
        }
    }

    private mutating func nextCommand() -> SSIPFrame? {
        while true {
            guard let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                let waiting = pending.count - start
                if skippingLine {
                    start = pending.count
                } else if waiting > lineLimit + 1 {
                    skippingLine = true
                    start = pending.count
                    return .malformed(.lineTooLong(limit: lineLimit))
                }
                return nil
            }
            let line = pending[start..<newline]
            start = newline + 1
            if skippingLine {
                skippingLine = false
                continue
            }
            guard line.last == UInt8(ascii: "\r") else {
                return .malformed(line.count > lineLimit ? .lineTooLong(limit: lineLimit) : .bareLineFeed)
            }
            let content = line.dropLast()
            guard content.count <= lineLimit else { return .malformed(.lineTooLong(limit: lineLimit)) }
            guard let text = String(validating: content, as: UTF8.self) else { return .malformed(.invalidUTF8) }
            return .command(text)
        }
    }

    private mutating func nextData(_ block: inout DataBlock) -> SSIPFrame? {
        while true {
            guard let end = lineEnd() else {
                // A line longer than a command may be: take all of it but a last CR, which may start
                // the line's end, so the buffer stays small however long the line.
                let waiting = pending.count - start
                guard waiting > lineLimit else { return nil }
                let keep = pending.last == UInt8(ascii: "\r") ? 1 : 0
                let part = pending[start..<(pending.count - keep)]
                let unescaped = !block.midLine && part.starts(with: [UInt8(ascii: "."), UInt8(ascii: ".")])
                take(unescaped ? part.dropFirst() : part, into: &block)
                block.midLine = true
                start = pending.count - keep
                return nil
            }
            let line = pending[start..<end]
            start = end + 2
            if !block.midLine && line.elementsEqual([UInt8(ascii: ".")]) {
                if block.overflow { return .malformed(.dataTooLong(limit: dataLimit)) }
                guard let text = String(validating: block.text, as: UTF8.self) else {
                    return .malformed(.invalidUTF8)
                }
                return .data(text)
            }
            let unescaped = !block.midLine && line.starts(with: [UInt8(ascii: "."), UInt8(ascii: ".")])
            take(unescaped ? line.dropFirst() : line, into: &block)
            block.midLine = false
        }
    }

    /// Where the next CR LF starts, if one has arrived.
    private func lineEnd() -> Int? {
        var index = start
        while let newline = pending[index...].firstIndex(of: UInt8(ascii: "\n")) {
            if newline > start && pending[newline - 1] == UInt8(ascii: "\r") { return newline - 1 }
            index = newline + 1
        }
        return nil
    }

    /// Adds a line, or the next part of one, to the block's text, up to the limit.
    private func take(_ bytes: ArraySlice<UInt8>, into block: inout DataBlock) {
        if !block.midLine && block.hasLine { append([UInt8(ascii: "\n")], to: &block) }
        block.hasLine = true
        append(bytes, to: &block)
    }

    private func append(_ bytes: some Collection<UInt8>, to block: inout DataBlock) {
        guard !block.overflow else { return }
        guard block.text.count + bytes.count <= dataLimit else {
            block.overflow = true
            block.text = []
            return
        }
        block.text.append(contentsOf: bytes)
    }

    /// Drops taken bytes once they are most of the buffer.
    private mutating func compact() {
        guard start > 4096 && start * 2 > pending.count else { return }
        pending.removeFirst(start)
        start = 0
    }
}
