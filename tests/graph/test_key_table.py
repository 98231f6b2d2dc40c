"""The table of keys found (auction_fsm/graph/key_table.py): numbered in the order added, found
again whatever the hashes, and shared by the irregular space and its exploration (issue 38, the
memory half)."""

from __future__ import annotations

import random
from array import array
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auction_fsm.errors import InternalError
from auction_fsm.graph import configuration, key_table
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.declared_key import HandedOver
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.key_table import (
    FirstKeys,
    PackedKeys,
    appended,
    extended,
    pack_numbers,
    unpack_numbers,
)
from auction_fsm.scope import Scope


def _keys(count: int) -> list[bytes]:
    """``count`` distinct byte strings of 1-30 bytes, the same every run."""
    rng = random.Random(38)
    out: dict[bytes, None] = {}
    while len(out) < count:
        out[bytes(rng.randrange(256) for _ in range(rng.randrange(1, 31)))] = None
    return list(out)


def _check_against_a_dictionary(table: PackedKeys, keys: list[bytes]) -> None:
    numbers = {k: table.add(k) for k in keys}
    assert list(numbers.values()) == list(range(len(keys)))  # in the order added
    assert len(table) == len(keys)
    assert all(table.get(k) == n and table[k] == n and k in table for k, n in numbers.items())
    assert list(table) == keys == list(table.order) == [table.key(n) for n in range(len(keys))]
    assert list(table.items()) == list(numbers.items())
    for absent in (b"", b"\xff" * 40, bytes([1, 2, 3, 4, 5, 6, 7, 8] * 5)):
        assert absent not in numbers
        assert table.get(absent) is None and absent not in table
        with pytest.raises(KeyError):
            table[absent]


def test_packed_keys_number_in_the_order_added_through_many_growths() -> None:
    """5,000 keys (the slots double from 1,024 to 16,384): each found again with its number,
    none found that was not added."""
    _check_against_a_dictionary(PackedKeys(), _keys(5000))


def test_packed_keys_are_found_when_every_hash_collides(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probing, not the hash, finds a key: with a hash that is the same for every key the
    numbers are the same (so the numbering cannot depend on the interpreter's hash seed)."""
    monkeypatch.setattr(key_table, "hash", lambda key: 7, raising=False)
    _check_against_a_dictionary(PackedKeys(), _keys(600))


def test_packed_keys_hold_a_handed_over_key_beside_the_byte_strings() -> None:
    """A split scope's hand-over to another part is a key of its own kind: numbered in turn,
    found again, given back by number; a declared key's tuple of values is refused (it is
    always packed before it is numbered)."""
    table = PackedKeys()
    other = HandedOver(offender=-1, strain=4)
    assert [table.add(b"\x01"), table.add(other), table.add(b"\x02")] == [0, 1, 2]
    assert table.get(other) == 1 and table[b"\x02"] == 2 and list(table) == [b"\x01", other, b"\x02"]
    for _ in range(2000):  # growing files the byte strings again and leaves the other alone
        table.add(bytes([3, len(table) % 256, len(table) // 256]))
    assert table[other] == 1 and table.key(1) == other and table[b"\x02"] == 2
    with pytest.raises(InternalError, match="not packed"):
        table.add((1, 2))


def test_packed_keys_widen_their_offsets_past_four_gigabytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The keys' start offsets are 32-bit until the bytes pass the limit, then 64-bit, and every
    key is still found (the limit lowered to 100 bytes for the test)."""
    monkeypatch.setattr(key_table, "_LARGEST_START", 100)
    table = PackedKeys()
    keys = _keys(300)
    _check_against_a_dictionary(table, keys)
    assert table._starts.typecode == "q" and table.copy()[keys[-1]] == 299


def test_a_copy_is_independent() -> None:
    table = PackedKeys()
    table.add(b"\x01")
    copy = table.copy()
    copy.add(b"\x02")
    assert (len(table), len(copy), table.get(b"\x02"), copy[b"\x02"]) == (1, 2, None, 1)


def test_first_keys_see_only_what_the_exploration_found() -> None:
    table = PackedKeys()
    for k in (b"\x01", b"\x02", b"\x03"):
        table.add(k)
    first = FirstKeys(table, 2)
    assert (len(first), list(first), first[b"\x02"], b"\x03" in first) == (2, [b"\x01", b"\x02"], 1, False)
    assert first.order == [b"\x01", b"\x02"] and first.order[-1] == b"\x02"
    with pytest.raises(IndexError):
        first.order[2]


def _explored(shared: bool) -> tuple[IrregularSpace, Any]:
    space = IrregularSpace(Scope.of({"exposure"}, max_irregularities=1), agreement="off")
    space.share_numbering = shared
    return space, explore(space)


def test_the_exploration_numbers_configurations_with_the_spaces_table() -> None:
    """Explored on the space's table or with a numbering of its own, the exploration is the
    same, index for index (keys, parents, edges, labels, ends); on the table, a key the space
    numbers afterwards is not part of the exploration."""
    space, ex = _explored(True)
    _, alone = _explored(False)
    assert isinstance(ex.index, FirstKeys) and isinstance(alone.index, dict)
    assert ex.states == alone.states > 3000
    assert list(ex.keys) == list(alone.keys)
    assert (list(ex.parent), list(ex.targets), ex.labels, ex.terminal) == (
        list(alone.parent), list(alone.targets), alone.labels, alone.terminal)
    assert all(ex.index[k] == i for i, k in enumerate(alone.keys))
    before = ex.states
    space._index.add(b"\x7f" * 30)  # as a report's replay could number a key later
    assert ex.states == before and b"\x7f" * 30 not in ex.index


def test_the_exploration_keeps_its_parents_when_the_space_numbers_a_key_afterwards() -> None:
    """The finished exploration holds the space's own array of parents (no second copy); a key the
    space takes afterwards (another process's, a report's replay) goes into a copy, so the
    exploration's parents stay as they were."""
    space, ex = _explored(True)
    assert ex.parent is space.parents_of_first(ex.states)
    before = list(ex.parent)
    state = space.state_of(space.initial_states()[0])
    assert space.declared is not None
    values = space.declared.of(state)
    later = space.adopt((*values[:-1], "a value no configuration has"), state)
    assert list(ex.parent) == before and len(ex.parent) == ex.states
    assert space.numbering is not None and space.numbering[later] == ex.states
    assert space.parents_of_first(ex.states + 1)[-1] == -2  # (taken from another process)


@given(st.lists(st.integers(0, 5000) | st.integers(0, 9), max_size=40))
def test_key_numbers_packed_into_bits_read_back_the_same(numbers: list[int]) -> None:
    """A key's numbers packed (a bit for each that is not 0, then four-bit groups) read back as they
    were, and two lists of one length pack apart unless they are equal."""
    code = pack_numbers(numbers)
    assert unpack_numbers(code, len(numbers)) == numbers
    assert len(code) <= (len(numbers) + 7) // 8 + sum(1 + n.bit_length() // 3 for n in numbers if n) // 2 + 1
    other = [*numbers[:-1], numbers[-1] + 1] if numbers else []
    assert (pack_numbers(other) == code) == (other == numbers)


def test_a_small_column_widens_when_a_number_does_not_fit() -> None:
    column = array("h", [-1, 5])
    assert appended(column, 32_767) is column
    wider = appended(column, 32_768)
    assert (wider.typecode, list(wider)) == ("i", [-1, 5, 32_767, 32_768])
    widest = appended(wider, 1 << 40)
    assert (widest.typecode, widest[-1]) == ("q", 1 << 40)
    at_once = appended(array("h", [7]), 1 << 40)  # 16 bits to 64 in one append
    assert (at_once.typecode, list(at_once)) == ("q", [7, 1 << 40])


_LIMITS = {"h": 1 << 15, "i": 1 << 31, "q": 1 << 63}


@given(st.sampled_from(["h", "i"]), st.lists(st.integers(-(1 << 15), (1 << 15) - 1), max_size=5),
       st.lists(st.integers(-(1 << 63), (1 << 63) - 1), max_size=8), st.booleans())
def test_a_column_extended_by_many_numbers_widens_to_the_narrowest_items_that_hold_them(
        code: str, before: list[int], values: list[int], as_array: bool) -> None:
    """A partition's columns take a round's numbers at once (graph/partitioned.py): the numbers
    follow the old ones, the items are the narrowest of 16, 32 and 64 bits that hold them all,
    and a column that needs no widening is extended where it is."""
    column = array(code, before)
    kept = list(column)
    got = extended(column, array("q", values) if as_array else values)
    assert list(got) == kept + values
    fits = [c for c in ("h", "i", "q") if all(-_LIMITS[c] <= v < _LIMITS[c] for v in kept + values)]
    assert got.typecode == max(code, fits[0], key="hiq".index)
    assert (got is column) == (got.typecode == code)
    if got is not column:
        assert list(column) == kept  # (widened: the old column untouched)


def test_the_labels_widen_to_32_bits_past_the_16_bit_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Labels are numbered in 16 bits while the distinct labels are few, and in 32 past the limit
    (lowered here), with the same labels either way."""
    _, narrow = _explored(True)
    assert narrow.labels.numbers.typecode == "H"
    monkeypatch.setattr(configuration, "_NARROW_LABELS", 10)
    _, wide = _explored(True)
    assert wide.labels.numbers.typecode == "i"
    assert wide.labels == narrow.labels and len(narrow.labels.distinct) > 10
