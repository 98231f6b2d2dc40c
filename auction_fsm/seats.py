"""The four seats at the table and their relations (LHO, RHO, partner)."""

from __future__ import annotations

import enum

from .calls import quoted
from .errors import SeatSyntaxError

__all__ = ["Seat", "parse_seat"]


class Seat(enum.IntEnum):
    """A seat, numbered clockwise from North so that ``(seat + 1) % 4`` is the left-hand opponent.

    A seat is an ``int``, and ``Seat.N == 0`` is falsy: test ``seat is None``, never ``seat`` or
    ``seat or default`` (which would replace North with the default).
    """

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise, who calls after this one (17C)."""
        return _LHO[self]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return _PARTNER[self]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the seat that calls just before this one."""
        return _RHO[self]

    @property
    def side(self) -> str:
        """``"NS"`` or ``"EW"``."""
        return "NS" if self % 2 == 0 else "EW"

    def is_opponent_of(self, other: Seat) -> bool:
        """True when the two seats belong to different sides."""
        return (self - other) % 2 == 1

    @property
    def long_name(self) -> str:
        """``North``, ``East``, ``South`` or ``West``."""
        return ("North", "East", "South", "West")[self]

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.name


# the relations as tables: looked up on every step of the engine, where building a member
# from its number (``Seat(n)``) cost a noticeable share of the exploration's time
_LHO = (Seat.E, Seat.S, Seat.W, Seat.N)
_PARTNER = (Seat.S, Seat.W, Seat.N, Seat.E)
_RHO = (Seat.W, Seat.N, Seat.E, Seat.S)

_SEAT_WORDS = {
    "N": Seat.N, "NORTH": Seat.N,
    "E": Seat.E, "EAST": Seat.E,
    "S": Seat.S, "SOUTH": Seat.S,
    "W": Seat.W, "WEST": Seat.W,
}


def parse_seat(token: object, where: str = "") -> Seat:
    """Read ``N``/``North`` ... (any case) as a :class:`Seat`.

    >>> parse_seat("west")
    Seat.W
    """
    if isinstance(token, Seat):
        return token
    seat = _SEAT_WORDS.get(token.strip().upper()) if isinstance(token, str) else None
    if seat is None:
        at = f" at {where}" if where else ""
        shown = quoted(token) if isinstance(token, str) else repr(token)[:40]
        raise SeatSyntaxError(f"unknown seat {shown}{at}: expected one of N, E, S, W")
    return seat
