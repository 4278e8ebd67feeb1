import CPulse

extension PulseDevice {
    /// The number of channels of the sink our stream plays on, asked of the server: the sink's own
    /// sample spec, whatever the stream was opened with. Nil when the server does not say.
    func sinkChannels() throws(AudioDeviceError) -> Int? {
        try sink()?.channels
    }

    /// The sink our stream plays on, as the server describes it (libpulse's introspection of the
    /// stream's sink, one round trip with `answerLimit`). Nil when the server does not say.
    func sink() throws(AudioDeviceError) -> SinkReport? {
        let userdata = Unmanaged.passUnretained(events).toOpaque()
        pa_threaded_mainloop_lock(loop)
        // The sink the server connected the stream to (PA_INVALID_INDEX, all ones, when unknown).
        guard let stream, case let index = pa_stream_get_device_index(stream), index != UInt32.max else {
            pa_threaded_mainloop_unlock(loop)
            return nil
        }
        _ = events.takeSink()
        let ticket = events.nextTicket()
        let operation = pa_context_get_sink_info_by_index(
            context, index,
            { _, info, last, userdata in
                let events = PulseEvents.from(userdata)
                if let info { events.note(sink: SinkReport(info.pointee)) }
                // Called once more after the sink, or once with a negative `last` on an error.
                if last != 0 { events.note(done: last > 0) }
            }, userdata)
        pa_threaded_mainloop_unlock(loop)
        try awaitAnswer(operation, ticket: ticket, "pa_context_get_sink_info_by_index")
        return events.takeSink()
    }

    /// The server's name and version (`pulseaudio 16.1`, `PulseAudio (on PipeWire 0.3.65) 15.0.0`);
    /// nil when it does not say.
    func serverName() throws(AudioDeviceError) -> String? {
        let userdata = Unmanaged.passUnretained(events).toOpaque()
        pa_threaded_mainloop_lock(loop)
        _ = events.takeServerName()
        let ticket = events.nextTicket()
        let operation = pa_context_get_server_info(
            context,
            { _, info, userdata in
                let events = PulseEvents.from(userdata)
                if let info {
                    let name = info.pointee.server_name.map { String(cString: $0) } ?? "a sound server"
                    let version = info.pointee.server_version.map { " " + String(cString: $0) } ?? ""
                    events.note(serverName: name + version)
                }
                events.note(done: info != nil)
            }, userdata)
        pa_threaded_mainloop_unlock(loop)
        try awaitAnswer(operation, ticket: ticket, "pa_context_get_server_info")
        return events.takeServerName()
    }
}

extension SinkReport {
    /// PA_VOLUME_NORM, a cast macro Swift does not import: 100 %.
    static let normalVolume: UInt32 = 0x10000

    init(_ info: pa_sink_info) {
        var volume = info.volume
        let state: State =
            switch info.state {
            case PA_SINK_RUNNING: .running
            case PA_SINK_IDLE: .idle
            case PA_SINK_SUSPENDED: .suspended
            default: .unusable
            }
        self.init(
            name: info.name.map { String(cString: $0) } ?? "",
            description: info.description.map { String(cString: $0) },
            channels: Int(info.sample_spec.channels), muted: info.mute != 0,
            volumePercent: Int((Double(pa_cvolume_avg(&volume)) * 100 / Double(Self.normalVolume)).rounded()),
            state: state, latencyMilliseconds: Double(info.latency) / 1000)
    }
}
