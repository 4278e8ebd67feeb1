"""The client refuses a socket whose listening process runs as another user (SO_PEERCRED)."""

import os
import shutil
import socket
import tempfile
import unittest
from unittest import mock

from narrator_client import Narrator, WrongUserError

#: The user the other-user test listens as: nobody, on Debian.
OTHER_UID = 65534


class PeerCredentialTests(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="narrator-peer-")
        self.addCleanup(shutil.rmtree, self.folder, ignore_errors=True)
        self.path = os.path.join(self.folder, "narrator.sock")

    def test_a_listener_of_another_user_is_refused_before_anything_is_sent(self) -> None:
        if os.getuid() != 0:
            self.skipTest("needs root to listen as another user (CI runs as root)")
        os.chown(self.folder, OTHER_UID, OTHER_UID)
        ready_read, ready_write = os.pipe()
        stop_read, stop_write = os.pipe()
        child = os.fork()
        if child == 0:  # pragma: no cover (the child process)
            try:
                os.close(ready_read)
                os.close(stop_write)
                os.setgroups([])
                os.setgid(OTHER_UID)
                os.setuid(OTHER_UID)
                listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                listener.bind(self.path)
                listener.listen()
                os.write(ready_write, b"ready")
                connection, _ = listener.accept()
                os.write(ready_write, connection.recv(1) or b"-")  # what the client sent: nothing
                os.read(stop_read, 1)
            finally:
                os._exit(0)
        os.close(ready_write)
        os.close(stop_read)
        try:
            self.assertEqual(os.read(ready_read, 5), b"ready")
            with self.assertRaises(WrongUserError) as raised:
                Narrator(self.path)
            self.assertEqual((raised.exception.uid, raised.exception.pid), (OTHER_UID, child))
            self.assertIn(f"belongs to user {OTHER_UID}", str(raised.exception))
            self.assertEqual(os.read(ready_read, 1), b"-", "the client sent something to the other user")
        finally:
            os.close(stop_write)
            os.close(ready_read)
            os.waitpid(child, 0)

    def test_a_listener_whose_user_is_not_ours_is_refused(self) -> None:
        # Our own listener, seen by a process that believes it is someone else: the check compares
        # the peer's uid with getuid(), whoever runs the tests.
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.addCleanup(listener.close)
        listener.bind(self.path)
        listener.listen()
        real = os.getuid()
        with mock.patch("os.getuid", return_value=real + 1):
            with self.assertRaises(WrongUserError) as raised:
                Narrator(self.path)
        self.assertEqual((raised.exception.uid, raised.exception.pid), (real, os.getpid()))
        self.assertIn(f"not to you (user {real + 1})", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
