"""The simulator: events in, machines and pure core driven in step, complete record kept.

Each event is first applied to the pure core (:class:`~auction_fsm.auction.AuctionState`); if
the core refuses it, the error propagates and nothing changes.  Otherwise the same event drives
the ``transitions`` machines, and the two are compared: phase, seat obligations, turn and
contract must agree, or :class:`~auction_fsm.errors.MachineDisagreementError` is raised.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .auction import AuctionState
from .calls import Call
from .errors import MachineDisagreementError
from .events import CallEvent, Event
from .machines import TableMachines
from .records import Contract
from .seats import Seat, parse_seat

__all__ = ["Simulator", "Step", "MachineView", "OBLIGATION_STATE"]

# The seat-machine state that stands for each obligation kind of the core.
OBLIGATION_STATE = {
    "pass_next_turn": "must_pass_next_turn",
    "pass_rest_of_auction": "must_pass_rest_of_auction",
    "repeat_call": "must_repeat_call",
}


@dataclass(frozen=True, slots=True)
class MachineView:
    """A summary of a position that both the machines and the pure core can compute."""

    phase: str
    turn: Seat | None
    legal_calls: tuple[Call, ...]
    is_over: bool
    contract: Contract | None
    seat_states: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Step:
    """One applied event with the state before and after it."""

    event: Event
    before: AuctionState
    after: AuctionState


class Simulator:
    """Drive one auction from events.

    >>> sim = Simulator("S")
    >>> for seat, call in [("S", "1NT"), ("W", "P"), ("N", "3NT"), ("E", "P"), ("S", "P"), ("W", "P")]:
    ...     _ = sim.call(seat, call)
    >>> str(sim.state.contract), sim.phase
    ('3NT by S', 'clarification')
    """

    def __init__(self, dealer: Seat | str, vulnerability: str = "None", *, check: bool = True) -> None:
        self.dealer = parse_seat(dealer, "dealer")
        self.vulnerability = vulnerability
        self.state = AuctionState.start(self.dealer)
        self.machines = TableMachines(self.dealer)
        self.steps: list[Step] = []
        self.check = check

    def reset(self, dealer: Seat | str, vulnerability: str = "None") -> None:
        """Start a new auction, reusing the built machines (building them is the costly part)."""
        self.dealer = parse_seat(dealer, "dealer")
        self.vulnerability = vulnerability
        self.state = AuctionState.start(self.dealer)
        self.machines.reset(self.dealer)
        self.steps = []

    @property
    def phase(self) -> str:
        """The phase machine's current state."""
        return self.machines.phase.state

    def apply(self, event: Event) -> Step:
        """Apply one event; on error nothing changes and the error says why."""
        before = self.state
        after = before.call(event.seat, event.call)  # raises on anything illegal
        self.machines.call(event.seat, event.call)
        self.state = after
        step = Step(event, before, after)
        self.steps.append(step)
        if self.check:
            self.cross_check()
        return step

    def call(self, seat: Seat | str, call: Call | str) -> Step:
        """Apply a call event built from text."""
        return self.apply(CallEvent.of(seat, call))

    def run(self, events: Iterable[Event]) -> Simulator:
        """Apply several events in order; return ``self``."""
        for e in events:
            self.apply(e)
        return self

    def machine_view(self) -> MachineView:
        """What the machines alone say about the position (for agreement checks with the core)."""
        m = self.machines
        return MachineView(phase=m.phase.state, turn=None if m.is_over else m.ledger.turn,
                           legal_calls=m.legal_calls(), is_over=m.is_over,
                           contract=m.ledger.contract(),
                           seat_states=tuple(s.state for s in m.seats))

    def core_view(self) -> MachineView:
        """The same summary computed by the pure core alone."""
        c = self.state
        return MachineView(phase=c.phase, turn=None if c.is_over else c.turn,
                           legal_calls=c.legal_calls(), is_over=c.is_over, contract=c.contract,
                           seat_states=tuple(OBLIGATION_STATE[o[-1].kind] if o else "free"
                                             for o in c.obligations))

    def cross_check(self) -> None:
        """Raise :class:`MachineDisagreementError` unless machines and core agree now."""
        core, m = self.state, self.machines
        problems = []
        if m.phase.state != core.phase:
            problems.append(f"phase: machine {m.phase.state!r}, core {core.phase!r}")
        if not core.is_over and m.ledger.turn != core.turn:
            problems.append(f"turn: machine {m.ledger.turn.name}, core {core.turn.name}")
        for seat in Seat:
            obs = core.obligations[seat]
            want = OBLIGATION_STATE[obs[-1].kind] if obs else "free"
            if m.seats[seat].state != want:
                problems.append(f"seat {seat.name}: machine {m.seats[seat].state!r}, core {want!r}")
        if m.ledger.contract() != core.contract:
            problems.append(f"contract: machine {m.ledger.contract()}, core {core.contract}")
        if problems:
            where = f"after event {len(self.steps)} ({self.steps[-1].event.describe()})"
            raise MachineDisagreementError(f"{where}: " + "; ".join(problems))
