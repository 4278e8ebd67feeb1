import NarratorJSON
import NarratorLocalization
import NarratorWire

extension SoundBookDecoder {
    /// `{"tone": "sine", "note": "C5" | "hz": 523.25, "ms": 30, "attack_ms": 3, "decay_ms": 20, "gain": 1}`.
    static func tone(_ object: SoundObject, extra: [String]) throws(SoundBookError) -> Tone {
        try object.allow(["tone", "hz", "note", "ms", "attack_ms", "decay_ms", "gain"] + extra, in: "a tone")
        let (name, namePosition) = try object.string("tone")!
        guard let waveform = Waveform(rawValue: name) else {
            let names = Waveform.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw object.error(at: namePosition, "\"tone\" must be one of \(names), not \"\(name)\"")
        }
        let hertz = try pitch(object, waveform: waveform)
        guard let length = try milliseconds(object, "ms", "the tone's length in ms") else {
            throw object.error(at: object.position, "a tone needs \"ms\": its length in milliseconds")
        }
        let range = 0...SoundBook.maximumMilliseconds
        let attack = try object.number("attack_ms", in: range, "the rise from silence, in ms")
        let decay = try object.number("decay_ms", in: range, "the fall to silence at the end, in ms")
        if (attack?.value ?? 0) + (decay?.value ?? 0) > length {
            throw object.error(
                at: (attack ?? decay)!.position,
                "attack_ms and decay_ms together (\(SoundObject.show((attack?.value ?? 0) + (decay?.value ?? 0))) "
                    + "ms) must fit in the tone's \(SoundObject.show(length)) ms")
        }
        return Tone(
            waveform: waveform, hertz: hertz, milliseconds: length, attackMilliseconds: attack?.value ?? 0,
            decayMilliseconds: decay?.value ?? 0,
            gain: try object.number("gain", in: 0...1, "1 peaks at a quarter of full scale")?.value ?? 1)
    }

    /// The tone's frequency from `hz` or `note` (exactly one); noise has none.
    private static func pitch(_ object: SoundObject, waveform: Waveform) throws(SoundBookError) -> Double? {
        let given = ["hz", "note"].filter(object.has)
        if waveform == .noise {
            guard given.isEmpty else {
                throw object.error(at: object[given[0]]!.position, "noise has no pitch: remove \"\(given[0])\"")
            }
            return nil
        }
        guard given.count == 1 else {
            throw object.error(
                at: given.isEmpty ? object.position : object[given[1]]!.position,
                "a \(waveform.rawValue) tone needs its pitch once: \"note\": \"C5\" or \"hz\": 523.25")
        }
        if let (note, position) = try object.string("note") {
            guard let hertz = NoteName.frequency(of: note) else {
                throw object.error(
                    at: position,
                    "\"\(note)\" is not a note name: write a letter A-G, an optional # or b, and an octave 0-9 "
                        + "(C5, G#4, Bb3)")
            }
            guard SoundBook.hertz.contains(hertz) else {
                throw object.error(at: position, "\"\(note)\" is outside 20 to 20000 Hz")
            }
            return hertz
        }
        return try object.number("hz", in: SoundBook.hertz, "the pitch in Hz")!.value
    }

    /// The samples of the WAV file `file`, a name relative to the book's folder.
    static func clip(
        _ file: String, at position: SourcePosition, in sound: String, load: Loader
    ) throws(SoundBookError) -> WAVClip {
        let components = file.split(separator: "/", omittingEmptySubsequences: false)
        guard !file.hasPrefix("/"), !components.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }) else {
            throw SoundBookError(
                at: position, sound: sound,
                "\"\(file)\" must be a file name inside the book's folder, like \"crash.wav\" or \"wav/crash.wav\" "
                    + "(no /, . or .. parts)")
        }
        let bytes: [UInt8]
        do {
            bytes = try load(file)
        } catch {
            throw SoundBookError(
                at: position, sound: sound, "cannot read \"\(file)\" beside \(ProfileLayout.soundBook): \(error)")
        }
        do {
            return try WAVClip.decode(bytes)
        } catch {
            throw SoundBookError(at: position, sound: sound, "\"\(file)\" \(error.reason)")
        }
    }
}
