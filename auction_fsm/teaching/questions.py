"""The words of the flowcharts: questions at decisions, who decides, and what things are called.

The law book's guards say in words what they *test* ("the offender's LHO calls over the
insufficient bid"); a flowchart for people asks a *question* instead ("Does the offender's LHO
call over the insufficient bid?").  The questions live here, in our own words, keyed by what
they ask about:

* :data:`GUARD_QUESTIONS` by ``(family, guard name)`` -- one for every guard of every family
  drawn; :data:`OTHERWISE` marks the guard that catches "any other case", drawn as the last
  "no" of a chain rather than as a question;
* :data:`TRIGGER_QUESTIONS` by trigger -- for a decision with a single outcome;
* :data:`SOURCE_QUESTIONS` by where the auction stands -- when the same trigger leads to
  different outcomes only because of the phase;
* :data:`DECIDERS` by procedure step -- who decides there;
* :data:`FAMILY_TITLES` -- the title of each family's chart.

``tests/teaching/test_questions.py`` fails loudly when the law book gains a guard, trigger,
step or family that has no words here, or loses one that still has (a stale entry): the
message names the entry to add or remove.  Standard library only.
"""

from __future__ import annotations

from typing import Final

__all__ = ["OTHERWISE", "ASK_TRIGGER", "GUARD_QUESTIONS", "TRIGGER_QUESTIONS", "SOURCE_QUESTIONS", "DECIDERS",
           "FAMILY_TITLES", "DRAWN_FAMILIES", "TRIGGER_ANSWERS", "PLACE_WORDS"]

#: The question of a guard that holds in "every other case": drawn as the final "no".
OTHERWISE: Final = "(otherwise)"
#: The question of a guard that only says where the auction stands afterwards: the chart asks
#: the trigger's question instead and lists the places in the outcome.
ASK_TRIGGER: Final = "(the trigger's question)"

# The ways a procedure can leave the auction standing once a call is settled: the same question
# is asked of each variant, and the chart names the variants in the outcome ("then ...").
_AUCTION_VARIANTS: Final = ("auction_open", "reverts_17d3", "ends_auction", "passes_out")


def _variants(family: str, stem: str, question: str,
              suffixes: tuple[str, ...] = _AUCTION_VARIANTS) -> dict[tuple[str, str], str]:
    """The same question for each guard ``<stem>_<suffix>`` of ``family``."""
    return {(family, f"{stem}_{s}" if stem else s): question for s in suffixes}


GUARD_QUESTIONS: Final[dict[tuple[str, str], str]] = {
    # --- calls in rotation and the end of the auction (17-22) ---------------------------------
    ("17-22", "bid_is_sufficient"): "Is the bid higher than the last bid?",
    ("17-22", "pass_in_turn_auction_open"): "Does the auction stay open after the pass?",
    ("17-22", "pass_in_turn_reverts_17d3"): "Would this pass end the auction, with one of the "
                                            "passes made out of rotation?",
    ("17-22", "pass_in_turn_ends_auction"): "Is it the third pass in a row after a bid?",
    ("17-22", "pass_in_turn_passes_out"): "Is it the fourth pass, with no bid at all?",
    ("17-22", "double_is_permitted"): "Is the last bid an opponent's, followed only by passes?",
    ("17-22", "redouble_is_permitted"): "Is the last call but passes an opponent's double of "
                                        "our side's bid?",
    # --- call out of rotation (28-34) ---------------------------------------------------------
    **_variants("28-34", "deemed_pass", "Did the player whose turn it was have to pass, so that "
                "the call counts as made in rotation?"),
    ("28-34", "plain_out_of_rotation"): OTHERWISE,
    ("35-39", "out_of_rotation_above_seven"): "Is it a bid above seven?",
    ("28-34", "lho_has_a_choice"): "May the offender's LHO accept the call (29A) or let an "
                                   "inadmissible double go (36A)?",
    ("28-34", "no_choice_double_and_double_was_inadmissible"): "Is it a double or redouble Law 19 does "
                                                                "not permit, with no choice for LHO?",
    ("28-34", "no_choice_double_and_double_at_rhos_turn"): "Is it a double or redouble at the "
                                                            "offender's RHO's turn, with no choice for LHO?",
    ("28-34", "no_choice_double_and_double_at_other_turn"): "Is it a double or redouble at partner's "
                                                             "or LHO's turn, with no choice for LHO?",
    ("28-34", "no_choice_pass_or_bid_and_meaning_not_explained"): "Is it a pass or bid, with no choice "
                                                                   "for LHO, whose meaning was not explained?",
    ("28-34", "no_choice_pass_or_bid_and_meaning_explained"): "Is it a pass or bid, with no choice for "
                                                               "LHO, whose meaning was explained?",
    ("28-34", "lho_calls_over_inadmissible"): "Does the offender's LHO call over an inadmissible "
                                              "double or redouble out of rotation?",
    **_variants("28-34", "admissible_out_of_rotation", "Was the call out of rotation admissible?"),
    ("28-34", "pass_or_bid_out_of_rotation_and_meaning_not_explained"): "Was it a pass or bid whose "
                                                                         "meaning was not explained?",
    ("28-34", "pass_or_bid_out_of_rotation_and_meaning_explained"): "Was it a pass or bid whose meaning "
                                                                     "was explained at the table?",
    ("28-34", "out_of_rotation_while_silenced"): "Was the caller obliged to pass, and is it a "
                                                 "bid, double or redouble?",
    ("28-34", "calls_again_at_lhos_turn"): "Is it the player who has just called, calling "
                                           "again at LHO's turn?",
    **_variants("28-34", "by_accepting_lho", "Does the offender's LHO call next, accepting it?"),
    ("28-34", "by_player_whose_turn_it_was"): "Does the opponent whose turn it was call first?",
    ("28-34", "double_or_redouble_out_of_rotation_and_double_was_inadmissible"): "Was it a double or "
                                                                                 "redouble Law 19 does not permit?",
    ("28-34", "double_or_redouble_out_of_rotation_and_double_at_rhos_turn"): "Was it a double or redouble "
                                                                              "at the offender's RHO's turn?",
    ("28-34", "double_or_redouble_out_of_rotation_and_double_at_other_turn"): "Was it a double or "
                                                                               "redouble at partner's or "
                                                                               "LHO's turn?",
    ("28-34", "pass_or_bid_out_of_rotation"): OTHERWISE,
    ("28-34", "pass_at_rhos_turn"): "Natural: was it a pass at the offender's RHO's turn?",
    ("28-34", "pass_at_other_turn"): "Natural: was it a pass at partner's or LHO's turn?",
    ("28-34", "bid_at_rhos_turn"): "Natural: was it a bid at the offender's RHO's turn?",
    ("28-34", "bid_at_other_turn"): "Natural: was it a bid at partner's or LHO's turn?",
    ("28-34", "at_rhos_turn"): "Artificial: was it made at the offender's RHO's turn?",
    ("28-34", "at_other_turn"): "Artificial: was it made at partner's or LHO's turn?",
    ("28-34", "rho_passed"): "Did the offender's RHO pass?",
    ("28-34", "rho_called"): "Did the offender's RHO bid, double or redouble?",
    ("28-34", "offender_called_again"): "Has the offender now called again?",
    # --- insufficient bid (27) ----------------------------------------------------------------
    ("27", "by_offenders_lho"): "Does the offender's LHO call over the insufficient bid?",
    ("27", "by_offender_before_ruling"): "Does the offender replace it before the director "
                                         "rules?",
    ("27", "replacement_lowest"): "Is the replacement the lowest sufficient bid in the same "
                                  "strain?",
    ("27", "replacement_judged"): OTHERWISE,
    ("27", "replacement_insufficient"): "Is the replacement insufficient too?",
    ("27", "replacement_illegal_double"): "Is the replacement a double or redouble that Law 19 "
                                          "does not allow?",
    ("27", "replacement_above_seven"): "Is the replacement a bid above seven?",
    # --- inadmissible calls and calls after the auction (35-39) ------------------------------
    ("35-39", "by_declaring_side_or_pass"): "Was it a call by declarer or dummy, or a "
                                            "defender's pass?",
    ("35-39", "by_defender_not_pass"): "Was it a bid, double or redouble by a defender?",
    ("35-39", "lho_calls_first"): "Does the offender's LHO call before the director rules?",
    ("35-39", "made_out_of_turn"): "Was the call made out of turn?",
    ("35-39", "lho_first_out_of_turn"): "Does LHO call first, the call having been out of turn?",
    **_variants("35-39", "made_in_turn", "Was the call made in turn?"),
    **_variants("35-39", "lho_first_in_turn", "Does LHO call first, the call having been in turn?"),
    **_variants("35-39", "", "Does LHO call before the director rules?",
                ("lho_calls_first_and_face_down_lead_stands", "lho_calls_first_and_no_face_down_lead")),
    **_variants("35-39", "", ASK_TRIGGER, ("face_down_lead_stands", "no_face_down_lead")),
    ("27", "no_premature"): "Has the offender not replaced the bid early?",
    ("27", "with_premature"): "Did the offender replace the bid early (27C)?",
    ("27", "lho_calls_no_premature"): "Does the offender's LHO call over the insufficient bid, with "
                                      "no early replacement?",
    ("27", "lho_calls_after_premature"): "Does the offender's LHO call over the insufficient bid "
                                         "after an early replacement?",
    ("27", "offender_replaces_after_director"): "Does the offender call, LHO not having accepted?",
    # --- comparable calls and lead restrictions (23, 26) -------------------------------------
    **_variants("23, 26", "then", ASK_TRIGGER, ("auction", "clarification", "passed_out")),
    **_variants("23, 26", "kept", OTHERWISE, ("auction", "clarification", "passed_out")),
    ("23, 26", "cancelled_if_not_comparable"): "Was it an attempted double or redouble "
                                               "replacing an insufficient bid?",
    # --- change of call and misinformation (21B, 25) ------------------------------------------
    ("21B, 25", "ground_is_slip_and_can_change"): "Does the player say the call was a slip of the "
                                                  "tongue or hand, partner not having called since?",
    ("21B, 25", "ground_is_misinformation_and_can_change"): "Does the player say misinformation from "
                                                            "an opponent led to the call, partner not "
                                                            "having called since?",
    ("21B, 25", "cannot_change"): OTHERWISE,
    **_variants("21B, 25", "back_to", ASK_TRIGGER,
                ("auction", "clarification", "opening_lead", "passed_out")),
    ("21B, 25", "lho_not_called_over"): "Has nobody called over the call being changed?",
    ("21B, 25", "lho_called_over"): "Has the offender's LHO called over it already?",
    ("21B, 25", "lho_calls_over_change"): "Does LHO call over the change?",
    ("21B, 25", "change_stands"): "Does the accepted new call still stand?",
    ("21B, 25", "change_cancelled"): "Was the new call cancelled under 17D3?",
    # --- exposed cards (24) -------------------------------------------------------------------
    ("24", "single_low_card"): "Is it a single card below honour rank, not led?",
    ("24", "honour_or_led"): "Is it a single honour, or a card led early?",
    ("24", "two_or_more"): "Are two or more cards exposed?",
    # --- the opening lead (41, 50, 51, 54) ----------------------------------------------------
    ("41, 50, 51, 54", "cards_or_rights_to_settle"): "Are exposed cards, penalty cards or 26B "
                                                     "rights left to settle?",
    ("41, 50, 51, 54", "nothing_to_settle"): OTHERWISE,
    ("41, 50, 51, 54", "penalty_card_choice_due"): "Does the leader's partner have a major "
                                                   "penalty card?",
    ("41, 50, 51, 54", "lead_restriction_choice_due"): "Does declarer hold a 26B right against "
                                                       "the leader?",
    ("41, 50, 51, 54", "designation_due"): "Does the leader have two or more major penalty "
                                           "cards that may be led?",
    ("41, 50, 51, 54", "no_choice_due"): OTHERWISE,
    ("41, 50, 51, 54", "exposed_by_defender"): "Did a defender expose the card (49)?",
    ("41, 50, 51, 54", "exposed_by_declaring_side"): OTHERWISE,
}

#: The question for a decision that has one outcome, by trigger.
TRIGGER_QUESTIONS: Final[dict[str, str]] = {
    "call_pass": "Does the player pass?",
    "call_bid": "Does the player make a sufficient bid?",
    "call_double": "Does the player double?",
    "call_redouble": "Does the player redouble?",
    "insufficient_bid": "Is the bid no higher than the last bid?",
    "inadmissible_double": "Is it a double or redouble that Law 19 does not allow?",
    "violates_pass_obligation": "Does a player obliged to pass bid, double or redouble in turn?",
    "bid_above_seven": "Is it a bid above the seven level?",
    "call_out_of_rotation": "Does a player call when it is not their turn?",
    "call_after_final_pass": "Is a call made after the final pass?",
    "call_while_pending": "Does a player call before the ruling?",
    "director_called": "Is the director called?",
    "choose_decline": "Does the player entitled decline?",
    "director_idle": "Is the director called with nothing irregular pending?",
    "director_present": "Is the director called again while already ruling?",
    "hands_returned": "Are the hands of the passed-out board put back into the board?",
    "judge_artificial": "Does the director judge the call artificial?",
    "judge_natural": "Does the director judge the call natural?",
    "judge_comparable": "Does the director judge the replacement comparable?",
    "judge_not_comparable": "Does the director judge it not comparable?",
    "judge_unintended": "Does the director judge the first call a slip?",
    "judge_intended": "Does the director judge it a change of mind?",
    "judge_misinformation": "Does the director find misinformation influenced the call?",
    "judge_no_misinformation": "Does the director find no misinformation?",
    "judge_dummy_seen": "Could declarer have seen dummy's cards?",
    "judge_dummy_not_seen": "Could declarer not have seen dummy's cards?",
    "choose_accept": "Does the player entitled accept?",
    "choose_refuse": "Does the player entitled refuse?",
    "choose_keep": "Does LHO keep the call made over the changed one?",
    "choose_withdraw": "Does LHO withdraw the call made over the changed one?",
    "choose_change": "Does LHO change the call made over the changed one?",
    "choose_spread": "Does declarer spread the hand and become dummy?",
    "choose_require": "Does declarer require the leader to lead the suit?",
    "choose_prohibit": "Does declarer prohibit the suit?",
    "choose_let_remain": "Does declarer let the penalty card remain?",
    "choose_no_prohibition": "Does declarer choose not to prohibit a suit?",
    "choose_designate": "Does declarer designate which penalty card is led?",
    "choose_director": "Does the player entitled ask the director to rule instead?",
    "attempt_change": "Does a player try to change a call?",
    "expose_cards": "Are a player's cards exposed during the auction?",
    "noticed_after_lead": "Does nobody notice the call until after the opening lead is faced?",
    "review_request": "Does a player ask for the auction to be restated?",
    "explanation_request": "Does a player ask what an opponent's call means?",
    "face_down_lead": "Does the presumed leader lead face down?",
    "opening_lead": "Does the presumed leader face the opening lead at once?",
    "face_lead": "Is the face-down lead faced?",
    "lead_out_of_turn": "Does the other defender face an opening lead?",
    "face_down_lead_out_of_turn": "Does the other defender lead face down?",
    "lead_by_declaring_side": "Does declarer or dummy lead?",
    "auction_ends": "Have the calls ended the auction?",
    "watched_call": "Has a call been made that a waiting rectification is watching for?",
    "declarer_options": "Does declarer have a choice before the opening lead?",
    "restore_call": "Is it LHO's turn to make the kept call again?",
    "restore_lapses": "Can the kept call not be made at LHO's turn now?",
    "judge_change": "Was a change of call accepted?",
}

#: A short answer naming what happened, by trigger: the context line of a question box.
TRIGGER_ANSWERS: Final[dict[str, str]] = {
    "call_while_pending": "A player calls",
    "director_called": "The director is called",
    "judge_natural": "The director judges the call natural",
    "judge_artificial": "The director judges the call artificial",
    "judge_unintended": "The director judges the first call a slip",
    "judge_misinformation": "The director finds misinformation",
    "judge_no_misinformation": "The director finds no misinformation",
    "judge_not_comparable": "The director judges it not comparable",
    "judge_comparable": "The director judges it comparable",
    "call_out_of_rotation": "A call out of rotation",
    "call_after_final_pass": "A call after the final pass",
    "call_pass": "A pass in turn",
    "call_bid": "A bid in turn",
    "call_double": "A double in turn",
    "call_redouble": "A redouble in turn",
    "inadmissible_double": "An inadmissible double or redouble",
    "expose_cards": "Cards are exposed",
    "noticed_after_lead": "Nobody notices the call until after the lead",
    "attempt_change": "A player tries to change a call",
    "auction_ends": "The auction has ended",
    "watched_call": "A call stood that a rectification waits for",
    "declarer_options": "Before the opening lead",
    "judge_change": "A change of call was accepted",
    "choose_refuse": "The player entitled refuses",
    "lead_out_of_turn": "The other defender faces a lead",
    "explanation_request": "A player asks what a call means",
}

#: A question about where the auction stands, for outcomes that differ only by phase.
SOURCE_QUESTIONS: Final[dict[str, str]] = {
    "awaiting_first_call": "Has nobody called yet?",
    "auction": "Is the auction under way?",
    "clarification": "Has the auction ended, with no lead yet?",
    "after_auction": "Has the auction ended?",
    "opening_lead": "Is a face-down opening lead on the table?",
    "passed_out": "Was the board passed out, with the hands still out?",
    "procedure": "Is another irregularity still waiting for a ruling?",
}

#: Where the auction stands once an outcome applies ("then ..."), by phase.
PLACE_WORDS: Final[dict[str, str]] = {
    "awaiting_first_call": "the dealer still has to call",
    "auction": "the auction goes on",
    "clarification": "the auction is over: clarification period",
    "opening_lead": "the face-down opening lead stays",
    "play": "the auction period is over: play begins",
    "passed_out": "the board is passed out; the hands are still out",
    "hands_returned": "the hands are back in the board: the auction period is over",
}

#: Who decides at each step of a procedure.
DECIDERS: Final[dict[str, str]] = {
    "out_of_rotation.awaiting_decision": "the offender's LHO, by calling, or the director",
    "out_of_rotation.awaiting_artificial_judgement": "the director",
    "insufficient_bid.awaiting_decision": "the offender's LHO, by calling, or the director",
    "insufficient_bid.premature_replacement": "the offender's LHO, or the director",
    "insufficient_bid.awaiting_replacement": "the offender chooses a call; the director rules on it",
    "inadmissible_double.awaiting_decision": "the offender's LHO, by calling, or the director",
    "pass_obligation_violated.awaiting_decision": "the offender's LHO, by calling, or the director",
    "bid_above_seven.awaiting_decision": "the offender's LHO, by calling, or the director",
    "call_after_final_pass.awaiting_decision": "the offender's LHO, by calling, or the director",
    "comparable_call.awaiting_judgement": "the director",
    "change_of_call.awaiting_judgement": "the director",
    "change_of_call.awaiting_acceptance": "the offender's LHO",
    "change_of_call.awaiting_lho_choice": "the offender's LHO",
    "misinformation.awaiting_judgement": "the director",
    "misinformation.awaiting_lho_choice": "the offender's LHO",
    "out_of_rotation.awaiting_choice": "the offender's LHO, after the director explains",
    "insufficient_bid.awaiting_choice": "the offender's LHO, after the director explains",
    "declarer_lead_options.penalty_card": "declarer",
    "declarer_lead_options.lead_restriction": "declarer",
    "declarer_lead_options.designate_card": "declarer",
    "lead_out_of_turn.awaiting_declarer": "declarer (the director judges 54C first)",
}

#: The families drawn as flowcharts for people, with each chart's title (the seat machine's
#: rows are drawn for developers only).
FAMILY_TITLES: Final[dict[str, str]] = {
    "17-22": "Calls in rotation and the end of the auction (Laws 17-22, with 17D3)",
    "28-34": "Call out of rotation (Laws 28-34)",
    "27": "Insufficient bid (Law 27)",
    "35-39": "Inadmissible calls and calls after the final pass (Laws 35-39)",
    "23, 26": "Comparable call and lead restrictions (Laws 23, 26B)",
    "21B, 25": "Change of call and misinformation (Laws 21B, 25)",
    "24": "Cards exposed during the auction (Law 24)",
    "20": "Review and explanation of calls (Law 20)",
    "41, 50, 51, 54": "Opening lead, penalty cards, lead out of turn (Laws 41, 50, 51, 54)",
    "9-10": "Calling the director (Laws 9-10)",
}

DRAWN_FAMILIES: Final[tuple[str, ...]] = tuple(FAMILY_TITLES)
