"""The states of the machines: the phases of the auction period and what a seat may owe.

Each irregularity procedure is a parent state whose steps are nested states named
``procedure.step`` (``insufficient_bid.awaiting_replacement``); the pure core's
:attr:`~auction_fsm.auction.AuctionState.phase` uses the same names.  Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .procedure import Option, call_option, choice, director_option, judgement_options
from .rows import Machine

__all__ = ["StateKind", "StateSpec", "Step", "PROCEDURES", "STATES", "OPEN", "ACCEPTABLE", "WHERE_QUESTIONS",
           "MAIN_PHASES", "OPEN_PHASES"]

StateKind = Literal["initial", "normal", "terminal", "obligation", "decision", "irregularity"]


@dataclass(frozen=True, slots=True)
class StateSpec:
    """A state of one machine; ``parent`` names the enclosing state of a nested state.

    A decision step also says who decides there (``decider``, in words) and the options the
    Laws give (``options``: how each is taken, by whom, and what it leads to).  A phase of the
    auction says where the auction stands, as a director's question (``question``) and as the
    words that close an outcome (``place``: "the auction goes on").
    """

    machine: Machine
    name: str
    kind: StateKind
    summary: str
    parent: str | None = None
    decider: str = ""
    options: tuple[Option, ...] = ()
    question: str = ""
    place: str = ""
    #: For a phase: the phase in a few words, as the overview chart names where else a family's
    #: irregularities may start ("after the auction").
    named: str = ""
    #: For an irregularity procedure: how the narration names what it is about, a template where
    #: ``{whose}`` is "East's" (or "the" when East decides), ``{who}`` the offender, ``{call}``
    #: the call or card concerned and ``{new}`` the call it would change to.
    about: str = ""

    def option(self, word: str) -> Option | None:
        """The option the pending decision calls ``word`` (``require_H`` finds ``require_*``)."""
        return next((o for o in self.options if o.matches(word)), None)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an irregularity procedure, before it becomes a nested :class:`StateSpec`."""

    name: str
    summary: str
    decider: str
    options: tuple[Option, ...]


_LHO_BY_CALLING = "the offender's LHO, by calling, or the director"
_AFTER_EXPLAINED = "the offender's LHO, after the director explains"


def _director(what: str) -> Option:
    return director_option(f"the director comes to the table and {what}")


def _lho_calls(law: str, what: str) -> Option:
    return call_option("lho_calls", "lho", "calls over {it}", "call over {it}", f"{what} ({law})")


def _accept_or_decline(accept_law: str, accepted: str, decline_law: str, declined: str) -> tuple[Option, Option]:
    """The choice the director explains to the offender's LHO (10C1)."""
    return (choice("accept", "accepts", "accept {it}", f"{accepted} ({accept_law})", by="lho"),
            choice("decline", "declines", "decline {it}", f"{declined} ({decline_law})", by="lho"))


def _slip_step(what: str) -> Step:
    """25A before the irregularity: the director first judges whether ``what`` was a slip."""
    return Step("awaiting_slip_judgement", f"the director first judges whether {what} was a slip (25A)",
                "the director", judgement_options(
                    "unintended", "unintended", "intended",
                    "the intended call replaces it, and the slip brings no rectification (25A1)",
                    "the ruling on the call goes on where it was"))


# What each procedure is about, in words (see StateSpec.about).
_ABOUT: Final = {
    "insufficient_bid": "{whose} insufficient {call}",
    "out_of_rotation": "{whose} {call} out of rotation",
    "inadmissible_double": "{whose} inadmissible {call}",
    "bid_above_seven": "{whose} bid of {call} above the seven level",
    "pass_obligation_violated": "{whose} {call}, made when {who} had to pass",
    "call_after_final_pass": "{whose} {call} after the final pass",
    "change_of_call": "{whose} change of call to {new}",
    "misinformation": "{whose} change of call to {new}",
    "comparable_call": "{whose} replacement call {call}",
    "lead_out_of_turn": "{whose} opening lead out of turn",
}


# Irregularity procedures: the phase machine's nested states (parent -> its steps).
PROCEDURES: Final[dict[str, tuple[str, tuple[Step, ...]]]] = {
    "out_of_rotation": ("a call out of rotation (28-34)", (
        Step("awaiting_decision", "LHO may accept by calling, the right player may call, or the director rules",
             _LHO_BY_CALLING, (
                 call_option("accept", "lho", "calls over {it}", "accept {it}",
                             "the call out of rotation stands as if made in turn (29A)"),
                 call_option("correct_player_calls", "in_turn", "calls in turn", "call over {it} in turn",
                             "the call out of rotation is cancelled with no rectification (28B)"),
                 _lho_calls("36A", "both the inadmissible call and LHO's call are cancelled, with no "
                                   "further rectification"),
                 _director("rules on the call out of rotation (29B-32)"))),
        Step("awaiting_choice", "the director has explained the options: LHO accepts the call (29A) or declines",
             _AFTER_EXPLAINED, _accept_or_decline(
                 "29A", "the call stands as if made in turn", "29B",
                 "the call is cancelled and the director rules by 30-32")),
        Step("awaiting_artificial_judgement", "the director judges whether the call was artificial (29C, 30C)",
             "the director", judgement_options(
                 "artificial", "artificial", "natural",
                 "an artificial call is ruled as 30C or 31A2 say", "a natural call is ruled as 30-32 say")),
        Step("awaiting_change_judgement",
             "the offender called again at LHO's turn, before the ruling: a change of call, so the director "
             "first judges whether the first call was a slip (30B2, 31C, 32C; 25)",
             "the director", judgement_options(
                 "unintended", "unintended", "intended",
                 "the call out of rotation is withdrawn and the intended call, still made at LHO's turn, is "
                 "ruled as a call out of rotation in its place (25A1)",
                 "the later call is cancelled and the call out of rotation waits for its ruling (25B2)")),
    )),
    "insufficient_bid": ("an insufficient bid (27)", (
        Step("awaiting_decision", "LHO may accept by calling (27A1), or the director rules", _LHO_BY_CALLING, (
            call_option("accept", "lho", "calls over {it}", "accept {it}",
                        "the insufficient bid stands and the auction goes on (27A1)"),
            _director("explains the options: LHO may accept it (27A1) or have it replaced (27B)"))),
        Step("premature_replacement", "replaced before the ruling: LHO may still accept (27C)",
             "the offender's LHO, or the director", (
                 choice("accept", "accepts", "accept {it}",
                        "the insufficient bid stands and the early replacement is cancelled (27C, 27A1)", by="lho"),
                 _director("rules the early replacement as the replacement (27C, 27B)"))),
        Step("awaiting_choice", "the director explains: LHO may accept the bid (27A1) or decline it",
             _AFTER_EXPLAINED, _accept_or_decline(
                 "27A1", "the insufficient bid stands and the auction goes on", "27B",
                 "the offender must replace it with a legal call")),
        _slip_step("the insufficient bid"),
        Step("awaiting_lowest_judgement",
             "the director judges whether the replacement is the lowest sufficient bid showing the same "
             "denominations (27B1a)", "the director", judgement_options(
                 "lowest_specifying", "lowest", "not_lowest",
                 "the bid stands and adds no rectification of its own (27B1a); a silence imposed earlier "
                 "(27B3, 27B4) stays",
                 "the director judges whether it is comparable (27B1b), else 27B2 applies")),
        Step("awaiting_replacement", "the offender must replace it with a legal call (27B)",
             "the offender; the director rules on the call", (
                 call_option("replace", "offender", "replaces {it}", "replace {it} with a legal call",
                             "the director rules on the replacement (27B1-27B4)"),)),
    )),
    "inadmissible_double": ("a double or redouble Law 19 does not permit (36)", (
        Step("awaiting_decision", "LHO may call (36A) or, once the director is called, he rules (36B)",
             _LHO_BY_CALLING, (
            _lho_calls("36A", "the inadmissible call and LHO's call are both cancelled; the auction goes on"),
            _director("rules on the inadmissible double or redouble (36B)"))),
        _slip_step("the double or redouble"),
    )),
    "pass_obligation_violated": ("a call by a player obliged to pass (37)", (
        Step("awaiting_decision", "LHO may call (37A) or, once the director is called, he rules (37B)",
             _LHO_BY_CALLING, (
            _lho_calls("37A", "the call stands, with no lead restrictions; LHO's call is then ruled"),
            _director("rules on the call by a player obliged to pass (37B)"))),
        _slip_step("the call"),
    )),
    "bid_above_seven": ("a bid above seven (38)", (
        Step("awaiting_decision", "LHO may call (38D) or, once called, the director rules (38B, 38C)",
             _LHO_BY_CALLING, (
            _lho_calls("38D", "both calls are cancelled, a pass substituted, and the offending side "
                              "passes to the end"),
            _director("rules on the bid above seven (38B, 38C)"))),
    )),
    "call_after_final_pass": ("a defender's bid, double or redouble after the final pass (39)", (
        Step("awaiting_decision", "LHO may call (39B) or, once the director is called, he rules (39C)",
             _LHO_BY_CALLING, (
            _lho_calls("39B", "both calls are cancelled with no further rectification"),
            _director("rules on the call after the final pass (39C)"))),
    )),
    "comparable_call": ("a replacement judged for comparability (23)", (
        Step("awaiting_judgement", "the director judges whether the call is comparable (23A)", "the director",
             judgement_options("comparable", "comparable", "not_comparable",
                               "the call stands, adding no rectification of its own and no lead restrictions "
                               "(23B, 26A; 27B1b for an insufficient bid's replacement); a silence imposed "
                               "earlier (27B3, 27B4) stays",
                               "the law's rectification for the irregularity applies, with 26B rights (23C)")),
    )),
    "change_of_call": ("a change of call (25)", (
        Step("awaiting_judgement", "the director judges whether the first call was a slip (25A)", "the director",
             judgement_options("unintended", "unintended", "intended",
                               "the intended call replaces the slip (25A1)",
                               "a change of mind: LHO may accept it, else the first call stands (25B)")),
        Step("awaiting_acceptance", "LHO may accept the intended change or not (25B)", "the offender's LHO", (
            choice("accept", "accepts", "accept {it}",
                   "the new call stands and is judged for comparability (25B1)", by="lho"),
            choice("refuse", "refuses", "refuse {it}", "the first call stands (25B2)", by="lho"))),
        Step("awaiting_lho_choice", "LHO may withdraw a call made over the first one (25A6)", "the offender's LHO", (
            choice("keep", "keeps the call", "keep the call made over {it}",
                   "LHO's call stands (25A6)", by="lho"),
            choice("withdraw", "withdraws the call",
                   "withdraw the call made over {it}", "LHO's call is withdrawn and LHO calls again (25A6)",
                   by="lho"))),
    )),
    "misinformation": ("a change of call after misinformation (21B)", (
        Step("awaiting_judgement", "the director judges whether misinformation influenced the call",
             "the director", judgement_options(
                 "misinformation", "misinformation", "no_misinformation",
                 "the player may change the call (21B1a)", "the call stands")),
        Step("awaiting_lho_choice", "LHO may change a later call (21B2)", "the offender's LHO", (
            choice("keep", "keeps the call", "keep the call made over {it}",
                   "LHO's call stands (21B2)", by="lho"),
            choice("change", "changes the call", "change the call made over {it}",
                   "LHO's call is withdrawn and LHO calls again (21B2)", by="lho"))),
    )),
    "declarer_lead_options": ("declarer's choices before the opening lead (26B, 50D, 51)", (
        Step("penalty_card", "require or prohibit the penalty card's suit, or let it remain",
             "declarer", (
                 choice("require_*", "requires a {x} lead", "require a {x} lead",
                        "the leader must lead that suit; the penalty card goes back to the hand (50D2a)"),
                 choice("prohibit_*", "prohibits a {x} lead", "prohibit a {x} lead",
                        "the leader may not lead that suit while keeping the lead; the penalty card goes "
                        "back to the hand (50D2a)"),
                 choice("let_remain", "lets the penalty card remain", "let the penalty card remain",
                        "the leader leads any card and the penalty card stays on the table (50D2b)"))),
        Step("lead_restriction", "prohibit one suit the offender did not specify (26B), or not", "declarer", (
            choice("prohibit_*", "prohibits a {x} lead", "prohibit a {x} lead",
                   "the leader may not lead that suit while keeping the lead (26B)"),
            choice("no_prohibition", "prohibits no suit", "prohibit no suit",
                   "the leader leads freely (26B)"))),
        Step("designate_card", "choose which major penalty card is led (51A)", "declarer", (
            choice("designate_*", "designates {x} as the penalty card to be led",
                   "designate {x} as the card to be led", "the leader must lead that card (51A)"),)),
    )),
    "lead_out_of_turn": ("an opening lead faced out of turn (54)", (
        Step("awaiting_declarer", "declarer accepts (54B), spreads the hand (54A) or refuses (54D)",
             "declarer (the director judges 54C first)", (
                 choice("accept", "accepts", "accept {it}",
                        "the lead stands and declarer plays next from dummy's hand (54B)"),
                 choice("spread", "spreads the hand, becoming dummy", "spread the hand and become dummy",
                        "declarer's partner becomes declarer (54A)"),
                 choice("refuse", "refuses", "refuse {it}",
                        "the card goes back and becomes a major penalty card; the right player leads (54D)"))),
    )),
}

STATES: Final[tuple[StateSpec, ...]] = (
    # --- the auction phase --------------------------------------------------------------
    StateSpec("phase", "awaiting_first_call", "initial", "the dealer has yet to call (17B)",
              question="Has nobody called yet?", place="the dealer still has to call", named="before the first call"),
    StateSpec("phase", "auction", "normal", "calls are being made in rotation (17C)",
              question="Is the auction under way?", place="the auction goes on", named="the auction"),
    StateSpec("phase", "clarification", "normal",
              "the auction has ended with a contract; the clarification period runs (17D1, 22A)",
              question="Has the auction ended, with no lead yet?",
              place="the clarification period runs", named="after the auction"),
    StateSpec("phase", "opening_lead", "normal",
              "the opening lead is face down; questions may still be asked (41A, 41B)",
              question="Is a face-down opening lead on the table?", place="the face-down opening lead stays",
              named="at a face-down lead"),
    StateSpec("phase", "play", "terminal", "the opening lead is faced: the auction period is over (17D1)",
              place="the auction period is over: play begins"),
    StateSpec("phase", "passed_out", "normal",
              "all four players passed (22B); the auction period lasts until the hands are returned (17D2)",
              question="Was the board passed out, with the hands still out?",
              place="the board is passed out; the hands are still out"),
    StateSpec("phase", "hands_returned", "terminal",
              "the hands of a passed-out board are back in the board: the auction period is over (17D2)",
              place="the auction period is over, with no play and no redeal"),
    *(spec for parent, (summary, steps) in PROCEDURES.items() for spec in (
        StateSpec("phase", parent, "irregularity", summary, about=_ABOUT.get(parent, "")),
        *(StateSpec("phase", f"{parent}.{st.name}", "decision", st.summary, parent, st.decider, st.options)
          for st in steps),
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

#: The phases of the auction period a board goes through, in order, when nothing irregular
#: waits (the overview chart's spine), and with the passed-out board the phases that are not
#: an irregularity procedure: where an irregularity starts and where a ruling returns.
MAIN_PHASES: Final = ("awaiting_first_call", "auction", "clarification", "opening_lead", "play")
OPEN_PHASES: Final = (*MAIN_PHASES, "passed_out")

#: The procedures whose irregularity the offender's LHO may accept and whose decision the
#: director's arrival opens: the step ``awaiting_choice`` (27A1, 29A).  Under Laws 36-39 the
#: director rules when he arrives: "LHO calls first" (36A, 37A, 38D, 39B) is a fact, not an option.
ACCEPTABLE: Final = ("insufficient_bid", "out_of_rotation")

#: Questions about where the auction stands that no single state answers: any time after the
#: auction has ended, and while another irregularity waits for its ruling.
WHERE_QUESTIONS: Final = {
    "after_auction": "Has the auction ended?",
    "procedure": "Is another irregularity still waiting for a ruling?",
}
