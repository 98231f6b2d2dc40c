"""Flowcharts for people, computed from the law book: the data behind each teaching picture.

Why a separate model from the machine graphs: a director learns a procedure as a chain of
questions ("Does LHO call over it?" yes: the outcome; no: the next question), each with the law
that answers it, not as states and triggers.  This module turns the rows of one family into
that chain; :mod:`.flowdraw` only draws what is computed here, and the committed PNG files
carry this data (see :func:`chart_data`) so a test can tell a stale picture from a current one.

How a family becomes a chart
----------------------------
* Its *steps* are the procedure states whose rows mostly belong to the family (the
  insufficient bid's "awaiting decision", "premature replacement", "awaiting replacement"),
  counted without the events that may come at any step (a change of call tried while declarer
  chooses before the lead does not make that choice the change-of-call chart's).
* Sections, in order: the irregularity itself (rows from the open phases), one section per step
  (in the order the procedure reaches them), then what may happen at the table while another
  irregularity waits (one chain of its events' questions under one head; an event told at the
  table with the same outcome is told there once) and what follows on its own afterwards (the
  follow-up rows: one note, each case a line with its question, "Yes:" and its law), then the
  panel of rare cases and side questions.  Each section is a spine of
  question boxes; the "yes" of a question points right to its outcome, the "no" down to the next
  question.  With one way in, what happened at the table heads the first step; a step whose
  last box only says "go to step N+1" runs straight on into step N+1 (when both are on one page:
  the steps are cut into pages before they are chained, where that takes fewer pages).  A step
  whose chain ends as an earlier step's does -- the same rows by law, action and destination --
  ends in one box pointing there ("then as in step 1, from the question ...").
* The common path first: a row whose guard the book marks ``rare`` (a second insufficient bid,
  an early replacement), or whose trigger it marks ``aside`` and that comes during a procedure
  (the auction restated, a slip), is told once in the panel, not on every step; a step reached
  only that way is told there too, under a letter (A, B ...), and the steps of the common path
  are numbered without it (:func:`step_labels`).  A case of the panel in the very words of a box
  on the common path is told there once; cases that say the same words of different calls, each
  going on to its own step, share one box of the panel.
* Cases of one event with the same outcome in words, box and destination share one question
  ("Or: ...") and one outcome citing the laws of each (a pass or a bid at partner's turn).
* Rows from the same place on the same trigger with the same summary are one outcome: they
  differ only in where the auction stands afterwards, which the outcome lists ("then ...",
  left out when the auction simply goes on).  An outcome says the row's ``outcome`` -- the
  rectification in full -- where the book gives one, else its summary.
* A destination inside the chart is a "go to step N" box; a destination in another family's
  procedure names that chart.
* A chart with more than :data:`MAX_BOXES` boxes or :data:`MAX_HEIGHT` inches (its title, legend
  and rows, estimated from the lines of text) is cut between sections into parts, each printed
  on one A4 page at its own size (9 points).  To save height, a box alone on its row of a chain
  (a step's head, a chain's last box) spans both columns, and the panel stands in two columns
  (:func:`spanning`, :func:`panel_split`; the drawing uses the same).

Every box and arrow carries a law number; every box lists the rows it stands for, which is how
``draw --scenario`` finds the route an auction took.  Standard library only.
"""

from __future__ import annotations

import itertools
import re
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ..errors import LawBookError
from ..lawbook import LAWS_2017, LawBook, Row
from ..lawbook.common import put_in_place_by_director
from ..lawbook.rows import ASK_TRIGGER, OTHERWISE
from ..lawbook.states import MAIN_PHASES, OPEN, OPEN_PHASES, WHERE_QUESTIONS
from ..lawbook.triggers import IN_TURN

__all__ = ["BoxKind", "Box", "Arrow", "Chart", "MAX_BOXES", "MAX_HEIGHT", "TITLE_WRAP", "LEGEND_WORDS", "head_height", "WRAP", "WRAP_ASIDE", "WRAP_WIDE", "WRAP_OUTCOME", "OPEN_PHASES",
           "family_charts", "spanning", "panel_split", "box_text", "law_words", "NOTE_BULLET",
           "overview_chart", "all_charts", "chart_data", "family_steps", "step_owner",
           "is_follow_up", "row_key", "charted", "chart_height", "step_labels"]

BoxKind = Literal["start", "step", "question", "outcome", "goto", "note", "aside"]
#: At most this many boxes on one chart (was 25): what limits a page is its height at 9 points
#: (:data:`MAX_HEIGHT`, checked by drawing it); this keeps a page from being a wall of boxes.
MAX_BOXES: Final = 30
#: At most this much height (in inches) on one chart, its title and legend included: what an A4
#: page holds inside its margins (11.69 in less 0.5 at the top and 0.65 at the foot, where the
#: page number sits: 10.54 in), less 0.14 in for the estimate's error, the chart printed at its
#: own size (text of 9 points).  Estimated from the lines of text (see :func:`chart_height` and
#: :func:`head_height`).
MAX_HEIGHT: Final = 10.5
#: The width a chart's title is wrapped to, in characters (12 points, bold).
TITLE_WRAP: Final = 62
#: What each kind of box means, as a chart's legend says it (short: the handout's title page says
#: more).
LEGEND_WORDS: Final[dict[BoxKind, str]] = {
    "start": "what happened", "step": "a step: who decides", "question": "a question",
    "outcome": "the outcome (then the auction goes on)", "goto": "go to a step", "note": "follows on its own",
    "aside": "a rare case"}
#: The width a box's text is wrapped to, in characters (the drawing wraps the same way): two
#: columns of boxes fit the width of an A4 page inside its margins at 9 points.
WRAP: Final = 41
#: The width an outcome's text is wrapped to (the column right of the questions): a little wider
#: than a question's, the gap between them narrow (only "yes" stands in it), since the outcomes,
#: stating the rectification in full, are the tallest boxes of a chain.
WRAP_OUTCOME: Final = WRAP + 4
#: The width a box alone on its row of a chain is wrapped to (a step's head, the last box of a
#: chain): it spans both columns, so it takes half the lines it would take in one.
WRAP_WIDE: Final = 2 * WRAP + 10
#: The same for a box of the panel of rare cases, whose boxes stand in two columns of their own
#: (a panel one box wide wastes the ends of its lines and repeats its paddings).
WRAP_ASIDE: Final = WRAP + 4


@dataclass(frozen=True, slots=True)
class Box:
    """One box: ``lines`` of plain text (wrapped when drawn), its ``law``, its place on the grid
    (``row`` from the top, ``col`` 0 for the spine, 1 for outcomes) and the law-book rows it
    stands for (:func:`row_key` of each)."""

    id: str
    kind: BoxKind
    lines: tuple[str, ...]
    law: str
    row: int
    col: int
    rows: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Arrow:
    """An arrow from box ``src`` to box ``dst`` with a short label and its law."""

    src: str
    dst: str
    label: str
    law: str


@dataclass(frozen=True, slots=True)
class Chart:
    """One picture: file ``stem``, ``title``, the ``family`` it draws, boxes and arrows."""

    stem: str
    title: str
    family: str
    boxes: tuple[Box, ...]
    arrows: tuple[Arrow, ...]
    part: int = 1
    parts: int = 1

    def box(self, box_id: str) -> Box:
        """The box called ``box_id``."""
        return next(b for b in self.boxes if b.id == box_id)


def row_key(row: Row) -> str:
    """A stable name of one row of the book (what a box stands for; never shown to people)."""
    guard = row.guard.name if row.guard is not None else ""
    return f"{row.machine}:{row.source}:{row.trigger}:{guard}"


def is_follow_up(trigger: str, book: LawBook = LAWS_2017) -> bool:
    """True for a trigger the engine raises itself after a ruling (not a table event)."""
    spec = book.triggers.get(trigger)
    return spec is not None and spec.follow_up


def charted(row: Row, book: LawBook = LAWS_2017) -> bool:
    """Whether the charts for people show ``row``: every row but the procedure's own machinery,
    on which no law rules anything -- a trigger the book marks procedural (the director called
    again while already ruling), a refusal inside a procedure (a loop back to the same step) and
    a follow-up the engine raises while a procedure is pending."""
    spec = book.triggers[row.trigger]
    if spec.procedural:
        return False
    return row.source in OPEN_PHASES or not (row.refusal or spec.follow_up)


def _parts(law: str) -> list[str]:
    return [p.strip() for p in law.split(",") if p.strip()]


def _join_laws(laws: Iterable[str]) -> str:
    """The laws cited, each once, in order; a law cited with the one that sends to it
    ("32C; 25") takes the place of that law cited alone ("32C")."""
    out: list[str] = []
    for law in laws:
        for p in _parts(law):
            first = p.split(";")[0].strip()
            if p in out or (first != p and any(q.startswith(p) for q in out)):
                continue
            if first != p and first in out:
                out[out.index(first)] = p
            else:
                out.append(p)
    return ", ".join(out)


def step_owner(book: LawBook, state: str) -> str | None:
    """The family that owns a procedure step: the one with most table-event rows from it.

    On a tie (a step with one answer of its own family and the director's row of Laws 9-10,
    such as 51A's designation) the family whose rows lead into the step owns it.
    """
    counts: dict[str, int] = {}
    for r in book.rows_of("phase"):
        if r.source == state and not is_follow_up(r.trigger, book) and not book.triggers[r.trigger].aside:
            counts[r.family] = counts.get(r.family, 0) + 1
    entering = {r.family for r in book.rows_of("phase") if r.dest == state and r.source != state}
    return max(counts, key=lambda f: (counts[f], f in entering)) if counts else None


def family_steps(book: LawBook, family: str) -> list[str]:
    """The procedure steps a family owns, in the order its rows first reach them."""
    owned = {s.name for s in book.states_of("phase") if s.parent is not None
             and step_owner(book, s.name) == family}
    order: list[str] = []
    for r in book.rows_of("phase"):
        if r.family == family:
            for s in (r.target, r.source):
                if s in owned and s not in order:
                    order.append(s)
    # breadth first from the first reached, so the chart reads in the order of the procedure
    first = [s for s in order if not any(r.target == s and r.source in owned and r.source != s
                                         for r in book.rows_of("phase"))] or order[:1]
    seen: list[str] = []
    frontier = list(first)
    while frontier:
        s = frontier.pop(0)
        if s in seen:
            continue
        seen.append(s)
        frontier += [r.target for r in book.rows_of("phase") if r.source == s and r.target in owned]
    seen += [s for s in order if s not in seen]
    # one procedure's steps together (a law's own part of the chart), procedures in the order of
    # their laws (36 before 37), else in the order reached
    parents = list(dict.fromkeys(s.split(".")[0] for s in seen))
    summaries = {s.name: s.summary for s in book.states_of("phase")}

    def law_order(parent: str) -> tuple[int, str, int]:
        law = _summary_law(summaries.get(parent, ""))
        digits = "".join(itertools.takewhile(str.isdigit, law))
        return (int(digits) if digits else 999, law, parents.index(parent))

    return sorted(seen, key=lambda s: law_order(s.split(".")[0]))


def step_labels(book: LawBook, family: str) -> tuple[dict[str, int], dict[str, str]]:
    """How a family's chart labels its steps: the common path's by number (1, 2 ...), the
    steps reached only by a rare case by letter (A, B ...), in the panel of rare cases."""
    owned = family_steps(book, family)
    rare = [s for s in owned if _reached_only_aside(book, s)]
    common = [s for s in owned if s not in rare]
    return ({s: n for n, s in enumerate(common, 1)}, {s: chr(ord("A") + n) for n, s in enumerate(rare)})


def _aside_row(row: Row, book: LawBook) -> bool:
    """Whether a row is told in the panel of rare cases and side questions rather than on the
    common path: its guard picks out a rare case, or its event may come at any step of a
    procedure (the auction restated, a call said to be a slip) and comes during one."""
    if row.guard is not None and row.guard.rare:
        return True
    return book.triggers[row.trigger].aside and row.source not in OPEN_PHASES


def _reached_only_aside(book: LawBook, state: str) -> bool:
    """Whether every way into a procedure step is a rare case or a side question (27C's early
    replacement, 25A's slip judgement while another irregularity waits)."""
    into = [r for r in book.rows_of("phase") if r.target == state and r.source != state and charted(r, book)]
    return bool(into) and all(_aside_row(r, book) for r in into)


@dataclass
class _Group:
    """Rows on one trigger that share one outcome (they differ only in where things stand)."""

    trigger: str
    rows: list[Row] = field(default_factory=list)

    @property
    def guarded(self) -> bool:
        return self.rows[0].guard is not None


def _told_apart(g: _Group, h: _Group) -> bool:
    """Whether one of two groups that lead to one step is an irregular call the director himself
    put in place of a changed one: a reader must see that the director, already there, rules on
    it at once, so it is never told together with another way into the step."""
    asked = {r.guard.question for x in (g, h) for r in x.rows if r.guard is not None}
    return put_in_place_by_director.question in asked


def _groups(rows: Sequence[Row]) -> list[_Group]:
    """Rows grouped by ``(trigger, summary)`` in book order."""
    out: dict[tuple[str, str], _Group] = {}
    for r in rows:
        out.setdefault((r.trigger, r.summary), _Group(r.trigger)).rows.append(r)
    return list(out.values())


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower_first(text: str) -> str:
    if text[1:2].isupper():  # an abbreviation ("LHO") keeps its capitals
        return text
    return text[:1].lower() + text[1:]


def _unsaid(told: str, then: str) -> str:
    """The clauses of ``then`` (split at ``;``) that ``told`` does not already contain."""
    return "; ".join(c for c in (c.strip() for c in then.split(";")) if c and c.lower() not in told.lower())


def _sentence(text: str) -> str:
    """``text`` with a capital and a full stop (unless it ends with a question mark)."""
    text = _capital(text.strip())
    return text if text.endswith(("?", ".", "!")) else text + "."


def _summary_law(summary: str) -> str:
    """The law numbers a state's summary cites in parentheses at its end, or ``""``."""
    if summary.endswith(")") and "(" in summary:
        inner = summary.rsplit("(", 1)[1].rstrip(")")
        if inner[:1].isdigit():
            return inner
    return ""


_TO_STEP: Final = re.compile(r"^(.+?): (.+)\. Then go to step (\d+)\.$")


def _same_words_merged(cases: list[tuple[tuple[str, ...], tuple[str, list[str]]]]
                       ) -> list[tuple[tuple[str, ...], tuple[str, list[str]]]]:
    """Cases of the panel that say the same words of different calls, each then going to its own
    step ("A bid above seven: put in place ... by the director ... Then go to step 3."), told in
    one box: the shared words once, then each call with its step.  The box cites every law of
    the cases and stands for all their rows; it takes the place of the first of them."""
    shared: dict[str, list[int]] = {}
    for i, (texts, _) in enumerate(cases):
        found = _TO_STEP.match(texts[0]) if len(texts) == 1 else None
        if found:
            shared.setdefault(found.group(2), []).append(i)
    out: list[tuple[tuple[str, ...], tuple[str, list[str]]]] = []
    for i, (texts, (law, keys)) in enumerate(cases):
        found = _TO_STEP.match(texts[0]) if len(texts) == 1 else None
        together = shared.get(found.group(2), []) if found else []
        if len(together) < 2:
            out.append((texts, (law, keys)))
        elif i == together[0]:
            parts = [_TO_STEP.match(cases[j][0][0]) for j in together]
            calls = "; ".join(f"{_lower_first(m.group(1))} (go to step {m.group(3)})" for m in parts if m)
            laws = _join_laws(cases[j][1][0] for j in together)
            rows = [k for j in together for k in cases[j][1][1]]
            out.append(((f"{_capital(found.group(2)) if found else ''}: {calls}.",), (laws, rows)))
    return out


#: The fewest entries at the end of a step's chain (its questions and its last box) told by
#: pointing to an earlier step that asks the same: fewer would save no height.
SHARED_AT_LEAST: Final = 3


def _signature(g: _Group, also: Sequence[_Group], last: bool, steps: Iterable[str]) -> frozenset[tuple[str, ...]]:
    """What makes an entry of a chain the same as another's: each row's law, what it does (its
    action, by name) and where it leads; for the last box of a chain that goes on to one step of
    the chart (one of ``steps``), only that step (the rows that reach it are told there)."""
    rows = [r for x in (g, *also) for r in x.rows]
    targets = {r.target for r in rows}
    if last and len(targets) == 1 and targets <= set(steps):
        return frozenset((r.target,) for r in rows)
    return frozenset((r.law, _action_name(r), r.target) for r in rows)


def _action_name(row: Row) -> str:
    action = row.action
    return "" if action is None else str(getattr(action, "name", "") or getattr(action, "__name__", "") or action)


class _Builder:
    """Lays out the sections of one family on the grid."""

    def __init__(self, book: LawBook, family: str) -> None:
        self.book = book
        self.family = family
        self.owned = family_steps(book, family)
        self.summaries = {s.name: s.summary for s in book.states_of("phase")}
        self.specs = {s.name: s for s in book.states_of("phase")}
        self.parents = {s.name: s.parent for s in book.states_of("phase")}
        # the steps a club director meets on the common path are numbered; a step reached only
        # by a rare case or a side question is told in the panel beside them, by letter
        self.numbers, self.letters = step_labels(book, family)
        self.steps = list(self.numbers)
        #: the panel of rare cases and side questions: (lines, law, rows) by its lines
        self.panel: dict[tuple[str, ...], tuple[str, list[str]]] = {}
        #: by rare step: the cases that lead into it (their outcome, law and rows), told with it
        self.into: dict[str, list[tuple[str, str, list[str]]]] = {}
        #: by section index: the step that section's last box sends the reader to, if any
        self.goes_to: dict[int, str | None] = {}
        #: the sections before steps that follow one another run on as one chain (:meth:`chained`)
        self.unchained: list[tuple[str, list[Box], list[Arrow]]] = []
        #: the number of the step being laid out, and each step's chain as laid out so far:
        #: (its number, its entries' signatures, their questions), to tell a chain once
        self.step: int | None = None
        self.chains: list[tuple[int, list[frozenset[tuple[str, ...]]], list[str]]] = []

    # --- words ---------------------------------------------------------------------------------
    def question(self, group: _Group, alone: bool, by_phase: bool = False) -> str:
        """The question a group answers: the trigger's when it is the only outcome, otherwise
        its guard's, or the phase's for an unguarded group among guarded ones (and for groups
        whose guards ask the same thing, told apart only by the phase)."""
        r = group.rows[0]
        names = {x.guard.name for x in group.rows if x.guard is not None}
        if alone and names:
            # guarded rows that all ask one question: it is more precise than the trigger's
            asked = {x.guard.question for x in group.rows if x.guard is not None}
            if len(asked) == 1 and not asked & {OTHERWISE, ASK_TRIGGER}:
                return asked.pop()
        if alone:
            return self.book.triggers[group.trigger].question
        if r.guard is not None and not by_phase:
            return r.guard.question
        sources = {x.source for x in group.rows}
        if any(x not in OPEN_PHASES for x in sources):
            return WHERE_QUESTIONS["procedure"]
        if len(sources) == 1:
            return self.specs[r.source].question
        if sources <= set(OPEN):
            return self.specs["auction"].question
        return WHERE_QUESTIONS["after_auction"]

    def place(self, target: str, source: str, extra: Sequence[str] = ()) -> str:
        """Where an outcome leaves things, in words."""
        if target in self.numbers:
            return f"{'back' if target == source else 'go'} to step {self.numbers[target]}"
        if target in self.letters:
            return f"see {self.letters[target]} below"
        if target == "auction" and "17D3" in extra:
            return "the auction goes back to the player who missed a turn"
        if target == source and target != "auction":
            return ""  # the outcome says it all: nothing moves
        spec = self.specs.get(target)
        if spec is not None and spec.place:
            return spec.place
        owner = step_owner(self.book, target)
        what = self.summaries.get(target, target)
        title = self.book.family(owner).title if owner in self.book.drawn_families else ""
        if not title or owner is None:
            return what
        numbers, letters = step_labels(self.book, owner)
        where = f"step {numbers[target]}" if target in numbers else f"{letters[target]} under rare cases"
        return f"{what}: {where} of the chart '{title.split(' (')[0]}'"

    def outcome(self, group: _Group) -> tuple[list[str], str, BoxKind]:
        """The outcome box of a group: lines, law and kind.

        Rows that lead to one place are one sentence with every law they cite; rows that lead to
        several places (the auction goes on, or it ends) list each with its own law; rows that
        leave everything where it was from several phases say nothing more than the summary."""
        common = [p for p in _parts(group.rows[0].law) if all(p in _parts(r.law) for r in group.rows)]
        thens: list[str] = []
        sources = {r.source for r in group.rows}
        targets = {self.place(r.target, r.source) for r in group.rows}
        if all(r.target == r.source for r in group.rows) and len(sources) > 1:
            law = _join_laws(r.law for r in group.rows)
        elif len(targets) == 1:
            law = _join_laws(r.law for r in group.rows)
            thens += [t for t in targets if t]
        else:
            law = ", ".join(common) if common else _join_laws(r.law for r in group.rows)
            extras: list[str] = []
            for r in group.rows:
                extra = [p for p in _parts(r.law) if p not in common] if common else []
                extras += [p for p in extra if p not in extras]
                phrase = self.place(r.target, r.source, extra) or "nothing else changes"
                if extra:
                    phrase += f" ({', '.join(extra)})"
                if phrase not in thens:
                    thens.append(phrase)
            if len(thens) > 2:
                # the usual ways an auction may stand after a call: said once, with their laws
                first = self.place(group.rows[0].target, group.rows[0].source)
                thens = [f"{first} (or ends: {', '.join(extras)})" if extras
                         else "the auction period goes on from where it stood"]
        told = group.rows[0].outcome
        if told and not any(r.target in self.numbers or r.target in self.letters or r.target in OPEN_PHASES
                            for r in group.rows):
            thens = []  # the outcome in full already says what the other chart's step decides
        lines = [_sentence(told or group.rows[0].summary)]
        kind: BoxKind = "outcome"
        inside = [t for t in (r.target for r in group.rows) if t in self.numbers or t in self.letters]
        if inside and len(thens) == 1:
            kind = "goto"
        if thens == [self.specs["auction"].place]:
            thens = []  # the usual end of an outcome goes without saying (the legend says it)
        # a clause of where it leads that the box already says is not said twice ("the board is
        # passed out. Then the board is passed out; ...")
        thens = [t for t in (_unsaid(lines[0], then) for then in thens) if t]
        if thens:  # one paragraph: the box reads as one sentence of what happens next
            lines = [f"{lines[0]} {_sentence('then ' + '; or '.join(thens))}"]
        return lines, law, kind

    # --- the panel of rare cases and side questions -------------------------------------------
    def entry(self, g: _Group) -> str:
        """One case of the panel: its outcome, which names the case ("Another insufficient bid:
        LHO may accept it; ..."), and where it leads unless the step goes on where it was."""
        lines, _, _ = self.outcome(g)
        if all(r.target == r.source for r in g.rows):
            lines = [_sentence(g.rows[0].outcome or g.rows[0].summary)]
        return " ".join(lines)

    def aside(self, texts: list[str], *groups: _Group, law: str = "") -> None:
        """Add one case to the panel (a case told on several steps is told once)."""
        key = tuple(texts)
        laws = law or _join_laws(r.law for g in groups for r in g.rows)
        keys = [row_key(r) for g in groups for r in g.rows]
        targets = {r.target for g in groups for r in g.rows}
        if len(groups) == 1 and len(targets) == 1 and targets <= set(self.letters) and not law \
                and all(r.source != r.target for r in groups[0].rows):
            # the way into a rare step is told at the head of that step's case
            self.into.setdefault(targets.pop(), []).append(
                (_sentence(groups[0].rows[0].outcome or groups[0].rows[0].summary), laws, keys))
            return
        old = self.panel.get(key)
        if old is not None:
            laws, keys = _join_laws([old[0], laws]), old[1] + [k for k in keys if k not in old[1]]
        self.panel[key] = (laws, keys)

    def rare_step(self, state: str) -> None:
        """A step reached only by a rare case, told in the panel under its letter: what it is,
        who decides, and each of its cases."""
        rows = [r for r in self.book.rows_of("phase") if r.source == state
                and not is_follow_up(r.trigger, self.book) and charted(r, self.book)]
        groups = _groups(rows)
        side = [g for g in groups if self.book.triggers[g.trigger].aside]
        for g in side:
            self.aside([self.entry(g)], g)
        main = [g for g in groups if g not in side]
        into = self.into.get(state, [])  # its summary tells them: their rows and laws are its own
        head = f"{self.letters[state]}. {_capital(self.summaries[state])}; {self.specs[state].decider} decides."
        texts = [head] + [self.entry(g) for g in main]
        law = _summary_law(self.summaries[state]) or _join_laws(r.law for g in main for r in g.rows)
        laws = _join_laws([*(x for _, x, _ in into), law, *(r.law for g in main for r in g.rows)])
        self.aside(texts, *main, law=laws)
        extra = [k for _, _, ks in into for k in ks]
        laws_now, keys_now = self.panel[tuple(texts)]
        self.panel[tuple(texts)] = (laws_now, [*extra, *(k for k in keys_now if k not in extra)])

    def panel_section(self) -> list[Box]:
        """The panel as boxes, one per case, the rare steps (by letter) last.  Cases of one and
        the same law (the auction restated for the player about to call, and for the player who
        decides) share a box, told one after the other: a box's frame and law are said once."""
        lettered = {f"{x}." for x in self.letters.values()}
        ordered = sorted(_same_words_merged(list(self.panel.items())), key=lambda kv: kv[0][0][:2] in lettered)
        shared: dict[str, tuple[list[str], list[str]]] = {}  # by law: texts, rows
        cases: list[tuple[tuple[str, ...], str, list[str]]] = []
        for texts, (law, keys) in ordered:
            if texts[0][:2] in lettered:
                cases.append((texts, law, keys))
            elif law in shared:
                shared[law][0].extend(texts)
                shared[law][1].extend(k for k in keys if k not in shared[law][1])
            else:
                shared[law] = (list(texts), list(keys))
                cases.append(((), law, []))  # filled in below, where its law first came
        boxes: list[Box] = []
        for n, (texts, law, keys) in enumerate(cases):
            if not texts:
                texts, keys = tuple(shared[law][0]), shared[law][1]
            boxes.append(Box(f"b{n}", "aside", texts, law, n, 0, tuple(keys)))
        return boxes

    def note(self, head: str, law: str, rows: Sequence[Row], named: bool) -> Box:
        """What follows on its own, told as one note: its head, then each event's cases in the
        order they are tried, a case's question and what a yes gives ("...? Yes: ..."), the
        case left when every other is answered no last ("Otherwise: ..."), each with its law;
        with ``named``, an event is named where its cases begin.  Nobody at the table decides
        these, so they need no arrows, and one box of lines across the page takes about half
        the height of a chain of question and outcome boxes."""
        lines = [head]
        by_trigger: dict[str, list[_Group]] = {}
        for g in _groups(rows):
            by_trigger.setdefault(g.trigger, []).append(g)
        for trigger, gs in by_trigger.items():
            alone = len(gs) == 1
            asked = [self.question(g, alone) for g in gs]
            by_phase = len(set(asked)) < len(asked)
            ordered = [g for g, q in zip(gs, asked, strict=True) if by_phase or q != OTHERWISE]
            ordered += [g for g in gs if g not in ordered]
            spec = self.book.triggers[trigger]
            told = spec.told if named else ""  # else its question names the event
            for i, g in enumerate(ordered):
                q = self.question(g, alone, by_phase)
                o_lines, o_law, _ = self.outcome(g)
                said = _lower_first(" ".join(o_lines))
                if i == len(ordered) - 1 and q == OTHERWISE and not alone:
                    case = f"Otherwise: {said}"
                else:
                    case = f"{spec.question if q == OTHERWISE else q} Yes: {said}"
                if told and i == 0:
                    case = f"{told}: {_lower_first(case)}"
                lines.append(f"{_sentence(case)} ({law_words(o_law)})")
        keys = tuple(row_key(r) for g in by_trigger.values() for x in g for r in x.rows)
        return Box("b0", "note", tuple(lines), law, 0, 0, keys)

    # --- sections ------------------------------------------------------------------------------
    def section(self, head: tuple[BoxKind, list[str], str, list[Row]], rows: Sequence[Row],
                out: list[Box], arrows: list[Arrow], in_step: bool = False,
                name_events: bool = False) -> str | None:
        """A head box and the question spine under it, appended at the bottom of ``out``; the
        step of this chart the last box sends the reader to ("go to step 2"), if it does.
        With ``name_events`` (a chain of several events under one head) an event the book gives
        no short line for is named by its words, where its questions begin."""
        kind, lines, law, head_rows = head
        row = max((b.row for b in out), default=-1) + 1
        head_id = f"b{len(out)}"
        out.append(Box(head_id, kind, tuple(lines), law, row, 0, tuple(row_key(r) for r in head_rows)))
        groups = _groups(rows)
        side = [g for g in groups if all(_aside_row(r, self.book) for r in g.rows)
                and (in_step or any(r.guard is not None and r.guard.rare for r in g.rows))]
        for g in side:
            self.aside([self.entry(g)], g)
        groups = [g for g in groups if g not in side]
        by_trigger: dict[str, list[_Group]] = {}
        for g in groups:
            by_trigger.setdefault(g.trigger, []).append(g)
        ordered: list[tuple[_Group, bool, bool]] = []
        if not in_step:  # what happened: the irregularities in the order of their steps
            order = sorted(by_trigger.values(), key=lambda gs: min(
                [self.numbers.get(r.target, len(self.numbers) + 1) for g in gs for r in g.rows]))
        else:
            order = sorted(by_trigger.values(), key=self._trigger_order)
        for gs in order:
            alone = len(gs) == 1
            asked = [self.question(g, alone) for g in gs]
            by_phase = len(set(asked)) < len(asked)
            specific = self._alike_together([g for g, q in zip(gs, asked, strict=True)
                                             if by_phase or q != OTHERWISE])
            rest = [g for g in gs if g not in specific]
            ordered += [(g, alone, by_phase) for g in specific + rest]
        merged: list[tuple[_Group, bool, bool, list[_Group]]] = []
        alike: set[int] = set()  # groups told with an earlier one of the same outcome ("Or: ...")
        for g, alone, by_phase in ordered:
            last = merged[-1] if merged else None
            if last is not None and not alone and g.trigger == last[0].trigger and self._alike(g, last[0]) \
                    and self.question(g, alone, by_phase) != OTHERWISE \
                    and all(id(x) in alike for x in last[3]):
                # cases of one event with the same outcome (a pass or a bid at partner's turn):
                # one question ("Or: ...") and one outcome citing the laws of both
                last[3].append(g)
                alike.add(id(g))
            elif last is not None and alone and last[1] and self.outcome(g) == self.outcome(last[0]) \
                    and [r.target for r in g.rows] == [r.target for r in last[0].rows]:
                last[3].append(g)
            elif last is not None and self._same_step(g, last[0]) and not _told_apart(g, last[0]):
                # two ways into one step of this chart (the offender replacing the bid at the
                # director's word, or LHO declining): one outcome, told in the later one's words
                # (the decider's option comes after the calls that may anticipate it)
                merged[-1] = (g, alone, by_phase, [last[0], *last[3]])
            else:
                merged.append((g, alone, by_phase, []))
        prev, prev_label, prev_label_law = head_id, "", law
        prev_trigger = ""
        last_goes_to: str | None = None
        questions = [self.question(g, alone, by_phase) for g, alone, by_phase, _ in merged]
        shown = [q if q != OTHERWISE else self.book.triggers[g.trigger].question
                 for q, (g, _, _, _) in zip(questions, merged, strict=True)]
        signs = [_signature(g, also, i == len(merged) - 1, self.numbers) for i, (g, _, _, also) in enumerate(merged)]
        pointer = self._told_before(signs) if in_step else None
        if self.step is not None and in_step:
            self.chains.append((self.step, signs, shown))
        if pointer is not None:
            # the rest of this chain asks what an earlier step asks, with the same outcomes:
            # told once there, pointed to here
            step, length, question = pointer
            told_there = merged[len(merged) - length:]
            merged = merged[:len(merged) - length]
            p_rows = [r for e in told_there for x in (e[0], *e[3]) for r in x.rows]
            first = self.book.triggers[told_there[0][0].trigger]
            lead = f"{first.told}: t" if first.told and told_there[0][0].trigger != (
                merged[-1][0].trigger if merged else "") else "T"
            p_text = f"{lead}hen as in step {step}, from the question \u201c{question}\u201d"
            p_law = _join_laws(r.law for r in p_rows)
            p_keys = tuple(row_key(r) for r in p_rows)
        for i, (g, alone, by_phase, also) in enumerate(merged):
            q = self.question(g, alone, by_phase)
            o_lines, o_law, o_kind = self.outcome(g)
            o_law = _join_laws([o_law, *(self.outcome(x)[1] for x in also if id(x) in alike)])
            keys = tuple(row_key(r) for x in (g, *also) for r in x.rows)
            trig = self.book.triggers[g.trigger]
            told = trig.told or (_capital(trig.words.split(" (")[0]) if name_events else "")
            row += 1
            if i == len(merged) - 1 and pointer is None:
                # the last case of a chain is what remains when every question before it is
                # answered no: its outcome hangs on that "no" (or on the head box, alone)
                # the event, when named, begins the box's one paragraph (the box spans the page)
                lead = "" if g.trigger == prev_trigger or not told or len(merged) == 1 else f"{told}: "
                text = [lead + (_lower_first(o_lines[0]) if lead else o_lines[0]), *o_lines[1:]]
                oid = f"b{len(out)}"
                out.append(Box(oid, o_kind, tuple(text), o_law, row, 0, keys))
                arrows.append(Arrow(prev, oid, prev_label, o_law if prev_label else prev_label_law))
                targets = {r.target for x in (g, *also) for r in x.rows}
                if o_kind == "goto" and len(targets) == 1 and targets <= set(self.numbers):
                    last_goes_to = targets.pop()
                continue
            if q == OTHERWISE:
                # another event follows: the event itself is the question
                q = trig.question
            # the context names the event when the question is about something else (a guard),
            # once at the head of the questions on that event
            context = told if q != trig.question and g.trigger != prev_trigger else None
            q_lines = ([f"{context}:"] if context else []) + [q] + [
                "Or: " + _lower_first(self.question(x, alone, by_phase) if id(x) in alike
                                      else self.book.triggers[x.trigger].question) for x in also
                if id(x) in alike or x.trigger != g.trigger]
            qid = f"b{len(out)}"
            out.append(Box(qid, "question", tuple(q_lines), o_law, row, 0, keys))
            arrows.append(Arrow(prev, qid, prev_label, o_law if prev_label else prev_label_law))
            oid = f"b{len(out)}"
            out.append(Box(oid, o_kind, tuple(o_lines), o_law, row, 1, keys))
            arrows.append(Arrow(qid, oid, "yes", o_law))
            prev, prev_label, prev_trigger = qid, "no", g.trigger
        if pointer is not None:
            pid = f"b{len(out)}"
            out.append(Box(pid, "goto", (p_text,), p_law, row + 1, 0, p_keys))
            arrows.append(Arrow(prev, pid, prev_label, p_law if prev_label else prev_label_law))
        return last_goes_to

    def _alike(self, g: _Group, h: _Group) -> bool:
        """Whether two groups of one event end the same way: the same words of outcome, the
        same kind of box and the same destinations."""
        a, b = self.outcome(g), self.outcome(h)
        return g.trigger == h.trigger and a[0] == b[0] and a[2] == b[2] \
            and {r.target for r in g.rows} == {r.target for r in h.rows}

    def _alike_together(self, groups: list[_Group]) -> list[_Group]:
        """``groups`` in their order, but each followed at once by the later ones that end
        the same way (:meth:`_alike`), so that the chain tells them as one case."""
        out: list[_Group] = []
        for g in groups:
            if g not in out:
                out += [g, *(h for h in groups if h not in out and h is not g and self._alike(g, h))]
        return out

    def _told_before(self, signs: list[frozenset[tuple[str, ...]]]) -> tuple[int, int, str] | None:
        """Where an earlier step's chain ends in the same questions with the same outcomes as a
        chain whose entries have these signatures: that step's number, how many entries of
        this chain it tells (at least :data:`SHARED_AT_LEAST`, something left before them) and
        the question it starts from; ``None`` if no step does."""
        best: tuple[int, int, str] | None = None
        for step, earlier, shown in self.chains:
            n = 0
            while n < min(len(signs), len(earlier)) and signs[-1 - n] == earlier[-1 - n]:
                n += 1
            if SHARED_AT_LEAST <= n < len(signs) and (best is None or n > best[1]):
                best = (step, n, shown[len(earlier) - n])
        return best

    def _trigger_order(self, groups: list[_Group]) -> int:
        """Where the events of a step come in its chain, in the order a director works: first
        what leaves the step where it is (the auction restated, the director's finding on
        whether declarer could have seen dummy), then what the players may do at once (an
        outcome), last what leads on to a later step (the director explaining the options)."""
        if all({r.target for r in g.rows} == {r.source for r in g.rows} for g in groups):
            return 0
        onward = all({r.target for r in g.rows} <= set(self.numbers) - {r.source for r in g.rows}
                     for g in groups)
        return 2 if onward else 1

    def _same_step(self, g: _Group, h: _Group) -> bool:
        """Whether two groups both lead to one and the same step of this chart."""
        here = {r.target for r in g.rows}
        return len(here) == 1 and here <= set(self.numbers) and here == {r.target for r in h.rows} \
            and not here & {r.source for r in (*g.rows, *h.rows)}

    def sections(self) -> list[tuple[str, list[Box], list[Arrow]]]:
        """Each section on its own grid (rows from 0), in chart order, with the part of the
        chart it belongs to: what happens at the table, one procedure, or what follows."""
        book, fam = self.book, self.family
        rows = [r for r in book.rows_of("phase") if r.family == fam and charted(r, book)]
        steps = set(self.owned)
        entry = [r for r in rows if r.source not in steps and not is_follow_up(r.trigger, book)
                 and r.source in OPEN_PHASES]
        follow = [r for r in rows if r not in entry and (r.source not in steps or is_follow_up(r.trigger, book))]
        # the same event with the same outcome while another irregularity waits (a change of call
        # tried while declarer chooses before the lead) is what happens at the table: told once
        at_table = {(r.trigger, r.summary) for r in entry}
        same = [r for r in follow if not is_follow_up(r.trigger, book) and (r.trigger, r.summary) in at_table]
        entry += same
        follow = [r for r in follow if r not in same]
        # a side question while another irregularity waits that leads only into a step of the
        # panel (the offender saying his insufficient bid was a slip) is told with that step
        into = [r for r in follow if not is_follow_up(r.trigger, book) and _aside_row(r, book)
                and r.target in self.letters]
        for target in dict.fromkeys(r.target for r in into):
            for g in _groups([r for r in into if r.target == target]):
                self.aside([self.entry(g)], g)
        follow = [r for r in follow if r not in into]
        title = book.family(fam).title
        out: list[tuple[str, list[Box], list[Arrow]]] = []
        common = [g for g in _groups(entry) if not all(r.guard is not None and r.guard.rare for r in g.rows)]
        lead_in: list[Row] = []
        if self.steps and len(common) == 1 and {r.target for r in common[0].rows} == {self.steps[0]}:
            # one way in, to the first step: what happened at the table heads that step
            lead_in = common[0].rows
            for g in _groups(entry):
                if g is not common[0] and g.rows[0] not in lead_in:
                    self.aside([self.entry(g)], g)
            entry = []
        if entry:
            boxes: list[Box] = []
            arrows: list[Arrow] = []
            goes_to = self.section(("start", [f"In the auction period: {title.split(' (')[0].lower()}"],
                                    fam, []), entry, boxes, arrows)
            out.append(("", boxes, arrows))
            self.goes_to[len(out) - 1] = goes_to
        for s in self.steps:
            boxes, arrows = [], []
            here = [r for r in book.rows_of("phase") if r.source == s and not is_follow_up(r.trigger, book)
                    and charted(r, book)]
            who = self.specs[s].decider
            if not who:
                raise LawBookError(f"law book {book.name!r}: the decision {s!r} does not say who decides")
            law = _summary_law(self.summaries[s]) or _summary_law(self.summaries[self.parents[s] or s]) \
                or fam
            self.step = self.numbers[s]
            if lead_in and s == self.steps[0]:
                goes_to = self.section(("start", [f"{title.split(' (')[0]}. Step 1: {self.summaries[s]}",
                                        f"Who decides: {who}."], _join_laws([*(r.law for r in lead_in), law]),
                              lead_in), here, boxes, arrows, in_step=True)
            else:
                goes_to = self.section(("step", [f"Step {self.numbers[s]}: {self.summaries[s]}",
                                                 f"Who decides: {who}."], law, []), here, boxes, arrows, in_step=True)
            out.append((s.split(".")[0], boxes, arrows))
            self.goes_to[len(out) - 1] = goes_to
        self.step = None
        for s in self.letters:
            self.rare_step(s)
        for follow_up in (False, True):  # what happens at the table first
            # one chain for what may happen at the table while another irregularity waits, one
            # for what follows on its own: each event's questions one after the other, the event
            # named where its questions begin (a head per event cost a row each)
            these = [r for r in follow if is_follow_up(r.trigger, book) == follow_up]
            if not these:
                continue
            boxes, arrows = [], []
            triggers = list(dict.fromkeys(r.trigger for r in these))
            spec = book.triggers[triggers[0]]
            told = ": " + _lower_first(spec.told or spec.words) if len(triggers) == 1 else ""
            head: tuple[BoxKind, list[str]] = (
                ("note", [f"Afterwards, on its own{told}"]) if follow_up
                else ("start", [f"While another irregularity waits for its ruling{told}"]))
            if follow_up:
                boxes = [self.note(head[1][0], _join_laws(r.law for r in these), these, named=len(triggers) > 1)]
            else:
                self.section((head[0], head[1], _join_laws(r.law for r in these), []), these, boxes, arrows,
                             name_events=len(triggers) > 1)
            out.append(("~" if follow_up else "+", boxes, arrows))
        self.told_on_the_path(out)
        if self.panel:
            out.append(("!", self.panel_section(), []))
        self.unchained = out
        return self.chained(out)

    def told_on_the_path(self, sections: list[tuple[str, list[Box], list[Arrow]]]) -> None:
        """A case of the panel in the very words of an outcome on the common path (a change of
        call tried during a step, told as when it is tried in the auction) is told there once:
        that box stands for its rows too, and cites its law (what the box does not cite yet,
        in its law or in its words: "or ends: 17D3, 22A")."""
        for key in list(self.panel):
            if len(key) != 1:
                continue
            for _, boxes, _ in sections:
                at = next((i for i, b in enumerate(boxes) if b.kind in ("outcome", "goto")
                           and " ".join(b.lines) == key[0]), None)
                if at is not None:
                    law, keys = self.panel.pop(key)
                    b = boxes[at]
                    said = " ".join(b.lines)
                    more = [p for p in _parts(law) if not re.search(rf"\b{re.escape(p)}(?![\w])", said)]
                    boxes[at] = Box(b.id, b.kind, b.lines, _join_laws([b.law, *more]), b.row, b.col,
                                    b.rows + tuple(k for k in keys if k not in b.rows))
                    break

    def chained(self, sections: list[tuple[str, list[Box], list[Arrow]]],
                offset: int = 0) -> list[tuple[str, list[Box], list[Arrow]]]:
        """Steps that follow one another run on as one chain: where a step's last box only says
        "go to step N" and step N comes next, the arrow goes straight on to step N's head (which
        then stands for the rows of that box too), as long as the two fit one page together.
        ``sections`` are those of the chart from the ``offset``-th on (a page's, cut unchained)."""
        out: list[tuple[str, list[Box], list[Arrow]]] = []
        for i, sec in enumerate(sections, offset):
            prev = out[-1] if out else None
            went = self.goes_to.get(i - 1) if i > offset else None
            head = sec[1][0] if sec[1] else None
            if prev is None or went is None or head is None or head.kind not in ("step", "start") \
                    or self.numbers.get(went) != _step_number_or_none(sec[1]) \
                    or chart_height(prev[1]) + chart_height(sec[1]) > MAX_HEIGHT - 1.3:
                out.append(sec)
                continue
            boxes, arrows = list(prev[1]), list(prev[2])
            last = boxes.pop()
            into = [a for a in arrows if a.dst == last.id]
            arrows = [a for a in arrows if a.dst != last.id]
            base = max(b.row for b in boxes) + 1
            rename = {b.id: f"b{len(boxes) + j}" for j, b in enumerate(sec[1])}
            for j, b in enumerate(sec[1]):
                rows = b.rows + last.rows if j == 0 else b.rows
                boxes.append(Box(rename[b.id], b.kind, b.lines, b.law, b.row + base, b.col, rows))
            arrows += [Arrow(a.src, rename[head.id], a.label, a.law) for a in into]
            arrows += [Arrow(rename[a.src], rename[a.dst], a.label, a.law) for a in sec[2]]
            out[-1] = (prev[0] if prev[0] == sec[0] else f"{prev[0]}|{sec[0]}", boxes, arrows)
        return out


def _pages(sections: list[tuple[str, list[Box], list[Arrow]]], title: str,
           title_lines: int = 2) -> list[list[tuple[str, list[Box], list[Arrow]]]]:
    """Sections packed into pages of at most :data:`MAX_BOXES` boxes and :data:`MAX_HEIGHT`
    inches with their title and legend, in chart order, a page break only between sections --
    never inside a chain of questions -- and the panel of rare cases on the last page when it
    fits there.  A family that fits one page under its own title takes one; a part's title is
    taken to need ``title_lines`` lines."""
    every = [b for sec in sections for b in sec[1]]
    if len(every) <= MAX_BOXES and head_height(title, every) + sum(chart_height(sec[1]) for sec in sections) \
            <= MAX_HEIGHT:
        return [sections]
    part_title = "x " * (TITLE_WRAP // 2 * title_lines - 1)  # as many lines as a part's title may take
    pages: list[list[tuple[str, list[Box], list[Arrow]]]] = [[]]
    count, height = 0, 0.0
    for sec in sections:
        n, h = len(sec[1]), chart_height(sec[1])
        here = [b for s in pages[-1] for b in s[1]] + sec[1]
        if pages[-1] and (count + n > MAX_BOXES or head_height(part_title, here) + height + h > MAX_HEIGHT):
            pages.append([])
            count, height = 0, 0.0
        pages[-1].append(sec)
        count, height = count + n, height + h
    return pages


def head_height(title: str, boxes: Sequence[Box]) -> float:
    """About how tall (in inches) a chart's title and legend are: the title wrapped at
    :data:`TITLE_WRAP`, the legend's items (a swatch and :data:`LEGEND_WORDS` of each kind of box
    on the chart) side by side, a new line where a chart's width (about 6.8 in) ends."""
    kinds = [k for k in LEGEND_WORDS if any(b.kind == k for b in boxes)]
    lines, x = 1, 0.0
    for k in kinds:
        item = 0.6 + 0.072 * len(LEGEND_WORDS[k])
        if x and x + item > 6.7:
            lines, x = lines + 1, 0.0
        x += item
    return 0.37 + 0.2 * len(textwrap.wrap(title, TITLE_WRAP)) + 0.2 * lines


def spanning(boxes: Sequence[Box]) -> set[str]:
    """The boxes of a chain drawn across both columns: those alone on their row (a step's head,
    the last box of a chain) in a chart that has outcomes to the right of its questions."""
    flow = [b for b in boxes if b.kind != "aside"]
    if any(b.col < 0 for b in flow):
        return set()
    notes = {b.id for b in flow if b.kind == "note" and len(b.lines) > 1}  # one note of cases (see _one_note)
    if not any(b.col == 1 for b in flow):
        return notes
    count: dict[int, int] = {}
    for b in flow:
        count[b.row] = count.get(b.row, 0) + 1
    return notes | {b.id for b in flow if b.col == 0 and count[b.row] == 1}


def panel_split(heights: Sequence[float]) -> int:
    """How many boxes of the panel (of these heights, in order) stand in its left column, the
    rest in the right one: the cut that makes the taller column lowest, the order kept (the
    panel reads down the left column, then down the right one)."""
    if len(heights) < 2:
        return len(heights)
    return min(range(1, len(heights)), key=lambda k: (max(sum(heights[:k]), sum(heights[k:])), -k))


def law_words(law: str) -> str:
    """A law as a box cites it: "Law 36B", "Laws 37, 9B2" (a law already worded stays)."""
    if law.startswith("Law"):
        return law
    many = "," in law or "-" in law
    return f"Law{'s' if many else ''} {law}"


#: How a case of a note (what follows on its own) begins: its lines after the first are indented
#: under it, so that each case stands out from the next.
NOTE_BULLET: Final = "\u2022 "


def box_text(box: Box, wrap: int) -> list[str]:
    """The lines of text of ``box`` wrapped at ``wrap``, as the drawing prints them: its law
    ends the last line (in parentheses after a sentence), a case of the panel is one paragraph,
    and a note's law follows its head, each case after it on a line of its own, bulleted."""
    parts = list(box.lines)
    note = box.kind == "note" and len(parts) > 1
    if box.law:
        at = 0 if note else -1  # a note's cases cite their own laws
        parts[at] = f"{parts[at]} ({law_words(box.law)})"
    if box.kind == "aside":
        parts = [" ".join(parts)]
    elif box.kind == "start":
        wrap -= 4  # bold type is wider
    out: list[str] = []
    for i, part in enumerate(parts):
        if note and i:
            out += textwrap.wrap(NOTE_BULLET + part, wrap, subsequent_indent="   ")
        else:
            out += textwrap.wrap(part, wrap)
    return out


def _lines(box: Box, wrap: int) -> int:
    """How many lines the text of ``box`` takes wrapped at ``wrap`` (see :func:`box_text`)."""
    return len(box_text(box, wrap))


def chart_height(boxes: Sequence[Box]) -> float:
    """About how tall (in inches) the rows of ``boxes`` are when drawn: each row of a chain as
    tall as its box with most lines of text (wrapped at :data:`WRAP`, or :data:`WRAP_WIDE`
    across both columns), plus padding and gap; the panel in its two columns (wrapped at
    :data:`WRAP_ASIDE`), as tall as the taller, plus its heading."""
    rows: dict[int, int] = {}
    wide = spanning(boxes)
    panel = [0.17 + 0.1375 * _lines(b, WRAP_ASIDE) for b in boxes if b.kind == "aside"]
    for b in boxes:
        if b.kind != "aside":
            wrap = WRAP_WIDE if b.id in wide else WRAP_OUTCOME if b.col == 1 else WRAP
            rows[b.row] = max(rows.get(b.row, 0), _lines(b, wrap))
    flow = sum(0.258 + 0.1375 * n for n in rows.values())
    if not panel:
        return flow
    k = panel_split(panel)
    return flow + max(sum(panel[:k]), sum(panel[k:])) + 0.3


def _step_numbers(boxes: Sequence[Box]) -> list[int]:
    """The numbers of the steps whose heads are among ``boxes`` ("Step 3: ...")."""
    return [_step_number([b]) for b in boxes if b.kind in ("step", "start") and "Step " in b.lines[0]]


def _step_number_or_none(boxes: Sequence[Box]) -> int | None:
    """The number of the step a section heads, or ``None`` for a section that heads none."""
    head = boxes[0].lines[0] if boxes else ""
    return _step_number(boxes) if "Step " in head else None


def _step_number(boxes: Sequence[Box]) -> int:
    """The number of the step whose section starts with ``boxes[0]`` ("Step 3: ...")."""
    head = boxes[0].lines[0]
    return int(head[head.index("Step ") + 5:].split(":")[0])


def _steps_words(numbers: list[int]) -> str:
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"step {numbers[0]}"
    return f"steps {numbers[0]}-{numbers[-1]}"


# Charts already computed, by (book, family): a chart is a pure function of the book, and the
# interactive director and the web trainer name one after every event.  The book is kept with
# its charts, so an id is never taken for another book's.
_COMPUTED: dict[tuple[int, str], tuple[LawBook, tuple[Chart, ...]]] = {}


def family_charts(book: LawBook = LAWS_2017, family: str = "27") -> list[Chart]:
    """The chart(s) of one family: its sections, cut into parts of at most :data:`MAX_BOXES`
    along the law's own parts (see :func:`_pages`); a part's title says what it holds."""
    key = (id(book), family)
    known = _COMPUTED.get(key)
    if known is not None and known[0] is book:
        return list(known[1])
    charts = _family_charts(book, family)
    if len(_COMPUTED) > 256:
        _COMPUTED.clear()
    _COMPUTED[key] = (book, tuple(charts))
    return charts


def _family_charts(book: LawBook, family: str) -> list[Chart]:
    builder = _Builder(book, family)
    sections = builder.sections()
    charts: list[Chart] = []
    for lines in (2, 3, 4):  # the parts' titles, once written, may take more lines than supposed
        pages = _pages(sections, book.family(family).title, lines)
        # steps run on as one chain keep a page from breaking between them: cut the unchained
        # steps into pages and chain them on each page, where that takes fewer pages
        cut = _pages(builder.unchained, book.family(family).title, lines)
        if len(cut) < len(pages):
            starts = list(itertools.accumulate((len(p) for p in cut), initial=0))
            pages = [builder.chained(p, at) for p, at in zip(cut, starts, strict=False)]
        charts = _cut(book, family, builder, pages)
        if all(head_height(c.title, c.boxes) + chart_height(c.boxes) <= MAX_HEIGHT for c in charts):
            break
    return charts


def _cut(book: LawBook, family: str, builder: _Builder,
         pages: list[list[tuple[str, list[Box], list[Arrow]]]]) -> list[Chart]:
    """The charts of a family cut into ``pages``: each part's boxes renumbered, its title
    saying what it holds."""
    procedures = {s.name: s.summary for s in book.states_of("phase") if s.kind == "irregularity"}
    several = len({s.split(".")[0] for s in builder.steps}) > 1
    numbers_of: dict[str, list[int]] = {}
    for st, n in builder.numbers.items():
        numbers_of.setdefault(st.split(".")[0], []).append(n)
    stem = "flow_" + family.replace(", ", "_").replace(" ", "")
    title = book.family(family).title
    charts = []
    for p, page in enumerate(pages, 1):
        boxes: list[Box] = []
        arrows: list[Arrow] = []
        for _, sec_boxes, sec_arrows in page:
            base = max((b.row for b in boxes), default=-1) + 1
            rename = {b.id: f"b{len(boxes) + i}" for i, b in enumerate(sec_boxes)}
            boxes += [Box(rename[b.id], b.kind, b.lines, b.law, b.row + base, b.col, b.rows)
                      for b in sec_boxes]
            arrows += [Arrow(rename[a.src], rename[a.dst], a.label, a.law) for a in sec_arrows]
        suffix = f"_part{p}" if len(pages) > 1 else ""
        t = title
        if len(pages) > 1:
            keys = list(dict.fromkeys(k2 for k, _, _ in page for k2 in k.split("|")))
            words = ["what happens at the table"] if "" in keys else []
            if several:
                for k in (k for k in keys if k not in ("", "+", "~", "!")):
                    mine = [n for k2, b, _ in page if k in k2.split("|") for n in _step_numbers(b)
                            if n in numbers_of.get(k, ())]
                    steps = [s for s in builder.specs if s.startswith(k + ".")]
                    drawn = [s for s in steps if s in builder.numbers]
                    if k in procedures and 2 * len(drawn) > len(steps):
                        # a procedure this chart draws (most of): named, with its steps if it
                        # runs over more than one page
                        whole = len(mine) == len(drawn)
                        words.append(procedures[k] + ("" if whole else ", " + _steps_words(mine)))
                    elif mine:
                        words.append(_steps_words(mine))
            else:
                words += [w for w in [_steps_words([n for k, b, _ in page if k not in ("", "+", "~", "!")
                                                    for n in _step_numbers(b)])]
                          if w]
            words += ["while another irregularity waits"] if "+" in keys else []
            words += ["what follows on its own"] if "~" in keys else []
            words += ["rare cases and side questions"] if "!" in keys else []
            t += f", part {p} of {len(pages)}: " + "; ".join(words)
        charts.append(Chart(stem + suffix, t, family, tuple(boxes), tuple(arrows), p, len(pages)))
    return charts


def overview_chart(book: LawBook = LAWS_2017) -> Chart:
    """The whole auction period: the phases down the spine, and to the right of each phase one
    box per family whose irregularities start there (the dealer's first call counts as part of
    the auction), each naming the chart that draws it."""
    summaries = {s.name: s.summary for s in book.states_of("phase")}
    main = [p for p in MAIN_PHASES
            if p in summaries]
    order = {p: i for i, p in enumerate(main)}
    homes: dict[str, list[tuple[str, list[str], list[Row]]]] = {p: [] for p in main}
    for fam in book.drawn_families:
        if fam == "17-22":
            continue
        rows = [r for r in book.rows_of("phase") if r.family == fam]
        starts = sorted({r.source for r in rows if r.source in order and not is_follow_up(r.trigger, book)},
                        key=order.__getitem__)
        if not starts:  # reached only from other procedures: drawn beside the auction
            starts = ["auction"]
        home = "auction" if starts[0] == "awaiting_first_call" and "auction" in starts else starts[0]
        homes[home].append((fam, [s for s in starts if s != home], rows))
    boxes: list[Box] = []
    arrows: list[Arrow] = []
    row = 0
    for p in main:
        law = _summary_law(summaries[p])
        boxes.append(Box(f"p_{p}", "step", (_sentence(summaries[p].split(" (")[0]),), law, row, 0,
                         tuple(row_key(r) for r in book.rows_of("phase") if r.source == p
                               and r.family == "17-22")))
        for i, (fam, also, rows) in enumerate(homes[p]):
            title = book.family(fam).title
            stems = [c.stem for c in family_charts(book, fam)]
            charts = stems[0] + ".png" + (f" ({len(stems)} parts)" if len(stems) > 1 else "")
            lines = [title.split(" (Law")[0] + "."]
            if also:
                named = {s.name: s.named or s.summary for s in book.states_of("phase")}
                lines.append("Also " + ", ".join(named[s] for s in also) + ".")
            lines.append(f"Chart: {charts}")
            bid = f"f_{fam}"
            boxes.append(Box(bid, "question", tuple(lines), fam, row + i, 1,
                             tuple(row_key(r) for r in rows)))
            arrows.append(Arrow(f"p_{p}", bid, "", fam))
        row += max(len(homes[p]), 1)
    for a, b in itertools.pairwise(main):
        law = _join_laws(r.law for r in book.rows_of("phase") if r.source == a and r.target == b
                         and r.trigger in IN_TURN)
        arrows.append(Arrow(f"p_{a}", f"p_{b}", "", law))  # down the spine: "then" goes without saying
    if "passed_out" in summaries:
        law = _join_laws(r.law for r in book.rows_of("phase") if r.target == "passed_out"
                         and r.family == "17-22")
        at = next(b.row for b in boxes if b.id == "p_auction")
        # beside the auction, above its families: everything below moves down one row
        boxes = [b if b.row < at or (b.row == at and b.col == 0) else
                 Box(b.id, b.kind, b.lines, b.law, b.row + 1, b.col, b.rows) for b in boxes]
        boxes.append(Box("p_passed_out", "outcome", (_sentence(summaries["passed_out"].split(" (")[0]),),
                         law, at, 1, ()))
        arrows.append(Arrow("p_auction", "p_passed_out", "four passes", law))
    return Chart("flow_overview", "The auction period: phases and irregularities (Laws 17-54)",
                 "all", tuple(boxes), tuple(arrows))


def all_charts(book: LawBook = LAWS_2017) -> list[Chart]:
    """The overview, then every family's chart(s)."""
    return [overview_chart(book)] + [c for fam in book.drawn_families for c in family_charts(book, fam)]


def chart_data(chart: Chart) -> dict[str, Any]:
    """The data behind a picture, as JSON-ready values (what the PNG carries and the test
    compares with the law book; a web page may draw the chart from it).  ``part`` and ``parts``
    say which page of its family's chart this is."""
    return {"stem": chart.stem, "title": chart.title, "family": chart.family, "part": chart.part,
            "parts": chart.parts,
            "boxes": [{"id": b.id, "kind": b.kind, "lines": list(b.lines), "law": b.law,
                       "row": b.row, "col": b.col, "rows": list(b.rows)} for b in chart.boxes],
            "arrows": [{"src": a.src, "dst": a.dst, "label": a.label, "law": a.law}
                       for a in chart.arrows]}
