"""The play as LIN lists it (cards in the order played) and as PBN lays it out (§3.6: one line
a trick, the cards in seat order from the opening leader, whoever led the trick).

Going from one to the other needs who won each trick: the highest trump, else the highest card
of the suit led.

>>> rows = pbn_rows(["SK", "S2", "SA", "S3", "H2"], Seat.W, "NT")
>>> rows
[['SK', 'S2', 'SA', 'S3'], ['-', '-', 'H2', '-']]
>>> play_order(rows, Seat.W, "NT")
['SK', 'S2', 'SA', 'S3', 'H2']
"""

from __future__ import annotations

from typing import Final

from .seats import Seat

__all__ = ["pbn_rows", "play_order", "trick_winner"]

_RANKS: Final = "23456789TJQKA"


def trick_winner(cards: list[str], leader: Seat, trump: str) -> Seat:
    """Who wins a trick of four cards played in order from ``leader`` (``trump``: a suit
    letter, or ``NT``)."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if c[0] == b[0]:
            if _RANKS.index(c[1]) > _RANKS.index(b[1]):
                best = i
        elif c[0] == trump:
            best = i
    return Seat((leader + best) % 4)


def pbn_rows(cards: list[str], first: Seat, trump: str) -> list[list[str]]:
    """The PBN play section's rows for cards listed in the order played, from ``first``."""
    rows: list[list[str]] = []
    leader = first
    for start in range(0, len(cards), 4):
        trick = cards[start:start + 4]
        row = ["-"] * 4
        for i, card in enumerate(trick):
            row[(leader - first + i) % 4] = card
        rows.append(row)
        if len(trick) == 4:
            leader = trick_winner(trick, leader, trump)
    return rows


def play_order(rows: list[list[str]], first: Seat, trump: str) -> list[str]:
    """The cards in the order played, from PBN rows (inverse of :func:`pbn_rows`); a ``-``
    (no card) ends the play."""
    out: list[str] = []
    leader = first
    for row in rows:
        trick: list[str] = []
        for i in range(4):
            card = row[(leader - first + i) % 4] if len(row) == 4 else "-"
            if len(card) != 2:
                return out + trick
            trick.append(card)
        out.extend(trick)
        leader = trick_winner(trick, leader, trump)
    return out
