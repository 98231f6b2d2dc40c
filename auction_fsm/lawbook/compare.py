"""Comparing two law books: the rows one has and the other has not, and the rows both have that
rule differently.

Rows are matched by where they branch -- machine, source state, trigger -- and then by the name
of their guard (a row without a guard matches the row without a guard).  A matched pair whose
guard words, destination, action, law or summary differ is *changed*; a row with no match in the
other book is *added* (only in the second book) or *removed* (only in the first).  States are
compared by name the same way.  Everything is told in the books' own words (the guard's line,
the action's line, the trigger's and the state's words) with the laws they cite, so that the
text reads as a director would say it; the JSON form also carries the identifiers.  Standard
library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .book import LawBook
from .rows import SAME, Row
from .states import StateSpec

__all__ = ["RowChange", "StateChange", "BookDiff", "compare_books", "format_diff", "diff_to_json"]

Kind = Literal["added", "removed", "changed"]

#: The fields of a row a change may concern, in the order they are told.
FIELDS = ("guard", "destination", "action", "law", "summary", "seat_trigger")


@dataclass(frozen=True, slots=True)
class RowChange:
    """One row added, removed or changed; ``old`` is the first book's row, ``new`` the second's."""

    kind: Kind
    old: Row | None
    new: Row | None
    fields: tuple[str, ...] = ()

    @property
    def row(self) -> Row:
        """The row this change is about (the second book's when both have it)."""
        found = self.new if self.new is not None else self.old
        assert found is not None
        return found


@dataclass(frozen=True, slots=True)
class StateChange:
    """A state one book has and the other has not, or whose words differ."""

    kind: Kind
    machine: str
    name: str
    old: StateSpec | None
    new: StateSpec | None


@dataclass(frozen=True, slots=True)
class BookDiff:
    """What changes from book ``first`` to book ``second``."""

    first: LawBook
    second: LawBook
    rows: tuple[RowChange, ...] = ()
    states: tuple[StateChange, ...] = ()
    family_titles: tuple[tuple[str, str, str], ...] = field(default=())

    def count(self, kind: Kind) -> int:
        """How many rows were ``kind``."""
        return sum(1 for c in self.rows if c.kind == kind)

    @property
    def empty(self) -> bool:
        """True when the two books rule alike and say the same."""
        return not self.rows and not self.states and not self.family_titles


def _guard_name(r: Row) -> str:
    return r.guard.name if r.guard is not None else ""


def _differences(a: Row, b: Row) -> tuple[str, ...]:
    out = []
    ga, gb = a.guard, b.guard
    if (ga is None) != (gb is None) or (ga is not None and gb is not None and (
            ga.words != gb.words or ga.question != gb.question or ga.test is not gb.test)):
        out.append("guard")
    if a.target != b.target:
        out.append("destination")
    aa, ab = a.action, b.action
    if (aa is None) != (ab is None) or (aa is not None and ab is not None and (
            aa.words != ab.words or aa.run is not ab.run)):
        out.append("action")
    if a.law != b.law:
        out.append("law")
    if a.summary != b.summary:
        out.append("summary")
    if a.seat_trigger != b.seat_trigger:
        out.append("seat_trigger")
    return tuple(out)


def compare_books(first: LawBook, second: LawBook) -> BookDiff:
    """The rows and states that differ between ``first`` and ``second``, in the order of the
    books (the first book's order, then what only the second has)."""
    def keyed(book: LawBook) -> dict[tuple[str, str, str, str], Row]:
        return {(r.machine, r.source, r.trigger, _guard_name(r)): r for r in book.rows}

    old, new = keyed(first), keyed(second)
    pairs = {k: k for k in old if k in new}
    # A row whose guard was renamed or added but whose action is the same is the same branch.
    for k, a in old.items():
        if k in pairs or a.action is None:
            continue
        same = [n for n, b in new.items() if n[:3] == k[:3] and n not in new.keys() & old.keys()
                and n not in pairs.values() and b.action is not None and b.action.name == a.action.name]
        if len(same) == 1:
            pairs[k] = same[0]
    changes: list[RowChange] = []
    for key, a in old.items():
        if key not in pairs:
            changes.append(RowChange("removed", a, None))
            continue
        b = new[pairs[key]]
        fields = _differences(a, b)
        if fields:
            changes.append(RowChange("changed", a, b, fields))
    matched = set(pairs.values())
    changes += [RowChange("added", None, b) for key, b in new.items() if key not in matched]

    old_states = {(s.machine, s.name): s for s in first.states}
    new_states = {(s.machine, s.name): s for s in second.states}
    states: list[StateChange] = []
    for (machine, name), s in old_states.items():
        t = new_states.get((machine, name))
        if t is None:
            states.append(StateChange("removed", machine, name, s, None))
        elif t != s:
            states.append(StateChange("changed", machine, name, s, t))
    states += [StateChange("added", m, n, None, t) for (m, n), t in new_states.items() if (m, n) not in old_states]
    titles = {f.name: f.title for f in first.families}
    family_titles = tuple((f.name, titles[f.name], f.title) for f in second.families
                          if f.name in titles and titles[f.name] != f.title)
    return BookDiff(first, second, tuple(changes), tuple(states), family_titles)


# --- in words ------------------------------------------------------------------------------------
def _state_words(book: LawBook, machine: str, name: str) -> str:
    spec = next((s for s in book.states if s.machine == machine and s.name == name), None)
    if spec is None:
        return name
    return spec.summary


def _when(book: LawBook, r: Row) -> str:
    trigger = book.triggers.get(r.trigger)
    what = trigger.words if trigger is not None else r.trigger
    where = _state_words(book, r.machine, r.source)
    who = "a seat: " if r.machine == "seat" else ""
    return f"{who}{what}, while {where}"


def _leads_to(book: LawBook, r: Row) -> str:
    if r.dest == SAME:
        return "stays where it is"
    return _state_words(book, r.machine, r.target)


def _row_lines(book: LawBook, r: Row, indent: str) -> list[str]:
    lines = [f"{indent}when: {_when(book, r)}"]
    if r.guard is not None:
        lines.append(f"{indent}if: {r.guard.words}")
    if r.action is not None:
        lines.append(f"{indent}then: {r.action.words}")
    lines.append(f"{indent}leads to: {_leads_to(book, r)}")
    return lines


def _field_words(diff: BookDiff, c: RowChange, name: str) -> tuple[str, str]:
    a, b = c.old, c.new
    assert a is not None and b is not None
    if name == "guard":
        return (a.guard.words if a.guard else "(no test)"), (b.guard.words if b.guard else "(no test)")
    if name == "destination":
        return _leads_to(diff.first, a), _leads_to(diff.second, b)
    if name == "action":
        return (a.action.words if a.action else "(nothing)"), (b.action.words if b.action else "(nothing)")
    if name == "law":
        return f"Law {a.law}", f"Law {b.law}"
    if name == "summary":
        return a.summary, b.summary
    return str(a.seat_trigger), str(b.seat_trigger)


_FIELD_TITLES = {"guard": "the test", "destination": "where it leads", "action": "what it does",
                 "law": "the law", "summary": "in short", "seat_trigger": "the seat's move"}


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def format_diff(diff: BookDiff) -> str:
    """The difference as text for people: counts, then each row added, removed and changed,
    told in the books' words with its law, then the states."""
    a, b = diff.first, diff.second
    if diff.empty:
        return f"The law books {a.name} and {b.name} rule alike: no row or state differs."
    def states(kind: str) -> int:
        return sum(1 for s in diff.states if s.kind == kind)

    out = [f"Law book {a.name} ({a.title}) against {b.name} ({b.title}):",
           (f"{_n(diff.count('added'), 'row')} added, {diff.count('removed')} removed, "
            f"{diff.count('changed')} changed; {_n(states('added'), 'state')} added, "
            f"{states('removed')} removed, {states('changed')} told in other words.")]
    for kind, heading in (("added", f"Rows only in {b.name}"), ("removed", f"Rows only in {a.name}"),
                          ("changed", f"Rows in both that rule differently in {b.name}")):
        group = [c for c in diff.rows if c.kind == kind]
        if not group:
            continue
        out += ["", f"{heading} ({len(group)}):"]
        for c in group:
            r = c.row
            book = a if kind == "removed" else b
            if kind == "changed":
                assert c.old is not None
                law = r.law if c.old.law == r.law else f"{c.old.law} -> {r.law}"
                out.append(f"* Law {law}: {r.summary}")
                out.append(f"    when: {_when(book, r)}")
                for name in c.fields:
                    before, after = _field_words(diff, c, name)
                    out.append(f"    {_FIELD_TITLES[name]}: {before}")
                    out.append(f"    {' ' * len(_FIELD_TITLES[name])}  now: {after}")
            else:
                out.append(f"* Law {r.law}: {r.summary}")
                out += _row_lines(book, r, "    ")
    if diff.states:
        out += ["", "States:"]
        for s in diff.states:
            spec = s.new if s.new is not None else s.old
            assert spec is not None
            where = "a seat may owe" if s.machine == "seat" else "a step of the auction period"
            verb = {"added": f"only in {b.name}", "removed": f"only in {a.name}",
                    "changed": f"told otherwise in {b.name}"}[s.kind]
            out.append(f"* {verb} ({where}): {spec.summary}")
    for _, before, after in diff.family_titles:
        out += ["", f"Family title: {before}", f"         now: {after}"]
    return "\n".join(out)


def _row_json(r: Row | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"machine": r.machine, "source": r.source, "trigger": r.trigger, "guard": _guard_name(r) or None,
            "guard_words": r.guard.words if r.guard else None,
            "question": r.guard.question if r.guard else None, "destination": r.target,
            "action": r.action.name if r.action else None, "action_words": r.action.words if r.action else None,
            "law": r.law, "family": r.family, "summary": r.summary, "seat_trigger": r.seat_trigger}


def diff_to_json(diff: BookDiff) -> dict[str, Any]:
    """The difference as a JSON-ready dict (identifiers and words)."""
    return {
        "first": diff.first.name, "second": diff.second.name,
        "counts": {k: diff.count(k) for k in ("added", "removed", "changed")},
        "rows": [{"kind": c.kind, "fields": list(c.fields), "old": _row_json(c.old), "new": _row_json(c.new)}
                 for c in diff.rows],
        "states": [{"kind": s.kind, "machine": s.machine, "name": s.name,
                    "old": s.old.summary if s.old else None, "new": s.new.summary if s.new else None}
                   for s in diff.states],
        "family_titles": [{"family": n, "old": x, "new": y} for n, x, y in diff.family_titles],
    }
