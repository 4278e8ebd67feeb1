import Testing

@testable import NarratorServer

/// The SSIP decoder in memory: CR LF lines, `SPEAK` blocks with their dots, and bytes that are not
/// SSIP, each arriving whole or a byte at a time.
@Suite struct SSIPFrameDecoderTests {
    /// Every frame of `bytes`, fed in pieces of `step` bytes; `SPEAK` switches to a data block.
    static func frames(_ text: String, step: Int = .max, decoder: SSIPFrameDecoder = SSIPFrameDecoder()) -> [SSIPFrame]
    {
        var decoder = decoder
        var frames: [SSIPFrame] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + max(1, min(step, bytes.count)))
            decoder.feed(bytes[index..<end])
            index = end
            while let frame = decoder.next() {
                frames.append(frame)
                if frame == .command("SPEAK") { decoder.expectData() }
            }
        }
        return frames
    }

    @Test(arguments: [1, 2, 7, Int.max])
    func linesAndBlocksWhateverTheirPieces(step: Int) {
        let input = "SET SELF PRIORITY text\r\nSPEAK\r\nHello\r\n..dotted\r\nsecond\nline\r\n.\r\nQUIT\r\n"
        #expect(
            Self.frames(input, step: step) == [
                .command("SET SELF PRIORITY text"), .command("SPEAK"), .data("Hello\n.dotted\nsecond\nline"),
                .command("QUIT"),
            ])
    }

    @Test func aLoneLineFeedEndsNoCommandButIsTextInABlock() {
        #expect(Self.frames("HELP\n") == [.malformed(.bareLineFeed)])
        #expect(Self.frames("SPEAK\r\na\n.\nb\r\n.\r\n") == [.command("SPEAK"), .data("a\n.\nb")])
    }

    @Test func anEmptyBlockAndADotThatIsNotAlone() {
        #expect(Self.frames("SPEAK\r\n.\r\n") == [.command("SPEAK"), .data("")])
        #expect(Self.frames("SPEAK\r\n. \r\n.\r\n") == [.command("SPEAK"), .data(". ")])
    }

    @Test func aCommandOverTheLimitIsReportedOnceAndSkipped() {
        let decoder = SSIPFrameDecoder(lineLimit: 16)
        let long = String(repeating: "x", count: 100)
        #expect(
            Self.frames(long + "\r\nHELP\r\n", step: 10, decoder: decoder) == [
                .malformed(.lineTooLong(limit: 16)), .command("HELP"),
            ])
    }

    @Test func textThatIsNotUTF8() {
        var decoder = SSIPFrameDecoder()
        decoder.feed([0x48, 0xff, 0x0d, 0x0a])
        #expect(decoder.next() == .malformed(.invalidUTF8))
    }

    /// Ten megabytes in one block: reported once at its dot, and the decoder never holds more than a
    /// line's worth of it.
    @Test func tenMegabytesInABlockAreNeverHeld() {
        var decoder = SSIPFrameDecoder()
        decoder.feed(Array("SPEAK\r\n".utf8))
        #expect(decoder.next() == .command("SPEAK"))
        decoder.expectData()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        var most = 0
        for index in 0..<160 {
            decoder.feed(chunk)
            if index % 16 == 0 { decoder.feed(Array("\r\n".utf8)) }
            #expect(decoder.next() == nil)
            most = max(most, decoder.bufferedBytes)
        }
        decoder.feed(Array("\r\n.\r\nHELP\r\n".utf8))
        #expect(decoder.next() == .malformed(.dataTooLong(limit: 64 * 1024)))
        #expect(decoder.next() == .command("HELP"))
        #expect(most <= 2 * 64 * 1024)
    }

    @Test func anUnterminatedBlockHoldsLittle() {
        var decoder = SSIPFrameDecoder()
        decoder.feed(Array("SPEAK\r\n".utf8))
        _ = decoder.next()
        decoder.expectData()
        for _ in 0..<100 {
            decoder.feed(Array(repeating: UInt8(ascii: "b"), count: 10_000) + Array("\r\n".utf8))
            #expect(decoder.next() == nil)
        }
        #expect(decoder.bufferedBytes < 20_000)
    }
}
