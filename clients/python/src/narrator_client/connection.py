"""One connection to the narrator daemon: JSON lines over its Unix socket (docs/PROTOCOL.md)."""

from __future__ import annotations

import json
import math
import os
import select
import socket
import struct
import time
from collections import deque
from types import TracebackType
from typing import Any, Deque, Dict, Iterable, Mapping, Optional, Sequence, Type, Union

from .errors import NarratorError, NarratorUnavailable, ProtocolError, WrongUserError
from .messages import Notification, Reply
from .paths import default_socket_path

#: The longest socket path in bytes, as the daemon and the other clients hold to it: Linux takes 107,
#: but the daemon listens through SwiftNIO, which takes 103 (docs/PROTOCOL.md, Path length).
_MAX_PATH_BYTES = 103


class Narrator:
    """A connection to the narrator daemon, used from one thread.

    Requests are answered at once and in order, so each method sends one line and returns its reply
    (or raises ``NarratorError``). Notifications that arrive in between, on a subscribed connection,
    are kept for ``wait`` and ``next_notification``. Use it as a context manager to close it::

        with Narrator(client="My game", profile="retroracing", subscribe=True) as narrator:
            reply = narrator.event("collision", lives=2)
            narrator.wait(reply)

    ``path`` defaults to ``default_socket_path()``. ``client``, ``locale`` and ``profile``, when any
    is given, are sent in a ``hello`` (its reply is ``hello_reply``); ``subscribe`` subscribes to this
    connection's own outcomes. ``timeout`` is how many seconds a reply may take (None: for ever).
    """

    def __init__(
        self,
        path: Optional[str] = None,
        *,
        client: Optional[str] = None,
        locale: Optional[str] = None,
        profile: Optional[str] = None,
        subscribe: bool = False,
        timeout: Optional[float] = 10.0,
    ) -> None:
        self.path = default_socket_path() if path is None else path
        self.timeout = timeout
        self.subscribed = False
        self.hello_reply: Optional[Reply] = None
        self._pending: Deque[Notification] = deque()
        self._buffer = bytearray()
        self._socket = self._connect(self.path)
        self._poll = select.poll()
        self._poll.register(self._socket, select.POLLIN)
        try:
            if client is not None or locale is not None or profile is not None:
                self.hello_reply = self.hello(client=client, locale=locale, profile=profile)
            if subscribe:
                self.subscribe()
        except BaseException:
            self.close()
            raise

    @staticmethod
    def _connect(path: str) -> socket.socket:
        length = len(os.fsencode(path))
        if length > _MAX_PATH_BYTES:
            raise ValueError(
                f"The socket path {path} is too long: {length} bytes, and a Unix socket path may have at most "
                f"{_MAX_PATH_BYTES}. Choose a shorter path."
            )
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            connection.connect(path)
        except OSError as error:
            connection.close()
            reason = error.strerror or str(error)
            raise NarratorUnavailable(
                f"no narrator answers on {path} ({reason}); start one with `narrator serve`"
            ) from error
        try:
            Narrator._check_peer(connection, path)
        except BaseException:
            connection.close()
            raise
        return connection

    @staticmethod
    def _check_peer(connection: socket.socket, path: str) -> None:
        """Refuses a daemon of another user: what a game says must not reach someone else's narrator."""
        credentials = connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        pid, uid, _gid = struct.unpack("3i", credentials)
        own = os.getuid()
        if uid != own:
            raise WrongUserError(path, uid, pid, own)

    def close(self) -> None:
        """Closes the connection. Speech already queued is still said (send ``cancel`` first to stop it)."""
        self._socket.close()

    def __enter__(self) -> Narrator:
        return self

    def __exit__(
        self,
        kind: Optional[Type[BaseException]],
        error: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()

    # Requests, one method per command type of the protocol.

    def hello(
        self, *, client: Optional[str] = None, locale: Optional[str] = None, profile: Optional[str] = None
    ) -> Reply:
        """Names this client, sets its locale and chooses its profile; the reply lists the profile's events."""
        return self.request({"type": "hello", "client": client, "locale": locale, "profile": profile})

    def event(self, event_type: str, /, **fields: Any) -> Reply:
        """Sends a game event, e.g. ``event("collision", lives=2)``; the profile's event map decides what is said."""
        return self.request({"type": event_type, **fields})

    def say(
        self,
        text: Optional[str] = None,
        *,
        key: Optional[str] = None,
        arguments: Optional[Sequence[Union[int, float, str]]] = None,
        priority: Optional[str] = None,
        supersedes: Optional[str] = None,
        expires_ms: Optional[int] = None,
        resume: Optional[bool] = None,
        scope: Optional[str] = None,
        pan: Optional[float] = None,
    ) -> Reply:
        """Speaks ``text`` as it is, or the table ``key`` with its ``arguments``; ``pan`` places it,
        -1 (left) to 1 (right), the centre when left out."""
        return self.request(
            {
                "type": "say",
                "text": text,
                "key": key,
                "arguments": None if arguments is None else list(arguments),
                "priority": priority,
                "supersedes": supersedes,
                "expires_ms": expires_ms,
                "resume": resume,
                "scope": scope,
                "pan": pan,
            }
        )

    def cancel(
        self,
        *,
        scope: Optional[str] = None,
        all_clients: bool = False,
        speaking: bool = False,
        client: Optional[int] = None,
        id: Optional[str] = None,
    ) -> Reply:
        """Cancels this client's speech; ``speaking`` only what is being heard (what waits goes on),
        ``id`` only the announcement with that id (a reply's ``id``, wherever it is: waiting, heard or
        kept to resume), ``all_clients`` everyone's, ``client`` that of the client numbered so
        ("client 7" is 7). An ``id`` that has ended raises ``NarratorError`` ``unknown_announcement``."""
        return self.request(
            {
                "type": "cancel",
                "scope": scope,
                "all_clients": all_clients or None,
                "speaking": speaking or None,
                "client": client,
                "id": id,
            }
        )

    def pause(self, *, all_clients: bool = False, client: Optional[int] = None) -> Reply:
        return self.request({"type": "pause", "all_clients": all_clients or None, "client": client})

    def resume(self, *, all_clients: bool = False, client: Optional[int] = None) -> Reply:
        return self.request({"type": "resume", "all_clients": all_clients or None, "client": client})

    def set(
        self,
        *,
        locale: Optional[str] = None,
        rate: Optional[int] = None,
        pitch: Optional[int] = None,
        volume: Optional[int] = None,
        effects_volume: Optional[int] = None,
        variant: Optional[str] = None,
        punctuation: Optional[str] = None,
        capitals: Optional[str] = None,
        spelling: Optional[bool] = None,
        reset: Iterable[str] = (),
        all_clients: bool = False,
        client: Optional[int] = None,
    ) -> Reply:
        """Changes this connection's voice and the volume of its sounds; the reply gives all nine.

        A setting left as None keeps its value. One named in ``reset`` (``reset=["rate"]``) is sent as
        ``null``: it goes back to the daemon's default and follows it from then on, as the Swift
        clients' ``VoiceChange.reset`` does. Naming a setting both ways raises ``ValueError``.
        ``client`` changes the settings of the client numbered so instead ("client 7" is 7), and
        ``all_clients`` those of every connected client, each as its own.
        """
        given = {
            "locale": locale,
            "rate": rate,
            "pitch": pitch,
            "volume": volume,
            "effects_volume": effects_volume,
            "variant": variant,
            "punctuation": punctuation,
            "capitals": capitals,
            "spelling": spelling,
        }
        names = set([reset] if isinstance(reset, str) else reset)
        unknown = sorted(names - set(given))
        if unknown:
            raise ValueError(f"reset takes {', '.join(given)}, not {', '.join(unknown)}")
        both = sorted(name for name in names if given[name] is not None)
        if both:
            raise ValueError(f"{', '.join(both)} is given a value and reset at once: choose one")
        fields: Dict[str, Any] = {"type": "set", **given, "all_clients": all_clients or None, "client": client}
        return self.request(fields, nulls=names)

    def status(self) -> Reply:
        return self.request({"type": "status"})

    def subscribe(self, *, all_clients: bool = False) -> Reply:
        """Starts the notifications: this connection's outcomes, or every client's."""
        reply = self.request({"type": "subscribe", "all_clients": all_clients or None})
        self.subscribed = True
        return reply

    def play(self, sound: str, /, **arguments: Any) -> Reply:
        """Plays a sound of the profile now, e.g. ``play("lane_pulses", left=True, middle=False, right=True)``;
        ``pan=-1`` (left) to ``pan=1`` (right) places what the sound book does not place."""
        return self.request({"type": "play", "sound": sound, **arguments})

    def request(self, request: Mapping[str, Any], *, nulls: Iterable[str] = ()) -> Reply:
        """Sends one request (fields that are None are left out, except those named in ``nulls``,
        which are sent as ``null``) and returns its reply.

        Raises ``NarratorError`` for an error reply and ``TimeoutError`` when no reply comes within
        ``timeout``; the connection is then closed, since later replies could no longer be matched.
        """
        kept = set(nulls)
        given = {name: value for name, value in request.items() if value is not None or name in kept}
        line = json.dumps(given, ensure_ascii=False, allow_nan=False, separators=(",", ":")) + "\n"
        try:
            self._socket.sendall(line.encode("utf-8"))
        except OSError as error:
            raise NarratorUnavailable(f"the narrator on {self.path} closed the connection ({error})") from error
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        while True:
            answer = self._read_line(deadline)
            if answer is None:
                self.close()
                raise TimeoutError(
                    f"the narrator on {self.path} did not answer {request.get('type')!r} within {self.timeout} s"
                )
            if "event" in answer:
                self._pending.append(Notification.from_fields(answer))
            else:
                return self._reply(answer)

    # Notifications.

    def wait(self, announcement: Union[Reply, str], timeout: Optional[float] = 30.0) -> Notification:
        """Waits until the announcement has ended and returns its last outcome (``finished``,
        ``interrupted``, ``superseded``, ``expired``, ``dropped``, ``cancelled`` or ``failed``).

        ``announcement`` is the reply that queued it, or its id. Needs ``subscribe()`` before the
        announcement was sent. The announcement's other outcomes are consumed; other announcements'
        stay for ``next_notification``. Raises ``TimeoutError`` after ``timeout`` seconds (None: never).
        """
        wanted = announcement.id if isinstance(announcement, Reply) else announcement
        if wanted is None:
            raise ValueError("this reply queued no announcement (a silent event, a sound or a command)")
        if not self.subscribed:
            raise RuntimeError("wait needs notifications: call subscribe() before sending the announcement")
        last = "none came"
        for notification in [n for n in self._pending if n.id == wanted]:
            self._pending.remove(notification)
            last = notification.event
            if notification.ends:
                return notification
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            notification = self._read_notification(deadline)
            if notification is None:
                raise TimeoutError(
                    f"announcement {wanted} had not ended within {timeout} s (its last outcome: {last})"
                )
            if notification.id != wanted:
                self._pending.append(notification)
                continue
            last = notification.event
            if notification.ends:
                return notification

    def next_notification(self, timeout: Optional[float] = None) -> Optional[Notification]:
        """The oldest notification not yet taken, waiting up to ``timeout`` seconds for one (None:
        for ever; 0: only what has already arrived). None when none came."""
        if self._pending:
            return self._pending.popleft()
        return self._read_notification(None if timeout is None else time.monotonic() + timeout)

    # Reading lines.

    def _read_notification(self, deadline: Optional[float]) -> Optional[Notification]:
        fields = self._read_line(deadline)
        if fields is None:
            return None
        if "event" not in fields:
            self._reply(fields)  # an error the daemon sent unasked (not_allowed) raises here
            raise ProtocolError(f"the narrator sent a reply nobody asked for: {fields}")
        return Notification.from_fields(fields)

    @staticmethod
    def _reply(fields: Dict[str, Any]) -> Reply:
        if fields.get("ok") is True:
            return Reply(fields)
        error = fields.get("error")
        if fields.get("ok") is False and isinstance(error, dict):
            raise NarratorError(str(error.get("code")), str(error.get("message")))
        raise ProtocolError(f"the narrator sent a line that is neither a reply nor a notification: {fields}")

    def _read_line(self, deadline: Optional[float]) -> Optional[Dict[str, Any]]:
        """The next line as a JSON object, or None if ``deadline`` (a ``time.monotonic()``) passed first."""
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                raw = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                try:
                    fields = json.loads(raw.decode("utf-8"))
                except ValueError as error:
                    raise ProtocolError(f"the narrator sent a line that is not JSON: {raw!r}") from error
                if not isinstance(fields, dict):
                    raise ProtocolError(f"the narrator sent a line that is not a JSON object: {raw!r}")
                return fields
            timeout_ms = None if deadline is None else max(0, math.ceil((deadline - time.monotonic()) * 1000))
            if not self._poll.poll(timeout_ms):
                if deadline is not None and time.monotonic() >= deadline:
                    return None
                continue
            chunk = self._socket.recv(65536)
            if not chunk:
                raise NarratorUnavailable(f"the narrator on {self.path} closed the connection")
            self._buffer += chunk
