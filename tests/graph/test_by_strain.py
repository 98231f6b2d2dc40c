"""Scopes with the opening lead verified as one scope per contract strain (issue 21, item 2).

Kept for every strain, who first named each strain makes a lead scope over all 35 bids at least
32.7 million configurations (``graph/declarer_memory.py``).  Split by the contract's strain,
each part keeps its own strain's first-namers only and hands an auction that ends in another
strain over to that strain's part.  What the tests show: the parts' path counts add up to the
unsplit scope's, their keys are exact (no two states of one key have different futures), and a
planted machine fault is found by the parts as by the whole.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest
from books import without

from auction_fsm.calls import Call
from auction_fsm.cli import main
from auction_fsm.events import CallEvent
from auction_fsm.exploration import handed_over
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.declared_key import HandedOver
from auction_fsm.graph.irregular_space import IrregularSpace, SplitEnds
from auction_fsm.graph.key_check import inexact_keys
from auction_fsm.graph.scopes import scope_named, space_for
from auction_fsm.lawbook import LAWS_2017
from auction_fsm.machines import TableMachines
from auction_fsm.scope import Scope, ScopeError
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

from .helpers import TableSpace

_OPENED_1NT = (CallEvent(Seat.N, Call.parse("1NT")),)


def _part(families: set[str], strain: int, **kw: object) -> IrregularSpace:
    scope = Scope("part", frozenset(families), max_irregularities=1, max_level=1, contract_strain=strain)
    return IrregularSpace(scope, prefix=_OPENED_1NT, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(("families", "strain"), [({"opening_lead", "exposure"}, 0),
                                                  ({"opening_lead", "exposure"}, 4),
                                                  ({"opening_lead", "changes"}, 0)])
def test_the_keys_of_a_part_merge_only_states_with_one_future(families: set[str], strain: int) -> None:
    # with changes of call, an auction that ended in this strain may be reopened and end again
    ex = explore(_part(families, strain, agreement="off"))
    compared, inexact = inexact_keys(ex)
    assert compared > 0 and inexact == []


def test_a_part_keeps_its_own_strains_first_namers_and_cuts_the_others_ends() -> None:
    space = _part({"opening_lead"}, 0)
    ex = explore(space)
    ends = [space.state_of(k) for k in ex.keys if space.is_terminal(k)]
    over = [s for s in ends if handed_over(s, space.families)]
    # after 1NT nothing lower can be bid: every contract is in no trump, handed over from clubs
    assert over and all(s.contract is not None and int(s.contract.strain) == 4 for s in over)
    assert all(ex.out_degree(i) == 0 for i, k in enumerate(ex.keys) if handed_over(space.state_of(k), space.families))
    start = space.state_of(ex.keys[0])
    assert space.declared is not None
    assert space.declared.first_namers(start) == (0, 0, 0, 0)  # North named no trump, not clubs
    assert space.key_of(over[0]) == HandedOver(-1, 4)


class _NoLeadOutOfTurn(Simulator):
    """Machines from a book without the phase row that takes a lead out of turn (54)."""

    def __init__(self, dealer: Seat | str) -> None:
        super().__init__(dealer)
        self.machines = TableMachines(self.dealer, book=without(
            lambda r: r.machine == "phase" and r.trigger == "lead_out_of_turn" and r.source == "clarification"))


def test_a_planted_machine_fault_is_found_by_the_parts_as_by_the_whole() -> None:
    def faults(space: IrregularSpace) -> set[str]:
        ex = explore(space)
        assert check_exploration(ex, max_traces=0).counts["dead_ends"] == 0
        return {m for k in ex.keys for m in space.faults(k)}

    scope = Scope("whole", frozenset({"opening_lead"}), max_irregularities=1, max_level=1)
    whole = faults(IrregularSpace(scope, prefix=_OPENED_1NT, simulator=_NoLeadOutOfTurn))
    parts = set().union(*(faults(_part({"opening_lead"}, s, simulator=_NoLeadOutOfTurn)) for s in range(5)))
    assert whole and parts == whole
    assert all("lead_out_of_turn" in m for m in whole)


def test_splitting_needs_the_opening_lead() -> None:
    with pytest.raises(ScopeError, match="needs the opening lead"):
        scope_named("exposure-1").narrowed(by_strain=True)
    assert len(scope_named("all-1").narrowed(by_strain=True).split_parts()) == 5
    with pytest.raises(ScopeError, match="contract_strain must be 0-4, got 5"):
        replace(scope_named("lead-1"), contract_strain=5)
    assert scope_named("lead-1").split_parts() == (scope_named("lead-1"),)


def test_the_parts_paths_add_up_to_the_unsplit_scopes_and_each_part_is_reported(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--scope", "lead-1", "--by-strain", "--no-machine", "--agreement", "off",
                 "--json", "--quiet", "--jobs", "1"]) == 0
    *parts, whole = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["scope"] for r in parts] == [f"lead-1-in-{s}" for s in ("C", "D", "H", "S", "NT")]
    assert whole["scope"] == "lead-1" and whole["parts"] == [r["scope"] for r in parts]
    assert all(r["ok"] and r["paths_of_part"] for r in parts) and whole["ok"]
    unsplit = explore(space_for(scope_named("lead-1").narrowed(agreement="off")))
    assert whole["paths"] == sum(r["paths"] for r in parts) == unsplit.count_paths() == 1_181_899_377
    assert whole["states"] == sum(r["states"] for r in parts) == 18_770  # unsplit: 18,006


def test_the_book_of_the_machines_has_the_row_the_planted_simulator_leaves_out() -> None:
    assert any(r.machine == "phase" and r.trigger == "lead_out_of_turn" and r.source == "clarification"
               for r in LAWS_2017.rows)


class _LeaningPart(TableSpace):
    """A toy part of a split scope: the auction ends in this part's strain ("ended"), and a
    change of call reopens it to end in another strain ("handed over", an end of this part).
    No real end is reachable, so two parts could each count on the other's hand-over."""

    def __init__(self) -> None:
        super().__init__("toy-in-C", {"start": (("pass",), ("ended",)), "ended": (("change",), ("handed over",)),
                                      "handed over": ((), ())}, ends={"handed over"})

    def split_ends(self, keys: Sequence[str]) -> SplitEnds:
        none = np.zeros(len(keys), dtype=bool)
        return SplitEnds(none, np.array([k == "ended" for k in keys]), none)


def test_an_auction_ended_in_the_parts_strain_must_reach_a_real_end_not_another_hand_over() -> None:
    report = check_exploration(explore(_LeaningPart()))
    assert report.counts["cannot_finish"] == 1 and report.counts["dead_ends"] == 0
    (finding,) = [f for f in report.findings if f.check == "cannot_finish"]
    assert finding.state == "ended" and "without handing over to another part" in finding.detail


def test_a_part_is_named_by_its_strain_and_a_split_scope_is_not_exported_whole(
        capsys: pytest.CaptureFixture[str]) -> None:
    part = scope_named("lead-1-in-NT")
    assert (part.contract_strain, part.name, part.by_strain) == (4, "lead-1-in-NT", False)
    assert scope_named("lead-1-level7-in-C").max_level == 7
    with pytest.raises(ScopeError, match="unknown scope 'exposure-1-in-NT'"):
        scope_named("exposure-1-in-NT")  # no opening lead: nothing to split
    assert main(["export", "configuration", "--scope", "lead-1-level7", "-o", "-"]) == 2
    assert "is explored in parts: name one part, such as lead-1-level7-in-NT" in (
        capsys.readouterr().err)


def test_a_change_after_the_final_pass_into_another_strain_is_reported_as_beyond_the_part() -> None:
    # After N 1C E P S P W X N P E P S P the auction has ended in clubs.  East, the opening
    # leader, may still change his pass by a slip (25A) and South keep or withdraw his pass over
    # it; the reopened auction can then end only in a higher strain, which is handed over, and
    # the part of that strain never sees it (it hands the clubs auction over at the final pass).
    # The unsplit scope finishes (docs/verification-notebook.md, issue 21 items 1 and 2): the clubs part
    # says the configurations cannot finish *within the part*, never that they are dead ends.
    made = ("N 1C", "E P", "S P", "W X", "N P", "E P", "S P")
    prefix = tuple(CallEvent(Seat[seat], Call.parse(call)) for seat, call in (m.split() for m in made))
    scope = Scope("part", frozenset({"opening_lead", "changes"}), max_irregularities=1, max_level=1,
                  contract_strain=0)
    report = check_exploration(explore(IrregularSpace(scope, prefix=prefix, agreement="off")), max_traces=1)
    assert report.counts["dead_ends"] == 0 and report.counts["cannot_finish"] > 0
    (finding,) = [f for f in report.findings if f.check == "cannot_finish"]
    assert "without handing over to another part" in finding.detail
    assert finding.state.startswith("phase change_of_call")
