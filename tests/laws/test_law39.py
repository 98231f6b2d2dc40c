"""Law 39: calls after the final pass."""

from __future__ import annotations

import pytest

from auction_fsm.errors import AuctionOverError
from auction_fsm.lawbook.restrictions import restriction_status

from .conftest import laws, outcome, ruling_laws, unchanged_after, walk

ENDED = "N 1H, E P, S P, W P"  # 1H by North; East leads


@pytest.mark.parametrize(("event", "who"), [("S 2H", "dummy"), ("N 2H", "declarer"), ("N X", "declarer")])
def test_39A_39B_call_by_declaring_side_after_final_pass_cancelled_no_rectification(
        event: str, who: str) -> None:
    s = walk("N", ENDED, event)
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P stands", "W P stands", f"{event} cancelled"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("1H", "N", "S", "E"),
    }
    assert laws(s)[-1] == "39A" and ruling_laws(s) == ["39A, 39B"]


def test_39B_pass_by_defender_after_final_pass_no_rectification() -> None:
    s = walk("N", ENDED, "E P")
    assert outcome(s)["record"][-1] == "E P cancelled"
    assert outcome(s)["pending"] is None and outcome(s)["restrictions"] == []
    assert ruling_laws(s) == ["39A, 39B"]


def test_39B_defender_bid_then_lho_calls_before_rectification() -> None:
    s = walk("N", ENDED, "E 2C")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P stands", "W P stands", "E 2C cancelled"],
        "obligations": {},
        "turn": None,
        "pending": ("call_after_final_pass.awaiting_decision", "S", ("lho_calls", "director")),
        "restrictions": [],
        "result": ("1H", "N", "S", "E"),
    }
    s = walk("N", ENDED, "E 2C, S P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P stands", "W P stands", "E 2C cancelled",
                   "S P cancelled"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("1H", "N", "S", "E"),
    }
    assert ruling_laws(s) == ["39A", "39B"]


def test_39C_defender_bid_after_final_pass_director_gives_26B() -> None:
    s = walk("N", ENDED, "E 2C, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P stands", "W P stands", "E 2C cancelled"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [("E", "W", "2C", "CDHS")],
        "result": ("1H", "N", "S", "E"),
    }
    assert ruling_laws(s) == ["39A", "39C"] and s.restrictions[0].law == "39C, 26B"


def test_39C_double_by_opening_leaders_partner_binds_the_opening_leader() -> None:
    s = walk("N", ENDED, "W X, director")
    assert outcome(s)["restrictions"] == [("W", "E", "X", "CDHS")]
    assert s.restrictions[0].leader == s.opening_leader


def test_39C_26B_the_right_reads_to_choose_then_used_not_may_apply_after_an_auction_ended_with_nothing_to_settle(
        ) -> None:
    # the auction ended in rotation with no right and no exposed card, so nothing was settled at
    # its end; the right 39C gives stands all the same, and declarer's choice on it is made now
    s = walk("N", "N 1NT, E P, S P, W P", "W X, director")
    assert s.pending is not None and s.pending.step == "lead_restriction"
    assert [restriction_status(s, r) for r in s.restrictions] == ["to_choose"]
    s = walk("N", "N 1NT, E P, S P, W P", "W X, director, N prohibit_C")
    assert [restriction_status(s, r) for r in s.restrictions] == ["used"]


def test_39_after_a_passed_out_board_a_call_is_refused() -> None:
    s = walk("N", "N P, E P, S P, W P")
    unchanged_after(s, AuctionOverError, "N 1C", match="passed out")
