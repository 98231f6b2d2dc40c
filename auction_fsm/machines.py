"""State machines on ``transitions``, built from the declarative table.

One machine drives the auction phase and one machine per seat holds that seat's obligations.
The machines keep their own bookkeeping (:class:`Ledger`) through the actions named in the
table, independently of the pure core in :mod:`auction_fsm.rules`; the simulator checks the two
against each other after every event, so a fault in either shows up at once.
"""

from __future__ import annotations

from typing import Any, Literal

from transitions import Machine, MachineError

from .calls import ALL_CALLS, Call, Strain
from .errors import IllegalCallError, MachineDisagreementError, TableDefinitionError
from .records import Contract
from .seats import Seat
from .table import ACTIONS, GUARDS, TABLE, Table, TransitionSpec

__all__ = ["Ledger", "PhaseModel", "SeatModel", "TableMachines", "TRIGGER_OF_KIND", "build_machine"]

TRIGGER_OF_KIND = {"pass": "call_pass", "bid": "call_bid", "double": "call_double",
                   "redouble": "call_redouble"}


class Ledger:
    """What the machines remember of the legal auction, and the guards and actions the table
    names.

    The ledger keeps its own account (turn, last bid, doubles, passes, who first named each
    strain for each side) rather than asking :mod:`auction_fsm.rules`, so that the simulator's
    comparison of machines and core compares two independent computations.
    """

    def __init__(self, dealer: Seat) -> None:
        self.reset(dealer)

    def reset(self, dealer: Seat) -> None:
        """Forget everything: the empty auction with ``dealer`` to call."""
        self.turn = dealer
        self.last_bid: Call | None = None
        self.bidder: Seat | None = None
        self.doubled = 0
        self.passes = 0
        self.first_namer: dict[tuple[int, Strain], Seat] = {}
        self.to_repeat: dict[Seat, Call] = {}

    def contract(self) -> Contract | None:
        """The contract the ledger implies once the auction has ended with a bid."""
        if self.last_bid is None or self.passes < 3 or self.bidder is None:
            return None
        strain = self.last_bid.strain
        assert strain is not None
        declarer = self.first_namer[(self.bidder % 2, strain)]
        return Contract(self.last_bid.level, strain, self.doubled, declarer)

    # --- guards (see table.GUARDS) ------------------------------------------------------
    def bid_is_sufficient(self, call: Call) -> bool:
        return call.is_bid and call.is_admissible_level and call.supersedes(self.last_bid)

    def double_is_permitted(self, call: Call) -> bool:
        return self.bidder is not None and self.doubled == 0 and self.bidder.is_opponent_of(self.turn)

    def redouble_is_permitted(self, call: Call) -> bool:
        return self.bidder is not None and self.doubled == 1 and not self.bidder.is_opponent_of(self.turn)

    def pass_keeps_auction_open(self, call: Call) -> bool:
        return self.passes + 1 < (3 if self.last_bid is not None else 4)

    def pass_ends_with_contract(self, call: Call) -> bool:
        return self.last_bid is not None and self.passes + 1 == 3

    def pass_ends_passed_out(self, call: Call) -> bool:
        return self.last_bid is None and self.passes + 1 == 4

    def is_the_call_to_repeat(self, call: Call) -> bool:
        return self.to_repeat.get(self.turn) is call

    # --- actions (see table.ACTIONS) ----------------------------------------------------
    def note_pass(self, call: Call) -> None:
        self.passes += 1
        self.turn = self.turn.lho

    def note_bid(self, call: Call) -> None:
        assert call.strain is not None
        self.first_namer.setdefault((self.turn % 2, call.strain), self.turn)
        self.last_bid, self.bidder, self.doubled, self.passes = call, self.turn, 0, 0
        self.turn = self.turn.lho

    def note_double(self, call: Call) -> None:
        self.doubled, self.passes = 1, 0
        self.turn = self.turn.lho

    def note_redouble(self, call: Call) -> None:
        self.doubled, self.passes = 2, 0
        self.turn = self.turn.lho


class PhaseModel:
    """The model of the phase machine (``state`` is set by ``transitions``)."""

    state: str


class SeatModel:
    """The model of one seat's machine (``state`` is set by ``transitions``)."""

    state: str

    def __init__(self, seat: Seat) -> None:
        self.seat = seat


def _check_callbacks() -> None:
    """Every guard and action the table declares must be implemented (checked eagerly)."""
    for name in (*GUARDS, *ACTIONS):
        if not callable(getattr(Ledger, name, None)):
            raise TableDefinitionError(f"{name!r} is declared in the table but not implemented")


def _transition_dicts(specs: tuple[TransitionSpec, ...], ledger: Ledger) -> list[dict[str, Any]]:
    """``transitions`` dicts for ``specs``; guards and actions bound to ``ledger``.

    A transition whose destination is its source becomes an *internal* transition (no exit or
    entry): nothing changes but the bookkeeping, and ``transitions`` runs it faster.
    """
    out: list[dict[str, Any]] = []
    for t in specs:
        d: dict[str, Any] = {"trigger": t.trigger, "source": t.source,
                             "dest": None if t.dest == t.source else t.dest}
        if t.guard is not None:
            d["conditions"] = [getattr(ledger, t.guard)]
        if t.action is not None:
            d["after"] = [getattr(ledger, t.action)]
        out.append(d)
    return out


def build_machine(table: Table, kind: Literal["phase", "seat"], models: list[Any],
                  ledger: Ledger) -> Machine:
    """A ``transitions`` machine for ``kind`` over ``models``, bound to ``ledger``."""
    return Machine(
        model=models,
        states=[s.name for s in table.states_of(kind)],
        transitions=_transition_dicts(table.transitions_of(kind), ledger),
        initial=table.initial(kind),
        auto_transitions=False,
        ignore_invalid_triggers=False,
        send_event=False,
    )


class TableMachines:
    """The phase machine and the four seat machines of one table, with their ledger."""

    def __init__(self, dealer: Seat, table: Table = TABLE) -> None:
        _check_callbacks()
        self.table = table
        self.ledger = Ledger(dealer)
        self.phase = PhaseModel()
        self.seats = [SeatModel(s) for s in Seat]
        self._phase_machine = build_machine(table, "phase", [self.phase], self.ledger)
        self._seat_machine = build_machine(table, "seat", list(self.seats), self.ledger)
        self._terminals = table.terminals("phase")

    def reset(self, dealer: Seat) -> None:
        """Back to the start of a new auction, reusing the built machines."""
        self.ledger.reset(dealer)
        self.phase.state = self.table.initial("phase")
        for s in self.seats:
            s.state = self.table.initial("seat")

    @property
    def is_over(self) -> bool:
        """True when the phase machine is in a terminal state."""
        return self.phase.state in self._terminals

    def _may(self, seat: Seat, call: Call) -> bool:
        trigger = TRIGGER_OF_KIND[call.kind]
        seat_model: Any = self.seats[seat]
        phase_model: Any = self.phase
        return bool(seat_model.may_trigger(trigger, call=call)
                    and phase_model.may_trigger(trigger, call=call))

    def legal_calls(self) -> tuple[Call, ...]:
        """The calls whose transitions are enabled for the seat to act, in code order."""
        if self.is_over:
            return ()
        turn = self.ledger.turn
        return tuple(c for c in ALL_CALLS if self._may(turn, c))

    def fire(self, trigger: str, seat: Seat, **kwargs: Any) -> None:
        """Fire a non-call trigger (an obligation) on one seat's machine."""
        model: Any = self.seats[seat]
        model.trigger(trigger, **kwargs)

    def call(self, seat: Seat, call: Call) -> None:
        """Drive the machines through a call by ``seat``; raise if no transition is enabled."""
        if seat != self.ledger.turn:
            raise IllegalCallError(f"{seat.long_name} called out of rotation", law="28-34")
        trigger = TRIGGER_OF_KIND[call.kind]
        seat_model: Any = self.seats[seat]
        phase_model: Any = self.phase
        try:
            ok = seat_model.trigger(trigger, call=call) and phase_model.trigger(trigger, call=call)
        except MachineError:
            ok = False
        if not ok:
            raise MachineDisagreementError(
                f"no transition accepts {call} by {seat.long_name} in phase {self.phase.state!r}, "
                f"seat state {seat_model.state!r}")
