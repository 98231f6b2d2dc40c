"""The insufficient bid: Law 27 (an insufficient bid out of rotation goes to Law 31 instead).

Offender's LHO may accept it by calling (27A1).  Otherwise the director has it replaced by a
legal call: the lowest sufficient bid in the same denomination needs no rectification (27B1a);
a call the director judges comparable needs none either (27B1b); any other sufficient bid or a
pass silences the offender's partner for the rest of the auction with 26B rights (27B2); an
attempted double or redouble that is not comparable is cancelled, the partner silenced and the
offender must replace again (27B3); another insufficient bid may itself be accepted, else it is
ruled as 27B3 (27B4).  A replacement made before the director rules stands if legal unless LHO
accepts the insufficient bid (27C).
"""

from __future__ import annotations

from .. import rules
from ..auction import AuctionState
from ..calls import Call
from ..engine import call_in_rotation, expected, note, open_comparable, stand
from ..errors import DecisionError
from ..events import Choice
from ..records import CallRecord, LeadRestriction, Obligation, Pending
from ..seats import Seat
from ..values import evolve

__all__ = ["insufficient_bid", "on_call", "on_director", "on_choice", "resume_replacement"]


def insufficient_bid(state: AuctionState, offender: Seat, call: Call, b4: bool = False) -> AuctionState:
    """``offender`` made an insufficient bid in rotation: LHO may accept it by calling."""
    note("replace_insufficient" if b4 else "insufficient_bid", state, offender, call)
    state = state.add_call(CallRecord(offender, call, offender, "pending", "insufficient_bid",
                                      "27B4" if b4 else "18D, 27"))
    p = Pending("insufficient_bid", "awaiting_decision", "27A1", offender.lho.name,
                ("accept", "director"), offender, len(state.record) - 1, offender,
                (("b4", "1" if b4 else ""),))
    return evolve(state, pending=p)


def on_call(state: AuctionState, p: Pending, seat: Seat, call: Call) -> AuctionState:
    """A call while the insufficient bid is pending: acceptance, premature or due replacement."""
    o = p.offender
    if p.step == "awaiting_decision":
        if seat == o.lho:
            note("accept_by_calling", state, o, state.record[p.call_index].call)
            accepted = stand(evolve(state, pending=None).rule(
                "27A1", f"{seat.long_name} called over the insufficient {state.record[p.call_index].call}, "
                "accepting it; it is treated as legal"), index=p.call_index, law="27A1")
            if accepted.pending is not None:
                return accepted
            from . import procedures

            return procedures.on_call(accepted, seat, call)
        if seat == o:
            # 27C: replaced before the director ruled; LHO may still accept the insufficient bid.
            note("premature_replacement", state, o, call)
            state = state.add_call(CallRecord(o, call, o, "pending", "premature_replacement", "27C"))
            q = evolve(p, step="premature_replacement", law="27C", options=("accept", "director"),
                       extra=(*p.extra, ("replacement", str(len(state.record) - 1))))
            return evolve(state, pending=q)
    elif p.step == "awaiting_replacement" and seat == o:
        return _replace(evolve(state, pending=None), p, call)
    raise DecisionError(f"{seat.long_name}'s {call} cannot be made now: {expected(state)}")


def on_choice(state: AuctionState, p: Pending, event: Choice) -> AuctionState:
    """27C: LHO accepts the insufficient bid after a premature replacement."""
    if p.step != "premature_replacement":
        raise DecisionError(f"{event.seat.long_name} accepts an insufficient bid by calling over it "
                            f"(27A1), not by a separate choice: {expected(state)}")
    if event.option == "director":
        return on_director(state, p)
    index = int(p.get("replacement"))
    note("choose_accept", state, p.offender, state.record[p.call_index].call)
    state = evolve(state, pending=None).set_status(index, "cancelled", "27C")
    return stand(state.rule("27A1", f"{event.seat.long_name} accepts the insufficient bid; the "
                            "premature replacement is cancelled"), index=p.call_index, law="27A1")


def on_director(state: AuctionState, p: Pending) -> AuctionState:
    """Not accepted: the insufficient bid is withdrawn and must be replaced (27B)."""
    note("director_called", state, p.offender, state.record[p.call_index].call)
    if p.get("b4"):  # 27B4 rules as 27B3: the attempted second insufficient bid is cancelled
        state = state.set_status(p.call_index, "cancelled", "27B4")
    else:
        state = state.set_status(p.call_index, "withdrawn", "27B")
    due = evolve(p, step="awaiting_replacement", law="27B", decider=p.offender.name, options=("replace",),
                 extra=tuple(x for x in p.extra if x[0] != "replacement"))
    if p.step == "premature_replacement":
        index = int(p.get("replacement"))
        call = state.record[index].call
        state = state.rule("27C", "the premature replacement stands if legal; the director rules on it")
        return _replace(evolve(state, pending=None), due, call, index=index)
    if p.get("b4"):
        state = _silence(state, p.offender, "27B4", state.record[p.call_index].call)
    return evolve(state, pending=due).rule(
        "27B", f"the insufficient bid is not accepted: {p.offender.long_name} must replace it "
        "with a legal call")


def _silence(state: AuctionState, offender: Seat, law: str, withdrawn: Call) -> AuctionState:
    state = state.impose(offender.partner, Obligation("pass_rest_of_auction", law))
    return state.restrict(LeadRestriction(offender, law + ", 26B", withdrawn))


def _replace(state: AuctionState, p: Pending, call: Call, index: int | None = None) -> AuctionState:
    """Rule on the replacement ``call`` for the insufficient bid at ``p.call_index`` (27B);
    ``index`` is the record of a replacement already made prematurely (27C)."""
    o = p.offender
    ib = state.record[p.call_index].call
    legal = rules.step_or_none(state.key, call.code) is not None if call.code < 38 else False
    if index is not None and not (legal or call.is_double or call.is_redouble):
        # an illegal premature replacement does not stand (27C); it is ruled afresh below
        state = state.set_status(index, "cancelled", "27C")
        index = None
    if not call.is_admissible_level:
        from .inadmissible import bid_above_seven

        return bid_above_seven(state, o, call, o, trigger="replace_above_seven")
    if call.is_bid and rules.step_or_none(state.key, call.code) is None:
        return insufficient_bid(state, o, call, b4=True)  # 27B4
    if (call.is_double or call.is_redouble) and not legal:
        note("replace_illegal_double", state, o, call)
        if index is not None:
            state = state.set_status(index, "cancelled", "27B3")
        else:
            state = state.add_call(CallRecord(o, call, o, "cancelled", "attempted_double", "27B3"))
        state = _silence(state, o, "27B3", ib)
        return evolve(state, pending=p).rule(
            "27B3", f"the attempted {call} is cancelled; {o.partner.long_name} must pass for the rest "
            f"of the auction and {o.long_name} must replace the insufficient bid again")
    if call.is_bid and call.strain == ib.strain and _lowest_sufficient(state, call):
        note("replace_lowest_same_denomination", state, o, call)
        state = state.rule("27B1a", f"replaced by the lowest sufficient bid in the same denomination "
                           f"({call}): no further rectification")
        if index is not None:
            return stand(state, index=index, law="27B1a")
        return call_in_rotation(state, o, call)
    if index is None:
        state = state.add_call(CallRecord(o, call, o, "pending", "replacement", "27B"))
        index = len(state.record) - 1
    silence = "pass_rest_of_auction"
    state = open_comparable(state, o, index, ib,
                            "27B3" if (call.is_double or call.is_redouble) else "27B2", silence,
                            cancel_if_not=call.is_double or call.is_redouble,
                            trigger="replace_for_judgement")
    assert state.pending is not None
    resume = (("resume_ib", str(p.call_index)),)
    return evolve(state, pending=evolve(state.pending, extra=tuple(sorted(state.pending.extra + resume))))


def resume_replacement(state: AuctionState, offender: Seat, ib_index: int) -> AuctionState:
    """27B3: after a cancelled double or redouble the offender must replace the bid again."""
    p = Pending("insufficient_bid", "awaiting_replacement", "27B", offender.name, ("replace",),
                offender, ib_index, offender)
    return evolve(state, pending=p)


def _lowest_sufficient(state: AuctionState, call: Call) -> bool:
    """True when ``call`` is the lowest sufficient bid in its denomination now."""
    assert call.strain is not None
    lower = Call.bid(call.level - 1, call.strain) if call.level > 1 else None
    return rules.step_or_none(state.key, call.code) is not None and (
        lower is None or rules.step_or_none(state.key, lower.code) is None)
