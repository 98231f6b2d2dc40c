"""Comparable calls and lead restrictions: Laws 23 and 26.

Whether a replacement call is comparable with the withdrawn one (23A: same or similar meaning,
a subset of its meanings, or the same purpose) is always the director's judgement, given as an
input.  Comparable: no further rectification and no lead restrictions (23B, 26A).  Not
comparable: the rectification of the law that sent us here applies, and if the offender ends up
defending, declarer may prohibit a suit the offender did not specify (26B).
"""

from __future__ import annotations

from ..auction import AuctionState
from ..calls import parse_call
from ..engine import note, settle, stand
from ..events import Judgement
from ..records import LeadRestriction, Obligation, ObligationKind, Pending
from ..values import evolve

__all__ = ["on_judgement"]


def on_judgement(state: AuctionState, p: Pending, event: Judgement) -> AuctionState:
    """Apply the director's comparability judgement on call ``p.call_index``."""
    o, law = p.offender, p.get("law")
    withdrawn = parse_call(p.get("withdrawn"))
    note("judge_comparable" if event.value else "judge_not_comparable", state, o,
         state.record[p.call_index].call, *(("cancel_if_not",) if p.get("cancel_if_not") else ()))
    state = evolve(state, pending=None)
    new = state.record[p.call_index]
    if event.value:
        state = state.rule("23A, 26A", f"{o.long_name}'s {new.call} is comparable with the withdrawn "
                           f"{withdrawn}: no further rectification and no lead restrictions")
        if new.status == "pending":
            return stand(state, index=p.call_index, law="23B")
        return settle(state)
    restriction = LeadRestriction(o, f"{law}, 26B", withdrawn)
    state = state.restrict(restriction)
    if p.get("silence") == "none":
        state = state.rule(law, f"{o.long_name}'s {new.call} is not comparable with the withdrawn "
                           f"{withdrawn}: lead restrictions may follow (26B)")
        return stand(state, index=p.call_index, law=law) if new.status == "pending" else settle(state)
    silence: ObligationKind = "pass_rest_of_auction" if p.get("silence") == "pass_rest_of_auction" \
        else "pass_next_turn"
    state = state.impose(o.partner, Obligation(silence, law))
    duration = "for the rest of the auction" if silence == "pass_rest_of_auction" else "at the next turn"
    if p.get("cancel_if_not"):
        from .insufficient_bid import resume_replacement

        state = state.set_status(p.call_index, "cancelled", law).rule(
            law, f"{o.long_name}'s {new.call} is not comparable and is cancelled; "
            f"{o.partner.long_name} must pass {duration}; {o.long_name} must replace the "
            "insufficient bid again")
        return resume_replacement(state, o, int(p.get("resume_ib")))
    state = state.rule(law, f"{o.long_name}'s {new.call} is not comparable with the withdrawn "
                       f"{withdrawn}: {o.partner.long_name} must pass {duration}; lead restrictions "
                       "may follow (26B)")
    if new.status == "pending":
        return stand(state, index=p.call_index, law=law)
    return settle(state)
