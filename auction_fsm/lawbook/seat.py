"""The seat machines' rows: what a seat owes (free, pass next turn, pass to the end, repeat a
call) and how calls and rectifications move it (Laws 23-39)."""

from __future__ import annotations

from collections.abc import Hashable

from ..records import Obligation
from ..seats import Seat
from .facts import FactView, computes, slot
from .rows import Ctx, Guard, Row, reads
from .triggers import CALL_TRIGGERS

__all__ = ["ROWS"]

FAMILY = "seat"
_REST, _NEXT, _REP = "must_pass_rest_of_auction", "must_pass_next_turn", "must_repeat_call"


def _never(key: int, code: int) -> bool:
    return False


slot("call_is_owed_repeat", FAMILY, bool,
     "the event's call is the very call its seat owes as the repeat of a cancelled call (31A1, 32A1); "
     "false if the event has no call or the seat owes no repeat",
     parts=('obligations',))


@computes("call_is_owed_repeat")
def _call_is_owed_repeat(ctx: Ctx) -> Hashable:
    seat, call = getattr(ctx.event, "seat", None), getattr(ctx.event, "call", None)
    if not isinstance(seat, Seat):
        return False
    return any(o.kind == "repeat_call" and o.call is call for o in ctx.state.obligations[seat])


# --- what the acting seat owes, as the classifier reads it (the trigger of a call in turn) ---------
slot("owed_repeat", FAMILY, str,
     "whether the acting seat owes the repeat of a cancelled call (31A1, 32A1) and whether the event's "
     "call is that call (the first it owes): 'none', 'this call' or 'another call'",
     parts=('obligations',))
slot("actor_must_pass", FAMILY, bool,
     "the acting seat is obliged to pass at its turn, for one turn or to the end of the auction "
     "(23-39); false if the event names no seat",
     parts=('obligations',))
slot("actor_barred_from_doubling", FAMILY, bool,
     "the acting seat may neither double nor redouble at its next turn (a rectification of a book "
     "that has that rule, 1997); false if the event names no seat",
     parts=('obligations',))


def _owed(ctx: Ctx) -> tuple[Obligation, ...]:
    seat = getattr(ctx.event, "seat", None)
    return ctx.state.obligations[seat] if isinstance(seat, Seat) else ()


# (loops, not generators: the classifier reads these for every call in turn)
@computes("owed_repeat")
def _owed_repeat(ctx: Ctx) -> Hashable:
    for o in _owed(ctx):
        if o.kind == "repeat_call":
            return "this call" if o.call is getattr(ctx.event, "call", None) else "another call"
    return "none"


@computes("actor_must_pass")
def _actor_must_pass(ctx: Ctx) -> Hashable:
    for o in _owed(ctx):
        if o.kind in ("pass_next_turn", "pass_rest_of_auction"):
            return True
    return False


@computes("actor_barred_from_doubling")
def _actor_barred_from_doubling(ctx: Ctx) -> Hashable:
    for o in _owed(ctx):
        if o.kind == "no_double_next_turn":
            return True
    return False


@reads("call_is_owed_repeat", words="the call is the one the seat must repeat (31A1, 32A1)",
       ask="Is it the call the player must repeat?", on_key=_never)  # nobody owes a repeat in a legal auction
def is_the_call_to_repeat(f: FactView) -> bool:
    return bool(f.call_is_owed_repeat)


def _r(trigger: str, source: str, dest: str, law: str, summary: str, g: Guard | None = None) -> Row:
    return Row("seat", source, trigger, dest, law, FAMILY, summary, g)


ROWS: list[Row] = [
    _r("call_pass", "free", "free", "17C", "a pass"),
    _r("call_bid", "free", "free", "18C", "a sufficient bid"),
    _r("call_double", "free", "free", "19A1", "a permitted double"),
    _r("call_redouble", "free", "free", "19B1", "a permitted redouble"),
    _r("deemed_pass", _NEXT, "free", "28A", "the obliged pass is deemed made"),
    _r("deemed_pass", _REST, _REST, "28A", "an obliged pass is deemed made; the obligation continues"),
    *(_r("impose_pass_next_turn", s, _NEXT, "24B, 24C, 30A", "a rectification silences the seat for one turn")
      for s in ("free", _NEXT)),
    _r("impose_pass_next_turn", _REP, _NEXT, "24C, 31A1",
       "silenced for one turn while owing a repeat: the obliged pass comes first (modelling decision)"),
    *(_r("impose_pass_rest_of_auction", s, _REST, "27B2, 27B3, 36B2, 37B2, 38C",
         "a rectification silences the seat to the end") for s in ("free", _NEXT, _REP, _REST)),
    _r("impose_repeat_call", "free", _REP, "31A1, 32A1", "the offender must repeat the cancelled call"),
    _r("call_pass", _NEXT, "free", "30A, 31A2b", "the obliged pass; the seat is free again"),
    _r("call_pass", _REST, _REST, "27B2, 37B2", "an obliged pass; the obligation continues"),
    *(_r(t, _REP, "free", "31A1, 32A1", "the offender repeats the call; no further rectification",
         is_the_call_to_repeat) for t in CALL_TRIGGERS.values()),
    _r("release", _NEXT, "free", "37A", "the turn was used by a call that was let stand"),
    _r("release", _REP, "free", "31A1", "the repeated call is ruled under another law (27, 36)"),
]
