import NarratorCore
import NarratorWire

extension ProfileCatalog {
    /// The profile a client's `hello` names, loaded for the conductor: a name that leads nowhere, or
    /// to a profile that does not load, is the client's error. Reads files: the shell calls it.
    func loadForClient(_ name: String) -> ProfileLoad {
        let entry: Entry
        do {
            entry = try locate(name)
        } catch {
            return .failed(ProtocolError(.profile, error.message))
        }
        do {
            return .loaded(try load(entry))
        } catch {
            return .failed(ProtocolError(.profile, "the profile \"\(name)\" (\(entry.folder)) is broken: \(error)"))
        }
    }

    /// Every held profile read again from its folder, by name, in the order of their names.
    func reload(_ held: [String: Profile]) -> [(name: String, result: Result<Profile, Profile.LoadError>)] {
        held.sorted { $0.key < $1.key }.map { name, profile in
            let entry = Entry(name: name, folder: profile.folder, source: "loaded")
            do throws(Profile.LoadError) {
                return (name, .success(try load(entry)))
            } catch {
                return (name, .failure(error))
            }
        }
    }
}

extension Profile {
    /// A sound of this profile at `sampleRate`, interleaved in `channels`, its unplaced parts at
    /// `pan`; errors name the sound's problem.
    func render(_ cue: SoundCue, sampleRate: Int, channels: Int = 1, pan: Pan = .centre) throws(ProtocolError)
        -> [Int16]
    {
        do {
            return try sounds.render(
                cue.name, arguments: cue.arguments, sampleRate: sampleRate, channels: channels, pan: pan)
        } catch {
            throw ProtocolError(code: error.code, message: error.message)
        }
    }
}
