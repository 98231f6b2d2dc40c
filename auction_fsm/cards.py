"""Playing cards (used for exposed cards and the opening lead)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .calls import quoted
from .errors import CardSyntaxError

__all__ = ["Suit", "Card", "parse_card", "HONOUR_RANKS"]


class Suit(enum.IntEnum):
    """The four suits in rank order."""

    C = 0
    D = 1
    H = 2
    S = 3

    def __str__(self) -> str:
        return self.name

    @property
    def word(self) -> str:
        """The suit in words, singular: ``club``, ``diamond``, ``heart``, ``spade``."""
        return ("club", "diamond", "heart", "spade")[self]


RANKS = "23456789TJQKA"
HONOUR_RANKS = frozenset("TJQKA")  # ace, king, queen, jack and ten are honours (Definitions)
_SUITS = {"C": Suit.C, "♣": Suit.C, "D": Suit.D, "♦": Suit.D, "H": Suit.H, "♥": Suit.H,
          "S": Suit.S, "♠": Suit.S}


@dataclass(frozen=True, slots=True)
class Card:
    """A card such as ``Card.parse('SA')`` (suit then rank; ``10`` and ``T`` both mean ten).

    Cards sort by suit, then by bridge rank (2 lowest, ace highest).
    """

    suit: Suit
    rank: str

    def __lt__(self, other: Card) -> bool:
        return (self.suit, RANKS.index(self.rank)) < (other.suit, RANKS.index(other.rank))

    @property
    def is_honour(self) -> bool:
        """True for A, K, Q, J and 10 (what Law 24B and 50B call honour rank)."""
        return self.rank in HONOUR_RANKS

    @property
    def text(self) -> str:
        """Canonical form, suit then rank: ``SA``, ``H7``, ``DT``."""
        return f"{self.suit.name}{self.rank}"

    @staticmethod
    def parse(token: str) -> Card:
        """Read ``SA``, ``♠A``, ``AS``, ``H10`` ... (any case)."""
        return parse_card(token)

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"

    def __str__(self) -> str:
        return self.text


def parse_card(token: object, where: str = "") -> Card:
    """Read a card from text, suit first or rank first; raise :class:`CardSyntaxError` otherwise."""
    if isinstance(token, Card):
        return token
    at = f" at {where}" if where else ""
    if not isinstance(token, str):
        raise CardSyntaxError(f"expected a card as text{at}, got {repr(token)[:60]}")
    text = token.strip().upper().replace("10", "T")
    if len(text) == 2:
        for s, r in ((text[0], text[1]), (text[1], text[0])):
            if s in _SUITS and r in RANKS:
                return Card(_SUITS[s], r)
    raise CardSyntaxError(f"cannot read card {quoted(token)}{at}: expected suit and rank such as SA, H7, DT")
