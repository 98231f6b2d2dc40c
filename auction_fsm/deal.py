"""The deal of a board: which cards each seat holds, read from PBN's Deal tag or LIN's ``md``.

A deal is checked when it is read, because a file with a card given twice or a hand of twelve
cards is broken, not merely unusual: every card at most once, ranks from ``AKQJT98765432``,
and when one hand holds thirteen cards every hand that is given holds thirteen (a hand of
fewer cards is otherwise accepted: an end position, PBN 2.1 §3.10, or a teaching fragment).  A hand may be unknown (``-`` in PBN).  The check works on strings, so reading the
deals of a large file costs little; :meth:`Deal.cards` builds card objects on request.

>>> d = parse_pbn_deal("N:AKQJ.T98.765.432 - - -")
>>> d.hands[0], d.hands[1], d.length
('AKQJ.T98.765.432', None, 13)
>>> d.to_pbn(Seat.E)
'E:- - - AKQJ.T98.765.432'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .calls import Strain, quoted
from .cards import Card, Suit
from .seats import Seat

__all__ = ["Deal", "parse_pbn_deal", "DealProblem", "RANK_ORDER"]

RANK_ORDER: Final = "AKQJT98765432"
_RANK_INDEX: Final = {r: i for i, r in enumerate(RANK_ORDER)}
_HAND = r"(?:-|[AKQJTakqjt2-9]*\.[AKQJTakqjt2-9]*\.[AKQJTakqjt2-9]*\.[AKQJTakqjt2-9]*)"
_PBN_DEAL: Final = re.compile(rf"([NESWnesw]):\s*({_HAND})\s+({_HAND})\s+({_HAND})\s+({_HAND})\s*")
_SUITS_PBN_ORDER: Final = (Suit.S, Suit.H, Suit.D, Suit.C)
_SYMBOLS: Final = (Strain.S, Strain.H, Strain.D, Strain.C)  # the same order, for their symbols


class DealProblem(ValueError):
    """Why a deal was refused (the reader adds the file, board, line and column)."""


def _sorted_suit(ranks: str) -> str:
    return "".join(sorted(ranks, key=_RANK_INDEX.__getitem__))


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands indexed by :class:`Seat` (N, E, S, W); each ``"SPADES.HEARTS.DIAMONDS.CLUBS"``
    with ranks in descending order, or ``None`` when the hand is not given."""

    hands: tuple[str | None, str | None, str | None, str | None]

    @property
    def length(self) -> int:
        """The number of cards in each given hand (0 when no hand is given)."""
        for h in self.hands:
            if h is not None:
                return len(h) - 3
        return 0

    def cards(self, seat: Seat) -> tuple[Card, ...]:
        """The cards of ``seat`` (empty when its hand is not given), spades first."""
        hand = self.hands[seat]
        if hand is None:
            return ()
        return tuple(Card(suit, rank) for suit, ranks in zip(_SUITS_PBN_ORDER, hand.split("."), strict=True)
                     for rank in ranks)

    def __str__(self) -> str:
        """The four hands, one line each, suits by their symbols (``-`` a void), for people.

        >>> print(parse_pbn_deal("N:AKQJ.T98.765.432 - - -"))
        North: ♠ AKQJ  ♥ T98  ♦ 765  ♣ 432
        East:  not given
        South: not given
        West:  not given
        """
        lines = []
        for seat, hand in zip(Seat, self.hands, strict=True):
            label = f"{seat.long_name}:".ljust(6)
            if hand is None:
                lines.append(f"{label} not given")
                continue
            lines.append(label + " " + "  ".join(f"{suit.symbol} {ranks or '-'}"
                                                for suit, ranks in zip(_SYMBOLS, hand.split("."), strict=True)))
        return "\n".join(lines)

    def to_pbn(self, first: Seat) -> str:
        """The PBN Deal tag value, hands clockwise from ``first`` (export format: the dealer)."""
        order = [Seat((first + i) % 4) for i in range(4)]
        return f"{first.name}:" + " ".join(self.hands[s] or "-" for s in order)

    @staticmethod
    def from_hands(hands: dict[Seat, str | None]) -> Deal:
        """Build and check a deal from hands written ``S.H.D.C``; raise :class:`DealProblem`."""
        return _checked([hands.get(s) for s in Seat])


def _checked(raw: list[str | None]) -> Deal:
    """Normalise (upper case, ranks sorted) and check the hands; raise :class:`DealProblem`.

    The ranks are known to be rank characters (the callers' patterns); this checks the suits
    per hand, the hand lengths and that no card is dealt twice.
    """
    return _quick_full_deal(raw) or _normalised(raw)


def _normalised(raw: list[str | None]) -> Deal:
    """:func:`_checked` for any deal: normalise hand by hand, then check."""
    hands: list[str | None] = []
    suits = ["", "", "", ""]
    counts: list[tuple[Seat, int]] = []
    for seat, hand in zip(Seat, raw, strict=True):
        if hand is None or hand.strip(".") == "":
            hands.append(None)  # "-" or "...": no card of this hand is given
            continue
        if not hand.isupper():
            hand = hand.upper()
        parts = hand.split(".")
        if len(parts) != 4:
            raise DealProblem(f"{seat.long_name}'s hand {quoted(hand)} does not have four suits")
        n = len(hand) - 3
        if n > 13:
            raise DealProblem(f"{seat.long_name} holds {n} cards (at most 13)")
        for i, ranks in enumerate(parts):
            suits[i] += ranks
            if len(ranks) > 1 and not _is_descending(ranks):
                parts[i] = _sorted_suit(ranks)
        counts.append((seat, n))
        hands.append(".".join(parts))
    if any(n != 13 for _, n in counts) and any(n == 13 for _, n in counts):
        seat, n = next((s, n) for s, n in counts if n != 13)
        raise DealProblem(f"{seat.long_name} holds {n} cards but another hand holds 13 "
                          f"({sum(n for _, n in counts)} cards in all)")
    for suit, ranks in zip(_SUITS_PBN_ORDER, suits, strict=True):
        if len(set(ranks)) != len(ranks):
            twice = sorted({r for r in ranks if ranks.count(r) > 1}, key=_RANK_INDEX.__getitem__)
            raise DealProblem(f"the {', '.join(suit.name + r for r in twice)} is dealt twice")
    return Deal((hands[0], hands[1], hands[2], hands[3]))


def _quick_full_deal(raw: list[str | None]) -> Deal | None:
    """The deal of four full hands already written as :class:`Deal` keeps them (upper case,
    ranks descending), each card once; ``None`` for anything else, which :func:`_checked`
    then normalises or refuses with its reason.  Most deals of real files are such: each
    holding is looked up as a 13-bit rank mask, and four hands of thirteen cards hold every
    card once exactly when each suit's four masks cover all thirteen ranks."""
    n, e, s, w = raw
    if n is None or e is None or s is None or w is None or not (len(n) == len(e) == len(s) == len(w) == 16):
        return None
    holdings = (*n.split("."), *e.split("."), *s.split("."), *w.split("."))
    if len(holdings) != 16:
        return None
    masks = _rank_masks()
    try:
        m = [masks[h] for h in holdings]
    except KeyError:  # a holding not written upper case in descending order
        return None
    if (m[0] | m[4] | m[8] | m[12]) == (m[1] | m[5] | m[9] | m[13]) == (m[2] | m[6] | m[10] | m[14]) \
            == (m[3] | m[7] | m[11] | m[15]) == 0x1FFF:
        return Deal((n, e, s, w))
    return None


_MASKS: dict[str, int] = {}  # every holding written in descending order -> its ranks as bits


def _rank_masks() -> dict[str, int]:
    if not _MASKS:
        for mask in range(1 << 13):
            _MASKS["".join(r for i, r in enumerate(RANK_ORDER) if mask >> i & 1)] = mask
    return _MASKS


def _is_descending(ranks: str) -> bool:
    return ranks in _rank_masks()


def parse_pbn_deal(value: str) -> Deal:
    """Read a PBN Deal tag value (§3.4.11): ``<first>:<hand> <hand> <hand> <hand>``.

    A deal read once is remembered (a :class:`Deal` is immutable): a file gives each deal once
    per table that played it, and about half the deals of the corpus come again."""
    try:
        return _DEALS_READ[value]
    except KeyError:
        pass
    m = _PBN_DEAL.fullmatch(value)
    if m is None:
        raise DealProblem(f"cannot read deal {quoted(value)}: expected 'N:<hand> <hand> <hand> <hand>' "
                          "with each hand 'spades.hearts.diamonds.clubs' or '-'")
    first = "NESW".index(m.group(1).upper())
    raw: list[str | None] = [None] * 4
    for i in range(4):
        hand = m.group(2 + i)
        raw[(first + i) % 4] = None if hand == "-" else hand
    deal = _checked(raw)
    if len(_DEALS_READ) >= _DEALS_KEPT:
        _DEALS_READ.clear()  # bounded: a long file costs no more memory than a short one
    _DEALS_READ[value] = deal
    return deal


_DEALS_READ: dict[str, Deal] = {}  # Deal tag value -> the deal it gives (only deals that are valid)
_DEALS_KEPT: Final = 4096
