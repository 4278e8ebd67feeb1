import CPulse
import NarratorSystem

/// A PulseAudio playback stream (PipeWire's pulse server serves it too), through libpulse's
/// asynchronous API on its own threaded main loop.
///
/// The position the mixer paces on and settles marks by comes from the server's own read and write
/// indices, asked for each time (`pa_stream_update_timing_info`, one round trip), never from
/// libpulse's interpolated latency: after a stream ran dry on a sink that another client records or
/// plays to, the server reports the stream as not playing while it plays, and the interpolated
/// latency freezes (docs/AUDIO.md, "Why the narrator went mute"). Every wait for the server has a
/// deadline, so a stalled server is a `stalled` error for the mixer, not a writer blocked for ever.
final class PulseDevice: AudioDevice {
    /// The longest a request to the server may take before it counts as stalled.
    static let answerLimit = Duration.seconds(1)
    /// The longest connecting may take.
    static let connectLimit = Duration.seconds(2)

    let loop: OpaquePointer
    let context: OpaquePointer
    var stream: OpaquePointer?
    let events = PulseEvents()
    private let sampleRate: Int
    /// Samples per frame of our stream: 2 (interleaved left, right) or 1; 1 also when stereo was
    /// asked for and the sink turned out to be mono (`deviceChannels`).
    private(set) var streamChannels: Int
    /// Bytes per frame: 16-bit samples, `streamChannels` of them.
    private var frameBytes: Int { 2 * streamChannels }
    /// When the stream was last seen with everything it was given read by the sink, and at which
    /// read index: what was read last is heard within the sink's latency of that moment.
    private var drained: (readIndex: Int64, since: ContinuousClock.Instant)?
    /// The stream's write index (bytes) at the last measure, and that index when a flush came (until
    /// the next measure). `cutPoints`: where the last few flushes that dropped queued audio left the
    /// write index; an underflow there is the cut's own silence (W18). A flush of an empty queue is
    /// no such place: the stream may have run dry there already, which is a gap.
    private var measuredWriteIndex: Int64?
    private var flushedFrom: Int64?
    private var cutPoints: [Int64] = []
    /// On PipeWire's pulse server, its graph cycle, which its timing reply leaves out (W21); nil on
    /// PulseAudio, whose timing reply counts the sink.
    private var graphCycle: GraphCycle?

    /// Connects to `server`, else the one named by PULSE_SERVER (or the user's own), and opens a
    /// stream of `channels` (2: stereo, left and right; 1: mono). A stereo stream whose sink has one
    /// channel is opened again in one (`deviceChannels` says so): the server's downmix of a stereo stream,
    /// (left + right) / 2, would put a sound at a side 3 dB below the centre, where the mixer's own
    /// mono mix leaves every sound unplaced (docs/AUDIO.md, "The downmix"). `bufferFrames` is the
    /// latency asked for (stream buffer and sink together); playback starts once `startFrames` are in.
    init(
        sampleRate: Int, channels: Int = 2, bufferFrames: Int, startFrames: Int, server: String? = nil
    ) throws(AudioDeviceError) {
        self.sampleRate = sampleRate
        self.streamChannels = channels
        guard let loop = pa_threaded_mainloop_new() else { throw Self.failure("pa_threaded_mainloop_new", nil) }
        guard let context = pa_context_new(pa_threaded_mainloop_get_api(loop), "narrator") else {
            pa_threaded_mainloop_free(loop)
            throw Self.failure("pa_context_new", nil)
        }
        self.loop = loop
        self.context = context
        let userdata = Unmanaged.passUnretained(events).toOpaque()
        pa_context_set_state_callback(
            context,
            { context, userdata in
                PulseEvents.from(userdata).note(context: pa_context_get_state(context))
            }, userdata)
        do {
            try connect(server: server)
            try openStream(bufferFrames: bufferFrames, startFrames: startFrames)
            // A server that cannot say what the sink is keeps the stream as asked.
            if streamChannels == 2, (try? sinkChannels()) == 1 {
                closeStream()
                streamChannels = 1
                try openStream(bufferFrames: bufferFrames, startFrames: startFrames)
            }
            if (try? serverName())?.contains("PipeWire") == true { graphCycle = GraphCycle() }
        } catch {
            close()
            throw error
        }
    }

    private func connect(server: String?) throws(AudioDeviceError) {
        pa_threaded_mainloop_lock(loop)
        let started = pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) == 0
        pa_threaded_mainloop_unlock(loop)
        guard started else { throw failure("pa_context_connect") }
        guard pa_threaded_mainloop_start(loop) == 0 else { throw Self.failure("pa_threaded_mainloop_start", nil) }
        let state = events.wait(for: Self.connectLimit) { $0.context.isSettled }
        guard let state, state.context == PA_CONTEXT_READY else {
            if state == nil { throw Self.stalled("pa_context_connect", Self.connectLimit) }
            throw failure("pa_context_connect")
        }
    }

    private func openStream(bufferFrames: Int, startFrames: Int) throws(AudioDeviceError) {
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(sampleRate), channels: UInt8(streamChannels))
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: UInt32(bufferFrames * frameBytes), prebuf: UInt32(startFrames * frameBytes),
            minreq: UInt32.max, fragsize: UInt32.max)
        // Left and right as the sink knows them (a mono stream's one channel is the sink's "mono").
        var map = pa_channel_map()
        pa_channel_map_init_auto(&map, UInt32(streamChannels), PA_CHANNEL_MAP_DEFAULT)
        pa_threaded_mainloop_lock(loop)
        stream = pa_stream_new(context, "Narrator speech and sounds", &spec, &map)
        if let stream {
            pa_stream_set_state_callback(
                stream,
                { stream, userdata in
                    PulseEvents.from(userdata).note(stream: pa_stream_get_state(stream))
                }, Unmanaged.passUnretained(events).toOpaque())
            // PulseAudio and PipeWire's pulse server both say when a stream runs out of audio, once
            // each time it does, and at which read index: the writer counts those that broke a
            // sound (W18).
            pa_stream_set_underflow_callback(
                stream,
                { stream, userdata in
                    PulseEvents.from(userdata).noteUnderflow(at: stream.map { pa_stream_get_underflow_index($0) } ?? -1)
                }, Unmanaged.passUnretained(events).toOpaque())
        }
        let connected =
            stream.map { pa_stream_connect_playback($0, nil, &attributes, PA_STREAM_ADJUST_LATENCY, nil, nil) == 0 }
            ?? false
        pa_threaded_mainloop_unlock(loop)
        guard connected else { throw failure(stream == nil ? "pa_stream_new" : "pa_stream_connect_playback") }
        let state = events.wait(for: Self.connectLimit) { $0.stream.isSettled }
        guard let state, state.stream == PA_STREAM_READY else {
            if state == nil { throw Self.stalled("pa_stream_connect_playback", Self.connectLimit) }
            throw failure("pa_stream_connect_playback")
        }
    }

    func unplayedFrames() throws(AudioDeviceError) -> Int { try backlog().unheard }

    var isConnected: Bool {
        let state = events.current
        return state.context == PA_CONTEXT_READY && state.stream == PA_STREAM_READY
    }

    func backlog() throws(AudioDeviceError) -> AudioBacklog {
        try run("pa_stream_update_timing_info") { stream, done, userdata in
            pa_stream_update_timing_info(stream, done, userdata)
        }
        pa_threaded_mainloop_lock(loop)
        let info = stream.flatMap { pa_stream_get_timing_info($0)?.pointee }
        pa_threaded_mainloop_unlock(loop)
        guard let info else { throw failure("pa_stream_get_timing_info") }
        if let before = flushedFrom {
            // Nothing was written since the flush (the cut measures just before and after it), so
            // the write index is where the flush left it.
            flushedFrom = nil
            if info.write_index < before { cutPoints = cutPoints.suffix(3) + [info.write_index] }
        }
        measuredWriteIndex = info.write_index
        let queued = max(0, Int(info.write_index - info.read_index)) / frameBytes
        graphCycle?.measure(readIndex: info.read_index / Int64(frameBytes), queued: queued)
        // PipeWire's pulse server: what it read is rendered in the graph's next cycle (W21).
        let sink = Int(info.sink_usec) * sampleRate / 1_000_000 + 2 * (graphCycle?.frames ?? 0)
        guard queued == 0 else {
            drained = nil
            return AudioBacklog(unheard: queued + sink, queued: queued)
        }
        // All read by the sink: the last of it is heard within the sink's latency of when it was
        // read, which was at the latest when this was first seen.
        if drained?.readIndex != info.read_index { drained = (info.read_index, .now) }
        let elapsed = drained.map { $0.since.duration(to: .now) } ?? .zero
        let elapsedFrames =
            Int(elapsed.components.seconds) * sampleRate
            + Int(elapsed.components.attoseconds / 1_000_000_000) * sampleRate / 1_000_000_000
        return AudioBacklog(unheard: max(0, sink - elapsedFrames), queued: 0)
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        pa_threaded_mainloop_lock(loop)
        let result = stream.map { pa_stream_write($0, base, samples.count * 2, nil, 0, PA_SEEK_RELATIVE) } ?? -1
        pa_threaded_mainloop_unlock(loop)
        guard result == 0 else { throw failure("pa_stream_write") }
    }

    var rewrites: Bool { true }

    /// A write that starts as far back as it is long: the server puts it in place of what its
    /// queue holds there. (Had the sink already read some of that, PulseAudio rewinds the sink.)
    func rewrite(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        let bytes = samples.count * 2
        pa_threaded_mainloop_lock(loop)
        let result = stream.map { pa_stream_write($0, base, bytes, nil, -Int64(bytes), PA_SEEK_RELATIVE) } ?? -1
        pa_threaded_mainloop_unlock(loop)
        guard result == 0 else { throw failure("pa_stream_write") }
    }

    func takeUnderflows() -> [AudioUnderflow] {
        events.takeUnderflows().map { AudioUnderflow(instant: $0.instant, atCut: cutPoints.contains($0.index)) }
    }

    func discardUnplayed() throws(AudioDeviceError) {
        try run("pa_stream_flush") { stream, done, userdata in pa_stream_flush(stream, done, userdata) }
        drained = nil
        flushedFrom = measuredWriteIndex
        graphCycle?.flushed()
    }

    /// The channels the stream plays in: those asked for, or 1 when the sink is mono.
    var deviceChannels: Int? { streamChannels }

    /// Disconnects and drops the stream; the context stays.
    private func closeStream() {
        pa_threaded_mainloop_lock(loop)
        if let stream {
            pa_stream_set_state_callback(stream, nil, nil)
            pa_stream_set_underflow_callback(stream, nil, nil)
            pa_stream_disconnect(stream)
            pa_stream_unref(stream)
        }
        stream = nil
        events.note(stream: PA_STREAM_UNCONNECTED)
        pa_threaded_mainloop_unlock(loop)
    }

    func close() {
        closeStream()
        pa_threaded_mainloop_lock(loop)
        pa_context_set_state_callback(context, nil, nil)
        pa_context_disconnect(context)
        pa_context_unref(context)
        pa_threaded_mainloop_unlock(loop)
        pa_threaded_mainloop_stop(loop)
        pa_threaded_mainloop_free(loop)
    }

    /// Starts an operation on the stream and waits for the server's answer, at most `answerLimit`.
    private func run(
        _ function: String,
        _ start: (OpaquePointer, pa_stream_success_cb_t, UnsafeMutableRawPointer) -> OpaquePointer?
    ) throws(AudioDeviceError) {
        let userdata = Unmanaged.passUnretained(events).toOpaque()
        pa_threaded_mainloop_lock(loop)
        let ticket = events.nextTicket()
        let operation = stream.flatMap {
            start($0, { _, success, userdata in PulseEvents.from(userdata).note(done: success != 0) }, userdata)
        }
        pa_threaded_mainloop_unlock(loop)
        try awaitAnswer(operation, ticket: ticket, function)
    }

    /// Waits for the server's answer to `operation` (started with `ticket`), at most `answerLimit`;
    /// a refusal is the context's error, or a stall.
    func awaitAnswer(_ operation: OpaquePointer?, ticket: Int, _ function: String) throws(AudioDeviceError) {
        guard let operation else {
            // Counted as answered, so the next operation's ticket is not waited for in vain.
            events.note(done: false)
            throw failure(function)
        }
        let answer = events.wait(for: Self.answerLimit) { $0.answered(ticket) }
        pa_threaded_mainloop_lock(loop)
        if answer == nil {
            pa_operation_cancel(operation)
            events.note(done: false)
        }
        pa_operation_unref(operation)
        pa_threaded_mainloop_unlock(loop)
        guard let answer else { throw Self.stalled(function, Self.answerLimit) }
        guard answer.lastSuccess else {
            // Refused with no error of the context's (seen under heavy load: a timing reply the
            // library found invalid): asked again, like a request not answered in time.
            pa_threaded_mainloop_lock(loop)
            let code = pa_context_errno(context)
            pa_threaded_mainloop_unlock(loop)
            if code == 0 && isConnected {
                throw AudioDeviceError(
                    output: "pulse", message: "the sound server gave no answer to \(function)().", isStall: true)
            }
            throw Self.failure(function, code)
        }
    }

    /// The context's last error, with the function that met it.
    private func failure(_ function: String) -> AudioDeviceError {
        pa_threaded_mainloop_lock(loop)
        let code = pa_context_errno(context)
        pa_threaded_mainloop_unlock(loop)
        return Self.failure(function, code)
    }

    private static func failure(_ function: String, _ code: Int32?) -> AudioDeviceError {
        let reason = code.flatMap { pa_strerror($0).map { String(cString: $0) } } ?? "out of memory"
        return AudioDeviceError(output: "pulse", message: "\(function)() failed: \(reason).")
    }

    private static func stalled(_ function: String, _ limit: Duration) -> AudioDeviceError {
        AudioDeviceError(
            output: "pulse", message: "the sound server did not answer \(function)() within \(limit).",
            isStall: true)
    }
}
