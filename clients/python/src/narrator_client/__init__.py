"""A client for the narrator daemon (docs/PROTOCOL.md): send game events, wait for what was spoken.

Standard library only; Linux (the daemon's socket and its peer check are Linux's).
"""

from .connection import Narrator
from .errors import NarratorError, NarratorUnavailable, ProtocolError, WrongUserError
from .messages import ENDINGS, Notification, Reply
from .paths import default_socket_path

__all__ = [
    "ENDINGS",
    "Narrator",
    "NarratorError",
    "NarratorUnavailable",
    "Notification",
    "ProtocolError",
    "Reply",
    "WrongUserError",
    "default_socket_path",
]
