"""The legal auction as a function on compact integer keys (Laws 17-19, 22).

This module is the single place where the rules of a *legal* auction live.  A position of the
legal auction is packed into one ``int`` (its key) holding exactly what the future of the
auction depends on: whose turn it is, the last bid and who made it, whether it is doubled or
redoubled, and how many passes have followed the last non-pass call.  :func:`step` applies one
call to a key; everything else (the immutable :class:`~auction_fsm.auction.AuctionState`, the
perft counter, the configuration-graph explorer and the benchmarks) is built on it.

Layout of a key (bits): turn 0-1, last bid code + 1 2-7, last bidder 8-9, double status 10-11
(0 none, 1 doubled, 2 redoubled), passes 12-14.  The keys a position holds
(:attr:`~auction_fsm.auction.AuctionState.key`, built by :func:`force` and :func:`seated`) keep
the last bidder's side only (North standing for North-South, East for East-West): the Laws of
the auction ask only whether the last bid was an opponent's (19A1, 19B1), and declarer comes
from the first namers of the strain (:func:`declarer_of` takes only the side from the key).  The
legal graph's keys (:func:`step_or_none`, the successor table) keep the seat, which its
positions name in words.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .calls import DOUBLE_CODE, PASS_CODE, REDOUBLE_CODE
from .errors import AuctionOverError, IllegalCallError

__all__ = [
    "initial_key",
    "unpack",
    "step",
    "step_or_none",
    "is_final",
    "is_passed_out",
    "legal_codes",
    "successor_table",
    "row",
    "force",
    "permitted_for",
    "is_legal",
    "declarer_of",
    "why_illegal",
    "NO_BID",
    "bidder_side_only",
]

NO_BID: Final = -1


def pack(turn: int, last_bid: int, bidder: int, doubled: int, passes: int) -> int:
    """Pack the five fields of a legal position into its key."""
    return turn | (last_bid + 1) << 2 | bidder << 8 | doubled << 10 | passes << 12


def unpack(key: int) -> tuple[int, int, int, int, int]:
    """``(turn, last_bid, bidder, doubled, passes)`` of a key; ``last_bid`` is -1 before any bid."""
    return key & 3, ((key >> 2) & 63) - 1, (key >> 8) & 3, (key >> 10) & 3, (key >> 12) & 7


def seatless(key: int) -> int:
    """``key`` without the seats it holds (whose turn, who bid last): the last bid, whether it is
    doubled or redoubled, and the passes since.  Every legal call moves these forward (a higher
    bid, a double then a redouble of it, one more pass), so two points of one legal auction have
    the same value only if no call stood between them.  Only an irregular call let stand can
    move them back (an insufficient bid accepted, 27A1), and nothing moves them once four passes
    are counted."""
    return ((key >> 2) & 63) | (key >> 10) << 6


def seated(value: int, turn: int, bidder: int) -> int:
    """The key whose :func:`seatless` value is ``value``, with ``turn`` to call and ``bidder``
    a seat of the side that bid last (0 before any bid, as :func:`initial_key` has it): a
    position's key, which keeps the side only (module docstring)."""
    return turn | (value & 63) << 2 | (bidder & 1) << 8 | (value >> 6) << 10


def bidder_side_only(key: int) -> int:
    """``key`` with the last bidder's seat replaced by his side (North or East standing for the
    pair), as a position's keys hold it (module docstring): the legal auction's future depends
    only on the side (19A1, 19B1), so keys that differ only there have one future;
    :func:`declarer_of` takes only the side from the key, and the seat from the calls."""
    return key & ~(2 << 8)


def initial_key(dealer: int) -> int:
    """The key before the first call: the dealer calls first (17B)."""
    return pack(dealer, NO_BID, 0, 0, 0)


def is_final(key: int) -> bool:
    """True when the auction has ended: three passes after a bid (22A) or four passes (22B)."""
    passes = (key >> 12) & 7
    return passes == 4 or (passes == 3 and (key >> 2) & 63 != 0)


def is_passed_out(key: int) -> bool:
    """True when all four players passed (22B)."""
    return (key >> 12) & 7 == 4


def step_or_none(key: int, code: int) -> int | None:
    """The key after call ``code`` by the player whose turn it is, or ``None`` if it is illegal."""
    turn, last_bid, bidder, doubled, passes = unpack(key)
    if passes == 4 or (passes == 3 and last_bid != NO_BID):
        return None
    nxt = (turn + 1) & 3
    if code == PASS_CODE:
        return pack(nxt, last_bid, bidder, doubled, passes + 1)
    if code < 35:
        if code <= last_bid:
            return None
        return pack(nxt, code, turn, 0, 0)
    if code == DOUBLE_CODE:
        # 19A1: only the last bid, made by an opponent, with no non-pass call since.
        if last_bid == NO_BID or doubled != 0 or (bidder - turn) % 2 == 0:
            return None
        return pack(nxt, last_bid, bidder, 1, 0)
    if code == REDOUBLE_CODE:
        # 19B1: only the last double, made by an opponent (so the bid was our side's).
        if doubled != 1 or (bidder - turn) % 2 != 0:
            return None
        return pack(nxt, last_bid, bidder, 2, 0)
    return None  # bids above seven (Law 38) have codes above 37


def why_illegal(key: int, code: int) -> IllegalCallError:
    """The error describing why ``code`` is illegal at ``key`` (call only when it is)."""
    _, last_bid, _, _, passes = unpack(key)
    if passes == 4 or (passes == 3 and last_bid != NO_BID):
        return AuctionOverError("the auction has already ended", law="22/39")
    if code < 35:
        return IllegalCallError("insufficient bid: it does not supersede the last bid", law="18D/27")
    if code == DOUBLE_CODE:
        return IllegalCallError(
            "double not permitted: only the last bid, made by an opponent, "
            "with no call but pass since, may be doubled", law="19A1/36")
    if code == REDOUBLE_CODE:
        return IllegalCallError(
            "redouble not permitted: only a double of our side's bid, with no call but pass "
            "since, may be redoubled", law="19B1/36")
    return IllegalCallError("a bid above seven is inadmissible", law="38")


def step(key: int, code: int) -> int:
    """Like :func:`step_or_none` but raise :class:`IllegalCallError` naming the law."""
    nxt = step_or_none(key, code)
    if nxt is None:
        raise why_illegal(key, code)
    return nxt


def force(key: int, seat: int, code: int) -> int:
    """The key after ``seat`` makes ``code`` with no legality check; the turn passes to its LHO,
    and a bid keeps its maker's side only, as a position's keys do (module docstring).

    Used to rebuild the legal auction from the calls that stand, including calls that stand
    although they were irregular (an insufficient bid accepted under 27A1, a call out of
    rotation accepted under 29A).
    """
    _, last_bid, bidder, doubled, passes = unpack(key)
    nxt = (seat + 1) & 3
    if code == PASS_CODE:
        return pack(nxt, last_bid, bidder, doubled, min(passes + 1, 4))
    if code < 35:
        return pack(nxt, code, seat & 1, 0, 0)
    if code == DOUBLE_CODE:
        return pack(nxt, last_bid, bidder, 1, 0)
    if code == REDOUBLE_CODE:
        return pack(nxt, last_bid, bidder, 2, 0)
    raise ValueError(f"code {code} is not an admissible call")


def is_legal(key: int, code: int) -> bool:
    """True when the seat to act at ``key`` may make ``code``: a sufficient bid (18), a double or
    redouble Law 19 permits, or a pass -- the legal-call guards of the law book on one key."""
    return step_or_none(key, code) is not None


def declarer_of(key: int, calls: Iterable[tuple[int, int]]) -> int | None:
    """Declarer of the contract a final ``key`` gives: the first player of the declaring side to
    name its strain (Definitions), from the auction's standing ``(seat, code)`` calls in order;
    ``None`` when the board is passed out or the auction is not over.  The one definition the
    position, the file checker and the explorer share."""
    if not is_final(key) or is_passed_out(key):
        return None
    _, last_bid, bidder, _, _ = unpack(key)
    strain = last_bid % 5
    for seat, code in calls:
        if code < PASS_CODE and code % 5 == strain and (seat - bidder) % 2 == 0:
            return seat
    raise AssertionError("unreachable: the final bid names its own strain")


def permitted_for(key: int, seat: int, code: int) -> bool:
    """True when ``seat`` could legally make ``code`` if it were its turn at ``key``."""
    return step_or_none((key & ~3) | seat, code) is not None


def legal_codes(key: int) -> tuple[int, ...]:
    """The codes of every legal call at ``key``, in code order (bids, pass, double, redouble)."""
    return tuple(c for c, n in enumerate(row(key)) if n >= 0)


def row(key: int) -> tuple[int, ...]:
    """The 38 successors of ``key`` (``-1`` where illegal), from the table or computed.

    Rows are computed when first asked for and cached, so a short replay does not build the
    whole :func:`successor_table` (tens of milliseconds, most of a one-file replay's work);
    once the table is built its rows are used.  Positions that no legal auction reaches can
    arise after an irregular call is let stand (an accepted pass out of rotation skips a seat);
    their rows are cached the same way.
    """
    found = _TABLE.get(key) or _EXTRA.get(key)
    if found is None:
        found = tuple(-1 if (n := step_or_none(key, c)) is None else n for c in range(38))
        _EXTRA[key] = found
    return found


_TABLE: dict[int, tuple[int, ...]] = {}
_EXTRA: dict[int, tuple[int, ...]] = {}  # rows computed one by one (before the table, or off it)


def successor_table() -> dict[int, tuple[int, ...]]:
    """Every reachable key mapped to its 38 successors (``-1`` where the call is illegal).

    Built once, by breadth-first search from the four dealers' starting keys; it has a few
    thousand entries and turns legality checks into one list index.
    """
    if not _TABLE:
        frontier = [initial_key(d) for d in range(4)]
        while frontier:
            key = frontier.pop()
            if key in _TABLE:
                continue
            succ = tuple(-1 if (n := step_or_none(key, c)) is None else n for c in range(38))
            _TABLE[key] = succ
            frontier.extend(n for n in succ if n >= 0 and n not in _TABLE)
    return _TABLE
