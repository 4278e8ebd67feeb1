import FoundationEssentials
import NarratorClient
import NarratorSystem
import NarratorVoice

extension Doctor {
    /// The synthesizer: what speaks, its sandbox, and whether it had to be started again.
    func checkSynthesizer(_ status: Reply.Status, _ report: inout DoctorReport) {
        guard let synthesizer = status.synthesizer else {
            report.note("synthesizer", "not said by this narrator")
            return
        }
        if synthesizer.restarts > 0 {
            report.fix(
                "synthesizer",
                "\(synthesizer.name) was started again \(synthesizer.restarts) time\(synthesizer.restarts == 1 ? "" : "s") "
                    + "(it crashed, hung or died; each cost one announcement): the narrator's log says which text "
                    + "(`journalctl --user -u narrator`); please report it")
            return
        }
        let where_ =
            synthesizer.sandbox.map { "in a sandboxed process (\($0))" }
            ?? (synthesizer.name == "espeak-ng" ? "in the narrator's own process" : "by speech-dispatcher")
        report.ok("synthesizer", "\(synthesizer.name), \(where_), never restarted")
    }

    /// A voice of its own for each configured locale: the default `locale` and every `voice.LANGUAGE`.
    func checkVoices(_ status: Reply.Status, _ report: inout DoctorReport) {
        guard let defaults = status.defaults else { return }
        if let synthesizer = status.synthesizer, synthesizer.name != "espeak-ng" {
            report.note("voices", "chosen by \(synthesizer.name), not checked")
            return
        }
        let chosen = Dictionary(defaults.voices.map { ($0.name, $0.value) }) { first, _ in first }
        let locales = [defaults.voice.locale] + defaults.voices.map(\.name).filter { $0 != defaults.voice.locale }
        let voices = ConfigVoices(espeakData: espeakData)
        defer { voices.close() }
        for locale in locales {
            let name = "voice for \(locale)"
            if let voice = chosen[locale] {
                report.ok(name, "\(voice) (voice.\(locale))")
                continue
            }
            do {
                let choice = try voices.voice(for: locale)
                if choice.substituteLanguage != nil {
                    report.fix(
                        name,
                        "espeak-ng has no voice for \(locale): it is spoken by \(choice.name). Install espeak-ng's "
                            + "voice data for it, or `narrator config set locale TAG` with a language "
                            + "`narrator voices` lists")
                } else {
                    report.ok(name, choice.name + (choice.fallbackWarning.map { " (\($0))" } ?? ""))
                }
            } catch {
                report.fix(name, "\(error) `narrator config set locale TAG` with a language `narrator voices` lists")
            }
        }
    }

    /// speech-dispatcher's clients (spd-say, Orca's speechd, Godot) reach the narrator where they look:
    /// SPEECHD_ADDRESS, else `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`.
    func checkSSIP(_ report: inout DoctorReport) {
        let environment = ProcessInfo.processInfo.environment
        let path: String
        if let address = environment["SPEECHD_ADDRESS"] {
            guard address.hasPrefix("unix_socket:") else {
                report.note("SSIP door", "SPEECHD_ADDRESS is \(address), not a Unix socket: not checked")
                return
            }
            path = String(address.dropFirst("unix_socket:".count))
        } else if let runtime = environment["XDG_RUNTIME_DIR"] {
            path = runtime + "/speech-dispatcher/speechd.sock"
        } else {
            report.note("SSIP door", "neither SPEECHD_ADDRESS nor XDG_RUNTIME_DIR is set: not checked")
            return
        }
        let client: LineClient
        do {
            client = try LineClient(path: path)
        } catch {
            report.note(
                "SSIP door",
                "closed (nothing at \(path)): speech-dispatcher's clients do not reach the narrator; to serve "
                    + "them, `narrator config set ssip on` and restart it (docs/SSIP.md)")
            return
        }
        client.setReadTimeout(DaemonQuery.replyTimeout)
        let answer = (try? client.send("GET OUTPUT_MODULE\r")).flatMap { try? client.readLine() }
        if let answer, answer.hasPrefix("251-narrator") {
            report.ok("SSIP door", "the narrator answers speech-dispatcher's clients at \(path)")
        } else {
            report.note(
                "SSIP door",
                "another server answers at \(path) (speech-dispatcher itself?): its clients do not reach the "
                    + "narrator; stop it and `narrator config set ssip on` to serve them (docs/SSIP.md)")
        }
    }
}
