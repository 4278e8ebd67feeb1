import NarratorJSON
import NarratorWire

/// Renders one sound of a book, its `when` and place arguments already checked: lengths first (each
/// element rounded to whole samples on its own), then every element added into one buffer at its
/// offset, so a chord's parts sum and memory is one buffer of the sound's length.
///
/// In stereo (`channels` 2, interleaved left, right) each tone and mono WAV file is placed by the
/// pan law (`Pan.gains`) at the nearest `pan` around it (its own, its step's, ..., else `pan`, the
/// request's); a stereo WAV file is placed as a whole (`Pan.balance`). In mono nothing is placed:
/// the samples are what a stereo render's were before placing.
struct SoundRenderer {
    let book: [String: SoundNode]
    let flags: [String: Bool]
    let sampleRate: Double
    /// The event's fields, for places read from them (checked already).
    let arguments: [String: JSONValue]
    let channels: Int
    /// Where a part with no place of its own around it is heard.
    let pan: Pan
    /// Mixed samples, interleaved in `channels`, 1.0 being full scale.
    private var buffer: [Float] = []

    init(
        book: [String: SoundNode], flags: [String: Bool], sampleRate: Double, arguments: [String: JSONValue] = [:],
        channels: Int = 1, pan: Pan = .centre
    ) {
        self.book = book
        self.flags = flags
        self.sampleRate = sampleRate
        self.arguments = arguments
        self.channels = channels
        self.pan = pan
    }

    /// Whole samples for a length in milliseconds, rounded to nearest (half away from zero).
    func samples(_ milliseconds: Double) -> Int { Int((milliseconds * sampleRate / 1000).rounded()) }

    /// The node's length in samples.
    func length(of node: SoundNode) -> Int {
        switch node.kind {
        case .tone(let tone): return samples(tone.milliseconds)
        case .clip(let clip, _): return length(of: clip)
        case .reference(let name): return length(of: book[name]!)
        case .chord(let parts): return parts.map { length(of: $0) ?? 0 }.max() ?? 0
        case .sequence(let sequence): return layout(sequence).length
        }
    }

    /// A WAV file's length at the render rate.
    private func length(of clip: WAVClip) -> Int {
        Int((Double(clip.samples.count) * sampleRate / Double(clip.sampleRate)).rounded())
    }

    /// A step's length, nil when it is skipped (its `when` is false and it has no slot).
    private func length(of step: SoundStep) -> Int? {
        if let slot = step.slotMilliseconds { return samples(slot) }
        return sounds(step) ? length(of: step.node) : nil
    }

    private func sounds(_ step: SoundStep) -> Bool { step.condition.map { flags[$0] ?? false } ?? true }

    /// Where each step that is there starts, and the sequence's length. Gaps lie between steps
    /// that are there; a sequence whose steps are all skipped is empty, repeats and all.
    private func layout(_ sequence: SoundSequence) -> (starts: [(SoundStep, Int, Int)], length: Int) {
        var starts: [(SoundStep, Int, Int)] = []
        var offset = 0
        let gap = samples(sequence.gapMilliseconds)
        let repeatGap = samples(sequence.repeatGapMilliseconds)
        for round in 0..<sequence.repeatCount {
            var first = true
            for step in sequence.steps {
                guard let length = length(of: step) else { continue }
                if !first { offset += gap } else if round > 0 { offset += repeatGap }
                first = false
                starts.append((step, offset, length))
                offset += length
            }
            if first { return ([], 0) }
        }
        return (starts, offset)
    }

    /// The whole sound as 16-bit samples, interleaved in `channels`.
    mutating func render(_ node: SoundNode) -> [Int16] {
        let length = length(of: node)
        buffer = [Float](repeating: 0, count: length * channels)
        mix(node, at: 0, until: length, pan: pan)
        return buffer.map { Int16(clamping: Int(($0 * 32768).rounded())) }
    }

    /// Adds `node` into the buffer from frame `offset`, cut at `end`, at its own place or `around`.
    private mutating func mix(_ node: SoundNode, at offset: Int, until end: Int, pan around: Pan) {
        // Checked before rendering: a place that does not resolve cannot reach here.
        let pan = ((try? node.pan?.resolve(arguments).get()) ?? nil) ?? around
        switch node.kind {
        case .tone(let tone):
            mix(tone, at: offset, until: end, pan: pan)
        case .clip(let clip, let gain):
            mix(clip, gain: gain, at: offset, until: end, pan: pan)
        case .reference(let name):
            mix(book[name]!, at: offset, until: end, pan: pan)
        case .chord(let parts):
            for part in parts where sounds(part) { mix(part.node, at: offset, until: end, pan: pan) }
        case .sequence(let sequence):
            for (step, start, length) in layout(sequence).starts where sounds(step) {
                mix(step.node, at: offset + start, until: min(end, offset + start + length), pan: pan)
            }
        }
    }

    /// Adds one mono sample at `frame`: as it is in mono, by the pan law's gains in stereo.
    private mutating func add(_ value: Double, at frame: Int, gains: (left: Double, right: Double)) {
        if channels == 2 {
            buffer[2 * frame] += Float(value * gains.left)
            buffer[2 * frame + 1] += Float(value * gains.right)
        } else {
            buffer[frame] += Float(value)
        }
    }

    /// A tone: the waveform times a linear envelope (up over the attack from 0, down over the
    /// last `decay` samples to 0), at a quarter of full scale times the gain.
    private mutating func mix(_ tone: Tone, at offset: Int, until end: Int, pan: Pan) {
        let gains = pan.gains
        let count = samples(tone.milliseconds)
        let attack = Double(samples(tone.attackMilliseconds))
        let decay = Double(samples(tone.decayMilliseconds))
        let amplitude = Double(SoundBook.unitPeak) / 32768 * tone.gain
        var noise = NoiseSource()
        for index in 0..<max(0, min(count, end - offset)) {
            var envelope = 1.0
            if Double(index) < attack { envelope = Double(index) / attack }
            let fromEnd = Double(count - 1 - index)
            if fromEnd < decay { envelope = min(envelope, fromEnd / decay) }
            // The phase from the sample's index, not a running sum, so long tones do not drift.
            let phase = tone.hertz.map { ($0 * Double(index) / sampleRate).truncatingRemainder(dividingBy: 1) } ?? 0
            add(amplitude * envelope * tone.waveform.value(at: phase, noise: &noise), at: offset + index, gains: gains)
        }
    }

    /// A WAV file, resampled linearly to the render rate; full scale maps to a quarter of full
    /// scale times the gain, as a tone does. In stereo a mono file is placed, a stereo one keeps
    /// its two channels and is placed as a whole.
    private mutating func mix(_ clip: WAVClip, gain: Double, at offset: Int, until end: Int, pan: Pan) {
        let step = Double(clip.sampleRate) / sampleRate
        let scale = Double(SoundBook.unitPeak) / 32768 * gain / 32768
        let last = clip.samples.count - 1
        let frames = 0..<max(0, min(length(of: clip), end - offset))
        func value(_ samples: [Int16], at index: Int) -> Double {
            let position = Double(index) * step
            let before = min(Int(position), last)
            let after = min(before + 1, last)
            let fraction = position - Double(before)
            return (Double(samples[before]) * (1 - fraction) + Double(samples[after]) * fraction) * scale
        }
        guard channels == 2, let (left, right) = clip.stereo else {
            let gains = pan.gains
            for index in frames { add(value(clip.samples, at: index), at: offset + index, gains: gains) }
            return
        }
        let balance = pan.balance
        for index in frames {
            buffer[2 * (offset + index)] += Float(value(left, at: index) * balance.left)
            buffer[2 * (offset + index) + 1] += Float(value(right, at: index) * balance.right)
        }
    }
}
