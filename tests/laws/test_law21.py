"""Law 21B: a call based on misinformation from an opponent may be changed."""

from __future__ import annotations

from auction_fsm.errors import DecisionError, IllegalCallError

from .conftest import laws, outcome, record, ruling_laws, unchanged_after, walk

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


def test_21B1a_not_once_partner_has_called_the_attempted_call_stays_cancelled() -> None:
    # Too late: East's pass stands; the double East tried to put in its place was said at the
    # table, so it stays in the record, cancelled, for 16C (issue 40).
    before = walk("N", "N 1NT, E P, S 2C, W P")
    s = walk("N", "N 1NT, E P, S 2C, W P, E change X misinformation")
    assert record(s) == [*record(before), "E X cancelled"]
    assert s.key == before.key and s.pending is None and s.turn == before.turn
    assert s.record[-1].law == "21B1a" and ruling_laws(s)[-1] == "21B1a"
    assert "16C" in s.rulings[-1].summary
    # naming the call already made attempts nothing: still refused
    info = unchanged_after(before, IllegalCallError, "E change P misinformation", match="partner has called")
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
