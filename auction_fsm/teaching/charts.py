"""Flowcharts for people, computed from the law book: the data behind each teaching picture.

Why a separate model from the machine graphs: a director learns a procedure as a chain of
questions ("Does LHO call over it?" yes: the outcome; no: the next question), each with the law
that answers it, not as states and triggers.  This module turns the rows of one family into
that chain; :mod:`.flowdraw` only draws what is computed here, and the committed PNG files
carry this data (see :func:`chart_data`) so a test can tell a stale picture from a current one.

How a family becomes a chart
----------------------------
* Its *steps* are the procedure states whose rows mostly belong to the family (the
  insufficient bid's "awaiting decision", "premature replacement", "awaiting replacement").
* Sections, in order: the irregularity itself (rows from the open phases), one section per step
  (in the order the procedure reaches them), then what follows on its own afterwards (the
  follow-up rows).  Each section is a spine of question boxes; the "yes" of a question points
  right to its outcome, the "no" down to the next question.
* Rows from the same place on the same trigger with the same summary are one outcome: they
  differ only in where the auction stands afterwards, which the outcome lists ("then ...").
* A destination inside the chart is a "go to step N" box; a destination in another family's
  procedure names that chart.
* A chart with more than :data:`MAX_BOXES` boxes is cut between sections into parts.

Every box and arrow carries a law number; every box lists the rows it stands for, which is how
``draw --scenario`` finds the route an auction took.  Standard library only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ..errors import LawBookError
from ..lawbook import LAWS_2017, LawBook, Row
from ..lawbook.rows import ASK_TRIGGER, OTHERWISE
from ..lawbook.states import WHERE_QUESTIONS

__all__ = ["BoxKind", "Box", "Arrow", "Chart", "MAX_BOXES", "OPEN_PHASES", "family_charts",
           "overview_chart", "all_charts", "chart_data", "family_steps", "step_owner",
           "is_follow_up", "row_key"]

BoxKind = Literal["start", "step", "question", "outcome", "goto", "note"]
MAX_BOXES: Final = 30
#: The phases that are not procedures: where an irregularity starts and where a ruling returns.
OPEN_PHASES: Final = ("awaiting_first_call", "auction", "clarification", "opening_lead", "play",
                      "passed_out")


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


def _parts(law: str) -> list[str]:
    return [p.strip() for p in law.split(",") if p.strip()]


def _join_laws(laws: Iterable[str]) -> str:
    out: list[str] = []
    for law in laws:
        for p in _parts(law):
            if p not in out:
                out.append(p)
    return ", ".join(out)


def step_owner(book: LawBook, state: str) -> str | None:
    """The family that owns a procedure step: the one with most table-event rows from it.

    On a tie (a step with one answer of its own family and the director's row of Laws 9-10,
    such as 51A's designation) the family whose rows lead into the step owns it.
    """
    counts: dict[str, int] = {}
    for r in book.rows_of("phase"):
        if r.source == state and not is_follow_up(r.trigger, book):
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
    return seen + [s for s in order if s not in seen]


@dataclass
class _Group:
    """Rows on one trigger that share one outcome (they differ only in where things stand)."""

    trigger: str
    rows: list[Row] = field(default_factory=list)

    @property
    def guarded(self) -> bool:
        return self.rows[0].guard is not None


def _groups(rows: Sequence[Row]) -> list[_Group]:
    """Rows grouped by ``(trigger, summary)`` in book order."""
    out: dict[tuple[str, str], _Group] = {}
    for r in rows:
        out.setdefault((r.trigger, r.summary), _Group(r.trigger)).rows.append(r)
    return list(out.values())


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


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


class _Builder:
    """Lays out the sections of one family on the grid."""

    def __init__(self, book: LawBook, family: str) -> None:
        self.book = book
        self.family = family
        self.steps = family_steps(book, family)
        self.numbers = {s: n for n, s in enumerate(self.steps, 1)}
        self.summaries = {s.name: s.summary for s in book.states_of("phase")}
        self.specs = {s.name: s for s in book.states_of("phase")}
        self.parents = {s.name: s.parent for s in book.states_of("phase")}

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
        if sources <= {"awaiting_first_call", "auction"}:
            return self.specs["auction"].question
        return WHERE_QUESTIONS["after_auction"]

    def place(self, target: str, source: str, extra: Sequence[str] = ()) -> str:
        """Where an outcome leaves things, in words."""
        if target in self.numbers:
            return f"{'back' if target == source else 'go'} to step {self.numbers[target]}"
        if target == "auction" and "17D3" in extra:
            return "the auction goes back to the player who missed a turn"
        if target == source and target != "auction":
            return "it stays where it was"
        spec = self.specs.get(target)
        if spec is not None and spec.place:
            return spec.place
        owner = step_owner(self.book, target)
        what = self.summaries.get(target, target)
        title = self.book.family(owner).title if owner in self.book.drawn_families else ""
        if not title or owner is None:
            return what
        number = family_steps(self.book, owner).index(target) + 1
        return f"{what}: step {number} of the chart '{title.split(' (')[0]}'"

    def outcome(self, group: _Group) -> tuple[list[str], str, BoxKind]:
        """The outcome box of a group: lines, law and kind."""
        common = [p for p in _parts(group.rows[0].law) if all(p in _parts(r.law) for r in group.rows)]
        law = ", ".join(common) if common else _join_laws(r.law for r in group.rows)
        thens: list[str] = []
        sources = {r.source for r in group.rows}
        if all(r.target == r.source for r in group.rows) and sources != {"auction"} and (
                len(sources) > 1 or not sources & set(self.numbers)):
            extra = [p for r in group.rows for p in _parts(r.law) if p not in common] if common else []
            thens.append("nothing else changes" + (f" ({', '.join(dict.fromkeys(extra))})" if extra else ""))
        for r in group.rows if not thens else ():
            extra = [p for p in _parts(r.law) if p not in common] if common else []
            phrase = self.place(r.target, r.source, extra)
            if extra:
                phrase += f" ({', '.join(extra)})"
            if phrase not in thens:
                thens.append(phrase)
        lines = [_sentence(group.rows[0].summary)]
        kind: BoxKind = "outcome"
        inside = [t for t in (r.target for r in group.rows) if t in self.numbers]
        if inside and len(thens) == 1:
            kind = "goto"
        lines.append(_sentence("then " + "; or ".join(thens)))
        return lines, law, kind

    # --- sections ------------------------------------------------------------------------------
    def section(self, head: tuple[BoxKind, list[str], str, list[Row]], rows: Sequence[Row],
                out: list[Box], arrows: list[Arrow]) -> None:
        """A head box and the question spine under it, appended at the bottom of ``out``."""
        kind, lines, law, head_rows = head
        row = max((b.row for b in out), default=-1) + 1
        head_id = f"b{len(out)}"
        out.append(Box(head_id, kind, tuple(lines), law, row, 0, tuple(row_key(r) for r in head_rows)))
        groups = _groups(rows)
        by_trigger: dict[str, list[_Group]] = {}
        for g in groups:
            by_trigger.setdefault(g.trigger, []).append(g)
        ordered: list[tuple[_Group, bool, bool]] = []
        for gs in by_trigger.values():
            alone = len(gs) == 1
            asked = [self.question(g, alone) for g in gs]
            by_phase = len(set(asked)) < len(asked)
            specific = [g for g, q in zip(gs, asked, strict=True) if by_phase or q != OTHERWISE]
            rest = [g for g in gs if g not in specific]
            ordered += [(g, alone, by_phase) for g in specific + rest]
        merged: list[tuple[_Group, bool, bool, list[_Group]]] = []
        for g, alone, by_phase in ordered:
            last = merged[-1] if merged else None
            if last is not None and alone and last[1] and self.outcome(g) == self.outcome(last[0]) \
                    and [r.target for r in g.rows] == [r.target for r in last[0].rows]:
                last[3].append(g)
            else:
                merged.append((g, alone, by_phase, []))
        prev, prev_label_law = head_id, law
        prev_label = ""
        for i, (g, alone, by_phase, also) in enumerate(merged):
            q = self.question(g, alone, by_phase)
            if q == OTHERWISE and i < len(merged) - 1:
                q = "Any other case?"  # another trigger follows: the chain must go on
            o_lines, o_law, o_kind = self.outcome(g)
            keys = tuple(row_key(r) for x in (g, *also) for r in x.rows)
            row += 1
            if q == OTHERWISE:
                # the final "no" of the chain leads straight to this outcome, on the spine
                oid = f"b{len(out)}"
                out.append(Box(oid, o_kind, tuple(o_lines), o_law, row, 0, keys))
                arrows.append(Arrow(prev, oid, "no, any other case", o_law))
                prev = oid
                continue
            # the context names the event when the question is about something else (a guard)
            trig = self.book.triggers[g.trigger]
            context = trig.told if q != trig.question else None
            q_lines = ([f"{context}:"] if context else []) + [q] + [
                "Or: " + _lower_first(self.book.triggers[x.trigger].question) for x in also]
            qid = f"b{len(out)}"
            out.append(Box(qid, "question", tuple(q_lines), o_law, row, 0, keys))
            arrows.append(Arrow(prev, qid, prev_label, prev_label_law))
            oid = f"b{len(out)}"
            out.append(Box(oid, o_kind, tuple(o_lines), o_law, row, 1, keys))
            arrows.append(Arrow(qid, oid, "yes", o_law))
            following = [self.outcome(g2)[1] for g2, _, _, _ in merged[i + 1:i + 2]]
            prev, prev_label, prev_label_law = qid, "no", following[0] if following else o_law

    def sections(self) -> list[tuple[list[Box], list[Arrow]]]:
        """Each section on its own grid (rows from 0), in chart order."""
        book, fam = self.book, self.family
        rows = [r for r in book.rows_of("phase") if r.family == fam]
        steps = set(self.steps)
        entry = [r for r in rows if r.source not in steps and not is_follow_up(r.trigger, book)
                 and r.source in OPEN_PHASES]
        follow = [r for r in rows if r not in entry and (r.source not in steps or is_follow_up(r.trigger, book))]
        title = book.family(fam).title
        out: list[tuple[list[Box], list[Arrow]]] = []
        if entry:
            boxes: list[Box] = []
            arrows: list[Arrow] = []
            self.section(("start", [f"During the auction period: {title.split(' (')[0].lower()}"],
                          fam, []), entry, boxes, arrows)
            out.append((boxes, arrows))
        for s in self.steps:
            boxes, arrows = [], []
            here = [r for r in book.rows_of("phase") if r.source == s and not is_follow_up(r.trigger, book)]
            who = self.specs[s].decider
            if not who:
                raise LawBookError(f"law book {book.name!r}: the decision {s!r} does not say who decides")
            law = _summary_law(self.summaries[s]) or _summary_law(self.summaries[self.parents[s] or s]) \
                or fam
            self.section(("step", [f"Step {self.numbers[s]}: {self.summaries[s]}", f"Who decides: {who}."],
                          law, []), here, boxes, arrows)
            out.append((boxes, arrows))
        if follow:
            boxes, arrows = [], []
            self.section(("note", ["Afterwards, without anyone asking, the director follows up:"],
                          fam, []), follow, boxes, arrows)
            out.append((boxes, arrows))
        return out


def family_charts(book: LawBook = LAWS_2017, family: str = "27") -> list[Chart]:
    """The chart(s) of one family: its sections, cut into parts of at most :data:`MAX_BOXES`."""
    builder = _Builder(book, family)
    pages: list[list[tuple[list[Box], list[Arrow]]]] = [[]]
    count = 0
    for sec in builder.sections():
        n = len(sec[0])
        if pages[-1] and count + n > MAX_BOXES:
            pages.append([])
            count = 0
        pages[-1].append(sec)
        count += n
    stem = "flow_" + family.replace(", ", "_").replace(" ", "")
    title = book.family(family).title
    charts = []
    for p, page in enumerate(pages, 1):
        boxes: list[Box] = []
        arrows: list[Arrow] = []
        for sec_boxes, sec_arrows in page:
            base = max((b.row for b in boxes), default=-1) + 1
            rename = {b.id: f"b{len(boxes) + i}" for i, b in enumerate(sec_boxes)}
            boxes += [Box(rename[b.id], b.kind, b.lines, b.law, b.row + base, b.col, b.rows)
                      for b in sec_boxes]
            arrows += [Arrow(rename[a.src], rename[a.dst], a.label, a.law) for a in sec_arrows]
        suffix = f"_part{p}" if len(pages) > 1 else ""
        t = title + (f", part {p} of {len(pages)}" if len(pages) > 1 else "")
        charts.append(Chart(stem + suffix, t, family, tuple(boxes), tuple(arrows), p, len(pages)))
    return charts


_PHASE_NAMES: Final = {"awaiting_first_call": "at the dealer's first call", "auction": "during the auction",
                       "clarification": "after the auction has ended",
                       "opening_lead": "while a face-down opening lead is on the table"}


def overview_chart(book: LawBook = LAWS_2017) -> Chart:
    """The whole auction period: the phases down the spine, and to the right of each phase one
    box per family whose irregularities start there (the dealer's first call counts as part of
    the auction), each naming the chart that draws it."""
    summaries = {s.name: s.summary for s in book.states_of("phase")}
    main = [p for p in ("awaiting_first_call", "auction", "clarification", "opening_lead", "play")
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
            charts = ", ".join(c.stem + ".png" for c in family_charts(book, fam))
            lines = [title.split(" (Law")[0] + "."]
            if also:
                lines.append("Also " + "; ".join(_PHASE_NAMES.get(s, s) for s in also) + ".")
            lines.append(f"Chart: {charts}")
            bid = f"f_{fam}"
            boxes.append(Box(bid, "question", tuple(lines), fam, row + i, 1,
                             tuple(row_key(r) for r in rows)))
            arrows.append(Arrow(f"p_{p}", bid, "", fam))
        row += max(len(homes[p]), 1)
    for a, b in itertools.pairwise(main):
        law = _join_laws(r.law for r in book.rows_of("phase") if r.source == a and r.target == b
                         and r.trigger in ("call_pass", "call_bid", "face_down_lead", "opening_lead",
                                           "face_lead"))
        arrows.append(Arrow(f"p_{a}", f"p_{b}", "then", law))
    if "passed_out" in summaries:
        law = _join_laws(r.law for r in book.rows_of("phase") if r.target == "passed_out"
                         and r.family == "17-22")
        at = next(b.row for b in boxes if b.id == "p_auction")
        boxes.append(Box("p_passed_out", "outcome", (_sentence(summaries["passed_out"].split(" (")[0]),),
                         law, at, -1, ()))
        arrows.append(Arrow("p_auction", "p_passed_out", "four passes", law))
    return Chart("flow_overview", "The auction period: phases and irregularities (Laws 17-54)",
                 "all", tuple(boxes), tuple(arrows))


def all_charts(book: LawBook = LAWS_2017) -> list[Chart]:
    """The overview, then every family's chart(s)."""
    return [overview_chart(book)] + [c for fam in book.drawn_families for c in family_charts(book, fam)]


def chart_data(chart: Chart) -> dict[str, Any]:
    """The data behind a picture, as JSON-ready values (what the PNG carries and the test
    compares with the law book)."""
    return {"stem": chart.stem, "title": chart.title, "family": chart.family,
            "boxes": [{"id": b.id, "kind": b.kind, "lines": list(b.lines), "law": b.law,
                       "row": b.row, "col": b.col, "rows": list(b.rows)} for b in chart.boxes],
            "arrows": [{"src": a.src, "dst": a.dst, "label": a.label, "law": a.law}
                       for a in chart.arrows]}
