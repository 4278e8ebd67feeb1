"""The client against a real `narrator serve --output null` with the shipped RetroRacing profile."""

import os
import unittest
from unittest import mock

from narrator_client import Narrator, NarratorError, NarratorUnavailable, default_socket_path

from .support import require_daemon


class DaemonTests(unittest.TestCase):
    def setUp(self) -> None:
        self.socket = require_daemon()

    def test_hello_names_the_client_locale_and_profile(self) -> None:
        with Narrator(self.socket, client="Python test", locale="pl", profile="retroracing") as narrator:
            assert narrator.hello_reply is not None
            self.assertEqual(narrator.hello_reply["client"], "Python test")
            self.assertEqual(narrator.hello_reply["locale"], "pl")
            self.assertEqual(narrator.hello_reply["profile"], "retroracing")
            self.assertIn("collision", narrator.hello_reply["events"])
            self.assertEqual(narrator.event("collision", lives=5).text, "Kraksa! Zostało pięć żyć")

    def test_a_profile_that_is_not_installed_is_an_error_and_the_client_keeps_its_own(self) -> None:
        with Narrator(self.socket, profile="retroracing") as narrator:
            with self.assertRaises(NarratorError) as raised:
                narrator.hello(profile="puzzel")
            self.assertEqual(raised.exception.code, "profile")
            self.assertIn('no profile "puzzel"', raised.exception.message)
            self.assertEqual(narrator.status()["profile"], "retroracing")

    def test_an_event_that_speaks_ends_finished(self) -> None:
        with Narrator(self.socket, client="Python test", subscribe=True) as narrator:
            reply = narrator.event("collision", lives=2)
            self.assertEqual(reply.text, "Crash! 2 lives left")
            self.assertEqual(reply["priority"], "default")
            outcome = narrator.wait(reply, timeout=30)
            self.assertEqual((outcome.event, outcome.id, outcome.text), ("finished", reply.id, reply.text))
            self.assertEqual(outcome.client, "Python test")
            self.assertTrue(outcome.ends)

    def test_an_error_reply_raises_its_code_and_message_and_the_connection_goes_on(self) -> None:
        with Narrator(self.socket) as narrator:
            with self.assertRaises(NarratorError) as raised:
                narrator.event("collision")
            self.assertEqual(raised.exception.code, "missing_field")
            self.assertIn('needs the field "lives"', raised.exception.message)
            with self.assertRaises(NarratorError) as raised:
                narrator.event("colision", lives=2)
            self.assertEqual(raised.exception.code, "unknown_event")
            with self.assertRaises(NarratorError) as raised:
                narrator.set(rate=1000)
            self.assertEqual(raised.exception.code, "invalid_field")
            self.assertIs(narrator.status()["ok"], True)

    def test_set_resets_a_setting_to_the_daemons_default_with_null(self) -> None:
        with Narrator(self.socket) as narrator:
            default = narrator.status()["defaults"]
            changed = narrator.set(rate=default["rate"] + 40, pitch=default["pitch"] + 10)
            self.assertEqual((changed["rate"], changed["pitch"]), (default["rate"] + 40, default["pitch"] + 10))
            reset = narrator.set(reset=["rate"])
            self.assertEqual((reset["rate"], reset["pitch"]), (default["rate"], default["pitch"] + 10))
            self.assertEqual(narrator.set(volume=150, reset=("pitch",))["pitch"], default["pitch"])
            with self.assertRaises(ValueError):
                narrator.set(rate=200, reset=["rate"])
            with self.assertRaises(ValueError):
                narrator.set(reset=["speed"])
            # Nothing was sent for the refused calls: the connection still answers in order.
            self.assertEqual(narrator.set()["volume"], 150)
            sounds = narrator.set(effects_volume=60)
            self.assertEqual((sounds["effects_volume"], sounds["volume"]), (60, 150))
            self.assertEqual(narrator.set(reset=["effects_volume"])["effects_volume"], default["effects_volume"])

    def test_replies_match_their_requests_while_notifications_come_between(self) -> None:
        with Narrator(self.socket, subscribe=True) as narrator:
            first = narrator.say("One.", priority="low")
            second = narrator.say("Two.", priority="low")
            self.assertEqual(narrator.status()["profile"], "retroracing")
            self.assertEqual(narrator.set(rate=300)["rate"], 300)
            self.assertEqual((first.text, second.text), ("One.", "Two."))
            self.assertEqual(narrator.wait(second).event, "finished")
            self.assertEqual(narrator.wait(first).event, "finished")
            # wait consumed both announcements' outcomes; nothing else was queued.
            self.assertIsNone(narrator.next_notification(timeout=0))

    def test_notifications_arrive_in_order_for_whoever_reads_them(self) -> None:
        with Narrator(self.socket, subscribe=True) as narrator:
            reply = narrator.say("Read me.")
            events = []
            while not events or events[-1] not in ("finished", "failed"):
                notification = narrator.next_notification(timeout=30)
                assert notification is not None, f"no notification within 30 s after {events}"
                self.assertEqual(notification.id, reply.id)
                events.append(notification.event)
            self.assertEqual(events, ["queued", "started", "finished"])

    def test_wait_gives_up_after_its_timeout_saying_what_it_waited_for(self) -> None:
        with Narrator(self.socket, subscribe=True) as narrator:
            narrator.pause()
            reply = narrator.say("Held by the pause.")
            with self.assertRaises(TimeoutError) as raised:
                narrator.wait(reply, timeout=0.2)
            self.assertIn(f"announcement {reply.id} had not ended", str(raised.exception))
            self.assertIn("its last outcome: queued", str(raised.exception))
            narrator.cancel()
            self.assertEqual(narrator.wait(reply).event, "cancelled")
            narrator.resume()

    def test_one_announcement_is_cancelled_by_its_id_and_the_rest_goes_on(self) -> None:
        with Narrator(self.socket, subscribe=True) as narrator:
            narrator.pause()
            first = narrator.say("Cancelled by its id.")
            second = narrator.say("Said after the resume.")
            assert first.id is not None
            narrator.cancel(id=first.id)
            self.assertEqual(narrator.wait(first).event, "cancelled")
            with self.assertRaises(NarratorError) as raised:
                narrator.cancel(id=first.id)
            self.assertEqual(raised.exception.code, "unknown_announcement")
            narrator.resume()
            self.assertEqual(narrator.wait(second).event, "finished")

    def test_another_client_is_resumed_and_cancelled_by_its_number(self) -> None:
        with Narrator(self.socket, subscribe=True) as held, Narrator(self.socket) as other:
            held.pause()
            reply = held.say("Held by the pause.")
            queued = held.next_notification(timeout=30)
            assert queued is not None and queued.client is not None
            number = int(queued.client.removeprefix("client "))
            other.resume(client=number)
            other.pause(client=number)
            other.cancel(client=number)
            self.assertEqual(held.wait(reply).event, "cancelled")
            with self.assertRaises(NarratorError) as raised:
                other.pause(client=number + 1000)
            self.assertEqual(raised.exception.code, "unknown_client")

    def test_another_clients_settings_and_everyones_are_set_as_their_own(self) -> None:
        with Narrator(self.socket, subscribe=True) as reader, Narrator(self.socket) as other:
            reply = reader.say("Number, please.")
            queued = reader.next_notification(timeout=30)
            assert queued is not None and queued.client is not None
            number = int(queued.client.removeprefix("client "))
            changed = other.set(client=number, variant="f2", punctuation="some", spelling=True)
            self.assertEqual((changed["variant"], changed["punctuation"], changed["spelling"]), ("f2", "some", True))
            self.assertIsNone(other.set()["variant"])
            self.assertEqual(reader.set()["variant"], "f2")
            other.set(all_clients=True, capitals="spell", reset=["variant"])
            mine = reader.set()
            self.assertEqual((mine["variant"], mine["capitals"]), (None, "spell"))
            self.assertEqual(other.set()["capitals"], "spell")
            with self.assertRaises(NarratorError) as raised:
                other.set(client=number + 1000, rate=200)
            self.assertEqual(raised.exception.code, "unknown_client")
            reader.wait(reply)

    def test_wait_needs_a_subscription_and_an_announcement(self) -> None:
        with Narrator(self.socket) as narrator:
            with self.assertRaises(RuntimeError):
                narrator.wait(narrator.say("Unwatched."))
            narrator.subscribe()
            silent = narrator.event("collision", lives=0)
            self.assertTrue(silent.silent)
            with self.assertRaises(ValueError):
                narrator.wait(silent)

    def test_play_answers_with_the_sound_and_its_length(self) -> None:
        with Narrator(self.socket) as narrator:
            reply = narrator.play("lane_pulses", left=True, middle=False, right=True)
            self.assertEqual(reply["sound"], "lane_pulses")
            self.assertGreater(reply["ms"], 0)
            with self.assertRaises(NarratorError) as raised:
                narrator.play("nope")
            self.assertEqual(raised.exception.code, "unknown_sound")

    def test_pan_places_speech_and_sounds_and_one_out_of_range_is_invalid(self) -> None:
        with Narrator(self.socket) as narrator:
            self.assertEqual(narrator.play("speed_up", pan=-1)["sound"], "speed_up")
            self.assertTrue(narrator.say("Left", pan=-0.5)["id"])
            for call in (lambda: narrator.say("Far", pan=2), lambda: narrator.play("speed_up", pan="left")):
                with self.assertRaises(NarratorError) as raised:
                    call()
                self.assertEqual(raised.exception.code, "invalid_field")
                self.assertIn("pan", raised.exception.message)

    def test_the_default_path_reaches_the_daemon_in_the_runtime_folder(self) -> None:
        runtime = os.path.dirname(os.path.dirname(self.socket))
        self.assertEqual(default_socket_path({"XDG_RUNTIME_DIR": runtime}), self.socket)
        with mock.patch.dict(os.environ, {"XDG_RUNTIME_DIR": runtime}):
            with Narrator() as narrator:
                self.assertEqual(narrator.path, self.socket)
                self.assertIs(narrator.status()["ok"], True)

    def test_a_path_where_nothing_listens_says_so(self) -> None:
        missing = os.path.join(os.path.dirname(self.socket), "nobody-here.sock")
        with self.assertRaises(NarratorUnavailable) as raised:
            Narrator(missing)
        self.assertIn(f"no narrator answers on {missing}", str(raised.exception))
        self.assertIn("narrator serve", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
