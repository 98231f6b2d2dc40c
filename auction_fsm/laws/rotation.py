"""Calls out of rotation: Laws 28-34 (and 17D3, applied in the engine).

A call by the wrong seat is held as *pending* while the players decide what happens to it:
the offender's LHO may accept it by calling (29A) unless it is an inadmissible double or
redouble (32); an opponent whose turn it was may call instead, cancelling it (28B); or the
director is called and cancels it (29B), applying 30 (pass), 31 (bid, or artificial pass) or
32 (double, redouble) by where the turn was.  A call at LHO's turn by a player who has already
called is an attempt to change that call (30B2, 31C, 32C, Law 25).
"""

from __future__ import annotations

from .. import rules
from ..auction import AuctionState
from ..calls import Call
from ..engine import call_in_rotation, expected, note, stand
from ..errors import DecisionError
from ..events import ChangeCall, Judgement
from ..records import CallRecord, LeadRestriction, Obligation, Pending, Watch
from ..seats import Seat
from ..values import evolve

__all__ = ["out_of_rotation", "on_call", "on_director", "on_judgement"]


def _position(offender: Seat, turn: Seat) -> str:
    """Whose turn it was, seen from the offender: ``rho``, ``partner`` or ``lho``."""
    return {offender.rho: "rho", offender.partner: "partner", offender.lho: "lho"}[turn]


def out_of_rotation(state: AuctionState, offender: Seat, call: Call) -> AuctionState:
    """``offender`` called although it was another seat's turn."""
    from . import changes, inadmissible

    turn = state.turn
    if state.must_pass(turn) and offender == turn.lho:
        # 28A: RHO was obliged to pass, so this call counts as in rotation; the obliged pass
        # is deemed made.
        state = stand(state, CallRecord(turn, Call("pass"), turn, "stands", "deemed_pass", "28A"))
        state = state.rule("28A", f"{turn.long_name} had to pass, so {offender.long_name}'s call "
                           "counts as in rotation and the obliged pass is deemed made")
        if state.pending is not None:
            return state
        from . import procedures

        return procedures.on_call(state, offender, call)  # in turn now, or after the final pass
    standing = state.standing_calls
    if turn == offender.lho and standing and standing[-1].seat == offender:
        law = "30B2" if call.is_pass else ("31C" if call.is_bid else "32C")
        return changes.attempt(state, ChangeCall(offender, call, "slip"), via=law)
    if not call.is_admissible_level:
        return inadmissible.bid_above_seven(state, offender, call, turn)
    if state.must_pass(offender) and not call.is_pass and not (
            (call.is_double or call.is_redouble) and not rules.permitted_for(state.key, offender, call.code)):
        return inadmissible.violates_obligation(state, offender, call, turn)  # 35B: 37 governs
    bad_double = (call.is_double or call.is_redouble) and not rules.permitted_for(
        state.key, offender, call.code)
    note("call_out_of_rotation", state, offender, call)
    state = state.add_call(CallRecord(offender, call, turn, "pending", "out_of_rotation", "28-32"))
    options: list[str] = []
    extra = [("inadmissible", "1" if bad_double else "")]
    if turn != offender.lho and not bad_double:
        options.append("accept")
        extra.append(("accept_by", offender.lho.name))
    if turn.is_opponent_of(offender):
        options.append("correct_player_calls")
        extra.append(("correct_player", turn.name))
    options.append("director")
    decider = offender.lho.name if "accept" in options else (turn.name if turn.is_opponent_of(offender)
                                                              else "director")
    law = "32, 36B4" if bad_double else ("28B, 29A" if "accept" in options else "28B")
    p = Pending("out_of_rotation", "awaiting_decision", law, decider, tuple(options), offender,
                len(state.record) - 1, turn, tuple(sorted(extra)))
    return evolve(state, pending=p)


def on_call(state: AuctionState, p: Pending, seat: Seat, call: Call) -> AuctionState:
    """A call while the call out of rotation awaits a decision: acceptance (29A) or 28B."""
    if p.step != "awaiting_decision":
        raise DecisionError(f"{seat.long_name}'s {call} cannot be made now: {expected(state)}")
    cleared = evolve(state, pending=None)
    if "accept" in p.options and seat.name == p.get("accept_by"):
        note("accept_by_calling", state, p.offender, state.record[p.call_index].call)
        accepted = stand(cleared.rule(
            "29A", f"{seat.long_name} called over {p.offender.long_name}'s call out of rotation, "
            "accepting it; no rectification"), index=p.call_index, law="29A")
        if accepted.pending is not None:
            return accepted
        if accepted.record[p.call_index].status == "cancelled" and call.is_pass:
            # 17D3 undid the accepted pass: the accepting pass is one of the later passes cancelled
            return accepted.add_call(CallRecord(seat, call, seat, "cancelled", "after_17d3", "17D3"))
        from . import procedures

        return procedures.on_call(accepted, seat, call)
    if "correct_player_calls" in p.options and seat.name == p.get("correct_player"):
        note("correct_player_calls", state, seat, call)
        cancelled = cleared.set_status(p.call_index, "cancelled", "28B").rule(
            "28B", f"{seat.long_name}, whose turn it was, called: {p.offender.long_name}'s call "
            "out of rotation is cancelled and the right to rectification is lost")
        return call_in_rotation(cancelled, seat, call)
    raise DecisionError(f"{seat.long_name}'s {call} cannot be made now: {expected(state)}")


def on_director(state: AuctionState, p: Pending) -> AuctionState:
    """The director rules on the call out of rotation (29B, then 30, 31 or 32)."""
    call = state.record[p.call_index].call
    note("director_called", state, p.offender, call)
    if call.is_double or call.is_redouble:
        return _cancel_double(state, p, call)
    q = evolve(p, step="awaiting_artificial_judgement", law="29C, 30C", decider="director",
               options=("artificial", "natural"), extra=(("judgement", "artificial"),))
    return evolve(state, pending=q)


def on_judgement(state: AuctionState, p: Pending, event: Judgement) -> AuctionState:
    """The director has judged whether the pass or bid out of rotation was artificial."""
    call = state.record[p.call_index].call
    note("judge_artificial" if event.value else "judge_natural", state, p.offender, call)
    o, where = p.offender, _position(p.offender, p.in_turn_of)
    state = evolve(state, pending=None).set_status(p.call_index, "cancelled", "29B")
    if event.value and event.denominations:
        dens = ", ".join(d.name for d in event.denominations)
        state = state.rule("29C", f"the call was artificial: the rectification concerns the "
                           f"denominations it specified ({dens}), not the one it named")
    if call.is_pass and not event.value:
        if where == "rho":
            return state.impose(o, Obligation("pass_next_turn", "30A")).rule(
                "30A", f"{o.long_name}'s pass out of rotation is cancelled; {o.long_name} must pass "
                "at the next turn")
        return _judge_later(state, o, call, "30B1b", f"{o.long_name}'s pass out of rotation is "
                            f"cancelled; partner may call freely, and {o.long_name}'s next call "
                            "will be judged for comparability")
    law31 = "30C, 31" if call.is_pass else "31"
    if where == "rho":
        w = Watch("after_rho_call", o, call, "31A")
        return evolve(state, watches=(*state.watches, w)).rule(
            law31 + "A", f"{o.long_name}'s call out of rotation is cancelled; if "
            f"{p.in_turn_of.long_name} passes, {o.long_name} must "
            f"repeat {call}; otherwise {o.long_name} may call freely, judged for comparability")
    return _judge_later(state, o, call, "31B2", f"{o.long_name}'s call out of rotation is "
                        f"cancelled; partner may call freely (31B1), and {o.long_name}'s next call "
                        "will be judged for comparability")


def _judge_later(state: AuctionState, offender: Seat, call: Call, law: str, summary: str) -> AuctionState:
    w = Watch("judge_replacement", offender, call, law)
    return evolve(state, watches=(*state.watches, w)).rule(law, summary)


def _cancel_double(state: AuctionState, p: Pending, call: Call) -> AuctionState:
    """Rectify a double or redouble out of rotation (32, or 36B4 when inadmissible)."""
    o, where = p.offender, _position(p.offender, p.in_turn_of)
    state = evolve(state, pending=None).set_status(p.call_index, "cancelled", "29B")
    if p.get("inadmissible"):
        state = state.impose(o.partner, Obligation("pass_rest_of_auction", "36B4"))
        state = state.restrict(LeadRestriction(o, "36B4, 26B", call))
        return state.rule("36B4", f"{o.long_name}'s {call} out of turn was not permitted: it is "
                          f"cancelled, {o.long_name} may call freely in turn, and "
                          f"{o.partner.long_name} must pass for the rest of the auction")
    if where == "rho":
        w = Watch("after_rho_call", o, call, "32A")
        return evolve(state, watches=(*state.watches, w)).rule(
            "32A", f"{o.long_name}'s {call} out of rotation is cancelled; if "
            f"{p.in_turn_of.long_name} passes, {o.long_name} must repeat it, otherwise "
            f"{o.long_name} may call freely, judged for comparability")
    return _judge_later(state, o, call, "32B2", f"{o.long_name}'s {call} out of rotation is "
                        f"cancelled; partner may call freely (32B1), and {o.long_name}'s next call "
                        "will be judged for comparability")
