/// An open output the mixer writes to: a sound server's stream, a file, or nothing.
///
/// Only the mixer's writer thread uses a device, so a device that blocks (a stalled sound
/// server) blocks that thread and nothing else.
public protocol AudioDevice: AnyObject {
    /// Frames written but not yet heard. A device that does not play in real time (a file)
    /// returns 0: what it was given counts as heard.
    func unplayedFrames() throws(AudioDeviceError) -> Int

    /// What is not heard yet, in two parts: the writer paces on `queued` and settles marks by
    /// `unheard`. The default is `unplayedFrames()` for both.
    func backlog() throws(AudioDeviceError) -> AudioBacklog

    /// Whether the device still looks usable, known without asking it anything (a sound server's
    /// connection that closed says so at once). The default is true.
    var isConnected: Bool { get }

    /// Writes 16-bit frames, interleaved in the channels the device was opened with (its opener's).
    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError)

    /// Drops what was written and not yet heard, as far as the device can.
    func discardUnplayed() throws(AudioDeviceError)

    /// Whether the device can write over audio it holds and has not played (`rewrite`). The
    /// default is false.
    var rewrites: Bool { get }

    /// Writes `samples` (interleaved frames) in place of as many frames last written, still
    /// waiting to be played: a sound that starts now is heard before what was queued ahead of it
    /// has played out (docs/AUDIO.md, W17). Only asked of a device that `rewrites`.
    func rewrite(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError)

    /// The channels the device takes, when it chose them itself: a stereo PulseAudio stream whose
    /// sink has one channel is opened in one, and the mixer then mixes every sound unplaced. Nil
    /// (the default): those its opener was made with.
    var deviceChannels: Int? { get }

    /// The times the sound server said our stream ran out of audio (an underflow) since the last
    /// call, oldest first. Most are the stream running dry at a burst's end or where a cut left it;
    /// the writer tells those from gaps (docs/AUDIO.md, W18). The default is none.
    func takeUnderflows() -> [AudioUnderflow]

    /// Releases the device; it is not used again.
    func close()
}

/// The sound server's report that our stream ran out of audio.
public struct AudioUnderflow: Sendable, Hashable {
    /// When the report reached us (a little after the stream ran dry).
    public var instant: ContinuousClock.Instant
    /// The stream ran dry exactly where `discardUnplayed` left it, before anything written after
    /// that was there: the silence a cut made, or a cut's write-back that came late.
    public var atCut: Bool

    public init(instant: ContinuousClock.Instant, atCut: Bool = false) {
        self.instant = instant
        self.atCut = atCut
    }
}

/// What a device has not played yet.
public struct AudioBacklog: Sendable, Hashable {
    /// Frames written and not yet heard, all told.
    public var unheard: Int
    /// The part of them still waiting in our stream, before the sound server's own latency (a sink
    /// may alone hold more than the mixer's lead: a Bluetooth one 200 ms).
    public var queued: Int

    public init(unheard: Int, queued: Int) {
        self.unheard = unheard
        self.queued = queued
    }
}

extension AudioDevice {
    public var isConnected: Bool { true }

    public var rewrites: Bool { false }

    public var deviceChannels: Int? { nil }

    public func takeUnderflows() -> [AudioUnderflow] { [] }

    public func rewrite(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        throw AudioDeviceError(output: "device", message: "this output cannot write over queued audio.")
    }

    public func backlog() throws(AudioDeviceError) -> AudioBacklog {
        let frames = try unplayedFrames()
        return AudioBacklog(unheard: frames, queued: frames)
    }
}

/// A device failure, naming the C function and keeping the library's own message.
public struct AudioDeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    public let output: String
    public let message: String
    /// The device did not answer in time (a stalled sound server), rather than refused.
    public let isStall: Bool

    public init(output: String, message: String, isStall: Bool = false) {
        self.output = output
        self.message = message
        self.isStall = isStall
    }

    public var description: String { "Audio output \(output): \(message)" }
}

/// How to open an output, again and again: the mixer opens it when there is something to play,
/// closes it when it has been idle or has failed, and opens it anew for the next sound.
public struct AudioDeviceOpener: Sendable {
    /// The output's name for logs and `status` (`pulse`, `wav:/tmp/x.wav`, `null`).
    public let name: String
    /// Whether the device plays in real time. Such a device is closed after a few idle seconds
    /// (an open PulseAudio stream wakes its thread every second) and paced by what it has unheard.
    public let isRealTime: Bool
    /// Samples per frame the device takes, interleaved: 2 (left, right) or 1 (mono). The mixer
    /// mixes in as many; a device made here without saying is mono.
    public let channels: Int
    /// The sound server it plays to, when one is named (`pulse` and `auto` with PULSE_SERVER or a
    /// server given); for `status`.
    public let server: String?
    public let open: @Sendable () throws(AudioDeviceError) -> any AudioDevice

    public init(
        name: String, isRealTime: Bool, channels: Int = 1, server: String? = nil,
        open: @escaping @Sendable () throws(AudioDeviceError) -> any AudioDevice
    ) {
        self.name = name
        self.server = server
        self.isRealTime = isRealTime
        self.channels = channels == 2 ? 2 : 1
        self.open = open
    }
}
