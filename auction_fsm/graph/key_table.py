"""The configurations an exploration has found, numbered in the order found: one table shared by
the space that files them and the exploration that walks them.

An irregular scope keys a configuration by a short byte string (the numbers of its declared
values, :meth:`~auction_fsm.graph.irregular_space.IrregularSpace.key_of`).  Held one Python
object and one dictionary entry each, a key cost about 53 bytes, its number 28 more and the
entry some 50, twice over (the space and the exploration each kept a dictionary).
:class:`PackedKeys` holds every key's bytes end to end in one ``bytearray`` with their start
offsets in an array, and finds a key through an open-addressed table of numbers (linear
probing, at most half full), so a key costs its bytes plus about 20 bytes of arrays, and the
exploration takes the same table (:func:`auction_fsm.graph.configuration.explore` asks the
space for :attr:`numbering`).  A lookup walks the probe sequence in Python -- about a
microsecond, against a thousand for expanding a configuration of these scopes.

:class:`NumberedKeys` is the same interface on a dictionary and a list, for keys that are not
byte strings: tuples (a partitioned run's keys travel between processes), or whole states
(``keys="full"``).

Both number keys from 0 in the order :meth:`add` is called and never number a key twice; the
number is the configuration's index in the exploration (its node ``c<number>``).
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Final, Protocol, TypeVar, overload

from ..errors import InternalError

__all__ = ["KeyNumbering", "PackedKeys", "NumberedKeys", "FirstKeys", "ListView", "Distinct", "appended", "extended",
           "pack_numbers", "unpack_numbers"]

T = TypeVar("T")

#: Slots of a new table (a power of two).
_FIRST_SLOTS = 1 << 10
#: The largest offset into the keys' bytes a 32-bit start holds.
_LARGEST_START = (1 << 32) - 1


class KeyNumbering(Protocol):
    """What the irregular space and the explorer ask of the table of keys found."""

    def get(self, key: Hashable, default: int | None = None) -> int | None:
        """The number of ``key``, or ``default`` when it has none."""

    def __getitem__(self, key: Hashable) -> int:
        """The number of ``key`` (``KeyError`` when it has none)."""

    def __contains__(self, key: object) -> bool:
        """Whether ``key`` has a number."""

    def __len__(self) -> int:
        """How many keys are numbered."""

    def __iter__(self) -> Iterator[Hashable]:
        """The keys, in the order numbered."""

    def add(self, key: Hashable) -> int:
        """Number ``key``, new: its number (the next one)."""

    def key(self, number: int) -> Hashable:
        """The key numbered ``number``."""

    @property
    def order(self) -> Sequence[Hashable]:
        """The keys by number, as a sequence (a view: it grows with the table)."""

    def items(self) -> Iterable[tuple[Hashable, int]]:
        """(key, number) for every key held, in the order numbered."""

    def copy(self) -> PackedKeys | NumberedKeys:
        """An independent copy."""


class ListView(Sequence[T]):
    """A read-only sequence computed from arrays that compares equal to the list it stands for
    (and to another such view with the same items), so that code and tests written for lists
    read it as one."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, list | ListView):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]


class Distinct(dict[T, int]):
    """Distinct values numbered in the order first looked up (an unseen one is numbered next,
    in C once it is known: ``map(distinct.__getitem__, values)``), and the values by number:
    what an array slot refers to (an edge's label, the event of a configuration's first edge,
    the checks' notes), so that the slot takes four bytes however big the value."""

    __slots__ = ("by_number",)

    def __init__(self) -> None:
        super().__init__()
        #: The values by number.
        self.by_number: list[T] = []

    def __missing__(self, value: T) -> int:
        n = self[value] = len(self.by_number)
        self.by_number.append(value)
        return n

    def copy(self) -> Distinct[T]:
        """An independent copy (for the tests that drive two spaces alike)."""
        other = Distinct[T]()
        other.update(self)
        other.by_number = list(self.by_number)
        return other


class _Order(ListView[Hashable]):
    """A table's keys by number, as a read-only sequence up to ``bound`` keys (all when
    ``None``)."""

    __slots__ = ("_table", "_bound")

    def __init__(self, table: KeyNumbering, bound: int | None = None) -> None:
        self._table, self._bound = table, bound

    def __len__(self) -> int:
        return len(self._table) if self._bound is None else self._bound

    @overload
    def __getitem__(self, i: int) -> Hashable: ...

    @overload
    def __getitem__(self, i: slice) -> list[Hashable]: ...

    def __getitem__(self, i: int | slice) -> Hashable | list[Hashable]:
        n = len(self)
        if isinstance(i, slice):
            key = self._table.key
            return [key(j) for j in range(*i.indices(n))]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"configuration {i} is not among the {n:,} found")
        return self._table.key(i)

    def __iter__(self) -> Iterator[Hashable]:
        key = self._table.key
        return (key(j) for j in range(len(self)))

    def __repr__(self) -> str:
        return f"<{len(self):,} keys by number>"


_WIDER: Final = {"h": "i", "H": "i", "i": "q", "I": "q"}


def appended(column: array[int], value: int) -> array[int]:
    """``column`` with ``value`` appended: the same array, or, where the value does not fit its
    items, a copy with the narrowest wider items that hold it (16 bits, then 32, then 64).  Why: a column of small numbers
    (which first event, which summary) starts at 16 bits and costs two bytes a configuration
    while that is enough.

    >>> c = appended(array("h", [1]), 40_000)
    >>> c.typecode, list(c)
    ('i', [1, 40000])
    """
    while True:
        try:
            column.append(value)
        except OverflowError:
            wider = _WIDER.get(column.typecode)
            if wider is None:
                raise
            column = array(wider, column)  # (a 16-bit column may need 64 bits at once)
            continue
        return column


def extended(column: array[int], values: Iterable[int]) -> array[int]:
    """``column`` with ``values`` appended, widened as :func:`appended` widens when one does not
    fit its items; all or nothing (the values are converted before any is appended).  Why: a
    partition's columns of configuration numbers (graph/partitioned.py) take a round's edges
    at once, and stay 32-bit until a number needs more.

    >>> c = extended(array("i", [1]), array("q", [2, 1 << 40]))
    >>> c.typecode, list(c)
    ('q', [1, 2, 1099511627776])
    """
    items = values if isinstance(values, array) else list(values)
    while True:
        try:
            part = items if isinstance(items, array) and items.typecode == column.typecode else array(
                column.typecode, items)
        except OverflowError:
            wider = _WIDER.get(column.typecode)
            if wider is None:
                raise
            column = array(wider, column)
            continue
        column.extend(part)
        return column


class PackedKeys:
    """Byte-string keys, numbered in the order added, in three arrays (the module docstring).

    >>> table = PackedKeys()
    >>> table.add(b"\\x00\\x01"), table.add(b"\\x02"), table.get(b"\\x02"), table.get(b"\\x03")
    (0, 1, 1, None)
    >>> list(table), table.order[0]
    ([b'\\x00\\x01', b'\\x02'], b'\\x00\\x01')
    """

    __slots__ = ("_data", "_starts", "_slots", "_mask", "_others", "_other_at")

    def __init__(self) -> None:
        self._data = bytearray()  # every key's bytes, end to end, in the order numbered
        self._starts = array("I", [0])  # where key n starts (and n + 1's ends); 64-bit past 4 GB
        self._slots = array("i", [-1]) * _FIRST_SLOTS  # a key's number, at its hash's probe slot
        self._mask = _FIRST_SLOTS - 1
        # the few keys that are not byte strings (a split scope's hand-over to another part,
        # :class:`~auction_fsm.graph.declared_key.HandedOver`), by key and by number; each takes
        # no bytes in the arrays and no slot
        self._others: dict[Hashable, int] = {}
        self._other_at: dict[int, Hashable] = {}

    def __len__(self) -> int:
        return len(self._starts) - 1

    def get(self, key: Hashable, default: int | None = None) -> int | None:
        """The number of ``key``, or ``default``."""
        if key.__class__ is not bytes:
            return self._others.get(key, default)
        slots, starts, data, mask = self._slots, self._starts, self._data, self._mask
        at = hash(key) & mask
        while True:
            n = slots[at]
            if n < 0:
                return default
            if data[starts[n]:starts[n + 1]] == key:
                return n
            at = (at + 1) & mask

    def __getitem__(self, key: Hashable) -> int:
        if key.__class__ is bytes:  # (get, written out: the explorer asks once per edge)
            slots, starts, data, mask = self._slots, self._starts, self._data, self._mask
            at = hash(key) & mask
            while True:
                n = slots[at]
                if n < 0:
                    break
                if data[starts[n]:starts[n + 1]] == key:
                    return n
                at = (at + 1) & mask
        else:
            n = self._others.get(key, -1)
            if n >= 0:
                return n
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, Hashable) and self.get(key) is not None

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.order)

    def items(self) -> Iterator[tuple[Hashable, int]]:
        """(key, number) for every key, in the order numbered."""
        key = self.key
        return ((key(n), n) for n in range(len(self)))

    def key(self, number: int) -> Hashable:
        """The key numbered ``number``."""
        if self._other_at:
            other = self._other_at.get(number)
            if other is not None:
                return other
        starts = self._starts
        return bytes(self._data[starts[number]:starts[number + 1]])

    @property
    def order(self) -> Sequence[Hashable]:
        """The keys by number (a view that grows with the table)."""
        return _Order(self)

    def add(self, key: Hashable) -> int:
        """Number ``key``, not numbered yet (a byte string, or one of the few other keys a
        packed scope has); its number."""
        n = len(self)
        if key.__class__ is not bytes:
            if key.__class__ is tuple:  # a declared key's values, never numbered as such
                raise InternalError(f"a packed key table was given a key that is not packed: {key!r}")
            self._others[key] = n
            self._other_at[n] = key
            self._starts.append(len(self._data))
            return n
        assert isinstance(key, bytes)
        if 2 * (n + 1) > len(self._slots):
            self._grow()
        slots, mask = self._slots, self._mask
        at = hash(key) & mask
        while slots[at] >= 0:
            at = (at + 1) & mask
        slots[at] = n
        self._data += key
        end = len(self._data)
        if end > _LARGEST_START and self._starts.typecode == "I":
            self._starts = array("q", self._starts)
        self._starts.append(end)
        return n

    def _grow(self) -> None:
        """Twice the slots, every key filed again (each number at its hash's first free slot)."""
        size = 2 * len(self._slots)
        slots, mask = array("i", [-1]) * size, size - 1
        key, others = self.key, self._other_at
        for n in range(len(self)):
            if n in others:
                continue
            at = hash(key(n)) & mask
            while slots[at] >= 0:
                at = (at + 1) & mask
            slots[at] = n
        self._slots, self._mask = slots, mask

    def copy(self) -> PackedKeys:
        """An independent copy (for the tests that drive two spaces alike)."""
        other = PackedKeys()
        other._data, other._starts = bytearray(self._data), array(self._starts.typecode, self._starts)
        other._slots, other._mask = array("i", self._slots), self._mask
        other._others, other._other_at = dict(self._others), dict(self._other_at)
        return other


class NumberedKeys:
    """Keys of any kind, numbered in the order added: a dictionary from key to number and the
    list of keys by number.

    >>> table = NumberedKeys()
    >>> table.add(("a", 1)), table.add(("b", 2)), table.order[1], table.get(("c", 3))
    (0, 1, ('b', 2), None)
    """

    __slots__ = ("_numbers", "_keys")

    def __init__(self) -> None:
        self._numbers: dict[Hashable, int] = {}
        self._keys: list[Hashable] = []

    def get(self, key: Hashable, default: int | None = None) -> int | None:
        """The number of ``key``, or ``default``."""
        return self._numbers.get(key, default)

    def __getitem__(self, key: Hashable) -> int:
        return self._numbers[key]

    def __contains__(self, key: object) -> bool:
        return key in self._numbers

    def __len__(self) -> int:
        return len(self._numbers)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._numbers)

    def items(self) -> Iterable[tuple[Hashable, int]]:
        """(key, number) for every key held, in the order numbered."""
        return self._numbers.items()

    def add(self, key: Hashable) -> int:
        """Number ``key``, not numbered yet; its number."""
        n = self._numbers[key] = len(self._keys)
        self._keys.append(key)
        return n

    def key(self, number: int) -> Hashable:
        """The key numbered ``number``."""
        return self._keys[number]

    @property
    def order(self) -> Sequence[Hashable]:
        """The keys by number (the list itself: it grows with the table)."""
        return self._keys

    def copy(self) -> NumberedKeys:
        """An independent copy (for the tests that drive two spaces alike)."""
        other = NumberedKeys()
        other._numbers, other._keys = dict(self._numbers), list(self._keys)
        return other


class FirstKeys(Mapping[Hashable, int]):
    """The first ``bound`` keys of a table, as a mapping from key to number: what an exploration
    found, when the space goes on numbering keys after it (a report's replays, the key check)."""

    __slots__ = ("_table", "_bound")

    def __init__(self, table: KeyNumbering, bound: int) -> None:
        self._table, self._bound = table, bound

    def __getitem__(self, key: Hashable) -> int:
        n = self._table.get(key)
        if n is None or n >= self._bound:
            raise KeyError(key)
        return n

    def __len__(self) -> int:
        return self._bound

    def __iter__(self) -> Iterator[Hashable]:
        return iter(_Order(self._table, self._bound))

    @property
    def order(self) -> Sequence[Hashable]:
        """The keys by number."""
        return _Order(self._table, self._bound)


_LOW_NIBBLE: Final = 0x0F


def pack_numbers(numbers: Sequence[int]) -> bytes:
    """Small non-negative numbers as a byte string: which of them are not 0 (one bit each, the
    first number's the lowest bit, in as many whole bytes as that takes), then those, four bits
    at a time: each in groups of three bits, lowest first, the fourth bit set on every group
    but its last (so a number below 8 takes half a byte, below 64 one byte); two groups a byte,
    the first in the high half, a last lone group padded with a zero group.  Why: most places of
    a key hold one of a handful of values, and many hold the first value met (numbered 0: what
    never varies in a scope, nothing waiting ...); a key is held for every configuration found
    (docs/verification.md, *What the explorer holds*).  :func:`unpack_numbers` reads it back
    given how many numbers there are; so, for a given count, one string stands for one list.

    >>> pack_numbers([1, 0, 3]).hex(), pack_numbers([0, 9]).hex()
    ('0513', '0291')
    >>> unpack_numbers(pack_numbers([0, 7, 8, 64, 4095, 5, 0, 0, 1]), 9)
    [0, 7, 8, 64, 4095, 5, 0, 0, 1]
    """
    mask = 0
    groups: list[int] = []
    for place, n in enumerate(numbers):
        if n:
            mask |= 1 << place
            while n >= 8:
                groups.append(n & 7 | 8)
                n >>= 3
            groups.append(n)
    if len(groups) & 1:
        groups.append(0)
    return mask.to_bytes((len(numbers) + 7) >> 3, "little") + bytes(map(_pair, groups[0::2], groups[1::2]))


def _pair(high: int, low: int) -> int:
    return high << 4 | low


def unpack_numbers(code: bytes, count: int) -> list[int]:
    """The ``count`` numbers of a string made by :func:`pack_numbers`."""
    head = (count + 7) >> 3
    mask = int.from_bytes(code[:head], "little")
    groups = [g for byte in code[head:] for g in (byte >> 4, byte & _LOW_NIBBLE)]
    out: list[int] = []
    at = 0
    for place in range(count):
        if not mask >> place & 1:
            out.append(0)
            continue
        n = shift = 0
        while groups[at] & 8:
            n |= (groups[at] & 7) << shift
            shift += 3
            at += 1
        out.append(n | groups[at] << shift)
        at += 1
    return out
