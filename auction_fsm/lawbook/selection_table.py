"""Tables of the book's decisions, keyed on the facts each decision reads (issue 38, first tables).

Two decisions are taken for every event an explorer offers: the classifier says what kind of
event it is here (its trigger), and the book picks the row that takes it (the one whose guard
holds, or, for an explorer asking only *whether* a row takes it, the first whose coarse guard
holds).  Both read the position through declared facts alone (:mod:`.facts`): each part of the
classifier and each declared guard is handed a view of its facts and nothing else.  So each
decision is a function of the facts it reads, and which fact it reads next is itself decided by
the values read so far.

A :class:`SelectionTable` keeps each decision as a tree: an inner node asks one fact and branches
on its value, a leaf holds the decision.  Looking a decision up computes only the facts on its
path, with the functions the families registered, and never runs a guard; a path met for the
first time is filled by running the book's own classifier or guards once, under the fact tracer
(:func:`.facts.tracing`), which gives the facts in the order read.  The table is therefore filled
once per distinct situation *as the rules see it*, not once per position: two positions that
differ in the whole auction but agree on the facts the rows ask share a leaf.

What makes it right, and what checks it:

* Each decision is a function of its declared facts: the view refuses any other read
  (:class:`.facts.UndeclaredRead`), and the audits of the declarations check each fact against
  the parts it says it is computed from.  A group of rows with a guard that does not declare its
  reads is not tabled: its leaf says so and the guards run every time.
* The same facts read in the same order give the same next read: where a path filled later asks
  another fact than the tree holds at that node, the table raises :class:`~auction_fsm.errors.LawBookError`
  naming both facts (a decision that reads something it does not declare).
* A refusal is kept as a refusal, not as its words: a refusal is decided on facts but worded from
  the position, so the engine asks the classifier again for the words (rare: an explorer offers
  mostly events some row takes).  A fact that cannot be computed for the event (its function
  refuses it) is a branch of its own, the refusal at its end.  Two rows holding at once under a
  strict selection is kept as a fault, and the book is asked again, which raises it.
* Whole explorations with and without the tables are compared configuration by configuration,
  edge by edge (``tests/graph/test_selection_table.py``).

Used where the same decisions are asked many times: the explorer of irregular scopes (the
candidate events and the engine's steps, ``IrregularSpace(tables=True)``).  The law tests, the
commands and the web trainer rule without it.  Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Final, TypeVar, cast

from ..errors import AuctionFsmError, InternalError, LawBookError
from .book import LawBook
from .classify import classify_in
from .facts import COMPUTE_HOOKS, Reading, computing, tracing
from .rows import Ctx, Row

__all__ = ["SelectionTable", "table_of", "Counts", "Decisions", "BookDecisions", "decisions_of"]


class _Ask:
    """An inner node: ask ``fact`` (computed by ``compute``, the function its family registered),
    then follow the branch of its value."""

    __slots__ = ("fact", "compute", "branches")

    def __init__(self, fact: str) -> None:
        self.fact = fact
        self.compute = computing(fact)
        self.branches: dict[Hashable, _Ask | _Leaf] = {}


@dataclass(frozen=True, slots=True)
class _Leaf:
    """A decision: the trigger (``None``: the classifier refused the event), the row (``None``:
    no row takes it), the guards' answers a strict selection noted (by the guard's ``id``: what
    the machine check reads again, :class:`~.rows.Ctx`), and whether the book must be asked
    instead (``live``: a guard of the group declares nothing; ``fault``: two rows held at once)."""

    trigger: str | None = None
    row: Row | None = None
    tested: tuple[tuple[int, bool], ...] = ()
    live: bool = False
    fault: bool = False


_LIVE: Final = _Leaf(live=True)
_FAULT: Final = _Leaf(fault=True)
_MISSING: Final = object()
#: The branch of a fact whose function refused the event (an input error raised while computing it).
_REFUSED: Final = object()


@dataclass
class Counts:
    """How often the table answered (``hits``) and how often the book was run to fill it
    (``fills``: each fill adds one leaf), and how many of those leaves send every question back
    to the book (``live``), by kind of decision (for the benchmarks)."""

    hits: int = 0
    fills: int = 0
    live: int = 0


def _first_reads(reading: Reading) -> list[tuple[str, Hashable]]:
    """Each fact the traced decision read, with its value, in the order first read."""
    seen: dict[str, Hashable] = {}
    for _, name, value in reading.reads:
        if name not in seen:
            seen[name] = value
    return list(seen.items())


class SelectionTable:
    """The decisions of one law book, kept as trees on the facts they read (module docstring).

    ``classify(ctx)`` is the trigger of the context's event (``None`` when the classifier refuses
    it); ``select(phase, trigger, ctx, strict)`` the row :meth:`LawBook.select` picks;
    ``takes(phase, trigger, ctx)`` the row :meth:`LawBook.takes` gives.  Each answers as the book
    would, and fills ``ctx.facts`` with the facts on its path (and, for a strict selection,
    ``ctx.tested`` with the guards' answers), as the book's own run would have.
    """

    def __init__(self, book: LawBook) -> None:
        self.book = book
        self._classify: dict[Hashable, _Ask | _Leaf] = {}
        self._select: dict[Hashable, _Ask | _Leaf] = {}
        self._takes: dict[Hashable, _Ask | _Leaf] = {}
        self.counts: dict[str, Counts] = {"classify": Counts(), "select": Counts(), "takes": Counts()}

    # --- the three decisions ----------------------------------------------------------------
    def classify(self, ctx: Ctx) -> str | None:
        """The trigger of ``ctx``'s event at its position, or ``None`` if the classifier refuses it."""
        if COMPUTE_HOOKS:  # an audit watches every fact computed: let it see the book run
            return _classified(ctx)
        leaf = self._find(self._classify, cast(Hashable, type(ctx.event)), ctx, "classify", self._fill_classify)
        return _classified(ctx) if leaf.fault else leaf.trigger

    def select(self, phase: str, trigger: str, ctx: Ctx, strict: bool) -> Row | None:
        """The row the book selects from ``phase`` on ``trigger`` for ``ctx`` (raising as the book
        does when two rows hold at once under ``strict``)."""
        if COMPUTE_HOOKS:
            return self.book.select(phase, trigger, ctx, strict=strict)
        leaf = self._find(self._select, (phase, trigger, strict), ctx, "select", self._fill_select)
        if leaf.live or leaf.fault:
            return self.book.select(phase, trigger, ctx, strict=strict)
        if leaf.tested and ctx.tested is not None:
            ctx.tested.update(leaf.tested)
        return leaf.row

    def takes(self, phase: str, trigger: str, ctx: Ctx) -> Row | None:
        """The row :meth:`LawBook.takes` gives from ``phase`` on ``trigger`` for ``ctx``."""
        if COMPUTE_HOOKS:
            return self.book.takes(phase, trigger, ctx)
        leaf = self._find(self._takes, (phase, trigger), ctx, "takes", self._fill_takes)
        return self.book.takes(phase, trigger, ctx) if leaf.live else leaf.row

    # --- the trees ----------------------------------------------------------------------------
    def _find(self, roots: dict[Hashable, _Ask | _Leaf], root: Hashable, ctx: Ctx, kind: str,
              fill: Callable[[Hashable, Ctx], tuple[_Leaf, list[tuple[str, Hashable]]]]) -> _Leaf:
        """Walk the tree of ``root`` computing the facts it asks; fill the path if it ends
        (``fill(root, ctx)``: the book's own run)."""
        node = roots.get(root)
        cache = ctx.facts
        while node is not None:
            if type(node) is _Leaf:
                self.counts[kind].hits += 1
                return node
            assert type(node) is _Ask
            value = cache.get(node.fact, _MISSING)
            if value is _MISSING:
                try:
                    value = cache[node.fact] = node.compute(ctx)  # as the book's view would (facts.value_of)
                except InternalError:
                    raise
                except AuctionFsmError:
                    value = _REFUSED
            node = node.branches.get(value)
        leaf, path = fill(root, ctx)
        counts = self.counts[kind]
        counts.fills += 1
        counts.live += leaf.live
        self._insert(roots, root, path, leaf, kind)
        return leaf

    def _insert(self, roots: dict[Hashable, _Ask | _Leaf], root: Hashable,
                path: list[tuple[str, Hashable]], leaf: _Leaf, kind: str) -> None:
        """Put ``leaf`` at the end of ``path`` (facts and values in the order read) under ``root``."""
        if not path:
            if root in roots:
                raise self._diverged(kind, root, "nothing", roots[root])
            roots[root] = leaf
            return
        node = roots.get(root)
        if node is None:
            node = roots[root] = _Ask(path[0][0])
        for i, (fact, value) in enumerate(path):
            if type(node) is not _Ask or node.fact != fact:
                raise self._diverged(kind, root, fact, node)
            nxt = node.branches.get(value)
            if i == len(path) - 1:
                if nxt is not None:
                    raise self._diverged(kind, root, "nothing more", nxt)
                node.branches[value] = leaf
            else:
                if nxt is None:
                    nxt = node.branches[value] = _Ask(path[i + 1][0])
                node = nxt

    def _diverged(self, kind: str, root: Hashable, read: str, node: _Ask | _Leaf | None) -> LawBookError:
        held = node.fact if isinstance(node, _Ask) else "nothing more"
        return LawBookError(f"law book {self.book.name!r}: the {kind} decision for {root!r} read "
                            f"{read} where the same facts read before led it to {held}: it depends "
                            "on something it does not declare")

    # --- filling: the book's own classifier and guards, traced ------------------------------
    def _fill_classify(self, root: Hashable, ctx: Ctx) -> tuple[_Leaf, list[tuple[str, Hashable]]]:
        outcome, path = _traced(lambda: _classified(ctx))
        if isinstance(outcome, LawBookError):
            return _FAULT, path  # a fault of the book: asked again, it raises it
        return _Leaf(trigger=outcome if isinstance(outcome, str) else None), path

    def _fill_select(self, root: Hashable, ctx: Ctx) -> tuple[_Leaf, list[tuple[str, Hashable]]]:
        phase, trigger, strict = cast("tuple[str, str, bool]", root)
        group = self.book.candidates(phase, trigger)
        if any(r.guard is not None and r.guard.reads is None for r in group):
            return _LIVE, []
        tested = ctx.tested if strict else None
        before = dict(tested) if tested is not None else {}
        outcome, path = _traced(lambda: self.book.select(phase, trigger, ctx, strict=strict))
        if isinstance(outcome, BaseException):
            return _FAULT, path  # two rows held, or a fact refused the event: the book raises it
        noted = () if tested is None else tuple((k, v) for k, v in tested.items() if k not in before)
        return _Leaf(trigger=trigger, row=outcome, tested=noted), path

    def _fill_takes(self, root: Hashable, ctx: Ctx) -> tuple[_Leaf, list[tuple[str, Hashable]]]:
        phase, trigger = cast("tuple[str, str]", root)
        group = self.book.candidates(phase, trigger)
        if any(r.guard is not None and (r.guard.reads is None or (
                r.guard.coarse is not None and r.guard.coarse.reads is None)) for r in group):
            return _LIVE, []
        outcome, path = _traced(lambda: self.book.takes(phase, trigger, ctx))
        if isinstance(outcome, BaseException):
            return _FAULT, path
        return _Leaf(trigger=trigger, row=outcome), path


_T = TypeVar("_T")


def _traced(run: Callable[[], _T]) -> tuple[_T | AuctionFsmError, list[tuple[str, Hashable]]]:
    """Run one decision of the book under the fact tracer: its outcome (or the input error it
    raised, a fault of the book being raised on), and the facts it read with their values in the
    order first read, ending with the fact whose function refused the event, if one did."""
    refused: list[str] = []

    def note_refusal(name: str, fn: Callable[[Any], Hashable], ctx: Any) -> Hashable:
        try:
            return fn(ctx)
        except InternalError:
            raise
        except AuctionFsmError:
            refused.append(name)
            raise
    COMPUTE_HOOKS.append(note_refusal)
    try:
        with tracing() as reading:
            try:
                outcome: _T | AuctionFsmError = run()
            except LawBookError as exc:
                outcome = exc  # two rows at once (a strict selection): kept as a fault
            except InternalError:
                raise
            except AuctionFsmError as exc:
                outcome = exc
    finally:
        COMPUTE_HOOKS.remove(note_refusal)
    path = _first_reads(reading)
    if refused:
        path.append((refused[-1], _REFUSED))
    return outcome, path


def _classified(ctx: Ctx) -> str | None:
    """The classifier's trigger for ``ctx``, ``None`` where it refuses the event."""
    try:
        return classify_in(ctx)
    except InternalError:
        raise  # a fault of the book or of this package is never a refused event
    except AuctionFsmError:
        return None


class BookDecisions:
    """The book's own run behind the three questions a :class:`SelectionTable` answers, with the
    same answers (a refusal of the classifier is ``None``; a fault of the book or of this package
    is raised, never taken for a refused event): what the engine and the explorer ask when no
    table is used (``verify --no-tables``, an audit watching the book run)."""

    def __init__(self, book: LawBook) -> None:
        self.book = book

    def classify(self, ctx: Ctx) -> str | None:
        """The trigger of ``ctx``'s event at its position, or ``None`` if the classifier refuses it."""
        return _classified(ctx)

    def select(self, phase: str, trigger: str, ctx: Ctx, strict: bool) -> Row | None:
        """The row :meth:`LawBook.select` picks."""
        return self.book.select(phase, trigger, ctx, strict=strict)

    def takes(self, phase: str, trigger: str, ctx: Ctx) -> Row | None:
        """The row :meth:`LawBook.takes` gives."""
        return self.book.takes(phase, trigger, ctx)


#: Who answers the classifier's and the guards' questions: a book's table or the book itself.
Decisions = SelectionTable | BookDecisions


def decisions_of(book: LawBook, tables: SelectionTable | None) -> Decisions:
    """``tables`` where they are ``book``'s, else the book's own run (kept with the book)."""
    if tables is not None and tables.book is book:
        return tables
    found = book.derived.get("book decisions")
    if found is None:
        found = book.derived["book decisions"] = BookDecisions(book)
    assert isinstance(found, BookDecisions)
    return found


def table_of(book: LawBook) -> SelectionTable:
    """The selection table of ``book``, made on first use and kept with the book (each process
    fills its own)."""
    found = book.derived.get("selection table")
    if found is None:
        found = book.derived["selection table"] = SelectionTable(book)
    assert isinstance(found, SelectionTable)
    return found
