"""The declared reads checked from the other side: every part a step's rows do not declare
reading is given another value met elsewhere, and the step must come out the same
(:mod:`auction_fsm.graph.perturbation`; issue 37 item 2, "undeclared slots perturbed").

What these tests prove: on the steps they rule (fuzzed walks from every dealer under both books;
every 16th of the first 8,000 edges of six scopes under both books), changing any part outside
the step's declared reads, to one of up to eight values met on the walks, changes nothing the
step does.  The parts nearly every step reads (the legal auction, the record, the waiting
procedure: the classifier's facts read them) are seldom changed; the counts say how often each
part was.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import pytest
from walks import fuzzed_steps

from auction_fsm.auction import AuctionState
from auction_fsm.cards import Card
from auction_fsm.engine import rule_in_full
from auction_fsm.events import CallEvent
from auction_fsm.graph.fact_sharing import edges_of
from auction_fsm.graph.perturbation import ENGINE_PARTS, check_edges, check_step, check_words, donors
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, LawBook
from auction_fsm.lawbook.parts import auditing
from auction_fsm.lawbook.rows import Ctx, Outcome, Row
from auction_fsm.lawbook.words_only import words_met
from auction_fsm.records import ExposedCard, Obligation
from auction_fsm.seats import Seat

BOOKS = [LAWS_2017, LAWS_1997]
SCOPES = ["rotation-1", "insufficient-1", "inadmissible-1", "changes-1", "exposure-1", "lead-exposure-1"]


@cache
def _values(book: LawBook) -> dict[str, list[Any]]:
    return donors((s for s, _ in list(fuzzed_steps(book, range(100)))[::7]), 8)


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_fuzzed_walks_change_nothing_when_a_part_no_row_reads_is_changed(book: LawBook) -> None:
    result = check_edges(list(fuzzed_steps(book, range(60))), _values(book))
    assert result.faults == []
    assert result.steps > 2000
    # every part a rule may read, other than what the engine keeps, was changed on some step,
    # but for the legal auction, the record, the waiting procedure and the opening leads (the
    # classifier reads them at every step), the board's vulnerability and the swap of hands (one
    # value each on the walks: nothing to change them to)
    assert set(result.changes) >= {"dealer", "obligations", "watches", "restrictions", "exposed", "rulings",
                                   "lead_rules", "refused_leads", "picked_up", "options_key", "lead_choices"}
    assert not set(result.changes) & ENGINE_PARTS


@pytest.mark.parametrize("scope", SCOPES)
@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_explored_edges_change_nothing_when_a_part_no_row_reads_is_changed(book: LawBook, scope: str) -> None:
    result = check_edges(edges_of(scope, 8000, book)[::16], _values(book))
    assert result.faults == []
    assert sum(result.changes.values()) > 2 * result.steps


def _reads_exposed_round_the_watch(row: Row) -> Row:
    """Row ``row`` with its action made to read the exposed cards through the position's slot
    descriptor, which the audit's watched copy does not see, and to word a ruling by them."""
    action = row.action
    assert action is not None
    descriptor = AuctionState.__dict__["exposed"]

    def run(ctx: Ctx) -> Outcome:
        out = action(ctx)
        if descriptor.__get__(ctx.state, AuctionState):
            return Outcome(out.state.rule("24", "planted: a card was face up"), out.follow)
        return out
    return dataclasses.replace(row, action=dataclasses.replace(action, run=run))


def test_27A_a_read_the_audit_cannot_see_is_found_by_changing_the_part() -> None:
    """Planted: the action holding an insufficient bid also reads the exposed cards, round the
    audit's watch.  The audit passes it; changing the exposed cards finds it, naming the part."""
    planted = LAWS_2017.replace_row(lambda r: r.action is not None and r.action.name == "hold_insufficient",
                                    _reads_exposed_round_the_watch, name="planted-exposed-read")
    state = AuctionState.start(Seat.N, law_book=planted).calls("1H")
    event = CallEvent.of("E", "1C")
    with auditing():
        rule_in_full(state, event)  # the audit does not see the read
    values = {"exposed": [(ExposedCard(Seat.S, Card.parse("SA"), False, "24B"),)]}
    faults = check_step(state, event, values)
    assert len(faults) == 1
    assert "depend on part 'exposed', which none of them declares reading" in faults[0]
    assert "changing it changed 'rulings'" in faults[0]
    assert check_step(AuctionState.start(Seat.N).calls("1H"), event, values) == []


# --- words read only to word rulings (auction_fsm.lawbook.words_only) ---------------------------

@cache
def _words(book: LawBook) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    """The laws and withdrawn calls the obligations and 26B rights hold on the walks and in the
    explored edges: what the check changes the words to."""
    laws: set[str] = set()
    calls: set[Any] = set()
    states = [s for s, _ in fuzzed_steps(book, range(100))] + [s for s, _ in edges_of("insufficient-1", 8000, book)]
    for state in states:
        met_laws, met_calls = words_met(state.obligations, state.restrictions)
        laws |= met_laws
        calls |= met_calls
    return tuple(sorted(laws)), tuple(sorted(calls, key=lambda c: c.code))


def _with_words(edges: list[tuple[AuctionState, Any]]) -> list[tuple[AuctionState, Any]]:
    return [(s, e) for s, e in edges if any(s.obligations) or s.restrictions]


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_27B_the_laws_of_obligations_and_rights_and_the_withdrawn_calls_change_only_the_rulings(book: LawBook) -> None:
    """The words of :mod:`auction_fsm.lawbook.words_only` given other values met (27B2 for 27B3,
    another withdrawn call ...) on every step of the walks and of insufficient-1's first 8,000
    edges that holds any: the same rows fire, and every part after the step but the rulings is
    the same with the words left out."""
    laws, calls = _words(book)
    assert {"27B2", "27B3"} <= set(laws) and len(calls) >= 3
    edges = _with_words(list(fuzzed_steps(book, range(60))) + edges_of("insufficient-1", 8000, book))
    assert len(edges) > 1000
    faults = [f for n, (state, event) in enumerate(edges) for f in check_words(state, event, laws, calls, n)]
    assert faults == []


@pytest.mark.parametrize("scope", [s for s in SCOPES if s != "insufficient-1"])
@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_the_words_of_obligations_and_rights_change_only_the_rulings_on_explored_edges(book: LawBook, scope: str) -> None:
    """As above, on the first 8,000 edges of the other scopes (31A and 32A repeats and silences,
    36 and 38 rights, 24 penalty cards' silences ...), every edge holding any words."""
    laws, calls = _words(book)
    edges = _with_words(edges_of(scope, 8000, book))
    assert len(edges) >= 10
    faults = [f for n, (state, event) in enumerate(edges) for f in check_words(state, event, laws, calls, n)]
    assert faults == []


def _silence_decides(row: Row) -> Row:
    """Row ``row`` with its action made to let the law of partner's silence decide: a 27B3
    silence also gives the offender's partner a second obligation."""
    action = row.action
    assert action is not None

    def run(ctx: Ctx) -> Outcome:
        out = action(ctx)
        state = out.state
        if any(o.law == "27B3" for obs in ctx.state.obligations for o in obs):
            state = state.impose(Seat.S, Obligation("pass_next_turn", "planted"))
        return Outcome(state, out.follow)
    return dataclasses.replace(row, action=dataclasses.replace(action, run=run))


def test_27B3_a_rule_deciding_by_the_law_of_a_silence_is_found_by_changing_the_words() -> None:
    """Planted: a call in turn reads the law of a silence to decide an obligation, not only to
    word a ruling.  Changing 27B3 to 27B2 finds it, naming the part the decision changed."""
    planted = LAWS_2017.replace_row(lambda r: r.action is not None and r.action.name == "make_call",
                                    _silence_decides, name="planted-silence-decides")
    state = AuctionState.start(Seat.N, law_book=planted).calls("1H")
    state = dataclasses.replace(state, obligations=((), (), (), (Obligation("pass_rest_of_auction", "27B3"),)))
    event = CallEvent.of("E", "P")
    faults = check_words(state, event, ("27B2", "27B3"), (), 0)
    assert len(faults) == 1 and "changing them changed 'obligations'" in faults[0]
    plain = dataclasses.replace(AuctionState.start(Seat.N).calls("1H"), obligations=state.obligations)
    assert check_words(plain, event, ("27B2", "27B3"), (), 0) == []
