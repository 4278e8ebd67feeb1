"""Where the narrator daemon listens when no path is given."""

from __future__ import annotations

import os
from typing import Mapping, Optional


def default_socket_path(environ: Optional[Mapping[str, str]] = None) -> str:
    """The daemon's default socket, by the rule the daemon and its Swift clients share.

    ``$XDG_RUNTIME_DIR/narrator/narrator.sock``; when ``XDG_RUNTIME_DIR`` is unset or empty,
    ``/tmp/narrator-$UID/narrator.sock`` with the numeric user id (docs/PROTOCOL.md, Transport).
    """
    environment = os.environ if environ is None else environ
    runtime = environment.get("XDG_RUNTIME_DIR", "")
    if runtime:
        return runtime + "/narrator/narrator.sock"
    return f"/tmp/narrator-{os.getuid()}/narrator.sock"
