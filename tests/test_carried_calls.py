"""Calls the actions carry without looking at them (auction_fsm.lawbook.carried).

An action declaring ``carries=("event_call",)`` or ``("procedure_call",)`` promises that with
another call in that call's place, the rows and facts being the same, its step comes out the same
with the other call written where the first was.  These tests check the promise on explored steps
of the families under both books (every other call of the 38 tried in place of each carried
call), show that the check names a planted broken promise, and that a table of steps keyed with
the carried calls as holes answers the gate's steps as they are ruled.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.calls import Call
from auction_fsm.engine import rule_in_full
from auction_fsm.events import CallEvent
from auction_fsm.graph import fact_sharing
from auction_fsm.graph.carried_check import check_carried
from auction_fsm.graph.fact_sharing import (
    CARRIED_COLUMNS,
    carried_key,
    edges_of,
    measure_rows,
    measure_steps,
    replayed,
    step_key,
)
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, LawBook
from auction_fsm.lawbook.carried import EVENT_CALL, PROCEDURE_CALL, holed_key, substituted
from auction_fsm.lawbook.parts import check_names
from auction_fsm.lawbook.rows import Row
from auction_fsm.records import Ruling
from auction_fsm.seats import Seat


def _planted(name: str, carries: frozenset[str]) -> LawBook:
    """The 2017 book with action ``name`` declaring that it carries ``carries``."""
    def swap(r: Row) -> Row:
        assert r.action is not None
        return dataclasses.replace(r, action=dataclasses.replace(r.action, carries=carries))
    return LAWS_2017.replace_row(lambda r: r.action is not None and r.action.name == name, swap,
                                 name=f"planted-carries-{name}")


def test_every_carried_call_named_is_one_an_action_may_carry_and_reads() -> None:
    assert check_names(LAWS_2017) == [] and check_names(LAWS_1997) == []
    faults = check_names(_planted("hold_insufficient", frozenset({"the_whole_record"})))
    assert any("'hold_insufficient' carries 'the_whole_record', which is not a call it may carry" in f for f in faults)
    # hold_insufficient does not declare reading the procedure's call, so it cannot carry it
    faults = check_names(_planted("hold_insufficient", frozenset({PROCEDURE_CALL})))
    assert faults == ["action 'hold_insufficient' carries 'procedure_call' without declaring it reads it"]


def test_18_a_call_substituted_in_a_record_and_in_words_but_not_inside_other_words() -> None:
    """Filling a hole replaces the call and its text as a word of its own: a law number such as
    31C or a word such as XX are left alone when 1C or X is replaced."""
    ruling = Ruling("31C, 25A", "East's 1C out of rotation; XX stays; 1C again")
    one_club, two_hearts = Call.parse("1C"), Call.parse("2H")
    assert substituted(ruling, {one_club: two_hearts}) == Ruling("31C, 25A", "East's 2H out of rotation; XX stays; 2H again")
    assert substituted(Ruling("36A", "an inadmissible XX, not X"), {Call.parse("X"): Call.parse("P")}) == Ruling(
        "36A", "an inadmissible XX, not P")


def test_18C_a_sufficient_bid_is_carried_and_the_table_fills_its_hole_at_another_bid() -> None:
    """South's 2H after 1H P and South's 3C there are one entry of a table keyed with the carried
    call as a hole; the first step's change with 3C in the hole is what ruling 3C gives."""
    state = AuctionState.start(Seat.N).calls("1H P")
    first, other = step_key(state, CallEvent.of("S", "2H")), step_key(state, CallEvent.of("S", "3C"))
    assert first.carried == {EVENT_CALL: Call.parse("2H")}
    assert carried_key(first) == carried_key(other)
    assert replayed(first.step, state, {Call.parse("2H"): Call.parse("3C")}) == rule_in_full(
        state, CallEvent.of("S", "3C")).after


_SCOPES = [("rotation-1", LAWS_2017), ("insufficient-1", LAWS_2017), ("changes-1", LAWS_2017),
           ("inadmissible-1", LAWS_2017), ("exposure-1", LAWS_2017), ("rotation-1", LAWS_1997),
           ("insufficient-1", LAWS_1997)]


@pytest.mark.parametrize(("scope", "book"), _SCOPES, ids=[f"{s}-{b.name}" for s, b in _SCOPES])
def test_the_carried_calls_keep_their_promise_on_explored_steps(scope: str, book: LawBook) -> None:
    """Every third of the first 3,000 edges breadth first: where its actions carry a call, each other
    call that a table would answer from the same entry gives the step's change with that call."""
    carrying = 0
    faults: list[str] = []
    for i, (state, event) in enumerate(edges_of(scope, 3000, book)):
        if i % 3:
            continue
        carrying += bool(step_key(state, event).carried)
        faults += check_carried(state, event)
    assert carrying > 100  # the check met many carrying steps, not none
    assert faults == []


def test_31A_a_planted_promise_broken_is_named_with_the_action_and_the_call() -> None:
    """``watch_rho_after_call`` cites 30C beside 31A when the cancelled call out of rotation was a
    pass: it looks at the procedure's call.  Declared as carrying it, the check names it."""
    book = _planted("watch_rho_after_call", frozenset({PROCEDURE_CALL}))
    faults = []
    for state, event in edges_of("rotation-1", 9000, book):
        step = rule_in_full(state, event)
        if any(f.row.action is not None and f.row.action.name == "watch_rho_after_call" for f in step.fired):
            faults += check_carried(state, event)
    assert faults and all(f.startswith("action watch_rho_after_call carries procedure_call") for f in faults)
    assert any("30C" in f for f in faults)


def test_the_gate_a_table_with_carried_calls_as_holes_answers_as_ruled() -> None:
    """On the first 3,000 edges of insufficient-1 and rotation-1, keying the carried calls as holes
    shares more than keying them by value (the key kept as an effect both ways), and every step
    the table answers, the holes filled, is the step ruled, in every part."""
    for scope in ("insufficient-1", "rotation-1"):
        s = measure_steps(scope, edges_of(scope, 3000))
        assert s.carrying > 0
        assert s.share(s.carried) > s.share(s.effect) and s.share(s.relative_carried) > s.share(s.relative_effect)
        for column in CARRIED_COLUMNS:
            assert s.answered[column] > 0 and sum(s.disagreements[column].values()) == 0, s.examples.get(column)


def test_29A_tables_filled_row_by_row_answer_as_ruled_and_hole_the_facts_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the first 3,000 edges of rotation-1 and insufficient-1, each fired row keyed at its own
    position (selection by its facts, action by its reads, carried calls as holes) is met before
    for most rows, and every row a table answers, replayed, is the row fired, in every part.
    Planted: holes made in the action's key alone, not in the selection's facts; then a fact equal
    to a carried call is filled as if it were the hole (29A with 27A1: East's held 1C insufficient
    over 1D, South's call over it 1D) and the check names the rulings."""
    edges = {scope: edges_of(scope, 3000) for scope in ("rotation-1", "insufficient-1")}
    for scope, some in edges.items():
        r = measure_rows(scope, some)
        assert r.answered > 0 and not r.disagreements, r.examples
        assert r.share(r.both) > 0.8 and r.share(r.selections) >= r.share(r.both)
    real = holed_key

    def actions_only(value: Any, calls: Any, key: object = None) -> Any:
        return value[0], real(value[1], calls, key)
    monkeypatch.setattr(fact_sharing, "holed_key", actions_only)
    planted = measure_rows("rotation-1", edges["rotation-1"])
    assert planted.disagreements["rulings"] > 0 and any("insufficient over" in e for e in planted.examples)
