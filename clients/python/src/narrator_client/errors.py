"""What can go wrong talking to the narrator, each a type a caller can catch on its own."""

from __future__ import annotations


class NarratorError(Exception):
    """The daemon answered a request with an error (``{"ok":false,"error":{...}}``).

    ``code`` is one of the stable codes of docs/PROTOCOL.md (``missing_field``, ``unknown_event``,
    ``profile``, ...); ``message`` is the daemon's sentence for a person. The connection stays usable.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{message} ({code})")
        self.code = code
        self.message = message


class NarratorUnavailable(ConnectionError):
    """No narrator answers on the socket, or it closed the connection."""


class WrongUserError(PermissionError):
    """The process listening on the socket runs as another user, so nothing is sent to it."""

    def __init__(self, path: str, uid: int, pid: int, own_uid: int) -> None:
        super().__init__(
            f"the narrator on {path} belongs to user {uid} (pid {pid}), not to you (user {own_uid}); "
            "start your own with `narrator serve`, or give the path of yours"
        )
        self.path = path
        self.uid = uid
        self.pid = pid


class ProtocolError(Exception):
    """The daemon sent a line this client cannot read (not a JSON object, or a reply nobody asked for)."""
