"""A row and the rows its follow-ups may fire, with one read set: known from the declarations alone.

One event at the table can fire a chain of rows: a pass out of rotation is held (Law 30), the
call that accepts it stands and meets a waiting rectification, the end of the auction is
settled (17D3) and declarer's options open (26B).  Each row's guard declares the facts it reads
(:mod:`.facts`), each action the parts of the position it reads and writes and the kinds of
follow-up it emits (:mod:`.parts`), and the classifier says which triggers each kind of
follow-up may get (:func:`.classify.triggers_of_kind`).  So, without running anything, the rows
that may follow a row are those whose trigger its follow-ups may get, from the state it leaves
the table in or from one a row of the chain leaves it in; and the chain reads the union of
what they read.  A row is selected by testing every guard of its group (its machine state and
trigger), so the facts of a chain are those of every guard of each group met.

What :func:`chain` gives is an over-approximation: every row a step may fire after the first is
in it (``tests/test_declared_parts.py`` checks that on every step of fuzzed walks and of
explorations), but not every row in it can follow on every step.  Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .classify import EVENT_TRIGGERS, triggers_of_kind
from .parts import action_reads

if TYPE_CHECKING:
    from .book import LawBook
    from .rows import Row

__all__ = ["Chain", "chain"]


@dataclass(frozen=True, slots=True)
class Chain:
    """A row with every row its follow-ups may fire, and what they all read and write."""

    #: The row itself first, then the rows that may follow, in the order found.
    rows: tuple[Row, ...]
    #: The facts the guards of every group met declare (the row's group and each follower's).
    facts: frozenset[str]
    #: The parts of the position the chain's actions declare reading, and writing.
    parts: frozenset[str]
    writes: frozenset[str]
    #: Guards met that declare no facts (their group's selection then reads the whole position).
    undeclared: tuple[str, ...] = ()


def _kinds_of(trigger: str) -> frozenset[str]:
    """The triggers an event handed back again may get: those of every kind of event that may
    have had ``trigger`` (an action that hands back the event it was given, ruled as another)."""
    out: set[str] = set()
    for triggers in EVENT_TRIGGERS.values():
        if trigger in triggers:
            out |= triggers
    return frozenset(out)


def chain(book: LawBook, row: Row) -> Chain:
    """``row`` and the rows its follow-ups may fire, to a fixed point, with their reads (see the
    module's docstring)."""
    rows: dict[int, Row] = {id(row): row}
    states = {row.target}
    triggers: set[str] = set()
    grown = True
    while grown:  # every follow-up of any row met, from every state the chain may be in
        grown = False
        for r in tuple(rows.values()):
            for kind in (r.action.emits or ()) if r.action is not None else ():
                triggers |= _kinds_of(r.trigger) if kind == "event" else triggers_of_kind(kind)
        for source in tuple(states):
            for trigger in triggers:
                for nxt in book.candidates(source, trigger):
                    if id(nxt) not in rows:
                        rows[id(nxt)] = nxt
                        states.add(nxt.target)
                        grown = True
    facts: set[str] = set()
    undeclared: set[str] = set()
    for r in rows.values():
        for sibling in book.candidates(r.source, r.trigger, r.machine):
            g = sibling.guard
            if g is None:
                continue
            if g.reads is None:
                undeclared.add(g.name)
            else:
                facts |= g.reads
    parts: set[str] = set()
    writes: set[str] = set()
    for r in rows.values():
        if r.action is not None:
            parts |= action_reads(r.action) or frozenset()
            writes |= r.action.writes or frozenset()
    return Chain(tuple(rows.values()), frozenset(facts), frozenset(parts), frozenset(writes),
                 tuple(sorted(undeclared)))
