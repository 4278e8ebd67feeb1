"""What the tests share: the daemon they talk to, given by the suite that started it."""

from __future__ import annotations

import os
import unittest

#: The socket of a running `narrator serve --output null`; Tests/NarratorServerTests/PythonClientTests.swift
#: starts one and sets this.
SOCKET = os.environ.get("NARRATOR_TEST_SOCKET", "")


def require_daemon() -> str:
    """The daemon's socket; the test is skipped, saying why, when no daemon was given."""
    if not SOCKET:
        raise unittest.SkipTest(
            "needs a daemon: set NARRATOR_TEST_SOCKET to the socket of `narrator serve --output null` "
            "(swift test --filter PythonClientTests does)"
        )
    return SOCKET
