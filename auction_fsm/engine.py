"""The director engine: one event in, the ruled state and the rows that fired out (pure).

:func:`step` asks the classifier what kind of event this is here (the trigger), takes from the
law book the one row for the current phase and that trigger whose guard holds, runs its action
and then rules the follow-up events the action returned (the call that accepted an
irregularity, the end of the auction, declarer's next option), each through the book the same
way.  The :class:`Step` it returns holds every row fired, in order, with the state it fired
from: that is what the ``transitions`` machines, the narration and the explorer read.

Nothing here decides a law: the rows do.  The engine only dispatches, checks that each row
ends where the book says it goes (a fault of the book is a :class:`LawBookError`, never the
user's) and counts irregularities.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import cast

from . import rules
from .auction import AuctionState
from .errors import DecisionError, LawBookError
from .events import CallEvent, ChangeCall, Choice, Event, ExplanationRequest, ExposeCards, Lead, ReviewRequest
from .lawbook import LawBook, Row, book_of
from .lawbook.classify import CALL_TRIGGERS, classify_in, expected
from .lawbook.legal import make_call
from .lawbook.parts import AUDITS
from .lawbook.rows import SURVIVES_PENDING, AuctionEnds, Ctx, FollowUp, Outcome, moved_back
from .lawbook.selection_table import SelectionTable, decisions_of
from .lawbook.slip_first import SLIP_STEP
from .seats import Seat
from .values import evolve

__all__ = ["Fired", "OutsideBounds", "Step", "step", "rule_in_full", "apply_event", "is_incident", "is_required_repeat", "irregularities",
           "judged_by_record", "IRREGULAR_TAGS"]


@dataclass(frozen=True, slots=True)
class Fired:
    """One row the engine fired: the row, what it fired on (state before and event) and the
    state right after its action (before any follow-up)."""

    row: Row
    ctx: Ctx
    after: AuctionState


@dataclass(frozen=True, slots=True)
class Step:
    """One event ruled: the state before and after, and the rows fired, in order."""

    event: Event
    before: AuctionState
    after: AuctionState
    fired: tuple[Fired, ...] = ()




def step(state: AuctionState, event: Event, *, strict: bool = True,
         room: frozenset[str] | None = None, tables: SelectionTable | None = None) -> Step:
    """Rule ``event`` at ``state`` under the law book the position carries (``state.book``); raise
    an input error (and change nothing) when no row of the book can take it.  ``strict`` tests
    every guard of the candidate rows, so that two rows holding at once is found
    (:meth:`LawBook.select`).

    There is no separate book to pass: a position started under the 1997 book is ruled by it
    and every position after it carries it on (docs/law-book.md, "How the book reaches the
    engine").

    ``room`` (for an explorer bounding the irregularities) names the families in which the
    event may still commit an irregularity: before a row declared to record an irregular call
    of another family runs (``Row.records``), or as soon as any row has recorded one, the step
    stops with :class:`OutsideBounds` instead of ruling the rest (the irregularity would put the
    outcome outside the bounds whatever followed).
    """
    if type(event) is CallEvent and event.specifies is None and not AUDITS:
        fast = _plain_call(state, event)
        if fast is not None:
            return fast
    return _dispatch(state, event, strict, room, tables)


def rule_in_full(state: AuctionState, event: Event) -> Step:
    """:func:`step`, strictly and always through the book's rows (never the shortcut for a plain
    call in rotation): every row fired is then selected by its guards, each context keeping the
    facts its guards read (``Fired.ctx.facts``) -- what a checker of the declarations reads."""
    return _dispatch(state, event, strict=True)


class OutsideBounds(Exception):
    """A step stopped because it commits an irregularity its caller's bounds leave out
    (:func:`step`'s ``room``): not an input error, and never raised without ``room``."""


def _dispatch(state: AuctionState, event: Event, strict: bool = True,
              room: frozenset[str] | None = None, tables: SelectionTable | None = None) -> Step:
    """The general path of :func:`step`: classify, select the row, run it, then the follow-ups."""
    book = book_of(state)
    # the table's decisions where they are this book's and no audit watches the book run
    decisions = decisions_of(book, None if AUDITS else tables)
    if room is not None and not judged_by_record(state, event):
        room = None
    fired: list[Fired] = []
    queue: deque[Event | FollowUp] = deque([event])
    cur = state
    terminals = book.terminals("phase")
    while queue:
        ev = queue.popleft()
        # one context for the classifier and the guards: the facts both read are kept in ctx.facts
        ctx = Ctx(cur, ev, {} if strict else None)  # a strict select notes each guard's answer
        found = decisions.classify(ctx)
        trigger = classify_in(ctx) if found is None else found  # refused: the classifier words it
        row = decisions.select(cur.phase, trigger, ctx, strict)
        if row is None:
            raise _refusal(cur, ev, trigger, book)
        if room is not None and row.records is not None and row.records not in room:
            raise OutsideBounds(f"{event.describe()}: {row.label}")  # declared: it would record one
        if row.action is None:
            out = Outcome(cur)
        else:
            out = row.action(ctx) if not AUDITS else AUDITS[-1](row, ctx)
        if out.state.phase != row.target:
            raise LawBookError(f"law book {book.name!r}: row {row.label} left the table in "
                               f"{out.state.phase!r}, not {row.target!r} (event {ev.describe()})")
        fired.append(Fired(row, ctx, out.state))
        added = len(out.state.record) - len(cur.record)
        if added and queue:  # a place a waiting follow-up holds is counted back from the end
            queue = deque(moved_back(f, added) for f in queue)
        cur = out.state
        if room is not None and len(cur.record) > len(state.record) and not _tagged(state, cur) <= room:
            raise OutsideBounds(f"{event.describe()}: {fired[-1].row.label}")
        if cur.phase in terminals:  # the auction period is over: nothing more to rule
            queue.clear()
            continue
        if cur.pending is not None and queue:
            queue = deque(f for f in queue if isinstance(f, SURVIVES_PENDING))
        queue.extendleft(reversed(out.follow))
    if is_incident(state, event, cur):
        first = cur.first_offender if cur.incidents else incident_seat(state, event, cur)
        cur = evolve(cur, incidents=cur.incidents + 1, first_offender=first)
    return Step(event, state, cur, tuple(fired))


def apply_event(state: AuctionState, event: Event, *, strict: bool = True) -> AuctionState:
    """The state after ``event``, ruled by the position's own book (see :func:`step`)."""
    return step(state, event, strict=strict).after


def _refusal(state: AuctionState, event: Event | FollowUp, trigger: str, book: LawBook) -> Exception:
    """The error for an event no row takes: an input error, or a book fault for a follow-up."""
    if isinstance(event, CallEvent):
        return DecisionError(f"{event.seat.long_name}'s {event.call} cannot be made now: {expected(state)}")
    if isinstance(event, Choice):
        return DecisionError(f"{event.option!r} cannot be chosen now: {expected(state)}")
    if isinstance(event, ChangeCall):
        return DecisionError(f"{event.seat.long_name} cannot change a call now: {expected(state)}")
    if isinstance(event, (ReviewRequest, ExplanationRequest)):
        kind, law = ("review", "20B") if isinstance(event, ReviewRequest) else ("explanation", "20F1")
        return DecisionError(f"{event.seat.long_name}'s {kind} request must wait: only the player about "
                             f"to call may ask now ({law}); {expected(state)}")
    if type(event).__module__ == "auction_fsm.lawbook.rows":
        return LawBookError(f"law book {book.name!r} has no row from {state.phase!r} for the follow-up "
                            f"{trigger!r} ({event.describe()})")
    return DecisionError(f"{event.describe()}: no law applies to it in {state.phase} "
                         f"({expected(state)})")


#: Record tags of a call that commits an irregularity of its own, with the family of laws it
#: belongs to (the scope families of :mod:`auction_fsm.scope`).  The other tags only record
#: what a procedure did with a call (a legal replacement, a deemed or substituted pass, LHO's
#: call over an inadmissible one, a refused change): steps of an irregularity already counted.
IRREGULAR_TAGS: dict[str, str] = {
    "out_of_rotation": "rotation",
    "insufficient_bid": "insufficient_bid",
    "premature_replacement": "insufficient_bid",
    "attempted_double": "insufficient_bid",  # 27B3: an illegal double or redouble as replacement
    "inadmissible_double": "inadmissible",
    "violates_pass_obligation": "inadmissible",
    "bid_above_seven": "inadmissible",
    "after_final_pass": "inadmissible",
}


def irregularities(before: AuctionState, event: Event, after: AuctionState) -> frozenset[str]:
    """The families of the irregularities ``event`` committed in the step ``before`` ->
    ``after``: empty for a legal call, a decision, a judgement, or a step of a procedure already
    under way (a replacement, LHO calling over an inadmissible call, a watched call judged, the
    offender's claim that the call under rectification was a slip).

    The one definition of an irregularity: the engine counts them (``incidents``), the
    configuration graph's scopes bound them and the route pictures colour them.  Judged on the
    outcome, because a call made while a procedure is pending (LHO accepting by calling, the
    player whose turn it was calling) may itself be out of rotation, insufficient or
    inadmissible, which only the rows can tell.  The repeat a rectification requires
    (:func:`is_required_repeat`) is part of the incident that caused it, whatever it turns out
    to be.
    """
    if judged_by_record(before, event):
        found = set(_tagged(before, after))
        if (type(event) is CallEvent and before.pending is None and after.pending is not None
                and after.pending.get("via")):
            found.add("rotation")  # a call at LHO's turn by the player who just called (30B2, 31C, 32C)
        return frozenset(found)
    if isinstance(event, ExposeCards):
        return frozenset({"exposure"})
    if isinstance(event, ChangeCall):
        if before.pending is not None and after.pending is not None and after.pending.step == SLIP_STEP:
            # the offender says the call under rectification was a slip (25A before 27, 36 or
            # 37): a step of the incident already counted, as the repeat below is
            return frozenset()
        return frozenset({"changes"})
    if isinstance(event, Lead):
        irregular = any(ld.status != "stands" for ld in after.leads[len(before.leads):])
        return frozenset({"opening_lead"}) if irregular else frozenset()
    return frozenset()


def judged_by_record(before: AuctionState, event: Event) -> bool:
    """Whether the irregularities of ``event`` at ``before`` are those of the irregular calls
    the step adds to the record (:func:`_tagged`): a call, unless it is the repeat a
    rectification requires, which is forced by the incident already counted; and whatever
    answers the director after a slip claim (25A1: the intended call made in place of the
    withdrawn one may be irregular in its own right; the claim itself was not)."""
    if isinstance(event, (ExposeCards, ChangeCall)):
        return False
    if before.pending is not None and before.pending.step == SLIP_STEP:
        return True
    return type(event) is CallEvent and not is_required_repeat(before, event)


def _tagged(before: AuctionState, after: AuctionState) -> frozenset[str]:
    """The families of the irregular calls the step added to the record."""
    return frozenset(IRREGULAR_TAGS[r.irregularity] for r in after.record[len(before.record):]
                     if r.irregularity in IRREGULAR_TAGS
                     and not (r.irregularity == "after_final_pass" and before.pending is not None))


def is_required_repeat(state: AuctionState, event: Event) -> bool:
    """True when ``event`` is the call a rectification obliges its seat to repeat (31A1, 32A1).

    The Laws force that call as the consequence of the call out of rotation, so whatever it
    turns out to be (an insufficient bid, say, which opens Law 27) belongs to the same
    incident: it is not a new irregularity.  Once the auction has ended no repeat is owed: a
    call then is a call after the final pass (39), an irregularity of its own.
    """
    return (type(event) is CallEvent and state.pending is None and not state.is_over
            and any(o.kind == "repeat_call" and o.call == event.call
                    for o in state.obligations[event.seat]))


def is_incident(before: AuctionState, event: Event, after: AuctionState) -> bool:
    """True when ``event`` committed an irregularity (see :func:`irregularities`)."""
    return bool(irregularities(before, event, after))


def incident_seat(before: AuctionState, event: Event, after: AuctionState) -> int:
    """The seat (0-3) that committed the irregularity of ``event`` (see :func:`irregularities`):
    the seat that made the call, exposed the card, changed the call or led; for an answer to the
    director that puts an irregular call in place (25A1), the seat of that call; -1 where none
    can be told (no such step is known: a scope split by offender then keeps it in every part)."""
    seat = getattr(event, "seat", None)
    if isinstance(seat, Seat):
        return int(seat)
    added = after.record[len(before.record):]
    if added:
        return int(added[-1].seat)
    if before.pending is not None:
        return int(before.pending.offender)
    return -1


_PLAIN_GUARDS = frozenset({"pass_in_turn_auction_open", "bid_is_sufficient", "double_is_permitted",
                           "redouble_is_permitted"})
# The rows a plain final pass fires: the pass that ends the auction (22A) or passes it out
# (22B), and, after 22A, the end of the auction with nothing to settle.
_END_GUARDS = {"pass_in_turn_ends_auction": "22A", "pass_in_turn_passes_out": "22B"}
_NOTHING_TO_SETTLE = "nothing_to_settle"


@dataclass(frozen=True, slots=True)
class _FastRows:
    """The rows :func:`_plain_call` stands in for, found in a book (see :func:`_fast_rows`)."""

    calls: dict[tuple[str, int], Row]
    ends: dict[str, Row]  # "22A" / "22B": the final pass's row
    settled: Row  # clarification --auction_ends--> clarification, nothing to settle


def _fast_rows(book: LawBook) -> _FastRows | None:
    """For each (phase, call code) the row a plain legal call fires, and the rows of a plain
    final pass, when the book's rows for plain calls are the standard ones (only then may
    :func:`_plain_call` stand in for them)."""
    if "fast" in book.derived:
        return cast("_FastRows | None", book.derived["fast"])
    calls: dict[tuple[str, int], Row] = {}
    ends: dict[str, Row] = {}
    ok = True
    for source in ("awaiting_first_call", "auction"):
        for kind, trigger in CALL_TRIGGERS.items():
            rows = book.candidates(source, trigger)
            plain = [r for r in rows if r.dest == "auction" and r.action is make_call
                     and (r.guard is None or r.guard.name in _PLAIN_GUARDS)]
            # every row makes the call stand (the 17D3 variant runs make_call too, declared
            # with the history it reads: common.by_end_of_auction)
            if rows and (len(plain) != 1 or any(r.action is None or r.action.run is not make_call.run
                                                for r in rows)):
                ok = False
            if plain:
                calls[(source, {"pass": 35, "bid": -1, "double": 36, "redouble": 37}[kind])] = plain[0]
    for r in book.candidates("auction", "call_pass"):
        if r.guard is not None and r.guard.name in _END_GUARDS:
            ends[_END_GUARDS[r.guard.name]] = r
    settled = [r for r in book.candidates("clarification", "auction_ends")
               if r.guard is not None and r.guard.name == _NOTHING_TO_SETTLE and r.action is None]
    found = _FastRows(calls, ends, settled[0]) if ok and len(ends) == 2 and len(settled) == 1 else None
    book.derived["fast"] = found  # kept with the book: an id could be reused by another book
    return found


def _plain_call(state: AuctionState, event: CallEvent) -> Step | None:
    """The commonest event, a legal call in rotation that changes nothing but the auction, ruled
    without the general dispatch; ``None`` when the call needs it.

    Exactly what the book's plain call rows do (:func:`~auction_fsm.lawbook.legal.make_call`)
    when nothing is pending, the caller owes nothing and no rectification waits; a call that
    ends the auction is taken too when the auction has had no irregularity (then 17D3 cannot
    apply and nothing is left to settle).  Used only when the book's rows for these calls are
    the standard ones; ``tests/test_engine_fast_path.py`` compares it with the dispatch.
    """
    seat, call = event.seat, event.call
    if (state.pending is not None or state.watches or state.obligations[seat]
            or seat != (state.key & 3) or call.code >= 38):
        return None
    nxt = rules.row(state.key)[call.code]
    if nxt < 0:
        return None
    book = book_of(state)
    fast = cast("_FastRows | None", book.derived["fast"]) if "fast" in book.derived else _fast_rows(book)
    if fast is None:
        return None
    if rules.is_final(nxt):
        if state.incidents or state.exposed or state.restrictions or state.refused_leads:
            return None
        after = state.called_in_turn(seat, call, nxt)
        if rules.is_passed_out(nxt):
            return Step(event, state, after, (Fired(fast.ends["22B"], Ctx(state, event), after),))
        return Step(event, state, after, (Fired(fast.ends["22A"], Ctx(state, event), after),
                                          Fired(fast.settled, Ctx(after, AuctionEnds()), after)))
    source = "auction" if state.record else "awaiting_first_call"
    row = fast.calls.get((source, call.code if call.code >= 35 else -1))
    if row is None:
        return None
    after = state.called_in_turn(seat, call, nxt)
    return Step(event, state, after, (Fired(row, Ctx(state, event), after),))
