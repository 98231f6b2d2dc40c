"""Seats: clockwise order, LHO / RHO / partner, sides, parsing and reprs."""

from __future__ import annotations

import pytest

from auction_fsm.errors import AuctionFsmError, SeatSyntaxError
from auction_fsm.seats import Seat, parse_seat


def test_four_seats_in_clockwise_order_from_north() -> None:
    assert [s.name for s in Seat] == ["N", "E", "S", "W"]
    assert [int(s) for s in Seat] == [0, 1, 2, 3]


@pytest.mark.parametrize(("seat", "lho", "partner", "rho"), [
    (Seat.N, Seat.E, Seat.S, Seat.W),
    (Seat.E, Seat.S, Seat.W, Seat.N),
    (Seat.S, Seat.W, Seat.N, Seat.E),
    (Seat.W, Seat.N, Seat.E, Seat.S),
])
def test_lho_partner_rho(seat: Seat, lho: Seat, partner: Seat, rho: Seat) -> None:
    assert (seat.lho, seat.partner, seat.rho) == (lho, partner, rho)


@pytest.mark.parametrize("seat", list(Seat))
def test_relations_compose_as_at_the_table(seat: Seat) -> None:
    assert seat.lho.rho is seat
    assert seat.rho.lho is seat
    assert seat.partner.partner is seat
    assert seat.lho.lho is seat.partner
    assert seat.lho.lho.lho.lho is seat
    assert len({seat, seat.lho, seat.partner, seat.rho}) == 4


@pytest.mark.parametrize("seat", list(Seat))
def test_sides_and_opponents(seat: Seat) -> None:
    assert seat.side == seat.partner.side
    assert seat.side != seat.lho.side
    assert seat.is_opponent_of(seat.lho) and seat.is_opponent_of(seat.rho)
    assert not seat.is_opponent_of(seat.partner)
    assert not seat.is_opponent_of(seat)


def test_side_names() -> None:
    assert [s.side for s in Seat] == ["NS", "EW", "NS", "EW"]


def test_long_names_and_text() -> None:
    assert [s.long_name for s in Seat] == ["North", "East", "South", "West"]
    assert [str(s) for s in Seat] == ["N", "E", "S", "W"]


@pytest.mark.parametrize(("token", "seat"), [
    ("N", Seat.N), ("n", Seat.N), ("North", Seat.N), ("NORTH", Seat.N), ("north", Seat.N),
    ("E", Seat.E), ("east", Seat.E), ("S", Seat.S), ("South", Seat.S), ("w", Seat.W), (" West ", Seat.W),
])
def test_parse_seat_spellings(token: str, seat: Seat) -> None:
    assert parse_seat(token) is seat


def test_parse_seat_passes_a_seat_through() -> None:
    assert parse_seat(Seat.E) is Seat.E


@pytest.mark.parametrize("token", ["", "X", "NE", "Nord", "0", "northeast", None, 0, 2.0])
def test_unknown_seats_are_rejected_with_the_token_quoted(token: object) -> None:
    with pytest.raises(SeatSyntaxError) as info:
        parse_seat(token, "line 4")
    message = str(info.value)
    assert repr(token) in message
    assert "line 4" in message
    assert isinstance(info.value, AuctionFsmError) and isinstance(info.value, ValueError)


def test_reprs_are_valid_python() -> None:
    for seat in Seat:
        assert eval(repr(seat), {"Seat": Seat}) is seat
