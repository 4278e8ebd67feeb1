import os
import unittest

from narrator_client import default_socket_path


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
