"""The engine's shortcuts give exactly what the general path gives.

``engine._plain_call`` skips the dispatch for a legal call in rotation that touches nothing but
the auction; :func:`auction_fsm.values.evolve` stands in for :func:`dataclasses.replace`.  Both
are compared with the general path on every position of small irregular scopes (so positions
with obligations, watches, pending procedures and ended auctions are all among them).
"""

from __future__ import annotations

import dataclasses

import pytest

from auction_fsm import engine
from auction_fsm.auction import AuctionState
from auction_fsm.calls import ALL_CALLS
from auction_fsm.cards import parse_card
from auction_fsm.engine import apply_event
from auction_fsm.errors import AuctionFsmError
from auction_fsm.events import CallEvent, ExposeCards
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.records import CallRecord, Obligation, Pending
from auction_fsm.scope import Scope
from auction_fsm.seats import Seat
from auction_fsm.values import evolve


def _positions(families: set[str]) -> list[AuctionState]:
    space = IrregularSpace(Scope.of(families), agreement="off")
    ex = explore(space)
    return [space.state_of(k) for k in ex.keys]


def _general(state: AuctionState, event: CallEvent) -> object:
    try:
        return engine._dispatch(state, event)
    except AuctionFsmError as err:
        return type(err)


@pytest.mark.parametrize("families", [{"insufficient_bid"}, {"inadmissible"}, {"exposure"}])
def test_plain_call_matches_dispatch_on_every_position(families: set[str]) -> None:
    positions = _positions(families)[::4]
    taken = 0
    for state in positions:
        for seat in Seat:
            for code in range(38):
                event = CallEvent(seat, ALL_CALLS[code])
                fast = engine._plain_call(state, event)
                if fast is None:
                    continue
                taken += 1
                slow = _general(state, event)
                assert isinstance(slow, engine.Step), (state.record, seat, ALL_CALLS[code])
                assert fast.after == slow.after, (state.record, seat, ALL_CALLS[code])
                assert [(f.row, f.ctx, f.after) for f in fast.fired] == \
                       [(f.row, f.ctx, f.after) for f in slow.fired]
    assert taken > 1000  # the shortcut is actually exercised


def test_plain_call_takes_the_final_pass_of_a_regular_auction_as_the_dispatch_does() -> None:
    for calls, seat in (("1H P P", Seat.W), ("P P P", Seat.W)):
        state = AuctionState.start("N").calls(calls)
        event = CallEvent(seat, ALL_CALLS[35])
        fast = engine._plain_call(state, event)
        slow = engine._dispatch(state, event)
        assert fast is not None and fast.after == slow.after
        assert [(f.row, f.ctx, f.after) for f in fast.fired] == [(f.row, f.ctx, f.after) for f in slow.fired]


def test_plain_call_declines_the_final_pass_after_an_irregularity() -> None:
    state = apply_event(AuctionState.start("N").calls("1H"), ExposeCards(Seat.E, (parse_card("S2"),)))
    for caller in ("E", "S", "W"):
        state = apply_event(state, CallEvent.of(caller, "P"))
    assert state.contract is not None  # the third pass was ruled by the dispatch, settling 24
    before = apply_event(apply_event(apply_event(AuctionState.start("N").calls("1H"),
                                                 ExposeCards(Seat.E, (parse_card("S2"),))),
                                     CallEvent.of("E", "P")), CallEvent.of("S", "P"))
    assert engine._plain_call(before, CallEvent.of("W", "P")) is None


def test_evolve_equals_dataclasses_replace() -> None:
    state = AuctionState.start("E").calls("1C X")
    record = CallRecord(Seat.N, ALL_CALLS[0], Seat.N)
    pending = Pending("insufficient_bid", "awaiting_decision", "27A1", "E", ("accept", "director"),
                      Seat.N, 0, Seat.N, ())
    cases: list[tuple[object, dict[str, object]]] = [
        (state, {"incidents": 3, "watches": ()}),
        (state, {}),
        (record, {"status": "cancelled", "law": "27B3"}),
        (pending, {"step": "awaiting_replacement", "options": ("replace",)}),
        (Obligation("pass_rest_of_auction", "27B2"), {"law": "30B"}),
    ]
    for obj, changes in cases:
        assert evolve(obj, **changes) == dataclasses.replace(obj, **changes)  # type: ignore[type-var]


def test_evolve_names_an_unknown_field() -> None:
    with pytest.raises(TypeError, match="'colour'"):
        evolve(AuctionState.start("N"), colour="red")


def test_states_pickled_by_their_fields_come_back_equal_and_keep_working() -> None:
    """The forked explorer sends states back pickled (``values.pickled_by_fields``): every
    configuration of a small irregular scope comes back equal, and rules the next call alike."""
    import pickle

    space = IrregularSpace(Scope.of({"insufficient_bid", "inadmissible", "exposure"}), agreement="off",
                           prefix=(CallEvent.of("N", "1NT"),))
    explore(space)
    states = [state for _, state in space.representatives()]
    assert len(states) > 300
    back = pickle.loads(pickle.dumps(states, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == states
    for before, after in zip(states[::7], back[::7], strict=True):
        if before.pending is None and not before.is_over:
            event = CallEvent.of(before.turn.name, "P")
            assert apply_event(after, event) == apply_event(before, event)


def test_a_class_not_wholly_built_by_init_is_refused_for_pickling_by_fields() -> None:
    from auction_fsm.values import pickled_by_fields

    @dataclasses.dataclass(frozen=True)
    class Derived:
        a: int
        b: int = dataclasses.field(init=False, default=0)

    with pytest.raises(TypeError, match="Derived"):
        pickled_by_fields(Derived)
