"""The facts of the position that many families read: who acts, relative to whom; what waits.

Seats are counted clockwise: 0 is the seat itself, 1 its left-hand opponent, 2 its partner, 3
its right-hand opponent.  Facts about a waiting procedure count from its offender, facts about
the auction in progress from the player whose turn it is; so a situation met at another table
position is the same facts (:mod:`.facts`).

Family ``9-10`` owns the facts of a waiting procedure (the director has been called, or may
be), family ``17-22`` the facts of the auction in rotation and of the event's own call.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from .. import rules
from ..events import CallEvent
from ..seats import Seat
from .facts import computes, slot

if TYPE_CHECKING:
    from .rows import Ctx

__all__ = ["offset", "actor_from", "CALL_IS_PASS", "CALL_KIND", "CALL_PERMITTED"]

_PROC, _AUCTION = "9-10", "17-22"


def offset(seat: Seat, origin: Seat) -> int:
    """``seat`` counted clockwise from ``origin``: 0 itself, 1 LHO, 2 partner, 3 RHO."""
    return (seat.value - origin.value) % 4


def _actor(ctx: Ctx) -> Seat | None:
    seat = getattr(ctx.event, "seat", None)
    return seat if isinstance(seat, Seat) else None


def actor_from(ctx: Ctx, origin: Seat | None) -> int | None:
    """The seat acting in ``ctx``'s event counted clockwise from ``origin`` (:func:`offset`);
    ``None`` when there is no origin (no offender, no contract ...) or the event names no seat.
    The facts counting the actor from someone are all this one computation."""
    seat = _actor(ctx)
    return None if origin is None or seat is None else offset(seat, origin)


slot("actor_from_offender", _PROC, (int, type(None)),
     "the seat acting in the event, counted from the waiting procedure's offender (0 the offender, "
     "1 LHO, 2 partner, 3 RHO); none if no procedure waits or the event names no seat",
     parts=('procedure',))
slot("turn_from_offender", _PROC, (int, type(None)),
     "the player whose turn it was when the waiting procedure's offence was made, counted from the "
     "offender; none if no procedure waits",
     parts=('procedure',))
slot("decider_from_offender", _PROC, (int, str, type(None)),
     "who must act in the waiting procedure: a seat counted from the offender, or 'director'; "
     "none if no procedure waits",
     parts=('procedure',))
slot("options", _PROC, tuple,
     "the options open in the waiting procedure (short words such as 'accept'), empty if none",
     parts=('procedure',))
slot("actor_from_turn", _AUCTION, (int, type(None)),
     "the seat acting in the event, counted from the player whose turn it is (0: in turn); "
     "none if the event names no seat",
     parts=('turn',))
slot("event_kind", _AUCTION, str,
     "the kind of event being ruled, by its type's name (a call, a call the director put in place "
     "of a changed one, a choice, a judgement...)",
     parts=())
slot("event_is_call", _AUCTION, bool,
     "the event is a call at the table (made by a player, put in place by the director, or made "
     "again), not a choice, a judgement or another kind of event",
     parts=())
slot("call_permitted", _AUCTION, bool,
     "the event is a call that the legal auction allows the acting seat now (18, 19): a pass, a "
     "sufficient bid, a double of an opponent's bid or a redouble of an opponent's double",
     parts=('key',))


@computes("actor_from_offender")
def _actor_from_offender(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return actor_from(ctx, None if p is None else p.offender)


@computes("turn_from_offender")
def _turn_from_offender(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return None if p is None else offset(p.in_turn_of, p.offender)


@computes("decider_from_offender")
def _decider_from_offender(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    if p is None:
        return None
    if p.decider in Seat.__members__:
        return offset(Seat[p.decider], p.offender)
    return p.decider


@computes("options")
def _options(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return () if p is None else p.options


@computes("actor_from_turn")
def _actor_from_turn(ctx: Ctx) -> Hashable:
    return actor_from(ctx, ctx.state.turn)


@computes("event_kind")
def _event_kind(ctx: Ctx) -> Hashable:
    return type(ctx.event).__name__


@computes("event_is_call")
def _event_is_call(ctx: Ctx) -> Hashable:
    return isinstance(ctx.event, CallEvent)


@computes("call_permitted")
def _call_permitted(ctx: Ctx) -> Hashable:
    seat, call = _actor(ctx), getattr(ctx.event, "call", None)
    if seat is None or call is None:
        return False
    return rules.permitted_for(ctx.state.key, seat, call.code)


# --- appended by worktree factsa (calls out of rotation, 28-34): a fact other families may share ---

slot("auction_over", _AUCTION, bool,
     "the auction has ended: the final pass has been made (22A) or the board passed out (22B)",
     parts=('key',))


@computes("auction_over")
def _auction_over(ctx: Ctx) -> Hashable:
    return ctx.state.is_over


# --- appended by worktree factsb (issue 37: the guards of 21B-25, 35-39, 41-54, 23-26, 24) ------
CALL_IS_PASS, CALL_KIND, CALL_PERMITTED = "call_is_pass", "call_kind", "call_permitted"
slot(CALL_KIND, _AUCTION, str,
     "the kind of call the event makes: 'pass', 'bid', 'double' or 'redouble'; 'none' for an event "
     "with no call (what an action that carries the call may still branch on, lawbook.carried)",
     parts=())
slot("call_is_pass", _AUCTION, bool,
     "the event is a call and that call is a pass (false for a bid, a double, a redouble or an event "
     "with no call)",
     parts=())


@computes(CALL_KIND)
def _call_kind(ctx: Ctx) -> Hashable:
    call = getattr(ctx.event, "call", None)
    return "none" if call is None else str(call.kind)


@computes("call_is_pass")
def _call_is_pass(ctx: Ctx) -> Hashable:
    call = getattr(ctx.event, "call", None)
    return call is not None and bool(call.is_pass)
