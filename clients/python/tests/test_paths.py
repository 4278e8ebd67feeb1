import os
import unittest

from narrator_client import Narrator, default_socket_path


class DefaultSocketPathTests(unittest.TestCase):
    def test_the_runtime_folder_holds_the_socket(self) -> None:
        self.assertEqual(
            default_socket_path({"XDG_RUNTIME_DIR": "/run/user/1000"}), "/run/user/1000/narrator/narrator.sock"
        )

    def test_without_a_runtime_folder_the_socket_is_in_tmp_under_the_user_id(self) -> None:
        expected = f"/tmp/narrator-{os.getuid()}/narrator.sock"
        self.assertEqual(default_socket_path({}), expected)
        self.assertEqual(default_socket_path({"XDG_RUNTIME_DIR": ""}), expected)

    def test_the_process_environment_is_the_default(self) -> None:
        self.assertEqual(default_socket_path(), default_socket_path(os.environ))


class SocketPathLengthTests(unittest.TestCase):
    def test_a_path_over_103_bytes_is_refused_with_the_daemons_sentence(self) -> None:
        for length in (104, 107, 108):
            path = "/tmp/" + "a" * (length - len("/tmp/") - len("/n.sock")) + "/n.sock"
            with self.subTest(length=length), self.assertRaises(ValueError) as refusal:
                Narrator(path)
            self.assertEqual(
                str(refusal.exception),
                f"The socket path {path} is too long: {length} bytes, and a Unix socket path may have at most 103. "
                "Choose a shorter path.",
            )
