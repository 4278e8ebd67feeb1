import CPulse

extension PulseDevice {
    /// The number of channels of the sink our stream plays on, asked of the server (libpulse's
    /// introspection of the stream's sink, one round trip with `answerLimit`): the sink's own sample
    /// spec, whatever the stream was opened with. Nil when the server does not say.
    func sinkChannels() throws(AudioDeviceError) -> Int? {
        let userdata = Unmanaged.passUnretained(events).toOpaque()
        pa_threaded_mainloop_lock(loop)
        // The sink the server connected the stream to (PA_INVALID_INDEX, all ones, when unknown).
        guard let stream, case let index = pa_stream_get_device_index(stream), index != UInt32.max else {
            pa_threaded_mainloop_unlock(loop)
            return nil
        }
        _ = events.takeSinkChannels()
        let ticket = events.nextTicket()
        let operation = pa_context_get_sink_info_by_index(
            context, index,
            { _, info, last, userdata in
                let events = PulseEvents.from(userdata)
                if let info { events.note(sinkChannels: Int(info.pointee.sample_spec.channels)) }
                // Called once more after the sink, or once with a negative `last` on an error.
                if last != 0 { events.note(done: last > 0) }
            }, userdata)
        pa_threaded_mainloop_unlock(loop)
        try awaitAnswer(operation, ticket: ticket, "pa_context_get_sink_info_by_index")
        return events.takeSinkChannels()
    }
}
