import CEspeakNG

#if canImport(Glibc)
    import Glibc
#endif

/// One text being synthesized in the child: where its chunks go, and whether the daemon cancelled it.
final class ChildSession {
    let channel: FrameChannel
    /// The frame under construction, its storage reused from chunk to chunk.
    var frame: [UInt8] = []

    init(channel: FrameChannel) { self.channel = channel }

    /// Whether the daemon asked to stop: the only message it sends while a text is synthesized.
    /// At end of file (the daemon has gone) the child exits.
    var cancelled: Bool {
        guard channel.hasInput else { return false }
        switch channel.receive(within: nil) {
        case .frame(SynthesisWire.cancel, _): return true
        case .frame, .timedOut: return true
        case .closed: exit(0)
        }
    }
}

/// espeak-ng's synth callback in the child: each chunk, with its sentence starts and marks, goes to the daemon
/// as one `SynthesisWire.chunk` frame. Returns 1 (espeak-ng stops the text) once the daemon cancelled.
let childCallback: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32 =
    {
        samples, count, events in
        guard let events, let user = events.pointee.user_data else { return 0 }
        let session = Unmanaged<ChildSession>.fromOpaque(user).takeUnretainedValue()
        if session.cancelled { return 1 }
        let found = SynthesisMarks(in: events)
        let sampleCount = samples == nil ? 0 : max(0, Int(count))
        guard !found.isEmpty || sampleCount > 0 else { return 0 }
        var writer = WireWriter()
        writer.uint16(UInt16(clamping: found.sentences.count))
        for textPosition in found.sentences.prefix(Int(UInt16.max)) { writer.int32(Int32(clamping: textPosition)) }
        writer.uint16(UInt16(clamping: found.names.count))
        for name in found.names.prefix(Int(UInt16.max)) { writer.string(name) }
        let length = writer.bytes.count + 2 * sampleCount
        session.frame.removeAll(keepingCapacity: true)
        session.frame.append(SynthesisWire.chunk)
        withUnsafeBytes(of: UInt32(length).littleEndian) { session.frame.append(contentsOf: $0) }
        session.frame.append(contentsOf: writer.bytes)
        if let samples, sampleCount > 0 {
            // Little-endian Int16, as the daemon (the same build on the same machine) reads them.
            session.frame.append(contentsOf: UnsafeRawBufferPointer(start: samples, count: 2 * sampleCount))
        }
        guard session.channel.sendAll(session.frame) else { exit(0) }
        return 0
    }
