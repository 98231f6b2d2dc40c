"""State machines on ``transitions``, built from the law book's rows.

One machine drives the phase of the auction period (each irregularity procedure a nested
state) and one machine per seat holds that seat's obligations.  Every row of the book becomes
a transition: its guard is the transition's condition, and a callback notes which row fired.
The machines are the second executor of the rows: the :class:`~auction_fsm.simulator.Simulator`
fires on them the triggers the engine took, with the same inputs, and checks that
``transitions`` — evaluating the guards itself, in its own order — takes the same row, lands in
the row's declared destination, and moves the seats only along the seat rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from transitions import Machine, MachineError
from transitions.extensions.nesting import HierarchicalMachine, NestedState

from .calls import ALL_CALLS, Call
from .errors import IllegalCallError, MachineDisagreementError
from .events import CallEvent
from .lawbook import LAWS_2017, LawBook, Row
from .lawbook.classify import CALL_TRIGGERS, in_turn_kind
from .lawbook.rows import SAME, Ctx
from .seats import Seat

__all__ = ["PhaseModel", "SeatModel", "TableMachines", "TRIGGER_OF_KIND", "build_machine"]

TRIGGER_OF_KIND = CALL_TRIGGERS


class _DotState(NestedState):
    """Nested states named ``parent.child``, as the book writes them."""

    separator = "."


class _PhaseMachine(HierarchicalMachine):
    state_cls = _DotState


class PhaseModel:
    """The model of the phase machine (``state`` is set by ``transitions``); ``fired`` is the
    row the machine's last transition came from."""

    state: str
    fired: Row | None = None


class SeatModel:
    """The model of one seat's machine (``state`` is set by ``transitions``)."""

    state: str
    fired: Row | None = None

    def __init__(self, seat: Seat) -> None:
        self.seat = seat



def _transition_dicts(rows: tuple[Row, ...], note: Callable[[Row], Callable[..., None]]) -> list[dict[str, Any]]:
    """``transitions`` dicts for ``rows``: guards as conditions, ``note(row)`` as the callback.

    A row whose destination is its source becomes an *internal* transition (no exit or entry).
    """
    out: list[dict[str, Any]] = []
    for r in rows:
        d: dict[str, Any] = {"trigger": r.trigger, "source": r.source,
                             "dest": None if r.dest == SAME or r.dest == r.source else r.dest,
                             "after": [note(r)]}
        if r.guard is not None:
            d["conditions"] = [r.guard]
        out.append(d)
    return out


def _nested_states(book: LawBook) -> list[Any]:
    """The phase machine's states in ``transitions``' nested form."""
    out: list[Any] = []
    for s in book.states_of("phase"):
        if s.parent is not None:
            continue
        children = [c.name.split(".", 1)[1] for c in book.states_of("phase") if c.parent == s.name]
        out.append({"name": s.name, "children": children} if children else s.name)
    return out


def build_machine(book: LawBook, kind: Literal["phase", "seat"], models: list[Any],
                  note: Callable[[Row], Callable[..., None]], nested: bool = False) -> Machine:
    """A ``transitions`` machine for ``kind`` over ``models`` built from ``book``'s rows.

    With ``nested`` the phase machine is a ``HierarchicalMachine`` whose irregularity
    procedures are parent states with their steps as children.  Without it, it is a flat
    ``Machine`` with the same dotted state names and the same transitions: it behaves
    identically and triggers about three times faster.
    """
    if kind == "phase" and nested:
        cls: type[Machine] = _PhaseMachine
        states: list[Any] = _nested_states(book)
    else:
        cls = Machine
        states = [s.name for s in book.states_of(kind) if s.kind != "irregularity"]
    return cls(model=models, states=states, transitions=_transition_dicts(book.rows_of(kind), note),
               initial=book.initial(kind), auto_transitions=False, ignore_invalid_triggers=False,
               send_event=False)


class TableMachines:
    """The phase machine and the four seat machines of one table, built from one law book."""

    def __init__(self, dealer: Seat, book: LawBook = LAWS_2017, nested: bool = False) -> None:
        self.book = book
        self.nested = nested
        self.phase = PhaseModel()
        self.seats = [SeatModel(s) for s in Seat]

        def note(row: Row) -> Callable[..., None]:
            models: dict[str, Any] = {"phase": self.phase}

            def fired(*_: Any) -> None:
                target = models["phase"] if row.machine == "phase" else self._seat_firing
                target.fired = row
            return fired

        self._seat_firing: SeatModel = self.seats[0]
        self._phase_machine = build_machine(book, "phase", [self.phase], note, nested)
        self._seat_machine = build_machine(book, "seat", list(self.seats), note)
        self._initial_phase, self._initial_seat = book.initial("phase"), book.initial("seat")
        self._terminals = book.terminals("phase")
        self._seat_events = self._seat_machine.events
        self._phase_events = None if nested else self._phase_machine.events
        self._seat_moves = {(r.source, r.target): r.trigger for r in book.rows_of("seat")
                            if r.trigger.startswith(("impose_", "release"))}
        self.reset(dealer)

    def reset(self, dealer: Seat) -> None:
        """Back to the start of a new auction, reusing the built machines."""
        self.dealer = dealer
        self.phase.state = self._initial_phase
        for s in self.seats:
            s.state = self._initial_seat

    @property
    def is_over(self) -> bool:
        """True when the phase machine has left the auction proper: the clarification period, a
        passed-out board whose hands are still out, or an end of the auction period."""
        return self.phase.state in self._terminals or self.phase.state in ("clarification", "passed_out")

    def fire_row(self, row: Row, ctx: Ctx) -> None:
        """Fire ``row``'s trigger on the phase machine with ``ctx``; raise
        :class:`MachineDisagreementError` unless ``transitions`` takes that very row."""
        before = self.phase.state
        self.phase.fired = None
        self._fire(self._phase_events, self.phase, row.trigger, ctx, before)
        if self.phase.fired is not row:
            took = self.phase.fired.label if self.phase.fired is not None else "no row"
            raise MachineDisagreementError(
                f"from {before!r} on {row.trigger!r} the phase machine took {took}; the engine "
                f"took {row.label} ({ctx.event.describe()})")

    def fire_seat(self, seat: Seat, trigger: str, ctx: Ctx) -> None:
        """Fire ``trigger`` on ``seat``'s machine; raise if no seat row allows it."""
        model = self.seats[seat]
        self._seat_firing = model
        self._fire(self._seat_events, model, trigger, ctx, model.state)

    @staticmethod
    def _fire(events: Any, model: Any, trigger: str, ctx: Ctx | None, before: str) -> None:
        try:
            if events is None:  # the hierarchical machine routes its own events
                ok = model.trigger(trigger, ctx)
            else:
                event = events.get(trigger)
                ok = event is not None and event.trigger(model, ctx)
        except MachineError as exc:
            raise MachineDisagreementError(f"the law book has no {trigger!r} from state {before!r}: "
                                           f"{exc}") from None
        if not ok:
            raise MachineDisagreementError(
                f"no row of the law book allows {trigger!r} from state {before!r}"
                + (f" ({ctx.event.describe()})" if ctx is not None else ""))

    def move_seat(self, seat: Seat, want: str) -> None:
        """Bring ``seat``'s machine to state ``want`` by the impose/release row the book gives
        for it; raise :class:`MachineDisagreementError` if there is none."""
        model = self.seats[seat]
        if model.state == want:
            return
        trigger = self._seat_moves.get((model.state, want))
        if trigger is None:
            raise MachineDisagreementError(
                f"seat {seat.name}: the law book has no row from {model.state!r} to {want!r}")
        self.fire_seat(seat, trigger, None)  # type: ignore[arg-type]

    def _enabled(self, events: Any, state: str, trigger: str, ctx: Ctx) -> bool:
        """True when the machine has a transition on ``trigger`` from ``state`` whose conditions
        all hold for ``ctx`` (read from the machine's own transitions)."""
        if events is None:
            events = self._phase_machine.events
        event = events.get(trigger)
        if event is None:
            return False
        return any(all(c.func(ctx) for c in t.conditions) for t in event.transitions.get(state, ()))

    def legal_calls(self, state: Any) -> tuple[Call, ...]:
        """The calls by the seat to act whose transitions are enabled on both the phase machine
        and that seat's machine, in code order (``state`` is the position the machines are in)."""
        if self.phase.state not in ("awaiting_first_call", "auction"):
            return ()
        turn = state.turn
        out = []
        for c in ALL_CALLS:
            try:
                trigger = in_turn_kind(state, turn, c)
            except IllegalCallError:
                continue
            if trigger not in CALL_TRIGGERS.values():
                continue
            ctx = Ctx(state, CallEvent(turn, c))
            if (self._enabled(self._phase_events, self.phase.state, trigger, ctx)
                    and self._enabled(self._seat_events, self.seats[turn].state, trigger, ctx)):
                out.append(c)
        return tuple(out)
