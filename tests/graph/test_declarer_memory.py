"""The count of (legal-auction key, first-namer memory) pairs: the lower bound on the size of a
scope with the opening lead (issue 21, item 2; ``docs/verification-notebook.md``).

The count is checked against the engine's own states: every legal auction with bids to the one
level is played through :class:`~auction_fsm.auction.AuctionState`, its memory read with the
engine's first namers (``StandingFacts.namers``), and the keys of ``all-1`` are shown to
tell every counted pair apart (so the count is a lower bound on that scope's configurations).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from auction_fsm import rules
from auction_fsm.auction import AuctionState
from auction_fsm.calls import ALL_CALLS
from auction_fsm.graph.declared_key import declared_key
from auction_fsm.graph.declarer_memory import MEMORIES, count_memories, memory_index
from auction_fsm.graph.scopes import scope_named
from auction_fsm.lawbook import LAWS_2017
from auction_fsm.seats import Seat


def _triples(namers: object) -> tuple[tuple[int, int, int], ...]:
    """First namers given as each seat's bits over the strains (``StandingFacts.namers``, and the
    declared key's view of them) as the (side, strain, seat) triples ``memory_index`` takes."""
    assert isinstance(namers, tuple)
    return tuple(sorted((seat % 2, strain, seat) for seat, bits in enumerate(namers)
                        for strain in range(5) if bits >> strain & 1))


def _first_namers(state: AuctionState) -> tuple[tuple[int, int, int], ...]:
    return _triples(state.standing_facts.namers)


def _legal_auctions_to_level_one() -> dict[tuple[int, int], AuctionState]:
    """One state per (legal-auction key, memory) reached by legal calls with bids to 1NT."""
    start = AuctionState.start(Seat.N)
    reps = {(start.key, 0): start}
    todo = [start]
    calls = [c for c in ALL_CALLS if not c.is_bid or c.code < 5]
    while todo:
        state = todo.pop()
        if rules.is_final(state.key):
            continue
        for call in calls:
            if rules.step_or_none(state.key, call.code) is None:
                continue
            after = state.call(Seat(rules.unpack(state.key)[0]), call)
            pair = (after.key, memory_index(_first_namers(after)))
            if pair not in reps:
                reps[pair] = after
                todo.append(after)
    return reps


@pytest.fixture(scope="module")
def level_one() -> dict[tuple[int, int], AuctionState]:
    return _legal_auctions_to_level_one()


def test_the_count_at_the_one_level_equals_the_pairs_the_engine_reaches(
        level_one: dict[tuple[int, int], AuctionState]) -> None:
    pairs = {(rules.bidder_side_only(key), memory) for key, memory in level_one}
    count = count_memories(1)
    assert count.pairs == len(pairs) == 62_485
    # the legal graph's keys name the last bidder (405); a position's key keeps his side only
    # (rules' module docstring), so the engine reaches fewer keys, each the side-only form of one
    assert count.keys == 405
    assert len({key for key, _ in level_one}) == len({rules.bidder_side_only(k) for k, _ in level_one}) == 245


def test_the_keys_of_all_1_tell_every_counted_pair_apart(
        level_one: dict[tuple[int, int], AuctionState]) -> None:
    # each all-1 key belongs to one pair only, so all-1 holds at least as many configurations
    key_of = declared_key(LAWS_2017, scope_named("all-1")).of
    pair_of: dict[object, tuple[int, int]] = {}
    for (key, memory), state in level_one.items():
        ck = key_of(state)
        assert pair_of.setdefault(ck, (rules.bidder_side_only(key), memory)) == (
            rules.bidder_side_only(key), memory)
    assert len(pair_of) >= count_memories(1).pairs


def test_the_scoped_count_keeps_what_a_scope_without_reviving_families_keeps(
        level_one: dict[tuple[int, int], AuctionState]) -> None:
    namers = declared_key(LAWS_2017, scope_named("lead-1")).first_namers
    scoped = {(rules.bidder_side_only(key), memory_index(_triples(namers(state))))
              for (key, _), state in level_one.items() if not rules.is_final(key)}
    assert count_memories(1, scoped=True).pairs == len(scoped) == 304


@pytest.mark.parametrize("strain", [0, 4])
def test_a_part_by_contract_strain_keeps_the_pairs_of_its_own_strains_first_namers(
        level_one: dict[tuple[int, int], AuctionState], strain: int) -> None:
    # what the part keeps before any irregularity (a change of call could still reopen an ended
    # auction, so its first-namers are kept there too): this strain's slots only
    scope = replace(scope_named("all-1"), contract_strain=strain)
    namers = declared_key(LAWS_2017, scope).first_namers
    kept = {(rules.bidder_side_only(key), memory_index(_triples(namers(state))))
            for (key, _), state in level_one.items()
            if not rules.is_final(key) or state.contract is None or state.contract.strain == strain}
    projected = {(rules.bidder_side_only(key), memory_index(tuple(n for n in _first_namers(state) if n[1] == strain)))
                 for (key, _), state in level_one.items()}
    assert kept <= projected and count_memories(1, strain=strain).pairs == len(projected)


def test_memories_grow_with_the_level_and_never_exceed_every_slot_filled() -> None:
    counts = [count_memories(level) for level in (1, 2, 3)]
    assert [c.pairs for c in counts] == [62_485, 3_641_621, 13_089_461]
    assert all(c.pairs <= c.keys * MEMORIES for c in counts)


def test_a_level_outside_one_to_seven_is_refused() -> None:
    with pytest.raises(ValueError, match="max_level must be 1-7, not 8"):
        count_memories(8)
