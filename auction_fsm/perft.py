"""Perft: counting legal auctions with the model itself.

Like chess engines' *perft* ("performance test"), these counts exercise the move generator:
if the legal-auction rules in :mod:`auction_fsm.rules` admitted one call too many or too few,
the numbers below would move.  They are compared with figures obtained independently
(:data:`ORACLE_COMPLETE`, :data:`ORACLE_SEQUENCES`, :data:`ORACLE_LONGEST`).

All counting runs over the compact keys of :func:`auction_fsm.rules.successor_table`.  The legal
auction has a few thousand keys and forms a directed acyclic graph (every call either raises the
last bid, raises the double status or adds a pass), so each count is one pass over the keys in
topological order instead of a walk over the astronomically many auctions.

:func:`brute_force_sequence_counts` walks real :class:`~auction_fsm.auction.AuctionState`
objects instead; it is slow and only meant for small depths, as an independent check of the
dynamic programme.

>>> sequence_counts(3)
(36, 701, 9731)
>>> longest_auction()
319
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from . import rules
from .auction import AuctionState
from .calls import Call
from .seats import Seat, parse_seat

__all__ = [
    "ORACLE_COMPLETE",
    "ORACLE_SEQUENCES",
    "ORACLE_LONGEST",
    "PerftReport",
    "topological_keys",
    "count_complete_auctions",
    "sequence_counts",
    "longest_auction",
    "longest_auction_example",
    "brute_force_sequences",
    "brute_force_sequence_counts",
    "perft",
]

#: Number of complete legal auctions from one dealer (independently verified).
ORACLE_COMPLETE: Final = 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557
#: Number of legal call sequences of exactly ``n`` calls from the start, for ``n`` = 1..4.
ORACLE_SEQUENCES: Final[dict[int, int]] = {1: 36, 2: 701, 3: 9_731, 4: 107_451}
#: Number of calls in the longest legal auction.
ORACLE_LONGEST: Final = 319


def _dealer_code(dealer: Seat | str | int) -> int:
    """The seat number of ``dealer`` given as a :class:`Seat`, a name or an int 0..3."""
    if isinstance(dealer, int) and not isinstance(dealer, Seat):
        return int(Seat(dealer))
    return int(parse_seat(dealer, "dealer"))


def _successors(key: int) -> Iterator[int]:
    """The keys reachable from ``key`` by one legal call (one per legal call, repeats kept)."""
    return (n for n in rules.successor_table()[key] if n >= 0)


@cache
def topological_keys() -> tuple[int, ...]:
    """Every key of the legal auction, each listed before all keys reachable from it.

    Computed once by depth-first search over the successor table (iteratively, because the
    longest path has over three hundred steps).  Raises :class:`ValueError` if the table holds a
    cycle, which would make every count below meaningless.
    """
    table = rules.successor_table()
    done: set[int] = set()
    on_path: set[int] = set()
    postorder: list[int] = []
    for root in table:
        if root in done:
            continue
        stack: list[tuple[int, Iterator[int]]] = [(root, _successors(root))]
        on_path.add(root)
        while stack:
            key, children = stack[-1]
            for child in children:
                if child in on_path:
                    raise ValueError(f"the legal auction has a cycle through key {child:#x}")
                if child not in done:
                    on_path.add(child)
                    stack.append((child, _successors(child)))
                    break
            else:
                stack.pop()
                on_path.discard(key)
                done.add(key)
                postorder.append(key)
    return tuple(reversed(postorder))


@cache
def _complete_from() -> dict[int, int]:
    """For every key, the number of ways to finish the auction from it (1 at a final key)."""
    counts: dict[int, int] = {}
    for key in reversed(topological_keys()):
        counts[key] = 1 if rules.is_final(key) else sum(counts[n] for n in _successors(key))
    return counts


@cache
def _longest_from() -> dict[int, int]:
    """For every key, the most calls that can still be made before the auction ends."""
    longest: dict[int, int] = {}
    for key in reversed(topological_keys()):
        longest[key] = 0 if rules.is_final(key) else 1 + max(longest[n] for n in _successors(key))
    return longest


def count_complete_auctions(dealer: Seat | str | int = Seat.N) -> int:
    """The number of distinct complete legal auctions (ended by 22A or 22B) for ``dealer``."""
    return _complete_from()[rules.initial_key(_dealer_code(dealer))]


def sequence_counts(depth: int, dealer: Seat | str | int = Seat.N) -> tuple[int, ...]:
    """The numbers of legal call sequences of exactly 1, 2, ..., ``depth`` calls from the start.

    A sequence may end the auction before ``depth`` (``P P P P`` is one of the 4-call
    sequences); it then has no longer continuations.  Dynamic programming over keys: the number
    of sequences reaching each key after ``n`` calls.
    """
    if depth < 0:
        raise ValueError(f"depth must be at least 0, got {depth}")
    frontier: dict[int, int] = {rules.initial_key(_dealer_code(dealer)): 1}
    out: list[int] = []
    for _ in range(depth):
        nxt: dict[int, int] = {}
        for key, ways in frontier.items():
            for n in _successors(key):
                nxt[n] = nxt.get(n, 0) + ways
        frontier = nxt
        out.append(sum(frontier.values()))
    return tuple(out)


def longest_auction(dealer: Seat | str | int = Seat.N) -> int:
    """The number of calls in the longest complete legal auction for ``dealer``."""
    return _longest_from()[rules.initial_key(_dealer_code(dealer))]


def longest_auction_example(dealer: Seat | str | int = Seat.N) -> tuple[Call, ...]:
    """One longest complete legal auction, as calls (first legal call of maximal length each time).

    Useful to show what 319 calls look like: every bid passed round to the last player, then
    doubled and redoubled, each followed by passes.
    """
    longest = _longest_from()
    key = rules.initial_key(_dealer_code(dealer))
    calls: list[Call] = []
    while not rules.is_final(key):
        row = rules.successor_table()[key]
        code = next(c for c, n in enumerate(row) if n >= 0 and longest[n] == longest[key] - 1)
        calls.append(Call.from_code(code))
        key = row[code]
    return tuple(calls)


def brute_force_sequences(depth: int, dealer: Seat | str = Seat.N) -> Iterator[tuple[Call, ...]]:
    """Every legal call sequence of exactly ``depth`` calls, by walking :class:`AuctionState` objects.

    Uses nothing but the public API (``legal_calls`` and ``call``), so it checks the key-based
    counting against the state objects users see.  The number of sequences grows about
    tenfold per call: keep ``depth`` small (3 gives 9,731).
    """

    def walk(state: AuctionState, made: tuple[Call, ...]) -> Iterator[tuple[Call, ...]]:
        if len(made) == depth:
            yield made
            return
        for c in state.legal_calls():
            yield from walk(state.call(state.turn, c), (*made, c))

    yield from walk(AuctionState.start(parse_seat(dealer, "dealer")), ())


def brute_force_sequence_counts(depth: int, dealer: Seat | str = Seat.N) -> tuple[int, ...]:
    """Like :func:`sequence_counts`, but by enumerating :class:`AuctionState` objects."""
    return tuple(sum(1 for _ in brute_force_sequences(n, dealer)) for n in range(1, depth + 1))


@dataclass(frozen=True, slots=True)
class PerftReport:
    """The perft figures for one dealer, with the oracle figures they should equal."""

    dealer: Seat
    complete: int
    sequences: tuple[int, ...]
    longest: int
    oracle_complete: int = ORACLE_COMPLETE
    oracle_sequences: dict[int, int] = field(default_factory=lambda: dict(ORACLE_SEQUENCES))
    oracle_longest: int = ORACLE_LONGEST

    def checks(self) -> list[tuple[str, int, int | None]]:
        """``(name, measured, oracle or None)`` for every figure, in display order."""
        rows: list[tuple[str, int, int | None]] = [
            ("complete auctions", self.complete, self.oracle_complete),
        ]
        rows += [(f"sequences of {n} call{'s' if n > 1 else ''}", count, self.oracle_sequences.get(n))
                 for n, count in enumerate(self.sequences, start=1)]
        rows.append(("longest auction (calls)", self.longest, self.oracle_longest))
        return rows

    @property
    def all_match(self) -> bool:
        """True when every figure that has an oracle equals it."""
        return all(oracle is None or oracle == got for _, got, oracle in self.checks())


def perft(depth: int = 6, dealer: Seat | str | int = Seat.N) -> PerftReport:
    """Compute every perft figure for ``dealer`` (sequence counts up to ``depth`` calls)."""
    d = Seat(_dealer_code(dealer))
    return PerftReport(dealer=d, complete=count_complete_auctions(d),
                       sequences=sequence_counts(depth, d), longest=longest_auction(d))
