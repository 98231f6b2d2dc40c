"""The book's decisions kept as tables on the facts they read (issue 38: the first tables).

:mod:`auction_fsm.lawbook.selection_table` answers the classifier and the rows' guards from trees
on the facts they read, filled by the book itself.  These tests compare it with the book: every
decision at positions of whole explorations, in both books, and whole explorations with and
without the tables, configuration by configuration and edge by edge; and they plant a decision
whose order of reads its facts do not decide, which the table names.
"""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Any, cast

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.calls import Call
from auction_fsm.engine import apply_event
from auction_fsm.errors import AuctionFsmError, InternalError, LawBookError
from auction_fsm.events import CallEvent
from auction_fsm.exploration import alphabet, room_for
from auction_fsm.graph.configuration import ExplorationLimitError, explore
from auction_fsm.graph.fact_sharing import measure_fact_tables
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, LawBook
from auction_fsm.lawbook.classify import classify_in
from auction_fsm.lawbook.facts import FactView
from auction_fsm.lawbook.rows import Ctx, reads
from auction_fsm.lawbook.selection_table import SelectionTable, table_of
from auction_fsm.seats import Seat


def _outcome(run: Any, *args: Any, **kwargs: Any) -> Any:
    """What a decision gives: its value, or the kind of input error it raised."""
    try:
        return run(*args, **kwargs)
    except InternalError:
        raise
    except AuctionFsmError as exc:
        return type(exc)


def _positions(scope: str, book: LawBook, every: int) -> list[AuctionState]:
    """Every ``every``-th position of the scope's first 6,000 configurations, breadth first."""
    space = IrregularSpace(scope_named(scope), agreement="off", book=book, tables=False)
    with contextlib.suppress(ExplorationLimitError):
        explore(space, max_states=6_000)
    return [state for _, state in space.representatives()][::every]


@pytest.mark.parametrize(("scope", "book", "every"), [
    ("exposure-1", LAWS_2017, 5), ("inadmissible-1", LAWS_2017, 5), ("rotation-1", LAWS_2017, 10),
    ("changes-1", LAWS_2017, 10), ("insufficient-1", LAWS_1997, 10)])
def test_each_decision_at_explored_positions_is_the_book_s(scope: str, book: LawBook, every: int) -> None:
    """At every sampled position of the scope and for every event of the alphabet: the trigger
    (or the refusal), the row the book takes, and the row selected strictly and not (with the
    guards' answers a strict selection notes) are the book's own."""
    table = SelectionTable(book)
    family = scope_named(scope)
    compared = 0
    for state in _positions(scope, book, every):
        for event in alphabet(state, family, bool(room_for(state, family))):
            mine, theirs = Ctx(state, event), Ctx(state, event)
            found = table.classify(mine)
            trigger = _outcome(classify_in, theirs)
            assert (found is None and isinstance(trigger, type)) or found == trigger, (event, state.record)
            if found is None:
                continue
            phase = state.phase
            assert table.takes(phase, found, Ctx(state, event)) is book.takes(phase, found, Ctx(state, event))
            for strict in (True, False):
                mine = Ctx(state, event, {} if strict else None)
                theirs = Ctx(state, event, {} if strict else None)
                assert (_outcome(table.select, phase, found, mine, strict)
                        == _outcome(book.select, phase, found, theirs, strict=strict))
                assert mine.tested == theirs.tested
            compared += 1
    counts = table.counts
    assert compared > 1_000
    assert counts["classify"].hits > 10 * counts["classify"].fills  # the decisions repeat


@pytest.mark.parametrize(("scope", "agreement"), [
    ("exposure-1", "all"), ("inadmissible-1", "all"), ("insufficient-1", "off")])
def test_an_exploration_with_tables_is_the_exploration_without(scope: str, agreement: str) -> None:
    """The same configurations in the same order, the same edges with the same labels, and the
    same problems of the machines and of the invariants, with the tables and without."""
    out = []
    for tables in (False, True):
        space = IrregularSpace(scope_named(scope), agreement=agreement, tables=tables)  # type: ignore[arg-type]
        ex = explore(space)
        out.append((ex.keys, list(ex.offsets), list(ex.targets), ex.labels, space._edge_faults, space._broken))
        if tables:
            assert space.tables is table_of(LAWS_2017)
            assert space.tables.counts["select"].hits > 0
    assert out[0] == out[1]


def test_a_decision_whose_order_of_reads_its_facts_do_not_decide_is_named() -> None:
    """A planted guard reads its two declared facts in an order a hidden count decides: filled
    first for South's pass (whether a procedure waits, then whether the call is a pass), the
    table then meets South's bid, whose path ends where the second fact differs; filled again,
    the guard asks the other fact first, where the same values led the tree to ask the first.
    The table raises a fault of the book naming both facts."""
    start = AuctionState.start(Seat.N)
    waiting = apply_event(start, CallEvent(Seat.E, Call.parse("1C")))  # out of rotation: a procedure waits
    phase = waiting.phase
    pass_ctx = Ctx(waiting, CallEvent(Seat.S, Call.parse("P")), {})
    trigger = classify_in(pass_ctx)
    group = LAWS_2017.candidates(phase, trigger)
    assert group and group[0].guard is not None
    count = [0]

    @reads("procedure_waits", "call_is_pass", words="planted: reads its facts in a hidden order",
           ask="Is this the planted case?")
    def planted(f: FactView) -> bool:
        count[0] += 1
        if count[0] % 2:
            return bool(f.procedure_waits and f.call_is_pass) and False
        return bool(f.call_is_pass and f.procedure_waits) and False

    book = LAWS_2017.replace_row(lambda r: r is group[0], lambda r: dataclasses.replace(r, guard=planted),
                                 name="planted")
    table = SelectionTable(book)
    table.select(phase, trigger, pass_ctx, True)
    bid_ctx = Ctx(waiting, CallEvent(Seat.S, Call.parse("1D")), {})
    with pytest.raises(LawBookError, match="read call_is_pass where the same facts read before led it to "
                                           "procedure_waits"):
        table.select(phase, trigger, bid_ctx, True)


def test_tables_of_the_facts_themselves_are_counted_while_exploring() -> None:
    """The next step's measurement (``benchmarks/fact_sharing.py --facts``): every fact computed
    while the first configurations of a scope are explored, keyed on the event and the values of
    the parts it declares.  A fact of the event alone (``event_is_call`` declares no part) has one
    key per event; no fact has more keys than computations; the facts repeat."""
    f = measure_fact_tables("exposure-1", 800)
    assert f.configurations >= 800
    assert all(0 < len(f.keys[n]) <= c for n, c in f.computed.items())
    events = {cast("tuple[Any, Any]", key)[0] for key in f.keys["event_is_call"]}
    assert len(f.keys["event_is_call"]) == len(events) and f.values["event_is_call"] <= {True, False}
    assert f.parts["event_is_call"] == {()}
    assert 0.5 < f.share() < 1


@pytest.mark.parametrize("tabled", [False, True])
def test_a_fault_of_our_own_code_while_classifying_an_offered_event_is_raised(
        tabled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """With or without the tables, the offered events are classified through one interface, and a
    fault of this package in the classifier (an ``InternalError``) stops the exploration: it is
    never taken for an event the Laws refuse there (``verify --no-tables`` used to drop it)."""
    from auction_fsm.exploration import candidate_events
    from auction_fsm.lawbook import selection_table

    def broken(ctx: Ctx) -> str:
        raise InternalError("planted: the classifier's own fault")

    monkeypatch.setattr(selection_table, "classify_in", broken)
    book = LAWS_2017
    tables = SelectionTable(book) if tabled else None  # (a new one: no path filled before the plant)
    with pytest.raises(InternalError, match="planted"):
        list(candidate_events(AuctionState.start("N"), scope_named("insufficient-1"), book, tables))
