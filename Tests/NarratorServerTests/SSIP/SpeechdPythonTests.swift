import Foundation
import NarratorTestSupport
import Testing

/// speech-dispatcher's Python client library (python3-speechd, Debian's own, so run by
/// /usr/bin/python3) through the narrator's SSIP socket, with its callbacks.
@Suite(.serialized) final class SpeechdPythonTests {
    let daemon: SSIPDaemon

    init() throws {
        daemon = try SSIPDaemon()
    }

    deinit { daemon.stop() }

    /// A message is said, then an `important` one of another connection cuts it: the message gets
    /// BEGIN then CANCEL, the important one BEGIN then END, in that order. Each connection pauses
    /// itself while it queues, so no event comes before the library has taken the callback. A third
    /// message is paused (PAUSE), resumed (RESUME) and cancelled (CANCEL) while it is said. An SSML
    /// one's index marks come between its BEGIN and END, in order.
    static let script = """
        import sys, threading, speechd
        order = []
        done = threading.Condition()
        def note(name):
            def callback(event, index_mark=None, **kwargs):
                with done:
                    order.append(name + " " + event + (" " + index_mark if index_mark else ""))
                    done.notify_all()
            return callback
        def wait_for(entry):
            with done:
                if not done.wait_for(lambda: entry in order, timeout=20):
                    sys.exit("no " + entry + " after " + repr(order))
        message = speechd.SSIPClient("python-message")
        message.set_priority(speechd.Priority.MESSAGE)
        message.pause()
        message.speak("This message is long enough to be cut by the important one that comes after it begins.",
                      callback=note("message"))
        message.resume()
        wait_for("message begin")
        alert = speechd.SSIPClient("python-alert")
        alert.set_priority(speechd.Priority.IMPORTANT)
        alert.pause()
        alert.speak("Important.", callback=note("important"))
        alert.resume()
        wait_for("important end")
        third = "This third message is paused while it is said, resumed, and then cancelled before its end."
        message.pause()
        message.speak(third, callback=note("third"))
        message.resume()
        wait_for("third begin")
        message.pause()
        wait_for("third pause")
        message.resume()
        wait_for("third resume")
        message.cancel()
        wait_for("third cancel")
        message.set_data_mode(speechd.DataMode.SSML)
        message.pause()
        message.speak('<speak>One <mark name="m1"/> two <mark name="m2"/> three.</speak>', callback=note("marked"))
        message.resume()
        wait_for("marked end")
        modules = message.list_output_modules()
        voices = [voice for voice in message.list_synthesis_voices() if voice[1] == "pl"]
        print("\\n".join(order))
        print("modules " + ",".join(modules))
        print("voices " + ",".join(name for name, language, variant in voices))
        message.close()
        alert.close()
        """

    @Test func callbacksComeInOrderAndImportantCancelsTheMessage() throws {
        let python = "/usr/bin/python3"
        let importable = try ChildProcess.run(python, ["-c", "import speechd"])
        try #require(importable.status == 0, "python3-speechd is not installed: \(importable.errors)")
        let start = daemon.recorder.count
        let run = try ChildProcess.run(
            python, ["-c", Self.script], environment: daemon.clientEnvironment, limit: .seconds(60))
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(
            run.output.split(separator: "\n").map(String.init) == [
                "message begin", "message cancel", "important begin", "important end", "third begin", "third pause",
                "third resume", "third cancel", "marked begin", "marked index_marks m1", "marked index_marks m2",
                "marked end", "modules narrator", "voices Polish",
            ])
        #expect(daemon.recorder.waitForSound(after: start) != nil, "nothing was heard")
        let history = try daemon.history()
        #expect(history.contains { $0.hasPrefix("interrupted") && $0.contains("python-message: This message") })
        #expect(history.contains { $0.hasPrefix("finished") && $0.contains("python-alert: Important.") })
    }

    /// One connection sets another's settings by its number and everyone's with `Scope.ALL`, as
    /// the library lets a client do; each reads back what was set for it, and the narrator spells
    /// the text of the one whose spelling another turned on.
    static let scopes = """
        import speechd
        reader = speechd.SSIPClient("python-reader")
        number = int(reader._conn.send_command("HISTORY", "GET", "CLIENT_ID")[2][0])
        other = speechd.SSIPClient("python-setter")
        other.set_rate(50, scope=number)
        other.set_pitch(-20, scope=speechd.Scope.ALL)
        other.set_punctuation(speechd.PunctuationMode.SOME, scope=number)
        other.set_spelling(True, scope=number)
        other.set_voice("FEMALE2", scope=speechd.Scope.ALL)
        print("reader", reader.get_rate(), reader.get_pitch(), reader.get_punctuation())
        print("setter", other.get_rate(), other.get_pitch(), other.get_punctuation())
        print("voice", reader._conn.send_command("GET", "VOICE_TYPE")[2][0])
        try:
            other.set_rate(10, scope=number + 1000)
            print("no error")
        except speechd.SSIPCommandError as error:
            print("error", error.code())
        reader.set_priority(speechd.Priority.MESSAGE)
        reader.speak("Ab c")
        reader.close()
        other.close()
        """

    @Test func oneClientSetsAnothersAndEveryonesSettings() throws {
        let python = "/usr/bin/python3"
        let importable = try ChildProcess.run(python, ["-c", "import speechd"])
        try #require(importable.status == 0, "python3-speechd is not installed: \(importable.errors)")
        let run = try ChildProcess.run(
            python, ["-c", Self.scopes], environment: daemon.clientEnvironment, limit: .seconds(60))
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(
            run.output.split(separator: "\n").map(String.init) == [
                "reader 50 -20 some", "setter 0 -20 none", "voice FEMALE2", "error 402",
            ])
        #expect(try daemon.history().contains { $0.contains("python-reader: A b c") })
    }
}
