"""The machine check on every edge, with ``transitions`` fired once per class of edges.

The check on every edge (:meth:`~auction_fsm.graph.irregular_space.IrregularSpace.expand`) hands
each edge's step, which the engine ruled strictly (every candidate row's guard tested, so two
rows holding at once is found), to the :class:`~auction_fsm.simulator.Simulator`:
``transitions`` fires the triggers of the rows that fired on the table's machines, and machines
and engine are compared.  Half of that time is ``transitions`` doing the same thing again and
again: the machines' part of a step depends only on

* the machines' states before it (the phase and the four seats),
* the rows the engine fired, in order, with the seat whose machine each seat trigger moves,
* the seat states the obligations ask for afterwards (the impose/release moves), and
* for each trigger fired with the event, the first of the machine's own transitions from the
  state it was in whose conditions hold (``transitions`` takes that one).

:class:`MachineClasses` keys each edge on the first three; the first edge of such a class is
applied with the simulator for real, recording the machine states each trigger fired from, and
the fourth item is then evaluated from the machine's own transitions for every later edge of the
class.  When its first holding transitions match a recorded run, the machines' states after it are that
run's; the rest of the check is done for every edge as before: the comparison of machines and
engine afterwards (``Simulator.cross_check``).  An edge whose class or conditions were not seen yet, or whose class
failed (a disagreement), goes through the simulator, so every fault is reported with the
simulator's own message.  What a class no longer re-runs is ``transitions``' execution of a
transition already executed from the same state with the same conditions holding (its
callbacks only note the row fired): the machine is taken to be a function of its state, the
trigger and which conditions hold, which is what a finite-state machine is.

The conditions of a phase transition are the book's guards, which the engine's strict step has
just tested on the very same context (every row from the source on the trigger); their answers
are read from the notes that step keeps (``Ctx.tested``) rather than worked out again, and only
a condition the engine did not test (a seat machine's, or after the fast path of a plain call)
is evaluated here.  So the check still finds a machine whose order of transitions, or whose
conditions, pick another row than the engine; it takes a guard to be a function of its context,
as everything else here does (``tests/graph/test_parallel.py`` checks the notes against the
guards).  Measured: ``inadmissible-2`` explored with the check in 19.5-19.7 CPU s against
20.4-20.8 s working the answers out again.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..engine import Step
from ..lawbook.rows import Ctx
from ..lawbook.seat_states import ON_SEAT_TO_ACT
from ..simulator import Simulator, seat_state

__all__ = ["MachineClasses"]

_Fire = tuple[Any, str, str]  # the machine's events, the state it fired from, the trigger


class MachineClasses:
    """Per-process memory of the machines' part of a step, by class of edges (module docstring).

    ``hits`` counts the edges whose machines' part came from a recorded run, ``runs`` those the
    simulator applied for real.
    """

    def __init__(self) -> None:
        self._seen: dict[Hashable, tuple[list[_Fire], dict[tuple[int, ...], tuple[str, ...]]]] = {}
        self.hits = 0
        self.runs = 0

    def fire(self, sim: Simulator, st: Step) -> None:
        """``sim.fire(st)`` for a step the engine ruled strictly from ``sim.state`` (raising the
        same errors), firing ``transitions`` only for an edge of a class or conditions not seen
        yet."""
        m = sim.machines
        if m._phase_events is None:
            sim.fire(st)
            return
        before = (m.phase.state, *(s.state for s in m.seats))
        shape = tuple((id(f.row), -1 if f.row.seat_trigger is None else int(
            f.ctx.state.turn if f.row.seat_trigger in ON_SEAT_TO_ACT else f.ctx.seat)) for f in st.fired)
        moved = (None if st.after.obligations is st.before.obligations
                 else tuple(seat_state(o) for o in st.after.obligations))
        cls = (before, shape, moved)
        ctxs = [c for f in st.fired for c in ((f.ctx, f.ctx) if f.row.seat_trigger is not None else (f.ctx,))]
        seen = self._seen.get(cls)
        if seen is not None:
            fires, outcomes = seen
            after = outcomes.get(_first_holding(fires, ctxs))
            if after is not None:
                self.hits += 1
                m.phase.state = after[0]
                for model, state in zip(m.seats, after[1:], strict=True):
                    model.state = state
                sim.state = st.after
                sim.steps.append(st)
                if sim.check:
                    sim.cross_check()
                return
        self.runs += 1
        fires = _run_recording(sim, st)  # raises on a disagreement: nothing is kept
        if len(fires) != len(ctxs):  # not the shape assumed above: never reuse it
            return
        entry = self._seen.setdefault(cls, (fires, {}))
        if entry[0] == fires:
            entry[1][_first_holding(fires, ctxs)] = (m.phase.state, *(s.state for s in m.seats))


def _run_recording(sim: Simulator, st: Step) -> list[_Fire]:
    """``sim.fire(st)``, noting each trigger fired with the event's context: the machine's
    events, the state it fired from and the trigger (the moves of the seats to what the
    obligations ask for carry no context and follow from the states alone)."""
    m = sim.machines
    fire = m._fire
    fires: list[_Fire] = []

    def recording(events: Any, model: Any, trigger: str, ctx: Ctx | None, before: str) -> None:
        if ctx is not None:
            fires.append((events, model.state, trigger))
        fire(events, model, trigger, ctx, before)

    m._fire = recording  # type: ignore[method-assign]
    try:
        sim.fire(st)
    finally:
        del m._fire
    return fires


def _first_holding(fires: list[_Fire], ctxs: list[Ctx]) -> tuple[int, ...]:
    """For each recorded trigger, the index of the first of the machine's transitions from the
    state it fired from whose conditions all hold for this edge's context, tested as
    ``transitions`` tests them (in order, stopping at the first that holds; -1: none holds)."""
    out = []
    for (events, state, trigger), ctx in zip(fires, ctxs, strict=True):
        event = events.get(trigger)
        ways = () if event is None else event.transitions.get(state, ())
        tested = ctx.tested or {}
        out.append(next((i for i, t in enumerate(ways) if all(
            _holds(c.func, ctx, tested) == c.target for c in t.conditions)), -1))
    return tuple(out)


def _holds(guard: Any, ctx: Ctx, tested: dict[int, bool]) -> bool:
    """``guard(ctx)``, read from the answers the engine's strict step noted for ``ctx`` when it
    tested that guard (:class:`~auction_fsm.lawbook.rows.Ctx`), worked out otherwise."""
    found = tested.get(id(guard))
    return bool(guard(ctx)) if found is None else found
