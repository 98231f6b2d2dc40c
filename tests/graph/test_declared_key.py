"""Configurations keyed by what the scope's rules declare they read (issue 37, item 5).

``IrregularSpace(keys="declared")`` keys each configuration on the values of the parts and views
the rows of its scope, the classifier and the explorer declare reading
(:mod:`auction_fsm.graph.declared_key`), instead of the hand-written compact key.  These tests
check that it reaches the same verdicts and the same ends as the compact key where it finishes,
that the key check finds its keys exact there and finds a key with a declared read left out,
and that a scope whose rules still read the log names them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.declared_key import EXPLORER_READS, DeclaredKey, declared_key
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.key_check import inexact_keys
from auction_fsm.graph.results import Exploration
from auction_fsm.graph.scopes import scope_named
from auction_fsm.lawbook import LAWS_2017
from auction_fsm.lawbook.parts import LOG


def _explored(name: str, keys: str) -> Exploration[Any, Any]:
    scope = scope_named(name)
    return explore(IrregularSpace(scope, dealers=scope.dealers, name=name, agreement="all",
                                  keys=keys))  # type: ignore[arg-type]


def _ends(ex: Exploration[Any, Any]) -> set[tuple[str, int]]:
    """How each end of the exploration came out: the contract (or a passed-out board) and the
    irregularities counted."""
    space = ex.space
    assert isinstance(space, IrregularSpace)
    out = set()
    for i, key in enumerate(ex.keys):
        if ex.terminal[i]:
            state: AuctionState = space.state_of(key)
            contract = state.contract
            out.add(("passed out" if contract is None else contract.text, state.incidents))
    return out


@pytest.fixture(scope="module")
def exposure() -> tuple[Exploration[Any, Any], Exploration[Any, Any]]:
    return _explored("exposure-1", "compact"), _explored("exposure-1", "declared")


def test_exposure_1_keyed_by_its_declarations_reaches_the_compact_keys_verdicts_and_ends(
        exposure: tuple[Exploration[Any, Any], Exploration[Any, Any]]) -> None:
    compact, declared = exposure
    verdicts = [check_exploration(ex, 1).counts for ex in (compact, declared)]
    assert verdicts[0] == {k: 0 for k in verdicts[0]}  # every check passes with the compact key
    assert {k: v for k, v in verdicts[1].items() if k in verdicts[0]} == verdicts[0]
    assert _ends(declared) == _ends(compact) and len(_ends(compact)) > 10
    # the declared key tells apart what the compact one merges by hand (the last bidder's seat,
    # not only his side), so it holds more configurations, never fewer
    assert declared.states > compact.states


def test_exposure_1_declared_keys_are_exact_by_the_key_check(
        exposure: tuple[Exploration[Any, Any], Exploration[Any, Any]]) -> None:
    compared, inexact = inexact_keys(exposure[1])
    assert compared > 5_000 and inexact == []


def test_a_key_leaving_out_a_declared_read_is_found_inexact_by_the_key_check() -> None:
    """The cards exposed are read by Law 24's rows (which paragraph, 24A-C, counts the cards the
    seat had exposed): keyed without them, two positions differing in them are merged, and the
    key check names the edges where their futures differ."""
    scope = scope_named("exposure-1")
    space = IrregularSpace(scope, dealers=scope.dealers, name="planted", agreement="off", keys="declared")
    assert space.declared is not None and "exposed" in space.declared.names
    space.declared = replace(space.declared, names=tuple(n for n in space.declared.names if n != "exposed"))
    _, inexact = inexact_keys(explore(space))
    assert inexact


def test_the_key_holds_no_log_where_no_rule_of_the_scope_reads_it() -> None:
    for name in ("exposure-1", "insufficient-1", "lead-1", "lead-exposure-1", "rotation-1", "inadmissible-1"):
        key = declared_key(LAWS_2017, scope_named(name))
        assert key.log_readers == {} and not set(key.names) & LOG, name
        assert EXPLORER_READS <= set(key.names)


@pytest.mark.parametrize(("scope", "reader"), [
    ("changes-1", "changes:make_change_rebuilt"),
])
def test_a_scope_whose_rules_read_the_record_names_them_and_is_keyed_on_it(scope: str, reader: str) -> None:
    key: DeclaredKey = declared_key(LAWS_2017, scope_named(scope))
    assert reader in key.log_readers["record"]
    assert "record" in key.names  # exact: every history told apart
