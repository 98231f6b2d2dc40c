"""A position and an event turned round the table: the Laws treat the four seats alike.

Nothing in the Laws of the auction period names North, East, South or West: the dealer calls
first (17B), then the turn goes clockwise, and every rule speaks of a player and his partner,
his left- and right-hand opponents.  So a position moved ``k`` seats clockwise (North's calls made
by East, East's by South, ...) and the same event moved with it must be ruled the same way, moved:
``step(turned(state, k), turned_event(event, k))`` equals ``turned(step(state, event), k)``.
``tests/test_symmetry.py`` checks it on fuzzed walks and explored edges under both books.

The check is what lets a table of steps be keyed on the position *relative to the turn*
(:func:`relative_to_turn`): the same situation at another table position then has one entry.
Issue 37 asks for the legal auction's key and the waiting procedure relative to the turn and the
offender; this is that view, proved sound by the check rather than by storing the position
differently.

Where seats hide in the position:

* every ``Seat`` field of the records (calls, obligations' owners by index, watches, rights,
  exposed cards, leads and lead rules), and of what they keep (the branch of a 31A/32A
  rectification an obligation, a watch or a right came from names its offender);
* the legal auction's keys (``key``, ``options_key``): the turn and the last bidder;
* ``first_offender`` (a seat number or -1), ``dealer``, the board's vulnerability (North-South
  and East-West trade places when ``k`` is odd);
* the waiting procedure's decider (a seat letter or ``"director"``) and the facts it keeps that
  name a seat (:data:`SEAT_FACTS`, declared in the book);
* the rulings' words ("East must pass"): the seat names in them.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, TypeVar

from . import rules
from .auction import AuctionState
from .engine import rule_in_full
from .errors import AuctionFsmError
from .events import Event
from .lawbook.procedure_facts import names_of_kind
from .pvector import PVector
from .records import Pending, Ruling, Undo
from .seats import Seat
from .standing import StandingFacts

__all__ = ["SEAT_FACTS", "turned", "turned_event", "turned_words", "relative_to_turn", "asymmetry"]

T = TypeVar("T")

#: The facts a waiting procedure keeps (``Pending.extra``) whose value is a seat letter, as the
#: family modules that write them declare them (kind ``seat``, :mod:`.lawbook.procedure_facts`):
#: who may accept a call out of rotation, who is to call next when it is not accepted, where a
#: call to be changed was made, who decided before a slip claim interrupted.  A seat fact
#: declared with another kind makes the symmetry check fail on the first walk that reaches it.
SEAT_FACTS = names_of_kind("seat")

_NAMES = ("North", "East", "South", "West")
_WORD = re.compile(r"\b(North|East|South|West|north|east|south|west|N|E|S|W)\b")
_VULNERABILITY = {"NS": "EW", "EW": "NS"}


def _seat(seat: Seat, k: int) -> Seat:
    return Seat((seat.value + k) % 4)


def _letter(text: str, k: int) -> str:
    """A seat letter moved ``k`` seats; any other word (``"director"``, ``""``) as it is."""
    return _seat(Seat[text], k).name if text in Seat.__members__ else text


def turned_words(text: str, k: int) -> str:
    """``text`` with every seat it names moved ``k`` seats clockwise: in full ("North" becomes
    "East" for ``k`` = 1, "North-South" "East-West") or by its letter standing alone ("N P" in a
    restated auction; a letter inside a call, the S of ``1S``, is not alone)."""
    def moved(m: re.Match[str]) -> str:
        word = m.group(0)
        if len(word) == 1:
            return _seat(Seat[word], k).name
        name = _NAMES[(_NAMES.index(word.capitalize()) + k) % 4]
        return name if word[0].isupper() else name.lower()
    return _WORD.sub(moved, text) if k % 4 else text


def _key(key: int, k: int) -> int:
    """A position's legal-auction key moved ``k`` seats: the turn, and the last bidder's side once
    there is one (before any bid the bidder field is 0 whatever the dealer,
    :func:`rules.initial_key`; a position keeps the side only, :func:`rules.seated`)."""
    if key < 0:
        return key
    turn, last_bid, bidder, _, _ = rules.unpack(key)
    return rules.seated(rules.seatless(key), (turn + k) % 4, (bidder + k) % 2 if last_bid != rules.NO_BID else bidder)


def _value(value: T, k: int) -> T:
    """Any value of the position moved ``k`` seats: seats moved, records rebuilt field by field,
    tuples element by element; numbers, strings, calls and cards as they are."""
    out: Any
    if isinstance(value, Seat):
        out = _seat(value, k)
    elif isinstance(value, tuple):
        out = tuple(_value(v, k) for v in value)
    elif isinstance(value, PVector):
        out = PVector.of([_value(v, k) for v in value])
    elif isinstance(value, frozenset):
        out = frozenset(_value(v, k) for v in value)
    elif isinstance(value, Pending):
        out = dataclasses.replace(
            value, offender=_seat(value.offender, k), in_turn_of=_seat(value.in_turn_of, k),
            decider=_letter(value.decider, k),
            extra=tuple((name, _letter(v, k) if name in SEAT_FACTS else v) for name, v in value.extra),
            undo=_value(value.undo, k))
    elif isinstance(value, StandingFacts):
        out = value.turned(k)
    elif isinstance(value, Undo):  # the last bidder's side, as the position's key keeps it
        out = dataclasses.replace(value, facts=_value(value.facts, k),
                                  bidder=None if value.bidder is None else Seat((int(value.bidder) + k) % 2))
    elif isinstance(value, Ruling):
        out = Ruling(value.law, turned_words(value.summary, k))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _value(getattr(value, f.name), k) for f in dataclasses.fields(value)
                   if isinstance(getattr(value, f.name), Seat | tuple | frozenset)
                   or dataclasses.is_dataclass(getattr(value, f.name))}
        out = dataclasses.replace(value, **changes) if changes else value
    else:
        out = value
    return out  # type: ignore[no-any-return]


def turned(state: AuctionState, k: int) -> AuctionState:
    """``state`` moved ``k`` seats clockwise round the table: every seat it names, and every seat
    its keys and words hold, becomes the seat ``k`` places to its left."""
    k %= 4
    if not k:
        return state
    # each seat's obligations go to the seat k places on, moved themselves (a branch kept on one
    # names the offender of the rectification it came from)
    obligations = tuple(_value(state.obligations[(s - k) % 4], k) for s in range(4))
    return dataclasses.replace(
        state, dealer=_seat(state.dealer, k), key=_key(state.key, k), options_key=_key(state.options_key, k),
        record=_value(state.record, k), obligations=obligations, pending=_value(state.pending, k),
        watches=_value(state.watches, k), restrictions=_value(state.restrictions, k),
        exposed=_value(state.exposed, k), rulings=_value(state.rulings, k),
        leads=_value(state.leads, k), lead_rules=_value(state.lead_rules, k),
        refused_leads=_value(state.refused_leads, k),
        first_offender=(state.first_offender + k) % 4 if state.first_offender >= 0 else -1,
        standing_facts=state.standing_facts.turned(k),
        vulnerability=_VULNERABILITY.get(state.vulnerability, state.vulnerability) if k % 2 else state.vulnerability)


def turned_event(event: Event, k: int) -> Event:
    """``event`` with the seat it names (the caller, the player who chose, who called the
    director ...) moved ``k`` seats clockwise."""
    return _value(event, k % 4)


def relative_to_turn(state: AuctionState) -> AuctionState:
    """``state`` turned so that the player whose turn it is sits North: one value for a situation
    met at any of the four table positions (sound for a table of steps because the Laws treat
    the seats alike, which ``tests/test_symmetry.py`` checks)."""
    return turned(state, -(state.key & 3))


def asymmetry(state: AuctionState, event: Event, k: int) -> str | None:
    """How ruling ``event`` at ``state`` and ruling both moved ``k`` seats differ; ``None`` when
    they do not (what the Laws' treating the seats alike requires).

    Compared: the rows fired, in order; the position after, field by field (the rulings' words
    with their seats moved); or, for an event refused, the kind of error and its message."""
    moved_state, moved_event = turned(state, k), turned_event(event, k)
    try:
        here = rule_in_full(state, event)
    except AuctionFsmError as exc:
        try:
            rule_in_full(moved_state, moved_event)
        except AuctionFsmError as moved_exc:
            if type(moved_exc) is not type(exc) or str(moved_exc) != turned_words(str(exc), k):
                return f"refused as {exc!r} here, as {moved_exc!r} moved"
            return None
        return f"refused here ({exc}), ruled when moved"
    try:
        there = rule_in_full(moved_state, moved_event)
    except AuctionFsmError as moved_exc:
        return f"ruled here, refused when moved ({moved_exc})"
    rows, moved_rows = [f.row.label for f in here.fired], [f.row.label for f in there.fired]
    if rows != moved_rows:
        return f"rows {rows} here, {moved_rows} moved"
    expected = turned(here.after, k)
    for name in AuctionState.__dataclass_fields__:
        if getattr(expected, name) != getattr(there.after, name):
            return f"{name} differs: {getattr(expected, name)!r} expected, {getattr(there.after, name)!r} moved"
    return None
