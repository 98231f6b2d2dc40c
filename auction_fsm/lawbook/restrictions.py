"""Law 26B lead restrictions: which suits declarer may bar, and where each right stands.

A withdrawn call gives declarer a right over the offender's partner's first lead (26B); these
functions say which suits the right may bar (those the offender did not specify in the legal
auction) and whether it may still apply, has lapsed, waits for the play, or has been used.  They
are law decisions, so they live in the law book rather than in the position, which only holds
the facts (the calls, what each specified, the contract, the choices made).  Standard library
only.
"""

from __future__ import annotations

from ..auction import AuctionState, RestrictionStatus
from ..calls import Strain
from ..records import LeadRestriction
from ..seats import Seat

__all__ = ["suits_specified_by", "eligible_suits", "restriction_status"]


def suits_specified_by(state: AuctionState, seat: Seat) -> frozenset[Strain]:
    """The suits ``seat`` specified in a standing call of the legal auction (for 26B).

    A call explained at the table specifies what it showed (``specifies``: a transfer 2D
    showing hearts specifies hearts, not diamonds; a strong artificial 1C no suit); a call
    not explained specifies the suit it names, if any.  Kept with the standing calls' facts
    (:class:`~auction_fsm.standing.StandingFacts`), so this reads no record.
    """
    return state.standing_facts.suits_specified_by(seat)


def eligible_suits(state: AuctionState, restriction: LeadRestriction) -> tuple[Strain, ...]:
    """The suits declarer may prohibit under ``restriction``: those the offender did not
    specify in the legal auction (26B)."""
    named = suits_specified_by(state, restriction.offender)
    return tuple(s for s in Strain if s.is_suit and s not in named)


def restriction_status(state: AuctionState, restriction: LeadRestriction) -> RestrictionStatus:
    """Where the 26B right ``restriction`` stands, as one of :data:`RESTRICTION_STATUSES`.

    * ``may_apply``: the auction is not over; the right will bind the offender's partner
      only if the offender ends up defending;
    * ``lapsed``: the board was passed out, or the offender is declarer or dummy;
    * ``applies_in_play``: the offender is the opening leader, so the partner's first turn
      to lead, which the right binds, comes during the play, after the auction period;
    * ``to_choose``: the offender's partner is to make the opening lead and declarer has
      not yet decided whether to prohibit a suit;
    * ``used`` / ``declined``: declarer prohibited a suit for that lead, or chose not to.
    """
    if state.is_passed_out:
        return "lapsed"
    contract = state.contract
    if contract is None or state.options_key != state.key:
        return "may_apply"  # the auction is still open (or may yet be reopened, 17D3)
    if not restriction.offender.is_opponent_of(contract.declarer):
        return "lapsed"
    if restriction.leader != contract.opening_leader:
        return "applies_in_play"
    if "26B" not in state.lead_choices:
        return "to_choose"
    used = any(r.law == "26B" and r.leader == restriction.leader for r in state.lead_rules)
    return "used" if used else "declined"
