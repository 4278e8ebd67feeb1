import NarratorSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A 16-bit WAV file, stereo (interleaved left, right) or mono, that the mixer writes to as fast as
/// it mixes (no real-time pacing).
///
/// The file is created once, when the output is chosen; the mixer may close and reopen the
/// device after a failed write (a full disk), and writing then goes on in the same file. The
/// header is rewritten after every write, so the file is valid even if the process is killed.
final class WAVFile: Sendable {
    let path: String
    let sampleRate: Int
    /// 2 (stereo) or 1 (mono).
    let channels: Int
    private let state: Mutex<(descriptor: Int32, dataBytes: UInt32)>

    /// Creates (or truncates) the file and writes an empty header.
    init(path: String, sampleRate: Int, channels: Int = 2) throws(AudioDeviceError) {
        self.path = path
        self.sampleRate = sampleRate
        self.channels = channels
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o644)
        } catch {
            throw AudioDeviceError(
                output: "wav:\(path)", message: "open() could not create the file: \(error.reason).")
        }
        state = Mutex((descriptor, 0))
        // Move past the header: pwrite leaves the offset alone, and PCM must not overwrite it.
        _ = try? append(UnsafeRawBufferPointer(start: nil, count: 0))
        _ = try? FileDescriptor.seek(descriptor, to: off_t(WAVHeader.size))
    }

    deinit {
        state.withLock { FileDescriptor.close($0.descriptor) }
    }

    /// Frames in the file so far.
    var frames: Int { state.withLock { Int($0.dataBytes) / (2 * channels) } }

    /// Appends `count` frames of silence.
    func appendSilence(frames count: Int) throws(AudioDeviceError) {
        let silence = [Int16](repeating: 0, count: count * channels)
        let failure: AudioDeviceError? = silence.withUnsafeBytes { bytes in
            do throws(AudioDeviceError) {
                try append(bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Removes the last `count` frames (all of them, if there are fewer).
    func removeLast(frames count: Int) throws(AudioDeviceError) {
        let failure: String? = state.withLock { state in
            state.dataBytes -= min(state.dataBytes, UInt32(truncatingIfNeeded: count * 2 * channels))
            let end = off_t(WAVHeader.size) + off_t(state.dataBytes)
            do throws(SystemCallError) {
                try FileDescriptor.truncate(state.descriptor, to: end)
                try FileDescriptor.seek(state.descriptor, to: end)
                return nil
            } catch {
                return error.reason
            }
        }
        if let failure {
            throw AudioDeviceError(output: "wav:\(path)", message: "ftruncate() failed: \(failure).")
        }
        try append(UnsafeRawBufferPointer(start: nil, count: 0))
    }

    /// Appends PCM and rewrites the header.
    func append(_ bytes: UnsafeRawBufferPointer) throws(AudioDeviceError) {
        let failure: String? = state.withLock { state in
            if bytes.count > 0 {
                guard FileDescriptor.writeAll(state.descriptor, bytes) else { return String(cString: strerror(errno)) }
                state.dataBytes &+= UInt32(truncatingIfNeeded: bytes.count)
            }
            let header = WAVHeader(
                sampleRate: UInt32(sampleRate), channels: UInt16(channels), dataBytes: state.dataBytes
            )
            .bytes
            do throws(SystemCallError) {
                try FileDescriptor.write(state.descriptor, header, at: 0)
                return nil
            } catch {
                return error.reason
            }
        }
        if let failure {
            throw AudioDeviceError(output: "wav:\(path)", message: "write() failed: \(failure).")
        }
    }
}

/// The mixer's view of a `WAVFile`.
final class WAVDevice: AudioDevice {
    let file: WAVFile

    init(file: WAVFile) {
        self.file = file
    }

    func unplayedFrames() -> Int { 0 }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        // WAV is little-endian, as is every machine this runs on; the samples go out as they are.
        try file.append(UnsafeRawBufferPointer(samples))
    }

    func discardUnplayed() {}

    func close() {}
}

/// The mixer's view of a `WAVFile` written at the pace a player hears it (`realtime-wav:PATH`):
/// the file plays like a sound card whose clock started when the output was chosen. Time with
/// nothing to play becomes silence in the file, the mixer stays only a few milliseconds ahead of
/// that clock, and what a cut drops is what had not been heard yet, so speech that was cut off in
/// play is cut off in the file. The file's length is the time from the start to the last sound.
final class RealTimeWAVDevice: AudioDevice {
    let file: WAVFile
    /// When the file's clock started; kept across the mixer's closing and reopening of the device.
    let started: ContinuousClock.Instant

    init(file: WAVFile, started: ContinuousClock.Instant) {
        self.file = file
        self.started = started
    }

    /// Frames the clock has played since it started.
    private func heardFrames() -> Int {
        let (seconds, attoseconds) = (ContinuousClock.now - started).components
        return Int(seconds) * file.sampleRate + Int(attoseconds / 1_000_000_000) * file.sampleRate / 1_000_000_000
    }

    func unplayedFrames() -> Int { max(0, file.frames - heardFrames()) }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        let behind = heardFrames() - file.frames
        if behind > 0 { try file.appendSilence(frames: behind) }
        try file.append(UnsafeRawBufferPointer(samples))
    }

    func discardUnplayed() throws(AudioDeviceError) {
        try file.removeLast(frames: unplayedFrames())
    }

    var rewrites: Bool { true }

    /// Writes over the file's unheard end, as a sound server writes over its queue.
    func rewrite(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        try file.removeLast(frames: min(samples.count / file.channels, file.frames))
        try file.append(UnsafeRawBufferPointer(samples))
    }

    func close() {}
}

/// The 44-byte RIFF header of a PCM WAV file: 16-bit, mono or stereo.
struct WAVHeader {
    static let size = 44
    let sampleRate: UInt32
    let channels: UInt16
    let dataBytes: UInt32

    var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(44)
        func put(_ text: String) { out.append(contentsOf: Array(text.utf8)) }
        func put32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        func put16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        put("RIFF")
        put32(36 &+ dataBytes)
        put("WAVE")
        put("fmt ")
        put32(16)
        put16(1)  // PCM
        put16(channels)
        put32(sampleRate)
        put32(sampleRate * 2 * UInt32(channels))  // bytes per second
        put16(2 * channels)  // block align
        put16(16)  // bits per sample
        put("data")
        put32(dataBytes)
        return out
    }
}
