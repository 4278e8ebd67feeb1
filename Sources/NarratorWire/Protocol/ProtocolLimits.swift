/// The limits of docs/PROTOCOL.md ("Limits") that more than one module holds to: each is written here
/// once, and the daemon's transport, the speech seam, the sound book and the mixer read it from here.
public enum ProtocolLimits {
    /// The longest request line, in bytes, not counting its line break; a longer one gets
    /// `line_too_long` (the daemon's transport).
    public static let maximumLineBytes = 64 * 1024

    /// The most text one announcement may hold, in UTF-8 bytes; more gets `speech` (the speech seam's
    /// `SpeechRequest`). The same as a line: no text needs more room than a line could bring, and the
    /// text an event map builds from a short line is held to what a `say` could have carried.
    public static let maximumTextBytes = maximumLineBytes

    /// The longest a sound may last, with every `when` argument true: the sound book refuses a longer
    /// one when it loads (NarratorCore's `SoundBook`), and the mixer refuses longer samples (NarratorAudio's
    /// `Mixer`), so a sound that loads always plays.
    public static let maximumSoundMilliseconds = 10_000
}
