import NarratorAudio
import NarratorClient

#if canImport(Glibc)
    import Glibc
#endif

extension Doctor {
    /// The narrator's sound output, the sound server it plays to, and the sink there.
    func checkSound(_ status: Reply.Status, _ report: inout DoctorReport) {
        let output = status.output
        let kind = output.output.hasPrefix("mono:") ? String(output.output.dropFirst(5)) : output.output
        if case .lost(let reason) = output.condition {
            report.fix(
                "sound output",
                "\(output.output) is lost: \(reason) The narrator tries it again for the next sound; fix what is "
                    + "named below, or choose another output (`narrator config set output ...`, then restart it)")
        } else if kind == "null" {
            report.fix(
                "sound output",
                "null: everything is played to nothing. `narrator config set output auto` and restart the narrator")
        } else if kind.hasPrefix("wav:") || kind.hasPrefix("realtime-wav:") {
            report.note("sound output", "\(output.output): written to a file, not heard")
        } else {
            report.ok("sound output", "\(output.output), working")
        }
        guard kind == "pulse" || kind == "auto" else {
            report.note("sound server", "not checked: the narrator does not play through PulseAudio or PipeWire")
            return
        }
        let server = output.server
        let place = server.map { "at \($0)" } ?? "(the user's own; PULSE_SERVER is not set for the narrator)"
        // libpulse reads PULSE_SERVER when given no server: the narrator's own setting decides, not this shell's.
        if server == nil { unsetenv("PULSE_SERVER") }
        let probe = report.check("sound server") { () throws -> SoundServerProbe in
            do throws(AudioDeviceError) {
                return try SoundServerProbe.run(server: server)
            } catch {
                let fallback = kind == "auto" ? " (without one, the narrator tries ALSA's default device)" : ""
                throw DoctorError(
                    "none answers \(place): \(error.message) Start PulseAudio or PipeWire's pulse server "
                        + "(`systemctl --user start pipewire-pulse.socket`, or `pulseaudio --start`), or point "
                        + "the narrator's PULSE_SERVER at yours and restart it\(fallback)")
            }
        } describe: {
            "\($0.server) answers \(place)"
        }
        guard let probe else { return }
        checkSink(probe, &report)
    }

    /// The sink the narrator's stream plays on: not muted, not at volume 0, reading what it is given.
    private func checkSink(_ probe: SoundServerProbe, _ report: inout DoctorReport) {
        guard let sink = probe.sink else {
            if !probe.plays { report.fix("sink", "the sound server played nothing of ours and says no sink") }
            return
        }
        let name = sink.description.map { "\(sink.name) (\($0))" } ?? sink.name
        report.check("sink") { () throws -> SinkReport in
            if !probe.plays {
                throw DoctorError(
                    "\(name) is \(sink.state.rawValue) and played nothing within "
                        + "\(SoundServerProbe.playLimit): `pactl suspend-sink \(sink.name) 0`, or choose "
                        + "another output device in your sound settings")
            }
            if sink.muted { throw DoctorError("\(name) is muted: `pactl set-sink-mute \(sink.name) 0`") }
            if sink.volumePercent == 0 {
                throw DoctorError("\(name) is at volume 0: `pactl set-sink-volume \(sink.name) 100%`")
            }
            return sink
        } describe: { sink in
            let latency = (sink.latencyMilliseconds * 10).rounded() / 10
            let slow =
                sink.latencyMilliseconds > 50
                ? " (high: every sound waits that long in the device; a Bluetooth headset or a large buffer)" : ""
            return "\(name), plays, volume \(sink.volumePercent) %, device latency \(latency) ms\(slow)"
        }
    }

    /// The latencies the narrator measured, its warning, and its underruns.
    func checkLatency(_ status: Reply.Status, _ report: inout DoctorReport) {
        let output = status.output
        if let warning = output.latencyWarning {
            report.fix("latency", warning + " (latency_warn_ms in `narrator config`)")
        } else if let latency = output.latency, latency.audible.sinceStart.count > 0 {
            let kinds = [
                ("speech heard after", latency.audible), ("stopped speech silent after", latency.silent),
                ("sounds heard after", latency.sound),
            ]
            report.ok(
                "latency",
                kinds.filter { $0.1.sinceStart.count > 0 }.map {
                    "\($0.0) \(ReadableLines.summary($0.1.sinceStart, "since start"))"
                }.joined(separator: "; "))
        } else {
            report.note(
                "latency", "nothing measured yet: it is measured on every announcement (`narrator send say --text hi`)")
        }
        if output.underruns == 0 {
            report.ok("underruns", "none since the narrator started")
        } else {
            report.fix(
                "underruns",
                "the sound broke up \(output.underruns) time\(output.underruns == 1 ? "" : "s") since the narrator "
                    + "started (the sound server ran out of audio mid-sound): a loaded machine or a busy sound "
                    + "server; close what loads it, and see docs/AUDIO.md if it keeps growing")
        }
    }
}
