"""The states of the machines: the phases of the auction period and what a seat may owe.

Each irregularity procedure is a parent state whose steps are nested states named
``procedure.step`` (``insufficient_bid.awaiting_replacement``); the pure core's
:attr:`~auction_fsm.auction.AuctionState.phase` uses the same names.  Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .rows import Machine

__all__ = ["StateKind", "StateSpec", "PROCEDURES", "STATES", "OPEN", "ACCEPTABLE"]

StateKind = Literal["initial", "normal", "terminal", "obligation", "decision", "irregularity"]


@dataclass(frozen=True, slots=True)
class StateSpec:
    """A state of one machine; ``parent`` names the enclosing state of a nested state."""

    machine: Machine
    name: str
    kind: StateKind
    summary: str
    parent: str | None = None


# Irregularity procedures: the phase machine's nested states (parent -> its steps).
PROCEDURES: Final[dict[str, tuple[str, tuple[tuple[str, str], ...]]]] = {
    "out_of_rotation": ("a call out of rotation (28-34)", (
        ("awaiting_decision", "LHO may accept by calling, the right player may call, or the director rules"),
        ("awaiting_choice", "the director has explained the options: LHO accepts the call (29A) or declines"),
        ("awaiting_artificial_judgement", "the director judges whether the call was artificial (29C, 30C)"),
    )),
    "insufficient_bid": ("an insufficient bid (27)", (
        ("awaiting_decision", "LHO may accept by calling (27A1), or the director rules"),
        ("premature_replacement", "replaced before the ruling: LHO may still accept (27C)"),
        ("awaiting_choice", "the director has explained the options: LHO accepts the bid (27A1) or declines"),
        ("awaiting_replacement", "the offender must replace it with a legal call (27B)"),
    )),
    "inadmissible_double": ("a double or redouble Law 19 does not permit (36)", (
        ("awaiting_decision", "LHO may call (36A) or, once the director is called, he rules (36B)"),
    )),
    "pass_obligation_violated": ("a call by a player obliged to pass (37)", (
        ("awaiting_decision", "LHO may call (37A) or, once the director is called, he rules (37B)"),
    )),
    "bid_above_seven": ("a bid above seven (38)", (
        ("awaiting_decision", "LHO may call (38D) or, once the director is called, he rules (38B, 38C)"),
    )),
    "call_after_final_pass": ("a defender's bid, double or redouble after the final pass (39)", (
        ("awaiting_decision", "LHO may call (39B) or, once the director is called, he rules (39C)"),
    )),
    "comparable_call": ("a replacement judged for comparability (23)", (
        ("awaiting_judgement", "the director judges whether the call is comparable (23A)"),
    )),
    "change_of_call": ("a change of call (25)", (
        ("awaiting_judgement", "the director judges whether the first call was a slip (25A)"),
        ("awaiting_acceptance", "LHO may accept the intended change or not (25B)"),
        ("awaiting_lho_choice", "LHO may withdraw a call made over the first one (25A6)"),
    )),
    "misinformation": ("a change of call after misinformation (21B)", (
        ("awaiting_judgement", "the director judges whether misinformation influenced the call"),
        ("awaiting_lho_choice", "LHO may change a later call (21B2)"),
    )),
    "declarer_lead_options": ("declarer's choices before the opening lead (26B, 50D, 51)", (
        ("penalty_card", "require or prohibit the suit of partner's major penalty card, or let it remain"),
        ("lead_restriction", "prohibit one suit the offender did not specify (26B), or not"),
        ("designate_card", "designate which of the leader's major penalty cards is led (51A)"),
    )),
    "lead_out_of_turn": ("an opening lead faced out of turn (54)", (
        ("awaiting_declarer", "declarer accepts (54B), spreads the hand (54A) or refuses (54D)"),
    )),
}

STATES: Final[tuple[StateSpec, ...]] = (
    # --- the auction phase --------------------------------------------------------------
    StateSpec("phase", "awaiting_first_call", "initial", "the dealer has yet to call (17B)"),
    StateSpec("phase", "auction", "normal", "calls are being made in rotation (17C)"),
    StateSpec("phase", "clarification", "normal",
              "the auction has ended with a contract; the clarification period runs (17D1, 22A)"),
    StateSpec("phase", "opening_lead", "normal",
              "the opening lead is face down; questions may still be asked (41A, 41B)"),
    StateSpec("phase", "play", "terminal", "the opening lead is faced: the auction period is over (17D1)"),
    StateSpec("phase", "passed_out", "normal",
              "all four players passed (22B); the auction period lasts until the hands are returned (17D2)"),
    StateSpec("phase", "hands_returned", "terminal",
              "the hands of a passed-out board are back in the board: the auction period is over (17D2)"),
    *(spec for parent, (summary, steps) in PROCEDURES.items() for spec in (
        StateSpec("phase", parent, "irregularity", summary),
        *(StateSpec("phase", f"{parent}.{step}", "decision", what, parent) for step, what in steps),
    )),
    # --- each seat ----------------------------------------------------------------------
    StateSpec("seat", "free", "initial", "the seat may make any legal call"),
    StateSpec("seat", "must_pass_next_turn", "obligation",
              "the seat must pass at its next turn (e.g. 24B, 30A, 31A2b)"),
    StateSpec("seat", "must_pass_rest_of_auction", "obligation",
              "the seat must pass at every remaining turn (e.g. 27B2, 36B2, 37B2, 38C)"),
    StateSpec("seat", "must_repeat_call", "obligation",
              "the seat must repeat its cancelled call out of rotation (31A1, 32A1)"),
)

OPEN: Final = ("awaiting_first_call", "auction")

#: The procedures whose irregularity the offender's LHO may accept and whose decision the
#: director's arrival opens: the step ``awaiting_choice`` (27A1, 29A).  Under Laws 36-39 the
#: director rules when he arrives: "LHO calls first" (36A, 37A, 38D, 39B) is a fact, not an option.
ACCEPTABLE: Final = ("insufficient_bid", "out_of_rotation")
