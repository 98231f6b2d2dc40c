"""Comparable calls and lead restrictions: Laws 23 and 26.

Whether a replacement call is comparable with the withdrawn one (23A: same or similar meaning,
a subset of its meanings, or the same purpose) is always the director's judgement, given as an
input.  Comparable: no further rectification and no lead restrictions (23B, 26A).  Not
comparable: the rectification of the law that sent us here applies, and if the offender ends up
defending, declarer may prohibit a suit the offender did not specify (26B).
"""

from __future__ import annotations

from collections.abc import Hashable

from ..auction import AuctionState
from ..calls import parse_call
from ..records import LeadRestriction, Obligation, ObligationKind, Pending
from ..values import evolve
from .common import (
    citing_silence,
    ended,
    nothing_further,
    pass_out_of_rotation_at_end,
    silenced_by_27,
    stand_held,
)
from .facts import FactView, computes, slot
from .insufficient import resume_replacement, shows_of
from .rows import ASK_TRIGGER, OTHERWISE, Ctx, Guard, Outcome, Row, action, both, reads

__all__ = ["ROWS"]

FAMILY = "23, 26"
CC = "comparable_call.awaiting_judgement"


def _pending(ctx: Ctx) -> Pending:
    p = ctx.state.pending
    assert p is not None
    return p


def _held(p: Pending) -> bool:
    """Whether the judged call is held in the record waiting for the judgement (status pending)
    rather than standing already: a replacement of an insufficient bid is held until the
    director rules on it (27B, 27C), while a call judged after a call out of rotation (30B1b,
    31A2, 31B, 32) or an accepted change of call (25B1) stood before the judgement was asked
    for.  Known from the procedure, not looked up in the record (tests/test_pending_call.py
    checks the two agree wherever a judgement waits)."""
    return _replaces_insufficient(p)


def _finish(state: AuctionState, p: Pending, law: str) -> Outcome:
    """The judged call stands if it was waiting to (known by value and by its place from the
    end: :func:`~.common.stand_held`); then the end of the auction, if reached."""
    if _held(p):
        return stand_held(state, p, law=law)
    return ended(state)


def adjustment_note(law: str) -> tuple[str, str]:
    """The note a comparable replacement leaves: the director may still adjust the score at the
    end of play if the non-offending side was damaged (27D after 27B1b, 23C otherwise)."""
    which = "27D" if law.startswith("27") else "23C"
    return which, ("if the non-offending side was damaged by what the withdrawn call told partner, the "
                   "director may adjust the score at the end of play")


def _replaces_insufficient(p: Pending) -> bool:
    """Whether the judged call replaces an insufficient bid (Law 27 sent it here: 27B1b)."""
    return p.get("law").startswith("27")


@action("the call stands with no rectification of its own and no lead restrictions (23B, 26A; 27B1b for "
        "an insufficient bid's replacement); a silence 27B3 or 27B4 already imposed stays",
        reads=('key', 'obligations', 'watches', 'restrictions', 'key_step', 'procedure', 'procedure_call', 'procedure_place', 'passes_at_end'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations', 'standing_facts'), emits=('AuctionEnds', 'WatchedCall'),
        carries=('procedure_call',))
def comparable(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    o, withdrawn = p.offender, parse_call(p.get("withdrawn"))
    state = evolve(ctx.state, pending=None)
    new = p.made
    further = nothing_further(state, o)
    law = citing_silence("27B1b, 23A", state, o) if _replaces_insufficient(p) else "23A, 26A"
    cite = " (27B1b)" if _replaces_insufficient(p) else ""
    state = state.rule(law, f"{o.long_name}'s {new} is comparable with the withdrawn "
                       f"{withdrawn}{cite}: {further}" + ("" if further != "no further rectification" else
                                                          " and no lead restrictions"))
    state = state.rule(*adjustment_note(p.get("law")))
    return _finish(state, p, "23B")


@action("the rectification of the law that sent us here applies, with 26B rights",
        reads=('key', 'obligations', 'watches', 'restrictions', 'key_step', 'procedure', 'procedure_call', 'procedure_place', 'passes_at_end'),
        writes=('key', 'record', 'obligations', 'pending', 'restrictions', 'rulings', 'standing_facts'), emits=('AuctionEnds', 'WatchedCall'),
        carries=('procedure_call',))
def not_comparable(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    o, law, withdrawn = p.offender, p.get("law"), parse_call(p.get("withdrawn"))
    state = evolve(ctx.state, pending=None).restrict(LeadRestriction(o, f"{law}, 26B", withdrawn))
    new = p.made
    if p.get("silence") == "none":
        state = state.rule(law, f"{o.long_name}'s {new} is not comparable with the withdrawn "
                           f"{withdrawn}: lead restrictions may follow (26B)")
        return _finish(state, p, law)
    before = silenced_by_27(ctx.state, o)
    if before and p.get("silence") == "pass_rest_of_auction":  # 27B4 or 27B3 decided it already
        state = state.rule(f"{before}, {law}", f"{o.long_name}'s {new} is not comparable with the "
                           f"withdrawn {withdrawn}: {o.partner.long_name} must still pass at every turn to the "
                           f"end of the auction (Law {before}) and lead restrictions may follow (26B)")
        return _finish(state, p, law)
    silence: ObligationKind = ("pass_rest_of_auction" if p.get("silence") == "pass_rest_of_auction"
                               else "pass_next_turn")
    state = state.impose(o.partner, Obligation(silence, law))
    duration = "for the rest of the auction" if silence == "pass_rest_of_auction" else "at the next turn"
    state = state.rule(law, f"{o.long_name}'s {new} is not comparable with the withdrawn "
                       f"{withdrawn}: {o.partner.long_name} must pass {duration}; lead restrictions "
                       "may follow (26B)")
    return _finish(state, p, law)


@action("the attempted double or redouble is cancelled, partner silenced; replace again (27B3)",
        reads=('obligations', 'restrictions', 'key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'obligations', 'pending', 'restrictions', 'rulings'), emits=(),
        carries=('procedure_call',))
def not_comparable_cancelled(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    o, law, withdrawn = p.offender, p.get("law"), parse_call(p.get("withdrawn"))
    state = evolve(ctx.state, pending=None).restrict(LeadRestriction(o, f"{law}, 26B", withdrawn))
    new = p.made
    state = state.impose(o.partner, Obligation("pass_rest_of_auction", law))
    state = state.set_status_back(p.back, "cancelled", law).rule(
        law, f"{o.long_name}'s {new} is not comparable and is cancelled; "
        f"{o.partner.long_name} must pass for the rest of the auction; {o.long_name} must replace the "
        "insufficient bid again")
    # the insufficient bid, by value (the judgement's withdrawn call) and by place (no call added)
    return Outcome(resume_replacement(state, o, int(p.get("resume_ib")), withdrawn,
                                      shows_of(p.get("resume_ib_shows"))))


# --- the facts the guards of Laws 23 and 26 read -----------------------------------------------
slot("phase_after_judged_call", FAMILY, str,
     "where the auction stands once the call judged for comparability stands: 'auction' (still open, or "
     "taken back under 17D3), 'clarification' (ended with a contract) or 'passed_out'; empty if no "
     "judgement waits",
     parts=('key', 'procedure', 'procedure_place', 'passes_at_end'))
slot("cancel_if_not_comparable", FAMILY, bool,
     "the call judged for comparability is cancelled if it is not comparable: an attempted double or "
     "redouble replacing an insufficient bid (27B3); false if no comparability judgement waits",
     parts=('procedure',))
slot("judged_call_replaces_insufficient", FAMILY, bool,
     "the call judged for comparability replaces an insufficient bid, Law 27 having sent it to the "
     "director (27B1b); false if it follows another irregularity or no judgement waits",
     parts=('procedure',))


@computes("phase_after_judged_call")
def _after(ctx: Ctx) -> str:
    """The phase once the judged call stands: ``auction``, ``clarification`` or ``passed_out``
    (a waiting call that is a pass may end the auction); empty if no judgement waits."""
    p = ctx.state.pending
    if p is None or p.state_name != CC:
        return ""
    state = ctx.state
    if _held(p):
        state = state.set_status_back(p.back, "stands")
    if pass_out_of_rotation_at_end(state):
        return "auction"  # 17D3 takes the auction back
    if state.is_passed_out:
        return "passed_out"
    return "clarification" if state.is_over else "auction"


@computes("cancel_if_not_comparable")
def _cancel_if_not_comparable(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return p is not None and bool(p.get("cancel_if_not"))


@computes("judged_call_replaces_insufficient")
def _judged_call_replaces_insufficient(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return p is not None and _replaces_insufficient(p)


def _ends(dest: str, kept: bool) -> Guard:
    words = {"auction": "the auction stays open", "clarification": "the auction has ended with a contract",
             "passed_out": "the board is passed out"}[dest]
    if kept:
        def kept_then(f: FactView) -> bool:
            return bool(not f.cancel_if_not_comparable and f.phase_after_judged_call == dest)
        kept_then.__name__ = f"kept_{dest}"
        return reads("cancel_if_not_comparable", "phase_after_judged_call",
                     words=f"the judged call stands whether comparable or not, and {words}",
                     ask=OTHERWISE)(kept_then)

    def then(f: FactView) -> bool:
        return bool(f.phase_after_judged_call == dest)
    then.__name__ = f"then_{dest}"
    return reads("phase_after_judged_call", words=f"once the judged call stands, {words}",
                 ask=ASK_TRIGGER)(then)


@reads("cancel_if_not_comparable",
       words="an attempted double or redouble replacing an insufficient bid (27B3)",
       ask="Was it an attempted double or redouble replacing an insufficient bid?")
def cancelled_if_not_comparable(f: FactView) -> bool:
    return bool(f.cancel_if_not_comparable)


@reads("judged_call_replaces_insufficient", words="the judged call replaces an insufficient bid (27B1b)")
def replaces_insufficient(f: FactView) -> bool:
    return bool(f.judged_call_replaces_insufficient)


@reads("judged_call_replaces_insufficient",
       words="the judged call follows another irregularity (30, 31, 32, 25B1)")
def replaces_other(f: FactView) -> bool:
    return not f.judged_call_replaces_insufficient


ROWS: list[Row] = [
    *(Row("phase", CC, "judge_comparable", dest, "27B1b, 23B", FAMILY,
          "comparable with the insufficient bid: no rectification for the replacement (27B1b)",
          both(replaces_insufficient, _ends(dest, False), ask="Does it replace an insufficient bid?"), comparable,
          outcome="Comparable: the call stands with no rectification and no lead restrictions; if the "
                  "insufficient bid helped the offending side, the director may adjust the score (27D)")
      for dest in ("auction", "clarification", "passed_out")),
    *(Row("phase", CC, "judge_comparable", dest, "23B, 26A", FAMILY,
          "comparable: no further rectification",
          both(replaces_other, _ends(dest, False), ask=OTHERWISE), comparable,
          outcome="Comparable: the call stands with no rectification and no lead restrictions; if the "
                  "withdrawn call helped the offending side, the director may adjust the score (23C)")
      for dest in ("auction", "clarification", "passed_out")),
    *(Row("phase", CC, "judge_not_comparable", dest, "26B", FAMILY,
          "not comparable: the law's rectification applies, with 26B rights", _ends(dest, True),
          not_comparable,
          outcome="Not comparable: the call stands and partner must pass for the rest of the auction after an "
                  "insufficient bid (27B2), at the next turn after a call out of rotation (30B1b, 31A2, 31B, "
                  "32); after an accepted change of call nothing more (25B1). Then if the offender's side "
                  "defends, declarer may restrict partner's opening lead (26B)")
      for dest in ("auction", "clarification", "passed_out")),
    Row("phase", CC, "judge_not_comparable", "insufficient_bid.awaiting_replacement", "27B3", FAMILY,
        "an attempted double or redouble is cancelled; replace again", cancelled_if_not_comparable,
        not_comparable_cancelled,
        outcome="The double or redouble is cancelled; partner must pass for the rest of the auction; the "
                "offender replaces the insufficient bid again; lead restrictions may follow (26B)"),
]
