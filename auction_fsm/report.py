"""What the front ends print about a position and about errors, in machine-readable form.

:func:`state_to_json` is the one place that turns a simulator's position into plain JSON data
(the shape ``auction-fsm replay --json`` prints).  Records whose shape grows with the
irregularity laws (the pending procedure, lead restrictions, exposed cards) go through the
generic :func:`to_jsonable`; a field that needs its own wording is added here, once, for every
front end.
:func:`error_kind` names the kind of an error in words, for ``auction-fsm: <kind>: <message>``.

>>> from auction_fsm.simulator import Simulator
>>> sim = Simulator("N")
>>> _ = sim.call("N", "1NT")
>>> data = state_to_json(sim)
>>> data["phase"], data["to_act"], data["calls"][0]["call"], data["contract"]
('auction', 'E', '1NT', None)
"""

from __future__ import annotations

import dataclasses
import enum
import re
from typing import Any

from . import errors
from .calls import Call
from .cards import Card
from .records import CallRecord, Obligation, Ruling
from .seats import Seat
from .simulator import Simulator

__all__ = [
    "state_to_json",
    "record_to_json",
    "obligation_to_json",
    "to_jsonable",
    "error_kind",
    "STATE_FORMAT",
]

STATE_FORMAT = "auction-fsm-state"

# Readable names for the kinds of error; any other class is named from its own name.
_KINDS: dict[type[BaseException], str] = {
    errors.AuctionOverError: "call after the auction ended",
    errors.IllegalCallError: "illegal call",
    errors.CallSyntaxError: "call syntax error",
    errors.SeatSyntaxError: "seat syntax error",
    errors.CardSyntaxError: "card syntax error",
    errors.SchemaVersionError: "unsupported scenario version",
    errors.ScenarioError: "scenario error",
    errors.DecisionError: "decision error",
    errors.TableDefinitionError: "internal error (transition table)",
    errors.MachineDisagreementError: "internal error (machines and core disagree)",
}


def error_kind(err: BaseException) -> str:
    """A few words saying what kind of problem ``err`` is.

    >>> error_kind(errors.CallSyntaxError("x")), error_kind(OSError("x"))
    ('call syntax error', 'cannot read file')
    """
    kind = _KINDS.get(type(err))
    if kind is not None:
        return kind
    if isinstance(err, OSError):
        return "cannot read file"
    words = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+", type(err).__name__)
    return " ".join(w.lower() for w in words) or "error"


def _seat(seat: Seat | None) -> str | None:
    return None if seat is None else seat.name


def record_to_json(record: CallRecord) -> dict[str, Any]:
    """One call of the record, with its status and (for an irregular call) the law that applies."""
    return {
        "seat": record.seat.name,
        "call": record.call.text,
        "in_turn_of": record.in_turn_of.name,
        "status": record.status,
        "stands": record.stands,
        "irregularity": record.irregularity,
        "law": record.law,
    }


def obligation_to_json(obligation: Obligation) -> dict[str, Any]:
    """One obligation a seat carries (``call`` is the call to repeat, else ``None``)."""
    return {
        "kind": obligation.kind,
        "law": obligation.law,
        "call": None if obligation.call is None else obligation.call.text,
    }


def to_jsonable(value: object) -> Any:
    """Plain JSON data for the package's values: seats, strains and suits by name, calls and
    cards by text, dataclasses as objects of their fields, tuples as arrays.

    Used for records whose shape grows with later issues (the pending procedure), so they
    reach the JSON output without a converter of their own.

    >>> from auction_fsm.records import Decision
    >>> to_jsonable(Decision("accept_or_refuse", "27A1", "W", ("accept", "refuse")))
    {'kind': 'accept_or_refuse', 'law': '27A1', 'decider': 'W', 'options': ['accept', 'refuse']}
    """
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, int):
        return value
    if isinstance(value, (Call, Card)):
        return value.text
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list, frozenset, set)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(to_jsonable(k)): to_jsonable(v) for k, v in value.items()}
    raise TypeError(f"no JSON form for {type(value).__name__} {value!r}")


def _ruling(ruling: Ruling) -> dict[str, str]:
    return {"law": ruling.law, "summary": ruling.summary}


def state_to_json(sim: Simulator) -> dict[str, Any]:
    """The simulator's current position as JSON-ready data (dicts, lists, strings, None)."""
    state = sim.state
    contract = state.contract
    return {
        "format": STATE_FORMAT,
        "dealer": sim.dealer.name,
        "vulnerability": sim.vulnerability,
        "phase": state.phase,
        "to_act": None if state.is_over else state.turn.name,
        "legal_calls": [c.text for c in state.legal_calls()],
        "calls": [record_to_json(r) for r in state.record],
        "obligations": {s.name: [obligation_to_json(o) for o in state.obligations[s]] for s in Seat},
        "pending": to_jsonable(state.pending),
        "lead_restrictions": to_jsonable(state.restrictions),
        "exposed_cards": to_jsonable(state.exposed),
        "rulings": [_ruling(r) for r in state.rulings],
        "contract": None if contract is None else contract.text,
        "declarer": _seat(state.declarer),
        "dummy": _seat(state.dummy),
        "opening_leader": _seat(state.opening_leader),
    }
