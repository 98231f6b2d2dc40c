"""Law 21B: a call based on misinformation from an opponent may be changed."""

from __future__ import annotations

from auction_fsm.errors import DecisionError, IllegalCallError

from .conftest import laws, outcome, ruling_laws, unchanged_after, walk

JUDGE_MI = ("misinformation.awaiting_judgement", "director", ("misinformation", "no_misinformation"))


def test_21B1_pass_changed_to_double_after_misexplained_1NT() -> None:
    s = walk("N", "N 1NT, E P, E change X misinformation")
    assert outcome(s) == {
        "record": ["N 1NT stands", "E P stands"],
        "obligations": {},
        "turn": "S",
        "pending": JUDGE_MI,
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "21B1"
    s = walk("N", "N 1NT, E P, E change X misinformation, judge misinformation yes")
    assert outcome(s) == {
        "record": ["N 1NT stands", "E P withdrawn", "E X stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],  # no other rectification for that side
        "result": None,
    }
    assert laws(s)[1] == "21B1"
    s = walk("N", "N 1NT, E P, E change X misinformation, judge misinformation yes, S 2C, W P, N P, E P")
    assert outcome(s)["result"] == ("2C", "S", "N", "W")


def test_21B1_no_misinformation_the_call_stands() -> None:
    s = walk("N", "N 1NT, E P, E change X misinformation, judge misinformation no")
    assert outcome(s) == {
        "record": ["N 1NT stands", "E P stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["21B1", "21B1"]


def test_21B1a_not_once_partner_has_called() -> None:
    s = walk("N", "N 1NT, E P, S 2C, W P")
    info = unchanged_after(s, IllegalCallError, "E change X misinformation", match="partner has called")
    assert info.value.law == "21B1a"  # type: ignore[attr-defined]


def test_21B1a_until_the_end_of_the_auction_period_final_pass_changed() -> None:
    # West made the final pass; West's partner has not called since, so in the clarification
    # period West may still change it: the auction resumes.
    s = walk("N", "N 1NT, E P, S P, W P, W change X misinformation, judge misinformation yes")
    assert outcome(s) == {
        "record": ["N 1NT stands", "E P stands", "S P stands", "W P withdrawn", "W X stands"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    s = walk("N", "N 1NT, E P, S P, W P, W change X misinformation, judge misinformation yes, N P, E P, S P")
    assert outcome(s)["result"] == ("1NTX", "N", "S", "E")


# --- 21B2: LHO may then change a later call ---------------------------------------------------------
def test_21B2_lho_may_change_call_made_over_the_changed_one() -> None:
    s = walk("N", "N 1NT, E P, S 2C, E change X misinformation, judge misinformation yes")
    assert outcome(s) == {
        "record": ["N 1NT stands", "E P stands", "S 2C stands"],
        "obligations": {},
        "turn": "W",
        "pending": ("misinformation.awaiting_lho_choice", "S", ("keep", "change")),
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "21B2"
    s = walk("N", "N 1NT, E P, S 2C, E change X misinformation, judge misinformation yes, S choose change")
    assert outcome(s) == {
        "record": ["N 1NT stands", "E P withdrawn", "S 2C withdrawn", "E X stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[1:3] == ["21B1", "21B2"]
    s = walk("N", "N 1NT, E P, S 2C, E change X misinformation, judge misinformation yes, S choose change, "
                  "S XX, W P, N P, E P")
    assert outcome(s)["result"] == ("1NTXX", "N", "S", "E")


def test_21B2_lho_keeps_call_made_over_the_changed_one() -> None:
    s = walk("N", "N 1NT, E P, S 2C, E change X misinformation, judge misinformation yes, S choose keep")
    assert outcome(s) == {
        "record": ["N 1NT stands", "E P withdrawn", "S 2C withdrawn", "E X stands", "S 2C stands"],
        "obligations": {},
        "turn": "W",
        "pending": None,
        "restrictions": [],
        "result": None,
    }


def test_21B2_keeping_the_call_is_ruled_under_21B2() -> None:
    s = walk("N", "N 1NT, E P, S 2C, E change X misinformation, judge misinformation yes, S choose keep")
    assert ruling_laws(s)[-1] == "21B2"


def test_21B_bad_input() -> None:
    s = walk("N", "N 1NT, E P, E change X misinformation")
    unchanged_after(s, DecisionError, "judge unintended yes", match="misinformation")
    unchanged_after(s, DecisionError, "S choose keep", match="director")
