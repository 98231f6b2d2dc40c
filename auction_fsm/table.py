"""The one declarative transition table.

Every state machine in the package, the NetworkX machine graph and the diagrams are built from
the data in this module, so they cannot drift apart.  Each transition names its machine, trigger,
source, destination, guard (a name looked up in :data:`GUARDS`) and the law paragraph it applies.

The table is validated when :func:`build_table` runs (at import of the machines), not when a
transition fires: an unknown state, trigger, guard or action is a
:class:`~auction_fsm.errors.TableDefinitionError` at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from .errors import TableDefinitionError

__all__ = [
    "StateSpec",
    "TransitionSpec",
    "Table",
    "GUARDS",
    "ACTIONS",
    "TRIGGERS",
    "STATES",
    "TRANSITIONS",
    "PROCEDURES",
    "OPEN",
    "build_table",
    "TABLE",
]

Machine = Literal["phase", "seat"]
StateKind = Literal["initial", "normal", "terminal", "obligation", "decision", "irregularity"]


@dataclass(frozen=True, slots=True)
class StateSpec:
    """A state of one machine; ``parent`` names the enclosing state of a nested state."""

    machine: Machine
    name: str
    kind: StateKind
    summary: str
    parent: str | None = None


@dataclass(frozen=True, slots=True)
class TransitionSpec:
    """One guarded transition with the law paragraph that justifies it."""

    machine: Machine
    trigger: str
    source: str
    dest: str
    guard: str | None
    law: str
    summary: str
    action: str | None = None


# Guards: predicates the machines evaluate before a transition may fire.  The machines module
# implements each one; the table only names them, with a line saying what they test.
GUARDS: Final[dict[str, str]] = {
    "bid_is_sufficient": "the bid supersedes the last bid (18B, 18C)",
    "double_is_permitted": "the last bid was an opponent's and no call but pass followed (19A1)",
    "redouble_is_permitted": "the last call but passes was an opponent's double of our bid (19B1)",
    "pass_keeps_auction_open": "after this pass the auction has not ended (22)",
    "pass_ends_with_contract": "the third pass in rotation after a bid, none out of rotation (22A)",
    "pass_ends_passed_out": "the fourth pass with no bid, none out of rotation (22B)",
    "pass_reverts_17d3": "this pass would end the auction but one of the passes was out of rotation (17D3)",
    "is_the_call_to_repeat": "the call is the one the seat must repeat (31A1, 32A1)",
    "call_is_double_or_redouble": "the call concerned is a double or a redouble",
    "call_is_pass_or_bid": "the call concerned is a pass or a bid",
    "by_defender_not_pass": "a bid, double or redouble by a future defender (39C)",
    "by_declaring_side_or_pass": "a call by declarer or dummy, or a defender's pass (39B)",
    "auction_is_open": "the auction has not ended",
    "auction_has_contract": "the auction has ended with a contract",
    "lho_called_over": "the offender's LHO has called over the call being changed (25A6, 21B2)",
    "lho_not_called_over": "nobody has called over the call being changed",
    "cancelled_if_not_comparable": "an attempted double or redouble replacing an insufficient bid (27B3)",
    "kept_if_not_comparable": "a replacement that stands whether comparable or not, auction open",
    "ground_is_slip": "the player says the call was a slip (25)",
    "ground_is_misinformation": "the player says an opponent misinformed them (21B1)",
    "options_for_penalty_card": "the leader's partner has a major penalty card (50D2, 51B)",
    "options_for_lead_restriction": "declarer holds 26B rights against the leader's partner",
    "face_down_lead_stands": "a face-down opening lead stands (41A)",
    "no_face_down_lead": "no opening lead has been made",
}

# Actions: bookkeeping the machines run after a transition.
ACTIONS: Final[dict[str, str]] = {
    "note_pass": "count the pass and pass the turn on",
    "note_bid": "record the bid, its bidder and who first named the strain for the side",
    "note_double": "record the double",
    "note_redouble": "record the redouble",
    "note_revert_17d3": "drop the pass out of rotation and the passes after it (17D3)",
    "note_accepted": "record an irregular call that now stands as if legal (27A1, 29A, 37A)",
    "note_repeat": "remember which call the seat must repeat",
}

TRIGGERS: Final[dict[str, str]] = {
    "call_pass": "the seat to act passes",
    "call_bid": "the seat to act makes a sufficient bid",
    "call_double": "the seat to act doubles",
    "call_redouble": "the seat to act redoubles",
    "deemed_pass": "a seat obliged to pass is passed over by its LHO; its pass is deemed made (28A)",
    "call_out_of_rotation": "a seat calls when it is not its turn",
    "insufficient_bid": "the seat to act bids lower than the last bid",
    "inadmissible_double": "a double or redouble that Law 19 does not permit",
    "violates_pass_obligation": "a bid, double or redouble by a seat obliged to pass",
    "bid_above_seven": "a bid of more than seven",
    "call_after_final_pass": "a call after the auction has ended",
    "accept_by_calling": "the offender's LHO calls over the irregular call, accepting it",
    "correct_player_calls": "the opponent whose turn it was calls, cancelling the call (28B)",
    "lho_calls_first": "the offender's LHO calls before rectification",
    "director_called": "the director is called and assesses rectification",
    "judge_artificial": "the director judges the call out of rotation artificial",
    "judge_natural": "the director judges the call out of rotation natural",
    "judge_comparable": "the director judges the replacement comparable (23A)",
    "judge_not_comparable": "the director judges the replacement not comparable",
    "judge_unintended": "the director judges the call a slip (25A)",
    "judge_no_unintended": "the director judges the change intended (25B)",
    "judge_misinformation": "the director judges the call influenced by misinformation (21B1)",
    "judge_no_misinformation": "the director finds no misinformation",
    "premature_replacement": "the offender replaces the insufficient bid before the director rules",
    "replace_lowest_same_denomination": "the lowest sufficient bid in the same denomination",
    "replace_for_judgement": "a replacement whose comparability the director must judge",
    "replace_insufficient": "another insufficient bid as replacement",
    "replace_illegal_double": "an illegal double or redouble as replacement",
    "replace_above_seven": "a bid above seven as replacement",
    "open_comparable": "a later call that the director must judge for comparability",
    "attempt_change": "a player tries to change a call",
    "choose_accept": "the player entitled accepts",
    "choose_refuse": "the player entitled refuses",
    "choose_keep": "LHO keeps the call made over the changed one",
    "choose_withdraw": "LHO withdraws the call made over the changed one (25A6)",
    "choose_change": "LHO changes the call made over the changed one (21B2)",
    "expose_cards": "cards of a player are found exposed during the auction (24)",
    "review_request": "a player asks for the auction to be restated (20B, 20C2)",
    "explanation_request": "a player asks about the opponents' calls (20F)",
    "declarer_options": "declarer must choose before the presumed leader leads (50D2, 51B, 26B)",
    "choose_require": "declarer requires a suit from the leader",
    "choose_prohibit": "declarer prohibits a suit to the leader",
    "choose_let_remain": "declarer lets the penalty card remain (50D2b)",
    "choose_no_prohibition": "declarer does not use 26B",
    "face_down_lead": "the presumed leader leads face down (41A)",
    "opening_lead": "the presumed leader faces the opening lead at once (41)",
    "face_lead": "the face-down opening lead is faced (41C)",
    "lead_out_of_turn": "the other defender faces an opening lead (54)",
    "face_down_lead_out_of_turn": "the other defender leads face down (41A)",
    "lead_by_declaring_side": "declarer or dummy leads (54E, 24)",
    "judge_dummy_seen": "the director finds declarer could have seen dummy's cards (54C)",
    "judge_no_dummy_seen": "the director finds declarer could not have seen dummy's cards",
    "choose_spread": "declarer spreads the hand and becomes dummy (54A)",
    "impose_pass_next_turn": "a rectification obliges the seat to pass at its next turn",
    "impose_pass_rest_of_auction": "a rectification obliges the seat to pass at every turn",
    "impose_repeat_call": "a rectification obliges the seat to repeat a call out of rotation",
    "release": "an obligation ends without the call it expected (the turn was used otherwise)",
}

CALL_TRIGGERS: Final = ("call_pass", "call_bid", "call_double", "call_redouble")

# Irregularity procedures: the phase machine's nested states (parent -> its steps).
PROCEDURES: Final[dict[str, tuple[str, tuple[tuple[str, str], ...]]]] = {
    "out_of_rotation": ("a call out of rotation (28-34)", (
        ("awaiting_decision", "LHO may accept by calling, the right player may call, or the director rules"),
        ("awaiting_artificial_judgement", "the director judges whether the call was artificial (29C, 30C)"),
    )),
    "insufficient_bid": ("an insufficient bid (27)", (
        ("awaiting_decision", "LHO may accept by calling (27A1), or the director rules"),
        ("premature_replacement", "replaced before the ruling: LHO may still accept (27C)"),
        ("awaiting_replacement", "the offender must replace it with a legal call (27B)"),
    )),
    "inadmissible_double": ("a double or redouble Law 19 does not permit (36)", (
        ("awaiting_decision", "LHO may call (36A) or the director rules (36B)"),
    )),
    "pass_obligation_violated": ("a call by a player obliged to pass (37)", (
        ("awaiting_decision", "LHO may call (37A) or the director rules (37B)"),
    )),
    "bid_above_seven": ("a bid above seven (38)", (
        ("awaiting_decision", "LHO may call (38D) or the director rules (38B, 38C)"),
    )),
    "call_after_final_pass": ("a defender's bid, double or redouble after the final pass (39)", (
        ("awaiting_decision", "LHO may call (39B) or the director rules (39C)"),
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
    StateSpec("phase", "passed_out", "terminal", "all four players passed; no play (17D2, 22B)"),
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


def _t(trigger: str, sources: str | tuple[str, ...], dest: str, law: str, summary: str,
       guard: str | None = None, action: str | None = None, machine: Machine = "phase") -> list[TransitionSpec]:
    """One transition per source state (a small helper to keep the table readable)."""
    srcs = (sources,) if isinstance(sources, str) else sources
    return [TransitionSpec(machine, trigger, s, dest, guard, law, summary, action) for s in srcs]


def _phase_transitions() -> list[TransitionSpec]:
    T = _t
    oor, ib = "out_of_rotation", "insufficient_bid"
    out: list[TransitionSpec] = []
    # --- the legal auction (17-19, 22) --------------------------------------------------
    out += T("call_pass", "awaiting_first_call", "auction", "17B", "the dealer passes", action="note_pass")
    out += T("call_bid", "awaiting_first_call", "auction", "17B, 18C", "the dealer opens the bidding",
             "bid_is_sufficient", "note_bid")
    out += T("call_pass", "auction", "auction", "17C", "a pass that does not end the auction",
             "pass_keeps_auction_open", "note_pass")
    out += T("call_pass", "auction", "clarification", "22A", "the third pass after a bid ends the auction",
             "pass_ends_with_contract", "note_pass")
    out += T("call_pass", "auction", "passed_out", "22B", "the fourth pass with no bid",
             "pass_ends_passed_out", "note_pass")
    out += T("call_pass", "auction", "auction", "17D3, 34",
             "three passes, one out of rotation: back to the player who missed a turn",
             "pass_reverts_17d3", "note_revert_17d3")
    out += T("call_bid", "auction", "auction", "18C", "a sufficient bid", "bid_is_sufficient", "note_bid")
    out += T("call_double", "auction", "auction", "19A1", "a permitted double", "double_is_permitted",
             "note_double")
    out += T("call_redouble", "auction", "auction", "19B1", "a permitted redouble",
             "redouble_is_permitted", "note_redouble")
    out += T("deemed_pass", OPEN, "auction", "28A",
             "the obliged pass of RHO is deemed made when LHO calls", "pass_keeps_auction_open", "note_pass")
    out += T("deemed_pass", "auction", "clarification", "28A, 22A", "the deemed pass ends the auction",
             "pass_ends_with_contract", "note_pass")
    out += T("deemed_pass", "auction", "passed_out", "28A, 22B", "the deemed pass is the fourth",
             "pass_ends_passed_out", "note_pass")
    out += T("deemed_pass", "auction", "auction", "28A, 17D3", "the deemed pass completes three passes with "
             "one out of rotation", "pass_reverts_17d3", "note_revert_17d3")
    # --- calls out of rotation (28-34) --------------------------------------------------
    out += T("call_out_of_rotation", OPEN, f"{oor}.awaiting_decision", "28-32", "a call out of rotation")
    out += T("accept_by_calling", f"{oor}.awaiting_decision", "auction", "29A",
             "LHO calls over it: accepted, no rectification", action="note_accepted")
    out += T("correct_player_calls", f"{oor}.awaiting_decision", "auction", "28B",
             "the right player calls: cancelled, no rectification")
    out += T("director_called", f"{oor}.awaiting_decision", "auction", "29B, 32, 36B4",
             "a double or redouble out of rotation is cancelled; 32 or 36B4 applies",
             "call_is_double_or_redouble")
    out += T("director_called", f"{oor}.awaiting_decision", f"{oor}.awaiting_artificial_judgement", "29B, 29C",
             "a pass or bid out of rotation is cancelled; was it artificial?", "call_is_pass_or_bid")
    out += T("judge_natural", f"{oor}.awaiting_artificial_judgement", "auction", "30, 31",
             "natural: 30A/30B for a pass, 31A/31B for a bid")
    out += T("judge_artificial", f"{oor}.awaiting_artificial_judgement", "auction", "29C, 30C, 31",
             "artificial: Law 31 applies to the denominations it specified")
    # --- insufficient bid (27) ----------------------------------------------------------
    out += T("insufficient_bid", "auction", f"{ib}.awaiting_decision", "18D, 27", "an insufficient bid")
    out += T("accept_by_calling", f"{ib}.awaiting_decision", "auction", "27A1",
             "LHO calls over it: accepted as legal", action="note_accepted")
    out += T("premature_replacement", f"{ib}.awaiting_decision", f"{ib}.premature_replacement", "27C",
             "replaced before the director ruled")
    out += T("choose_accept", f"{ib}.premature_replacement", "auction", "27A1, 27C",
             "LHO accepts the insufficient bid; the replacement is cancelled", action="note_accepted")
    out += T("director_called", (f"{ib}.awaiting_decision", f"{ib}.premature_replacement"),
             f"{ib}.awaiting_replacement", "27B", "not accepted: it must be replaced")
    out += T("replace_lowest_same_denomination", f"{ib}.awaiting_replacement", "auction", "27B1a",
             "lowest sufficient bid in the same denomination: no rectification")
    out += T("replace_for_judgement", f"{ib}.awaiting_replacement", "comparable_call.awaiting_judgement",
             "27B1b, 27B2, 27B3", "any other legal replacement: is it comparable?")
    out += T("replace_insufficient", f"{ib}.awaiting_replacement", f"{ib}.awaiting_decision", "27B4",
             "another insufficient bid: LHO may accept it")
    out += T("replace_illegal_double", f"{ib}.awaiting_replacement", f"{ib}.awaiting_replacement", "27B3",
             "an illegal double or redouble is cancelled; partner silenced; replace again")
    out += T("replace_above_seven", f"{ib}.awaiting_replacement", "bid_above_seven.awaiting_decision", "38",
             "a bid above seven as replacement")
    # --- comparable call (23, 26) -------------------------------------------------------
    out += T("open_comparable", ("auction", "clarification"),
             "comparable_call.awaiting_judgement", "23A, 25B1, 30B1b, 31A2, 31B2, 32A2, 32B2",
             "the offender's call is judged for comparability")
    out += T("judge_comparable", "comparable_call.awaiting_judgement", "auction", "23B, 26A",
             "comparable: no further rectification", "auction_is_open")
    out += T("judge_comparable", "comparable_call.awaiting_judgement", "clarification", "23B, 26A",
             "comparable: no further rectification", "auction_has_contract")
    out += T("judge_not_comparable", "comparable_call.awaiting_judgement", "auction", "26B",
             "not comparable: partner silenced, 26B rights", "kept_if_not_comparable")
    out += T("judge_not_comparable", "comparable_call.awaiting_judgement", "clarification", "26B",
             "not comparable: 26B rights", "auction_has_contract")
    out += T("judge_not_comparable", "comparable_call.awaiting_judgement", f"{ib}.awaiting_replacement",
             "27B3", "an attempted double or redouble is cancelled; replace again",
             "cancelled_if_not_comparable")
    # --- inadmissible calls (35-39) -----------------------------------------------------
    out += T("inadmissible_double", OPEN, "inadmissible_double.awaiting_decision", "19, 36",
             "a double or redouble Law 19 does not permit")
    out += T("violates_pass_obligation", OPEN, "pass_obligation_violated.awaiting_decision", "37",
             "a bid, double or redouble by a player obliged to pass")
    out += T("bid_above_seven", OPEN, "bid_above_seven.awaiting_decision", "38", "a bid above seven")
    out += T("lho_calls_first", "inadmissible_double.awaiting_decision", "auction", "36A",
             "both calls cancelled; no rectification")
    out += T("director_called", "inadmissible_double.awaiting_decision", "auction", "36B",
             "cancelled; offender calls again, partner silenced")
    out += T("accept_by_calling", "pass_obligation_violated.awaiting_decision", "auction", "37A",
             "LHO called first: the call stands", action="note_accepted")
    out += T("director_called", "pass_obligation_violated.awaiting_decision", "auction", "37B",
             "cancelled, pass substituted, offending side silenced")
    out += T("lho_calls_first", "bid_above_seven.awaiting_decision", "auction", "38B, 38D",
             "cancelled with LHO's call; side silenced; no 26B")
    out += T("director_called", "bid_above_seven.awaiting_decision", "auction", "38B, 38C",
             "cancelled, pass substituted, side silenced")
    out += T("call_after_final_pass", "clarification", "clarification", "39A, 39B",
             "cancelled; no further rectification", "by_declaring_side_or_pass")
    out += T("call_after_final_pass", "clarification", "call_after_final_pass.awaiting_decision", "39A, 39C",
             "a defender's bid, double or redouble: cancelled; rectification pending",
             "by_defender_not_pass")
    for dest, guard in (("opening_lead", "face_down_lead_stands"), ("clarification", "no_face_down_lead")):
        out += T("lho_calls_first", "call_after_final_pass.awaiting_decision", dest, "39B",
                 "LHO called: no further rectification", guard)
        out += T("director_called", "call_after_final_pass.awaiting_decision", dest, "39C",
                 "26B lead restrictions may apply", guard)
    # --- changes of call (21B, 25) ------------------------------------------------------
    out += T("attempt_change", ("auction", "clarification"), "change_of_call.awaiting_judgement", "25",
             "a player tries to replace a call", "ground_is_slip")
    out += T("attempt_change", ("auction", "clarification"), "misinformation.awaiting_judgement", "21B1",
             "a player wants to change a call after misinformation", "ground_is_misinformation")
    for proc, yes, law_yes, law_lho in (("change_of_call", "judge_unintended", "25A1", "25A6"),
                                        ("misinformation", "judge_misinformation", "21B1", "21B2")):
        out += T(yes, f"{proc}.awaiting_judgement", "auction", law_yes,
                 "the call is replaced by the new one, ruled as made in turn", "lho_not_called_over")
        out += T(yes, f"{proc}.awaiting_judgement", f"{proc}.awaiting_lho_choice", law_lho,
                 "LHO may withdraw or change the call made over it", "lho_called_over")
        out += T("choose_keep", f"{proc}.awaiting_lho_choice", "auction", law_lho,
                 "LHO keeps the call; it is made again after the new call")
        out += T("choose_withdraw" if proc == "change_of_call" else "choose_change",
                 f"{proc}.awaiting_lho_choice", "auction", law_lho, "LHO's call is withdrawn; LHO calls again")
    out += T("judge_no_unintended", "change_of_call.awaiting_judgement", "change_of_call.awaiting_acceptance",
             "25B", "an intended change: LHO may accept it")
    out += T("choose_accept", "change_of_call.awaiting_acceptance", "auction", "25B1",
             "accepted: the first call is withdrawn, the second stands")
    out += T("choose_refuse", "change_of_call.awaiting_acceptance", "opening_lead", "25B2",
             "not accepted: the original call stands", "face_down_lead_stands")
    out += T("choose_refuse", "change_of_call.awaiting_acceptance", "auction", "25B2",
             "not accepted: the original call stands", "auction_is_open")
    out += T("choose_refuse", "change_of_call.awaiting_acceptance", "clarification", "25B2",
             "not accepted: the original call stands", "auction_has_contract")
    out += T("judge_no_misinformation", "misinformation.awaiting_judgement", "opening_lead", "21B1",
             "no misinformation: the call and the face-down lead stand", "face_down_lead_stands")
    out += T("judge_no_misinformation", "misinformation.awaiting_judgement", "auction", "21B1",
             "no misinformation: the call stands", "auction_is_open")
    out += T("judge_no_misinformation", "misinformation.awaiting_judgement", "clarification", "21B1",
             "no misinformation: the call stands", "auction_has_contract")
    # --- during the auction and after it (20, 24, 41) -----------------------------------
    out += T("expose_cards", "awaiting_first_call", "awaiting_first_call", "24",
             "exposed cards stay face up; partner may be silenced")
    out += T("expose_cards", "auction", "auction", "24", "exposed cards stay face up; partner may be silenced")
    out += T("review_request", "auction", "auction", "20B", "the auction is restated")
    out += T("review_request", "clarification", "clarification", "20C2", "the auction is restated")
    out += T("explanation_request", "auction", "auction", "20F1", "an opponent's call is explained")
    out += T("explanation_request", "clarification", "clarification", "20F2",
             "the opposing auction is explained")
    out += T("review_request", "opening_lead", "opening_lead", "20C2, 41B", "the auction is restated")
    out += T("explanation_request", "opening_lead", "opening_lead", "20F2, 41B",
             "the opposing auction is explained")
    out += T("call_after_final_pass", "opening_lead", "opening_lead", "39A, 39B",
             "cancelled; no further rectification", "by_declaring_side_or_pass")
    out += T("call_after_final_pass", "opening_lead", "call_after_final_pass.awaiting_decision", "39A, 39C",
             "a defender's bid, double or redouble: cancelled; rectification pending",
             "by_defender_not_pass")
    out += T("attempt_change", "opening_lead", "change_of_call.awaiting_judgement", "25A5",
             "a change of call before the lead is faced", "ground_is_slip")
    out += T("attempt_change", "opening_lead", "misinformation.awaiting_judgement", "21B1",
             "a change after misinformation before the lead is faced", "ground_is_misinformation")
    # --- the opening lead (24D-E, 26B, 41, 50, 51, 54, 56) --------------------------------
    dlo, loot = "declarer_lead_options", "lead_out_of_turn"
    out += T("declarer_options", "clarification", f"{dlo}.penalty_card", "50D2, 51B",
             "the leader's partner has a major penalty card", "options_for_penalty_card")
    out += T("declarer_options", "clarification", f"{dlo}.lead_restriction", "26B",
             "declarer may prohibit a suit the offender did not specify", "options_for_lead_restriction")
    for trig, law in (("choose_require", "50D2a"), ("choose_prohibit", "50D2a"), ("choose_let_remain", "50D2b")):
        out += T(trig, f"{dlo}.penalty_card", "clarification", law, "declarer's choice is recorded")
    for trig in ("choose_prohibit", "choose_no_prohibition"):
        out += T(trig, f"{dlo}.lead_restriction", "clarification", "26B", "declarer's choice is recorded")
    out += T("face_down_lead", "clarification", "opening_lead", "41A", "the presumed leader leads face down")
    out += T("opening_lead", "clarification", "play", "41C, 17D1", "the opening lead is faced")
    out += T("face_lead", "opening_lead", "play", "41C, 17D1", "the opening lead is faced")
    out += T("lead_by_declaring_side", "clarification", "clarification", "54E, 24D",
             "the card goes back into the hand")
    out += T("face_down_lead_out_of_turn", "clarification", "clarification", "41A",
             "the card goes back into the hand; the right defender leads")
    out += T("lead_out_of_turn", "clarification", f"{loot}.awaiting_declarer", "54",
             "declarer chooses between Law 54's options")
    out += T("lead_out_of_turn", "opening_lead", f"{loot}.awaiting_declarer", "54, 41A",
             "partner faces a lead over the face-down one, which is retracted")
    out += T("judge_dummy_seen", f"{loot}.awaiting_declarer", f"{loot}.awaiting_declarer", "54C",
             "declarer must accept the lead")
    out += T("judge_no_dummy_seen", f"{loot}.awaiting_declarer", f"{loot}.awaiting_declarer", "54C",
             "all options remain")
    out += T("choose_accept", f"{loot}.awaiting_declarer", "play", "54B", "accepted: dummy is spread")
    out += T("choose_spread", f"{loot}.awaiting_declarer", "play", "54A", "declarer becomes dummy")
    out += T("choose_refuse", f"{loot}.awaiting_declarer", "clarification", "54D, 56",
             "refused: the card becomes a major penalty card")
    return out


def _seat_transitions() -> list[TransitionSpec]:
    def T(trigger: str, sources: str | tuple[str, ...], dest: str, law: str, summary: str,
          guard: str | None = None, action: str | None = None) -> list[TransitionSpec]:
        return _t(trigger, sources, dest, law, summary, guard, action, machine="seat")

    rest, nxt, rep = "must_pass_rest_of_auction", "must_pass_next_turn", "must_repeat_call"
    out: list[TransitionSpec] = []
    out += T("call_pass", "free", "free", "17C", "a pass")
    out += T("call_bid", "free", "free", "18C", "a sufficient bid", "bid_is_sufficient")
    out += T("call_double", "free", "free", "19A1", "a permitted double", "double_is_permitted")
    out += T("call_redouble", "free", "free", "19B1", "a permitted redouble", "redouble_is_permitted")
    out += T("deemed_pass", nxt, "free", "28A", "the obliged pass is deemed made")
    out += T("deemed_pass", rest, rest, "28A", "an obliged pass is deemed made; the obligation continues")
    out += T("impose_pass_next_turn", ("free", nxt), nxt, "24B, 24C, 30A, 30B1b(ii), 31A2b, 32A2b",
             "a rectification silences the seat for one turn")
    out += T("impose_pass_rest_of_auction", ("free", nxt, rep, rest), rest, "27B2, 27B3, 36B2, 37B2, 38C",
             "a rectification silences the seat to the end")
    out += T("impose_repeat_call", "free", rep, "31A1, 32A1", "the offender must repeat the cancelled call",
             action="note_repeat")
    out += T("call_pass", nxt, "free", "30A, 31A2b", "the obliged pass; the seat is free again")
    out += T("call_pass", rest, rest, "27B2, 37B2", "an obliged pass; the obligation continues")
    for t in CALL_TRIGGERS:
        out += T(t, rep, "free", "31A1, 32A1", "the offender repeats the call; no further rectification",
                 "is_the_call_to_repeat")
    out += T("release", nxt, "free", "37A", "the turn was used by a call that was let stand")
    out += T("release", rep, "free", "31A1", "the repeated call is ruled under another law (27, 36)")
    return out


TRANSITIONS: Final[tuple[TransitionSpec, ...]] = (*_phase_transitions(), *_seat_transitions())


@dataclass(frozen=True, slots=True)
class Table:
    """A validated table: states and transitions of every machine."""

    states: tuple[StateSpec, ...]
    transitions: tuple[TransitionSpec, ...]

    def states_of(self, machine: Machine) -> tuple[StateSpec, ...]:
        """The states of one machine, in table order."""
        return tuple(s for s in self.states if s.machine == machine)

    def transitions_of(self, machine: Machine) -> tuple[TransitionSpec, ...]:
        """The transitions of one machine, in table order."""
        return tuple(t for t in self.transitions if t.machine == machine)

    def initial(self, machine: Machine) -> str:
        """The name of the machine's initial state."""
        return next(s.name for s in self.states_of(machine) if s.kind == "initial")

    def terminals(self, machine: Machine) -> frozenset[str]:
        """The names of the machine's terminal states."""
        return frozenset(s.name for s in self.states_of(machine) if s.kind == "terminal")


def build_table(states: Iterable[StateSpec] = STATES,
                transitions: Iterable[TransitionSpec] = TRANSITIONS) -> Table:
    """Validate and freeze a table; raise :class:`TableDefinitionError` on the first problem.

    Checks: state names unique per machine; exactly one initial state per machine; every
    parent, source and destination is a state of the same machine; every trigger, guard and
    action is declared; every transition cites a law.  (Semantic checks such as "no exit from
    a terminal state" belong to :mod:`auction_fsm.verify`, so that they can be reported with a
    trace rather than refused.)
    """
    states = tuple(states)
    transitions = tuple(transitions)
    names: dict[str, set[str]] = {}
    for s in states:
        seen = names.setdefault(s.machine, set())
        if s.name in seen:
            raise TableDefinitionError(f"state {s.name!r} declared twice in machine {s.machine!r}")
        seen.add(s.name)
    for machine, seen in names.items():
        initials = [s.name for s in states if s.machine == machine and s.kind == "initial"]
        if len(initials) != 1:
            raise TableDefinitionError(
                f"machine {machine!r} needs exactly one initial state, has {initials}")
    for s in states:
        if s.parent is not None and s.parent not in names[s.machine]:
            raise TableDefinitionError(f"state {s.name!r}: unknown parent state {s.parent!r}")
    for i, t in enumerate(transitions):
        where = f"transition {i} ({t.machine}: {t.trigger} {t.source} -> {t.dest})"
        if t.machine not in names:
            raise TableDefinitionError(f"{where}: unknown machine {t.machine!r}")
        for role, st in (("source", t.source), ("destination", t.dest)):
            if st not in names[t.machine]:
                raise TableDefinitionError(f"{where}: unknown {role} state {st!r}")
        if t.trigger not in TRIGGERS:
            raise TableDefinitionError(f"{where}: undeclared trigger {t.trigger!r}")
        if t.guard is not None and t.guard not in GUARDS:
            raise TableDefinitionError(f"{where}: undeclared guard {t.guard!r}")
        if t.action is not None and t.action not in ACTIONS:
            raise TableDefinitionError(f"{where}: undeclared action {t.action!r}")
        if not t.law.strip():
            raise TableDefinitionError(f"{where}: every transition must cite a law")
    return Table(states, transitions)


TABLE: Final[Table] = build_table()
