"""Law 24: cards exposed or led during the auction."""

from __future__ import annotations

import pytest

from auction_fsm.errors import AuctionOverError, DecisionError
from auction_fsm.lawbook.exposure import penalty_cards

from .conftest import outcome, ruling_laws, unchanged_after, walk


def exposed(s: object) -> list[tuple[str, str, bool, str]]:
    return [(e.seat.name, e.card.text, e.led, e.law) for e in s.exposed]  # type: ignore[attr-defined]


def test_24A_single_low_card_not_led_no_further_rectification() -> None:
    s = walk("N", "N 1H, E expose H2")
    assert outcome(s) == {
        "record": ["N 1H stands"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert exposed(s) == [("E", "H2", False, "24A")] and ruling_laws(s) == ["24A"]
    # 24E: East defends, so the low card becomes a (minor) penalty card at the end.
    s = walk("N", "N 1H, E expose H2, E P, S 2H, W P, N P, E P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E")
    assert exposed(s) == [("E", "H2", False, "24A")] and ruling_laws(s) == ["24A", "24E, 50"]


def test_24B_single_honour_partner_must_pass_at_next_turn() -> None:
    s = walk("N", "N 1H, E expose SK")
    assert outcome(s) == {
        "record": ["N 1H stands"],
        "obligations": {"W": [("pass_next_turn", "24B", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    s = walk("N", "N 1H, E expose SK, E 1S, S 2H")
    assert [c.text for c in s.legal_calls()] == ["P"]
    s = walk("N", "N 1H, E expose SK, E 1S, S 2H, W P")
    assert outcome(s)["obligations"] == {} and s.turn.name == "N"  # only the next turn
    assert exposed(s) == [("E", "SK", False, "24B")]


def test_24B_card_prematurely_led_even_a_low_one() -> None:
    s = walk("N", "N 1H, E expose D4 led")
    assert outcome(s)["obligations"] == {"W": [("pass_next_turn", "24B", None)]}
    assert exposed(s) == [("E", "D4", True, "24B")]
    s = walk("N", "N 1H, E expose D4 led, E P, S P, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P stands", "W P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("1H", "N", "S", "E"),
    }
    assert exposed(s) == [("E", "D4", True, "24B")]  # kept for 24E
    assert ruling_laws(s) == ["24B", "24E, 50"]


@pytest.mark.parametrize("events", ["E expose H2 H3", "E expose H2, E expose H3"])
def test_24C_two_or_more_cards_partner_must_pass_at_next_turn(events: str) -> None:
    s = walk("N", "N 1H", events)
    assert outcome(s)["obligations"] == {"W": [("pass_next_turn", "24C", None)]}
    assert [e.card.text for e in s.exposed] == ["H2", "H3"]
    assert s.exposed[-1].law == "24C"


def test_24D_declaring_side_cards_go_back_to_the_hand() -> None:
    s = walk("N", "N 1H, S expose SK, E P, S 2H, W P, N P, E P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E")
    assert ruling_laws(s) == ["24B", "24D"]
    assert exposed(s) == [("S", "SK", False, "24B")]


def test_24_partner_bidding_instead_of_passing_is_law_37() -> None:
    s = walk("N", "N 1H, E expose H2 H3, E P, S P, W 1S")
    assert outcome(s)["pending"] == ("pass_obligation_violated.awaiting_decision", "N",
                                     ("lho_calls", "director"))


def test_24_exposure_changes_no_call() -> None:
    before = walk("N", "N 1H, E 1S")
    after = walk("N", "N 1H, E 1S, W expose CA")
    assert (after.record, after.key, after.turn) == (before.record, before.key, before.turn)


def test_24_bad_input_after_the_auction_or_card_already_exposed() -> None:
    # after the final pass a card exposed is Laws 48-50 (tests/laws/test_law49_50.py); after the
    # faced opening lead the auction period is over
    unchanged_after(walk("N", "N 1H, E P, S P, W P, E leads S2"), AuctionOverError, "E expose SA",
                    match="17D1")
    unchanged_after(walk("N", "N 1H, E expose H2"), DecisionError, "E expose H2", match="already exposed")
    unchanged_after(walk("N", "N 1H, E 1C"), DecisionError, "W expose SA", match="pending")


@pytest.mark.parametrize("events", ["E expose SK", "S expose H2 led", "W expose C3 C4"])
def test_24_16D_card_exposed_before_anyone_has_called_goes_back_without_rectification(events: str) -> None:
    """WBF Laws Committee, 15 August 2017: before any call Law 24 does not apply; the card goes
    back into the hand and what it showed is unauthorised information for partner (16D)."""
    s = walk("N", events)
    assert outcome(s)["obligations"] == {} and exposed(s) == []
    assert ruling_laws(s) == ["24, 16D"] and s.phase == "awaiting_first_call"
    s = walk("N", f"{events}, N 1H, E P, S P, W P")
    assert outcome(s)["result"] == ("1H", "N", "S", "E")
    assert penalty_cards(s) == ()  # no penalty card at the end (24E does not apply)
