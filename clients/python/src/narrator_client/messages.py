"""The two kinds of line the daemon writes: replies (they have ``ok``) and notifications (``event``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

#: Outcomes after which an announcement is gone; each announcement ends with exactly one.
ENDINGS = frozenset(
    {"finished", "interrupted", "superseded", "expired", "dropped", "cancelled", "failed"}
)


@dataclass(frozen=True)
class Reply:
    """A successful reply. Its fields depend on the request (docs/PROTOCOL.md, Requests).

    A reply that queued an announcement has its ``id`` and the exact ``text`` to be spoken; others
    have neither. ``reply["field"]`` and ``reply.get("field")`` read any field.
    """

    fields: Mapping[str, Any]

    @property
    def id(self) -> Optional[str]:
        """The id of the announcement this request queued, if it queued one."""
        return self.fields.get("id")

    @property
    def text(self) -> Optional[str]:
        return self.fields.get("text")

    @property
    def silent(self) -> bool:
        """True when the event map keeps this event silent."""
        return self.fields.get("silent") is True

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


@dataclass(frozen=True)
class Notification:
    """One outcome of an announcement (``queued``, ``started``, ``finished``, ...), or an ``output``
    change (sound lost or back: no ``id``). Only a subscribed connection gets them."""

    event: str
    id: Optional[str] = None
    client: Optional[str] = None
    text: Optional[str] = None
    t_ms: Optional[float] = None
    fields: Mapping[str, Any] = field(default_factory=dict, repr=False)

    @property
    def ends(self) -> bool:
        """True when the announcement is gone after this outcome."""
        return self.id is not None and self.event in ENDINGS

    @classmethod
    def from_fields(cls, fields: Mapping[str, Any]) -> Notification:
        return cls(
            event=fields["event"],
            id=fields.get("id"),
            client=fields.get("client"),
            text=fields.get("text"),
            t_ms=fields.get("t_ms"),
            fields=fields,
        )
