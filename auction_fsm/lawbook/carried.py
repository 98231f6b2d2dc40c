"""Calls an action carries: takes by value and passes on without looking at them.

Many actions do not care which call they deal with, only that it is the call the event names or
the call the waiting procedure is about: they write it into the record, hold it for the next
player, let it stand, cancel it, and say so in words.  Whether it is a pass, a bid, which bid,
how it compares with the auction -- all that the rules branch on -- is already decided by the
facts their guards and the classifier read (:mod:`.facts`).  Such an action declares, with
``@action(..., carries=(...))``, the calls it *carries* (:data:`CARRIED`):

* ``event_call`` -- the call the event names (a call, a change of call, a replacement);
* ``procedure_call`` -- the call the waiting procedure is about (the view of the same name,
  which the action must also declare reading).

The promise is an equation: ruled with another call in its place that gives the same rows and
the same facts, the step comes out the same, that call written wherever the first one was
(its text too, in the rulings' words).  A table of steps (issue "The position as named facts",
item 3) can then key such a step without the call and store its outcome with the call as a hole
filled at replay (:func:`substituted`): one entry for every call that behaves alike.

The promise is checked, not trusted: :func:`auction_fsm.graph.carried_check.check_carried`
rules a step again with each other call of the 38 in place of each carried one, and where a table
would answer the one from the other (their keys with the calls as holes are equal) compares the
outcome with the first outcome so substituted, naming the action and the call that broke it
(``tests/test_carried_calls.py`` runs it over explored steps of five scopes under the 2017 book
and two under 1997, with a planted fault).  It proves the equation for the steps it is run on and the calls tried, not for every
position.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from .. import rules
from ..auction import AuctionState
from ..calls import Call
from ..events import Event
from ..pvector import PVector
from ..values import evolve

if TYPE_CHECKING:
    from .rows import Action

__all__ = ["CARRIED", "EVENT_CALL", "PROCEDURE_CALL", "carried_by", "carried_calls", "substituted", "with_calls", "with_holes", "holed_key"]

T = TypeVar("T")

EVENT_CALL = "event_call"
PROCEDURE_CALL = "procedure_call"
#: What an action may declare it carries.
CARRIED: frozenset[str] = frozenset({EVENT_CALL, PROCEDURE_CALL})


def carried_by(actions: Iterable[Action | None], event: Event) -> frozenset[str]:
    """The calls a chain of actions carries as a whole: a call is carried when every action of the
    chain that could look at it declares carrying it (every action sees the event; an action sees
    the procedure's call only if it declares reading it), and there is such a call (the event
    names one; a procedure waits).  With no action at all, nothing is carried."""
    chain = [a for a in actions if a is not None]
    if not chain or any(a.reads is None for a in chain):
        return frozenset()  # (an action declaring nothing may look at anything)
    out = set()
    if isinstance(getattr(event, "call", None), Call) and all(EVENT_CALL in a.carries for a in chain):
        out.add(EVENT_CALL)
    # the procedure's call is read through its view, or with the whole waiting procedure (the part)
    readers = [a for a in chain if PROCEDURE_CALL in (a.reads or ()) or "pending" in (a.reads or ())]
    if readers and all(PROCEDURE_CALL in a.carries for a in readers):
        out.add(PROCEDURE_CALL)
    return frozenset(out)


def carried_calls(state: AuctionState, event: Event, names: Iterable[str]) -> dict[str, Call]:
    """The value of each carried call named in ``names`` at this step (a name with no call here is
    left out: the event names none, or no procedure waits)."""
    out: dict[str, Call] = {}
    for name in names:
        call = getattr(event, "call", None) if name == EVENT_CALL else (
            state.pending.call if state.pending is not None else None)
        if isinstance(call, Call):
            out[name] = call
    return out


def with_holes(value: Any, calls: Iterable[Call]) -> Hashable:
    """``value`` as a key of a table of steps with each of ``calls`` made a numbered hole, wherever
    it stands (inside tuples, sets, records, procedures) and as a word of its own inside strings (a
    procedure's facts, words): the other side of :func:`substituted`, which fills the holes.  Two
    values with equal keys hold the calls at the same places and every other call alike."""
    holes = {call: f"<carried {i}>" for i, call in enumerate(dict.fromkeys(calls))}
    if not holes:
        return value  # type: ignore[no-any-return]
    texts = {c.text: h for c, h in holes.items()}
    return _holed(value, holes, _text_pattern(holes), texts)


def holed_key(value: Any, calls: Iterable[Call], key: object = None) -> Hashable:
    """A table's key for a step whose actions carry ``calls``: ``value`` with the calls made holes
    (:func:`with_holes`), and for each distinct call whether it is the last bid held by the
    legal auction's key ``key`` (``None`` when the step's key does not hold the legal auction's
    value).  The key holds that bid as a number, not as a call, so no hole is made of it; two
    steps whose carried call is the last bid in one and not in the other must not share an entry,
    since filling the holes would then leave a bid the step's rulings name by its text unchanged
    (the carried-call check found such a ruling first)."""
    distinct = tuple(dict.fromkeys(calls))
    last = rules.unpack(key)[1] if isinstance(key, int) and key >= 0 else -1
    return with_holes(value, distinct), tuple(c.code == last for c in distinct)


def _holed(value: Any, holes: Mapping[Call, str], pattern: re.Pattern[str], texts: Mapping[str, str]) -> Hashable:
    if isinstance(value, Call):
        return holes.get(value, value)
    if isinstance(value, str):
        return pattern.sub(lambda m: texts[m.group(1)], value)
    if isinstance(value, (tuple, list, PVector)):
        return tuple(_holed(v, holes, pattern, texts) for v in value)
    if isinstance(value, frozenset):
        return frozenset(_holed(v, holes, pattern, texts) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, tuple(_holed(getattr(value, f.name), holes, pattern, texts)
                                            for f in dataclasses.fields(value)))
    return value  # type: ignore[no-any-return]


def _text_pattern(calls: Iterable[Call]) -> re.Pattern[str]:
    texts = sorted({c.text for c in calls}, key=len, reverse=True)
    return re.compile(r"(?<![0-9A-Za-z])(" + "|".join(re.escape(t) for t in texts) + r")(?![0-9A-Za-z])")


def substituted(value: T, mapping: Mapping[Call, Call]) -> T:
    """``value`` with every call of ``mapping`` replaced by its image, inside records, procedures,
    tuples and the words of rulings (a call's text as a word of its own: ``1H``, ``X``).  Numbers,
    seats and keys are left as they are (the legal auction's key is moved on from the record by
    whoever replays a step)."""
    moved = {a: b for a, b in mapping.items() if a is not b}
    if not moved:
        return value
    texts = {a.text: b.text for a, b in moved.items()}
    return _walk(value, moved, _text_pattern(moved), texts)  # type: ignore[no-any-return]


def _walk(value: Any, moved: Mapping[Call, Call], pattern: re.Pattern[str], texts: Mapping[str, str]) -> Any:
    if isinstance(value, Call):
        return moved.get(value, value)
    if isinstance(value, str):
        return pattern.sub(lambda m: texts[m.group(1)], value)
    if isinstance(value, (int, float, bool, type(None))):
        return value
    if isinstance(value, tuple):
        items = tuple(_walk(v, moved, pattern, texts) for v in value)
        return type(value)(*items) if hasattr(value, "_fields") else items
    if isinstance(value, PVector):
        return PVector.of([_walk(v, moved, pattern, texts) for v in value])
    if isinstance(value, frozenset):
        return frozenset(_walk(v, moved, pattern, texts) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            old = getattr(value, f.name)
            new = _walk(old, moved, pattern, texts)
            if new is not old and new != old:
                changes[f.name] = new
        return evolve(value, **changes) if changes else value
    return value


def with_calls(state: AuctionState, event: Event, calls: Mapping[str, Call]) -> tuple[AuctionState, Event]:
    """The step with each carried call named in ``calls`` replaced: the event's call, or the
    procedure's call together with the record's entry at the procedure's place (one call, held in
    two places)."""
    if EVENT_CALL in calls:
        event = dataclasses.replace(event, call=calls[EVENT_CALL])  # type: ignore[arg-type]
    if PROCEDURE_CALL in calls and state.pending is not None:
        p = state.pending
        new = calls[PROCEDURE_CALL]
        record = state.record
        if p.back >= 0 and p.back < len(record):
            i = len(record) - 1 - p.back
            entry = record[i]
            if entry.call is p.call:
                record = (*record[:i], evolve(entry, call=new), *record[i + 1:])
        state = evolve(state, pending=evolve(p, call=new), record=tuple(record))
    return state, event
