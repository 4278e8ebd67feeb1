public import NarratorLocalization

extension SoundBook {
    /// Lints a book's bytes: every problem that stops it loading, each with its line and column
    /// (`sound-book`, or `invalid-json` for text that is not JSON). Every sound is checked: a
    /// broken one does not hide the others, and a sound that only names a broken one is not
    /// reported again. `loadFile` reads a WAV file by its name relative to the book's folder.
    public static func lint(
        path: String, bytes: [UInt8], loadFile: (String) throws -> [UInt8]
    ) -> [Diagnostic] {
        SoundBookDecoder.decode(bytes, loadFile: loadFile).problems.map { problem in
            Diagnostic(
                problem.kind == .syntax ? .invalidJSON : .soundBook, path: path, position: problem.position,
                key: problem.sound, message: problem.reason)
        }
    }

    /// A book as far as it loads, for checking an event map against it in lint: the sounds that
    /// load, and nothing for a book that is not JSON.
    public static func partial(name: String, bytes: [UInt8], loadFile: (String) throws -> [UInt8]) -> SoundBook {
        SoundBook(name: name, decoded: SoundBookDecoder.decode(bytes, loadFile: loadFile))
    }

    /// Whether the book defines `sound`, even if it is broken (lint reports that in the book).
    public func declares(_ sound: String) -> Bool { declared.contains(sound) }
}
