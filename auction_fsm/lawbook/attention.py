"""When attention is drawn only later: Laws 36A, 36B and 36C for a call nobody noticed at once.

The model takes an irregularity as noticed when it is made.  An :class:`~auction_fsm.events.
Attention` event given right after an inadmissible double or redouble (Law 19) that nobody has
called over says instead that nobody noticed it then:

* ``after_opening_lead``: nobody noticed it until after the opening lead was faced.  The call
  stands as made, the auction goes on, and when the opening lead is faced the contract is scored
  as if the call had not been made (36C).  The call is marked in the record (law ``36C``) until
  then; the rows that face the opening lead give the ruling (:func:`score_as_if_not_made`), and
  from then on :attr:`~auction_fsm.auction.AuctionState.contract` is the contract scored.
* ``later``: nobody draws attention to it for now.  The call stands as made (law ``9A, 36``)
  and the auction goes on; the next call of the director in the auction period draws attention
  to it.  If anyone has called since, the offender's LHO called before rectification: the call
  and every call after it are cancelled and the auction goes back to the offender (36A); if
  nobody has, the director rules as if called at once (36B).  If nobody calls him before the
  lead is faced, 36C, as above.
"""

from __future__ import annotations

from collections.abc import Hashable

from .. import rules
from ..auction import UNNOTICED_LAWS, AuctionState
from ..events import Attention, DirectorCalled
from ..records import Pending
from ..values import evolve
from .facts import FactView, computes, slot
from .rows import Ctx, Outcome, Row, action, reads

__all__ = ["ROWS", "score_as_if_not_made", "UNNOTICED", "NOT_YET_NOTICED"]

FAMILY = "35-39"
UNNOTICED, NOT_YET_NOTICED = UNNOTICED_LAWS  # the laws on a call that stands unnoticed (see above)
assert (UNNOTICED, NOT_YET_NOTICED) == ("36C", "9A, 36")


def _let_stand(ctx: Ctx, law: str, until: str) -> Outcome:
    p = ctx.state.pending
    assert p is not None
    state = evolve(ctx.state, pending=None).set_status_back(p.back, "stands", law)
    return Outcome(state.rule(law, f"nobody draws attention to {p.offender.long_name}'s inadmissible "
                              f"{p.made} {until}"))


@action("the inadmissible call stands for now; the contract will be scored as if it had not been made",
        reads=('key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'standing_facts'), emits=())
def let_stand_unnoticed(ctx: Ctx) -> Outcome:
    return _let_stand(ctx, UNNOTICED, "until after the opening lead is faced: the auction goes on with it, "
                      "and the contract is then scored as if it had not been made")


@action("the inadmissible call stands for now; the next call of the director draws attention to it",
        reads=('key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'standing_facts'), emits=())
def let_stand_for_now(ctx: Ctx) -> Outcome:
    return _let_stand(ctx, NOT_YET_NOTICED, "for now: the auction goes on with it until the director is called "
                      "(36A if anyone has called since, 36B if not; 36C if only after the opening lead is faced)")


slot("called_since_unnoticed", FAMILY, (bool, type(None)),
     "whether anyone has called since the inadmissible call nobody has yet drawn attention to (each call "
     "after it standing and regular); none if there is no such call",
     parts=('unnoticed_open',))


slot("inadmissible_call_awaits_decision", FAMILY, bool,
     "the waiting procedure is Law 36's on an inadmissible double or redouble just made, at the step "
     "where it waits for a decision (before anyone calls over it or calls the director)",
     parts=('procedure',))
slot("inadmissible_call_in_turn_over_bid", FAMILY, bool,
     "the double or redouble that Law 36's waiting procedure rules on was made in turn, with a bid in "
     "the auction; false if no such procedure waits",
     parts=('key', 'procedure'))
slot("attention_when", FAMILY, (str, type(None)),
     "how long the event says nobody noticed an inadmissible call: 'later' (for now, 9A) or "
     "'after_opening_lead' (36C); none for any other event",
     parts=())


@computes("inadmissible_call_awaits_decision")
def _inadmissible_call_awaits_decision(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return p is not None and p.procedure == "inadmissible_double" and p.step == "awaiting_decision"


@computes("inadmissible_call_in_turn_over_bid")
def _inadmissible_call_in_turn_over_bid(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    if p is None or p.procedure != "inadmissible_double":
        return False
    # (Law 36's procedure names the caller as offender, and the seat whose turn it was)
    return p.in_turn_of == p.offender and rules.unpack(ctx.state.key)[1] >= 0


@computes("attention_when")
def _attention_when(ctx: Ctx) -> Hashable:
    return ctx.event.when if isinstance(ctx.event, Attention) else None


@computes("called_since_unnoticed")
def _called_since_unnoticed(ctx: Ctx) -> Hashable:
    return ctx.state.unnoticed_open


@reads("called_since_unnoticed",
       words="someone has called since the unnoticed call: its LHO called before rectification (36A)",
       ask="Has anyone called over it?")
def called_since(f: FactView) -> bool:
    return f.called_since_unnoticed is True


@reads("called_since_unnoticed", words="nobody has called since the unnoticed call",
       ask="Has nobody called over it yet?")
def nobody_called_since(f: FactView) -> bool:
    return f.called_since_unnoticed is False


@action("attention is drawn: the inadmissible call and every call after it are cancelled; the auction goes "
        "back to the offender, with no rectification and no lead restrictions (36A)",
        reads=('leads', 'unnoticed_call'),
        writes=('key', 'record', 'rulings', 'leads', 'standing_facts'), emits=())
def cancel_all_after(ctx: Ctx) -> Outcome:
    # the call and the auction before it come from the position (the view ``unnoticed_call``), not
    # from a look back over the record: cancelling it and every later call (all standing) leaves
    # the auction as it was before it
    u = ctx.state.unnoticed_call
    assert u is not None
    r = u.entry
    state = ctx.state.set_statuses_back(tuple((back, "cancelled", "36A") for back in range(u.back, -1, -1)),
                                        u.key_before, u.facts_before)
    face_down = state.current_lead
    if face_down is not None:
        state = evolve(state, leads=tuple(evolve(ld, status="withdrawn", law="41A") if ld is face_down
                                          else ld for ld in state.leads))
        state = state.rule("41A", f"the auction reopens: {face_down.seat.long_name}'s face-down lead goes "
                           "back to the hand")
    later = u.back
    return Outcome(state.rule("36A", f"attention is drawn to {r.seat.long_name}'s inadmissible {r.call} after "
                              f"{later} call{'s' if later > 1 else ''}: {r.seat.lho.long_name} called before "
                              f"rectification, so it and every call after it are cancelled; the auction goes "
                              f"back to {r.seat.long_name} as though there had been no irregularity, with no lead "
                              "restrictions"))


@action("attention is drawn before anyone has called over it: the director rules as if called at once (36B)",
        reads=('unnoticed_call',),
        writes=('key', 'record', 'pending', 'standing_facts'), emits=('DirectorCalled',))
def rule_now(ctx: Ctx) -> Outcome:
    # nobody has called since (the guard): the call is the last entry, and holding it again for the
    # ruling takes the auction back to where it was before it
    u = ctx.state.unnoticed_call
    assert u is not None and u.back == 0, u
    r = u.entry
    state = ctx.state.set_statuses_back(((u.back, "pending", "19, 36"),), u.key_before, u.facts_before)
    p = Pending("inadmissible_double", "awaiting_decision", "19, 36", r.seat.lho.name, ("lho_calls", "director"),
                r.seat, u.back, r.in_turn_of, call=r.call, specifies=r.specifies)
    return Outcome(evolve(state, pending=p), (DirectorCalled(),))


def score_as_if_not_made(state: AuctionState) -> AuctionState:
    """Once the opening lead is faced, a ruling for each inadmissible call left unnoticed: the
    contract is scored as if it had not been made (36C).  The call stays in the record as made;
    :attr:`AuctionState.contract` leaves it out of the doubling from then on."""
    for seat, call in state.standing_facts.unnoticed:
        contract = state.contract
        scored = "" if contract is None else f": the contract is {contract.text}"
        state = state.rule(UNNOTICED, f"attention is drawn to {seat.long_name}'s inadmissible {call} "
                           "only after the opening lead is faced: the contract is scored as if it had "
                           f"not been made{scored}")
    return state


ROWS: list[Row] = [
    Row("phase", "inadmissible_double.awaiting_decision", "noticed_after_lead", "auction", "36C", FAMILY,
        "noticed after the lead is faced: the call stands, scored as if not made", None,
        let_stand_unnoticed),
    Row("phase", "inadmissible_double.awaiting_decision", "noticed_later", "auction", "9A, 36", FAMILY,
        "the call stands until the director is called", None, let_stand_for_now),
    *(Row("phase", source, "attention_drawn", "auction", "36A", FAMILY,
          "attention drawn after calls over it: it and every later call are cancelled", called_since,
          cancel_all_after) for source in ("auction", "clarification", "opening_lead")),
    Row("phase", "auction", "attention_drawn", "inadmissible_double.awaiting_decision", "36B", FAMILY,
        "nobody called over it yet: the director rules at once", nobody_called_since, rule_now),
]
