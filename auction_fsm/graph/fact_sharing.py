"""How much a table keyed on the guards' declared facts would share: the gate before an explorer
of tables (issue "The position as named facts", item 3).

Each edge of a scope is ruled again by the engine.  Every row it fires was *selected*: the book
tested the guards of the rows sharing that row's machine state and trigger (its *group*) and one
held.  When every guard of the group declares the facts it reads (:mod:`auction_fsm.lawbook.facts`),
the selection is a function of those facts alone, so a table keyed on (group, the facts the
guards read) answers it once per distinct key.  When a guard of the group does not declare its
reads yet, it reads the whole position, and the only safe key is the position and the event
themselves.  The *share* is the fraction of selections a table would answer because their key was
met before: ``1 - distinct keys / selections``.

The key covers the trigger too: the engine classifies the event in the very context it then
selects the row in (:func:`~auction_fsm.lawbook.classify.classify_in`), and the classifier
decides on declared facts as the guards do, so ``fired.ctx.facts`` holds the facts the
classifier read beside the guards'.  The trigger is then a function of the machine state and
those facts; :func:`measure_sharing` checks it, counting as a conflict two selections with the
same machine state and the same facts that had different triggers (or rows).

The baseline, measured in the same run, is the share keyed on the position and the event for
every selection (what a table can share when nothing is declared).

:func:`measure_sharing` measures the selection half of a step; :func:`measure_steps` the whole
step, keyed on the parts of the position the fired rows' actions declare reading as well
(:mod:`auction_fsm.lawbook.parts`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..auction import AuctionState
from ..engine import Fired, rule_in_full
from ..events import Event
from ..lawbook import LAWS_2017, LawBook, book_of
from ..lawbook.parts import LOG, value_of
from ..symmetry import turned, turned_event
from .irregular_space import IrregularSpace
from .scopes import scope_named

__all__ = ["Sharing", "StepSharing", "measure_sharing", "measure_steps", "edges_of"]


@dataclass
class Sharing:
    """What one scope's selections share (see the module's docstring)."""

    scope: str
    edges: int = 0
    selections: int = 0
    #: Selections whose group's guards all declare their reads.
    declared: int = 0
    keys: set[Hashable] = field(default_factory=set)
    positions: set[Hashable] = field(default_factory=set)
    #: Selections and distinct keys by family of the row selected.
    by_family: dict[str, list[int]] = field(default_factory=dict)
    #: Guards met that declare nothing, by how many selections they made undeclared.
    undeclared: Counter[str] = field(default_factory=Counter)
    #: Distinct values each slot took over the declared selections.
    slot_values: dict[str, set[Hashable]] = field(default_factory=lambda: defaultdict(set))
    #: Equal keys that selected different rows, or equal facts at one machine state that the
    #: classifier gave different triggers: a declaration too narrow (should be none; a guard or
    #: the classifier cannot read what it did not declare, so one would point at a slot whose
    #: value does not say all it should).
    conflicts: list[str] = field(default_factory=list)

    @property
    def share(self) -> float:
        """The share of selections a table keyed on declared facts would answer."""
        return 1 - len(self.keys) / self.selections if self.selections else 0.0

    @property
    def baseline(self) -> float:
        """The share keyed on the whole position and event, for every selection."""
        return 1 - len(self.positions) / self.selections if self.selections else 0.0


def edges_of(scope: str, limit: int, book: LawBook = LAWS_2017) -> list[tuple[AuctionState, Event]]:
    """The first ``limit`` edges of ``scope`` under ``book``, breadth first, as (position, event)."""
    space = IrregularSpace(scope_named(scope).narrowed(agreement="off"), agreement="off", name=scope, book=book)
    edges: list[tuple[AuctionState, Event]] = []
    queue = list(space.initial_states())
    seen = set(queue)
    for key in queue:
        labels, targets = space.successors(key)
        state = space.state_of(key)
        edges.extend((state, e) for e in labels)
        if len(edges) >= limit:
            break
        for t in targets:
            if t not in seen:
                seen.add(t)
                queue.append(t)
    return edges[:limit]


def _group_declared(book: LawBook, fired: Fired) -> list[str]:
    """The guards of the fired row's group that declare nothing (empty: all declare)."""
    row = fired.row
    return [r.guard.name for r in book.candidates(row.source, row.trigger, row.machine)
            if r.guard is not None and r.guard.reads is None]


def measure_sharing(scope: str, edges: Iterable[tuple[AuctionState, Event]],
                    progress: Callable[[int], None] | None = None) -> Sharing:
    """Rule every edge again in full and count what a table keyed on declared facts would share."""
    out = Sharing(scope)
    answered: dict[Hashable, str] = {}
    triggered: dict[Hashable, tuple[str, str]] = {}  # (machine, source, facts) -> (trigger, row)
    for n, (state, event) in enumerate(edges, 1):
        book = book_of(state)
        out.edges += 1
        for fired in rule_in_full(state, event).fired:
            row = fired.row
            group = (row.machine, row.source, row.trigger)
            out.selections += 1
            out.positions.add((group, fired.ctx.state, fired.ctx.event))
            missing = _group_declared(book, fired)
            fam = out.by_family.setdefault(row.family, [0, 0])
            fam[0] += 1
            if missing:
                out.undeclared.update(missing)
                key: Hashable = ("position", group, fired.ctx.state, fired.ctx.event)
            else:
                out.declared += 1
                facts = tuple(sorted(fired.ctx.facts.items()))
                for name, value in facts:
                    out.slot_values[name].add(value)
                key = ("facts", group, facts)
                where = (row.machine, row.source, facts)
                seen = triggered.setdefault(where, (row.trigger, row.label))
                if seen != (row.trigger, row.label):
                    out.conflicts.append(f"{where[:2]}: the same facts gave trigger {seen[0]} ({seen[1]}) "
                                         f"and {row.trigger} ({row.label})")
            if key not in out.keys:
                out.keys.add(key)
                fam[1] += 1
                answered[key] = row.label
            elif answered[key] != row.label:
                out.conflicts.append(f"{group}: the same facts selected {answered[key]} and {row.label}")
        if progress is not None:
            progress(n)
    return out


@dataclass
class StepSharing:
    """What whole steps would share keyed on their chains' declarations (see :func:`measure_steps`)."""

    scope: str
    steps: int = 0
    #: Distinct keys: the declared facts and parts in full; without the log; the position and event.
    full: set[Hashable] = field(default_factory=set)
    without_log: set[Hashable] = field(default_factory=set)
    positions: set[Hashable] = field(default_factory=set)
    #: For each part other than the log some fired action declares reading: the distinct keys
    #: with the log and that part left out.
    left_out: dict[str, set[Hashable]] = field(default_factory=lambda: defaultdict(set))
    #: The same keys taken from the step moved so that the player whose turn it is sits North
    #: (:func:`auction_fsm.symmetry.relative_to_turn`): in full, without the log, and without the
    #: log and each other part in turn.
    relative: set[Hashable] = field(default_factory=set)
    relative_without_log: set[Hashable] = field(default_factory=set)
    relative_left_out: dict[str, set[Hashable]] = field(default_factory=lambda: defaultdict(set))

    def share(self, keys: set[Hashable]) -> float:
        """The share of steps a table with these distinct ``keys`` would answer."""
        return 1 - len(keys) / self.steps if self.steps else 0.0


def _event_key(event: Event) -> tuple[object, ...]:
    """The event as an action reads it: its kind and fields (the seat as it is; the caller moves
    the step so that the seat is counted from the turn where it wants that)."""
    return (type(event).__name__, tuple((name, getattr(event, name))
                                        for name in getattr(event, "__dataclass_fields__", {})))


def _step_key(state: AuctionState, event: Event) -> tuple[Hashable, dict[str, Any]]:
    """What a table keyed on declarations reads of one step: its rows' facts (each fired row's
    context), the first row, the event; and the values of the parts its actions declare reading."""
    fired = rule_in_full(state, event).fired
    facts: dict[str, object] = {}
    parts: set[str] = set()
    for f in fired:
        facts.update(f.ctx.facts)
        if f.row.action is not None and f.row.action.reads is not None:
            parts |= f.row.action.reads
    head = (tuple(f.row.label for f in fired[:1]), tuple(sorted(facts.items())), _event_key(event))
    return head, {p: value_of(state, p) for p in sorted(parts)}


def _add(keys: list[tuple[Hashable, dict[str, Any]]], full: set[Hashable], without_log: set[Hashable],
         left_out: dict[str, set[Hashable]]) -> None:
    for head, values in keys:
        full.add((head, tuple(values.items())))
        without_log.add((head, tuple((p, v) for p, v in values.items() if p not in LOG)))
    for left in {p for _, values in keys for p in values} - LOG:
        left_out[left] = {(head, tuple((p, v) for p, v in values.items() if p != left and p not in LOG))
                          for head, values in keys}


def measure_steps(scope: str, edges: Iterable[tuple[AuctionState, Event]],
                  progress: Callable[[int], None] | None = None) -> StepSharing:
    """Rule every edge again and count how many whole steps a table would answer if a step were
    keyed on what its rows declare: the facts their guards and the classifier read (each fired
    row's context), the values of the parts of the position their actions declare reading, and
    the event.  Also with the log left out of the key (what sharing the parts other than the log
    would allow: an upper bound for a position whose rules read small stored facts instead of the
    record), and with the log and each other part left out in turn (the parts that stop sharing
    most once the log is no longer read).  Every action declares its parts, so the key is sound
    as it is, and each figure without a part says what storing that part otherwise could at most
    give.

    Each figure is measured twice: on the step as it is (seats as they are), and on the step
    moved so that the player whose turn it is sits North (:mod:`auction_fsm.symmetry`).  The
    second is sound because the Laws rule a moved step the same way, moved, which
    ``tests/test_symmetry.py`` checks: one table entry then serves a situation at every table
    position."""
    out = StepSharing(scope)
    absolute: list[tuple[Hashable, dict[str, Any]]] = []
    relative: list[tuple[Hashable, dict[str, Any]]] = []
    for n, (state, event) in enumerate(edges, 1):
        out.steps += 1
        out.positions.add((state, event))
        absolute.append(_step_key(state, event))
        k = -(state.key & 3)
        relative.append(_step_key(turned(state, k), turned_event(event, k)))
        if progress is not None:
            progress(n)
    _add(absolute, out.full, out.without_log, out.left_out)
    _add(relative, out.relative, out.relative_without_log, out.relative_left_out)
    return out
