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

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, get_args

from ..auction import AuctionState
from ..calls import Call
from ..engine import Fired, Step, rule_in_full
from ..events import Event
from ..lawbook import LAWS_2017, LawBook, book_of
from ..lawbook.carried import carried_by, carried_calls, holed_key, substituted
from ..lawbook.facts import COMPUTE_HOOKS, SLOTS
from ..lawbook.parts import (
    AUCTION_BEFORE,
    EFFECT_ONLY,
    KEY_STEP,
    LOG,
    PARTS,
    PHASE_READS,
    STEPPED,
    UNKEYED,
    stepped_key,
    value_of,
    where,
    with_auction_kept,
)
from ..symmetry import turned, turned_event
from ..values import evolve
from .configuration import explore
from .irregular_space import IrregularSpace
from .results import ExplorationLimitError
from .scopes import scope_named

T = TypeVar("T")

__all__ = ["Sharing", "StepSharing", "measure_sharing", "measure_steps", "edges_of", "replayed", "LOGGED_CALLS", "CARRIED_COLUMNS",
           "step_key", "carried_key", "part_value", "PROJECTION_COLUMNS", "projection_key",
           "RowSharing", "measure_rows", "row_keys", "differing_parts", "FactTables", "measure_fact_tables"]


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
    #: Steps whose actions move the legal auction on by their calls without reading its value
    #: (they declare ``key_step``, none declares ``key``): keyed without the key's value in the
    #: columns "the key kept as an effect".
    stepping: int = 0
    #: The key kept as an effect: the declared facts and parts with the key's value left out of
    #: the stepping steps' keys, in full and without the log; as they are and relative to the turn.
    effect: set[Hashable] = field(default_factory=set)
    effect_without_log: set[Hashable] = field(default_factory=set)
    relative_effect: set[Hashable] = field(default_factory=set)
    relative_effect_without_log: set[Hashable] = field(default_factory=set)
    #: The soundness check of those four keys (:func:`replayed`): for each, how many steps a table
    #: so keyed answered, and the answers that disagreed with the step ruled (the stored effect
    #: applied to the step's own position), by the part (or ``rows``) that differed, with the first
    #: few described in words.
    answered: dict[str, int] = field(default_factory=dict)
    disagreements: dict[str, Counter[str]] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)
    #: The same, of the stepping steps alone (those keyed without the key's value).
    stepping_answered: dict[str, int] = field(default_factory=dict)
    stepping_disagreements: dict[str, Counter[str]] = field(default_factory=dict)
    #: Steps whose actions carry a call (:mod:`auction_fsm.lawbook.carried`), and the keys with
    #: the key kept as an effect and the carried calls left out (:data:`CARRIED_COLUMNS`), as
    #: they are and relative to the turn; checked like the others, the holes filled at replay.
    carrying: int = 0
    carried: set[Hashable] = field(default_factory=set)
    relative_carried: set[Hashable] = field(default_factory=set)
    #: Keyed as a table looked up before ruling would be (:func:`projection_key`), as they are and
    #: relative to the turn, checked like the others (:data:`PROJECTION_COLUMNS`); and relative to
    #: the turn with each part or view read left out in turn (an upper bound, not checked).
    projection: set[Hashable] = field(default_factory=set)
    relative_projection: set[Hashable] = field(default_factory=set)
    projection_left_out: dict[str, set[Hashable]] = field(default_factory=lambda: defaultdict(set))

    def share(self, keys: set[Hashable]) -> float:
        """The share of steps a table with these distinct ``keys`` would answer."""
        return 1 - len(keys) / self.steps if self.steps else 0.0


def _event_key(event: Event) -> tuple[object, ...]:
    """The event as an action reads it: its kind and fields (the seat as it is; the caller moves
    the step so that the seat is counted from the turn where it wants that)."""
    return (type(event).__name__, tuple((name, getattr(event, name))
                                        for name in getattr(event, "__dataclass_fields__", {})))


#: The columns keyed with the carried calls left out, as they are and relative to the turn.
CARRIED_COLUMNS = ("calls carried", "relative, calls carried")
#: The columns keyed as a table looked up before ruling would be, as they are and relative to the turn.
PROJECTION_COLUMNS = ("before ruling", "relative, before ruling")


#: A disagreement outside the log of a step that appended other calls to the record than the table's
#: stored step did (the answer's new entries are not the step's): the step took those calls from
#: the log (a call restored or repeated as the record holds it), which the columns without the log
#: leave out, and its key, moved on by them, or the procedure waiting on them differ in turn.
#: Counted under this name, apart from the parts, with the log's disagreements.
LOGGED_CALLS = "after other calls the log named"


@dataclass(frozen=True, slots=True)
class _Keyed:
    """One step as a table of steps sees it: what the key reads (the fired rows' facts, the first
    row, the event: ``head``; the values of the parts its actions declare reading, the key's value
    for ``key_step`` too: ``values``), whether it only steps the key (``stepping``), the calls its
    actions carry without looking at them (``carried``, :mod:`auction_fsm.lawbook.carried`), and
    the step itself (for the soundness check)."""

    head: tuple[Hashable, Hashable, Hashable]
    values: dict[str, Any]
    stepping: bool
    step: Step
    carried: dict[str, Call] = field(default_factory=dict)
    #: The view ``auction_before_call`` where a fired row reads it (:data:`~auction_fsm.lawbook.parts.AUCTION_BEFORE`):
    #: kept out of the key, put back at replay.
    before: Any = None
    #: The values of the parts and views the fired rows' facts declare reading, and of what the
    #: engine reads to find the machine state (:data:`~auction_fsm.lawbook.parts.PHASE_READS`), at
    #: the step's first position: with the event and ``values``, a key a table could look up
    #: before ruling the step (:func:`projection_key`).
    read: dict[str, Any] = field(default_factory=dict)


def step_key(state: AuctionState, event: Event) -> _Keyed:
    """What a table keyed on declarations reads of one step: its rows' facts (each fired row's
    context), the first row, the event; and the values of the parts its actions declare reading
    (the view ``key_step`` counted as the values of the key and the standing calls' facts, as a
    table that keeps no effects must)."""
    ruled = rule_in_full(state, event)
    facts: dict[str, object] = {}
    parts: set[str] = set()
    for f in ruled.fired:
        facts.update(f.ctx.facts)
        if f.row.action is not None and f.row.action.reads is not None:
            parts |= f.row.action.reads
    head = (tuple(f.row.label for f in ruled.fired[:1]), tuple(sorted(facts.items())), _event_key(event))
    names = _keyed_names(parts, False)
    carried = carried_calls(state, event, carried_by((f.row.action for f in ruled.fired), event))
    read: set[str] = set(PHASE_READS)
    for name in facts:
        declared = SLOTS[name].parts
        read |= set(PARTS) if declared is None else declared
    before = value_of(state, AUCTION_BEFORE, event) if AUCTION_BEFORE in parts | read else None
    read -= UNKEYED
    return _Keyed(head, {p: value_of(state, p, event) for p in names}, KEY_STEP in parts and not parts & STEPPED,
                  ruled, carried, before, {p: value_of(state, p, event) for p in sorted(read)})


def _keyed_names(reads: Iterable[str], as_effect: bool) -> list[str]:
    """The parts and views a table keys for ``reads``: the key's step as the parts it moves on
    (:data:`~auction_fsm.lawbook.parts.STEPPED`), no view a key never holds
    (:data:`~auction_fsm.lawbook.parts.UNKEYED`), and, ``as_effect``, nothing a stepping rule
    only moves on or puts back (:data:`~auction_fsm.lawbook.parts.EFFECT_ONLY`)."""
    names = {q for p in reads for q in (STEPPED if p == KEY_STEP else () if p in UNKEYED else (p,))}
    return sorted(names - EFFECT_ONLY if as_effect else names)


def differing_parts(answer: AuctionState, real: AuctionState) -> list[str]:
    """The parts in which a table's answer differs from the position really reached (:func:`part_value`)."""
    return [p for p in PARTS if part_value(answer, p) != part_value(real, p)]


def projection_key(k: _Keyed, leave_out: str | None = None) -> Hashable:
    """A key a table could look up *before* ruling the step: the event, and the values at the
    step's first position of the parts and views the fired rows' facts declare reading (not the
    facts' values) and of those their actions read, the auction before the acting seat's call
    among them; no row, no fact value, and nothing kept as an effect -- a row later in the chain
    asks its facts at the position the earlier rows made, so the key or the auction a change puts
    back, left out, could end the auction there or not (the replay check found that first: a pass
    over a change put back).  Sound for the same reason as the facts' key: a fact is a function of
    what it declares, a row of its group's facts.  What it costs is the values the facts collapse
    (whether the auction has ended, where the whole key is read).  ``leave_out``: one part or view
    left out (an upper bound on what narrowing it would give, not sound as such)."""
    return (k.head[2], k.before if leave_out != AUCTION_BEFORE else None,
            tuple((p, v) for p, v in k.values.items() if p != leave_out),
            tuple((p, v) for p, v in k.read.items() if p != leave_out))


def carried_key(k: _Keyed) -> Hashable:
    """``k``'s key with the key kept as an effect (:func:`_effect_key`, the log in) and the calls
    its actions carry made holes: each carried call, wherever it stands in what the key holds (the
    event, the facts, the parts' values, and as a word inside the procedure's facts and the
    rulings), becomes a numbered hole, so that two steps with equal keys hold their carried calls
    at the same places and every other call alike, and filling the holes (:func:`replayed`) can
    replace no call that merely happened to be equal."""
    if not k.carried:
        return _effect_key(k, True)
    return holed_key(_effect_key(k, True), k.carried.values(), k.values.get("key"))


def _add(keys: list[_Keyed], full: set[Hashable], without_log: set[Hashable],
         left_out: dict[str, set[Hashable]]) -> None:
    for k in keys:
        full.add((k.head, tuple(k.values.items())))
        without_log.add((k.head, tuple((p, v) for p, v in k.values.items() if p not in LOG)))
    for left in {p for k in keys for p in k.values} - LOG:
        left_out[left] = {(k.head, tuple((p, v) for p, v in k.values.items() if p != left and p not in LOG))
                          for k in keys}


def _effect_key(k: _Keyed, log: bool) -> Hashable:
    """``k``'s key with the values of the key and the standing calls' facts left out if the step
    only moves them on (the table then keeps them as an effect), and the log left out unless
    ``log``."""
    return (k.head, k.stepping, tuple((p, v) for p, v in k.values.items()
                                      if (log or p not in LOG) and not (k.stepping and p in EFFECT_ONLY)))


def _same(value: T) -> T:
    return value


def _changed_log(before: Sequence[Any], after: Sequence[Any], own: Sequence[Any],
                 sub: Callable[[Any], Any] = _same) -> tuple[Any, ...]:
    """A log (the record, the rulings) changed as the step from ``before`` to ``after`` changed it,
    applied to ``own``: the entries it changed counted from the end, and the entries it appended
    (what the step wrote passed through ``sub``: the carried calls' holes filled)."""
    out = list(own)
    n = len(before)
    for i in range(min(n, len(after))):
        if after[i] != before[i]:
            j = len(out) - (n - i)
            if 0 <= j < len(out):
                out[j] = _changed_fields(before[i], after[i], out[j], sub)
    return (*out, *(sub(after[i]) for i in range(n, len(after))))


def replayed(stored: Step, own: AuctionState, calls: Mapping[Call, Call] | None = None,
             before: tuple[Any, Any] = (None, None)) -> AuctionState:
    """The stored step's change applied to position ``own`` (what a table keeping the key as an
    effect answers there): the record and rulings changed as the stored step changed them (the
    entries it changed counted from the end, those it appended); the legal auction moved on from
    ``own``'s key by the calls appended that stand, or rebuilt from the record where a call's
    status changed (:func:`~auction_fsm.lawbook.parts.stepped_key`); the irregularities counted on
    by as many; every other part the stored step changed takes its new value, the others stay
    ``own``'s.  ``calls`` fills the holes of carried calls: each stored call is replaced by
    ``own``'s in what the stored step changed (:func:`~auction_fsm.lawbook.carried.substituted`).
    ``before``: the stored step's and ``own``'s values of the view ``auction_before_call``
    (:data:`~auction_fsm.lawbook.parts.AUCTION_BEFORE`), which the stored step kept as the auction
    its change of call puts back: ``own``'s is kept there instead."""
    b0, a0 = stored.before, stored.after
    mapping = dict(calls or {})

    def sub(value: T) -> T:
        return substituted(value, mapping) if mapping else value
    values: dict[str, Any] = {}
    for name in PARTS:
        old, new = getattr(b0, name), getattr(a0, name)
        if name in LOG:
            values[name] = _changed_log(old, new, getattr(own, name), sub)
        elif name == "incidents":
            values[name] = own.incidents + new - old
        elif name == "pending" and old is not None and new is not None and own.pending is not None:
            values[name] = _changed_fields(old, new, own.pending, sub)
        elif name != "key" and name != "standing_facts":
            values[name] = getattr(own, name) if old is new or old == new else sub(new)
    values["pending"] = with_auction_kept(values["pending"], *before)
    moved = evolve(own, **values)
    key, facts = stepped_key(own, moved)
    return evolve(moved, key=key, standing_facts=facts)


def _changed_fields(before: T, after: T, own: T, sub: Callable[[Any], Any] = _same) -> T:
    """A value (a waiting procedure, an entry of the record) changed as the step from ``before``
    to ``after`` changed it, applied to ``own``: the fields it changed take their new values, the
    others stay ``own``'s (a rule that reads only the procedure's view keeps the call it finds; a
    call cancelled keeps its own seat and call).  A value of another kind is replaced whole."""
    if not (dataclasses.is_dataclass(after) and type(before) is type(after) is type(own)):
        return sub(after)  # type: ignore[no-any-return]
    changes = {f.name: sub(getattr(after, f.name)) for f in dataclasses.fields(after)
               if getattr(after, f.name) != getattr(before, f.name)}
    return evolve(own, **changes)


def part_value(state: AuctionState, name: str) -> Any:
    """Part ``name`` of ``state`` as a table's answer is compared with the step ruled (a log as a
    tuple: a record and a list of rulings holding the same entries are the same)."""
    value = getattr(state, name)
    return tuple(value) if name in LOG else value


def _check(table: dict[Hashable, _Keyed], key: Hashable, this: _Keyed, name: str, out: StepSharing,
           carrying: bool = False) -> None:
    """Answer step ``this`` from ``table`` if its key was met, and compare the answer with the
    step ruled (counted for the stepping steps apart too, their first disagreements described
    apart).  With ``carrying`` (the calls the step's actions carry left out of ``key``), the
    stored step's carried calls are replaced by this step's in the answer; the auction a change of
    call puts back, taken from the acting seat's call, always is (:func:`replayed`)."""
    ruled, stepping = this.step, this.stepping
    first = table.setdefault(key, this)
    stored = first.step
    if stored is ruled:
        return
    mapping = {first.carried[n]: c for n, c in this.carried.items() if n in first.carried} if carrying else {}
    differ: list[tuple[str, str]] = []
    labels = [f.row.label for f in ruled.fired]
    if [f.row.label for f in stored.fired] != labels:
        differ.append(("rows", f"rows {labels} ruled, the table's {[f.row.label for f in stored.fired]}"))
    else:
        answer = replayed(stored, ruled.before, mapping, (first.before, this.before))
        n = len(ruled.before.record)
        other_calls = tuple(answer.record[n:]) != tuple(ruled.after.record[n:])
        for part in differing_parts(answer, ruled.after):
            named = LOGGED_CALLS if other_calls and part not in LOG else part
            what = f"part {part!r}: the table's effect gives {part_value(answer, part)!r}, the step {part_value(ruled.after, part)!r}"
            differ.append((named, what))
    for column, answered, disagreements in ((name, out.answered, out.disagreements),
                                            (f"{name}, keeping the key as an effect", out.stepping_answered,
                                             out.stepping_disagreements))[:1 + stepping]:
        answered[name] = answered.get(name, 0) + 1
        disagreements.setdefault(name, Counter()).update({part for part, _ in differ})  # steps, by part
        told = out.examples.setdefault(column, [])
        for _, what in differ[:max(0, 3 - len(told))]:
            told.append(f"{ruled.event.describe()} after "
                        f"{' '.join(str(r.call) for r in ruled.before.record) or '-'}: {what}")


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
    position.

    The columns *the key kept as an effect* key a step whose actions declare the view
    ``key_step`` and none the key (:data:`~auction_fsm.lawbook.parts.KEY_STEP`: they read the
    legal auction only to move it on by their calls) without the key's value, with the log and
    without it.  Each is checked in the same run: a step whose key was met before is answered by
    the first step met with that key, its change applied to this position (:func:`replayed`), and
    the rows and every part compared with the step ruled; the disagreements are counted by part,
    for all answered steps and for the stepping ones apart (:data:`LOGGED_CALLS` for a step that
    took other calls from the log)."""
    out = StepSharing(scope)
    absolute: list[_Keyed] = []
    relative: list[_Keyed] = []
    columns = (("effect", True, False), ("effect without the log", False, False),
               ("relative effect", True, True), ("relative effect without the log", False, True))
    tables: dict[str, dict[Hashable, _Keyed]] = {
        name: {} for name in (*(c for c, _, _ in columns), *CARRIED_COLUMNS, *PROJECTION_COLUMNS)}
    keyed = {"effect": out.effect, "effect without the log": out.effect_without_log,
             "relative effect": out.relative_effect,
             "relative effect without the log": out.relative_effect_without_log,
             CARRIED_COLUMNS[0]: out.carried, CARRIED_COLUMNS[1]: out.relative_carried,
             PROJECTION_COLUMNS[0]: out.projection, PROJECTION_COLUMNS[1]: out.relative_projection}
    for n, (state, event) in enumerate(edges, 1):
        out.steps += 1
        out.positions.add((state, event))
        k = -(state.key & 3)
        pair = step_key(state, event), step_key(turned(state, k), turned_event(event, k))
        absolute.append(pair[0])
        relative.append(pair[1])
        out.stepping += pair[0].stepping
        for name, log, moved in columns:
            this = pair[moved]
            key = _effect_key(this, log)
            keyed[name].add(key)
            _check(tables[name], key, this, name, out)
        out.carrying += bool(pair[0].carried)
        for name, this in zip(CARRIED_COLUMNS, pair):
            key = carried_key(this)
            keyed[name].add(key)
            _check(tables[name], key, this, name, out, carrying=True)
        for name, this in zip(PROJECTION_COLUMNS, pair):
            key = projection_key(this)
            keyed[name].add(key)
            _check(tables[name], key, this, name, out)
        if progress is not None:
            progress(n)
    _add(absolute, out.full, out.without_log, out.left_out)
    _add(relative, out.relative, out.relative_without_log, out.relative_left_out)
    for left in {p for k in relative for p in (*k.values, *k.read, *((AUCTION_BEFORE,) if k.before else ()))}:
        out.projection_left_out[left] = {projection_key(k, left) for k in relative}
    return out


_EVENT_TYPES = get_args(Event)


@dataclass
class RowSharing:
    """What tables filled row by row would share (see :func:`measure_rows`)."""

    scope: str
    steps: int = 0
    rows: int = 0
    #: Distinct keys of the rows' selections, of their actions, and of both together.
    selections: set[Hashable] = field(default_factory=set)
    actions: set[Hashable] = field(default_factory=set)
    both: set[Hashable] = field(default_factory=set)
    answered: int = 0
    #: Rows a table answered whose answer differed from the row fired, by part (or ``rows``).
    disagreements: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    def share(self, keys: set[Hashable]) -> float:
        """The share of fired rows a table with these distinct ``keys`` would answer."""
        return 1 - len(keys) / self.rows if self.rows else 0.0


def row_keys(fired: Fired) -> tuple[Hashable, Hashable, dict[str, Call], Any]:
    """What tables filled row by row key one fired row on, at the row's own position (the one the
    earlier rows of the step made): its selection, by the machine state, the trigger and the facts
    its group's guards and the classifier read there; and its action, by the action, the event or
    follow-up it was given and the values of the parts the action declares reading (the key kept
    as an effect where it only moves it on); with the calls the action carries and the auction
    before the acting seat's call (put back at replay).  Where the action carries calls, its key
    holds the selection's too, every carried call made a hole in both (the check found a fact's
    value equal to a carried call, filled as if it were the hole, first).  Tables keyed on
    (selection, action) are told apart as finely as the pair."""
    row, ctx = fired.row, fired.ctx
    selection = (row.machine, row.source, row.trigger, tuple(sorted(ctx.facts.items())))
    action = row.action
    if action is None:
        return selection, None, {}, None
    reads = action.reads if action.reads is not None else frozenset(PARTS)
    stepping = KEY_STEP in reads and not reads & STEPPED
    names = _keyed_names(reads - {KEY_STEP}, stepping)  # (the key's step is applied at replay)
    values = {p: value_of(ctx.state, p, ctx.event) for p in names}
    event = ctx.event
    # a row fired by a follow-up keeps its call in the key whole (only an event's calls are carried)
    carried = carried_calls(ctx.state, event, carried_by([action], event)) if isinstance(event, _EVENT_TYPES) else {}
    keyed = (where(action), _event_key(ctx.event), tuple(values.items()))  # type: ignore[arg-type]
    before = value_of(ctx.state, AUCTION_BEFORE, ctx.event) if AUCTION_BEFORE in reads else None
    if not carried:
        return selection, keyed, carried, before
    # the facts too: a fact's value equal to a carried call (the bid a held call is insufficient
    # over, equal to the call made over it) must not be filled as if it were the hole
    holed = holed_key((selection, keyed), carried.values(), values.get("key"))
    return selection, holed, carried, before


def measure_rows(scope: str, edges: Iterable[tuple[AuctionState, Event]],
                 progress: Callable[[int], None] | None = None) -> RowSharing:
    """Rule every edge again, moved so that the player whose turn it is sits North, and count how
    many fired rows tables filled row by row would answer (:func:`row_keys`): each row's key
    met before.  Checked in the same run: a row answered is replayed from the first row met with
    its key (that row's change applied to this row's own position, :func:`replayed`) and every part
    compared with the position the row made.  What a row hands on (its follow-ups) is not compared
    here: the next row's key holds it."""
    out = RowSharing(scope)
    table: dict[Hashable, tuple[Fired, dict[str, Call], Any]] = {}
    for n, (state, event) in enumerate(edges, 1):
        k = -(state.key & 3)
        out.steps += 1
        for fired in rule_in_full(turned(state, k), turned_event(event, k)).fired:
            out.rows += 1
            selection, action_key, carried, before = row_keys(fired)
            out.selections.add(selection)
            out.actions.add(action_key)
            key = (selection, action_key)
            out.both.add(key)
            first, calls, first_before = table.setdefault(key, (fired, carried, before))
            if first is fired:
                continue
            out.answered += 1
            if first.row.label != fired.row.label:
                out.disagreements["rows"] += 1
                continue
            stored = Step(event, first.ctx.state, first.after, (first,))
            mapping = {calls[name]: c for name, c in carried.items() if name in calls}
            answer = replayed(stored, fired.ctx.state, mapping, (first_before, before))
            for part in differing_parts(answer, fired.after):
                out.disagreements[part] += 1
                if len(out.examples) < 3:
                    out.examples.append(f"row {fired.row.label}: part {part!r}: the table gives "
                                        f"{part_value(answer, part)!r}, the row {part_value(fired.after, part)!r}")
        if progress is not None:
            progress(n)
    return out



@dataclass
class FactTables:
    """What tables of the facts themselves would share while a scope is explored (see
    :func:`measure_fact_tables`), fact by fact."""

    scope: str
    configurations: int = 0
    #: How often each fact was computed (once per context that read it).
    computed: Counter[str] = field(default_factory=Counter)
    #: The distinct (event, values of the parts the fact declares) met, by fact.
    keys: dict[str, set[Hashable]] = field(default_factory=lambda: defaultdict(set))
    #: The distinct values of the parts the fact declares, the event left out, by fact.
    parts: dict[str, set[Hashable]] = field(default_factory=lambda: defaultdict(set))
    #: The distinct values the fact took, by fact.
    values: dict[str, set[Hashable]] = field(default_factory=lambda: defaultdict(set))

    def share(self, name: str | None = None) -> float:
        """The computations of fact ``name`` (of every fact: ``None``) a table keyed on the event and
        the values of the parts the fact declares would answer, their key met before."""
        names = [name] if name is not None else list(self.computed)
        done = sum(self.computed[n] for n in names)
        return 1 - sum(len(self.keys[n]) for n in names) / done if done else 0.0


def measure_fact_tables(scope: str, configurations: int, book: LawBook = LAWS_2017) -> FactTables:
    """Explore the first ``configurations`` of ``scope`` (breadth first, the book asked at every
    configuration: no selection tables) and note every fact computed, with the event and the values
    of the parts the fact declares it is computed from (:attr:`~auction_fsm.lawbook.facts.Slot.parts`):
    what a table of each fact keyed on those would share, the next step after the tables of the
    book's decisions (docs/verification.md, *What the explorer of tables needs next*).  A fact that
    declares no parts is keyed on the position itself.  A count, not a timing."""
    out = FactTables(scope)

    def note(name: str, fn: Callable[[Any], Hashable], ctx: Any) -> Hashable:
        value = fn(ctx)
        declared = SLOTS[name].parts
        state, event = ctx.state, ctx.event
        held = (tuple(value_of(state, p, event) for p in sorted(declared)) if declared is not None
                else ("the position", state))
        out.computed[name] += 1
        out.keys[name].add((event, held))
        out.parts[name].add(held)
        out.values[name].add(value)
        return value
    space = IrregularSpace(scope_named(scope).narrowed(agreement="off"), agreement="off", name=scope,
                           book=book, tables=False)
    COMPUTE_HOOKS.append(note)
    try:
        try:
            explore(space, max_states=configurations)
        except ExplorationLimitError:
            pass
    finally:
        COMPUTE_HOOKS.remove(note)
    out.configurations = space.found()
    return out
