public import NarratorJSON

/// A sound book's entries, for its errors.
public enum SoundBookEntry: DataFileEntry {
    public static let noun = "sound"
}

/// Why a sound book (`sounds.json`) could not be loaded; `sound` is the entry the problem is in.
public typealias SoundBookError = DataFileError<SoundBookEntry>

extension DataFileError where Entry == SoundBookEntry {
    public init(_ kind: Kind = .invalid, at position: SourcePosition, sound: String? = nil, _ reason: String) {
        self.init(kind, at: position, subject: sound, reason)
    }

    /// The sound the problem is in, when it is in one.
    public var sound: String? { subject }
}
