"""Changes of call: Law 25 (unintended and intended) and Law 21B (misinformation).

A player may replace a call made by a slip (not a change of mind) until partner calls (25A);
the intended call is then ruled as if made in turn, and LHO may withdraw a call made over the
first one (25A6).  A change of mind stands only if LHO accepts it (25B1); otherwise the
original call stands (25B2).  A call the director judges influenced by an opponent's
misinformation may be changed until the end of the auction period if partner has not called
since (21B1), after which LHO may change a later call (21B2).  Unintended, intended and
misinformation are the director's judgements, given as input events.
"""

from __future__ import annotations

from ..auction import AuctionState
from ..calls import Call, parse_call
from ..engine import call_in_rotation, expected, note, open_comparable
from ..errors import DecisionError, IllegalCallError
from ..events import ChangeCall, Choice, Judgement
from ..records import CallRecord, Pending
from ..seats import Seat
from ..values import evolve

__all__ = ["attempt", "on_call", "on_judgement", "on_choice"]


def _last_call_index(state: AuctionState, seat: Seat) -> int | None:
    for i in range(len(state.record) - 1, -1, -1):
        r = state.record[i]
        if r.seat == seat and r.stands:
            return i
    return None


def attempt(state: AuctionState, event: ChangeCall, via: str | None = None) -> AuctionState:
    """``event.seat`` tries to replace its last call with ``event.call``."""
    o, law = event.seat, ("21B1" if event.ground == "misinformation" else "25")
    if state.pending is not None:
        raise DecisionError(f"{o.long_name} cannot change a call now: {expected(state)}")
    if state.is_passed_out:
        raise IllegalCallError(f"{o.long_name} cannot change a call: the board was passed out and "
                               "the auction period is over (17D2)", law="17D2")
    old = _last_call_index(state, o)
    if old is None:
        raise IllegalCallError(f"{o.long_name} has no call in the auction to change", law=law)
    if any(r.seat == o.partner and r.stands for r in state.record[old + 1:]):
        raise IllegalCallError(
            f"{o.long_name} cannot change {state.record[old].call}: partner has called since "
            f"(Law {'21B1a' if law == '21B1' else '25A4'})", law="21B1a" if law == "21B1" else "25A4")
    later = [i for i in range(old + 1, len(state.record)) if state.record[i].stands]
    extra: tuple[tuple[str, str], ...] = (("lho_call", str(later[0]) if later else ""),
                                          ("new", event.call.text), ("via", via or ""))
    note("attempt_change", state, o, event.call, event.ground)
    if via:  # made as a call at LHO's turn: if the change fails, that call is cancelled (25B2)
        extra = (*extra, ("made_at", state.turn.name))
    if event.ground == "misinformation":
        p = Pending("misinformation", "awaiting_judgement", "21B1", "director",
                    ("misinformation", "no_misinformation"), o, old, state.record[old].in_turn_of,
                    (*extra, ("judgement", "misinformation")))
    else:
        p = Pending("change_of_call", "awaiting_judgement", f"{via + ', ' if via else ''}25A",
                    "director", ("unintended", "intended"), o, old, state.record[old].in_turn_of,
                    (*extra, ("judgement", "unintended")))
    return evolve(state, pending=p).rule(
        via or law, f"{o.long_name} tries to replace {state.record[old].call} with {event.call}")


def on_judgement(state: AuctionState, p: Pending, event: Judgement) -> AuctionState:
    """Unintended (25A) or intended (25B); misinformation (21B1) or not."""
    o, new = p.offender, parse_call(p.get("new"))
    old = state.record[p.call_index].call
    lho_called = ("lho_called",) if p.get("lho_call") else ()
    note(("judge_" if event.value else "judge_no_") + ("misinformation" if p.procedure == "misinformation"
                                                      else "unintended"), state, o, new, *lho_called)
    if not event.value and p.procedure == "misinformation":
        return evolve(state, pending=None).rule(
            "21B1", f"no misinformation found: {o.long_name}'s {old} stands")
    if not event.value:
        q = evolve(p, step="awaiting_acceptance", law="25B", decider=o.lho.name,
                   options=("accept", "refuse"), extra=tuple(x for x in p.extra if x[0] != "judgement"))
        return evolve(state, pending=q).rule(
            "25B", f"the change to {new} was intended: {o.lho.long_name} may accept it or not")
    lho_call = p.get("lho_call")
    if lho_call:
        options = ("keep", "change") if p.procedure == "misinformation" else ("keep", "withdraw")
        q = evolve(p, step="awaiting_lho_choice", law="21B2" if p.procedure == "misinformation" else "25A6",
                   decider=o.lho.name, options=options,
                   extra=tuple(x for x in p.extra if x[0] != "judgement"))
        return evolve(state, pending=q)
    return _substitute(evolve(state, pending=None), p, new, keep_lho=False)


def on_choice(state: AuctionState, p: Pending, event: Choice) -> AuctionState:
    """LHO's choice: accept or refuse an intended change (25B); keep or withdraw/change a call
    made over the changed one (25A6, 21B2)."""
    o, new = p.offender, parse_call(p.get("new"))
    note(f"choose_{event.option}", state, event.seat)
    state = evolve(state, pending=None)
    if event.option == "refuse":
        if p.get("made_at"):
            made_at = Seat[p.get("made_at")]
            state = state.add_call(CallRecord(o, new, made_at, "cancelled", "change_of_call", "25B2"))
        return state.rule(
            "25B2", f"{o.lho.long_name} does not accept the change: it is cancelled and "
            f"{o.long_name}'s {state.record[p.call_index].call} stands")
    if event.option == "accept":
        state = _substitute(state, p, new, keep_lho=True, law="25B1")
        return _judge_accepted_change(state, p)
    return _substitute(state, p, new, keep_lho=event.option == "keep")


def _judge_accepted_change(state: AuctionState, p: Pending) -> AuctionState:
    """25B1 "Law 26 may apply": the director judges the accepted change for comparability."""
    if state.pending is not None:
        return state
    index = _last_call_index(state, p.offender)
    assert index is not None
    return open_comparable(state, p.offender, index, state.record[p.call_index].call, "25B1", "none",
                           trigger="open_comparable")


def on_call(state: AuctionState, p: Pending, seat: Seat, call: Call) -> AuctionState:
    """25B1: LHO accepts an intended change by calling over it (when LHO had not yet called)."""
    if p.step == "awaiting_acceptance" and seat == p.offender.lho and not p.get("lho_call"):
        note("choose_accept", state, seat)
        state = _substitute(evolve(state, pending=None), p, parse_call(p.get("new")), keep_lho=True,
                            law="25B1")
        if state.pending is not None:
            return state
        from . import procedures

        state = procedures.on_call(state.rule("25B1", f"{seat.long_name} accepts the change by calling "
                                              "over it"), seat, call)
        return _judge_accepted_change(state, p)
    raise DecisionError(f"{seat.long_name}'s {call} cannot be made now: {expected(state)}")


def _substitute(state: AuctionState, p: Pending, new: Call, keep_lho: bool, law: str = "") -> AuctionState:
    """Withdraw the old call (and LHO's call over it), make ``new`` in turn, then restate LHO's
    call if LHO keeps it."""
    o = p.offender
    law = law or ("21B1" if p.procedure == "misinformation" else "25A1")
    lho_index = int(p.get("lho_call")) if p.get("lho_call") else None
    lho_call = state.record[lho_index].call if lho_index is not None else None
    state = state.set_status(p.call_index, "withdrawn", law)
    face_down = state.current_lead
    if face_down is not None and not face_down.faced:
        state = evolve(state, leads=tuple(evolve(ld, status="withdrawn", law="41A") if ld is face_down
                                          else ld for ld in state.leads))
        state = state.rule("41A", f"the auction reopens: {face_down.seat.long_name}'s face-down lead "
                           "goes back to the hand")
    if lho_index is not None:
        state = state.set_status(lho_index, "withdrawn", "21B2" if p.procedure == "misinformation" else "25A6")
    state = state.rule(law, f"{o.long_name}'s {state.record[p.call_index].call} is withdrawn and "
                       f"replaced by {new}, ruled as if made in turn")
    state = call_in_rotation(state, o, new)
    if lho_call is None:
        return state
    lho = o.lho
    if not keep_lho or state.pending is not None or state.turn != lho:
        return state.rule("25A6" if p.procedure != "misinformation" else "21B2",
                          f"{lho.long_name}'s call over the changed call is withdrawn; "
                          f"{lho.long_name} calls again")
    from . import procedures

    keep_law = "21B2" if p.procedure == "misinformation" else "25A6"
    return procedures.on_call(state.rule(keep_law, f"{lho.long_name} keeps {lho_call}"), lho, lho_call)
