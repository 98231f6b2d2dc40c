"""Law 38: a bid of more than seven."""

from __future__ import annotations

import pytest

from auction_fsm.errors import DecisionError

from .conftest import laws, outcome, ruling_laws, unchanged_after, walk


def test_38_bid_above_seven_in_turn_waits_for_lho_or_director() -> None:
    s = walk("N", "N 7NT, E 8C")
    assert outcome(s) == {
        "record": ["N 7NT stands", "E 8C pending"],
        "obligations": {},
        "turn": "E",
        "pending": ("bid_above_seven.awaiting_decision", "S", ("lho_calls", "director")),
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "38"


def test_38A_a_contract_above_seven_is_never_reached_even_if_lho_calls() -> None:
    for events in ("N 7NT, E 8C, S P, S P, W P", "N 7NT, E 8C, director, S P, W P"):
        s = walk("N", events)
        assert s.contract is not None and s.contract.level == 7
        assert outcome(s)["result"] == ("7NT", "N", "S", "E")


def test_38B_C_D_director_cancels_8C_substitutes_pass_both_silenced_with_26B() -> None:
    s = walk("N", "N 7NT, E 8C, director")
    assert outcome(s) == {
        "record": ["N 7NT stands", "E 8C cancelled", "E P stands"],
        "obligations": {"E": [("pass_rest_of_auction", "38C", None)],
                        "W": [("pass_rest_of_auction", "38C", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [("E", "W", "8C", "CDHS")],
        "result": None,
    }
    assert laws(s)[1:] == ["38B", "38C"] and s.restrictions[0].law == "38D, 26B"
    assert ruling_laws(s) == ["38"]
    s = walk("N", "N 7NT, E 8C, director, S P, W P")
    assert outcome(s) == {
        "record": ["N 7NT stands", "E 8C cancelled", "E P stands", "S P stands", "W P stands"],
        "obligations": {"E": [("pass_rest_of_auction", "38C", None)],
                        "W": [("pass_rest_of_auction", "38C", None)]},
        "turn": None,
        "pending": None,  # West is not the opening leader
        "restrictions": [("E", "W", "8C", "CDHS")],
        "result": ("7NT", "N", "S", "E"),
    }


def test_38B_D_lho_called_later_calls_cancelled_no_26B() -> None:
    s = walk("N", "N 7NT, E 8C, S P")
    assert outcome(s) == {
        "record": ["N 7NT stands", "E 8C cancelled", "S P cancelled", "E P stands"],
        "obligations": {"E": [("pass_rest_of_auction", "38C", None)],
                        "W": [("pass_rest_of_auction", "38C", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [],  # 38D: LHO called after the infraction
        "result": None,
    }
    assert laws(s)[1:] == ["38B", "38B", "38C"]


def test_38C_offending_side_must_pass_at_every_turn() -> None:
    s = walk("N", "N 1H, E 8S, director, S 2H")
    assert [c.text for c in s.legal_calls()] == ["P"]  # West
    s = walk("N", "N 1H, E 8S, director, S 2H, W P, N 3H")
    assert [c.text for c in s.legal_calls()] == ["P"]  # East
    s = walk("N", "N 1H, E 8S, director, S 2H, W P, N 3H, E P, S P, W P")
    assert outcome(s)["result"] == ("3H", "N", "S", "E")


def test_38_bid_above_seven_out_of_rotation_cancelled_without_substituted_pass() -> None:
    s = walk("N", "N 1H, S 8S")
    assert outcome(s)["pending"] == ("bid_above_seven.awaiting_decision", "W", ("lho_calls", "director"))
    s = walk("N", "N 1H, S 8S, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 8S@E cancelled"],
        "obligations": {"N": [("pass_rest_of_auction", "38C", None)],
                        "S": [("pass_rest_of_auction", "38C", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [("S", "N", "8S", "CDHS")],
        "result": None,
    }
    s = walk("N", "N 1H, S 8S, director, E 1S, S P, W P, N P")
    assert outcome(s)["result"] == ("1S", "E", "W", "S")


def test_38_bid_above_seven_out_of_rotation_lho_calls_no_26B() -> None:
    s = walk("N", "N 1H, S 8S, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S 8S@E cancelled", "W P cancelled"],
        "obligations": {"N": [("pass_rest_of_auction", "38C", None)],
                        "S": [("pass_rest_of_auction", "38C", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }


def test_38_other_players_cannot_call_while_the_bid_above_seven_awaits() -> None:
    s = walk("N", "N 7NT, E 8C")
    for event in ("W P", "N P", "E P"):
        unchanged_after(s, DecisionError, event)


@pytest.mark.parametrize("call", ["8C", "8NT", "9S", "13NT"])
def test_38_any_level_above_seven_is_ruled_not_refused(call: str) -> None:
    s = walk("N", f"N 1H, E {call}, director")
    assert outcome(s)["record"] == ["N 1H stands", f"E {call} cancelled", "E P stands"]


def test_38B_C_D_issue17_7NT_8C_director_rules_at_once_south_to_call() -> None:
    # issue 17, item 1: N 7NT, E 8C, the director is called: he rules; no accept/decline for South
    s = walk("N", "N 7NT, E 8C, director")
    assert outcome(s) == {
        "record": ["N 7NT stands", "E 8C cancelled", "E P stands"],
        "obligations": {"E": [("pass_rest_of_auction", "38C", None)], "W": [("pass_rest_of_auction", "38C", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [("E", "W", "8C", "CDHS")],
        "result": None,
    }
