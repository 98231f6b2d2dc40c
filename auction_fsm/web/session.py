"""One board in the web trainer: its events, and everything the page shows about them.

A :class:`WebSession` is its list of events: it holds the interactive director of
:mod:`auction_fsm.teaching.session` (the same simulator, undo, explanation, machine status and
restatement the terminal ``teach`` gives) and adds what a page needs, as plain JSON data
(:meth:`WebSession.view`): the position as ``replay --json`` reports it, the narration of every
event (cached per event: an event's words never change once it is made), the decision waiting
and each option in words with the event that makes it, the seats, and where the board stands on
the flowcharts.  Nothing here is a second copy of the rules: every word comes from the
narration, the report and :mod:`auction_fsm.consequences`, every box from
:mod:`auction_fsm.teaching.charts`, and the order of the options (the common ones first) and the
question the table faces on the chart from :mod:`auction_fsm.teaching.decision`.

:class:`RequestProblem` is what a page asked that cannot be done, in words (the server answers
it with status 400).
"""

from __future__ import annotations

import re
from typing import Any, Final

from ..errors import AuctionFsmError, InternalError
from ..event_language import event_from_dict
from ..events import Event, Judgement
from ..lawbook import LawBook
from ..seats import Seat, parse_seat
from ..teaching.charts import Chart, all_charts, chart_data, row_key
from ..teaching.decision import Facing, facing
from ..teaching.session import TeachSession, plain_message
from ..vulnerability import VULNERABILITIES, parse_vulnerability

__all__ = ["RequestProblem", "WebSession", "VULNERABILITIES", "charts_payload", "chart_index",
           "read_event"]

TITLE: Final = "A board played in the auction-fsm web trainer"
_VULNERABLE: Final = {"None": "", "NS": "NS", "EW": "EW", "All": "NESW"}


class RequestProblem(ValueError):
    """A request the trainer cannot carry out, with a one-line message in words."""


def read_event(data: object) -> Event:
    """An event sent by the page, in the scenario file's form (``{"type": "call", ...}``)."""
    try:
        return event_from_dict(data, "the event sent")
    except (AuctionFsmError, ValueError) as err:
        raise RequestProblem(plain_message(str(err))) from err


# --- the flowcharts, computed once per law book ------------------------------------------------
_CHARTS: dict[int, tuple[list[Chart], dict[str, Any]]] = {}


def chart_index(book: LawBook) -> tuple[list[Chart], dict[str, Any]]:
    """Every chart of ``book`` (the overview first) and the JSON the page draws them from:
    ``charts`` (each :func:`~auction_fsm.teaching.charts.chart_data`), ``laws``, which chart
    to open for a law reference (``"27B2"``, and each bare number such as ``"27"``), and
    ``colours``, the colour of each kind of box (those of the PNG flowcharts), and ``summaries``,
    what each law reference is about in a sentence of our own words
    (:mod:`auction_fsm.lawbook.paragraphs`)."""
    cached = _CHARTS.get(id(book))
    if cached is not None:
        return cached
    charts = all_charts(book)
    laws: dict[str, str] = {}
    # a family's own chart is the better link; the overview names every family, so it comes last
    for chart in [*charts[1:], charts[0]]:
        for law in [b.law for b in chart.boxes] + [a.law for a in chart.arrows]:
            for part in (p.strip() for p in law.split(",")):
                number = re.match(r"\d+", part)
                if not part or number is None:
                    continue
                laws.setdefault(part, chart.stem)
                laws.setdefault(number.group(0), chart.stem)
    from ..lawbook.paragraphs import paragraph_summary
    from ..teaching.flowdraw import COLOURS

    # what each law number is about, in our own words (the 2017 Laws'; another book's numbers
    # may mean other things, so it gets none)
    summaries = {} if book.name != "2017" else {
        law: {"law": found[0], "text": found[1]} for law in laws if (found := paragraph_summary(law))}
    payload = {"charts": [chart_data(c) for c in charts], "laws": laws, "colours": dict(COLOURS),
               "summaries": summaries}
    _CHARTS[id(book)] = (charts, payload)
    return charts, payload


def charts_payload(book: LawBook) -> dict[str, Any]:
    """What ``GET /api/charts?book=NAME`` answers (see :func:`chart_index`)."""
    return {"law_book": book.name, **chart_index(book)[1]}


class WebSession:
    """One board: dealer, vulnerability and the events so far, with the words for each."""

    def __init__(self, dealer: Seat | str = "N", vulnerability: str = "None",
                 events: tuple[Event, ...] | list[Event] = (), title: str | None = None,
                 book: LawBook | None = None, description: str | None = None) -> None:
        try:  # read as a scenario file reads them: "Both", "none", "Love" ... are taken too
            vul = parse_vulnerability(vulnerability, "the vulnerability")
            seat = parse_seat(dealer, "the dealer")
        except (AuctionFsmError, ValueError) as err:
            raise RequestProblem(str(err)) from err
        self.teach = TeachSession(seat, vul, book=book)
        self.title = title
        self.description = description  # a loaded file's; kept through save, download and restore
        self.lines: list[list[str]] = []  # the narration of each event, made when first shown
        self.notice = ""
        self._faced: Facing | None = None  # the waiting decision as the book tells it, for the position shown
        for n, event in enumerate(events, 1):
            try:
                self.apply(event)
            except RequestProblem as err:
                self.notice = (f"Event {n} ({event.describe()}) was not accepted: {err}; the "
                               f"{n - 1} event(s) before it are on the table.")
                break

    # --- the board ---------------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        """The events so far, in order."""
        return self.teach.events

    @property
    def book(self) -> LawBook:
        """The law book the board is ruled with."""
        return self.teach.sim.book

    def apply(self, event: Event) -> None:
        """Rule one more event; a refusal changes nothing and says why."""
        sim = self.teach.sim
        try:
            sim.apply(event)
        except InternalError:
            raise  # a bug of the package (the machines and the engine disagree ...), not the request's
        except AuctionFsmError as err:
            raise RequestProblem(plain_message(str(err))) from err
        self.teach.events.append(event)
        self.notice = ""

    def undo(self) -> str:
        """Take back the last event (the others are replayed); the words for it."""
        if not self.events:
            raise RequestProblem("there is nothing to undo: no event has been made yet")
        said = self.teach.undo()[0]
        del self.lines[len(self.events):]
        self.notice = ""
        return said

    def narration(self) -> list[list[str]]:
        """The lines of each event so far (the narration's; an event's lines are made once)."""
        from ..narrate import step_lines

        steps = self.teach.sim.steps
        del self.lines[len(steps):]
        for n in range(len(self.lines) + 1, len(steps) + 1):
            self.lines.append(step_lines(n, steps[n - 1], self.book))
        return [list(lines) for lines in self.lines]

    def scenario(self) -> dict[str, Any]:
        """The board as a scenario file's JSON object (what ``auction-fsm replay`` reads)."""
        from ..lawbook import LAWS_2017
        from ..scenario import Scenario

        sim = self.teach.sim
        named = None if sim.book is LAWS_2017 else sim.book.name  # a file names a book other than 2017
        return Scenario(sim.dealer, tuple(self.events), sim.vulnerability,  # type: ignore[arg-type]
                        title=self.title or TITLE, description=self.description,
                        law_book=named).to_dict()

    # --- what the page shows -----------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """Everything the page shows about the board, as JSON-ready data."""
        from ..narrate import decision_in_words, describe_outcome, obligation_in_words, vulnerability_in_words
        from ..report import state_to_json

        sim = self.teach.sim
        state = sim.state
        report = state_to_json(sim)
        pending = state.pending
        acting = _acting(report)
        vulnerable = _VULNERABLE[sim.vulnerability]
        seats = [{"seat": s.name, "name": s.long_name, "dealer": s == sim.dealer,
                  "vulnerable": s.name in vulnerable,
                  "obligations": [obligation_in_words(o) for o in state.obligations[s]],
                  "acting": acting == s.name} for s in Seat]
        situation = [decision_in_words(state)] if pending is not None else describe_outcome(state)
        options = self._options()
        return {
            "at": len(self.events),
            "dealer": sim.dealer.name,
            "vulnerability": sim.vulnerability,
            "law_book": self.book.name,
            "vulnerability_words": vulnerability_in_words(sim.vulnerability),
            "acting": acting,
            "seats": seats,
            "report": report,
            "narration": self.narration(),
            "situation": situation,
            "options": options,
            "box": _lit_calls(options),
            "record": self.record(),
            "explain": self.teach.explain() if self.events else [],
            "status": self.teach.status(),
            "restate": self.teach.restate(),
            "chart": self._chart(),
            "scenario": self.scenario(),
            "notice": self.notice,
        }

    def _options(self) -> list[dict[str, Any]]:
        """Each way of answering the pending decision, in the order the book gives them
        (:func:`~auction_fsm.teaching.decision.facing`: the common ones first, a pass of its
        own first of all): a label, its consequence in words (the narration's line, 10C1) and
        the event that makes it -- or, for an option made by a call with several calls to
        choose from, the seat and those calls."""
        from ..event_language import event_to_dict
        from ..lawbook.procedure import JUDGEMENTS
        from ..narrate import options_lines

        state = self.teach.sim.state
        if state.pending is None:
            return []
        told = [line.strip().removeprefix("- ") for line in options_lines(state, self.book)[1:]]
        out: list[dict[str, Any]] = []
        for a in self._facing().answers:
            seat = a.seat.name if a.seat is not None else None
            event = event_to_dict(a.event) if a.event is not None else None
            calls = [c.text for c in a.calls]
            if a.told < 0:  # a judgement the director may give before the decider chooses (54C)
                assert isinstance(a.event, Judgement)
                judged = JUDGEMENTS[a.option]
                words = judged.yes if a.event.value else judged.no
                out.append({"option": a.option, "how": a.how, "seat": None, "calls": [], "common": True,
                            "label": f"The director judges that {words}",
                            "text": self._judged_first(a.option, a.event.value, words), "event": event})
                continue
            line = told[a.told] if a.told < len(told) else ""
            head = line.partition(":")[0]
            label = head.removeprefix("If ").strip() or a.option.replace("_", " ")
            label = label[:1].upper() + label[1:]
            if a.part == "pass" and seat is not None:
                who = Seat[seat].long_name
                label, line = f"{who} passes", f"If {who} passes: {line.partition(': ')[2]}"
            elif a.part == "rest":
                label, line = (re.sub(r"any of the other \d+ calls", f"any of the other {len(calls)} calls", x)
                               for x in (label, line))
            out.append({"option": a.option, "how": a.how, "seat": seat, "calls": calls, "label": label,
                        "text": line, "event": event, "common": a.common})
        return out

    def _facing(self) -> Facing:
        """The waiting decision as the book has a class meet it (kept for the position shown)."""
        state = self.teach.sim.state
        if self._faced is None or self._faced.state is not state:
            self._faced = facing(state, self.book)
        return self._faced

    def record(self) -> list[dict[str, Any]]:
        """Each event so far: its line of the narration and the rulings it brought, in plain
        words with their law, each ruling once (what each option would lead to is shown with the
        options, not here)."""
        narration = self.narration()
        out: list[dict[str, Any]] = []
        for n, (told, st) in enumerate(zip(narration, self.teach.sim.steps), 1):
            rulings: list[dict[str, str]] = []
            for r in st.after.rulings[len(st.before.rulings):]:
                words = r.summary.strip().rstrip(".")
                said = {"law": r.law, "text": f"{words[:1].upper()}{words[1:]} (Law {r.law})."}
                if said not in rulings:
                    rulings.append(said)
            out.append({"n": n, "line": told[0] if told else "", "rulings": rulings})
        if out and self.teach.sim.state.pending is not None:
            # the options told (10C1) of the decision waiting are its buttons: not twice
            out[-1]["rulings"] = [r for r in out[-1]["rulings"] if not r["law"].startswith("10C")]
        return out

    def _judged_first(self, kind: str, value: bool, words: str) -> str:
        """What a judgement the director may give before the decider chooses leads to: the
        rulings the engine gives for it on the current position (nothing is changed)."""
        from ..engine import step

        state = self.teach.sim.state
        try:
            st = step(state, Judgement(kind, value))  # type: ignore[arg-type]
        except AuctionFsmError as err:
            return f"If the director judges that {words}: {plain_message(str(err))}."
        rulings = [r.summary.rstrip(".") for r in st.after.rulings[len(st.before.rulings):]]
        if not rulings and st.fired:
            rulings = [st.fired[0].row.summary]
        law = st.fired[0].row.law if st.fired else ""
        told = "; ".join(rulings) or "nothing changes"
        return f"If the director judges that {words}: {told}" + (f" (Law {law})." if law else ".")

    def _chart(self) -> dict[str, Any]:
        """Which flowchart to show and what to mark on it: ``here``, the step under way and the
        question the table faces, and ``asked``, the step's other questions (a "no" leads from
        one to the next), as the book places the waiting decision on the charts
        (:meth:`~auction_fsm.teaching.decision.Facing.on_charts`); ``last``, the boxes the last
        event went through; ``route``, per chart, the boxes every event went through (with the
        event numbers)."""
        from ..teaching.route import route_of

        charts, _ = chart_index(self.book)
        sim = self.teach.sim
        state = sim.state
        route: dict[str, dict[str, list[int]]] = {}
        for chart in charts:
            hits = route_of(sim.steps, chart)
            if hits:
                route[chart.stem] = hits
        last_keys = {row_key(f.row) for f in sim.steps[-1].fired} if sim.steps else set()
        stem, here, asked = "", [], []
        mark = self._facing().on_charts(charts)
        if mark is not None:
            stem, here, asked = mark.stem, list(mark.here), list(mark.asked)
        if not stem and sim.steps:
            for chart in charts[1:]:
                if chart.family in ("17-22",):
                    continue
                if any(last_keys & set(b.rows) for b in chart.boxes):
                    stem = chart.stem
                    break
        if not stem:
            stem = charts[0].stem
            phase = state.phase.split(".")[0]
            here = [f"p_{phase}"] if any(b.id == f"p_{phase}" for b in charts[0].boxes) else []
        shown = next(c for c in charts if c.stem == stem)
        last = [b.id for b in shown.boxes if last_keys & set(b.rows)]
        return {"stem": stem, "here": here, "asked": asked, "last": last, "route": route}


def _acting(report: dict[str, Any]) -> str | None:
    """The seat the table waits for: the decider, the seat to call, or the seat to lead."""
    pending = report["pending"]
    if pending is not None:
        decider = pending["decider"]
        return decider if decider in Seat.__members__ else None
    if report["to_act"] is not None:
        return str(report["to_act"])
    if report["to_lead"] is not None:
        return str(report["to_lead"])
    return None



def _lit_calls(options: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The seat and the calls the bidding box lights when a call decides the pending question
    (the calls of every common option made by a call: not a second insufficient bid or a bid
    above seven, which stay unlit but may still be made); ``None`` when no call decides."""
    by_call = [o for o in options if o["how"] == "call" and o["seat"] is not None and o.get("common", True)]
    if not by_call:
        return None
    calls: list[str] = []
    for o in by_call:
        calls.extend(c for c in o["calls"] if c not in calls)
    return {"seat": by_call[0]["seat"], "calls": calls}
