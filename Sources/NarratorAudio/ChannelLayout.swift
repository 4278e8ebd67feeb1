/// Interleaved 16-bit samples carried from one channel count to the other, for a sound made for
/// one layout and mixed in another (a sound rendered in stereo before the output found its sink
/// mono, or a mono one given to a stereo mixer).
enum ChannelLayout {
    /// `samples` in `to` channels: mono to stereo is the same sample in both ears (the pan law's
    /// centre, exactly); stereo to mono is (left + right) / 2, which keeps a centred sound whole and
    /// a sound at one side 3 dB down, as a sound server's own remix does. Sounds rendered for the
    /// mixer's layout never pass here: only those already on their way when the layout changed.
    static func convert(_ samples: ArraySlice<Int16>, from: Int, to: Int) -> [Int16] {
        if from == to { return Array(samples) }
        if to == 2 { return samples.flatMap { [$0, $0] } }
        var mono: [Int16] = []
        mono.reserveCapacity(samples.count / 2)
        var index = samples.startIndex
        while index + 1 < samples.endIndex {
            mono.append(Int16((Int(samples[index]) + Int(samples[index + 1])) / 2))
            index += 2
        }
        return mono
    }
}
