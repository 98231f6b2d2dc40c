"""When attention is drawn only later: Law 36C.

The model takes an irregularity as noticed when it is made.  An :class:`~auction_fsm.events.
Attention` event given right after an inadmissible double or redouble (Law 19) that nobody has
called over says instead that nobody noticed it until after the opening lead was faced: the call
stands as made, the auction goes on, and when the opening lead is faced the contract is scored
as if the call had not been made (36C).  The call is marked in the record (law ``36C``) until
then; the rows that face the opening lead give the ruling (:func:`score_as_if_not_made`), and from
then on :attr:`~auction_fsm.auction.AuctionState.contract` is the contract scored.
"""

from __future__ import annotations

from ..auction import AuctionState
from ..values import evolve
from .rows import Ctx, Outcome, Row, action

__all__ = ["ROWS", "score_as_if_not_made", "UNNOTICED"]

FAMILY = "35-39"
UNNOTICED = "36C"  # the law on a record that stands until the opening lead is faced


@action("the inadmissible call stands for now; the contract will be scored as if it had not been made")
def let_stand_unnoticed(ctx: Ctx) -> Outcome:
    p = ctx.state.pending
    assert p is not None
    state = evolve(ctx.state, pending=None).set_status(p.call_index, "stands", UNNOTICED)
    call = state.record[p.call_index]
    return Outcome(state.rule(UNNOTICED, f"nobody draws attention to {call.seat.long_name}'s inadmissible "
                              f"{call.call} until after the opening lead is faced: the auction goes on with "
                              "it, and the contract is then scored as if it had not been made"))


def score_as_if_not_made(state: AuctionState) -> AuctionState:
    """Once the opening lead is faced, a ruling for each inadmissible call left unnoticed: the
    contract is scored as if it had not been made (36C).  The call stays in the record as made;
    :attr:`AuctionState.contract` leaves it out of the doubling from then on."""
    for r in state.record:
        if r.law == UNNOTICED and r.stands:
            contract = state.contract
            scored = "" if contract is None else f": the contract is {contract.text}"
            state = state.rule(UNNOTICED, f"attention is drawn to {r.seat.long_name}'s inadmissible {r.call} "
                               "only after the opening lead is faced: the contract is scored as if it had "
                               f"not been made{scored}")
    return state


ROWS: list[Row] = [
    Row("phase", "inadmissible_double.awaiting_decision", "noticed_after_lead", "auction", "36C", FAMILY,
        "noticed only after the opening lead is faced: the call stands; scored as if not made", None,
        let_stand_unnoticed),
]
