"""Representatives released once expanded, worked out again from their traces (issue 38, item 1:
the memory half of an explorer of tables).

The explorer keeps a representative state only for the configurations it has yet to expand (and
each start's); what the checks ask of every configuration -- whether it ends the scope, the
machines' states, a split scope's masks -- is noted from the representative when the key is
registered, and a report that needs a representative replays the key's first trace through the
real engine.  These tests compare an exploration that releases with one that keeps every
representative: the same representatives, the same checks, the same split masks; and a trace
that does not lead back to its key is an internal error, never a wrong state.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from auction_fsm import rules
from auction_fsm.errors import InternalError
from auction_fsm.events import CallEvent
from auction_fsm.exploration import handed_over, is_terminal
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.results import Exploration
from auction_fsm.scope import Scope

OPENING = (CallEvent.of("N", "1NT"),)


def _pair(scope: Scope, **options: Any) -> tuple[IrregularSpace, IrregularSpace]:
    """Two spaces of ``scope``: the first releases what it expands, the second keeps it all."""
    released = IrregularSpace(scope, prefix=OPENING, **options)
    kept = IrregularSpace(scope, prefix=OPENING, **options)
    kept.keep_representatives = True
    return released, kept


def _explored(scope: Scope, **options: Any) -> tuple[IrregularSpace, Exploration[Any, Any],
                                                     IrregularSpace, Exploration[Any, Any]]:
    released, kept = _pair(scope, **options)
    return released, explore(released), kept, explore(kept)


@pytest.mark.parametrize("families", [{"insufficient_bid"}, {"inadmissible", "exposure"},
                                      {"opening_lead", "exposure"}])
def test_released_representatives_come_back_equal_and_the_checks_say_the_same(families: set[str]) -> None:
    """After the exploration only the starts' representatives are held; every other one, worked
    out from its trace, equals the one a space that keeps them all holds, and so do the ends,
    the machines' states and the whole report of the checks."""
    released, a, kept, b = _explored(Scope.of(families, max_irregularities=1), agreement="all")
    assert a.states > 200
    assert (list(a.keys), list(a.labels), list(a.targets), bytes(a.terminal)) == (
        list(b.keys), list(b.labels), list(b.targets), bytes(b.terminal))
    assert list(released._states) == list(released.initial_states())  # the starts alone
    assert len(kept._states) == a.states
    assert list(released.representatives()) == list(kept._states.items())
    for k, state in kept._states.items():
        assert released.is_terminal(k) == kept.ended(state)
        assert released.machine_states(k) == kept.machine_states(k)
        assert released.describe(k) == kept.describe(k)
    ra, rb = check_exploration(a), check_exploration(b)
    assert ra.ok and ra.counts == rb.counts and ra.findings == rb.findings


def test_representatives_asked_in_the_order_found_cost_one_step_each() -> None:
    """Walked in the order found (an export, the key check), each released representative is
    worked out from its parent's, kept from the walk: one engine step a configuration."""
    released, a, _, _ = _explored(Scope.of({"insufficient_bid"}, max_irregularities=1), agreement="off")
    before = released.replayed_steps
    for k in a.keys:
        released.state_of(k)
    assert 0 < released.replayed_steps - before <= a.states
    again = released.replayed_steps
    released.state_of(a.keys[-1])  # kept from the walk
    assert released.replayed_steps == again


def test_a_split_scopes_ends_come_from_what_was_noted_at_registration() -> None:
    """The masks of a part split by the contract's strain, noted when each key was registered,
    are those worked out from the representatives themselves."""
    scope = Scope("part", frozenset({"opening_lead", "exposure"}), max_irregularities=1, max_level=1,
                  contract_strain=4)
    released, a, _, _ = _explored(scope, agreement="off")
    split = released.split_ends(a.keys)
    assert split is not None
    states = [released.state_of(k) for k in a.keys]
    real = np.array([is_terminal(s) for s in states])
    here = np.array([rules.is_final(s.key) and not handed_over(s, scope) for s in states])
    counted = real & np.array([s.contract is not None for s in states])
    assert real.any() and here.any() and counted.any()
    assert (split.real == real).all() and (split.ended_here == here).all()
    assert (split.counted == counted).all()


def test_a_trace_that_no_longer_leads_to_its_key_is_an_internal_error() -> None:
    """A representative is worked out again only if its trace leads back to its key; a parent
    pointer planted on another event is reported as the explorer's own fault."""
    released, a, _, _ = _explored(Scope.of({"insufficient_bid"}, max_irregularities=1), agreement="off")
    for deep in reversed(a.keys):  # the last configuration found whose source leads elsewhere too
        source, _ = released.first_reached_by(deep)  # type: ignore[misc]
        others = [e for e, k in zip(*released.successors(source), strict=True) if k != deep]
        if others:
            break
    assert others
    released._by[released._index[deep]] = released._firsts[others[0]]  # the planted fault
    released._replayed.clear()
    with pytest.raises(InternalError, match="another key than the exploration found"):
        released.state_of(deep)
