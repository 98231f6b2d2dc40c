"""The decision waiting at the table as a class meets it, from the law book.

When a procedure waits, a director teaching a class tells the ways of answering it in the order
they are met: the pass first where a call decides (after a declined insufficient bid, the
replacement most often made, 27B), then the other calls the auction as it stands allows, then
the rare ones (a replacement that is insufficient again, a double Law 19 does not permit, a bid
above seven); and on the flowchart, the question the table faces now.  :func:`facing` works all
of that out from the book alone, so that a front end (the web trainer, ``teach``) holds no law
of its own:

* the options and the calls that take each are the book's consequences
  (:func:`auction_fsm.consequences.consequences`: every option ruled by the engine);
* whether a call is common is what the book's classifier makes of it
  (:func:`~auction_fsm.lawbook.classify.call_kind`: a call in rotation of Laws 17-22, not one
  of 27, 36, 37 or 38);
* the question the table faces is the first row of the book each answer takes (the engine
  rules it on the position, which is not changed), placed on the flowcharts by the rows their
  boxes hold.

Words are not made here: each answer says which line of the narration's options
(:func:`auction_fsm.narrate.options_lines`) tells it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..calls import Call
from ..engine import step
from ..errors import AuctionFsmError
from ..events import CallEvent, Choice, DirectorCalled, Event, Judgement
from ..lawbook.classify import CALL_TRIGGERS, call_kind
from ..lawbook.procedure import JUDGEMENTS
from ..seats import Seat
from .charts import Chart, row_key, step_owner

if TYPE_CHECKING:
    from ..auction import AuctionState
    from ..lawbook import LawBook

__all__ = ["Answer", "ChartMark", "Facing", "facing"]

#: What part of a group of calls an answer is: the whole group, the pass taken out of it (an
#: answer of its own, first), or the group's other calls.
Part = Literal["", "pass", "rest"]
_REGULAR = frozenset(CALL_TRIGGERS.values())


@dataclass(frozen=True, slots=True)
class Answer:
    """One way of answering the waiting decision.

    ``option`` is the option word of the pending decision, ``how`` how it is made (``call``,
    ``choice``, ``judgement``, ``director``), ``seat`` who makes it, ``calls`` the calls that
    make it (an option made by a call; several calls the book rules alike are one answer), and
    ``event`` the event that makes it (``None`` for several calls).  ``common`` is false for
    the rare answers, told after the others.  ``told`` is the line of the narration's options
    that tells it (``-1``: a judgement the director may give before the decider chooses, 54C);
    ``part`` says whether it is the pass taken out of that line's group of calls or the group's
    other calls.  ``row`` is the key (:func:`~.charts.row_key`) of the row of the book its event
    -- or its first call -- takes first; empty if the book refuses it."""

    option: str
    how: str
    seat: Seat | None
    calls: tuple[Call, ...]
    event: Event | None
    common: bool
    told: int
    part: Part = ""
    row: str = ""


@dataclass(frozen=True, slots=True)
class ChartMark:
    """Where the table stands on a flowchart while a decision waits: the chart, ``here`` (the
    step under way, then the question the table faces: the "now" mark) and ``asked`` (the
    step's other questions, a "no" leading from one to the next)."""

    stem: str
    here: tuple[str, ...]
    asked: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Facing:
    """The waiting decision as a class meets it (see :func:`facing`)."""

    state: AuctionState
    book: LawBook
    answers: tuple[Answer, ...]

    @property
    def rows(self) -> frozenset[str]:
        """The rows of the book the answers take first: which question the table faces."""
        return frozenset(a.row for a in self.answers if a.row)

    def on_charts(self, charts: Sequence[Chart]) -> ChartMark | None:
        """The mark on the first of ``charts`` (after the overview, ``charts[0]``) that draws the
        waiting step -- the chart of the family owning the step first, since another family's
        rows may leave from it too (a change of call for misinformation while declarer
        decides) -- or ``None`` when no chart draws it (or nothing waits).  The question the
        table faces is the first of the step's questions one of the answers takes (not a side
        question, such as a review asked for on the way)."""
        pending = self.state.pending
        if pending is None:
            return None
        prefix = f"phase:{pending.state_name}:"
        owner = step_owner(self.book, pending.state_name)
        for chart in sorted(charts[1:], key=lambda c: c.family != owner):
            spine = [b.id for b in chart.boxes if b.col == 0 and b.kind not in ("start", "step", "note")
                     and any(k.startswith(prefix) for k in b.rows)]
            if not spine:
                continue
            rows = self.rows
            face = next((b.id for b in chart.boxes if b.id in spine and rows & set(b.rows)), spine[0])
            top = next(x.row for x in chart.boxes if x.id == spine[0])
            step_box = [b.id for b in chart.boxes if b.kind == "step" and b.row < top]
            heads = step_box[-1:] or [a.src for a in chart.arrows if a.dst == spine[0]]
            return ChartMark(chart.stem, (*heads, face), tuple(b for b in spine if b != face))
        return None


def facing(state: AuctionState, book: LawBook) -> Facing:
    """The answers to ``state``'s waiting decision under ``book`` (none if nothing waits), in the
    order a class meets them: a pass inside a group of calls is an answer of its own, first;
    then the answers made by calls the classifier finds regular for the seat whose turn it is,
    and the answers not made by that seat's calls; then the rare ones (a call of the group the
    classifier finds irregular: insufficient, inadmissible, above seven).  Last, when the
    decider is a player, the director's judgement that may come first (54C), both ways."""
    from ..consequences import consequences

    pending = state.pending
    if pending is None:
        return Facing(state, book, ())
    kind = pending.get("judgement") or (pending.options[0] if pending.options else "")
    found: list[Answer] = []
    told = 0
    for c in consequences(state, book):
        if c.how == "call" and len(c.results) > 1:
            groups = [r.calls for r in c.results]
        else:
            groups = [c.results[0].calls if c.how == "call" and c.results else ()]
        for calls in groups:
            event: Event | None = None
            if c.how == "choice" and c.seat is not None:
                event = Choice(c.seat, c.option)
            elif c.how == "director":
                event = DirectorCalled(c.seat)
            elif c.how == "judgement" and c.value is not None:
                judged = c.spec.judgement if c.spec is not None and c.spec.judgement else kind
                event = Judgement(judged, c.value)  # type: ignore[arg-type]
            elif c.how == "call" and c.seat is not None and len(calls) == 1:
                event = CallEvent(c.seat, calls[0])
            found += _split(Answer(c.option, c.how, c.seat, tuple(calls), event, True, told))
            told += 1
    ranked = sorted(found, key=lambda a: _rank(a, state))
    answers = [_with_row(state, _common(a, _rank(a, state) < 2)) for a in ranked]
    first = pending.get("judgement")
    if first in JUDGEMENTS and pending.decider != "director":
        for value in (True, False):
            answers.append(_with_row(state, Answer(first, "judgement", None, (), Judgement(first, value),  # type: ignore[arg-type]
                                                   True, -1)))
    return Facing(state, book, tuple(answers))


def _split(a: Answer) -> list[Answer]:
    """An answer made by several calls, the pass among them, as two: the pass, then the rest."""
    if a.how != "call" or len(a.calls) < 2 or a.seat is None or not any(c.is_pass for c in a.calls):
        return [a]
    passes = tuple(c for c in a.calls if c.is_pass)
    rest = tuple(c for c in a.calls if not c.is_pass)
    one = CallEvent(a.seat, rest[0]) if len(rest) == 1 else None
    return [Answer(a.option, a.how, a.seat, passes, CallEvent(a.seat, passes[0]), True, a.told, "pass"),
            Answer(a.option, a.how, a.seat, rest, one, True, a.told, "rest")]


def _rank(a: Answer, state: AuctionState) -> int:
    """0: the pass of the seat whose turn it is; 1: another answer that seat makes by calls the
    classifier finds regular, or an answer not made by that seat's calls; 2: the rest."""
    if a.how != "call" or a.seat != state.turn:
        return 1
    if len(a.calls) == 1 and a.calls[0].is_pass:
        return 0
    return 1 if all(call_kind(state, a.seat, c) in _REGULAR for c in a.calls) else 2


def _common(a: Answer, common: bool) -> Answer:
    return Answer(a.option, a.how, a.seat, a.calls, a.event, common, a.told, a.part)


def _with_row(state: AuctionState, a: Answer) -> Answer:
    """``a`` with the key of the row its event (or its first call) takes first."""
    event = a.event
    if event is None and a.calls and a.seat is not None:
        event = CallEvent(a.seat, a.calls[0])
    if event is None:
        return a
    try:
        st = step(state, event)
    except AuctionFsmError:
        return a
    key = row_key(st.fired[0].row) if st.fired else ""
    return Answer(a.option, a.how, a.seat, a.calls, a.event, a.common, a.told, a.part, key)
