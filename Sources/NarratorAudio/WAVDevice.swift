import NarratorSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A 16-bit mono WAV file that the mixer writes to as fast as it mixes (no real-time pacing).
///
/// The file is created once, when the output is chosen; the mixer may close and reopen the
/// device after a failed write (a full disk), and writing then goes on in the same file. The
/// header is rewritten after every write, so the file is valid even if the process is killed.
final class WAVFile: Sendable {
    let path: String
    let sampleRate: Int
    private let state: Mutex<(descriptor: Int32, dataBytes: UInt32)>

    /// Creates (or truncates) the file and writes an empty header.
    init(path: String, sampleRate: Int) throws(AudioDeviceError) {
        self.path = path
        self.sampleRate = sampleRate
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw AudioDeviceError(output: "wav:\(path)", message: "open() could not create the file: \(reason).")
        }
        state = Mutex((descriptor, 0))
        // Move past the header: pwrite leaves the offset alone, and PCM must not overwrite it.
        _ = try? append(UnsafeRawBufferPointer(start: nil, count: 0))
        lseek(descriptor, off_t(WAVHeader.size), SEEK_SET)
    }

    deinit {
        state.withLock { _ = Glibc.close($0.descriptor) }
    }

    /// Appends PCM and rewrites the header.
    func append(_ bytes: UnsafeRawBufferPointer) throws(AudioDeviceError) {
        let failure: String? = state.withLock { state in
            if bytes.count > 0 {
                guard FileDescriptor.writeAll(state.descriptor, bytes) else { return String(cString: strerror(errno)) }
                state.dataBytes &+= UInt32(truncatingIfNeeded: bytes.count)
            }
            let header = WAVHeader(sampleRate: UInt32(sampleRate), dataBytes: state.dataBytes).bytes
            let written = header.withUnsafeBytes { pwrite(state.descriptor, $0.baseAddress, $0.count, 0) }
            return written == header.count ? nil : String(cString: strerror(errno))
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

/// The 44-byte RIFF header of a PCM WAV file: 16-bit, mono.
struct WAVHeader {
    static let size = 44
    let sampleRate: UInt32
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
        put16(1)  // mono
        put32(sampleRate)
        put32(sampleRate * 2)  // bytes per second
        put16(2)  // block align
        put16(16)  // bits per sample
        put("data")
        put32(dataBytes)
        return out
    }
}
