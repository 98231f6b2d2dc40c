"""Long immutable sequences that share their structure (standard library only).

A position of the auction is a value: every event gives a new :class:`~auction_fsm.auction.
AuctionState` with the record of calls and the rulings one longer.  With tuples each new state
copies the whole sequence, so a board of *n* events costs time in *n*² (F16, F17 of issue 17:
8,000 calls took 15 s).  :class:`PVector` is a persistent vector -- a trie of 32-way tuples with
a tail, as in Clojure -- whose append and replace copy O(log n) items and share the rest with
the older vector.

Short sequences stay plain tuples, which every real board is: :func:`appended` and
:func:`replaced` return a tuple below :data:`THRESHOLD` items and a :class:`PVector` from there
on, so the hot paths of replay and exploration keep C-speed tuples.  A :class:`PVector` is a
``Sequence``: indexing, slicing (a tuple), ``len``, iteration, and equality and hashing equal to
the tuple of the same items.

>>> v = appended(tuple(range(THRESHOLD)), THRESHOLD)
>>> type(v).__name__, len(v), v[-1], v[3:5]
('PVector', 513, 512, (3, 4))
>>> replaced(v, 0, "a")[0], v[0], v == tuple(range(THRESHOLD + 1))
('a', 0, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar, overload

__all__ = ["PVector", "THRESHOLD", "appended", "replaced"]

T = TypeVar("T")
_BITS = 5
_WIDTH = 1 << _BITS
_MASK = _WIDTH - 1

#: Below this length a sequence stays a tuple.
THRESHOLD = 512


class PVector(Sequence[T]):
    """An immutable vector sharing structure with the vectors it was made from."""

    __slots__ = ("_n", "_shift", "_root", "_tail", "_hash")

    def __init__(self, n: int, shift: int, root: tuple[Any, ...], tail: tuple[T, ...]) -> None:
        self._n = n
        self._shift = shift
        self._root = root
        self._tail = tail
        self._hash: int | None = None

    @classmethod
    def of(cls, items: Sequence[T]) -> PVector[T]:
        """A vector of ``items`` (built leaf by leaf)."""
        v: PVector[T] = cls(0, _BITS, (), ())
        for x in items:
            v = v.append(x)
        return v

    # --- reading ------------------------------------------------------------------------
    def __len__(self) -> int:
        return self._n

    def _tailoff(self) -> int:
        return self._n - len(self._tail)

    def _leaf_for(self, i: int) -> tuple[Any, ...]:
        if i >= self._tailoff():
            return self._tail
        node = self._root
        level = self._shift
        while level > 0:
            node = node[(i >> level) & _MASK]
            level -= _BITS
        return node

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._n)
            return tuple(self._get(i) for i in range(start, stop, step))
        i = index + self._n if index < 0 else index
        if not 0 <= i < self._n:
            raise IndexError("PVector index out of range")
        return self._get(i)

    def _get(self, i: int) -> T:
        off = self._tailoff()
        if i >= off:
            return self._tail[i - off]
        item: T = self._leaf_for(i)[i & _MASK]
        return item

    def _leaves(self, node: tuple[Any, ...], level: int) -> Iterator[tuple[Any, ...]]:
        if level == 0:
            yield node
            return
        for child in node:
            yield from self._leaves(child, level - _BITS)

    def __iter__(self) -> Iterator[T]:
        if self._root:
            for leaf in self._leaves(self._root, self._shift):
                yield from leaf
        yield from self._tail

    def __reversed__(self) -> Iterator[T]:
        for i in range(self._n - 1, -1, -1):
            yield self._get(i)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, PVector):
            if other._n != self._n:
                return False
            if other._root is self._root and other._tail is self._tail:
                return True
        elif isinstance(other, tuple):
            if len(other) != self._n:
                return False
        else:
            return NotImplemented
        return all(a is b or a == b for a, b in zip(self, other, strict=True))

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(tuple(self))
        return self._hash

    def __repr__(self) -> str:
        return f"PVector({tuple(self)!r})"

    def __add__(self, other: Sequence[T]) -> tuple[T, ...]:
        return (*self, *other)

    def __radd__(self, other: Sequence[T]) -> tuple[T, ...]:
        return (*other, *self)

    # --- making new vectors -------------------------------------------------------------
    def append(self, x: T) -> PVector[T]:
        """This vector with ``x`` added at the end."""
        n, tail = self._n, self._tail
        if len(tail) < _WIDTH:
            return PVector(n + 1, self._shift, self._root, (*tail, x))
        root, shift = self._root, self._shift
        if (n >> _BITS) > (1 << shift):  # the trie is full: a new root one level up
            root = (root, _path(shift, tail))
            shift += _BITS
        else:
            root = _push_tail(n, shift, root, tail)
        return PVector(n + 1, shift, root, (x,))

    def set(self, i: int, x: T) -> PVector[T]:
        """This vector with item ``i`` replaced by ``x``."""
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("PVector index out of range")
        off = self._tailoff()
        if i >= off:
            j = i - off
            tail = self._tail
            return PVector(self._n, self._shift, self._root, (*tail[:j], x, *tail[j + 1:]))
        return PVector(self._n, self._shift, _assoc(self._shift, self._root, i, x), self._tail)


def _path(level: int, node: tuple[Any, ...]) -> tuple[Any, ...]:
    while level > 0:
        node = (node,)
        level -= _BITS
    return node


def _push_tail(n: int, level: int, parent: tuple[Any, ...], tail: tuple[Any, ...]) -> tuple[Any, ...]:
    sub = ((n - 1) >> level) & _MASK
    if level == _BITS:
        insert = tail
    elif sub < len(parent):
        insert = _push_tail(n, level - _BITS, parent[sub], tail)
    else:
        insert = _path(level - _BITS, tail)
    if sub < len(parent):
        return (*parent[:sub], insert, *parent[sub + 1:])
    return (*parent, insert)


def _assoc(level: int, node: tuple[Any, ...], i: int, x: Any) -> tuple[Any, ...]:
    if level == 0:
        j = i & _MASK
        return (*node[:j], x, *node[j + 1:])
    sub = (i >> level) & _MASK
    return (*node[:sub], _assoc(level - _BITS, node[sub], i, x), *node[sub + 1:])


def appended(seq: Sequence[T], x: T) -> Sequence[T]:
    """``seq`` with ``x`` at the end: a tuple while short, else a :class:`PVector`."""
    if isinstance(seq, PVector):
        return seq.append(x)
    if len(seq) < THRESHOLD:
        return (*seq, x)
    return PVector.of(seq).append(x)


def replaced(seq: Sequence[T], i: int, x: T) -> Sequence[T]:
    """``seq`` with item ``i`` replaced by ``x`` (same kind of sequence as :func:`appended`)."""
    if isinstance(seq, PVector):
        return seq.set(i, x)
    if len(seq) < THRESHOLD:
        return (*seq[:i], x, *seq[i + 1:])
    return PVector.of(seq).set(i, x)
