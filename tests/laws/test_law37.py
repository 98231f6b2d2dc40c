"""Law 37: a bid, double or redouble by a player required to pass."""

from __future__ import annotations

from auction_fsm.errors import DecisionError, IllegalCallError

from .conftest import laws, outcome, ruling_laws, unchanged_after, walk

LEAD_OPTIONS_N_CDHS = ("declarer_lead_options.lead_restriction", "N",
                       ("prohibit_C", "prohibit_D", "prohibit_H", "prohibit_S", "no_prohibition"))
SILENCED_W_BIDS = "N 1H, E expose SK, E P, S P, W 2C"  # 24B: West must pass at the next turn


def test_37_silenced_player_bids_waits_for_lho() -> None:
    s = walk("N", SILENCED_W_BIDS)
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P stands", "W 2C pending"],
        "obligations": {"W": [("pass_next_turn", "24B", None)]},
        "turn": "W",
        "pending": ("pass_obligation_violated.awaiting_decision", "N", ("lho_calls", "director")),
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "37"
    unchanged_after(s, DecisionError, "E P")


# --- 37A: LHO calls before rectification ------------------------------------------------------------
def test_37A_lho_calls_everything_stands_no_lead_restrictions() -> None:
    s = walk("N", SILENCED_W_BIDS, "N 2H")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P stands", "W 2C stands", "N 2H stands"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[3] == "37A" and ruling_laws(s) == ["24B", "37A"]
    s = walk("N", SILENCED_W_BIDS, "N 2H, E P, S P, W P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E")
    assert outcome(s)["restrictions"] == [] and outcome(s)["obligations"] == {}


def test_37A_offender_silenced_for_the_rest_must_still_pass_afterwards() -> None:
    # 27B2 silences West for the rest; West bids anyway and North passes over it (37A).
    base = "N 1H, E 1C, director, E 1NT, judge comparable no, S P, W 2C, N P"
    s = walk("N", base)
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1C withdrawn", "E 1NT stands", "S P stands", "W 2C stands",
                   "N P stands"],
        "obligations": {"W": [("pass_rest_of_auction", "27B2", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [("E", "W", "1C", "CDHS")],  # from 27B2, none from 37A
        "result": None,
    }
    s = walk("N", base, "E 2H, S P")
    assert [c.text for c in s.legal_calls()] == ["P"]
    s = walk("N", base, "E P, S P")
    assert outcome(s)["result"] == ("2C", "W", "E", "N")


# --- 37B: rectification before LHO calls --------------------------------------------------------------
def test_37B1_2_bid_cancelled_pass_substituted_both_silenced_and_26B() -> None:
    s = walk("N", SILENCED_W_BIDS, "director")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P stands", "W 2C cancelled", "W P stands"],
        "obligations": {"E": [("pass_rest_of_auction", "37B2", None)],
                        "W": [("pass_rest_of_auction", "37B2", None)]},
        "turn": None,  # the substituted pass is the third: 1H by North
        "pending": LEAD_OPTIONS_N_CDHS,
        "restrictions": [("W", "E", "2C", "CDHS")],
        "result": ("1H", "N", "S", "E"),
    }
    assert laws(s)[3:] == ["37B1", "37B2"] and s.record[4].irregularity == "substituted_pass"
    assert ruling_laws(s)[:2] == ["24B", "37B"]


def test_37B_double_by_silenced_player_auction_continues_both_silenced() -> None:
    # South must pass at the next turn (30A) but doubles East's 1S instead.
    s = walk("N", "N 1H, S P, director, declined, judge artificial no, E 1S, S X, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "S P@E cancelled", "E 1S stands", "S X cancelled", "S P stands"],
        "obligations": {"N": [("pass_rest_of_auction", "37B2", None)],
                        "S": [("pass_rest_of_auction", "37B2", None)]},
        "turn": "W",
        "pending": None,
        "restrictions": [("S", "N", "X", "CDHS")],
        "result": None,
    }
    s = walk("N", "N 1H, S P, director, declined, judge artificial no, E 1S, S X, director, W 2S")
    assert [c.text for c in s.legal_calls()] == ["P"]


def test_37_redouble_contrary_to_19B1_by_silenced_player_is_law_36_not_37() -> None:
    s = walk("N", "N 1H, E expose SK, E P, S P, W XX")
    assert outcome(s)["pending"] == ("inadmissible_double.awaiting_decision", "N", ("lho_calls", "director"))


def test_37B_issue17_1NT_1S_2D_not_comparable_then_3D_by_silenced_west_director_rules() -> None:
    # issue 17, item 1: N 1NT, E 1S (insufficient), director, S declines, E 2D (not comparable:
    # West must pass, 27B2), S passes, W 3D, director: 37B at once (no choice for North), 3D
    # cancelled, a pass put in its place, East and West pass at every turn, North to call
    s = walk("N", "N 1NT, E 1S, director, S choose decline, E 2D, judge comparable no, S P, W 3D, director")
    assert outcome(s) == {
        "record": ["N 1NT stands", "E 1S withdrawn", "E 2D stands", "S P stands", "W 3D cancelled", "W P stands"],
        "obligations": {"E": [("pass_rest_of_auction", "37B2", None)],
                        "W": [("pass_rest_of_auction", "27B2", None)]},  # West already passes to the end
        "turn": "N",
        "pending": None,
        "restrictions": [("E", "W", "1S", "CHS"), ("W", "E", "3D", "CDHS")],
        "result": None,
    }
    assert ruling_laws(s)[-1] == "37B"


# --- 25A while Law 37 waits (issue 40) ----------------------------------------------------------
SILENCED_TO_THE_END_W_BIDS = "N 1H, E 1C, director, E 1NT, judge comparable no, S P, W 2C"  # 27B2


def test_37_25A1_a_slip_by_the_player_obliged_to_pass_is_replaced_by_the_intended_pass() -> None:
    # West, silenced to the end (27B2), pulls 2C meaning to pass.  25A lets an unintended call be
    # replaced until partner calls, whatever procedure waits: the director judges the slip first.
    s = walk("N", SILENCED_TO_THE_END_W_BIDS, "W change P")
    assert outcome(s)["pending"] == ("pass_obligation_violated.awaiting_slip_judgement", "director",
                                     ("unintended", "intended"))
    s = walk("N", SILENCED_TO_THE_END_W_BIDS, "W change P, judge unintended yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1C withdrawn", "E 1NT stands", "S P stands", "W 2C withdrawn",
                   "W P stands"],
        "obligations": {"W": [("pass_rest_of_auction", "27B2", None)]},
        "turn": "N",
        "pending": None,
        "restrictions": [("E", "W", "1C", "CDHS")],  # from 27B2 only: no 37B for the slip
        "result": None,
    }
    assert laws(s)[4] == "25A1" and not any(law.startswith("37") for law in ruling_laws(s))


def test_37_25A_the_call_found_intended_goes_back_to_law_37() -> None:
    s = walk("N", SILENCED_TO_THE_END_W_BIDS, "W change P, judge unintended no")
    assert outcome(s)["pending"] == ("pass_obligation_violated.awaiting_decision", "N", ("lho_calls", "director"))
    unchanged_after(s, IllegalCallError, "W change P", match="25A2")
    s = walk("N", SILENCED_TO_THE_END_W_BIDS, "W change P, judge unintended no, director")
    assert laws(s)[4:] == ["37B1", "37B2"]  # 37B as before the claim
