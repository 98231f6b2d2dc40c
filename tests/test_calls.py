"""Calls and strains: parsing every accepted spelling, canonical text, reprs, rejection of junk.

Bids above seven are readable (they are the inadmissible bid of Law 38) but never legal; the
law-by-law legality cases live in ``tests/laws``.
"""

from __future__ import annotations

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.calls import (
    ALL_CALLS,
    BIDS,
    DOUBLE,
    DOUBLE_CODE,
    PASS,
    PASS_CODE,
    REDOUBLE,
    REDOUBLE_CODE,
    Call,
    Strain,
    parse_call,
)
from auction_fsm.errors import AuctionFsmError, CallSyntaxError, IllegalCallError

SYMBOLS = {Strain.C: "♣", Strain.D: "♦", Strain.H: "♥", Strain.S: "♠"}


def _cases(token: str) -> list[str]:
    """``token`` in upper, lower and mixed case (the parser ignores case)."""
    return sorted({token, token.upper(), token.lower(), token.capitalize(), token.swapcase()})


# --- every accepted spelling ---------------------------------------------------------------------
@pytest.mark.parametrize("level", range(1, 8))
@pytest.mark.parametrize("strain", list(Strain))
def test_every_bid_parses_from_its_letter_in_any_case(level: int, strain: Strain) -> None:
    letter = "NT" if strain is Strain.NT else strain.name
    for token in _cases(f"{level}{letter}"):
        call = parse_call(token)
        assert (call.kind, call.level, call.strain) == ("bid", level, strain), token


@pytest.mark.parametrize("strain", [s for s in Strain if s.is_suit])
def test_suit_symbols_parse_like_letters(strain: Strain) -> None:
    for level in range(1, 8):
        assert parse_call(f"{level}{SYMBOLS[strain]}") is Call.bid(level, strain)


@pytest.mark.parametrize("token", _cases("1N") + _cases("1NT"))
def test_no_trump_is_read_from_n_or_nt(token: str) -> None:
    assert parse_call(token) is Call.bid(1, Strain.NT)


@pytest.mark.parametrize(("word", "expected"), [
    *((t, PASS) for t in _cases("P") + _cases("Pass")),
    *((t, DOUBLE) for t in _cases("X") + _cases("Dbl")),
    *((t, REDOUBLE) for t in _cases("XX") + _cases("Rdbl")),
])
def test_pass_double_redouble_words_in_any_case(word: str, expected: Call) -> None:
    assert parse_call(word) is expected


def test_surrounding_whitespace_is_ignored() -> None:
    assert parse_call("  3nt\n") is Call.bid(3, Strain.NT)
    assert parse_call("\tpass ") is PASS


def test_call_parse_is_parse_call() -> None:
    assert Call.parse("4♥") is parse_call("4H")


def test_parse_call_passes_a_call_through_unchanged() -> None:
    assert parse_call(DOUBLE) is DOUBLE


# --- canonical text ----------------------------------------------------------------------------
@pytest.mark.parametrize(("token", "text"), [
    ("1♣", "1C"), ("2d", "2D"), ("3♥", "3H"), ("4s", "4S"), ("5n", "5NT"), ("7nt", "7NT"),
    ("pass", "P"), ("p", "P"), ("dbl", "X"), ("x", "X"), ("rdbl", "XX"), ("xx", "XX"),
])
def test_canonical_text(token: str, text: str) -> None:
    call = parse_call(token)
    assert call.text == text
    assert str(call) == text


def test_canonical_text_reads_back_to_the_same_call() -> None:
    for call in ALL_CALLS:
        assert parse_call(call.text) is call


def test_there_are_35_bids_and_38_calls_with_codes_in_rank_order() -> None:
    assert len(BIDS) == 35
    assert len(ALL_CALLS) == 38
    assert [c.code for c in ALL_CALLS] == list(range(38))
    assert (PASS.code, DOUBLE.code, REDOUBLE.code) == (PASS_CODE, DOUBLE_CODE, REDOUBLE_CODE)
    assert all(Call.from_code(i) is c for i, c in enumerate(ALL_CALLS))
    assert [b.text for b in BIDS[:6]] == ["1C", "1D", "1H", "1S", "1NT", "2C"]


def test_strain_symbols_and_names() -> None:
    assert [s.symbol for s in Strain] == ["♣", "♦", "♥", "♠", "NT"]
    assert [str(s) for s in Strain] == ["C", "D", "H", "S", "NT"]
    assert [s.is_suit for s in Strain] == [True, True, True, True, False]


# --- values: interned, immutable, hashable, reprs that are Python ---------------------------------
def test_reprs_are_valid_python_that_rebuild_the_call() -> None:
    for call in (*ALL_CALLS, Call.bid(8, Strain.C), Call.bid(12, Strain.NT)):
        rebuilt = eval(repr(call), {"Call": Call})
        assert rebuilt == call
        assert rebuilt is call  # interned


def test_strain_reprs_are_valid_python() -> None:
    for strain in Strain:
        assert eval(repr(strain), {"Strain": Strain}) is strain


def test_calls_are_immutable() -> None:
    call = parse_call("1C")
    with pytest.raises(AttributeError):
        call.level = 2
    assert call.level == 1


def test_equal_calls_hash_alike_and_different_calls_differ() -> None:
    assert len({parse_call(t) for t in ("1C", "1♣", "1c")}) == 1
    assert len(set(ALL_CALLS)) == 38


# --- junk is refused, quoting the token ------------------------------------------------------------
@pytest.mark.parametrize("token", [
    "", "   ", "0C", "08C", "1", "7", "C", "NT", "1Z", "1CC", "1NTX", "1 NT X", "C1", "PP", "XXX",
    "Doubled", "pas", "-1C", "1.5C", "100C", "one club", "1♣♣", "♣", "X1",
])
def test_junk_tokens_are_rejected_with_the_token_quoted(token: str) -> None:
    with pytest.raises(CallSyntaxError) as info:
        parse_call(token)
    assert repr(token) in str(info.value)
    assert isinstance(info.value, AuctionFsmError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("token", [None, 1, 1.0, ["1C"]])
def test_non_text_is_rejected_with_the_value_quoted(token: object) -> None:
    with pytest.raises(CallSyntaxError) as info:
        parse_call(token)
    assert repr(token) in str(info.value)


def test_the_error_says_where_the_token_was_found() -> None:
    with pytest.raises(CallSyntaxError, match="call 3 of board 7"):
        parse_call("1Q", "call 3 of board 7")


def test_superscript_digit_is_rejected_as_call_syntax() -> None:
    with pytest.raises(CallSyntaxError) as info:
        parse_call("²C")
    assert "'²C'" in str(info.value)


# --- bids above seven: readable, never legal (Law 38) -------------------------------------------
@pytest.mark.parametrize("token", ["8C", "8♠", "9nt", "12N", "99S"])
def test_bids_above_seven_parse_but_are_inadmissible(token: str) -> None:
    call = parse_call(token)
    assert call.is_bid and call.level >= 8
    assert not call.is_admissible_level
    assert call not in ALL_CALLS
    assert call.code > REDOUBLE_CODE  # outside the codes of admissible calls
    assert parse_call(call.text) is call


@pytest.mark.parametrize("prefix", ["", "1C", "7S", "7NT X", "7NT X XX", "P P P"])
def test_bids_above_seven_are_never_legal(prefix: str) -> None:
    state = AuctionState.start("N").calls(prefix)
    for token in ("8C", "8NT", "9D", "99NT"):
        call = parse_call(token)
        assert call not in state.legal_calls()
        assert not state.is_legal(call)
        with pytest.raises(IllegalCallError) as info:
            state.call(state.turn, call)
        assert info.value.law == "38"


def test_admissible_calls_report_admissible_level() -> None:
    assert all(c.is_admissible_level for c in ALL_CALLS)


def test_bid_constructor_refuses_level_zero() -> None:
    with pytest.raises(CallSyntaxError):
        Call.bid(0, Strain.C)
