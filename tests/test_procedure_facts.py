"""The facts a waiting procedure keeps (``Pending.extra``) are declared once, with their kind, by
the family module that writes them (``lawbook/procedure_facts.py``).

Checked here on fuzzed walks under both books: every key a procedure keeps is declared, and its
value is of the declared kind (a seat letter, a place in the record, a call, a word).  The audit
of actions checks the first half on every step the law tests and the declared-parts walks run
(``parts.audited``).  A key planted by an action is named, by the walk's check and by the audit.
The seat facts the symmetry check moves, and the place facts the explorer ranks, are read from
the declarations.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from walks import fuzzed_steps

from auction_fsm import symmetry
from auction_fsm.auction import AuctionState
from auction_fsm.calls import parse_call
from auction_fsm.engine import rule_in_full
from auction_fsm.events import CallEvent
from auction_fsm.graph import declared_key
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, LawBook
from auction_fsm.lawbook.parts import auditing
from auction_fsm.lawbook.procedure_facts import (
    KINDS,
    PROCEDURE_FACTS,
    UndeclaredProcedureFact,
    declared,
    names_of_kind,
)
from auction_fsm.lawbook.rows import Ctx, Outcome, Row
from auction_fsm.records import Pending
from auction_fsm.seats import Seat
from auction_fsm.values import evolve

BOOKS = [LAWS_2017, LAWS_1997]


def _of_kind(kind: str, value: str) -> bool:
    """True when ``value`` is what a fact of ``kind`` holds (empty: none)."""
    if not value or kind == "word":
        return True
    if kind == "seat":
        return value in Seat.__members__ or value == "director"
    if kind == "place":
        return value.isdigit()
    try:
        parse_call(value)
    except ValueError:
        return False
    return True


def _faults(pending: Pending | None) -> list[str]:
    """Each key of ``pending`` that no family declares, or whose value is not of its kind."""
    if pending is None:
        return []
    out = []
    for key, value in pending.extra:
        fact = declared(key)
        if fact is None:
            out.append(f"{pending.state_name} keeps {key!r}, which no family declares")
        elif not _of_kind(fact.kind, value):
            out.append(f"{pending.state_name} keeps {key!r} = {value!r}, not {KINDS[fact.kind]}")
    return out


def _walk_faults(book: LawBook, seeds: range) -> tuple[list[str], set[str]]:
    """The faults met on fuzzed walks under ``book`` (each once), and every key met."""
    faults: dict[str, None] = {}
    met: set[str] = set()
    for state, _ in fuzzed_steps(book, seeds):
        if state.pending is not None:
            met.update(k for k, _ in state.pending.extra)
        faults.update(dict.fromkeys(_faults(state.pending)))
    return list(faults), met


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_every_fact_a_procedure_keeps_on_fuzzed_walks_is_declared_with_its_kind(book: LawBook) -> None:
    faults, met = _walk_faults(book, range(300))
    assert faults == []
    assert len(met) >= 20, "the walks reached few procedures"


def test_each_fact_is_declared_once_with_a_kind_and_words() -> None:
    assert len(PROCEDURE_FACTS) >= 25
    for fact in PROCEDURE_FACTS.values():
        assert fact.kind in KINDS and fact.words and fact.family


def test_the_symmetry_check_and_the_explorer_take_their_facts_from_the_declarations() -> None:
    assert symmetry.SEAT_FACTS == names_of_kind("seat")
    assert {"accept_by", "correct_player", "made_at", "back_decider", "back:correct_player"} <= symmetry.SEAT_FACTS
    assert declared_key._PLACE_FACTS == names_of_kind("place")
    assert {"lho_call", "replacement", "resume_ib", "ib", "first_ib"} <= declared_key._PLACE_FACTS
    assert declared("back:accept_by") is PROCEDURE_FACTS["accept_by"] and declared("back:nothing") is None


def _planting(book: LawBook, key: str) -> LawBook:
    """``book`` with the action that holds an insufficient bid also keeping ``key`` on the
    procedure it opens."""
    def swap(r: Row) -> Row:
        act = r.action
        assert act is not None
        inner: Callable[[Ctx], Outcome] = act.run

        def run(ctx: Ctx) -> Outcome:
            out = inner(ctx)
            p = out.state.pending
            assert p is not None
            return Outcome(evolve(out.state, pending=evolve(p, extra=(*p.extra, (key, "1")))), out.follow)
        # the planted run looks at the procedure it leaves: that read is declared, the key is not
        return dataclasses.replace(r, action=dataclasses.replace(act, run=run, reads=(act.reads or frozenset()) | {"pending"}))
    return book.replace_row(lambda r: r.action is not None and r.action.name == "hold_insufficient", swap,
                            name=f"planted-{key}")


def test_a_planted_undeclared_fact_is_named_by_the_walks_and_by_the_audit() -> None:
    book = _planting(LAWS_2017, "planted_fact")
    faults, _ = _walk_faults(book, range(60))
    # named at the step the action opens, and at the later steps that keep the procedure's facts
    assert faults[0] == "insufficient_bid.awaiting_decision keeps 'planted_fact', which no family declares"
    assert all("'planted_fact', which no family declares" in f for f in faults)
    state = rule_in_full(AuctionState.start(Seat.N, law_book=book), CallEvent.of("N", "1H")).after
    with auditing(), pytest.raises(UndeclaredProcedureFact,
                                   match=r"action 'hold_insufficient' .* keeping fact 'planted_fact'"):
        rule_in_full(state, CallEvent.of("E", "1C"))


def test_a_fact_of_the_wrong_kind_is_named() -> None:
    p = Pending("change_of_call", "awaiting_judgement", "25A", "director", ("unintended", "intended"),
                Seat.N, 0, Seat.N, (("lho_call", "E"), ("made_at", "3"), ("new", "1Z")))
    assert _faults(p) == [
        "change_of_call.awaiting_judgement keeps 'lho_call' = 'E', not " + KINDS["place"],
        "change_of_call.awaiting_judgement keeps 'made_at' = '3', not " + KINDS["seat"],
        "change_of_call.awaiting_judgement keeps 'new' = '1Z', not " + KINDS["call"]]
