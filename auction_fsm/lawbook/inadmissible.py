"""Inadmissible calls: Laws 35-39.

36: a double or redouble Law 19 does not permit.  If the offender's LHO calls before
rectification, that call and the inadmissible one are cancelled and the auction goes on as if
nothing had happened (36A); otherwise it is cancelled, the offender calls again and partner is
silenced for the rest of the auction, with 26B rights (36B).
37: a bid, double or redouble by a player obliged to pass.  If LHO calls first, everything
stands (37A); otherwise it is cancelled, a pass put in its place, and both members of the
offending side must pass for the rest of the auction, with 26B rights (37B).
38: a bid above seven is cancelled with what followed, a pass is put in its place and the
offending side must pass to the end; 26B only if LHO had not called (38B-D).
39: calls after the final pass are cancelled; a bid, double or redouble by a future defender
that LHO did not call over may lead to 26B rights (39A-C).
"""

from __future__ import annotations

from ..auction import AuctionState
from ..calls import PASS, Call, Strain
from ..records import CallRecord, LeadRestriction, Obligation, Pending
from ..seats import Seat
from ..values import evolve
from . import changes, position_facts  # noqa: F401  (declare the facts the guards below read)
from .common import (
    by_end_of_auction,
    calls_again,
    director_present,
    in_turn,
    shown,
    silence_partner,
    stand,
    stand_held,
)
from .facts import FactView
from .lead import reopen_lead_choice
from .rows import ASK_TRIGGER, SAME, Action, Ctx, DeclarerOptions, Guard, Outcome, Row, action, both, reads
from .states import OPEN

__all__ = ["ROWS", "open_above_seven", "open_violation"]

FAMILY = "35-39"
_ID, _PV, _A7, _AF = ("inadmissible_double", "pass_obligation_violated", "bid_above_seven",
                      "call_after_final_pass")


def _open(state: AuctionState, procedure: str, law: str, offender: Seat, call: Call,
          in_turn_of: Seat, irregularity: str, specifies: tuple[Strain, ...] | None = None) -> AuctionState:
    state = state.add_call(CallRecord(offender, call, in_turn_of, "pending", irregularity, law, specifies))
    p = Pending(procedure, "awaiting_decision", law, offender.lho.name, ("lho_calls", "director"),
                offender, 0, in_turn_of, call=call, specifies=specifies)
    return evolve(state, pending=p)


def open_above_seven(state: AuctionState, offender: Seat, call: Call, in_turn_of: Seat) -> AuctionState:
    """Hold a bid of more than seven (35C, 38) while LHO may call or the director rules."""
    return _open(state, _A7, "38", offender, call, in_turn_of, "bid_above_seven")


def open_violation(state: AuctionState, offender: Seat, call: Call, in_turn_of: Seat) -> AuctionState:
    """Hold a bid, double or redouble by a player obliged to pass (35B, 37)."""
    return _open(state, _PV, "37", offender, call, in_turn_of, "violates_pass_obligation")


def _call(ctx: Ctx) -> Call:
    call: Call = ctx.event.call  # type: ignore[union-attr]
    return call


@action("the double or redouble is held while LHO may call or the director rules (36)",
        reads=('obligations',),
        writes=('record', 'pending', 'obligations'), emits=())
def hold_inadmissible_double(ctx: Ctx) -> Outcome:
    state = in_turn(ctx.state, ctx.seat)
    return Outcome(_open(state, _ID, "19, 36", ctx.seat, _call(ctx), ctx.seat, "inadmissible_double", shown(ctx)))


@action("the call is held while LHO may call or the director rules (37)",
        reads=('obligations',),
        writes=('record', 'pending'), emits=())
def hold_violation(ctx: Ctx) -> Outcome:
    return Outcome(open_violation(in_turn(ctx.state, ctx.seat), ctx.seat, _call(ctx), ctx.seat))


@action("the bid is held while LHO may call or the director rules (38)",
        reads=('obligations',),
        writes=('record', 'pending'), emits=())
def hold_above_seven(ctx: Ctx) -> Outcome:
    return Outcome(open_above_seven(in_turn(ctx.state, ctx.seat), ctx.seat, _call(ctx), ctx.seat))


# --- after the final pass (39) --------------------------------------------------------------
def _declaring_or_pass(f: FactView) -> bool:
    """A call after the final pass by presumed declarer or dummy (seats 0 and 2 counted from
    declarer), or any pass (39B); false while there is no contract."""
    side = f.actor_from_declarer
    return side is not None and (side in (0, 2) or bool(f.call_is_pass))


@reads("actor_from_declarer", "call_is_pass", "names_call_just_made",
       words="a call by declarer or dummy, or a defender's pass (39B), other than the final pass named again",
       ask="Was it a call by declarer or dummy, or a defender's pass?")
def by_declaring_side_or_pass(f: FactView) -> bool:
    # the player who made the final pass naming it again makes no call (25): names_same_call_again
    return _declaring_or_pass(f) and not f.names_call_just_made


@reads("actor_from_declarer", "call_is_pass", words="a bid, double or redouble by a future defender (39C)",
       ask="Was it a bid, double or redouble by a defender?")
def by_defender_not_pass(f: FactView) -> bool:
    return not _declaring_or_pass(f)


@action("the call is cancelled; nothing more",
        reads=('contract',),
        writes=('record', 'rulings'), emits=())
def cancel_after_final_pass(ctx: Ctx) -> Outcome:
    o, call = ctx.seat, _call(ctx)
    state = ctx.state.add_call(CallRecord(o, call, o, "cancelled", "after_final_pass", "39A"))
    contract = state.contract
    assert contract is not None
    who = "the declaring side" if not o.is_opponent_of(contract.declarer) else "a defender's pass"
    return Outcome(state.rule("39A, 39B", f"{o.long_name}'s {call} after the final pass is "
                              f"cancelled; as {who}, no further rectification"))


@action("the call is cancelled; LHO may call, or the director may give declarer 26B rights",
        reads=(),
        writes=('record', 'pending', 'rulings'), emits=())
def hold_after_final_pass(ctx: Ctx) -> Outcome:
    o, call = ctx.seat, _call(ctx)
    state = ctx.state.add_call(CallRecord(o, call, o, "cancelled", "after_final_pass", "39A"))
    p = Pending(_AF, "awaiting_decision", "39B, 39C", o.lho.name, ("lho_calls", "director"), o,
                0, o, call=call)
    return Outcome(evolve(state, pending=p).rule("39A", f"{o.long_name}'s {call} after the final "
                                                 "pass is cancelled"))


# --- deciding: LHO calls first, or the director rules ----------------------------------------

@reads("actor_from_offender", words="the offender's LHO calls before the director rules",
       ask="Does LHO call over it first?")
def lho_calls_first(f: FactView) -> bool:
    return bool(f.actor_from_offender == 1)


def _pending(ctx: Ctx) -> Pending:
    p = ctx.state.pending
    assert p is not None
    return p


@action("LHO's call and the inadmissible one are both cancelled; the offender calls again (36A)",
        reads=('procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'rulings'), emits=())
def cancel_both_36a(ctx: Ctx) -> Outcome:
    p, seat = _pending(ctx), ctx.seat
    state = evolve(ctx.state, pending=None)
    state = state.add_call(CallRecord(seat, _call(ctx), seat, "cancelled", "called_over_inadmissible", "36A"))
    # the held double is now one place further back, behind LHO's call: it never stood, so
    # cancelling it leaves the legal auction as it was (nothing of the history read)
    state = state.set_status_back(p.back + 1, "cancelled", "36A")
    return Outcome(state.rule("36A", f"{seat.long_name} called over the inadmissible "
                              f"{p.made}: both calls are cancelled and "
                              f"{p.offender.long_name} calls again with no rectification"))


@action("the call stands; LHO's call is then ruled (37A)",
        reads=('obligations', 'watches', 'key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'obligations', 'pending', 'rulings', 'standing_facts'), emits=('CallEvent', 'WatchedCall'))
def let_stand_37a(ctx: Ctx) -> Outcome:
    p, seat = _pending(ctx), ctx.seat
    # 37A: the call stands and used the offender's turn, so what that turn owed is spent
    state = evolve(ctx.state, pending=None).discharge(p.offender, "pass_next_turn", "repeat_call")
    state = state.rule("37A", f"{seat.long_name} called over {p.offender.long_name}'s call made "
                       "while obliged to pass: it stands, no lead restrictions")
    out = stand_held(state, p, law="37A")
    if out.state.pending is not None:
        return out
    return Outcome(out.state, (*out.follow, *calls_again(out.state, seat, _call(ctx), shown(ctx)).follow))


def _cancel_above_seven(state: AuctionState, p: Pending, back: int, restrictions: bool) -> Outcome:
    """Cancel the bid above seven ``back`` places from the end of the record (p's call, held:
    cancelling it leaves the legal auction as it was), put a pass in its place and silence the
    side (38B-C), with 26B rights unless LHO had called (38D)."""
    o = p.offender
    call = p.made
    state = state.set_status_back(back, "cancelled", "38B")
    for seat in (o, o.partner):
        state = state.impose(seat, Obligation("pass_rest_of_auction", "38C"))
    if restrictions:
        state = state.restrict(LeadRestriction(o, "38D, 26B", call))
    note = "" if restrictions else "; LHO had called, so no lead restrictions (38D)"
    state = state.rule("38", f"{o.long_name}'s {call} is cancelled (no contract above seven); "
                       f"both players of that side must pass for the rest of the auction{note}")
    if p.in_turn_of != o:
        return Outcome(state)  # out of rotation: the auction reverts to the player whose turn it was
    return stand(state.discharge(o, "pass_next_turn"), CallRecord(o, PASS, o, "stands", "substituted_pass", "38C"))


@action("LHO's call is cancelled too; the bid is cancelled, a pass put in its place and the side "
        "silenced, with no lead restrictions (38B, 38D)",
        reads=('obligations', 'watches', 'key_step', 'procedure', 'procedure_call', 'procedure_place', 'passes_at_end'),
        writes=('key', 'record', 'obligations', 'pending', 'rulings', 'standing_facts'), emits=('AuctionEnds', 'WatchedCall'))
def cancel_above_seven_after_lho(ctx: Ctx) -> Outcome:
    p, seat = _pending(ctx), ctx.seat
    state = evolve(ctx.state, pending=None)
    state = state.add_call(CallRecord(seat, _call(ctx), seat, "cancelled", "called_over_inadmissible", "38B"))
    return _cancel_above_seven(state, p, p.back + 1, restrictions=False)  # (behind LHO's call now)


@action("the bid is cancelled, a pass put in its place, the side silenced, with 26B rights (38B-D)",
        reads=('obligations', 'watches', 'restrictions', 'key_step', 'procedure', 'procedure_call', 'procedure_place', 'passes_at_end'),
        writes=('key', 'record', 'obligations', 'pending', 'restrictions', 'rulings', 'standing_facts'), emits=('AuctionEnds', 'WatchedCall'))
def cancel_above_seven(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    return _cancel_above_seven(evolve(ctx.state, pending=None), p, p.back, restrictions=True)


@action("both calls after the final pass are cancelled; no further rectification (39B)",
        reads=(),
        writes=('record', 'pending', 'rulings'), emits=())
def cancel_both_39b(ctx: Ctx) -> Outcome:
    seat = ctx.seat
    state = evolve(ctx.state, pending=None)
    state = state.add_call(CallRecord(seat, _call(ctx), seat, "cancelled", "after_final_pass", "39A"))
    return Outcome(state.rule("39B", f"{seat.long_name} called before rectification: both calls after "
                              "the final pass are cancelled and there is no further rectification"))


@action("the double or redouble is cancelled; the offender calls again, partner is silenced (36B)",
        reads=('obligations', 'restrictions', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'obligations', 'pending', 'restrictions', 'rulings'), emits=(),
        carries=('procedure_call',))
def cancel_inadmissible_36b(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    o = p.offender
    call = p.made
    state = evolve(ctx.state, pending=None).set_status_back(p.back, "cancelled", "36B1")
    state = silence_partner(state, o, call, "36B2", "36B3, 26B")
    return Outcome(state.rule("36B", f"the inadmissible {call} is cancelled; {o.long_name} must call "
                              f"again and {o.partner.long_name} must pass for the rest of the auction; "
                              "declarer may have lead restrictions if the offender defends (Law 26B)"))


def _silence_side(ctx: Ctx) -> AuctionState:
    p = _pending(ctx)
    o = p.offender
    call = p.made
    state = evolve(ctx.state, pending=None).set_status_back(p.back, "cancelled", "37B1")
    for seat in (o, o.partner):
        state = state.impose(seat, Obligation("pass_rest_of_auction", "37B2"))
    return state.restrict(LeadRestriction(o, "37B2, 26B", call))


@action("the call is cancelled and a pass put in its place; the side must pass to the end (37B)",
        reads=('obligations', 'watches', 'restrictions', 'key_step', 'procedure', 'procedure_call', 'procedure_place', 'passes_at_end'),
        writes=('key', 'record', 'obligations', 'pending', 'restrictions', 'rulings', 'standing_facts'), emits=('AuctionEnds', 'WatchedCall'))
def substitute_pass_37b(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    o = p.offender
    call = p.made
    state = _silence_side(ctx).rule("37B", f"{o.long_name}'s {call} is cancelled and a pass is put in "
                                    "its place; both players of that side must pass for the rest of "
                                    "the auction, and declarer may have lead restrictions if they defend "
                                    "(Law 26B)")
    return stand(state, CallRecord(o, PASS, o, "stands", "substituted_pass", "37B2"))


@action("the call, made out of turn, is cancelled; the side must pass to the end (37B)",
        reads=('obligations', 'restrictions', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'obligations', 'pending', 'restrictions', 'rulings'), emits=())
def cancel_violation_out_of_turn(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    o = p.offender
    call = p.made
    return Outcome(_silence_side(ctx).rule(
        "37B", f"{o.long_name}'s {call}, made out of turn while obliged to pass, is cancelled; the turn "
        f"goes back to {p.in_turn_of.long_name}; both players of that side must pass for the rest "
        "of the auction"))


@action("declarer may have lead restrictions (26B); declarer's options follow (39C)",
        reads=('key', 'procedure', 'procedure_call', 'restrictions', 'lead_rules', 'options_key', 'lead_choices'),
        writes=('pending', 'restrictions', 'rulings', 'lead_rules', 'options_key', 'lead_choices'), emits=('DeclarerOptions',))
def restrict_39c(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    o = p.offender
    call = p.made
    state = evolve(ctx.state, pending=None)
    if state.options_key != state.key:
        # the auction ended with nothing to settle (24D-E, 26B), so declarer's options were never
        # worked out at this key; they are now, for this right, as at the end of the auction
        state = evolve(state, options_key=state.key)
    state = state.restrict(LeadRestriction(o, "39C, 26B", call))
    state = state.rule("39C", f"{o.long_name}, a defender, bid or doubled after the final pass: "
                       "declarer may have lead restrictions (26B)")
    return Outcome(reopen_lead_choice(state, "26B"), (DeclarerOptions(),))


@reads("turn_from_offender", words="the call was made in turn", ask="Was the call made in turn?")
def made_in_turn(f: FactView) -> bool:
    return bool(f.turn_from_offender == 0)


@reads("turn_from_offender", words="the call was made out of turn", ask="Was the call made out of turn?")
def made_out_of_turn(f: FactView) -> bool:
    return f.turn_from_offender in (1, 2, 3)


@reads("actor_from_offender", "turn_from_offender",
       words="LHO calls before the director rules, and the call was made in turn",
       ask="Does LHO call first, the call having been in turn?")
def lho_first_in_turn(f: FactView) -> bool:
    return bool(f.actor_from_offender == 1 and f.turn_from_offender == 0)


@reads("actor_from_offender", "turn_from_offender",
       words="LHO calls before the director rules, and the call was made out of turn",
       ask="Does LHO call first, the call having been out of turn?")
def lho_first_out_of_turn(f: FactView) -> bool:
    return bool(f.actor_from_offender == 1 and f.turn_from_offender in (1, 2, 3))


@reads("standing_lead", words="a face-down opening lead stands (41A)", ask=ASK_TRIGGER)
def face_down_lead_stands(f: FactView) -> bool:
    return bool(f.standing_lead == "face down")


@reads("standing_lead", words="no opening lead has been made", ask=ASK_TRIGGER)
def no_face_down_lead(f: FactView) -> bool:
    return bool(f.standing_lead == "none")


def _with_substituted_pass(ctx: Ctx) -> AuctionState:
    o = _pending(ctx).offender
    return ctx.state.add_call(CallRecord(o, PASS, o))


def _rows() -> list[Row]:
    rows: list[Row] = []
    at_once = "put in place of a changed call by the director, who is there and rules at once"
    for source in OPEN:
        for row, what in (
            (Row("phase", source, "inadmissible_double", f"{_ID}.awaiting_decision", "19, 36", FAMILY,
                 "a double or redouble Law 19 does not permit", None, hold_inadmissible_double,
                 records="inadmissible"), "a double or redouble Law 19 does not permit"),
            (Row("phase", source, "violates_pass_obligation", f"{_PV}.awaiting_decision", "37", FAMILY,
                 "a bid, double or redouble by a player obliged to pass", None, hold_violation),
             "a bid, double or redouble by a player obliged to pass"),
            (Row("phase", source, "bid_above_seven", f"{_A7}.awaiting_decision", "38", FAMILY,
                 "a bid above seven", None, hold_above_seven, records="inadmissible"), "a bid above seven"),
        ):
            rows += director_present(row, f"{what}: {at_once}")
    for source in ("clarification", "opening_lead"):
        rows += [
            Row("phase", source, "call_after_final_pass", SAME, "39A, 39B", FAMILY,
                "cancelled; no further rectification", by_declaring_side_or_pass, cancel_after_final_pass),
            Row("phase", source, "call_after_final_pass", f"{_AF}.awaiting_decision", "39A, 39C", FAMILY,
                "a defender's bid, double or redouble: cancelled",
                by_defender_not_pass, hold_after_final_pass),
        ]
    # Before the director comes, LHO may call over the inadmissible call ("LHO calls first": 36A,
    # 37A, 38D, 39B, a fact the Laws rule on, not an option); once the director is called and
    # nobody has called over it, he rules (36B, 37B, 38B-C, 39C): no decision is left to LHO.
    def lho(proc: str, dest: str, law: str, summary: str, g: Guard | None, act: Action) -> Row:
        return Row("phase", f"{proc}.awaiting_decision", "call_while_pending", dest, law, FAMILY, summary, g, act)

    def director(proc: str, dest: str, law: str, summary: str, g: Guard | None, act: Action) -> Row:
        return Row("phase", f"{proc}.awaiting_decision", "director_called", dest, law, FAMILY,
                   summary, g, act)

    rows += [
        lho(_ID, "auction", "36A", "LHO called: both calls cancelled, no rectification", lho_calls_first,
            cancel_both_36a),
        director(_ID, "auction", "36B", "cancelled; the offender calls again; declarer may restrict the lead (26B); "
                 "partner must pass for the rest of the auction",
                 None, cancel_inadmissible_36b),
        lho(_PV, "auction", "37A", "LHO called first: the call stands", lho_calls_first, let_stand_37a),
        director(_PV, "auction", "37B", "out of turn: cancelled; declarer may restrict the lead (26B); the "
                 "offender and partner must pass for the rest of the auction",
                 made_out_of_turn, cancel_violation_out_of_turn),
        lho(_A7, "auction", "38B, 38D", "out of turn, LHO called: both cancelled; the offender and partner "
            "must pass for the rest of the auction; no lead restrictions", lho_first_out_of_turn, cancel_above_seven_after_lho),
        director(_A7, "auction", "38B, 38C", "out of turn: cancelled; declarer may restrict the lead (26B); the "
                 "offender and partner must pass for the rest of the auction",
                 made_out_of_turn, cancel_above_seven),
    ]
    for src, trig, base, act, law, summary in (
        (f"{_PV}.awaiting_decision", "director_called", made_in_turn, substitute_pass_37b, "37B",
         ("replaced by a pass; the offender and partner must pass for "
          "the rest of the auction; declarer may restrict the lead (26B)")),
        (f"{_A7}.awaiting_decision", "call_while_pending", lho_first_in_turn, cancel_above_seven_after_lho,
         "38B, 38D", ("LHO called: both cancelled, a pass put in its place; the offender and partner must pass "
                      "for the rest of the auction; no lead restrictions")),
        (f"{_A7}.awaiting_decision", "director_called", made_in_turn, cancel_above_seven, "38B, 38C",
         ("replaced by a pass; the offender and partner must pass for "
          "the rest of the auction; declarer may restrict the lead (26B)")),
    ):
        rows += by_end_of_auction(Row("phase", src, trig, "auction", law, FAMILY, summary, None, act),
                                  base, _with_substituted_pass, parts=("key", "passes_at_end", "procedure"))
    for dest, g in (("opening_lead", face_down_lead_stands), ("clarification", no_face_down_lead)):
        rows += [
            lho(_AF, dest, "39B", "LHO called: no further rectification",
                both(lho_calls_first, g, ask="Does LHO call over it first?"), cancel_both_39b),
            director(_AF, dest, "39C", "the call stays cancelled; declarer may restrict the lead (26B)",
                     g, restrict_39c),
        ]
    return rows


ROWS: list[Row] = _rows()
