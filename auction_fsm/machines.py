"""State machines on ``transitions``, built from the declarative table.

One hierarchical machine drives the auction phase (each irregularity procedure is a nested
state) and one machine per seat holds that seat's obligations.  The machines keep their own
account of the legal auction (:class:`Ledger`) through the actions named in the table, and
their guards read that account, not the pure core; the simulator compares the two after every
step, so a fault in either shows up at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from transitions import Machine, MachineError
from transitions.extensions.nesting import HierarchicalMachine, NestedState

from .calls import ALL_CALLS, Call, Strain
from .errors import MachineDisagreementError, TableDefinitionError
from .records import CallRecord, Contract
from .seats import Seat
from .table import ACTIONS, GUARDS, TABLE, Table, TransitionSpec

__all__ = ["Ledger", "PhaseModel", "SeatModel", "TableMachines", "TRIGGER_OF_KIND", "build_machine"]

TRIGGER_OF_KIND = {"pass": "call_pass", "bid": "call_bid", "double": "call_double",
                   "redouble": "call_redouble"}


_SEAT_CALL_TRIGGERS = frozenset({*TRIGGER_OF_KIND.values(), "deemed_pass"})


class _DotState(NestedState):
    """Nested states named ``parent.child``, as the table writes them."""

    separator = "."


class _PhaseMachine(HierarchicalMachine):
    state_cls = _DotState


class Ledger:
    """What the machines remember of the legal auction, and the guards and actions the table
    names.

    The ledger keeps its own account (standing calls with the turn each was made at, turn, last
    bid, doubles, passes, who first named each strain for each side) rather than asking
    :mod:`auction_fsm.rules`, so that comparing machines and core compares two computations.
    Guards and actions take the keyword arguments every trigger is fired with: ``seat`` (who
    acts), ``call`` (the call concerned) and ``facts`` (plain properties of the input).
    """

    def __init__(self, dealer: Seat) -> None:
        self.reset(dealer)

    def reset(self, dealer: Seat) -> None:
        """Forget everything: the empty auction with ``dealer`` to call."""
        self.dealer = dealer
        self.version = getattr(self, "version", 0) + 1
        self.calls: list[tuple[Seat, Call, Seat]] = []
        self.turn = dealer
        self.last_bid: Call | None = None
        self.bidder: Seat | None = None
        self.doubled = 0
        self.passes = 0
        self.first_namer: dict[tuple[int, Strain], Seat] = {}
        self.to_repeat: dict[Seat, Call] = {}

    def sync(self, dealer: Seat, standing: Iterable[CallRecord]) -> None:
        """Rebuild the account from the calls that stand (after cancellations or withdrawals)."""
        to_repeat = self.to_repeat
        self.reset(dealer)
        self.to_repeat = to_repeat
        for r in standing:
            self._add(r.seat, r.call, r.in_turn_of)

    def _add(self, seat: Seat, call: Call, in_turn_of: Seat) -> None:
        self.version += 1
        self.calls.append((seat, call, in_turn_of))
        if call.is_pass:
            self.passes += 1
        else:
            self.passes = 0
            if call.is_bid:
                assert call.strain is not None
                self.first_namer.setdefault((seat % 2, call.strain), seat)
                self.last_bid, self.bidder, self.doubled = call, seat, 0
            else:
                self.doubled = 1 if call.is_double else 2
        self.turn = seat.lho

    def summary(self) -> tuple[Seat, Call | None, Seat | None, int, int]:
        """``(turn, last bid, bidder, double status, passes)``, for comparison with the core."""
        return self.turn, self.last_bid, self.bidder, self.doubled, min(self.passes, 4)

    @property
    def is_over(self) -> bool:
        """True when the standing calls have ended the auction."""
        return self.passes >= (3 if self.last_bid is not None else 4)

    def contract(self) -> Contract | None:
        """The contract the ledger implies once the auction has ended with a bid."""
        if self.last_bid is None or self.passes < 3 or self.bidder is None:
            return None
        strain = self.last_bid.strain
        assert strain is not None
        declarer = self.first_namer[(self.bidder % 2, strain)]
        return Contract(self.last_bid.level, strain, self.doubled, declarer)

    def _trailing_pass_out_of_rotation(self) -> bool:
        """True when one of the last two standing passes was made out of rotation."""
        tail = self.calls[-2:] if self.passes >= 2 else self.calls[len(self.calls) - self.passes:]
        return any(c.is_pass and s != t for s, c, t in tail)

    # --- guards (see table.GUARDS) ------------------------------------------------------
    def bid_is_sufficient(self, call: Call, **_: Any) -> bool:
        return call.is_bid and call.is_admissible_level and call.supersedes(self.last_bid)

    def double_is_permitted(self, **_: Any) -> bool:
        return self.bidder is not None and self.doubled == 0 and self.bidder.is_opponent_of(self.turn)

    def redouble_is_permitted(self, **_: Any) -> bool:
        return self.bidder is not None and self.doubled == 1 and not self.bidder.is_opponent_of(self.turn)

    def pass_keeps_auction_open(self, **_: Any) -> bool:
        return self.passes + 1 < (3 if self.last_bid is not None else 4)

    def pass_ends_with_contract(self, **_: Any) -> bool:
        return (self.last_bid is not None and self.passes + 1 == 3
                and not self._trailing_pass_out_of_rotation())

    def pass_ends_passed_out(self, **_: Any) -> bool:
        return (self.last_bid is None and self.passes + 1 == 4
                and not self._trailing_pass_out_of_rotation())

    def pass_reverts_17d3(self, **_: Any) -> bool:
        ends = self.passes + 1 == (3 if self.last_bid is not None else 4)
        return ends and self._trailing_pass_out_of_rotation()

    def is_the_call_to_repeat(self, seat: Seat, call: Call, **_: Any) -> bool:
        return self.to_repeat.get(seat) is call

    def call_is_double_or_redouble(self, call: Call, **_: Any) -> bool:
        return call.is_double or call.is_redouble

    def call_is_pass_or_bid(self, call: Call, **_: Any) -> bool:
        return call.is_pass or call.is_bid

    def by_defender_not_pass(self, seat: Seat, call: Call, **_: Any) -> bool:
        contract = self.contract()
        return contract is not None and seat.is_opponent_of(contract.declarer) and not call.is_pass

    def by_declaring_side_or_pass(self, seat: Seat, call: Call, **kw: Any) -> bool:
        return self.contract() is not None and not self.by_defender_not_pass(seat, call)

    def auction_is_open(self, **_: Any) -> bool:
        return not self.is_over

    def auction_has_contract(self, **_: Any) -> bool:
        return self.contract() is not None

    def lho_called_over(self, facts: frozenset[str] = frozenset(), **_: Any) -> bool:
        return "lho_called" in facts

    def lho_not_called_over(self, facts: frozenset[str] = frozenset(), **_: Any) -> bool:
        return "lho_called" not in facts

    def cancelled_if_not_comparable(self, facts: frozenset[str] = frozenset(), **_: Any) -> bool:
        return "cancel_if_not" in facts

    def kept_if_not_comparable(self, facts: frozenset[str] = frozenset(), **_: Any) -> bool:
        return "cancel_if_not" not in facts and not self.is_over

    def ground_is_slip(self, facts: frozenset[str] = frozenset(), **_: Any) -> bool:
        return "misinformation" not in facts

    def ground_is_misinformation(self, facts: frozenset[str] = frozenset(), **_: Any) -> bool:
        return "misinformation" in facts

    def options_for_penalty_card(self, facts: frozenset[str] = frozenset(), **_: Any) -> bool:
        return "penalty_card" in facts

    def options_for_lead_restriction(self, facts: frozenset[str] = frozenset(), **_: Any) -> bool:
        return "lead_restriction" in facts

    def face_down_lead_stands(self, facts: frozenset[str] = frozenset(), **_: Any) -> bool:
        return "face_down_lead" in facts

    def no_face_down_lead(self, facts: frozenset[str] = frozenset(), **_: Any) -> bool:
        return "face_down_lead" not in facts

    # --- actions (see table.ACTIONS) ----------------------------------------------------
    def note_pass(self, seat: Seat, call: Call, **_: Any) -> None:
        self._add(seat, call, seat)

    note_bid = note_pass
    note_double = note_pass
    note_redouble = note_pass

    def note_revert_17d3(self, seat: Seat, call: Call, **_: Any) -> None:
        self._add(seat, call, seat)
        self._revert_17d3()

    def _revert_17d3(self) -> None:
        """Drop the first pass out of rotation among the last three passes and all after it."""
        if not self.is_over:
            return
        tail = range(len(self.calls) - 3, len(self.calls))
        first = next((i for i in tail if self.calls[i][0] != self.calls[i][2]), None)
        if first is None:
            return
        kept, to_repeat = self.calls[:first], self.to_repeat
        self.reset(self.dealer)
        self.to_repeat = to_repeat
        for s, c, t in kept:
            self._add(s, c, t)

    def note_accepted(self, seat: Seat, call: Call, **_: Any) -> None:
        self._add(seat, call, self.turn)
        self._revert_17d3()

    def note_repeat(self, seat: Seat, call: Call, **_: Any) -> None:
        self.to_repeat[seat] = call


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

    A transition whose destination is its source and that has no action becomes an *internal*
    transition (no exit or entry), which ``transitions`` runs faster.
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


def _nested_states(table: Table) -> list[Any]:
    """The phase machine's states in ``transitions``' nested form."""
    out: list[Any] = []
    for s in table.states_of("phase"):
        if s.parent is not None:
            continue
        children = [c.name.split(".", 1)[1] for c in table.states_of("phase") if c.parent == s.name]
        out.append({"name": s.name, "children": children} if children else s.name)
    return out


def build_machine(table: Table, kind: Literal["phase", "seat"], models: list[Any], ledger: Ledger,
                  nested: bool = False) -> Machine:
    """A ``transitions`` machine for ``kind`` over ``models``, bound to ``ledger``.

    With ``nested`` the phase machine is a ``HierarchicalMachine`` whose irregularity
    procedures are parent states with their steps as children.  Without it, it is a flat
    ``Machine`` with the same dotted state names (``"insufficient_bid.awaiting_decision"``)
    and the same transitions: it behaves identically and triggers about three times faster.
    """
    if kind == "phase" and nested:
        cls: type[Machine] = _PhaseMachine
        states: list[Any] = _nested_states(table)
    else:
        cls = Machine
        states = [s.name for s in table.states_of(kind) if s.kind != "irregularity"]
    return cls(
        model=models,
        states=states,
        transitions=_transition_dicts(table.transitions_of(kind), ledger),
        initial=table.initial(kind),
        auto_transitions=False,
        ignore_invalid_triggers=False,
        send_event=False,
    )


class TableMachines:
    """The phase machine and the four seat machines of one table, with their ledger."""

    def __init__(self, dealer: Seat, table: Table = TABLE, nested: bool = False) -> None:
        _check_callbacks()
        self.table = table
        self.nested = nested
        self.ledger = Ledger(dealer)
        self.phase = PhaseModel()
        self.seats = [SeatModel(s) for s in Seat]
        self._phase_machine = build_machine(table, "phase", [self.phase], self.ledger, nested)
        self._seat_machine = build_machine(table, "seat", list(self.seats), self.ledger)
        self._terminals = table.terminals("phase")
        self._initial_phase, self._initial_seat = table.initial("phase"), table.initial("seat")
        self._guards: dict[tuple[str, str, str], list[list[Any]]] = {}
        for t in table.transitions:
            guards = [] if t.guard is None else [getattr(self.ledger, t.guard)]
            self._guards.setdefault((t.machine, t.source, t.trigger), []).append(guards)
        self._seat_events = self._seat_machine.events
        self._phase_events = None if nested else self._phase_machine.events
        self._seat_moves = {(t.source, t.dest): t.trigger for t in table.transitions_of("seat")
                            if not t.trigger.startswith(("call_", "deemed"))}

    def reset(self, dealer: Seat) -> None:
        """Back to the start of a new auction, reusing the built machines."""
        self.ledger.reset(dealer)
        self.phase.state = self._initial_phase
        for s in self.seats:
            s.state = self._initial_seat

    @property
    def is_over(self) -> bool:
        """True when the phase machine has left the auction proper."""
        return self.phase.state in self._terminals or self.phase.state == "clarification"

    def _may(self, seat: Seat, call: Call) -> bool:
        """True when the table has a transition for ``call`` from the current phase state and from
        the seat's state whose guards all hold (what ``transitions`` would pick when firing)."""
        trigger = TRIGGER_OF_KIND[call.kind]
        for kind, state in (("seat", self.seats[seat].state), ("phase", self.phase.state)):
            candidates = self._guards.get((kind, state, trigger))
            if not candidates or not any(all(g(seat=seat, call=call, facts=frozenset()) for g in guards)
                                         for guards in candidates):
                return False
        return True

    def legal_calls(self) -> tuple[Call, ...]:
        """The calls whose transitions are enabled for the seat to act, in code order."""
        if self.is_over or "." in self.phase.state:
            return ()
        turn = self.ledger.turn
        return tuple(c for c in ALL_CALLS if self._may(turn, c))

    def fire(self, trigger: str, seat: Seat | None = None, call: Call | None = None,
             facts: frozenset[str] = frozenset()) -> None:
        """Fire ``trigger`` on the phase machine and, for a call or deemed pass, on the caller's
        seat machine; raise :class:`MachineDisagreementError` when the table does not allow it."""
        if seat is not None and trigger in _SEAT_CALL_TRIGGERS:
            self._fire_one(self._seat_events, self.seats[seat], trigger, seat, call, facts)
        self._fire_one(self._phase_events, self.phase, trigger, seat, call, facts)

    @staticmethod
    def _fire_one(events: Any, model: Any, trigger: str, seat: Seat | None, call: Call | None,
                  facts: frozenset[str]) -> None:
        before = model.state
        event = None if events is None else events.get(trigger)
        try:
            if events is None:  # the hierarchical machine routes its own events
                ok = model.trigger(trigger, seat=seat, call=call, facts=facts)
            else:
                ok = event is not None and event.trigger(model, seat=seat, call=call, facts=facts)
        except MachineError as exc:
            raise MachineDisagreementError(
                f"the table has no {trigger!r} from state {before!r}: {exc}") from None
        if not ok:
            raise MachineDisagreementError(
                f"no transition of the table allows {trigger!r} from state {before!r} "
                f"(seat {seat}, call {call}, facts {sorted(facts)})")

    def move_seat(self, seat: Seat, want: str, call: Call | None = None) -> None:
        """Bring ``seat``'s machine to state ``want`` by the impose/release transition the table
        gives for it; raise :class:`MachineDisagreementError` if there is none."""
        model: Any = self.seats[seat]
        if model.state == want:
            return
        trigger = self._seat_moves.get((model.state, want))
        if trigger is None:
            raise MachineDisagreementError(
                f"seat {seat.name}: the table has no transition from {model.state!r} to {want!r}")
        model.trigger(trigger, seat=seat, call=call, facts=frozenset())
