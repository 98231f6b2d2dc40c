"""The route one auction took through the flowcharts (``auction-fsm draw --scenario FILE``).

The engine records, for every event, the law-book rows it fired; every box of a flowchart lists
the rows it stands for.  So the route is exact, not guessed: a box is on the route when one of
its rows fired, tagged with the numbers of the events that fired it.  Two kinds of picture:

* ``route.png``: the auction itself, top to bottom, one box per event (irregularities, rulings
  and decisions in their own colours), the director's rulings beside the events that caused
  them, each with its law;
* ``route_<chart>.png``: each flowchart the irregular steps went through, those boxes framed
  in red and tagged "event N"; and the overview with the families the auction met.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .charts import Arrow, Box, BoxKind, Chart, all_charts, row_key

if TYPE_CHECKING:
    from ..simulator import Simulator, Step

__all__ = ["route_of", "route_chart", "draw_route", "ruling_laws"]



def route_of(steps: Sequence[Step], chart: Chart) -> dict[str, list[int]]:
    """For each box of ``chart`` on the route, the (1-based) numbers of the events through it."""
    fired: dict[str, list[int]] = {}
    for n, st in enumerate(steps, 1):
        for f in st.fired:
            fired.setdefault(row_key(f.row), []).append(n)
    out: dict[str, list[int]] = {}
    for b in chart.boxes:
        events = sorted({n for key in b.rows for n in fired.get(key, ())})
        if events:
            out[b.id] = events
    return out


def _incident(st: Step) -> bool:
    """The event was an irregularity: the engine's one definition (:func:`~auction_fsm.engine.is_incident`)."""
    from ..engine import is_incident

    return is_incident(st.before, st.event, st.after)


def _irregular(st: Step) -> bool:
    """The step belongs to the irregular part of the route: an irregularity, or a step of a
    procedure it opened (a decision, a judgement, declarer's options it leads to)."""
    return _incident(st) or st.before.pending is not None or st.after.pending is not None


def ruling_laws(st: Step) -> str:
    """The laws that ruled something at this event, each paragraph once: the row that took the
    event (what the event is), every ruling it brought, and the decision it opened.  Rows the
    engine passed through without effect (a check for exposed cards or lead rights when there
    are none) are left out."""
    laws: list[str] = []
    if st.fired:
        laws.append(st.fired[0].row.law)
    laws += [r.law for r in st.after.rulings[len(st.before.rulings):]]
    after, before = st.after.pending, st.before.pending
    if after is not None and (before is None or before.state_name != after.state_name):
        laws.append(after.law)
    parts = [p.strip() for law in laws for p in law.split(",") if p.strip()]
    return ", ".join(dict.fromkeys(parts))


def route_chart(sim: Simulator, title: str) -> Chart:
    """The auction as a chart: one box per event down the spine, its rulings beside it."""
    from ..narrate import describe_step, explain_ruling

    boxes: list[Box] = []
    arrows: list[Arrow] = []
    prev: str | None = None
    for n, st in enumerate(sim.steps, 1):
        laws = ruling_laws(st)
        kind: BoxKind = "outcome"
        if _irregular(st):
            kind = "start" if _incident(st) else "step"
        bid = f"e{n}"
        boxes.append(Box(bid, kind, (describe_step(n, st),), laws, n - 1, 0,
                         tuple(row_key(f.row) for f in st.fired)))
        if prev is not None:
            arrows.append(Arrow(prev, bid, "", laws.split(", ")[0]))
        prev = bid
        rulings = st.after.rulings[len(st.before.rulings):]
        if rulings:
            rid = f"r{n}"
            lines = tuple(explain_ruling(r).strip() for r in rulings)
            rlaws = ", ".join(dict.fromkeys(p.strip() for r in rulings for p in r.law.split(",")))
            boxes.append(Box(rid, "question", lines, rlaws, n - 1, 1, ()))
            arrows.append(Arrow(bid, rid, "ruling", rulings[0].law))
    return Chart("route", title, "route", tuple(boxes), tuple(arrows))


def draw_route(sim: Simulator, out_dir: str | Path, title: str) -> list[Path]:
    """Draw ``route.png`` and every flowchart the irregular part of the route went through."""
    from .flowdraw import draw_chart

    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    legend = "red frames: the boxes this auction went through, with the event numbers"
    paths = [draw_chart(route_chart(sim, title), folder / "route.png",
                        subtitle="each event with the laws that ruled something there",
                        legend={"start": "an irregularity", "step": "a decision or judgement",
                                "outcome": "a call or event with no irregularity",
                                "question": "the director's ruling"})]
    irregular_steps = [st if _irregular(st) else None for st in sim.steps]
    for chart in all_charts(sim.book):
        hits = route_of(sim.steps, chart)
        if chart.family == "17-22":
            continue
        # only the irregular events and what they led to count as the route in a flowchart
        hits = {b: [n for n in ns if irregular_steps[n - 1] is not None] for b, ns in hits.items()}
        hits = {b: ns for b, ns in hits.items() if ns}
        if hits:
            paths.append(draw_chart(chart, folder / f"route_{chart.stem}.png", route=hits,
                                    subtitle=f"{title}: {legend}"))
    return paths
