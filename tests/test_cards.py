"""Cards (for exposed cards and the opening lead): parsing, honours, canonical text, reprs."""

from __future__ import annotations

import pytest

from auction_fsm.cards import HONOUR_RANKS, RANKS, Card, Suit, parse_card
from auction_fsm.errors import AuctionFsmError, CardSyntaxError


@pytest.mark.parametrize(("token", "suit", "rank"), [
    ("SA", Suit.S, "A"), ("sa", Suit.S, "A"), ("AS", Suit.S, "A"), ("as", Suit.S, "A"),
    ("♠A", Suit.S, "A"), ("A♠", Suit.S, "A"), ("H7", Suit.H, "7"), ("7h", Suit.H, "7"),
    ("♥Q", Suit.H, "Q"), ("DT", Suit.D, "T"), ("D10", Suit.D, "T"), ("10d", Suit.D, "T"),
    ("♦10", Suit.D, "T"), ("C2", Suit.C, "2"), ("♣K", Suit.C, "K"), (" cj ", Suit.C, "J"),
])
def test_parse_card_suit_first_or_rank_first(token: str, suit: Suit, rank: str) -> None:
    assert parse_card(token) == Card(suit, rank)


def test_card_parse_is_parse_card() -> None:
    assert Card.parse("hk") == parse_card("KH")


def test_parse_card_passes_a_card_through() -> None:
    card = Card(Suit.C, "9")
    assert parse_card(card) is card


def test_every_card_round_trips_through_its_text() -> None:
    deck = [Card(s, r) for s in Suit for r in RANKS]
    assert len(deck) == len(set(deck)) == 52
    for card in deck:
        assert parse_card(card.text) == card
        assert str(card) == card.text
        assert card.text == f"{card.suit.name}{card.rank}"


def test_ten_is_written_t() -> None:
    assert parse_card("S10").text == "ST"


@pytest.mark.parametrize("rank", list(RANKS))
def test_honours_are_ace_to_ten(rank: str) -> None:
    assert Card(Suit.H, rank).is_honour is (rank in "AKQJT")


def test_honour_ranks_constant() -> None:
    assert frozenset("AKQJT") == HONOUR_RANKS


def test_reprs_are_valid_python() -> None:
    for card in (Card(Suit.S, "A"), Card(Suit.D, "T"), Card(Suit.C, "2")):
        assert eval(repr(card), {"Card": Card}) == card


def test_cards_are_immutable_and_hashable() -> None:
    card = parse_card("SA")
    with pytest.raises(AttributeError):
        card.rank = "K"  # type: ignore[misc]
    assert {card, parse_card("AS")} == {card}


@pytest.mark.parametrize("token", ["", "S", "A", "S1", "SZ", "XA", "S11", "SAA", "AK", "♠", "1S", "SA K"])
def test_junk_cards_are_rejected_with_the_token_quoted(token: str) -> None:
    with pytest.raises(CardSyntaxError) as info:
        parse_card(token, "event 2")
    assert repr(token) in str(info.value)
    assert "event 2" in str(info.value)
    assert isinstance(info.value, AuctionFsmError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("token", [None, 12, ("S", "A")])
def test_non_text_cards_are_rejected(token: object) -> None:
    with pytest.raises(CardSyntaxError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)


def test_suits_rank_clubs_lowest() -> None:
    assert sorted(Suit) == [Suit.C, Suit.D, Suit.H, Suit.S]
    assert [str(s) for s in Suit] == ["C", "D", "H", "S"]
