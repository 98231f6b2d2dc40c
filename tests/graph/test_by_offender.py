"""Scopes with the opening lead verified as one scope per offending seat (issue 21, item 2).

Where a 26B right may still arise, the keys of a scope with the opening lead keep the suits each
seat has specified, since any seat may become the offender: before any irregularity that makes
the legal prefix many times larger (``docs/verification.md``).  With one irregularity per
auction every right is against the seat that committed it, so a scope splits into four parts,
one per seat: part *o* keeps seat *o*'s suits only and hands an auction whose first irregularity
is another seat's over to that seat's part.  What the tests show: the claim the split rests on
holds on whole parts, the parts' path counts add up to the unsplit scope's, their keys are
exact, the verdicts are the whole's, and the engine remembers the first offender.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.calls import Call
from auction_fsm.cards import Card
from auction_fsm.cli import main
from auction_fsm.events import CallEvent, ExposeCards
from auction_fsm.exploration import handed_over
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import Exploration, explore
from auction_fsm.graph.declared_key import HandedOver
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.key_check import inexact_keys
from auction_fsm.graph.scopes import scope_named, space_for
from auction_fsm.scope import Scope, ScopeError
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

#: N 1H E 1S: each side has named a suit, so a right against either side has suits to compare
_PREFIX = (CallEvent(Seat.N, Call.parse("1H")), CallEvent(Seat.E, Call.parse("1S")))
_FAMILIES = frozenset({"opening_lead", "inadmissible"})


def _space(offender: int | None, families: frozenset[str] = _FAMILIES) -> IrregularSpace:
    scope = Scope("part" if offender is not None else "whole", families, max_irregularities=1, max_level=1,
                  offender_seat=offender)
    return IrregularSpace(scope, prefix=_PREFIX, agreement="off")


def _possible_offenders(state: AuctionState) -> set[int]:
    """The seats a rectification under way may still give a 26B right against: the offender of
    the waiting procedure, of each waiting rectification, and each seat owing a repeat."""
    out = {int(w.offender) for w in state.watches}
    if state.pending is not None:
        out.add(int(state.pending.offender))
    out.update(seat for seat, obs in enumerate(state.obligations) if any(o.kind == "repeat_call" for o in obs))
    return out


@pytest.fixture(scope="module")
def parts() -> list[Exploration[Any, Any]]:
    return [explore(_space(seat)) for seat in range(4)]


def test_26B_every_right_and_every_rectification_in_a_part_is_against_its_own_seat(
        parts: list[Exploration[Any, Any]]) -> None:
    # the claim the split rests on: with one irregularity, whoever a right is (or may yet be)
    # against is the seat that committed it, so a part needs no other seat's suits
    rights = 0
    for seat, ex in enumerate(parts):
        space = ex.space
        assert isinstance(space, IrregularSpace)
        for key in ex.keys:
            state = space.state_of(key)
            if state.first_offender != seat:
                continue
            against = set(_possible_offenders(state)) | {int(r.offender) for r in state.restrictions}
            assert against <= {seat}, space.describe(key)
            rights += bool(state.restrictions)
    assert rights > 0  # the scope reaches rights, so the claim was put to the test


def test_an_irregularity_by_another_seat_is_handed_over_with_only_that_seat_in_its_key(
        parts: list[Exploration[Any, Any]]) -> None:
    for seat, ex in enumerate(parts):
        space = ex.space
        assert isinstance(space, IrregularSpace)
        over = [i for i, k in enumerate(ex.keys) if handed_over(space.state_of(k), space.families)]
        assert {ex.keys[i] for i in over} == {HandedOver(s, -1) for s in range(4) if s != seat}
        assert all(ex.out_degree(i) == 0 and ex.terminal[i] for i in over)
        assert "handed over to" in space.describe(ex.keys[over[0]])
    # before any irregularity, a part keeps its own seat's specified suits only (1H is North's)
    north, east = parts[0].space, parts[1].space
    assert isinstance(north, IrregularSpace) and isinstance(east, IrregularSpace)
    start = north.state_of(parts[0].keys[0])
    assert north.declared is not None and east.declared is not None
    assert north.declared.suits_specified(start) == (1 << 2, 0, 0, 0)
    assert east.declared.suits_specified(start) == (0, 1 << 3, 0, 0)


def test_the_parts_give_the_wholes_verdicts_and_their_paths_add_up(
        parts: list[Exploration[Any, Any]]) -> None:
    whole = check_exploration(explore(_space(None)), max_traces=0)
    reports = [check_exploration(ex, max_traces=0) for ex in parts]
    assert whole.ok and all(r.ok for r in reports)
    assert all(r.info["paths_of_part"] for r in reports)
    assert sum(r.info["paths"] for r in reports) == whole.info["paths"] > 0


def test_the_keys_of_a_part_merge_only_states_with_one_future(parts: list[Exploration[Any, Any]]) -> None:
    compared, inexact = inexact_keys(parts[1])
    assert compared > 0 and inexact == []


def test_the_engine_remembers_the_seat_of_the_first_irregularity_only() -> None:
    sim = Simulator("N")
    assert sim.state.first_offender == -1
    sim.call("N", "1C")
    sim.call("W", "1D")  # out of rotation: East's turn (30-32)
    assert (sim.state.incidents, sim.state.first_offender) == (1, int(Seat.W))
    exposed = Simulator("N")
    exposed.call("N", "1H")
    exposed.apply(ExposeCards(Seat.E, (Card.parse("SA"),)))  # a card exposed during the auction (24)
    assert (exposed.state.incidents, exposed.state.first_offender) == (1, int(Seat.E))
    exposed.apply(ExposeCards(Seat.S, (Card.parse("HK"),)))  # a second one, by South
    assert (exposed.state.incidents, exposed.state.first_offender) == (2, int(Seat.E))


def test_splitting_by_the_offender_needs_the_lead_and_one_irregularity() -> None:
    with pytest.raises(ScopeError, match="splitting by the offender needs the opening lead"):
        scope_named("rotation-1").narrowed(by_offender=True)
    with pytest.raises(ScopeError, match="needs one irregularity per auction, not 2"):
        Scope.of({"opening_lead", "inadmissible"}, max_irregularities=2, by_offender=True)
    with pytest.raises(ScopeError, match="offender_seat must be 0-3, got 4"):
        Scope.of({"opening_lead"}, offender_seat=4)
    both = scope_named("all-1").narrowed(by_strain=True, by_offender=True).split_parts()
    assert len(both) == 20 and both[-1].name == "all-1-in-NT-offender-W"


def test_a_part_is_named_by_its_seat_and_strain() -> None:
    part = scope_named("all-1-offender-E")
    assert (part.offender_seat, part.contract_strain, part.by_offender) == (1, None, False)
    part = scope_named("all-1-level7-in-NT-offender-S")
    assert (part.offender_seat, part.contract_strain, part.max_level) == (2, 4, 7)
    for bad in ("exposure-1-offender-N", "all-1-offender-X", "insufficient-2-offender-N"):
        with pytest.raises(ScopeError, match=f"unknown scope '{bad}'"):
            scope_named(bad)


def test_verify_by_offender_reports_each_part_and_the_whole(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--scope", "lead-1", "--by-offender", "--no-machine", "--agreement", "off",
                 "--json", "--quiet", "--jobs", "1"]) == 0
    *reports, whole = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["scope"] for r in reports] == [f"lead-1-offender-{s}" for s in "NESW"]
    assert whole["ok"] and whole["parts"] == [r["scope"] for r in reports]
    assert "seat that commits the irregularity" in whole["scope_description"]
    unsplit = explore(space_for(scope_named("lead-1").narrowed(agreement="off")))
    assert whole["paths"] == sum(r["paths"] for r in reports) == unsplit.count_paths() == 1_181_899_377
