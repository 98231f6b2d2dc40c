"""The standing calls' facts read in pieces (``lawbook.parts.FACT_VIEWS``): each piece moves on from
itself and the call let stand alone, so a key may hold a piece in place of the whole facts
(``parts.CLOSED_VIEWS``, :mod:`auction_fsm.graph.declared_key`).

Checked on every sequence of up to three calls drawn from a set that covers what moves each piece:
bids in several strains by both sides (the first namers, 18 and the Definitions), calls explained
as showing other suits (the suits specified, 26B), doubles and redoubles, some left unnoticed (36C).
Two facts that agree on a piece agree on it after any one of those calls too.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from auction_fsm.calls import Strain, parse_call
from auction_fsm.lawbook.parts import CLOSED_VIEWS, FACT_VIEWS, value_of
from auction_fsm.records import CallRecord
from auction_fsm.seats import Seat
from auction_fsm.standing import NO_STANDING_FACTS, UNNOTICED_LAWS, StandingFacts


def _made(seat: Seat, call: str, law: str | None = None, specifies: tuple[Strain, ...] | None = None) -> CallRecord:
    return CallRecord(seat, parse_call(call), seat, law=law, specifies=specifies)


CALLS = (
    _made(Seat.N, "1H"), _made(Seat.S, "2H"), _made(Seat.E, "1S"), _made(Seat.W, "2C"),
    _made(Seat.S, "1NT"), _made(Seat.N, "2D", specifies=(Strain.H,)), _made(Seat.E, "P", specifies=(Strain.C,)),
    _made(Seat.E, "X"), _made(Seat.W, "XX"), _made(Seat.S, "X", law=UNNOTICED_LAWS[0]),
    _made(Seat.N, "XX", law=UNNOTICED_LAWS[1]), _made(Seat.W, "P"),
)


def _reached() -> set[StandingFacts]:
    out = set()
    for n in range(4):
        for calls in itertools.product(CALLS, repeat=n):
            facts = NO_STANDING_FACTS
            for r in calls:
                facts = facts.after(r)
            out.add(facts)
    return out


class _State:
    """What ``value_of`` reads of a position for a piece of the facts: the facts alone."""

    def __init__(self, facts: StandingFacts) -> None:
        self.standing_facts = facts


def _piece(facts: StandingFacts, view: str) -> object:
    return value_of(_State(facts), view)  # type: ignore[arg-type]


def test_every_field_of_the_facts_belongs_to_a_closed_view() -> None:
    assert set(FACT_VIEWS.values()) == CLOSED_VIEWS
    assert set(FACT_VIEWS) == {"namers", "specified", "unnoticed", "doubling"}


def _moving_apart(piece: Callable[[StandingFacts], object]) -> list[tuple[object, CallRecord]]:
    """Each piece value and call at which facts agreeing on ``piece`` disagree on it after the call."""
    groups: dict[object, list[StandingFacts]] = {}
    for facts in _reached():
        groups.setdefault(piece(facts), []).append(facts)
    shared = [(value, g) for value, g in groups.items() if len(g) > 1]
    assert shared, "some facts agree on the piece and differ elsewhere"  # else nothing is tested
    return [(value, r) for value, group in shared for r in CALLS if len({piece(f.after(r)) for f in group}) > 1]


@pytest.mark.parametrize("view", sorted(CLOSED_VIEWS))
def test_each_piece_of_the_standing_facts_moves_on_from_itself_and_the_call(view: str) -> None:
    assert _moving_apart(lambda f: _piece(f, view)) == []


def test_a_piece_that_does_not_move_on_from_itself_is_found() -> None:
    """The check can fail: North's first namers alone are no such piece, since whether North's bid
    names a strain first depends on whether South named it before."""
    apart = _moving_apart(lambda f: f.namers[Seat.N])
    assert any(r.seat == Seat.N and r.call.is_bid for _, r in apart)
