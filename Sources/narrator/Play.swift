import ArgumentParser
import Logging
import NarratorAudio
import NarratorCore
import NarratorJSON
import NarratorLocalization
import NarratorServer
import NarratorVoice
import NarratorWire

/// `narrator play`: hear one sound of a profile by itself, as a sound designer would.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a sound of a profile's sounds.json, without the daemon.",
        discussion: """
            Renders the sound as the daemon would (at 22050 Hz, in stereo unless the output is mono: or plays on a mono sink, \
            through the same mixer) and exits once it has been heard. Arguments of the sound are given as \
            FIELD=VALUE (true, false, a number or text), e.g. `narrator play lane_pulses left=true \
            middle=false right=true`; pan=-1 (left) to pan=1 (right) places the parts of the sound that \
            the book does not place, as a game's `pan` does. It plays at your effects volume and on your \
            output (the settings file's effects_volume and output, docs/CONFIG.md), as a game's sounds \
            play; the options below override them. Without NAME, lists the sounds and the arguments each \
            reads. See docs/SOUNDS.md.
            """
    )

    /// The rate the daemon's mixer runs at (espeak-ng's), so a sound is heard here as in a game.
    static let sampleRate = 22050

    @Argument(help: "The sound's name; leave it out to list the sounds.")
    var name: String?

    @Argument(help: "The sound's arguments, as FIELD=VALUE; pan=-1...1 places it (left to right).")
    var arguments: [String] = []

    @Option(
        help:
            "The profile whose sounds.json plays: a folder, or the name of an installed profile (default: retroracing)."
    )
    var profile: String?

    @Option(help: "Where sound goes: \(AudioOutput.help) (default: the file's, else auto).")
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Volume of the sound, 0-200 (default: the file's effects_volume, else 100).",
            discussion: "100 plays the sound as its sound book renders it; 50 is 6 dB softer."))
    var effectsVolume: Int?

    @Option(help: ArgumentHelp(ConfigLocation.help, valueName: "file"))
    var config: String?

    func validate() throws {
        if let output { _ = try AudioOutput.parsing(output) }
        if let effectsVolume, !DaemonDefaults.effectsVolumeRange.contains(effectsVolume) {
            let range = DaemonDefaults.effectsVolumeRange
            throw ValidationError(
                SpeechRequestError.outOfRange(name: "effects_volume", value: effectsVolume, range: range).description)
        }
        _ = try place(of: parsedArguments())
    }

    /// The player's effects volume and output: the file's, the options over them, read without a
    /// speech engine (nothing here speaks, so no voice is looked up).
    private func settings() throws -> DaemonDefaults {
        var options: [(key: ConfigKey, value: String, option: String)] = []
        output.map { options.append((.output, $0, "--output")) }
        effectsVolume.map { options.append((.effectsVolume, String($0), "--effects-volume")) }
        let settings = UserConfig(
            path: try ConfigLocation.path(given: config), commandLine: options,
            checks: ConfigLocation.checks(voices: nil))
        return try ConfigLocation.defaults(settings, logger: CommandLogger.make())
    }

    /// `pan=P`, as the daemon reads a `play`'s: -1 to 1, the centre when absent.
    private func place(of values: [String: JSONValue]) throws -> Pan {
        guard let value = values[Request.panField] else { return .centre }
        do {
            return try Pan.parse(value)
        } catch {
            throw ValidationError("\(error.message).")
        }
    }

    func run() throws {
        let book = try loadBook()
        guard let name else {
            for sound in book.soundNames {
                let reads = (book.argumentNames(of: sound) ?? []).joined(separator: ", ")
                let places = (book.placeNames(of: sound) ?? []).joined(separator: ", ")
                let parts = [reads, places.isEmpty ? "" : "placed by \(places)"].filter { !$0.isEmpty }
                print(parts.isEmpty ? sound : "\(sound) (\(parts.joined(separator: "; ")))")
            }
            return
        }
        let values = try parsedArguments()
        let settings = try settings()
        let output = try AudioOutput.parsing(settings.output)
        // Rendered first in the output's channels, so a wrong argument is said before any device opens.
        var channels = output.channels
        var samples = try render(book, name, values, channels: channels)
        let mixer = Mixer(
            opener: try output.opener(sampleRate: Self.sampleRate), sampleRate: Self.sampleRate,
            logger: CommandLogger.make())
        defer { mixer.close() }
        // A stereo output whose sink is mono mixes in one channel: the sound is rendered again
        // unplaced, as the daemon renders it there.
        mixer.waitUntilTried()
        if mixer.mixingChannels != channels {
            channels = mixer.mixingChannels
            samples = try render(book, name, values, channels: channels)
        }
        try mixer.play(samples, channels: channels, gain: Double(settings.effectsVolume) / 100)
        // The mixer has said in one line why there is no sound, if there is none.
        guard mixer.waitUntilQuiet(), mixer.status.isWorking else { throw ExitCode.failure }
    }

    /// The sound in `channels`, as the daemon renders it; a book's refusal is one line.
    private func render(_ book: SoundBook, _ name: String, _ values: [String: JSONValue], channels: Int) throws
        -> [Int16]
    {
        do {
            return try book.render(
                name, arguments: values, sampleRate: Self.sampleRate, channels: channels, pan: try place(of: values))
        } catch let error as SoundError {
            throw PlayError(error.message)
        }
    }

    private func loadBook() throws -> SoundBook {
        let catalog = ProfileLocation.catalog(given: nil)
        let folder: String
        if let profile {
            guard let found = ProfileLocation.folder(named: profile, in: catalog) else {
                throw PlayError("\(profile) is neither a profile folder nor the name of an installed profile.")
            }
            folder = found
        } else {
            folder = try ProfileLocation.defaultEntry(catalog).folder
        }
        do {
            guard let book = try Profile.loadSounds(folder) else {
                throw PlayError(
                    "\(ProfileLayout.path(of: ProfileLayout.soundBook, in: folder)) cannot be read: the profile has no "
                        + "\(ProfileLayout.soundBook).")
            }
            return book
        } catch let error as PlayError {
            throw error
        } catch {
            throw PlayError("\(error)")
        }
    }

    /// `left=true` → `"left": true`; numbers as numbers; anything else as text.
    private func parsedArguments() throws -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw ValidationError("\"\(argument)\" is not FIELD=VALUE (e.g. left=true).")
            }
            let field = String(argument[..<equals])
            let text = String(argument[argument.index(after: equals)...])
            switch text {
            case "true": values[field] = .bool(true)
            case "false": values[field] = .bool(false)
            default: values[field] = Double(text) != nil ? .number(text) : .string(text)
            }
        }
        return values
    }
}

/// Why a sound cannot be played: one line, exit status 1 (not a usage error).
struct PlayError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
