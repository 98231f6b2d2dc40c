"""Review and explanation of calls during the auction: Law 20.

A player may have all previous calls restated at their own turn to call, unless obliged to pass
(20B), and may ask at their turn what an opponent's call means (20F1).  After the final pass a
defender may ask whether it is their lead, and the players may have the auction restated
(20C).  Neither request changes any call; the answer goes into the rulings so that the narrated
replay can give it.
"""

from __future__ import annotations

from typing import Final

from ..auction import AuctionState
from ..errors import DecisionError, LawBookError
from ..events import ExplanationRequest, ReviewRequest
from ..records import CallRecord
from ..seats import Seat
from . import lead as _lead_facts  # noqa: F401  (declares actor_from_declarer, read by the guards below)
from . import position_facts  # noqa: F401  (declares the facts the guards below read)
from .facts import FactView
from .rows import OTHERWISE, SAME, Ctx, Outcome, Row, action, reads
from .states import OPEN

__all__ = ["ROWS", "restatement"]

FAMILY = "20"


def _check_opponents_call(state: AuctionState, event: ExplanationRequest) -> CallRecord:
    """The call asked about; it must exist and be an opponent's (20F)."""
    s = event.seat
    if event.call_index > len(state.record):
        raise DecisionError(f"{s.long_name} asks about call {event.call_index}, but only "
                            f"{len(state.record)} calls were made")
    r = state.record[event.call_index - 1]
    if not r.seat.is_opponent_of(s):
        raise DecisionError(f"call {event.call_index} ({r.seat.name} {r.call}) is not an "
                            f"opponent's call: {s.long_name} asks about the opponents' calls (20F)")
    return r


def restatement(state: AuctionState) -> str:
    """All standing calls in order, as a review gives them (20B)."""
    calls = ", ".join(f"{r.seat.name} {r.call}" for r in state.standing_calls)
    return calls or "no calls yet"


def _at_own_turn(state: AuctionState, event: ReviewRequest | ExplanationRequest, law: str) -> None:
    s = event.seat
    if s != state.turn:
        raise DecisionError(f"{s.long_name} may ask only at their own turn to call; it is "
                            f"{state.turn.long_name}'s turn (Law {law})")
    if state.must_pass(s):
        raise DecisionError(f"{s.long_name} is obliged to pass and may not ask (Law {law})")


def _after_auction(state: AuctionState, event: ReviewRequest | ExplanationRequest, kind: str) -> None:
    s = event.seat
    contract = state.contract
    assert contract is not None
    if s == contract.dummy:
        raise DecisionError(f"{s.long_name} is dummy and may not ask for a {kind} (20C2, 20F2)")
    lead = state.current_lead
    if lead is None and s != contract.opening_leader:
        raise DecisionError(f"{s.long_name}'s {kind} must wait for the opening lead to be made face down: "
                            f"before it, only {contract.opening_leader.long_name}, at his turn to play, may ask "
                            "(20C2, 20F2); declarer and the leader's partner ask after the face-down lead, "
                            "before it is faced (41B)")
    if lead is not None and s == lead.seat:
        raise DecisionError(f"{s.long_name} has led face down; the questions now belong to the "
                            "leader's partner and declarer (41B)")
    if isinstance(event, ExplanationRequest) and event.call_index:
        _check_opponents_call(state, event)


@action("the auction is restated for the player (20B)",
        reads=('turn', 'record', 'obligations'),
        writes=('rulings',), emits=())
def restate(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, ReviewRequest)
    _at_own_turn(ctx.state, event, "20B")
    return Outcome(ctx.state.rule("20B", f"auction restated for {event.seat.long_name}: "
                                  f"{restatement(ctx.state)}"))


@action("the opponents' call is explained by the caller's partner (20F1)",
        reads=('turn', 'record', 'obligations'),
        writes=('rulings',), emits=())
def explain(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, ExplanationRequest)
    _at_own_turn(ctx.state, event, "20F1")
    return Outcome(_explained(ctx.state, event))


def _explained(state: AuctionState, event: ExplanationRequest) -> AuctionState:
    """``state`` with the 20F1 ruling for ``event`` (the call asked about checked first)."""
    s = event.seat
    if event.call_index:
        r = _check_opponents_call(state, event)
        return state.rule("20F1", f"{s.long_name} asks what {r.seat.long_name}'s {r.call} "
                          f"means; {r.seat.partner.long_name} answers")
    return state.rule("20F1", f"{s.long_name} asks about the opponents' auction; each call "
                      "is explained by the caller's partner")


def _after_law(law: str, state: AuctionState) -> str:
    """``law`` (20C2, 20F2), with 41B once the opening lead is face down (the rows' own laws)."""
    return f"{law}, 41B" if state.current_lead is not None else law


@action("the auction is restated after the final pass (20C2)",
        reads=('record', 'leads', 'contract'),
        writes=('rulings',), emits=())
def restate_after(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, ReviewRequest)
    _after_auction(ctx.state, event, "review")
    return Outcome(ctx.state.rule(_after_law("20C2", ctx.state), f"auction restated for {event.seat.long_name}: "
                                  f"{restatement(ctx.state)}"))


@action("the opposing auction is explained after the final pass (20F2)",
        reads=('record', 'leads', 'contract'),
        writes=('rulings',), emits=())
def explain_after(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, ExplanationRequest)
    _after_auction(ctx.state, event, "explanation")
    return Outcome(ctx.state.rule(_after_law("20F2", ctx.state), f"{event.seat.long_name} asks about the opponents' auction; "
                                  "the partner of the player who made each call answers"))


#: The steps at which the offender's LHO may still settle the irregularity by calling over it
#: (27A1, 27C, 29A, 36A, 37A, 38D, 39B), or decides whether to accept it once the director has
#: explained (27A1, 29A): LHO is about to call, so it is LHO's turn to ask.
_LHO_MAY_CALL: Final = ("insufficient_bid.awaiting_decision", "insufficient_bid.premature_replacement",
                        "insufficient_bid.awaiting_choice", "out_of_rotation.awaiting_choice",
                        "out_of_rotation.awaiting_decision", "inadmissible_double.awaiting_decision",
                        "pass_obligation_violated.awaiting_decision", "bid_above_seven.awaiting_decision",
                        "call_after_final_pass.awaiting_decision")
#: The steps whose decider is the player whose turn it is to call: LHO deciding on a change of
#: call (25B), the offender who must replace an insufficient bid (27B).
_DECIDER_AT_TURN: Final = ("change_of_call.awaiting_acceptance", "insufficient_bid.awaiting_replacement")


@reads("actor_from_offender", words="the offender's LHO asks, who may accept or let the call go by calling now "
       "(20B, 20F1)", ask="Does the offender's LHO, about to call, ask for a review or an explanation?")
def asked_by_lho_about_to_call(f: FactView) -> bool:
    return bool(f.actor_from_offender == 1)


@reads("actor_from_offender", "decider_from_offender", "actor_from_turn",
       words="the player who decides asks, at his turn to call (20B, 20F1)",
       ask="Does the player who decides, at his turn to call, ask for a review or an explanation?")
def asked_by_decider_at_turn(f: FactView) -> bool:
    actor = f.actor_from_offender
    return actor is not None and actor == f.decider_from_offender and f.actor_from_turn == 0


def _not_silenced(state: AuctionState, seat: Seat, law: str) -> None:
    if state.must_pass(seat):
        raise DecisionError(f"{seat.long_name} is obliged to pass and may not ask (Law {law})")


@action("the auction is restated for the player about to call, before he decides (20B)",
        reads=('record', 'obligations'),
        writes=('rulings',), emits=())
def restate_before_deciding(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, ReviewRequest)
    _not_silenced(ctx.state, event.seat, "20B")
    return Outcome(ctx.state.rule("20B", f"auction restated for {event.seat.long_name}, who is about to call: "
                                  f"{restatement(ctx.state)}"))


@action("the opponents' call is explained to the player about to call, before he decides (20F1)",
        reads=('record', 'obligations'),
        writes=('rulings',), emits=())
def explain_before_deciding(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, ExplanationRequest)
    _not_silenced(ctx.state, event.seat, "20F1")
    return Outcome(_explained(ctx.state, event))


#: The steps at which declarer chooses, after the final pass and before the opening lead, what the
#: presumed leader may or must lead (50D2, 51B, 26B).  The leader is then at his turn to play.
_DECLARER_CHOOSES: Final = ("declarer_lead_options.penalty_card", "declarer_lead_options.lead_restriction",
                            "declarer_lead_options.designate_card")


@reads("actor_from_declarer", words="the presumed opening leader asks, at his turn to play, while declarer "
       "chooses what he may lead (20C2, 20F2)",
       ask="Does the presumed opening leader ask for a review or an explanation while declarer chooses?")
def asked_by_presumed_leader(f: FactView) -> bool:
    return bool(f.actor_from_declarer == 1)


@reads("actor_from_declarer", words="declarer, dummy or the leader's partner asks while declarer chooses",
       ask=OTHERWISE)
def asked_by_another_player(f: FactView) -> bool:
    return bool(f.actor_from_declarer != 1)


@action("the question waits: before the opening lead is made face down only the presumed leader may ask "
        "(20C2, 20F2, 41B)",
        reads=('leads', 'contract'), writes=(), emits=())
def wait_for_the_lead(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, (ReviewRequest, ExplanationRequest))
    _after_auction(ctx.state, event, "review" if isinstance(event, ReviewRequest) else "explanation")
    raise LawBookError(f"{event.seat.long_name}'s question while declarer chooses should have been refused "
                       "(20C2, 20F2): the guard and the position disagree on who the presumed leader is")


ROWS: list[Row] = [
    *(Row("phase", source, trigger, SAME, law, FAMILY, f"the player about to call {what}", who, act)
      for source, who in ((s, asked_by_lho_about_to_call) for s in _LHO_MAY_CALL)
      for trigger, law, what, act in (
          ("review_request", "20B", "has the auction restated", restate_before_deciding),
          ("explanation_request", "20F1", "asks what an opponent's call means", explain_before_deciding))),
    *(Row("phase", source, trigger, SAME, law, FAMILY, f"the player who decides, at his turn, {what}", who, act)
      for source, who in ((s, asked_by_decider_at_turn) for s in _DECIDER_AT_TURN)
      for trigger, law, what, act in (
          ("review_request", "20B", "has the auction restated", restate_before_deciding),
          ("explanation_request", "20F1", "asks what an opponent's call means", explain_before_deciding))),
    *(r for source in OPEN for r in (
        Row("phase", source, "review_request", SAME, "20B", FAMILY, "the auction is restated", None, restate),
        Row("phase", source, "explanation_request", SAME, "20F1", FAMILY, "an opponent's call is explained",
            None, explain),
    )),
    *(r for source in ("clarification", "opening_lead") for r in (
        Row("phase", source, "review_request", SAME, "20C2, 41B" if source == "opening_lead" else "20C2",
            FAMILY, "the auction is restated", None, restate_after),
        Row("phase", source, "explanation_request", SAME, "20F2, 41B" if source == "opening_lead" else "20F2",
            FAMILY, "the opposing auction is explained", None, explain_after),
    )),
    *(r for source in _DECLARER_CHOOSES for trigger, law, what, act in (
        ("review_request", "20C2", "has the auction restated", restate_after),
        ("explanation_request", "20F2", "asks what the opponents' calls mean", explain_after))
      for r in (
        Row("phase", source, trigger, SAME, law, FAMILY, f"the presumed opening leader, while declarer chooses, {what}",
            asked_by_presumed_leader, act),
        Row("phase", source, trigger, SAME, f"{law}, 41B", FAMILY,
            "another player's question waits for the opening lead to be made face down", asked_by_another_player,
            wait_for_the_lead, refusal=True),
    )),
]
