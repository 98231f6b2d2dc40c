"""Law books for tests: the 2017 book with rows removed or changed, and small toy books."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from auction_fsm.lawbook import LAWS_2017, Guard, LawBook, Row, StateSpec
from auction_fsm.lawbook.families import FAMILIES, Family

#: The family of the toy books' rows.
TOY = Family("test", "A toy book's rows", drawn=False)


def build(states: Iterable[StateSpec], rows: Iterable[Row], name: str = "test") -> LawBook:
    """A validated book of ``states`` and ``rows`` (the toy rows' family declared)."""
    return LawBook.build(name, "a book built by a test", states, rows, (*FAMILIES, TOY))


def without(pred: Callable[[Row], bool], states: Iterable[StateSpec] | None = None) -> LawBook:
    """The 2017 book without the rows ``pred`` picks (and with ``states`` if given)."""
    return build(LAWS_2017.states if states is None else states, [r for r in LAWS_2017.rows if not pred(r)])


def guard_is(name: str) -> Callable[[Row], bool]:
    """A row predicate: the row's guard is called ``name``."""
    return lambda r: r.guard is not None and r.guard.name == name


def spec(machine: str, trigger: str, source: str, dest: str, law: str = "1", summary: str = "",
         guard: str | None = None) -> Row:
    """A bare row (no action; a guard that always holds if ``guard`` names one) for toy books."""
    g = None if guard is None else Guard(guard, guard, lambda ctx: True, question=f"Does {guard} hold?")
    return Row(machine, source, trigger, dest, law, "test", summary or "a test row", g)  # type: ignore[arg-type]
