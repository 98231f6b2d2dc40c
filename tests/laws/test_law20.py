"""Law 20: review of the auction (20B) and explanation of calls (20F1) during the auction."""

from __future__ import annotations

from auction_fsm.errors import DecisionError

from .conftest import outcome, record, ruling_laws, unchanged_after, walk


def test_20B_review_at_own_turn_restates_all_calls_and_changes_nothing() -> None:
    before = walk("N", "N 1H, E 1S, S 2H")
    s = walk("N", "N 1H, E 1S, S 2H, W review")
    assert outcome(s) == outcome(before)
    assert (s.record, s.key, s.obligations) == (before.record, before.key, before.obligations)
    assert ruling_laws(s) == ["20B"]
    assert s.rulings[-1].summary.endswith("N 1H, E 1S, S 2H")


def test_20B_review_includes_only_standing_calls() -> None:
    s = walk("N", "N 1H, S 2H, E P, S 2H, W review")
    assert s.rulings[-1].summary.endswith("N 1H, E P, S 2H")


def test_20B_review_not_at_own_turn_is_refused() -> None:
    s = walk("N", "N 1H")
    unchanged_after(s, DecisionError, "S review", match="only at their own turn")


def test_20B_review_refused_to_a_player_required_to_pass() -> None:
    s = walk("N", "N 1H, E expose SK, E P, S P")
    unchanged_after(s, DecisionError, "W review", match="obliged to pass")


def test_20C2_review_after_the_final_pass() -> None:
    s = walk("N", "N 1H, E P, S P, W P, E review")
    assert ruling_laws(s)[0].startswith("20C2") and outcome(s)["result"] == ("1H", "N", "S", "E")


def test_20F1_explanation_of_an_opponents_call_at_own_turn() -> None:
    before = walk("N", "N 1NT, E P, S 2D")
    s = walk("N", "N 1NT, E P, S 2D, W explain 3")
    assert outcome(s) == outcome(before) and s.key == before.key
    assert ruling_laws(s) == ["20F1"]
    assert "South's 2D" in s.rulings[-1].summary and "North answers" in s.rulings[-1].summary
    s = walk("N", "N 1NT, E P, S 2D, W explain")
    assert ruling_laws(s) == ["20F1"]


def test_20F1_refused_for_partners_call_or_out_of_turn() -> None:
    s = walk("N", "N 1NT, E P, S 2D")
    unchanged_after(s, DecisionError, "W explain 2", match="not an opponent's call")
    unchanged_after(s, DecisionError, "E explain 1", match="only at their own turn")
    unchanged_after(s, DecisionError, "W explain 9", match="only 3 calls")


def test_20F1_footnote_player_required_to_pass_may_not_ask_for_an_explanation() -> None:
    # The 2017 text attaches a footnote to 20F1's "may request": not a player required by law
    # to pass.  West, silenced for one turn by East's exposed king (24B), may not ask.
    s = walk("N", "N 1H, E expose SK, E P, S 2H")
    unchanged_after(s, DecisionError, "W explain 3", match="obliged to pass")



# --- 20B while a procedure is pending ------------------------------------------------------------
def test_20B_lho_about_to_call_may_have_the_auction_restated_while_27A1_acceptance_is_open() -> None:
    s = walk("N", "N 1H, E 1D, S review")
    assert s.pending is not None and s.pending.state_name == "insufficient_bid.awaiting_decision"
    assert ruling_laws(s)[-1] == "20B" and "N 1H" in s.rulings[-1].summary
    s = walk("N", "N 1H, E 1D, S review, S 2H")  # South then accepts by calling (27A1)
    assert s.pending is None and record(s)[-2:] == ["E 1D stands", "S 2H stands"]


def test_20B_a_review_by_a_player_not_about_to_call_stays_refused_while_27_is_pending() -> None:
    s = walk("N", "N 1H, E 1D")
    unchanged_after(s, DecisionError, "W review", match="review request must wait")


# --- 20B and 20F1 for the player who decides at his turn to call (issue 40) ------------------------
CHANGE_OF_MIND = "N 1H, N change 1S, judge unintended no"  # East may accept the change (25B)
MUST_REPLACE = "N 1H, E 1D, director, S choose decline"  # East must replace 1D (27B)


def test_20B_20F1_lho_deciding_on_a_change_of_call_is_about_to_call_and_may_ask() -> None:
    before = walk("N", CHANGE_OF_MIND)
    assert outcome(before)["pending"] == ("change_of_call.awaiting_acceptance", "E", ("accept", "refuse"))
    s = walk("N", CHANGE_OF_MIND, "E review")
    assert outcome(s) == outcome(before) and ruling_laws(s)[-1] == "20B"
    assert s.rulings[-1].summary.endswith("N 1H")
    s = walk("N", CHANGE_OF_MIND, "E explain 1, E explain")
    assert outcome(s) == outcome(before) and ruling_laws(s)[-2:] == ["20F1", "20F1"]
    assert "North's 1H" in s.rulings[-2].summary
    s = walk("N", CHANGE_OF_MIND, "E review, E choose accept")  # the decision is still East's
    assert record(s)[:2] == ["N 1H withdrawn", "N 1S stands"]


def test_20B_20F1_the_offender_who_must_replace_an_insufficient_bid_may_ask() -> None:
    before = walk("N", MUST_REPLACE)
    assert outcome(before)["pending"] == ("insufficient_bid.awaiting_replacement", "E", ("replace",))
    s = walk("N", MUST_REPLACE, "E review, E explain 1")
    assert outcome(s) == outcome(before) and ruling_laws(s)[-2:] == ["20B", "20F1"]
    s = walk("N", MUST_REPLACE, "E review, E 2D")
    assert record(s)[-1] == "E 2D stands"


def test_20F1_lho_about_to_call_over_an_irregular_call_may_ask_what_it_means() -> None:
    s = walk("N", "N 1H, E 1D, S explain 2")
    assert ruling_laws(s)[-1] == "20F1" and "East's 1D" in s.rulings[-1].summary
    assert outcome(s)["pending"] == ("insufficient_bid.awaiting_decision", "S", ("accept", "director"))


def test_20B_20F1_nobody_else_may_ask_while_the_decision_waits() -> None:
    for base, others in ((CHANGE_OF_MIND, "NSW"), (MUST_REPLACE, "NSW")):
        s = walk("N", base)
        for seat in others:
            unchanged_after(s, DecisionError, f"{seat} review", match="must wait")
            unchanged_after(s, DecisionError, f"{seat} explain", match="must wait")
    # a question about one's own side's call is refused as at any turn (20F1)
    unchanged_after(walk("N", MUST_REPLACE), DecisionError, "E explain 2", match="not an opponent's call")


# West's 1H is replaced by 3C, not comparable (27B2): 26B rights arise. North declares 4S, East is
# the presumed opening leader, and declarer first chooses whether to prohibit a suit (26B).
DECLARER_CHOOSES_26B = ("W 1D, N 1S, E P, S 2S, W 1H, director, W 3C, judge comparable no, "
                        "N 3S, E P, S 4S, W P, N P, E P")


def test_20C2_20F2_the_presumed_leader_may_ask_while_declarer_chooses_what_he_may_lead() -> None:
    """The auction is over and the leader is at his turn to play: his right to have the calls
    restated (20C2) and explained (20F2) does not wait for declarer's 26B choice, which goes on
    waiting, unchanged, afterwards."""
    before = walk("W", DECLARER_CHOOSES_26B)
    assert outcome(before)["pending"] == ("declarer_lead_options.lead_restriction", "N",
                                          ("prohibit_H", "prohibit_S", "no_prohibition"))
    s = walk("W", DECLARER_CHOOSES_26B, "E review, E explain 7")
    assert outcome(s) == outcome(before) and s.phase == before.phase
    assert ruling_laws(s)[-2:] == ["20C2", "20F2"]
    assert s.rulings[-2].summary.endswith("W 1D, N 1S, E P, S 2S, W 3C, N 3S, E P, S 4S, W P, N P, E P")
    assert record(walk("W", DECLARER_CHOOSES_26B, "E review, N choose prohibit_H"))[-1] == "E P stands"


def test_20C2_20F2_41B_others_wait_for_the_face_down_lead_while_declarer_chooses() -> None:
    s = walk("W", DECLARER_CHOOSES_26B)
    for seat in "NSW":
        for ask in ("review", "explain"):
            unchanged_after(s, DecisionError, f"{seat} {ask}", match="41B" if seat != "S" else "dummy")


def test_20C2_50D2_54D_the_leader_may_ask_while_declarer_chooses_about_a_penalty_card() -> None:
    """After a lead out of turn refused (54D) the card is a major penalty card (56) and declarer
    chooses what the right leader may lead (50D2): that leader may ask meanwhile."""
    base = DECLARER_CHOOSES_26B + ", N choose prohibit_H, W leads C5, N choose refuse"
    before = walk("W", base)
    assert outcome(before)["pending"] == ("declarer_lead_options.penalty_card", "N",
                                          ("require_C", "prohibit_C", "let_remain"))
    s = walk("W", base, "E review, E explain 7")
    assert outcome(s) == outcome(before) and ruling_laws(s)[-2:] == ["20C2", "20F2"]
    unchanged_after(before, DecisionError, "W review", match="41B")


def test_20C2_20F2_51A_the_leader_may_ask_while_declarer_designates_which_penalty_card_he_leads() -> None:
    """East, the leader against 3NT, exposed two honours during the auction (24E, 50B): declarer
    says which one he leads (51A), and East may ask meanwhile; his partner may not yet (41B)."""
    base = "N 1NT, E expose SA HK, E P, S 3NT, W P, N P, E P"
    before = walk("N", base)
    assert outcome(before)["pending"] == ("declarer_lead_options.designate_card", "N",
                                          ("designate_HK", "designate_SA"))
    s = walk("N", base, "E review, E explain 1")
    assert outcome(s) == outcome(before) and ruling_laws(s)[-2:] == ["20C2", "20F2"]
    unchanged_after(before, DecisionError, "W review", match="41B")
