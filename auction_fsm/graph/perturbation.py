"""The declared reads checked by changing what a step does not declare reading (issue 37, item 2).

The audit of :mod:`auction_fsm.lawbook.parts` watches every part an action or a fact looks up
on a watched copy of the position.  It cannot see a read that goes round the copy (a cache
keyed on a part, a global, a lookup through the slots' own descriptors), nor one made by the
engine between rows.  This check looks from the other side, as a model checker's dependency
matrix is checked: take a step, find every part none of its rows declares reading (the facts
its guards and the classifier read, :attr:`Slot.parts`; its actions' ``reads``), give each such
part in turn another value met in the same exploration, and rule the step again.  The rows
fired and every part of the position after must be what they were, except:

* the changed part itself, which must keep the new value when no action writes it, end as
  before when an action overwrites it, and, for the log (record, rulings), keep the new value
  as its beginning and end with what the step added;
* :data:`ENGINE_PARTS`, which the engine itself keeps (the book it rules by, its count of
  irregularities and their first offender): never changed here.

A difference names the step's first row and the part: ``rows X ... depend on part 'exposed',
which none of them declares reading``.  It proves less than the audit on what it covers (only
the values it tries), but covers what the audit cannot see.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..auction import AuctionState
from ..engine import Step, rule_in_full
from ..errors import AuctionFsmError
from ..events import Event
from ..lawbook.facts import SLOTS
from ..lawbook.parts import KEY_STEP, LOG, PARTS, PHASE_READS, action_reads, as_parts
from ..lawbook.words_only import WORDED, reworded, without_words

__all__ = ["ENGINE_PARTS", "Perturbations", "step_reads", "step_writes", "donors", "check_step", "check_edges",
           "check_words"]

#: Parts the engine keeps itself rather than a rule: never given another value by the check.
ENGINE_PARTS = frozenset({"book", "incidents", "first_offender"})
_ALL = frozenset(PARTS)


def step_reads(step: Step) -> frozenset[str]:
    """Every part a step's rows declare reading: what the engine reads to find the machine state
    the rows are selected from (:data:`~auction_fsm.lawbook.parts.PHASE_READS`), the parts of each
    fact in their contexts (the classifier's and the guards'), and each action's reads (all parts for a fact or action that
    declares nothing); a view read (whose turn it is) counts as its whole part, since this check
    changes whole parts."""
    parts: set[str] = set(as_parts(PHASE_READS))  # the machine state the rows are selected from
    for fired in step.fired:
        for name in fired.ctx.facts:
            declared = SLOTS[name].parts
            parts |= _ALL if declared is None else as_parts(declared)
        action = fired.row.action
        if action is not None:
            reads = action_reads(action)
            parts |= _ALL if reads is None else as_parts(reads)
            if action.reads is not None and KEY_STEP in action.reads:
                parts.add("standing_facts")  # moved on with the key, call by call, as an effect
    return frozenset(parts)


def step_writes(step: Step) -> frozenset[str]:
    """Every part a step's actions declare they may write."""
    parts: set[str] = set()
    for fired in step.fired:
        action = fired.row.action
        if action is not None:
            parts |= _ALL if action.writes is None else action.writes
    return frozenset(parts)


def donors(states: Iterable[AuctionState], per_part: int = 6) -> dict[str, list[Any]]:
    """Up to ``per_part`` distinct values of each part met among ``states``, in the order met:
    the values the check gives a part (values a real position holds, so the changed position is
    one an exploration could meet, part by part)."""
    out: dict[str, list[Any]] = {p: [] for p in PARTS if p not in ENGINE_PARTS}
    seen: dict[str, set[Hashable]] = {p: set() for p in out}
    for state in states:
        for part, values in out.items():
            if len(values) >= per_part:
                continue
            value = getattr(state, part)
            key = tuple(value) if not isinstance(value, Hashable) else value
            if key not in seen[part]:
                seen[part].add(key)
                values.append(value)
    return out


def _same(a: Any, b: Any) -> bool:
    return a is b or a == b or (isinstance(a, Sequence) and isinstance(b, Sequence)
                                and not isinstance(a, str) and tuple(a) == tuple(b))


def _part_fault(part: str, before: Any, changed_to: Any, after: Any, changed_after: Any, written: bool) -> bool:
    """Whether the changed part ended wrongly (see the module's docstring)."""
    if part in LOG and written:
        old, new = tuple(before), tuple(changed_to)
        return not (tuple(changed_after)[:len(new)] == new
                    and tuple(changed_after)[len(new):] == tuple(after)[len(old):])
    if written:
        return not _same(changed_after, after) and not _same(changed_after, changed_to)
    return not _same(changed_after, changed_to)


def check_step(state: AuctionState, event: Event, values: dict[str, list[Any]], salt: int = 0,
               tried: list[str] | None = None) -> list[str]:
    """Rule ``event`` at ``state``, then again with each part its rows do not declare reading
    given another of ``values`` (chosen by ``salt``); the faults found, in words (empty: none).
    Each part given another value is added to ``tried``.  A refused event is not checked (no
    rows fired)."""
    try:
        step = rule_in_full(state, event)
    except AuctionFsmError:
        return []
    reads, writes = step_reads(step), step_writes(step)
    rows = [f.row.label for f in step.fired]
    faults = []
    for part, choices in values.items():
        if part in reads:
            continue
        current = getattr(state, part)
        others = [v for v in choices if not _same(v, current)]
        if not others:
            continue
        other = others[salt % len(others)]
        changed = dataclasses.replace(state, **{part: other})
        if tried is not None:
            tried.append(part)
        where = f"rows {' / '.join(rows) or '(none)'} on {event.describe()}"
        try:
            again = rule_in_full(changed, event)
        except AuctionFsmError as exc:
            faults.append(f"{where} depend on part {part!r}, which none of them declares reading: "
                          f"with another value the event is refused ({exc})")
            continue
        if [f.row.label for f in again.fired] != rows:
            faults.append(f"{where} depend on part {part!r}, which none of them declares reading: "
                          f"with another value the rows are {[f.row.label for f in again.fired]}")
            continue
        for name in PARTS:
            a, b = getattr(step.after, name), getattr(again.after, name)
            if name == part:
                bad = _part_fault(part, current, other, a, b, part in writes)
            else:
                bad = not _same(a, b)
            if bad:
                faults.append(f"{where} depend on part {part!r}, which none of them declares reading: "
                              f"changing it changed {name!r} after the step")
                break
    return faults


@dataclass
class Perturbations:
    """What :func:`check_edges` did: steps checked, steps ruled again with a part changed (by
    part), and the faults found."""

    steps: int = 0
    changes: Counter[str] = field(default_factory=Counter)
    faults: list[str] = field(default_factory=list)


def check_edges(edges: Iterable[tuple[AuctionState, Event]], values: dict[str, list[Any]]) -> Perturbations:
    """:func:`check_step` on every edge, the other values taken from ``values`` (:func:`donors`)."""
    out = Perturbations()
    for n, (state, event) in enumerate(edges):
        out.steps += 1
        tried: list[str] = []
        out.faults.extend(check_step(state, event, values, salt=n, tried=tried))
        out.changes.update(tried)
    return out


def check_words(state: AuctionState, event: Event, laws: Sequence[str], calls: Sequence[Any],
                salt: int = 0) -> list[str]:
    """Rule ``event`` at ``state``, then again with the words the rules read only to word rulings
    changed (:mod:`auction_fsm.lawbook.words_only`: each obligation's and 26B right's law, each
    right's withdrawn call, given another of ``laws`` and ``calls``); the faults found, in words
    (empty: none).  The same rows must fire, or the event be refused again, and every part after
    the step must be the same, but the rulings and, in the parts holding them, the words
    themselves (compared with the words left out, :func:`~auction_fsm.lawbook.words_only.without_words`)."""
    changes = {part: reworded(part, getattr(state, part), laws, calls, salt) for part in WORDED}
    changes = {part: value for part, value in changes.items() if value != getattr(state, part)}
    if not changes:
        return []
    changed = dataclasses.replace(state, **changes)
    words = " and ".join(WORDED[p] for p in changes)
    try:
        step = rule_in_full(state, event)
    except AuctionFsmError as exc:
        try:
            rule_in_full(changed, event)
        except AuctionFsmError as refused:
            if type(refused) is type(exc):
                return []
        return [f"{event.describe()} is refused ({exc}), but not alike once {words} change"]
    rows = [f.row.label for f in step.fired]
    where = f"rows {' / '.join(rows) or '(none)'} on {event.describe()}"
    try:
        again = rule_in_full(changed, event)
    except AuctionFsmError as exc:
        return [f"{where} read {words} for more than words: with others the event is refused ({exc})"]
    if [f.row.label for f in again.fired] != rows:
        fired = [f.row.label for f in again.fired]
        return [f"{where} read {words} for more than words: with others the rows are {fired}"]
    for name in PARTS:
        if name == "rulings":
            continue
        a, b = getattr(step.after, name), getattr(again.after, name)
        if not _same(without_words(name, a), without_words(name, b)):
            return [f"{where} read {words} for more than words: changing them changed {name!r} after the step"]
    return []
