"""Input events: what happens at the table, as the simulator receives it.

For now an event is a call by a named seat.  Later event kinds (the director being called, a
decision, a judgement, an exposed card, the opening lead ...) are added as further dataclasses
with their own ``type`` tag, so scenario files that hold only calls keep loading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .calls import Call, parse_call
from .errors import ScenarioError
from .seats import Seat, parse_seat

__all__ = ["CallEvent", "Event", "event_from_dict", "event_to_dict"]


@dataclass(frozen=True, slots=True)
class CallEvent:
    """``seat`` makes ``call`` (in rotation or not: the engine decides)."""

    seat: Seat
    call: Call

    @staticmethod
    def of(seat: Seat | str, call: Call | str) -> CallEvent:
        """Build from text such as ``CallEvent.of("N", "1NT")``."""
        return CallEvent(parse_seat(seat), parse_call(call))

    def describe(self) -> str:
        """A short line such as ``N: 1NT``."""
        return f"{self.seat.name}: {self.call}"


Event = CallEvent


def event_from_dict(data: object, where: str) -> Event:
    """Read one event of a scenario file; ``where`` locates it for error messages."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: an event must be an object, got {data!r}")
    kind = data.get("type", "call")
    if kind == "call":
        unknown = set(data) - {"type", "seat", "call"}
        if unknown:
            raise ScenarioError(f"{where}: unknown field(s) {sorted(unknown)} in a call event")
        for f in ("seat", "call"):
            if f not in data:
                raise ScenarioError(f"{where}: a call event needs {f!r}")
        return CallEvent(parse_seat(data["seat"], where), parse_call(data["call"], where))
    raise ScenarioError(f"{where}: unknown event type {kind!r}")


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON form of an event (inverse of :func:`event_from_dict`)."""
    return {"type": "call", "seat": event.seat.name, "call": event.call.text}
