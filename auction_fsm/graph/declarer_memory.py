"""How many configurations declarer memory alone forces on a scope that keeps it (issue 21).

A scope with the opening lead must know who will lead, so its keys keep who first named each
strain for each side (the declared key's view ``first_namers``).  Before any irregularity, a
configuration of such a scope is at least a pair (legal-auction key with the last bidder's side,
first-namer memory): two legal auctions with different pairs have different keys.  This module
counts those pairs exactly without listing them, so the count is a *lower bound* on the size of
``all-1-level7`` (every family, one irregularity, bids to seven) that no explorer of today's
keys can go below, whatever its speed.

How: the legal-auction keys form an acyclic graph (each call raises the last bid, the double
status or the passes), so they are visited in that order, and each key carries the set of
memories its auctions can have, as a boolean array over the 3**10 memories (five strains and two
sides, each slot nobody, the side's first seat or its second).  A bid by a seat fills its side's
slot of the bid's strain if it is empty, which is one gather of that array.  The memory of an
auction is the engine's (``StandingFacts.namers``; a test compares the
two on every legal auction with bids to the one level).

``scoped=True`` counts the memory a scope without a reviving family keeps (``lead-1``): once
no standing bid can be withdrawn, only the strains that can still end the auction within the
level are kept (:meth:`auction_fsm.graph.declared_key.DeclaredKey.first_namers`); ends are left out there, since
their keys keep the declarer instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .. import rules
from ..calls import DOUBLE_CODE, PASS_CODE, REDOUBLE_CODE

__all__ = ["MemoryCount", "count_memories", "memory_index", "SLOTS", "MEMORIES"]

#: (side, strain) slots of the memory, each 0 (nobody), 1 (the side's first seat: N or E) or 2.
SLOTS = 10
MEMORIES = 3 ** SLOTS
_POWERS = np.array([3 ** i for i in range(SLOTS)], dtype=np.int64)
_DIGITS = (np.arange(MEMORIES, dtype=np.int64)[:, None] // _POWERS) % 3


def _slot(side: int, strain: int) -> int:
    return side * 5 + strain


def memory_index(namers: tuple[tuple[int, int, int], ...]) -> int:
    """The index of a memory given as ``(side, strain, seat)`` triples, one per strain a side
    has named, with the seat that named it first."""
    return sum((1 + seat // 2) * 3 ** _slot(side, strain) for side, strain, seat in namers)


def _filled(seat: int, strain: int) -> npt.NDArray[np.int64]:
    """For each memory, the memory after ``seat`` bids ``strain`` (its slot filled if empty)."""
    slot = _slot(seat % 2, strain)
    empty = _DIGITS[:, slot] == 0
    return np.arange(MEMORIES, dtype=np.int64) + np.where(empty, (1 + seat // 2) * 3 ** slot, 0)


@dataclass(frozen=True, slots=True)
class MemoryCount:
    """The pairs counted at one bid level."""

    max_level: int
    #: legal-auction keys reached (last bidder's seat kept): the configurations without memory
    keys: int
    #: distinct (key with the last bidder's side only, memory) pairs
    pairs: int


def count_memories(max_level: int, dealer: int = 0, *, scoped: bool = False,
                   strain: int | None = None) -> MemoryCount:
    """Count the (legal-auction key, first-namer memory) pairs of every legal auction from
    ``dealer`` with bids up to ``max_level`` (see the module docstring).  ``strain`` counts
    the pairs a part of a scope split by the contract's strain keeps: the memory of that
    strain's two slots only (``Scope.contract_strain``)."""
    if not 1 <= max_level <= 7:
        raise ValueError(f"max_level must be 1-7, not {max_level}")
    top = 5 * max_level
    start = rules.initial_key(dealer)
    reach: dict[int, npt.NDArray[np.bool_]] = {start: np.zeros(MEMORIES, dtype=np.bool_)}
    reach[start][0] = True
    seen = {start}
    frontier = [start]
    while frontier:  # the keys reached, to order them
        nxt = []
        for key in frontier:
            for code in (*range(top), PASS_CODE, DOUBLE_CODE, REDOUBLE_CODE):
                after = rules.step_or_none(key, code)
                if after is not None and after not in seen:
                    seen.add(after)
                    nxt.append(after)
        frontier = nxt

    def order(key: int) -> tuple[int, int, int]:
        _, last, _, doubled, passes = rules.unpack(key)
        return last, doubled, passes

    fills = {(seat, strain): _filled(seat, strain) for seat in range(4) for strain in range(5)}
    for key in sorted(seen, key=order):
        here = reach.setdefault(key, np.zeros(MEMORIES, dtype=np.bool_))
        turn = rules.unpack(key)[0]
        for code in (*range(top), PASS_CODE, DOUBLE_CODE, REDOUBLE_CODE):
            after = rules.step_or_none(key, code)
            if after is None:
                continue
            there = reach.setdefault(after, np.zeros(MEMORIES, dtype=np.bool_))
            if code < 35:
                there[fills[turn, code % 5][here]] = True
            else:
                there |= here
    merged: dict[int, npt.NDArray[np.bool_]] = {}
    for key, memories in reach.items():
        if scoped:
            if rules.is_final(key):
                continue
            memories = _scoped(key, memories, max_level)
        if strain is not None:
            memories = _only(memories, strain)
        side_key = rules.bidder_side_only(key)
        if side_key in merged:
            merged[side_key] |= memories
        else:
            merged[side_key] = memories.copy()
    return MemoryCount(max_level, len(seen), int(sum(int(m.sum()) for m in merged.values())))


def _only(memories: npt.NDArray[np.bool_], strain: int) -> npt.NDArray[np.bool_]:
    """``memories`` with every slot but ``strain``'s two cleared."""
    keep = sum(_DIGITS[:, _slot(side, strain)] * 3 ** _slot(side, strain) for side in (0, 1))
    out = np.zeros(MEMORIES, dtype=np.bool_)
    out[keep[memories]] = True
    return out


def _scoped(key: int, memories: npt.NDArray[np.bool_], max_level: int) -> npt.NDArray[np.bool_]:
    """``memories`` with the slots of strains that can no longer end the auction cleared."""
    last = rules.unpack(key)[1]
    if last == rules.NO_BID:
        return memories
    top = 5 * (max_level - 1)
    dead = [s for s in range(5) if not (s == last % 5 or top + s > last)]
    if not dead:
        return memories
    index = np.arange(MEMORIES, dtype=np.int64)
    for strain in dead:
        for side in (0, 1):
            index = index - _DIGITS[:, _slot(side, strain)] * 3 ** _slot(side, strain)
    out = np.zeros(MEMORIES, dtype=np.bool_)
    out[index[memories]] = True
    return out
