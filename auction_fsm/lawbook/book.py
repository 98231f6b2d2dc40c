"""A law book: the states and rows of every machine, validated when it is built.

The rows *are* the rules.  :meth:`LawBook.select` finds, for a machine state and a trigger, the
one row whose guard holds; the engine runs that row's action, and the ``transitions`` machines
are built from the same rows.  A book is a value: :func:`LawBook.replace_row` gives a variant
(another edition of the Laws, or a deliberately broken copy for a test) without touching the
original.  Standard library only.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from ..errors import LawBookError
from .families import FAMILIES, Family
from .procedure import Option
from .rows import SAME, Ctx, Machine, Row
from .states import StateSpec
from .triggers import TRIGGERS, Trigger

__all__ = ["LawBook", "TRIGGERS", "BuildProblem", "build_problems"]

@dataclass(frozen=True, slots=True, eq=False)
class LawBook:
    """A validated set of machine states and rows.

    A book is one object, equal only to itself (hashed by identity): a position carries its book
    (``AuctionState.book``), so two positions ruled by different books never compare equal, and
    comparing two positions under the same book costs nothing for it.  A registered book
    (:data:`~auction_fsm.lawbook.BOOKS`) pickles as its name and unpickles as that same object;
    another book (a test's variant) cannot be pickled (docs/law-book.md).

    ``name`` identifies the book on the command line (``--law-book 2017``).  Rows are indexed by
    ``(machine, source, trigger)``; rows sharing a key must have guards, which the Laws make
    mutually exclusive (two holding at once is a :class:`~auction_fsm.errors.LawBookError`).
    Besides its rows the book owns what its laws say around them: its triggers and families in
    words, each guard's question, and for each decision who decides and the options.
    """

    name: str
    title: str
    states: tuple[StateSpec, ...]
    rows: tuple[Row, ...]
    families: tuple[Family, ...] = FAMILIES
    triggers: Mapping[str, Trigger] = field(default_factory=lambda: dict(TRIGGERS))
    #: Whether a row reads the cancelled call that a call judged later is compared with (a
    #: ``judge_replacement`` watch) for more than the comparability question: the 1997 text of
    #: 31A2 asks whether the new call repeats its denomination, the 2017 book only names it in
    #: the 23A question, which the director answers.  The explorer's keys keep that call only
    #: if so (``graph.declared_key.judged_call_unread``); tests check both books' keys against their futures.
    reads_judged_call: bool = False
    _states: dict[str, StateSpec] = field(default_factory=dict, repr=False, compare=False)
    _index: dict[tuple[str, str, str], tuple[Row, ...]] = field(default_factory=dict, repr=False,
                                                                compare=False)
    #: What readers of the book compute from it once (the engine's shortcut rows), kept with it.
    derived: dict[object, object] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def build(cls, name: str, title: str, states: Iterable[StateSpec], rows: Iterable[Row],
              families: Iterable[Family] = FAMILIES, triggers: Mapping[str, Trigger] = TRIGGERS,
              reads_judged_call: bool = False) -> LawBook:
        """Validate and freeze a book; raise :class:`LawBookError` naming the first problem (and
        the others after it: :func:`build_problems` lists them).

        Checks: state names unique per machine and exactly one initial state each; every parent,
        source and destination a state of the row's machine; every trigger declared; every row
        cites a law and says in words what it does; every guard asks the director a question;
        every family declared; rows sharing a source and trigger all have guards, with distinct
        names.
        """
        states, rows, families = tuple(states), tuple(rows), tuple(families)
        problems = build_problems(states, rows, families, triggers)
        if problems:
            first, *more = problems
            extra = (f" (and {len(more)} more: " + "; ".join(p.message for p in more) + ")") if more else ""
            raise LawBookError(first.message + extra)
        index: dict[tuple[str, str, str], list[Row]] = {}
        for r in rows:
            index.setdefault((r.machine, r.source, r.trigger), []).append(r)
        book = cls(name, title, states, rows, families, dict(triggers), reads_judged_call)
        book._index.update({k: tuple(v) for k, v in index.items()})
        book._states.update({s.name: s for s in states if s.machine == "phase"})
        return book

    def __repr__(self) -> str:  # the rows are many: name the book only (help(), tracebacks)
        return f"<LawBook {self.name!r}: {len(self.rows)} rows>"

    def __reduce__(self) -> tuple[Callable[[str], LawBook], tuple[str]]:
        """Pickle a registered book as its name: its guards and actions are functions (some
        made on the fly) that pickle cannot carry, and another process has the same book
        under the same name.  A book that is not the one registered under its name (a variant)
        raises :class:`pickle.PicklingError` naming it."""
        if REGISTERED.get(self.name) is not self:
            raise pickle.PicklingError(
                f"law book {self.name!r} is not a registered law book (auction_fsm.lawbook.BOOKS: "
                f"{', '.join(sorted(REGISTERED))}); only a registered book can be sent to another process")
        return registered_book, (self.name,)

    # --- reading the book -------------------------------------------------------------
    def states_of(self, machine: Machine) -> tuple[StateSpec, ...]:
        """The states of one machine, in book order."""
        return tuple(s for s in self.states if s.machine == machine)

    def rows_of(self, machine: Machine) -> tuple[Row, ...]:
        """The rows of one machine, in book order."""
        return tuple(r for r in self.rows if r.machine == machine)

    def state(self, name: str) -> StateSpec:
        """The phase machine's state called ``name``; :class:`LawBookError` if there is none."""
        try:
            return self._states[name]
        except KeyError:
            raise LawBookError(f"law book {self.name!r} has no state {name!r}") from None

    def option(self, state_name: str, word: str) -> Option:
        """The option ``word`` of the decision ``state_name`` (who takes it, how, what it leads
        to); :class:`LawBookError` when the book does not declare it -- a pending decision that
        offers an option its state does not declare is a fault of the book."""
        found = self.state(state_name).option(word)
        if found is None:
            raise LawBookError(f"law book {self.name!r}: the decision {state_name!r} declares no option {word!r}")
        return found

    def family(self, name: str) -> Family:
        """The family called ``name``; :class:`LawBookError` if the book does not declare it."""
        found = next((f for f in self.families if f.name == name), None)
        if found is None:
            raise LawBookError(f"law book {self.name!r} has no family {name!r}")
        return found

    @property
    def drawn_families(self) -> tuple[str, ...]:
        """The families drawn as flowcharts for people, in book order."""
        return tuple(f.name for f in self.families if f.drawn)

    def initial(self, machine: Machine) -> str:
        """The name of the machine's initial state."""
        return next(s.name for s in self.states_of(machine) if s.kind == "initial")

    def terminals(self, machine: Machine) -> frozenset[str]:
        """The names of the machine's terminal states."""
        key = f"terminals:{machine}"
        found = self.derived.get(key)
        if found is None:
            found = self.derived[key] = frozenset(
                s.name for s in self.states_of(machine) if s.kind == "terminal")
        return found  # type: ignore[return-value]

    def candidates(self, source: str, trigger: str, machine: Machine = "phase") -> tuple[Row, ...]:
        """The rows from ``source`` on ``trigger``, in book order."""
        return self._index.get((machine, source, trigger), ())

    def triggers_from(self, source: str, machine: Machine = "phase") -> tuple[str, ...]:
        """The triggers some row offers from ``source``."""
        return tuple(dict.fromkeys(t for (m, s, t) in self._index if m == machine and s == source))

    def select(self, source: str, trigger: str, ctx: Ctx, machine: Machine = "phase", *,
               strict: bool = True) -> Row | None:
        """The one row from ``source`` on ``trigger`` whose guard holds for ``ctx``, or ``None``.

        Two rows holding at once is a fault of the book, never of the input: with ``strict``
        (the default) every guard is tested and an overlap raises :class:`LawBookError` naming
        both rows; without it the first row that holds is taken (the explorer's hot path, whose
        edges the strict simulator then replays: ``verify`` finds an overlap there).
        """
        found: Row | None = None
        tested = ctx.tested if strict else None
        for r in self._index.get((machine, source, trigger), ()):
            g = r.guard
            if g is None:
                holds = True
            else:
                holds = g(ctx)
                if tested is not None:
                    tested[id(g)] = holds
            if holds:
                if not strict:
                    return r
                if found is not None:
                    raise LawBookError(f"law book {self.name!r}: two rows hold at once for "
                                       f"{ctx.event!r}: {found.label} and {r.label}")
                found = r
        return found

    def takes(self, source: str, trigger: str, ctx: Ctx, machine: Machine = "phase") -> Row | None:
        """Some row from ``source`` on ``trigger`` that takes ``ctx``, or ``None``: the first whose
        guard holds, testing a variant's coarse guard (see :class:`~.rows.Guard`) once for all
        its siblings.  For readers that need to know whether an event is taken and by which
        family of rows, not which variant (the explorer); the engine uses :meth:`select`."""
        tried: set[int] = set()
        for r in self._index.get((machine, source, trigger), ()):
            g = r.guard
            if g is None:
                return r
            coarse = g.coarse
            if coarse is not None:
                if id(coarse) in tried:
                    continue
                tried.add(id(coarse))
                if coarse(ctx):
                    return r
            elif g(ctx):
                return r
        return None

    # --- variants ---------------------------------------------------------------------
    def replace_row(self, match: Callable[[Row], bool], change: Callable[[Row], Row | None],
                    name: str | None = None) -> LawBook:
        """A new book in which each row ``match`` picks is replaced by ``change(row)`` (or
        dropped when that is ``None``); raise :class:`LawBookError` if nothing matched."""
        out: list[Row] = []
        hit = False
        for r in self.rows:
            if match(r):
                hit = True
                new = change(r)
                if new is not None:
                    out.append(new)
            else:
                out.append(r)
        if not hit:
            raise LawBookError(f"law book {self.name!r}: no row matched the change")
        return LawBook.build(name or f"{self.name}-variant", self.title + " (variant)", self.states, out,
                             self.families, self.triggers, self.reads_judged_call)

    def row_named(self, source: str, trigger: str, guard: str | None = None,
                  machine: Machine = "phase") -> Row:
        """The row from ``source`` on ``trigger`` (with guard ``guard``); for tests and tools."""
        for r in self.candidates(source, trigger, machine):
            if guard is None or (r.guard is not None and r.guard.name == guard):
                return r
        raise LawBookError(f"law book {self.name!r} has no row {source} --{trigger}[{guard}]")

    def dest_of(self, row: Row) -> str:
        """The destination of ``row`` (:data:`SAME` resolved)."""
        return row.source if row.dest == SAME else row.dest


@dataclass(frozen=True, slots=True)
class BuildProblem:
    """One thing :meth:`LawBook.build` refuses: what is wrong, the row it is about (``None`` for
    a state or the book as a whole), that row's place in the book, and the part of the book to
    change (``"row"``, ``"state"``, ``"trigger"``, ``"family"``), so that a reader listing every
    problem (:mod:`.checklist`, ``auction-fsm check-book``) can name the file to change."""

    what: str
    row: Row | None = None
    index: int = -1
    part: str = "row"
    #: Whether :attr:`message` starts with the row's place and label (``what`` may name it already).
    labelled: bool = True

    @property
    def message(self) -> str:
        """The message :meth:`LawBook.build` raises: the row's place and label, then what."""
        if self.row is None or not self.labelled:
            return self.what
        return f"row {self.index} ({self.row.label}): {self.what}"


def build_problems(states: tuple[StateSpec, ...], rows: tuple[Row, ...], families: tuple[Family, ...],
                   triggers: Mapping[str, Trigger]) -> list[BuildProblem]:
    """Everything :meth:`LawBook.build` refuses in these parts, in the order it checks them
    (empty: the parts make a book).  One list for both: ``build`` raises the first, the
    checklist reports them all."""
    out: list[BuildProblem] = []
    family_names = {f.name for f in families}
    names: dict[str, set[str]] = {}
    for s in states:
        seen = names.setdefault(s.machine, set())
        if s.name in seen:
            out.append(BuildProblem(f"state {s.name!r} declared twice in machine {s.machine!r}", part="state"))
        seen.add(s.name)
    for machine in names:
        initials = [s.name for s in states if s.machine == machine and s.kind == "initial"]
        if len(initials) != 1:
            out.append(BuildProblem(f"machine {machine!r} needs exactly one initial state, has {initials}",
                                    part="state"))
    for s in states:
        if s.parent is not None and s.parent not in names[s.machine]:
            out.append(BuildProblem(f"state {s.name!r}: unknown parent state {s.parent!r}", part="state"))
    index: dict[tuple[str, str, str], list[tuple[int, Row]]] = {}
    for i, r in enumerate(rows):
        def problem(what: str, part: str = "row", r: Row = r, i: int = i) -> None:
            out.append(BuildProblem(what, r, i, part))
        if r.machine not in names:
            problem(f"unknown machine {r.machine!r}", "state")
            continue
        for role, st in (("source", r.source), ("destination", r.target)):
            if st not in names[r.machine]:
                problem(f"unknown {role} state {st!r}", "state")
        if r.trigger not in triggers:
            problem(f"undeclared trigger {r.trigger!r}", "trigger")
        if not r.law.strip() or not r.summary.strip():
            problem("every row must cite a law and say what it does")
        if r.family not in family_names:
            problem(f"family {r.family!r} is not declared in the book", "family")
        if r.guard is not None and not r.guard.question.strip():
            problem(f"guard {r.guard.name!r} has no question for the director (give it one with ask=...)")
        index.setdefault((r.machine, r.source, r.trigger), []).append((i, r))
    for (machine, source, trigger), group in index.items():
        if len(group) > 1:
            unguarded = [(i, r) for i, r in group if r.guard is None]
            if unguarded:
                i, r = unguarded[0]
                out.append(BuildProblem(f"{machine}: {len(group)} rows from {source!r} on {trigger!r} "
                                        f"but {r.label} has no guard to tell them apart", r, i, labelled=False))
                continue
            guards = [r.guard.name for _, r in group if r.guard is not None]
            if len(set(guards)) != len(guards):
                i, r = group[-1]
                out.append(BuildProblem(f"{machine}: two rows from {source!r} on {trigger!r} share a guard",
                                        r, i, labelled=False))
    return out


#: The registered books by name, filled by :mod:`auction_fsm.lawbook` when it loads (importing
#: this module loads the package first): what a pickled book's name turns back into.
REGISTERED: dict[str, LawBook] = {}


def registered_book(name: str) -> LawBook:
    """The registered book called ``name`` (how a pickled book comes back)."""
    return REGISTERED[name]
