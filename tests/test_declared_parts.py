"""What actions read, write and emit (issue "The position as named facts", item 2): every action of
both books declares it, and the declarations hold wherever the engine is run checked.

What these tests prove, and what they do not: on every step of the law tests (tests/laws/conftest.py
runs each of them checked), of fuzzed walks from every table position under both books, and of
whole explorations of the small scopes and the first configurations of the large ones, no action
read or changed a part of the position, or handed back a follow-up, it did not declare.  A branch of
an action that none of these reaches is not proved; the declarations were written for the whole
function, and a branch found later that reads more is one named error (:class:`UndeclaredPart`),
never a wrong answer.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.engine import Step, rule_in_full
from auction_fsm.errors import AuctionFsmError, LawBookError
from auction_fsm.events import CallEvent, Choice, DirectorCalled
from auction_fsm.fuzzing import next_event
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, LawBook
from auction_fsm.lawbook.chains import chain
from auction_fsm.lawbook.facts import SLOTS
from auction_fsm.lawbook.parts import (
    LOG,
    PARTS,
    UndeclaredPart,
    action_declarations,
    auditing,
    check_names,
    facts_table,
    observing,
    table,
)
from auction_fsm.lawbook.rows import Action, Row
from auction_fsm.seats import Seat

BOOKS = [LAWS_2017, LAWS_1997]


def test_the_parts_are_the_positions_fields_and_the_log_is_two_of_them() -> None:
    assert PARTS == tuple(f.name for f in dataclasses.fields(AuctionState))
    assert LOG <= set(PARTS)


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_every_action_declares_what_it_reads_writes_and_emits_with_real_names(book: LawBook) -> None:
    actions = action_declarations(book)
    assert len(actions) > 100
    undeclared = sorted(name for name, a in actions.items() if a.reads is None or a.writes is None or a.emits is None)
    assert not undeclared, f"actions declaring nothing: {undeclared}"
    assert check_names(book) == []


def _planted(name: str, **change: frozenset[str]) -> LawBook:
    """The 2017 book with action ``name``'s declaration replaced by ``change``."""
    def swap(r: Row) -> Row:
        assert r.action is not None
        return dataclasses.replace(r, action=dataclasses.replace(r.action, **change))  # type: ignore[arg-type]
    return LAWS_2017.replace_row(lambda r: r.action is not None and r.action.name == name, swap,
                                 name=f"planted-{name}-{'-'.join(change)}")


def test_a_declaration_naming_a_part_that_does_not_exist_is_named() -> None:
    act = _declared("hold_insufficient")
    assert act.reads is not None
    faults = check_names(_planted("hold_insufficient", reads=act.reads | {"auction"}, emits=frozenset({"Telegram"})))
    assert "action 'hold_insufficient' reads 'auction', which is not a part of the position" in faults
    assert "action 'hold_insufficient' emits 'Telegram', which is not a follow-up" in faults
    assert all("hold_insufficient" in f for f in faults)


# --- planted faults: each undeclared read, write and follow-up is one named error ------------------

def _insufficient_bid_at(book: LawBook) -> AuctionState:
    state = AuctionState.start(Seat.N, law_book=book)
    return rule_in_full(state, CallEvent.of("N", "1H")).after


def _declared(name: str) -> Action:
    return action_declarations(LAWS_2017)[name]


def test_27A_holding_an_insufficient_bid_with_an_action_that_does_not_declare_reading_the_key_is_named() -> None:
    act = _declared("hold_insufficient")
    assert act.reads is not None and "key" in act.reads
    state = _insufficient_bid_at(_planted("hold_insufficient", reads=act.reads - {"key"}))
    with auditing(), pytest.raises(UndeclaredPart, match=r"action 'hold_insufficient' .* read part 'key', not declared"):
        rule_in_full(state, CallEvent.of("E", "1C"))


def test_27A_holding_an_insufficient_bid_with_an_action_that_does_not_declare_writing_pending_is_named() -> None:
    act = _declared("hold_insufficient")
    assert act.writes is not None and "pending" in act.writes
    state = _insufficient_bid_at(_planted("hold_insufficient", writes=act.writes - {"pending"}))
    with auditing(), pytest.raises(UndeclaredPart, match=r"action 'hold_insufficient' .* wrote part 'pending'"):
        rule_in_full(state, CallEvent.of("E", "1C"))


def test_22A_the_final_pass_with_an_action_that_does_not_declare_ending_the_auction_is_named() -> None:
    state = AuctionState.start(Seat.N).calls("1H P P")
    fired = rule_in_full(state, CallEvent.of("W", "P")).fired
    act = fired[0].row.action
    assert act is not None and act.emits is not None and "AuctionEnds" in act.emits
    planted = _planted(act.name, emits=act.emits - {"AuctionEnds"})
    state = AuctionState.start(Seat.N, law_book=planted).calls("1H P P")
    with auditing(), pytest.raises(UndeclaredPart, match=rf"action '{act.name}' .* emitted follow-up 'AuctionEnds'"):
        rule_in_full(state, CallEvent.of("W", "P"))


def test_an_undeclared_part_is_a_fault_of_the_book_and_changes_nothing_recorded() -> None:
    act = _declared("hold_insufficient")
    state = _insufficient_bid_at(_planted("hold_insufficient", reads=frozenset()))
    with auditing(), pytest.raises(LawBookError):
        rule_in_full(state, CallEvent.of("E", "1C"))
    assert [str(r.call) for r in state.record] == ["1H"] and act.reads


def test_outside_a_check_the_engine_runs_actions_as_they_are() -> None:
    """Unchecked, the engine does not look at declarations (the check costs a watched copy)."""
    planted = _planted("hold_insufficient", reads=frozenset())
    state = _insufficient_bid_at(planted)
    after = rule_in_full(state, CallEvent.of("E", "1C")).after
    assert after.pending is not None and after.pending.procedure == "insufficient_bid"


# --- the declarations hold on walks and explorations ----------------------------------------------

def _followers_in_chain(book: LawBook, step: Step, chains: dict[int, frozenset[int]]) -> None:
    """Every row ``step`` fired after the first is in the first row's chain (:func:`chain`)."""
    first = step.fired[0].row
    ids = chains.get(id(first))
    if ids is None:
        ids = chains[id(first)] = frozenset(id(r) for r in chain(book, first).rows)
    for f in step.fired[1:]:
        assert id(f.row) in ids, f"{f.row.label} followed {first.label} outside its chain"


def _fuzz(book: LawBook, seeds: range) -> Iterator[int]:
    """Fuzzed walks under ``book``, one per seed, dealt from each table position in turn: yields
    the number of steps each walk took; every step's rows are in its first row's chain."""
    chains: dict[int, frozenset[int]] = {}
    for seed in seeds:
        rng = random.Random(seed)
        state = AuctionState.start(Seat(seed % 4), law_book=book)
        steps = 0
        for _ in range(160):
            event = next_event(rng, state)
            try:
                ruled = rule_in_full(state, event)
            except AuctionFsmError:
                continue
            _followers_in_chain(book, ruled, chains)
            state = ruled.after
            steps += 1
            if state.phase in ("play", "hands_returned"):
                break
        yield steps


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_fuzzed_walks_from_every_table_position_keep_every_actions_declaration_and_chain(book: LawBook) -> None:
    with observing() as seen:
        steps = sum(_fuzz(book, range(120)))
    assert steps > 1000
    assert len(seen.reads) >= 40, "the walks ran few actions"


def _explore(scope: str, book: LawBook, limit: int) -> tuple[int, int]:
    """Explore ``scope`` under ``book`` up to ``limit`` configurations; (configurations, edges)."""
    space = IrregularSpace(scope_named(scope).narrowed(agreement="off"), agreement="off", name=scope, book=book)
    todo = list(space.initial_states())
    done = set(todo)
    edges = 0
    while todo and len(done) < limit:
        labels, targets = space.successors(todo.pop(0))
        edges += len(labels)
        for t in targets:
            if t not in done:
                done.add(t)
                todo.append(t)
    return len(done), edges


EXPLORED = [pytest.param(scope, book, limit, id=f"{book.name}-{scope}") for book in BOOKS
            for scope, limit in (("exposure-1", 10**6), ("inadmissible-1", 10**6), ("lead-1", 6000),
                                 ("insufficient-1", 4000), ("changes-1", 3000), ("rotation-1", 3000))]


@pytest.mark.parametrize(("scope", "book", "limit"), EXPLORED)
def test_explored_scopes_keep_every_actions_declaration(scope: str, book: LawBook, limit: int) -> None:
    with auditing():
        configurations, edges = _explore(scope, book, limit)
    assert configurations >= min(limit, 3000) and edges > configurations


def test_29A_and_17D3_lho_accepts_a_pass_out_of_rotation_and_the_chain_has_one_read_set() -> None:
    """North opens 1H, East passes, North passes at South's turn and East calls over it (29A): the
    pass out of rotation stands, and East's pass is then ruled as the third pass after it, which
    17D3 does not let end the auction.  The second row is in the chain of the first, and the
    chain's one read set holds both rows' guard facts and action parts."""
    state = AuctionState.start(Seat.N).calls("1H P")
    state = rule_in_full(state, CallEvent.of("N", "P")).after  # at South's turn
    assert state.pending is not None
    step = rule_in_full(state, CallEvent.of("E", "P"))
    assert [f.row.law for f in step.fired] == ["29A", "17D3, 34"]
    first = chain(LAWS_2017, step.fired[0].row)
    assert {id(f.row) for f in step.fired} <= {id(r) for r in first.rows}
    for f in step.fired:
        assert f.row.guard is not None and f.row.guard.reads is not None and f.row.guard.reads <= first.facts
        assert f.row.action is not None and (f.row.action.reads or frozenset()) <= first.parts
    assert not first.undeclared


def test_docs_law_book_shows_the_actions_table_as_the_book_declares_it() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "law-book.md").read_text(encoding="utf-8")
    start, end = "<!-- actions table: parts.table(LAWS_2017) -->\n", "\n<!-- end of actions table -->"
    assert start in text and end in text
    shown = text.split(start, 1)[1].split(end, 1)[0]
    assert shown == table(LAWS_2017), "docs/law-book.md, What actions read and write: paste parts.table(LAWS_2017)"


def test_docs_law_book_shows_the_facts_table_as_the_facts_declare_it() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "law-book.md").read_text(encoding="utf-8")
    start, end = "<!-- facts table: parts.facts_table() -->\n", "\n<!-- end of facts table -->"
    assert start in text and end in text
    assert text.split(start, 1)[1].split(end, 1)[0] == facts_table(), \
        "docs/law-book.md, What actions read and write: paste parts.facts_table()"


def test_every_fact_declares_the_parts_it_is_computed_from_with_real_names() -> None:
    undeclared = sorted(name for name, s in SLOTS.items() if s.parts is None)
    assert not undeclared, f"facts declaring no parts: {undeclared}"
    unknown = sorted((name, p) for name, s in SLOTS.items() for p in s.parts or () if p not in PARTS)
    assert not unknown


def test_27B_a_fact_computed_from_a_part_it_does_not_declare_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """How 27B rules the offender's replacement (``replacement_kind``) is computed from the
    waiting procedure and the record; planted without ``record``, the replacement after LHO
    declines names it."""
    declared = SLOTS["replacement_kind"]
    assert declared.parts is not None and "record" in declared.parts
    monkeypatch.setitem(SLOTS, "replacement_kind", dataclasses.replace(declared, parts=declared.parts - {"record"}))
    state = AuctionState.start(Seat.N).calls("1H")
    for event in (CallEvent.of("E", "1C"), DirectorCalled(), Choice(Seat.S, "decline")):
        state = rule_in_full(state, event).after
    with auditing(), pytest.raises(UndeclaredPart, match=r"fact 'replacement_kind' is computed from part 'record'"):
        rule_in_full(state, CallEvent.of("E", "2C"))
