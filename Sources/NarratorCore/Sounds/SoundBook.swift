public import NarratorJSON
import NarratorLocalization
public import NarratorWire

/// A profile's earcons as data (`sounds.json` beside the event map; format in docs/SOUNDS.md):
/// tones, sequences, chords and WAV files by name, rendered to 16-bit PCM on request, in stereo
/// (each part placed, left to right) or mono.
///
/// ```swift
/// let book = try SoundBook(name: "sounds.json", bytes: bytes) { try read(folder + "/" + $0) }
/// let pcm = try book.render("lane_pulses", arguments: ["left": .bool(true), "middle": .bool(false),
///                                                      "right": .bool(true)], sampleRate: 22050)
/// ```
///
/// Every limit is checked when the book is decoded, from lengths computed without rendering, so a
/// hostile book is refused quickly and a book that loads renders in bounded time and memory.
/// Immutable and `Sendable`: the daemon swaps a whole new book in on reload.
public struct SoundBook: Sendable {
    /// The only format version this narrator reads.
    public static let version = 1
    public static let maximumSounds = 1000
    /// The longest a sound may last, with every `when` argument true: the protocol's, which the
    /// mixer holds to as well.
    public static let maximumMilliseconds = Double(ProtocolLimits.maximumSoundMilliseconds)
    public static let maximumChordParts = 64
    public static let maximumSequenceSteps = 1000
    public static let maximumRepeat = 100
    /// How deeply sequences and chords may nest, counting through references.
    public static let maximumDepth = 8
    /// Tones and WAV files a sound may play in all, counting every repeat and chord part: bounds
    /// the work of one render, which the length alone does not (a 10 s chord of 64 parts of chords).
    public static let maximumNotes = 10_000
    /// The lengths of those tones and files added up: as much as a chord of 64 parts of full length.
    public static let maximumPlayedMilliseconds = 640_000.0
    public static let maximumFileBytes = 4 * 1024 * 1024
    /// Pitches a book may name; at render time a tone must also stay below half the sample rate.
    public static let hertz: ClosedRange<Double> = 20...20_000
    /// Rates sounds render at, and WAV files may have.
    public static let sampleRates: ClosedRange<Int> = 8000...192_000
    /// The peak of a tone at gain 1, and of a full-scale WAV sample at gain 1: a quarter of full
    /// scale, so that four sounds (or speech and three sounds) can be mixed without clipping.
    public static let unitPeak = 8192

    /// The book's name in messages (its path, as the caller knows it).
    public let name: String
    let sounds: [String: SoundNode]
    let measures: [String: SoundMeasure]
    /// Every sound written in the book, including broken ones left out of `sounds`.
    let declared: Set<String>

    /// Reads a book whose WAV files `loadFile` reads by their name relative to the book's folder
    /// (names that leave the folder are refused before `loadFile` is asked). The first problem is
    /// thrown, with its line and column.
    public init(name: String, bytes: [UInt8], loadFile: (String) throws -> [UInt8]) throws(SoundBookError) {
        let decoded = SoundBookDecoder.decode(bytes, loadFile: loadFile)
        if let first = decoded.problems.first { throw first }
        self.init(name: name, decoded: decoded)
    }

    /// Reads a book that names no WAV files (one that does cannot load).
    public init(name: String, bytes: [UInt8]) throws(SoundBookError) {
        try self.init(name: name, bytes: bytes) { file in throw WAVClip.Problem(reason: "no files can be read here") }
    }

    /// A book without sounds: what a profile without `sounds.json` has.
    public init(emptyNamed name: String) {
        self.init(name: name, decoded: SoundBookDecoder())
    }

    init(name: String, decoded: SoundBookDecoder) {
        self.name = name
        self.sounds = decoded.sounds.filter { decoded.measures[$0.key] != nil }
        self.measures = decoded.measures
        self.declared = Set(decoded.declared.keys)
    }

    /// The sounds of the book, sorted.
    public var soundNames: [String] { sounds.keys.sorted() }

    /// The `when` arguments `sound` reads (through the sounds it names too), sorted; nil when the
    /// book has no such sound. Each must be `true` or `false` in a render's arguments.
    public func argumentNames(of sound: String) -> [String]? {
        measures[sound].map { $0.arguments.sorted() }
    }

    /// The fields that place parts of `sound` (a `pan` with a `field`), sorted; nil when the book has
    /// no such sound. Each may be left out (those parts are then where the sound is).
    public func placeNames(of sound: String) -> [String]? {
        measures[sound].map { Set($0.placements.compactMap(\.field)).sorted() }
    }

    /// How many samples `render` returns for these arguments, without rendering: each tone, gap,
    /// slot and WAV file is rounded to whole samples on its own, and a sound's length is the sum
    /// (sequence) or maximum (chord) of its elements' lengths.
    public func sampleCount(
        of sound: String, arguments: [String: JSONValue], sampleRate: Int
    ) throws(SoundError) -> Int {
        try renderer(for: sound, arguments: arguments, sampleRate: sampleRate).length(of: sounds[sound]!)
    }

    /// The sound as 16-bit PCM at `sampleRate`, interleaved in `channels`: 1 (mono, nothing placed)
    /// or 2 (left, right: each part at its own `pan`, else at `pan`, by the pan law, `Pan`). A tone
    /// at gain 1 peaks at `unitPeak` (in mono; at the centre in stereo, √2 times it at a side);
    /// chord parts add up (clipped at full scale).
    public func render(
        _ sound: String, arguments: [String: JSONValue], sampleRate: Int, channels: Int = 1, pan: Pan = .centre
    ) throws(SoundError) -> [Int16] {
        var renderer = try renderer(
            for: sound, arguments: arguments, sampleRate: sampleRate, channels: channels == 2 ? 2 : 1, pan: pan)
        return renderer.render(sounds[sound]!)
    }

    /// Checks the name, rate and arguments before anything is rendered.
    private func renderer(
        for sound: String, arguments: [String: JSONValue], sampleRate: Int, channels: Int = 1, pan: Pan = .centre
    ) throws(SoundError) -> SoundRenderer {
        guard let measure = measures[sound], sounds[sound] != nil else { throw .unknownSound(sound) }
        guard Self.sampleRates.contains(sampleRate) else { throw .unsupportedSampleRate(sampleRate) }
        if measure.highestHertz * 2 >= Double(sampleRate) {
            throw .aboveNyquist(sound: sound, hertz: measure.highestHertz, sampleRate: sampleRate)
        }
        var flags: [String: Bool] = [:]
        for argument in measure.arguments.sorted() {
            switch arguments[argument] {
            case .bool(let flag)?: flags[argument] = flag
            case nil: throw .missingArgument(sound: sound, argument: argument)
            case let value?: throw .invalidArgument(sound: sound, argument: argument, value: JSONNumber.describe(value))
            }
        }
        // Every place a field gives is checked, in mono too: a game's mistake is not hidden by the output.
        // (Sorted only when one fails, so the error names the first field alike every time: a sound
        // is rendered for every lane cue, and sorting the places each time cost a tenth of a millisecond.)
        let failures = measure.placements.compactMap { placement -> (Placement, Placement.PlaceProblem)? in
            guard case .failure(let problem) = placement.resolve(arguments) else { return nil }
            return (placement, problem)
        }
        if let (placement, problem) = failures.min(by: { $0.1.field < $1.1.field }) {
            throw .invalidPlace(
                sound: sound, argument: problem.field, value: JSONNumber.describe(problem.value),
                expected: placement.expected)
        }
        return SoundRenderer(
            book: sounds, flags: flags, sampleRate: Double(sampleRate), arguments: arguments, channels: channels,
            pan: pan)
    }
}
