"""The position as named facts: what a guard may read, declared, and nothing else.

A guard that declares its reads (``@guard(..., reads=("actor_from_offender",))``) is not handed
the position: it is handed a :class:`FactView` that answers only the facts it declared.  Reading
any other fact raises :class:`UndeclaredRead`, naming the guard and the fact, so a wrong
declaration is one named error of the book and never a silently wrong table entry (LTSmin's
read matrix, checked here by construction rather than after the fact).

Each fact is a *slot* of the vector: a name, the family of laws that owns it, its type, and a
line in words saying what it holds and relative to what.  The Laws are relative, and so are the
slots: seats are counted from the offender or from the player whose turn it is, calls from the
last bid, places in the record from its end.  The same situation at another level or another
table position is therefore the same facts, which is what lets a table keyed on them be shared
(issue "The position as named facts"; docs/law-book.md, *Declared facts*).

Slots are computed from the position (:class:`~auction_fsm.auction.AuctionState` stays the
façade and the history its log), each by one function that the owning family registers with
:func:`computes`; a view computes a slot once per context and keeps it in the context's cache.
A module-level tracer (:func:`tracing`) records every slot read, for the checker and for the
measurement of how much a table keyed on declared reads would share
(:mod:`auction_fsm.graph.fact_sharing`).

Standard library only; this module imports no other module of the book, so that every family
module may import it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from ..errors import LawBookError

__all__ = ["Slot", "SLOTS", "slot", "computes", "FactView", "UndeclaredRead", "UnknownFact", "tracing",
           "Reading", "value_of", "computing", "computed_slots", "view_class", "COMPUTE_HOOKS"]


class _Context(Protocol):
    """What a view reads from: a guard's context (:class:`~.rows.Ctx`)."""

    @property
    def facts(self) -> dict[str, Any]: ...


class UndeclaredRead(LawBookError):
    """A guard read a fact it did not declare: a fault of the book, named by guard and fact."""


class UnknownFact(LawBookError):
    """A declaration names a fact no family defines, or a fact nobody computes."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One named fact of the vector.

    ``family`` owns it (the family whose laws need it; :data:`auction_fsm.lawbook.families`),
    ``kind`` is the Python type its values have (the checker tests every value read), and
    ``words`` says in plain words what it holds and relative to what.
    """

    name: str
    family: str
    kind: type | tuple[type, ...]
    words: str
    #: The parts of the position (:mod:`.parts`) the slot is computed from, if declared: what a
    #: guard reading the slot depends on, in the position's own terms.  ``None``: not declared.
    parts: frozenset[str] | None = None


#: Every slot of the vector, by name, in the order declared.
SLOTS: dict[str, Slot] = {}
_COMPUTE: dict[str, Callable[[Any], Hashable]] = {}
#: Checkers of the slots' declared parts (:func:`auction_fsm.lawbook.parts.auditing`): while one
#: is set, every slot is computed through the innermost, ``hook(name, function, context)``.
COMPUTE_HOOKS: list[Callable[[str, Callable[[Any], Hashable], Any], Hashable]] = []


def slot(name: str, family: str, kind: type | tuple[type, ...], words: str,
         parts: tuple[str, ...] | None = None) -> Slot:
    """Declare a slot of the vector (once; a second declaration of the name is a book fault), with
    the ``parts`` of the position it is computed from (checked by :mod:`.parts` while auditing)."""
    if name in SLOTS:
        raise LawBookError(f"fact {name!r} is declared twice (by {SLOTS[name].family} and {family})")
    s = Slot(name, family, kind, words, None if parts is None else frozenset(parts))
    SLOTS[name] = s
    return s


def computes(name: str) -> Callable[[Callable[[Any], Hashable]], Callable[[Any], Hashable]]:
    """Decorator: the function (a guard's context in, the slot's value out) computes the
    declared slot ``name``; the owning family registers it beside its rows."""
    def register(fn: Callable[[Any], Hashable]) -> Callable[[Any], Hashable]:
        if name not in SLOTS:
            raise UnknownFact(f"{fn.__name__} computes fact {name!r}, which no family declares (facts.slot)")
        if name in _COMPUTE:
            raise LawBookError(f"fact {name!r} is computed twice ({_COMPUTE[name].__name__} and {fn.__name__})")
        _COMPUTE[name] = fn
        return fn
    return register


def computed_slots() -> frozenset[str]:
    """The slots some family computes (every declared slot should be one)."""
    return frozenset(_COMPUTE)


def computing(name: str) -> Callable[[Any], Hashable]:
    """The function that computes slot ``name`` (:class:`UnknownFact` if none does): for a reader
    that computes a fact itself, keeping it in the context's cache as :func:`value_of` does."""
    try:
        return _COMPUTE[name]
    except KeyError:
        raise UnknownFact(f"fact {name!r} has no function computing it"
                          + ("" if name in SLOTS else " and no family declares it")) from None


def value_of(name: str, ctx: _Context) -> Hashable:
    """The value of slot ``name`` for ``ctx``, computed once per context (kept in ``ctx.facts``)."""
    cache = ctx.facts
    try:
        return cache[name]  # type: ignore[no-any-return]
    except KeyError:
        pass
    fn = computing(name)
    value = fn(ctx) if not COMPUTE_HOOKS else COMPUTE_HOOKS[-1](name, fn, ctx)
    cache[name] = value
    return value


@dataclass(slots=True)
class Reading:
    """What a tracer saw: each read as (reader's name, fact, value), in order."""

    reads: list[tuple[str, str, Hashable]]


_TRACER: list[Reading] = []
_MISSING = object()  # a fact not yet computed in a context (a fact's value may be None)


@contextlib.contextmanager
def tracing() -> Iterator[Reading]:
    """Record every fact read through a view while the block runs (nested tracers each see all)."""
    reading = Reading([])
    _TRACER.append(reading)
    try:
        yield reading
    finally:
        _TRACER.remove(reading)


class FactView:
    """The facts one reader declared, for one context: attribute ``f.name`` is slot ``name``.

    The reader is a guard, or a part of the classifier (``role="classifier"``: the trigger of
    an event is decided from declared facts too, :mod:`.classify`).  Only declared slots answer;
    any other name raises :class:`UndeclaredRead` naming the reader.  Views are made with
    :func:`view_class`, which gives each declared fact a property; this class alone answers none.
    """

    __slots__ = ("_ctx", "_reads", "_reader", "_role")

    def __init__(self, ctx: _Context, reads: frozenset[str], reader: str, role: str = "guard") -> None:
        self._ctx, self._reads, self._reader, self._role = ctx, reads, reader, role

    def __getattr__(self, name: str) -> Any:
        # reached only for a name the view has no property for (:func:`view_class` makes one
        # for each declared fact): an undeclared read
        raise UndeclaredRead(f"{self._role} {self._reader!r} read fact {name!r}, not declared "
                             f"(it declares: {', '.join(sorted(self._reads)) or 'nothing'})")


def _fact_property(name: str) -> property:
    """The getter of fact ``name`` on a view that declares it (see :func:`view_class`)."""
    def get(self: FactView) -> Any:
        ctx = self._ctx
        cache = ctx.facts
        value = cache.get(name, _MISSING)
        if value is _MISSING:
            fn = _COMPUTE.get(name)
            if fn is None or COMPUTE_HOOKS:
                value = value_of(name, ctx)
            else:
                value = fn(ctx)
            cache[name] = value
        if _TRACER:
            for reading in _TRACER:
                reading.reads.append((self._reader, name, value))
        return value
    return property(get)


_VIEW_CLASSES: dict[frozenset[str], type[FactView]] = {}


def view_class(reads: frozenset[str]) -> type[FactView]:
    """A :class:`FactView` whose declared facts ``reads`` are properties, found at once rather
    than after a failed attribute lookup (the guards and the classifier read facts on every
    step the engine rules); any other name still falls to ``__getattr__`` and raises
    :class:`UndeclaredRead`.  One class per set of reads, made once."""
    cls = _VIEW_CLASSES.get(reads)
    if cls is None:
        cls = type("FactView", (FactView,), {"__slots__": (), **{n: _fact_property(n) for n in reads}})
        _VIEW_CLASSES[reads] = cls
    return cls


def check_declared(reader: str, reads: frozenset[str], role: str = "guard") -> None:
    """Raise :class:`UnknownFact` if ``reads`` names a slot no family declares."""
    unknown = sorted(reads - SLOTS.keys())
    if unknown:
        raise UnknownFact(f"{role} {reader!r} declares reading {', '.join(map(repr, unknown))}, "
                          "which no family declares (facts.slot)")
