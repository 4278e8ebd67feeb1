import NarratorSystem

#if canImport(Glibc)
    import Glibc
#endif

/// One end of the socket pair between the daemon and its synthesis child: whole `SynthesisWire`
/// frames out and in, blocking, with a time limit on receiving. Owned by one thread on each side.
final class FrameChannel {
    /// What a receive found.
    enum Received {
        case frame(tag: UInt8, payload: [UInt8])
        /// The other end closed (or broke the protocol: a frame larger than any it sends).
        case closed
        /// Nothing complete arrived within the time allowed.
        case timedOut
    }

    let descriptor: Int32
    private var inbound: [UInt8] = []
    private var consumed = 0
    /// Where `recv` writes, allocated once: only what arrived is appended to `inbound`.
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit {
        FileDescriptor.close(descriptor)
        scratch.deallocate()
    }

    /// Sends one frame; false when the other end has gone. Never raises SIGPIPE.
    func send(_ tag: UInt8, _ payload: [UInt8] = []) -> Bool {
        var frame: [UInt8] = [tag]
        frame.reserveCapacity(payload.count + 5)
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { frame.append(contentsOf: $0) }
        frame.append(contentsOf: payload)
        return sendAll(frame)
    }

    /// Sends bytes that already hold one whole frame (the child's chunks, built in place).
    func sendAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { FileDescriptor.writeAll(descriptor, $0, socketFlags: Int32(MSG_NOSIGNAL)) }
    }

    /// Whether bytes are waiting to be received, without waiting for any.
    var hasInput: Bool {
        if consumed < inbound.count { return true }
        return (try? Poll.wait(descriptor, for: .readable, milliseconds: 0))?.isEmpty == false
    }

    /// Whether the other end has closed, though frames it sent before may still wait to be read.
    var peerClosed: Bool {
        (try? Poll.wait(descriptor, for: .readable, milliseconds: 0))?.contains(.hangUp) == true
    }

    /// Reads everything the closed other end left, and says whether a frame tagged `tag` is among it.
    func leftHolds(_ tag: UInt8) -> Bool {
        while fill() {}
        var index = consumed
        while inbound.count - index >= 5 {
            if inbound[index] == tag { return true }
            var length = 0
            for shift in 0..<4 { length |= Int(inbound[index + 1 + shift]) << (8 * shift) }
            index += 5 + length
        }
        return false
    }

    /// The next frame, waiting at most `limit` for it (for ever when nil).
    func receive(within limit: Duration?) -> Received {
        let deadline = limit.map { ContinuousClock.now + $0 }
        while true {
            if let frame = takeFrame() { return frame }
            if let deadline {
                let left = deadline - .now
                guard left > .zero else { return .timedOut }
                let (seconds, attoseconds) = left.components
                let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
                do throws(SystemCallError) {
                    if try Poll.wait(descriptor, for: .readable, milliseconds: milliseconds).isEmpty { continue }
                } catch let error where error.interrupted {
                    continue  // not retried in place: the time left is worked out again
                } catch {}  // another failure: the read below meets it too
            }
            guard fill() else { return .closed }
        }
    }

    /// Reads what is there (waiting for something); false at end of file or on an error.
    private func fill() -> Bool {
        if consumed > 0 {
            inbound.removeFirst(consumed)
            consumed = 0
        }
        guard let count = try? FileDescriptor.read(descriptor, into: scratch, socketFlags: 0), count > 0 else {
            return false
        }
        inbound.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
        return true
    }

    private func takeFrame() -> Received? {
        let available = inbound.count - consumed
        guard available >= 5 else { return nil }
        var length = 0
        for shift in 0..<4 { length |= Int(inbound[consumed + 1 + shift]) << (8 * shift) }
        guard length <= SynthesisWire.maximumPayload else { return .closed }
        guard available >= 5 + length else { return nil }
        let tag = inbound[consumed]
        let payload = Array(inbound[(consumed + 5)..<(consumed + 5 + length)])
        consumed += 5 + length
        return .frame(tag: tag, payload: payload)
    }
}
