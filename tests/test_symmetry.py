"""The Laws treat the four seats alike (17B, 17C: the turn goes clockwise from the dealer; every
rule speaks of a player, his partner and his opponents): a position and an event moved round the
table are ruled the same way, moved (:mod:`auction_fsm.symmetry`).

What these tests prove: on the positions they reach (fuzzed walks from every dealer under both
books, and the first edges of six irregular scopes under both books), every step, refusal and
word of a ruling commutes with moving the seats.  That is what makes a table of steps keyed on
the position relative to the turn sound (issue 37 item 2, ``benchmarks/fact_sharing.py``).
They do not prove it of a position no walk or scope reaches.
"""

from __future__ import annotations

import pytest
from walks import fuzzed_steps

from auction_fsm import symmetry
from auction_fsm.auction import AuctionState
from auction_fsm.events import CallEvent
from auction_fsm.graph.fact_sharing import edges_of
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, LawBook
from auction_fsm.seats import Seat
from auction_fsm.symmetry import asymmetry, relative_to_turn, turned, turned_event, turned_words

BOOKS = [LAWS_2017, LAWS_1997]
SCOPES = ["rotation-1", "insufficient-1", "inadmissible-1", "changes-1", "exposure-1", "lead-exposure-1"]


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_17B_fuzzed_walks_from_every_dealer_are_ruled_alike_at_every_table_position(book: LawBook) -> None:
    steps = 0
    for n, (state, event) in enumerate(fuzzed_steps(book, range(200))):
        k = 1 + n % 3
        assert asymmetry(state, event, k) is None, (
            f"{event} at {state.phase}, moved {k} seats: {asymmetry(state, event, k)}")
        steps += 1
    assert steps > 8_000


@pytest.mark.parametrize("scope", SCOPES)
@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_17B_explored_edges_are_ruled_alike_at_every_table_position(book: LawBook, scope: str) -> None:
    edges = edges_of(scope, 3000, book)
    assert len(edges) == 3000
    for n, (state, event) in enumerate(edges):
        k = 1 + n % 3
        assert asymmetry(state, event, k) is None, f"{scope}, {event}, moved {k} seats: {asymmetry(state, event, k)}"


def test_moving_a_position_four_times_or_there_and_back_gives_it_back() -> None:
    positions = [s for s, _ in fuzzed_steps(LAWS_2017, range(30))]
    assert len({s.pending is not None for s in positions}) == 2  # procedures waiting and not
    for n, state in enumerate(positions):
        k = 1 + n % 3
        assert turned(turned(state, k), 4 - k) == state
        assert turned(turned(turned(turned(state, 1), 1), 1), 1) == state
        assert turned(state, k) != state or not state.record  # a position with calls moves


def test_a_situation_at_any_table_position_is_one_position_relative_to_the_turn() -> None:
    for n, (state, _) in enumerate(fuzzed_steps(LAWS_2017, range(30))):
        relative = relative_to_turn(state)
        assert relative.turn is Seat.N
        assert relative_to_turn(turned(state, 1 + n % 3)) == relative


def test_moved_events_and_words() -> None:
    event = CallEvent(Seat.W, AuctionState.start("N").legal_calls()[0])
    assert turned_event(event, 1) == CallEvent(Seat.N, event.call)
    assert turned_words("North-South: W P, then East's 1S (S)", 1) == "East-West: N P, then South's 1S (W)"
    assert turned_words("the north hand", 2) == "the south hand"


def test_the_check_can_fail_a_procedure_fact_naming_a_seat_not_moved(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted fault: were the seats a waiting procedure keeps (who may accept a call out of
    rotation, who calls next when it is not, ...) left unmoved, the walks find it."""
    monkeypatch.setattr(symmetry, "SEAT_FACTS", frozenset())
    found: list[str] = []
    for n, (state, event) in enumerate(fuzzed_steps(LAWS_2017, range(60))):
        if state.pending is None or not state.pending.extra:
            continue
        try:
            a = asymmetry(state, event, 1 + n % 3)
        except AssertionError as e:  # the moved position no longer holds together (a change of call
            # goes back to an auction whose last bidder was not moved: no declarer names the strain)
            a = f"the moved step failed: {e}"
        if a is not None:
            found.append(a)
    assert found, "moving no procedure seat went unnoticed"
