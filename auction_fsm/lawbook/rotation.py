"""Calls out of rotation: Laws 28-34 (17D3 is in :mod:`.legal`).

A call by the wrong seat is held as pending while the players decide: the offender's LHO may
accept it by calling (29A) unless it is an inadmissible double or redouble (36B4); an opponent
whose turn it was may call instead, cancelling it (28B); or the director is called and cancels
it (29B), then 30 (a pass), 31 (a bid, or an artificial pass) or 32 (a double or redouble)
applies by where the turn was.  A call at LHO's turn by the player who has just called is an
attempt to change that call (30B2, 31C, 32C, Law 25).  A call by the LHO of a player obliged to
pass counts as in rotation: the obliged pass is deemed made (28A).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace

from .. import rules
from ..auction import AuctionState
from ..calls import ALL_CALLS, PASS, Call
from ..events import ChangeCall, Judgement
from ..records import CallRecord, Obligation, Pending, Watch
from ..seats import Seat
from ..values import evolve
from . import (
    changes,
    inadmissible,
    position_facts,  # noqa: F401  (declares the common facts the guards below read)
)
from .common import (
    branch_taken,
    by_end_of_auction,
    calls_again,
    ended,
    met_watch,
    natural_of,
    open_choice,
    open_comparable,
    pass_out_of_rotation_at_end,
    shown,
    silence_partner,
    specified_of,
    stand,
    stand_held,
)
from .facts import FactView, computes, slot, value_of
from .position_facts import CALL_IS_PASS, CALL_KIND, CALL_PERMITTED
from .procedure_facts import procedure_fact
from .rows import OTHERWISE, Ctx, Guard, Outcome, Row, WatchedCall, action, both, reads
from .states import OPEN

__all__ = ["ROWS", "out_of_rotation_kind", "pending_call", "position_of_turn", "cancelled_call"]

FAMILY = "28-34"
procedure_fact("accept_by", FAMILY, "seat",
               "the offender's LHO, who may accept the call out of rotation (29A); absent when acceptance is "
               "no option")
procedure_fact("correct_player", FAMILY, "seat",
               "the player whose turn it was, an opponent of the offender, who may call over the held call "
               "(28B)")
procedure_fact("inadmissible", FAMILY, "word",
               "'1' when the held call is a double or redouble Law 19 does not permit (36B4), else empty")
OOR = "out_of_rotation"


def out_of_rotation_kind(ctx: Ctx) -> str:
    """Which law a call out of rotation falls under first: ``deemed`` (28A), ``change`` (30B2,
    31C, 32C), ``above_seven`` (38), ``silenced`` (37, by 35B) or ``plain`` (28-32)."""
    state, seat = ctx.state, ctx.seat
    call: Call = ctx.event.call  # type: ignore[union-attr]
    turn = state.turn
    if state.must_pass(turn) and seat == turn.lho:
        return "deemed"
    if turn == seat.lho and state.last_caller == seat:
        return "change"
    if not call.is_admissible_level:
        return "above_seven"
    if state.must_pass(seat) and not call.is_pass and not (
            (call.is_double or call.is_redouble) and not rules.permitted_for(state.key, seat, call.code)):
        return "silenced"
    return "plain"


def pending_call(ctx: Ctx) -> Call:
    """The call the waiting procedure is about (the call out of rotation it holds), as the
    procedure keeps it."""
    p = ctx.state.pending
    assert p is not None
    return p.made


def _lho_may_let_it_go(p: Pending) -> bool:
    """LHO has a decision the director's arrival opens: accepting the call (29A).  An inadmissible
    double or redouble out of rotation is never accepted: once the director is called and nobody
    has called over it, he rules (36B4); LHO calling first (36A) is a fact, not an option."""
    return "accept" in p.options and not p.get("inadmissible")


def _watch(ctx: Ctx) -> Watch | None:
    """The waiting rectification (31A, 32A, 23A) the watched call of the event meets, if any."""
    r = _watched_call(ctx)
    return None if r is None else met_watch(ctx.state, r)


def _silenced(ctx: Ctx, w: Watch) -> bool:
    return any(o.kind == "pass_rest_of_auction" for o in ctx.state.obligations[w.offender])


# --- the facts the guards below read (:mod:`.facts`); seats relative to the offender come from
# :mod:`.position_facts` (actor_from_offender, turn_from_offender, options) -------------------

slot("out_of_rotation_kind", FAMILY, str,
     "which law a call out of rotation falls under first: 'deemed' (the player whose turn it was must "
     "pass and the caller is that player's LHO, 28A), 'change' (the player who has just called calls "
     "again at LHO's turn, 30B2, 31C, 32C), 'above_seven' (38), 'silenced' (a bid, double or redouble by "
     "a player obliged to pass, 37 by 35B) or 'plain' (28-32)",
     parts=('dealer', 'key', 'obligations'))
slot("lho_may_accept", FAMILY, bool,
     "the offender's LHO may accept the waiting call out of rotation (29A): it is open to acceptance and "
     "is not a double or redouble Law 19 does not permit; false if no procedure waits",
     parts=('procedure',))
slot("inadmissible_out_of_rotation", FAMILY, bool,
     "the waiting call out of rotation is a double or redouble Law 19 does not permit (36B4); false if "
     "no procedure waits",
     parts=('procedure',))
slot("held_call_kind", FAMILY, (str, type(None)),
     "the kind of the call out of rotation the waiting procedure holds: 'pass', 'bid', 'double' or "
     "'redouble'; none if no procedure on a call out of rotation waits",
     parts=('procedure', 'procedure_call',))
slot("held_call_explained", FAMILY, bool,
     "the meaning of the call out of rotation the waiting procedure holds was explained at the table "
     "(the denominations it shows are known), so whether it was artificial needs no judgement (29C); "
     "false if no procedure waits",
     parts=('procedure', 'procedure_call',))
slot("met_watch_kind", FAMILY, (str, type(None)),
     "the waiting rectification the watched call meets: 'after_rho_call' (the offender's RHO calls after "
     "a cancelled call at RHO's turn, 31A, 32A) or 'judge_replacement' (the offender calls again after a "
     "cancelled call, 23A); none if it meets none",
     parts=('watches',))
slot("watched_call_is_pass", FAMILY, bool,
     "the watched call (the call meeting a waiting rectification) is a pass",
     parts=())
slot("watch_offender_silenced", FAMILY, bool,
     "the offender of the waiting rectification the watched call meets must pass at every turn to the "
     "end of the auction; false if it meets none",
     parts=('obligations', 'watches'))


@computes("out_of_rotation_kind")
def _out_of_rotation_kind(ctx: Ctx) -> Hashable:
    return out_of_rotation_kind(ctx)


HELD_CALL_INSUFFICIENT_OVER = "held_call_insufficient_over"
slot(HELD_CALL_INSUFFICIENT_OVER, FAMILY, (Call, type(None)),
     "the bid that the call out of rotation the waiting procedure holds would be insufficient over, "
     "treated as made in rotation (accepting it accepts an insufficient bid too, 29A with 27A1): the "
     "last bid of the auction it was made over; none if it would be sufficient, if it is a pass, "
     "double or redouble, or if no call out of rotation waits",
     parts=('key', 'procedure', 'procedure_call', 'procedure_place'))


@computes(HELD_CALL_INSUFFICIENT_OVER)
def _held_call_insufficient_over(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    if p is None or p.call is None or not p.call.is_bid:
        return None
    key = ctx.state.key if p.back == 0 else ctx.state.key_before(ctx.state.index_of(p))
    if rules.step_or_none(key, p.call.code) is not None:
        return None
    return ALL_CALLS[rules.unpack(key)[1]]


@computes("lho_may_accept")
def _lho_may_accept(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return p is not None and _lho_may_let_it_go(p)


@computes("inadmissible_out_of_rotation")
def _inadmissible_out_of_rotation(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return p is not None and bool(p.get("inadmissible"))


@computes("held_call_kind")
def _held_call_kind(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    if p is None or p.procedure != OOR:
        return None
    c = pending_call(ctx)
    return "pass" if c.is_pass else "bid" if c.is_bid else "double" if c.is_double else "redouble"


@computes("held_call_explained")
def _held_call_explained(ctx: Ctx) -> Hashable:
    return ctx.state.pending is not None and _p(ctx).specifies is not None


def _watched_call(ctx: Ctx) -> CallRecord | None:
    """The call of the event, by value, when the event is a call meeting a waiting rectification."""
    event = ctx.event
    return event.made if isinstance(event, WatchedCall) else None


@computes("met_watch_kind")
def _met_watch_kind(ctx: Ctx) -> Hashable:
    w = None if _watched_call(ctx) is None else _watch(ctx)
    return None if w is None else w.kind


@computes("watched_call_is_pass")
def _watched_call_is_pass(ctx: Ctx) -> Hashable:
    r = _watched_call(ctx)
    return r is not None and r.call.is_pass


@computes("watch_offender_silenced")
def _watch_offender_silenced(ctx: Ctx) -> Hashable:
    w = None if _watched_call(ctx) is None else _watch(ctx)
    return w is not None and _silenced(ctx, w)


def _with_deemed_pass(ctx: Ctx) -> AuctionState:
    turn = ctx.state.turn
    return ctx.state.add_call(CallRecord(turn, PASS, turn, "stands", "deemed_pass", "28A"))


@reads("out_of_rotation_kind",
       words="the player whose turn it was must pass, so this call by their LHO counts as in rotation (28A)",
       ask="Did the player whose turn it was have to pass?")
def deemed_pass(f: FactView) -> bool:
    return bool(f.out_of_rotation_kind == "deemed")


@reads("out_of_rotation_kind", "names_call_just_made",
       words="the player who has just called calls again at LHO's turn, naming another call (30B2, 31C, 32C)",
       ask="Is it the player who has just called, calling again at LHO's turn?", rare=True)
def calls_again_at_lhos_turn(f: FactView) -> bool:
    # the same call named again is no call at all (25): changes.names_same_call_again refuses it
    return bool(f.out_of_rotation_kind == "change" and not f.names_call_just_made)


@reads("out_of_rotation_kind", words="a bid above seven out of rotation (38 comes first)",
       ask="Is it a bid above seven?")
def out_of_rotation_above_seven(f: FactView) -> bool:
    return bool(f.out_of_rotation_kind == "above_seven")


@reads("out_of_rotation_kind",
       words="a bid, double or redouble out of rotation by a player obliged to pass (35B: 37 governs)",
       ask="Was the caller obliged to pass, and is it a bid, double or redouble?")
def out_of_rotation_while_silenced(f: FactView) -> bool:
    return bool(f.out_of_rotation_kind == "silenced")


@reads("out_of_rotation_kind", words="any other call out of rotation",
       ask=OTHERWISE)
def plain_out_of_rotation(f: FactView) -> bool:
    return bool(f.out_of_rotation_kind == "plain")


@action("the obliged pass is deemed made; the call is then ruled as made in rotation",
        reads=('key_step', 'turn', 'obligations', 'watches', 'procedure', 'passes_at_end'),
        writes=('key', 'record', 'obligations', 'rulings', 'standing_facts'), emits=('AuctionEnds', 'CallEvent', 'WatchedCall'))
def deem_pass(ctx: Ctx) -> Outcome:
    state, offender = ctx.state, ctx.seat
    call: Call = ctx.event.call  # type: ignore[union-attr]
    turn = state.turn
    out = stand(state, CallRecord(turn, PASS, turn, "stands", "deemed_pass", "28A"))
    state = out.state.rule("28A", f"{turn.long_name} had to pass, so {offender.long_name}'s call "
                           "counts as in rotation and the obliged pass is deemed made")
    return Outcome(state, (*out.follow, *calls_again(state, offender, call, shown(ctx)).follow))


@action("the bid above seven out of rotation is held while LHO may call or the director rules (38)",
        reads=('turn',),
        writes=('record', 'pending'), emits=())
def hold_above_seven_out_of_rotation(ctx: Ctx) -> Outcome:
    call: Call = ctx.event.call  # type: ignore[union-attr]
    return Outcome(inadmissible.open_above_seven(ctx.state, ctx.seat, call, ctx.state.turn))


@action("the call by a player obliged to pass is held while LHO may call or the director rules (37)",
        reads=('turn',),
        writes=('record', 'pending'), emits=())
def hold_silenced_out_of_rotation(ctx: Ctx) -> Outcome:
    call: Call = ctx.event.call  # type: ignore[union-attr]
    return Outcome(inadmissible.open_violation(ctx.state, ctx.seat, call, ctx.state.turn))


@action("the call is taken as an attempt to change the call just made (Law 25)",
        reads=('turn', 'last_call', 'auction_before_call'),
        writes=('pending', 'rulings'), emits=(),
        carries=('event_call',))
def change_at_lhos_turn(ctx: Ctx) -> Outcome:
    call: Call = ctx.event.call  # type: ignore[union-attr]
    law = {"pass": "30B2", "bid": "31C"}.get(str(value_of(CALL_KIND, ctx)), "32C")
    return Outcome(changes.attempt(ctx.state, ChangeCall(ctx.seat, call, "slip"), via=law))


@action("the call is held while LHO may accept it, the right player may call, or the director rules",
        reads=('turn',),
        writes=('record', 'pending'), emits=(),
        carries=('event_call',), facts=(CALL_KIND, CALL_PERMITTED))
def hold_out_of_rotation(ctx: Ctx) -> Outcome:
    state, offender = ctx.state, ctx.seat
    call: Call = ctx.event.call  # type: ignore[union-attr]
    turn = state.turn
    # an inadmissible double or redouble (36): told by the facts of the call's kind and whether the
    # auction allows it, so that the action carries the call itself
    bad_double = value_of(CALL_KIND, ctx) in ("double", "redouble") and not value_of(CALL_PERMITTED, ctx)
    state = state.add_call(CallRecord(offender, call, turn, "pending", "out_of_rotation", "28-32", shown(ctx)))
    options: list[str] = []
    extra = [("inadmissible", "1" if bad_double else "")]
    if turn != offender.lho and not bad_double:
        options.append("accept")
        extra.append(("accept_by", offender.lho.name))
    if turn.is_opponent_of(offender):
        options.append("correct_player_calls")
        extra.append(("correct_player", turn.name))
    if bad_double and turn != offender.lho:
        options.append("lho_calls")  # 36A: LHO calling before rectification cancels both calls
    options.append("director")
    decider = offender.lho.name if "accept" in options else (
        turn.name if turn.is_opponent_of(offender) else offender.lho.name if "lho_calls" in options
        else "director")
    law = "32, 36B4" if bad_double else ("28B, 29A" if "accept" in options else "28B")
    p = Pending(OOR, "awaiting_decision", law, decider, tuple(options), offender,
                0, turn, tuple(sorted(extra)), call, shown(ctx))
    return Outcome(evolve(state, pending=p))


# While the call is held, the procedure names the offender's LHO as the player who may accept it
# exactly when acceptance is an option, and the player whose turn it was as the one who may
# call over it exactly when that player is an opponent (hold_out_of_rotation): the guards below
# ask those questions of the seats counted from the offender.
@reads("options", "actor_from_offender", words="the offender's LHO calls, accepting the call out of rotation (29A)",
       ask="Does the offender's LHO call next, accepting it?")
def by_accepting_lho(f: FactView) -> bool:
    return "accept" in f.options and f.actor_from_offender == 1


@reads("turn_from_offender", "actor_from_offender", words="the opponent whose turn it was calls (28B)",
       ask="Does the opponent whose turn it was call first?")
def by_player_whose_turn_it_was(f: FactView) -> bool:
    turn = f.turn_from_offender
    return turn in (1, 3) and f.actor_from_offender == turn


def _while_lho_answers(base: Guard) -> Guard:
    """``base`` where the director has explained LHO's options (29A): a call then, instead of
    LHO's answer, is a rare case (told beside the charts' common path); the engine reads the
    same test."""
    return replace(base, rare=True)


def _if_accepted(ctx: Ctx) -> AuctionState:
    p = ctx.state.pending
    assert p is not None
    return ctx.state.set_status_back(p.back, "stands")


@action("the call out of rotation stands as if legal; the accepting call is then ruled",
        reads=('key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'standing_facts'), emits=('CallEvent',),
        carries=('event_call', 'procedure_call'), facts=(HELD_CALL_INSUFFICIENT_OVER, CALL_IS_PASS))
def accept_out_of_rotation(ctx: Ctx) -> Outcome:
    state, seat = ctx.state, ctx.seat
    call: Call = ctx.event.call  # type: ignore[union-attr]
    p = state.pending
    assert p is not None
    cleared = evolve(state, pending=None).rule(
        "29A", f"{seat.long_name} called over {p.offender.long_name}'s call out of rotation, "
        "accepting it; no rectification")
    reverts = pass_out_of_rotation_at_end(cleared.set_status_back(p.back, "stands"))
    law, cleared = accepted_as_insufficient(ctx, cleared, p)
    out = stand_held(cleared, p, law=law)
    if out.state.pending is None and reverts and value_of(CALL_IS_PASS, ctx):
        # 17D3 will undo the accepted pass; the accepting pass is one of the passes it cancels
        return Outcome(out.state.add_call(CallRecord(seat, call, seat, "cancelled", "after_17d3", "17D3")),
                       out.follow)
    return Outcome(out.state, (*out.follow, *calls_again(out.state, seat, call, shown(ctx)).follow))


@action("the call out of rotation is cancelled without rectification; the right player's call is ruled",
        reads=('procedure', 'procedure_place'),
        writes=('record', 'pending', 'rulings'), emits=('CallEvent',),
        carries=('event_call',))
def right_player_calls(ctx: Ctx) -> Outcome:
    state, seat = ctx.state, ctx.seat
    call: Call = ctx.event.call  # type: ignore[union-attr]
    p = state.pending
    assert p is not None
    cancelled = evolve(state, pending=None).set_status_back(p.back, "cancelled", "28B").rule(
        "28B", f"{seat.long_name}, whose turn it was, called: {p.offender.long_name}'s call "
        "out of rotation is cancelled and the right to rectification is lost")
    return calls_again(cancelled, seat, call, shown(ctx))


def _p(ctx: Ctx) -> Pending:
    p = ctx.state.pending
    assert p is not None
    return p


@reads("lho_may_accept", words="the offender's LHO may accept the call (29A)",
       ask="May the offender's LHO accept the call (29A)?")
def lho_has_a_choice(f: FactView) -> bool:
    return bool(f.lho_may_accept)


@reads("lho_may_accept", "held_call_kind",
       words="LHO has no choice, being the player whose turn it was, and the call was a double or redouble")
def no_choice_double(f: FactView) -> bool:
    return not f.lho_may_accept and f.held_call_kind in ("double", "redouble")


@reads("lho_may_accept", "held_call_kind",
       words="LHO has no choice, being the player whose turn it was, and the call was a pass or a bid")
def no_choice_pass_or_bid(f: FactView) -> bool:
    return not f.lho_may_accept and f.held_call_kind in ("pass", "bid")


@reads("inadmissible_out_of_rotation", words="the call out of rotation was admissible",
       ask="Was the call out of rotation admissible?")
def admissible_out_of_rotation(f: FactView) -> bool:
    return not f.inadmissible_out_of_rotation


@reads("inadmissible_out_of_rotation", "actor_from_offender", "turn_from_offender",
       words="the offender's LHO, not the player whose turn it was, calls over an inadmissible double or "
       "redouble out of rotation (36A)",
       ask="Does the offender's LHO call over an inadmissible double or redouble out of rotation?", rare=True)
def lho_calls_over_inadmissible(f: FactView) -> bool:
    return bool(f.inadmissible_out_of_rotation) and f.actor_from_offender == 1 and f.turn_from_offender != 1


@action("the director explains: LHO may accept the call (29A) or let an inadmissible double go (36A), "
        "or decline",
        reads=('pending',),
        writes=('pending', 'rulings'), emits=())
def explain_options(ctx: Ctx) -> Outcome:
    p = _p(ctx)
    state = open_choice(ctx.state, "36A, 36B4" if p.get("inadmissible") else "29A, 29B")
    held = pending_call(ctx)
    if not p.get("inadmissible") and (held.is_pass or held.is_bid):
        q = state.pending
        assert q is not None  # the director may judge 29C at once: LHO has then not accepted
        state = evolve(state, pending=evolve(q, extra=tuple(sorted((*q.extra, ("judgement", "artificial"))))))
    return Outcome(state)


@action("LHO accepts: the call stands as if in rotation and LHO calls next (29A)",
        reads=('key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'standing_facts'), emits=(),
        carries=('procedure_call',), facts=(HELD_CALL_INSUFFICIENT_OVER,))
def accept_by_choice(ctx: Ctx) -> Outcome:
    p = _p(ctx)
    state = evolve(ctx.state, pending=None).rule(
        "29A", f"{ctx.seat.long_name} accepts {p.offender.long_name}'s call out of rotation; no rectification")
    law, state = accepted_as_insufficient(ctx, state, p)
    return stand_held(state, p, law=law)


def accepted_as_insufficient(ctx: Ctx, state: AuctionState, p: Pending) -> tuple[str, AuctionState]:
    """The law of the accepted call out of rotation ``p`` holds, and the state with its ruling:
    29A, or "29A, 27A1" when the call, treated as made in rotation, is an insufficient bid there
    -- the acceptance by the offender's LHO then accepts the insufficient bid too (27A1).  Which
    of the two, and the bid it is insufficient over, is the fact ``held_call_insufficient_over``
    read in ``ctx``: an action calling this carries the procedure's call and reads nothing else of
    the legal auction than that fact."""
    over = value_of(HELD_CALL_INSUFFICIENT_OVER, ctx)
    if over is None:
        return "29A", state
    return "29A, 27A1", state.rule(
        "27A1", f"{p.offender.long_name}'s {p.made}, now treated as made in rotation, is insufficient over {over}: "
        "accepting the call out of rotation accepts the insufficient bid too, so it stands as if legal (29A, 27A1)")


def _cancel_36a(ctx: Ctx, lho_call: Call | None) -> Outcome:
    p = _p(ctx)
    call = pending_call(ctx)
    state = evolve(ctx.state, pending=None)
    if lho_call is not None:
        state = state.add_call(CallRecord(ctx.seat, lho_call, p.in_turn_of, "cancelled", "called_over_inadmissible",
                                          "36A"))
    # the held double, one place further back if LHO's call was added behind it, never stood:
    # cancelling it leaves the legal auction as it was (nothing of the history read)
    state = state.set_status_back(p.back + (lho_call is not None), "cancelled", "36A")
    how = "called over" if lho_call is not None else "let go"
    return Outcome(state.rule("36A", f"{ctx.seat.long_name} {how} {p.offender.long_name}'s inadmissible {call} "
                              f"out of rotation: it is cancelled{' with the call over it' if lho_call else ''}, the "
                              f"auction goes back to {p.in_turn_of.long_name} with no rectification and no "
                              "lead restrictions"))


@action("LHO called over the inadmissible double: both are cancelled, no rectification (36A)",
        reads=('procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'rulings'), emits=(),
        carries=('event_call', 'procedure_call'))
def cancel_both_36a(ctx: Ctx) -> Outcome:
    call: Call = ctx.event.call  # type: ignore[union-attr]
    return _cancel_36a(ctx, call)


@action("the director's judgement tells LHO did not accept: the director asks whether the call was "
        "artificial and rules (29B, 29C)",
        reads=('procedure',),
        writes=('pending',), emits=('event',))
def judged_after_decline(ctx: Ctx) -> Outcome:
    return Outcome(ask_artificial(ctx).state, (ctx.event,))


@reads("held_call_explained", words="the call's meaning was explained at the table, so 29C needs no judgement")
def meaning_explained(f: FactView) -> bool:
    return bool(f.held_call_explained)


@reads("held_call_explained",
       words="the call's meaning was not explained: the director judges whether it was artificial (29C)")
def meaning_not_explained(f: FactView) -> bool:
    return not f.held_call_explained


@action("the call is cancelled; the explanation given at the table settles whether it was artificial "
        "(29C), and Laws 30-32 apply",
        reads=('procedure', 'procedure_call',),
        writes=('pending', 'rulings'), emits=('Judgement',))
def ask_artificial_explained(ctx: Ctx) -> Outcome:
    out = ask_artificial(ctx)
    p = _p(ctx)
    call, shows = p.made, specified_of(p.made, p.specifies)
    is_natural = natural_of(call, p.specifies)
    verdict = Judgement("artificial", not is_natural, shows)
    return Outcome(out.state.rule("29C", f"{p.offender.long_name}'s {call} was explained as showing "
                                  f"{', '.join(d.plural for d in shows) or 'no denomination'}: "
                                  f"{'natural' if is_natural else 'artificial'}"), (verdict,))


@reads("held_call_kind", words="the call out of rotation was a double or redouble")
def double_or_redouble_out_of_rotation(f: FactView) -> bool:
    return f.held_call_kind in ("double", "redouble")


@reads("held_call_kind", words="the call out of rotation was a pass or a bid",
       ask=OTHERWISE)
def pass_or_bid_out_of_rotation(f: FactView) -> bool:
    return f.held_call_kind in ("pass", "bid")


@action("the director asks whether the pass or bid out of rotation was artificial (29C, 30C)",
        reads=('procedure',),
        writes=('pending',), emits=())
def ask_artificial(ctx: Ctx) -> Outcome:
    p = ctx.state.pending
    assert p is not None
    q = evolve(p, step="awaiting_artificial_judgement", law="29C, 30C", decider="director",
               options=("artificial", "natural"), extra=(("judgement", "artificial"),))
    return Outcome(evolve(ctx.state, pending=q))


def _position(offender: Seat, turn: Seat) -> str:
    """Whose turn it was, seen from the offender: ``rho``, ``partner`` or ``lho``."""
    return {offender.rho: "rho", offender.partner: "partner", offender.lho: "lho"}[turn]


def position_of_turn(ctx: Ctx) -> str:
    p = ctx.state.pending
    assert p is not None
    return _position(p.offender, p.in_turn_of)


def _cancel_pending_double(ctx: Ctx) -> tuple[Pending, Call, AuctionState]:
    p = ctx.state.pending
    assert p is not None
    return p, pending_call(ctx), evolve(ctx.state, pending=None).set_status_back(p.back, "cancelled", "29B")


# Whose turn it was, counted from the offender (turn_from_offender): 3 the offender's RHO, 2
# partner, 1 LHO (never 0: a call at one's own turn is in rotation).
@reads("inadmissible_out_of_rotation",
       words="the double or redouble out of rotation was one Law 19 does not permit (36B4)")
def double_was_inadmissible(f: FactView) -> bool:
    return bool(f.inadmissible_out_of_rotation)


@reads("inadmissible_out_of_rotation", "turn_from_offender",
       words="a permitted double or redouble, made at the offender's RHO's turn (32A)")
def double_at_rhos_turn(f: FactView) -> bool:
    return not f.inadmissible_out_of_rotation and f.turn_from_offender == 3


@reads("inadmissible_out_of_rotation", "turn_from_offender",
       words="a permitted double or redouble, made at partner's or LHO's turn (32B)")
def double_at_other_turn(f: FactView) -> bool:
    return not f.inadmissible_out_of_rotation and f.turn_from_offender in (1, 2)


@action("the double or redouble is cancelled; the offender calls freely in turn and partner must "
        "pass for the rest of the auction (36B4)",
        reads=('obligations', 'restrictions', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'obligations', 'pending', 'restrictions', 'rulings'), emits=(),
        carries=('procedure_call',))
def silence_partner_36b4(ctx: Ctx) -> Outcome:
    p, call, state = _cancel_pending_double(ctx)
    o = p.offender
    state = silence_partner(state, o, call, "36B4")
    return Outcome(state.rule("36B4", f"{o.long_name}'s {call} out of turn was not permitted: it is "
                              f"cancelled, {o.long_name} may call freely in turn, and "
                              f"{o.partner.long_name} must pass for the rest of the auction; declarer may "
                              "have lead restrictions if the offender defends (Law 26B)"))


@action("the double or redouble is cancelled; if RHO passes the offender must repeat it, otherwise "
        "the offender calls freely, judged for comparability (32A)",
        reads=('watches', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'watches', 'rulings'), emits=())
def watch_rho_after_double(ctx: Ctx) -> Outcome:
    p, call, state = _cancel_pending_double(ctx)
    o = p.offender
    w = Watch("after_rho_call", o, call, "32A")
    return Outcome(evolve(state, watches=(*state.watches, w)).rule(
        "32A", f"{o.long_name}'s {call} out of rotation is cancelled; if "
        f"{p.in_turn_of.long_name} passes, {o.long_name} must repeat it, otherwise "
        f"{o.long_name} may call freely, judged for comparability"))


@action("the double or redouble is cancelled; partner calls freely and the offender's next call "
        "is judged for comparability (32B)",
        reads=('watches', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'watches', 'rulings'), emits=())
def judge_after_double(ctx: Ctx) -> Outcome:
    p, call, state = _cancel_pending_double(ctx)
    o = p.offender
    return Outcome(_judge_later(state, o, call, "32B2", f"{o.long_name}'s {call} out of rotation is "
                                f"cancelled; partner may call freely (32B1), and {o.long_name}'s next "
                                "call will be judged for comparability"))


#: Each branch: its guard, action, law, summary, the question that picks it out, and the outcome
#: for the charts (the summary less the case, which the question above it names).
_DOUBLE_BRANCHES = (
    (double_was_inadmissible, silence_partner_36b4, "29B, 36B4",
     "an inadmissible double or redouble out of rotation: cancelled; partner must pass for the rest of the auction",
     "a double or redouble Law 19 does not permit", "Cancelled; partner must pass for the rest of the auction"),
    (double_at_rhos_turn, watch_rho_after_double, "29B, 32A",
     ("a double or redouble at RHO's turn: cancelled; if RHO passes the offender repeats it; if RHO calls, "
      "the offender calls freely: if not comparable, partner must pass next turn and declarer may restrict the "
      "lead (26B)"),
     "a double or redouble at the offender's RHO's turn",
     ("Cancelled; if RHO passes, the offender must repeat it; if RHO calls, the offender calls freely: if not "
     "comparable, partner must pass next turn and declarer may restrict the lead (26B)")),
    (double_at_other_turn, judge_after_double, "29B, 32B",
     ("a double or redouble at partner's or LHO's turn: cancelled; partner calls freely; the offender's next "
      "call is judged: if not comparable, partner must pass next turn and declarer may restrict the lead (26B)"),
     "a double or redouble at partner's or LHO's turn",
     ("Cancelled; partner calls freely; if the offender's next call is not comparable, partner must pass next "
     "turn and declarer may restrict the lead (26B)")),
)


def _double_rows(source: str, trigger: str, base: Guard, prefix: str = "", no_choice: bool = False) -> list[Row]:
    """One row per way Law 32 (or 36B4) rules a cancelled double or redouble out of rotation;
    with ``no_choice`` each branch's question adds that LHO had no choice."""
    return [Row("phase", source, trigger, "auction", law, FAMILY, prefix + summary,
                both(base, g, ask=f"Is it {ask}, for the director to rule on?" if no_choice else f"Was it {ask}?"), act,
                outcome=outcome)
            for g, act, law, summary, ask, outcome in _DOUBLE_BRANCHES]


def _judge_later(state: AuctionState, offender: Seat, call: Call, law: str, summary: str) -> AuctionState:
    w = Watch("judge_replacement", offender, call, law)
    return evolve(state, watches=(*state.watches, w)).rule(law, summary)


@reads("held_call_kind", "turn_from_offender", words="the pass was made at the offender's RHO's turn",
       ask="Was it a pass at the offender's RHO's turn?")
def pass_at_rhos_turn(f: FactView) -> bool:
    return bool(f.held_call_kind == "pass" and f.turn_from_offender == 3)


@reads("held_call_kind", "turn_from_offender", words="the pass was made at partner's or LHO's turn",
       ask="Was it a pass at partner's or LHO's turn?")
def pass_at_other_turn(f: FactView) -> bool:
    return f.held_call_kind == "pass" and f.turn_from_offender in (1, 2)


@reads("turn_from_offender", words="the call was made at the offender's RHO's turn",
       ask="Was it made at the offender's RHO's turn?")
def at_rhos_turn(f: FactView) -> bool:
    return bool(f.turn_from_offender == 3)


@reads("turn_from_offender", words="the call was made at partner's or LHO's turn",
       ask="Was it made at partner's or LHO's turn?")
def at_other_turn(f: FactView) -> bool:
    return f.turn_from_offender in (1, 2)


@reads("held_call_kind", "turn_from_offender", words="a natural bid made at the offender's RHO's turn",
       ask="Was it a bid at the offender's RHO's turn?")
def bid_at_rhos_turn(f: FactView) -> bool:
    return bool(f.held_call_kind == "bid" and f.turn_from_offender == 3)


@reads("held_call_kind", "turn_from_offender", words="a natural bid made at partner's or LHO's turn",
       ask="Was it a bid at partner's or LHO's turn?")
def bid_at_other_turn(f: FactView) -> bool:
    return f.held_call_kind == "bid" and f.turn_from_offender in (1, 2)


def cancelled_call(ctx: Ctx) -> tuple[Pending, Call, AuctionState]:
    p = ctx.state.pending
    assert p is not None
    call = pending_call(ctx)
    state = evolve(ctx.state, pending=None).set_status_back(p.back, "cancelled", "29B")
    event = ctx.event
    if isinstance(event, Judgement) and event.value and event.denominations:
        dens = ", ".join(d.plural for d in event.denominations)
        state = state.rule("29C", f"the call was artificial: the rectification concerns the "
                           f"denominations it specified ({dens}), not the one it named")
    return p, call, state


@action("the pass is cancelled; the offender must pass at the next turn (30A)",
        reads=('obligations', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'obligations', 'pending', 'rulings'), emits=())
def silence_after_pass_at_rhos_turn(ctx: Ctx) -> Outcome:
    p, _, st = cancelled_call(ctx)
    o = p.offender
    return Outcome(st.impose(o, Obligation("pass_next_turn", "30A")).rule(
        "30A", f"{o.long_name}'s pass out of rotation is cancelled; {o.long_name} must pass "
        "at the next turn"))


@action("the pass is cancelled; the offender's next call is judged for comparability (30B1b)",
        reads=('watches', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'watches', 'rulings'), emits=())
def judge_after_pass_at_other_turn(ctx: Ctx) -> Outcome:
    p, call, st = cancelled_call(ctx)
    o = p.offender
    return Outcome(_judge_later(st, o, call, "30B1b", f"{o.long_name}'s pass out of rotation is "
                                f"cancelled; partner may call freely, and {o.long_name}'s next call "
                                "will be judged for comparability"))


@action("the call is cancelled; if RHO passes the offender must repeat it, otherwise the offender "
        "calls freely, judged for comparability (31A)",
        reads=('watches', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'watches', 'rulings'), emits=())
def watch_rho_after_call(ctx: Ctx) -> Outcome:
    p, call, st = cancelled_call(ctx)
    o = p.offender
    law31 = "30C, 31" if call.is_pass else "31"
    w = Watch("after_rho_call", o, call, "31A")
    return Outcome(evolve(st, watches=(*st.watches, w)).rule(
        law31 + "A", f"{o.long_name}'s call out of rotation is cancelled; if "
        f"{p.in_turn_of.long_name} passes, {o.long_name} must "
        f"repeat {call}; otherwise {o.long_name} may call freely, judged for comparability"))


@action("the call is cancelled; partner may call freely and the offender's next call is judged for "
        "comparability (31B)",
        reads=('watches', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'watches', 'rulings'), emits=(),
        carries=('procedure_call',))
def judge_after_call_at_other_turn(ctx: Ctx) -> Outcome:
    p, call, st = cancelled_call(ctx)
    o = p.offender
    return Outcome(_judge_later(st, o, call, "31B2", f"{o.long_name}'s call out of rotation is "
                                f"cancelled; partner may call freely (31B1), and {o.long_name}'s next "
                                "call will be judged for comparability"))


# --- rectifications waiting for a later call (31A, 32A) ---------------------------------------
_RHO_PASSED = ("met_watch_kind", "watched_call_is_pass")


def _rho_passed(f: FactView) -> bool:
    """The watched call is the offender's RHO's pass that a 31A or 32A rectification waits for
    (``f`` must declare :data:`_RHO_PASSED`)."""
    return f.met_watch_kind == "after_rho_call" and bool(f.watched_call_is_pass)


@reads(*_RHO_PASSED, words="the offender's RHO passed: the offender must repeat the cancelled call (31A1, 32A1)",
       ask="Did the offender's RHO pass?")
def rho_passed(f: FactView) -> bool:
    return _rho_passed(f)


@reads("met_watch_kind", "watched_call_is_pass",
       words="the offender's RHO made a bid, double or redouble (31A2, 32A2)",
       ask="Did the offender's RHO bid, double or redouble?")
def rho_called(f: FactView) -> bool:
    return f.met_watch_kind == "after_rho_call" and not f.watched_call_is_pass


@reads("met_watch_kind", words="the offender has called again after a cancelled call (23A is to be judged)",
       ask="Has the offender now called again?")
def offender_called_again(f: FactView) -> bool:
    return bool(f.met_watch_kind == "judge_replacement")


@reads(*_RHO_PASSED, "auction_over", words="that pass ended the auction (22A): no turn is left to repeat the call in",
       ask="Did the offender's RHO pass, and did that pass end the auction?")
def rho_pass_ended_auction(f: FactView) -> bool:
    return _rho_passed(f) and bool(f.auction_over)


@reads(*_RHO_PASSED, "auction_over", "watch_offender_silenced",
       words="the auction goes on, but the offender must pass at every turn to its end",
       ask="Did the offender's RHO pass while the offender must pass at every turn to the end?")
def rho_passed_offender_silenced(f: FactView) -> bool:
    return _rho_passed(f) and not f.auction_over and bool(f.watch_offender_silenced)


@reads(*_RHO_PASSED, "auction_over", "watch_offender_silenced",
       words="the auction goes on and nothing stops the offender repeating the call (31A1, 32A1)",
       ask="Did the offender's RHO pass (the auction going on)?")
def rho_passed_repeat_owed(f: FactView) -> bool:
    return _rho_passed(f) and not f.auction_over and not f.watch_offender_silenced


def repeat_lapses(state: AuctionState, w: Watch, law: str, outcome: str) -> Outcome:
    """RHO's pass that calls for the repeat (31A1, 32A1) was the final pass (22A): no turn is
    left to repeat the call in, so nothing is owed and the call stays cancelled
    (docs/modelling-decisions.md).  ``state`` no longer holds the watch; both books rule so."""
    return ended(state.rule(law, f"{w.offender.long_name}'s RHO passed, and that pass ended the auction "
                            f"(22A): {w.call} cannot be repeated and stays cancelled, {outcome}"))


def _without_watch(ctx: Ctx) -> tuple[AuctionState, Watch]:
    w = _watch(ctx)
    assert w is not None
    return evolve(ctx.state, watches=tuple(x for x in ctx.state.watches if x is not w)), w


@action("nothing is owed: the call stays cancelled, with no further rectification",
        reads=('key', 'watches', 'procedure', 'passes_at_end'),
        writes=('watches', 'rulings'), emits=('AuctionEnds',))
def repeat_lapsed(ctx: Ctx) -> Outcome:
    state, w = _without_watch(ctx)
    return repeat_lapses(state, w, w.law + "1", "with no further rectification")


@action("the obligation to pass prevails: the cancelled call is not repeated",
        reads=('key', 'watches', 'procedure'),
        writes=('watches', 'rulings'), emits=())
def repeat_prevented(ctx: Ctx) -> Outcome:
    state, w = _without_watch(ctx)
    # the obligation to pass at every turn prevails (docs/modelling-decisions.md)
    return ended(state.rule(w.law + "1", f"{w.offender.long_name}'s RHO passed, but {w.offender.long_name} "
                            f"must pass at every turn to the end of the auction: {w.call} is not repeated"))


@action("the offender must repeat the cancelled call at the next turn",
        reads=('key', 'obligations', 'watches', 'procedure'),
        writes=('obligations', 'watches', 'rulings'), emits=())
def require_repeat(ctx: Ctx) -> Outcome:
    state, w = _without_watch(ctx)
    branch = branch_taken(ctx.state, w, ctx.event.made.call)  # type: ignore[union-attr]
    state = state.impose(w.offender, Obligation("repeat_call", w.law + "1", w.call, branch))
    return ended(state.rule(w.law + "1", f"{w.offender.long_name}'s RHO passed: "
                            f"{w.offender.long_name} must now repeat {w.call}"))


@action("the offender may make any legal call; it will be judged for comparability",
        reads=('key', 'watches', 'procedure'),
        writes=('watches', 'rulings'), emits=())
def free_but_judged(ctx: Ctx) -> Outcome:
    state = ctx.state
    w = _watch(ctx)
    assert w is not None
    rest = tuple(x for x in state.watches if x is not w)
    call = ctx.event.made.call  # type: ignore[union-attr]
    judged = Watch("judge_replacement", w.offender, w.call, w.law + "2", branch_taken(state, w, call))
    state = evolve(state, watches=(*rest, judged)).rule(
        w.law + "2", f"{w.offender.long_name}'s RHO called {call}: "
        f"{w.offender.long_name} may make any legal call, judged for comparability")
    return ended(state)


@action("the director judges whether the offender's call is comparable with the cancelled one",
        reads=('watches',),
        writes=('pending', 'watches'), emits=())
def judge_offenders_call(ctx: Ctx) -> Outcome:
    state = ctx.state
    w = _watch(ctx)
    assert w is not None
    rest = tuple(x for x in state.watches if x is not w)
    back = ctx.event.back  # type: ignore[union-attr]
    return Outcome(open_comparable(evolve(state, watches=rest), w.offender, back, w.call, w.law,
                                   silence="pass_next_turn", made=ctx.event.made))  # type: ignore[union-attr]


_AJ = f"{OOR}.awaiting_artificial_judgement"
_AD = f"{OOR}.awaiting_decision"
_AC = f"{OOR}.awaiting_choice"

ROWS: list[Row] = [
    *(r for source in OPEN for r in (
        *by_end_of_auction(Row(
            "phase", source, "call_out_of_rotation", "auction", "28A", FAMILY,
            "the pass RHO owed is deemed made; the call counts as in rotation",
            None, deem_pass, seat_trigger="deemed_pass"), deemed_pass, _with_deemed_pass, parts=("key", "passes_at_end"))[
            :1 if source == "awaiting_first_call" else None],
        Row("phase", source, "call_out_of_rotation", f"{OOR}.awaiting_decision", "28-32", FAMILY,
            "a call out of rotation: LHO may accept it, the right player may call, or the director rules",
            plain_out_of_rotation, hold_out_of_rotation, records="rotation"),
        Row("phase", source, "call_out_of_rotation", "bid_above_seven.awaiting_decision", "35C, 38", "35-39",
            "a bid above seven out of rotation: ruled as a bid above seven (38)", out_of_rotation_above_seven,
            hold_above_seven_out_of_rotation, records="inadmissible"),
        Row("phase", source, "call_out_of_rotation", "pass_obligation_violated.awaiting_decision",
            "35B, 37", FAMILY, "ruled as a call by a player obliged to pass (37)",
            out_of_rotation_while_silenced, hold_silenced_out_of_rotation),
    )),
    Row("phase", "auction", "call_out_of_rotation", "change_of_call.awaiting_judgement", "30B2, 31C, 32C",
        FAMILY, "a call at LHO's turn by the player who just called: an attempt to change it (25)",
        calls_again_at_lhos_turn, change_at_lhos_turn),
    *by_end_of_auction(Row(
        "phase", _AD, "call_while_pending", "auction", "29A", FAMILY,
        "LHO calls over it: accepted, no rectification", None, accept_out_of_rotation), by_accepting_lho,
        _if_accepted, parts=("key", "procedure", "procedure_place", "passes_at_end")),
    Row("phase", _AD, "call_while_pending", "auction", "28B", FAMILY,
        "the right player calls: cancelled, no rectification", by_player_whose_turn_it_was,
        right_player_calls),
    Row("phase", _AD, "director_called", _AC, "9B2, 29A", FAMILY,
        "the director explains: LHO may accept or decline", lho_has_a_choice, explain_options),
    *_double_rows(_AD, "director_called", no_choice_double, no_choice=True),
    Row("phase", _AD, "director_called", _AJ, "29B, 29C", FAMILY,
        "a pass or bid out of rotation is cancelled; was it artificial?", both(no_choice_pass_or_bid,
        meaning_not_explained, ask="Is it a pass or bid for the director to rule on, its meaning not explained?"),
        ask_artificial),
    Row("phase", _AD, "director_called", _AJ, "29B, 29C", FAMILY,
        "a pass or bid out of rotation is cancelled; its explanation tells whether it was artificial",
        both(no_choice_pass_or_bid, meaning_explained,
             ask="Is it a pass or bid for the director to rule on, its meaning explained?"), ask_artificial_explained),
    Row("phase", _AD, "call_while_pending", "auction", "36A", FAMILY,
        "LHO calls over an inadmissible double out of rotation: both cancelled, no rectification",
        lho_calls_over_inadmissible, cancel_both_36a),
    Row("phase", _AC, "call_while_pending", "auction", "28B", FAMILY,
        "the right player calls before the rectification is assessed: cancelled, no rectification",
        _while_lho_answers(by_player_whose_turn_it_was), right_player_calls),
    *by_end_of_auction(Row(
        "phase", _AC, "choose_accept", "auction", "29A", FAMILY,
        "LHO accepts: the call stands, no rectification", None, accept_by_choice), admissible_out_of_rotation,
        _if_accepted, parts=("key", "procedure", "procedure_place", "passes_at_end")),
    *by_end_of_auction(Row(
        "phase", _AC, "call_while_pending", "auction", "29A", FAMILY,
        "LHO calls over it: accepted, no rectification", None, accept_out_of_rotation),
        _while_lho_answers(by_accepting_lho), _if_accepted, parts=("key", "procedure", "procedure_place", "passes_at_end")),
    *_double_rows(_AC, "choose_decline", double_or_redouble_out_of_rotation, "declined: "),
    Row("phase", _AC, "choose_decline", _AJ, "29B, 29C", FAMILY,
        "declined: a pass or bid out of rotation is cancelled; was it artificial?",
        both(pass_or_bid_out_of_rotation, meaning_not_explained,
             ask="Was it a pass or bid whose meaning was not explained?"), ask_artificial),
    Row("phase", _AC, "choose_decline", _AJ, "29B, 29C", FAMILY,
        "declined: cancelled; its explanation tells whether it was artificial",
        both(pass_or_bid_out_of_rotation, meaning_explained,
             ask="Was it a pass or bid whose meaning was explained at the table?"), ask_artificial_explained),
    *(Row("phase", _AC, trig, _AJ, "29B, 29C", FAMILY,
          "LHO did not accept the call", pass_or_bid_out_of_rotation,
          judged_after_decline) for trig in ("judge_artificial", "judge_natural")),
    Row("phase", _AJ, "judge_natural", "auction", "30A", FAMILY,
        "a natural pass at RHO's turn: the offender passes at the next turn", pass_at_rhos_turn,
        silence_after_pass_at_rhos_turn,
        outcome="A natural pass at RHO's turn: cancelled; the offender must pass at the next turn"),
    Row("phase", _AJ, "judge_natural", "auction", "30B1b", FAMILY,
        "a natural pass at partner's or LHO's turn: the offender's next call is judged",
        pass_at_other_turn, judge_after_pass_at_other_turn,
        outcome="Cancelled; partner calls freely; if the offender's next call is not comparable, partner must "
                "pass next turn and declarer may restrict the lead (26B)"),
    Row("phase", _AJ, "judge_natural", "auction", "31A", FAMILY,
        "a bid at RHO's turn: repeat it if RHO passes, otherwise call freely, judged",
        bid_at_rhos_turn, watch_rho_after_call,
        outcome="Cancelled; if RHO passes the offender repeats it, with no rectification; if RHO calls, the "
                "offender calls freely: if not comparable, partner must pass next turn and declarer may "
                "restrict the lead (26B)"),
    Row("phase", _AJ, "judge_natural", "auction", "31B", FAMILY,
        "a bid at partner's or LHO's turn: partner calls freely, the offender's next call is judged",
        bid_at_other_turn, judge_after_call_at_other_turn,
        outcome="Cancelled; partner calls freely; if the offender's next call is not comparable, partner must "
                "pass next turn and declarer may restrict the lead (26B)"),
    Row("phase", _AJ, "judge_artificial", "auction", "30C, 31A", FAMILY,
        "an artificial call at RHO's turn: ruled as a bid at RHO's turn (31A)", at_rhos_turn, watch_rho_after_call,
        outcome="Ruled as a bid at RHO's turn, by the denominations it showed: repeated if RHO passes, else "
                "judged as above (31A)"),
    Row("phase", _AJ, "judge_artificial", "auction", "30C, 31B", FAMILY,
        "an artificial call at partner's or LHO's turn: ruled as a bid at partner's or LHO's turn (31B)", at_other_turn,
        judge_after_call_at_other_turn),
    *(r for source in ("auction", "clarification") for r in (
        Row("phase", source, "watched_call", source, "31A1, 32A1, 22A",
            FAMILY, "RHO's pass ended the auction: nothing is repeated, the call stays cancelled",
            rho_pass_ended_auction, repeat_lapsed, outcome="Nothing is repeated; the call stays cancelled"),
        Row("phase", source, "watched_call", source, "31A1, 32A1",
            FAMILY, "the obligation to pass prevails: nothing is repeated",
            rho_passed_offender_silenced, repeat_prevented),
        Row("phase", source, "watched_call", source, "31A1, 32A1",
            FAMILY, "RHO passed: the offender must repeat the cancelled call", rho_passed_repeat_owed,
            require_repeat, outcome="The offender must repeat the cancelled call"),
        Row("phase", source, "watched_call", source, "31A2, 32A2", FAMILY,
            "RHO called: the offender may call freely, judged for comparability", rho_called,
            free_but_judged, outcome="The offender may call freely: if not comparable, partner must pass next turn "
                                     "and declarer may restrict the lead (26B)"),
        Row("phase", source, "watched_call", "comparable_call.awaiting_judgement",
            "23A, 30B1b, 31A2, 31B2, 32A2, 32B2", FAMILY,
            "the offender's call after a cancelled one is judged for comparability",
            offender_called_again, judge_offenders_call,
            outcome="The director judges it against the cancelled call: comparable, no rectification; not "
                    "comparable, partner must pass next turn and declarer may restrict the opening lead (26B)"),
    )),
]
