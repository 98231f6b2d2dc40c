"""The play as LIN lists it (cards in the order played) and as PBN lays it out (§3.6: one line
a trick, the cards in seat order from the opening leader, whoever led the trick).

Going from one to the other needs who won each trick: the highest trump, else the highest card
of the suit led; so it needs the contract's trump and its opening leader.  A file gives them by
its Contract and Declarer tags, or else by its auction (:func:`play_frame`).

>>> rows = pbn_rows(["SK", "S2", "SA", "S3", "H2"], Seat.W, "NT")
>>> rows
[['SK', 'S2', 'SA', 'S3'], ['-', '-', 'H2', '-']]
>>> play_order(rows, Seat.W, "NT")
['SK', 'S2', 'SA', 'S3', 'H2']
>>> first_bad_card(["SK", "DX", "H"])
'DX'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .seats import Seat

if TYPE_CHECKING:
    from .boards import Board, Play

__all__ = ["pbn_rows", "play_order", "trick_winner", "is_card", "first_bad_card", "auction_contract",
           "play_frame", "padded_play_text", "play_tokens"]

_RANKS: Final = "23456789TJQKA"
_SUITS: Final = "SHDC"
_SEATS: Final = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}


def is_card(token: str) -> bool:
    """True for a card as PBN and LIN write it: a suit letter and a rank, ``SA``, ``HT``."""
    return len(token) == 2 and token[0] in _SUITS and token[1] in _RANKS


def first_bad_card(cards: list[str]) -> str | None:
    """The first token of ``cards`` that is no card (``-`` counts as a card not known), or
    ``None`` when every one is."""
    return next((c for c in cards if c != "-" and not is_card(c)), None)


def trick_winner(cards: list[str], leader: Seat, trump: str) -> Seat:
    """Who wins a trick of four cards played in order from ``leader`` (``trump``: a suit
    letter, or ``NT``); the cards are checked by the callers (:func:`first_bad_card`)."""
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
    """The PBN play section's rows for cards listed in the order played, from ``first``; the
    unfinished last trick is padded with ``-`` (a card not played yet, §3.6)."""
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
    (no card) or anything that is no card ends the play."""
    out: list[str] = []
    leader = first
    for row in rows:
        trick: list[str] = []
        for i in range(4):
            card = row[(leader - first + i) % 4] if len(row) == 4 else "-"
            if not is_card(card):
                return out + trick
            trick.append(card)
        out.extend(trick)
        leader = trick_winner(trick, leader, trump)
    return out


def auction_contract(board: Board) -> tuple[str, Seat | None, str | None]:
    """Contract text, declarer and trump (a suit letter or ``NT``) that the board's written
    calls give when made in rotation from the dealer (``Pass``: passed out); an auction that
    does not end, or that the core refuses, gives ``("", None, None)``."""
    from .auction import AuctionState
    from .errors import AuctionFsmError

    if board.dealer is None or not board.calls:
        return "", None, None
    try:
        state = AuctionState.start(board.dealer)
        for wc in board.calls:
            state = state.call(wc.seat, wc.call)
    except AuctionFsmError:
        return "", None, None
    if state.is_passed_out:
        return "Pass", None, None
    c = state.contract
    if c is None or not state.is_over:
        return "", None, None
    return c.text, c.declarer, c.strain.name[0] if c.strain.name != "NT" else "NT"


def play_frame(board: Board) -> tuple[Seat, str] | None:
    """The opening leader and the trump (a suit letter or ``NT``) of the board's play: from
    the Contract and Declarer tags when both can be read, else from the auction; ``None``
    when neither gives a contract that is played."""
    contract = board.tags.get("Contract", "").strip().upper()
    declarer = _SEATS.get(board.tags.get("Declarer", "").strip().upper().lstrip("^"))
    if len(contract) >= 2 and contract[0] in "1234567" and contract[1] in "SHDCN" and declarer is not None:
        return declarer.lho, "NT" if contract[1] == "N" else contract[1]
    _, seat, trump = auction_contract(board)
    if seat is None or trump is None:
        return None
    return seat.lho, trump


def padded_play_text(text: str) -> str:
    """A PBN play section with every line of one to three cards filled up to four with ``-``
    (a card not played yet, §3.6), so that each line is one trick as other readers expect;
    a section holding anything but cards, ``-``, ``*`` and ``+`` (comments, NAGs, marks) is
    returned as it is."""
    lines = text.split("\n")
    tokens = [line.split() for line in lines]
    if any(t not in ("-", "*", "+") and not is_card(t.upper()) for row in tokens for t in row):
        return text
    out = []
    for line, row in zip(lines, tokens, strict=True):
        cards = [t for t in row if t not in ("*", "+")]
        if 0 < len(cards) < 4 and len(cards) == len(row):
            out.append(" ".join(cards + ["-"] * (4 - len(cards))))
        else:
            out.append(line)
    return "\n".join(out)


def play_tokens(play: Play) -> list[str]:
    """The tokens of a play section (:meth:`Play.tokens`) without its escape lines (``%`` at
    the start of a line, §2.4), which hold no card."""
    from .boards import Play

    if "%" not in play.text:
        return play.tokens()
    text = "\n".join(line for line in play.text.split("\n") if not line.startswith("%"))
    return Play(play.seat, text).tokens()
