import NarratorSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes 16-bit mono PCM to a WAV file. The header is rewritten at every mark, so the file is
/// valid after each utterance even if the process is killed later.
public final class WAVFileSink: AudioSink {
    private struct State {
        var descriptor: Int32
        var dataBytes: UInt32 = 0
        var interrupted = false
    }

    public let name: String
    public let path: String
    public let sampleRate: Int
    private let state: Mutex<State>

    /// Creates (or truncates) the file and writes an empty header.
    public init(path: String, sampleRate: Int) throws(AudioSinkError) {
        self.name = "wav:\(path)"
        self.path = path
        self.sampleRate = sampleRate
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw AudioSinkError(sink: "wav:\(path)", message: "open() could not create the file: \(reason).")
        }
        self.state = Mutex(State(descriptor: descriptor))
        writeHeader()
        // pwrite leaves the file offset alone: move past the header so PCM does not overwrite it.
        lseek(descriptor, off_t(WAVHeader.size), SEEK_SET)
    }

    deinit { close() }

    public func begin(utterance id: UInt64) {
        state.withLock { $0.interrupted = false }
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        state.withLock { state in
            guard !state.interrupted, state.descriptor >= 0 else { return false }
            // WAV is little-endian, as is every machine this runs on; the samples go out as they are.
            let raw = UnsafeRawBufferPointer(samples)
            guard FileDescriptor.writeAll(state.descriptor, raw) else { return false }
            state.dataBytes &+= UInt32(truncatingIfNeeded: raw.count)
            return true
        }
    }

    public func mark(_ handler: @escaping @Sendable (_ reached: Bool) -> Void) {
        writeHeader()
        handler(!state.withLock { $0.interrupted })
    }

    public func finish(_ handler: @escaping @Sendable (_ played: Bool) -> Void) {
        mark(handler)
    }

    public func interrupt() {
        state.withLock { $0.interrupted = true }
    }

    public func close() {
        writeHeader()
        state.withLock { state in
            if state.descriptor >= 0 {
                _ = Glibc.close(state.descriptor)
                state.descriptor = -1
            }
        }
    }

    private func writeHeader() {
        state.withLock { state in
            guard state.descriptor >= 0 else { return }
            let header = WAVHeader(sampleRate: UInt32(sampleRate), dataBytes: state.dataBytes).bytes
            _ = header.withUnsafeBytes { pwrite(state.descriptor, $0.baseAddress, $0.count, 0) }
        }
    }
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
