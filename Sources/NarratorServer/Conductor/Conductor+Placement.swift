import NarratorCore
import NarratorJSON
import NarratorWire

extension Conductor {
    /// Where a request's speech and sound are heard (rule C23): its `pan` (a `say`'s, or the field
    /// of a `play` or an event, checked when the line was parsed), else the centre.
    static func place(of fields: [String: JSONValue]) -> Pan {
        guard let value = fields[Request.panField] else { return .centre }
        return (try? Pan.parse(value)) ?? .centre
    }

    /// A sound of `profile` as the output takes it: at its rate, in its channels, the parts the book
    /// does not place at `pan` (rule C23).
    func render(_ cue: SoundCue, of profile: Profile, at pan: Pan) throws(ProtocolError) -> [Int16] {
        try profile.render(cue, sampleRate: output.sampleRate, channels: output.channels, pan: pan)
    }
}
