"""The simulator: events in, pure core and state machines driven in step, complete record kept.

Each event is first applied to the pure core (:meth:`AuctionState.apply`); if the core refuses
it, the error propagates and nothing changes.  While the core rules, it notes each transition
it takes (:func:`auction_fsm.engine.journal`); the simulator then fires the same triggers on the
``transitions`` machines, whose guards consult their own ledger.  After every step the two are
compared — phase, each seat's obligation state, turn, last bid, doubles, passes, contract — and
any difference raises :class:`~auction_fsm.errors.MachineDisagreementError`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from . import rules
from .auction import AuctionState
from .calls import ALL_CALLS, Call
from .engine import MachineStep, journal
from .errors import MachineDisagreementError
from .events import CallEvent, Event
from .machines import TRIGGER_OF_KIND, TableMachines
from .records import Contract, Obligation
from .seats import Seat, parse_seat

__all__ = ["Simulator", "Step", "MachineView", "OBLIGATION_STATE", "seat_state"]

# The seat-machine state that stands for each obligation kind of the core.
OBLIGATION_STATE = {
    "pass_next_turn": "must_pass_next_turn",
    "pass_rest_of_auction": "must_pass_rest_of_auction",
    "repeat_call": "must_repeat_call",
}
_PRECEDENCE = ("pass_rest_of_auction", "pass_next_turn", "repeat_call")
_FREE: tuple[tuple[Obligation, ...], ...] = ((), (), (), ())


def seat_state(obligations: tuple[Obligation, ...]) -> str:
    """The seat-machine state for a seat's obligations: the strongest one wins."""
    if not obligations:
        return "free"
    for kind in _PRECEDENCE:
        if any(o.kind == kind for o in obligations):
            return OBLIGATION_STATE[kind]
    return "free"


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
    """One applied event with the state before and after it and the transitions taken."""

    event: Event
    before: AuctionState
    after: AuctionState
    transitions: tuple[MachineStep, ...] = ()


_SEATS = tuple(Seat)


def _core_summary(state: AuctionState) -> tuple[Seat, Call | None, Seat | None, int, int]:
    turn, last_bid, bidder, doubled, passes = rules.unpack(state.key)
    bid = None if last_bid < 0 else ALL_CALLS[last_bid]
    return _SEATS[turn], bid, None if bid is None else _SEATS[bidder], doubled, passes


class Simulator:
    """Drive one auction from events.

    >>> sim = Simulator("S")
    >>> for seat, call in [("S", "1NT"), ("W", "P"), ("N", "3NT"), ("E", "P"), ("S", "P"), ("W", "P")]:
    ...     _ = sim.call(seat, call)
    >>> str(sim.state.contract), sim.phase
    ('3NT by S', 'clarification')
    """

    def __init__(self, dealer: Seat | str, vulnerability: str = "None", *, check: bool = True,
                 nested: bool = False) -> None:
        self.dealer = parse_seat(dealer, "dealer")
        self.vulnerability = vulnerability
        self.state = AuctionState.start(self.dealer)
        self.machines = TableMachines(self.dealer, nested=nested)
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
        if self._is_plain_legal_call(event):
            # The common case: a legal call in rotation with no rectification anywhere.  The
            # core's strict path gives the same state as apply() and the machines take the one
            # call transition; nothing else can change.
            assert isinstance(event, CallEvent)
            after = before.call(event.seat, event.call)
            taken = [MachineStep(TRIGGER_OF_KIND[event.call.kind], before, event.seat, event.call)]
            self.machines.fire(taken[0].trigger, event.seat, event.call)
        else:
            with journal() as taken:
                after = before.apply(event)  # raises on anything that fits nothing
            self._follow(taken, after)
        self.state = after
        step = Step(event, before, after, tuple(taken))
        self.steps.append(step)
        if self.check:
            self.cross_check()
        return step

    def _is_plain_legal_call(self, event: Event) -> bool:
        s = self.state
        if not (isinstance(event, CallEvent) and s.pending is None and not s.watches
                and event.seat == s.turn and not s.is_over and s.obligations == _FREE
                and event.call.code < 38):
            return False
        nxt = rules.row(s.key)[event.call.code]
        # A call that ends the auction must settle exposed cards and lead rights (24D-E, 26B).
        return nxt >= 0 and not (rules.is_final(nxt) and s.incidents)

    def _align(self, core: AuctionState, updated_itself: bool) -> None:
        """Bring the ledger to the core's standing calls, or verify it is there already."""
        ledger = self.machines.ledger
        if ledger.summary() == _core_summary(core):
            return
        if updated_itself and self.check:
            raise MachineDisagreementError(
                f"ledger {ledger.summary()} but core {_core_summary(core)} after a call the "
                "machines tracked themselves")
        ledger.sync(core.dealer, core.standing_calls)

    def _follow(self, taken: list[MachineStep], after: AuctionState) -> None:
        """Fire the triggers the core took, then reconcile the seats' obligation states."""
        m = self.machines
        updated = False
        for st in taken:
            self._align(st.before, updated)
            version = m.ledger.version
            m.fire(st.trigger, st.seat, st.call, st.facts)
            updated = m.ledger.version != version
        self._align(after, updated)
        for seat in Seat:
            obs = after.obligations[seat]
            want = seat_state(obs)
            repeat = next((o.call for o in obs if o.kind == "repeat_call"), None)
            m.move_seat(seat, want, repeat)

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
        return MachineView(phase=m.phase.state, turn=None if m.ledger.is_over else m.ledger.turn,
                           legal_calls=m.legal_calls(), is_over=m.ledger.is_over,
                           contract=m.ledger.contract(),
                           seat_states=tuple(s.state for s in m.seats))

    def core_view(self) -> MachineView:
        """The same summary computed by the pure core alone."""
        c = self.state
        return MachineView(phase=c.phase, turn=None if c.is_over else c.turn,
                           legal_calls=c.legal_calls(), is_over=c.is_over, contract=c.contract,
                           seat_states=tuple(seat_state(o) for o in c.obligations))

    def cross_check(self) -> None:
        """Raise :class:`MachineDisagreementError` unless machines and core agree now."""
        core, m = self.state, self.machines
        problems = []
        if m.phase.state != core.phase:
            problems.append(f"phase: machine {m.phase.state!r}, core {core.phase!r}")
        if m.ledger.summary() != _core_summary(core):
            problems.append(f"auction: machine {m.ledger.summary()}, core {_core_summary(core)}")
        for seat, model in zip(_SEATS, m.seats, strict=True):
            want = seat_state(core.obligations[seat])
            if model.state != want:
                problems.append(f"seat {seat.name}: machine {model.state!r}, core {want!r}")
        if (m.ledger.is_over or core.is_over) and m.ledger.contract() != core.contract:
            problems.append(f"contract: machine {m.ledger.contract()}, core {core.contract}")
        if problems:
            where = f"after event {len(self.steps)}"
            if self.steps:
                where += f" ({self.steps[-1].event.describe()})"
            raise MachineDisagreementError(f"{where}: " + "; ".join(problems))
