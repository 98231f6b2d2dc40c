"""The simulator: events in, the engine and the state machines run in step, the record kept.

Each event is ruled by the engine (:func:`auction_fsm.engine.step`) under the simulator's law
book; if no row takes it, the error propagates and nothing changes.  The simulator then fires,
on the ``transitions`` machines built from the same book, each row the engine fired, with the
same inputs, and checks after every row that the machine took that very row and reached its
declared destination, then that every seat's machine holds the seat's obligations.

What this check proves: the two executors of the law book agree — ``transitions`` picks the
same row as the engine's dispatch, the rows' declared destinations are where their actions
lead, and obligations change only along the seat rows.  It does not prove the rows are the
Laws: that is what the law tests (``tests/laws``), run against the book, are for.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, MutableSequence
from dataclasses import dataclass

from .auction import AuctionState
from .calls import Call
from .engine import Step, step
from .errors import MachineDisagreementError
from .events import CallEvent, Event
from .lawbook import LAWS_2017, LawBook
from .lawbook.seat_states import OBLIGATION_STATE, ON_SEAT_TO_ACT, seat_state
from .machines import TableMachines
from .records import Contract
from .seats import Seat, parse_seat

# OBLIGATION_STATE and seat_state are the law book's (lawbook/seat_states.py), named here too for
# code that imported them from the simulator.
__all__ = ["Simulator", "Step", "MachineView", "OBLIGATION_STATE", "seat_state"]

@dataclass(frozen=True, slots=True)
class MachineView:
    """A summary of a position that both the machines and the engine's state can give."""

    phase: str
    turn: Seat | None
    legal_calls: tuple[Call, ...]
    is_over: bool
    contract: Contract | None
    seat_states: tuple[str, ...]


_SEATS = tuple(Seat)


class Simulator:
    """Drive one auction from events.

    >>> sim = Simulator("S")
    >>> for seat, call in [("S", "1NT"), ("W", "P"), ("N", "3NT"), ("E", "P"), ("S", "P"), ("W", "P")]:
    ...     _ = sim.call(seat, call)
    >>> str(sim.state.contract), sim.phase
    ('3NT by S', 'clarification')
    """

    def __init__(self, dealer: Seat | str, vulnerability: str = "None", *, check: bool = True,
                 nested: bool = False, book: LawBook | None = None, keep_steps: int | None = None) -> None:
        """``keep_steps``: how many of the last steps :attr:`steps` keeps (all by default).  Each
        step holds the positions before and after it, and each position its own record and
        rulings, so keeping every step of a long board costs memory quadratic in its events
        (F17); a replay that tells the steps as they come keeps one (:attr:`count` still counts
        them all)."""
        # ``book=None`` stands for the 2017 Laws: a default of the book itself would put its
        # whole repr into help(Simulator).
        book = LAWS_2017 if book is None else book
        self.dealer = parse_seat(dealer, "dealer")
        self.book = book
        self.state = AuctionState.start(self.dealer, vulnerability, book)
        self.vulnerability = self.state.vulnerability
        self.machines = TableMachines(self.dealer, book, nested=nested)
        self.keep_steps = keep_steps
        self.steps: MutableSequence[Step] = self._no_steps()
        self.count = 0  # events applied since the start (also those no longer in ``steps``)
        self.check = check

    def _no_steps(self) -> MutableSequence[Step]:
        return [] if self.keep_steps is None else deque(maxlen=max(1, self.keep_steps))

    def reset(self, dealer: Seat | str, vulnerability: str = "None") -> None:
        """Start a new auction, reusing the built machines (building them is the costly part)."""
        self.dealer = parse_seat(dealer, "dealer")
        self.state = AuctionState.start(self.dealer, vulnerability, self.book)
        self.vulnerability = self.state.vulnerability
        self.machines.reset(self.dealer)
        self.steps = self._no_steps()
        self.count = 0

    @property
    def phase(self) -> str:
        """The phase machine's current state."""
        return self.machines.phase.state

    def apply(self, event: Event) -> Step:
        """Apply one event; on error nothing changes and the error says why."""
        return self.fire(step(self.state, event))  # by the position's book, the simulator's; raises on anything no row takes

    def fire(self, st: Step) -> Step:
        """Drive the machines through ``st``, a step the engine (strictly) ruled from the
        current state, and take its outcome as the new state; on a disagreement the machines go
        back to the last agreed state and the error says why.  (:meth:`apply` rules the event
        first; an explorer that has ruled it already hands the step over.)"""
        m = self.machines
        try:
            for f in st.fired:
                m.fire_row(f.row, f.ctx)
                if self.check and m.phase.state != f.after.phase:
                    raise MachineDisagreementError(
                        f"row {f.row.label}: the machine is in {m.phase.state!r}, the engine's state "
                        f"in {f.after.phase!r}")
                if f.row.seat_trigger is not None:
                    seat = f.ctx.state.turn if f.row.seat_trigger in ON_SEAT_TO_ACT else f.ctx.seat
                    m.fire_seat(seat, f.row.seat_trigger, f.ctx)
                # a rectification moved a seat: followed row by row, since a later row of the
                # same step may be that seat's call (an owed repeat taken back under 25B1 when
                # LHO's call over a change is the offender's own, 31A)
                if f.after.obligations is not f.ctx.state.obligations:
                    for seat in Seat:
                        m.move_seat(seat, seat_state(f.after.obligations[seat]))
            if st.after.obligations is not st.before.obligations:
                for seat in Seat:
                    m.move_seat(seat, seat_state(st.after.obligations[seat]))
        except MachineDisagreementError:
            self._resync()
            raise
        self.state = st.after
        self.steps.append(st)
        self.count += 1
        if self.check:
            self.cross_check()
        return st

    def _resync(self) -> None:
        """After a disagreement, put the machines back where the last agreed state was."""
        m = self.machines
        m.phase.state = self.state.phase
        for seat, model in zip(_SEATS, m.seats, strict=True):
            model.state = seat_state(self.state.obligations[seat])

    def call(self, seat: Seat | str, call: Call | str) -> Step:
        """Apply a call event built from text."""
        return self.apply(CallEvent.of(seat, call))

    def run(self, events: Iterable[Event]) -> Simulator:
        """Apply several events in order; return ``self``."""
        for e in events:
            self.apply(e)
        return self

    def machine_view(self) -> MachineView:
        """What the machines say about the position (for agreement checks with the state)."""
        m = self.machines
        c = self.state
        # The machines keep no account of the legal auction: turn, end and contract are the
        # state's; the phase, the seats and which calls their transitions enable are theirs.
        return MachineView(phase=m.phase.state, turn=None if c.is_over else c.turn,
                           legal_calls=m.legal_calls(c), is_over=c.is_over,
                           contract=c.contract, seat_states=tuple(s.state for s in m.seats))

    def core_view(self) -> MachineView:
        """The same summary computed from the engine's state alone."""
        c = self.state
        return MachineView(phase=c.phase, turn=None if c.is_over else c.turn,
                           legal_calls=c.legal_calls(), is_over=c.is_over, contract=c.contract,
                           seat_states=tuple(seat_state(o) for o in c.obligations))

    def cross_check(self) -> None:
        """Raise :class:`MachineDisagreementError` unless machines and state agree now."""
        core, m = self.state, self.machines
        problems = []
        if m.phase.state != core.phase:
            problems.append(f"phase: machine {m.phase.state!r}, engine {core.phase!r}")
        for seat, model in zip(_SEATS, m.seats, strict=True):
            want = seat_state(core.obligations[seat])
            if model.state != want:
                problems.append(f"seat {seat.name}: machine {model.state!r}, engine {want!r}")
        if problems:
            where = f"after event {self.count}"
            if self.steps:
                where += f" ({self.steps[-1].event.describe()})"
            raise MachineDisagreementError(f"{where}: " + "; ".join(problems))
