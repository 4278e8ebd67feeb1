/// The messages between the daemon and its synthesis child, over a Unix stream socket pair. Each
/// frame is a tag byte, a payload length (UInt32) and the payload; numbers are little-endian, strings
/// a UInt32 byte count and UTF-8. Both ends are the same build of the same program.
enum SynthesisWire {
    /// Daemon -> child: select a voice (UInt8 0 name / 1 language, string, Int32 rate, Int32 pitch,
    /// Int32 punctuation and Int32 capitals, each its case's index); answered by `result`.
    static let apply: UInt8 = 0x61  // a
    /// Daemon -> child: synthesize (UInt8 ssml, string text); answered by `chunk`s and one `end`.
    static let synthesize: UInt8 = 0x73  // s
    /// Daemon -> child, only while it synthesizes: stop this text (no payload). Its `end` follows.
    static let cancel: UInt8 = 0x78  // x
    /// Daemon -> child, for the sandbox test only: open a path (UInt8 write, string); answered by
    /// `result` whose code is the errno (0: it opened).
    static let tryOpen: UInt8 = 0x6f  // o

    /// Child -> daemon, once at start: Int32 sample rate, voices, variants, string sandbox summary.
    static let hello: UInt8 = 0x68  // h
    /// Child -> daemon, instead of `hello`: espeak-ng did not start (string data path, string message).
    static let startFailed: UInt8 = 0x66  // f
    /// Child -> daemon: Int32 code (0: done), string the espeak-ng function that failed.
    static let result: UInt8 = 0x72  // r
    /// Child -> daemon: UInt16 count of sentence starts, each an Int32 espeak-ng text position,
    /// UInt16 count of SSML marks reached, each a string, then the samples (Int16) to the frame's end.
    static let chunk: UInt8 = 0x63  // c
    /// Child -> daemon: the text ended; Int32 code (0, or espeak_Synth's status), string function.
    static let end: UInt8 = 0x65  // e

    /// The largest payload either side accepts: a 64 KiB text with room, or a long voice list.
    static let maximumPayload = 4 << 20
}
