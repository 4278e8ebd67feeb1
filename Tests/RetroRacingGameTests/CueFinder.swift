/// Finds known cues in a recording, each sounding alone: a stretch of sound with silence on both
/// sides that is, sample for sample, the cue as the sound book renders it (any level, as the mixer
/// plays it).
///
/// The recording is cut into islands of sound, apart where it is silent for `gap` or more: a cue's
/// own silences (a pulse's unsafe slot, 30 ms; the chirp's 20 ms between its halves) are shorter, and
/// speech never comes closer to a cue that sounds alone. An island is a cue when it lasts as long as
/// the cue and matches its waveform (normalized correlation, at the best shift of a few
/// milliseconds). Speech over a cue would make the island longer and break the match.
struct CueFinder {
    let sampleRate: Int
    /// A quieter sample counts as silence.
    var silence: Int16 = 8
    /// Silence that separates two islands (40 ms).
    var gap: Int { sampleRate * 40 / 1000 }
    /// A cue matches from this normalized correlation.
    var match = 0.85

    /// The islands of sound in `samples`, as ranges.
    func islands(in samples: [Int16]) -> [Range<Int>] {
        var islands: [Range<Int>] = []
        var start: Int?
        var lastLoud = 0
        for (index, sample) in samples.enumerated() where abs(Int(sample)) > Int(silence) {
            if let from = start, index - lastLoud > gap {
                islands.append(from..<(lastLoud + 1))
                start = index
            } else if start == nil {
                start = index
            }
            lastLoud = index
        }
        if let from = start { islands.append(from..<(lastLoud + 1)) }
        return islands
    }

    /// For each cue in order, the island it was found alone in (its index into `islands(in:)`), each
    /// after the one before; nil from the first cue not found.
    func find(_ cues: [[Int16]], in samples: [Int16]) -> [Int?] {
        let islands = islands(in: samples)
        var next = 0
        return cues.map { cue in
            let trimmed = Self.trimmed(cue)
            guard next <= islands.count else { return nil }
            guard let found = islands[next...].firstIndex(where: { matches(Array(samples[$0]), trimmed) }) else {
                next = islands.count + 1
                return nil
            }
            next = found + 1
            return found
        }
    }

    /// Whether `island` is `cue`: as long (the test sink's monitor may lose up to 5 ms of a sound that
    /// starts from quiet), and the same waveform at some shift of up to 6 ms.
    func matches(_ island: [Int16], _ cue: [Int16]) -> Bool {
        let lost = sampleRate * 6 / 1000
        guard island.count <= cue.count + sampleRate * 3 / 1000, island.count + lost >= cue.count else { return false }
        var best = 0.0
        for shift in -lost...lost {
            var (dot, islandEnergy, cueEnergy) = (0.0, 0.0, 0.0)
            for index in island.indices {
                let other = index + shift
                guard cue.indices.contains(other) else { continue }
                let (a, b) = (Double(island[index]), Double(cue[other]))
                dot += a * b
                islandEnergy += a * a
                cueEnergy += b * b
            }
            guard islandEnergy > 0, cueEnergy > 0 else { continue }
            best = max(best, dot / (islandEnergy * cueEnergy).squareRoot())
        }
        return best >= match
    }

    /// The cue without the silence it starts or ends with (a pulse of the right lane alone starts
    /// with two silent slots).
    static func trimmed(_ cue: [Int16]) -> [Int16] {
        guard let first = cue.firstIndex(where: { $0 != 0 }), let last = cue.lastIndex(where: { $0 != 0 }) else {
            return []
        }
        return Array(cue[first...last])
    }
}
