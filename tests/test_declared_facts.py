"""The declared facts (issue "The position as named facts"): every guard that declares its reads,
and every part of the classifier that gives the event its trigger, is handed those facts and
nothing else, the facts are relative, and a table keyed on them never confuses two situations.

What these tests prove, and what they do not: a declared guard or classifier part cannot read
an undeclared fact (the view refuses it, tests below), so its answer is a function of its
declared facts; the facts are the same at every table position (rotated replays below; the
classifier's facts are in the fired rows' contexts, and a planted absolute one fails the
replays); equal facts never selected different rows, nor gave different triggers, on the first
edges of the gate's scopes.  They do not prove that a fact's own
compute function is relative for inputs no walk reached.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Hashable

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.engine import rule_in_full
from auction_fsm.errors import AuctionFsmError
from auction_fsm.events import CallEvent, Event
from auction_fsm.fuzzing import next_event
from auction_fsm.graph.fact_sharing import edges_of, measure_sharing
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named
from auction_fsm.lawbook import LAWS_1997, LAWS_2017
from auction_fsm.lawbook import facts as facts_module
from auction_fsm.lawbook.classify import classifier_reads
from auction_fsm.lawbook.facts import (
    SLOTS,
    FactView,
    Slot,
    UndeclaredRead,
    UnknownFact,
    computed_slots,
    tracing,
)
from auction_fsm.lawbook.rows import reads
from auction_fsm.seats import Seat

BOOKS = [LAWS_2017, LAWS_1997]
classify_module = sys.modules["auction_fsm.lawbook.classify"]  # the package's name `classify` is the function


def test_every_slot_has_an_owning_family_words_and_a_function() -> None:
    families = {f.name for f in LAWS_2017.families}
    assert SLOTS, "no slot declared"
    for s in SLOTS.values():
        assert s.family in families, f"slot {s.name!r}: family {s.family!r} is not a family of the book"
        assert len(s.words.split()) >= 4, f"slot {s.name!r} says too little about what it holds"
    assert computed_slots() == SLOTS.keys()


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_every_declared_guard_names_declared_slots(book: object) -> None:
    guards = {id(r.guard): r.guard for r in book.rows if r.guard is not None}  # type: ignore[attr-defined]
    declared = [g for g in guards.values() if g.reads is not None]
    assert declared
    for g in declared:
        assert g.reads <= SLOTS.keys(), f"guard {g.name!r} reads {sorted(g.reads - SLOTS.keys())}"


def test_a_declaration_naming_an_unknown_fact_is_refused_when_the_guard_is_made() -> None:
    with pytest.raises(UnknownFact, match="no_such_fact"):
        @reads("no_such_fact", words="planted", ask="Planted?")
        def planted(f: FactView) -> bool:
            return True


def test_27A1_lho_calls_over_an_insufficient_bid_with_a_guard_reading_an_undeclared_fact_is_named() -> None:
    """A guard that reads more than it declares is one named error of the book, raised at the
    first event it reads on: guard and fact named, the position unchanged."""
    row = next(r for r in LAWS_2017.rows if r.guard is not None and r.guard.name == "by_offenders_lho"
               and r.source == "insufficient_bid.awaiting_decision")

    @reads("premature_replacement", words="planted: declares less than it reads", ask="Planted?")
    def lho_calls_planted(f: FactView) -> bool:
        return f.actor_from_offender == 1 and not f.premature_replacement

    broken = LAWS_2017.replace_row(lambda r: r is row, lambda r: dataclasses.replace(r, guard=lho_calls_planted),
                                   name="undeclared-read-planted")
    state = AuctionState.start(Seat.N, law_book=broken)
    for seat, call in (("N", "1H"), ("E", "1C")):
        state = rule_in_full(state, CallEvent.of(seat, call)).after
    assert state.pending is not None and state.pending.procedure == "insufficient_bid"
    with pytest.raises(UndeclaredRead, match=r"lho_calls_planted.*'actor_from_offender'"):
        rule_in_full(state, CallEvent.of("S", "2H"))


# --- the facts are relative: the same walk at another table position gives the same facts -----

def _walk(scope: str, seed: int, length: int) -> list[Event]:
    """A walk of ``length`` events through ``scope`` from its start, each chosen with a fixed seed."""
    space = IrregularSpace(scope_named(scope).narrowed(agreement="off"), agreement="off", name=scope)
    rng = random.Random(seed)
    key = space.initial_states()[0]
    events: list[Event] = []
    for _ in range(length):
        labels, targets = space.successors(key)
        if not labels:
            break
        i = rng.randrange(len(labels))
        events.append(labels[i])
        key = targets[i]
    return events


def _turned(event: Event, by: int) -> Event:
    """``event`` with every seat it names moved ``by`` places clockwise."""
    changes = {name: Seat((value.value + by) % 4) for name in ("seat", "by")
               if isinstance(value := getattr(event, name, None), Seat)}
    return dataclasses.replace(event, **changes) if changes else event  # type: ignore[arg-type]


WALKS = [(scope, seed) for scope in ("insufficient-1", "rotation-1", "changes-1", "exposure-1", "lead-1")
         for seed in range(4)]


@pytest.mark.parametrize(("scope", "seed"), WALKS)
def test_the_same_walk_at_each_table_position_reads_the_same_facts(scope: str, seed: int) -> None:
    events = _walk(scope, seed, 14)
    assert events
    runs = [_replayed(events, by) for by in range(4)]
    assert any(facts for step in runs[0] for _, facts in step), "the walk read no declared fact"
    for by in (1, 2, 3):
        assert runs[by] == runs[0], f"turned {by} place(s): other rows or other facts"


def _fuzzed(seed: int, length: int) -> list[Event]:
    """Events the fuzzer draws from seed ``seed``, each from the position reached, keeping those
    the engine takes: positions no scope reaches (any irregularity, several in one auction)."""
    rng = random.Random(seed)
    state = AuctionState.start(Seat.N)
    kept: list[Event] = []
    for _ in range(length * 4):
        event = next_event(rng, state)
        try:
            state = rule_in_full(state, event).after
        except AuctionFsmError:
            continue
        kept.append(event)
        if len(kept) == length or state.phase in ("play", "hands_returned"):
            break
    return kept


def _replayed(events: list[Event], by: int) -> list[list[tuple[str, dict[str, object]]]]:
    state = AuctionState.start(Seat((Seat.N.value + by) % 4))
    seen = []
    for e in events:
        step = rule_in_full(state, _turned(e, by))
        seen.append([(f.row.label, dict(f.ctx.facts)) for f in step.fired])
        state = step.after
    return seen


@pytest.mark.parametrize("seed", range(12))
def test_fuzzed_walks_read_the_same_facts_at_each_table_position(seed: int) -> None:
    events = _fuzzed(seed, 30)
    assert len(events) >= 5
    first = _replayed(events, 0)
    assert any(facts for step in first for _, facts in step)
    for by in (1, 2, 3):
        assert _replayed(events, by) == first, f"turned {by} place(s): other rows or other facts"


@pytest.mark.parametrize(("scope", "seed"), WALKS[::4])
def test_every_fact_read_has_its_slots_kind(scope: str, seed: int) -> None:
    state = AuctionState.start(Seat.N)
    read = 0
    for e in _walk(scope, seed, 14):
        step = rule_in_full(state, e)
        for f in step.fired:
            for name, value in f.ctx.facts.items():
                read += 1
                assert isinstance(value, SLOTS[name].kind), f"{name} = {value!r} is not a {SLOTS[name].kind}"
        state = step.after
    assert read


@pytest.mark.parametrize("scope", ["insufficient-1", "rotation-1", "changes-1"])
def test_a_table_keyed_on_declared_facts_never_selects_two_rows_for_one_key(scope: str) -> None:
    sharing = measure_sharing(scope, edges_of(scope, 4000))
    assert sharing.declared > 0
    assert sharing.conflicts == []
    assert sharing.share > sharing.baseline


# --- the classifier: the trigger is decided on declared facts too ------------------------------

def _classifier_parts() -> dict[str, frozenset[str]]:
    return classifier_reads()


def test_every_part_of_the_classifier_declares_slots_the_families_declare() -> None:
    parts = _classifier_parts()
    assert {"event", "call", "call in turn", "call kind", "director", "choice", "lead"} <= parts.keys()
    for name, declared in parts.items():
        assert declared, f"classifier part {name!r} declares nothing"
        assert declared <= SLOTS.keys(), f"classifier part {name!r} reads {sorted(declared - SLOTS.keys())}"


def test_17C_a_pass_in_turn_keeps_the_classifiers_facts_in_the_fired_rows_context() -> None:
    """The engine classifies in the context it selects the row in: the facts the classifier read
    (nothing waits, the caller is in turn, the call is a pass, the caller is not silenced) are in
    ``fired.ctx.facts`` beside the guards'."""
    state = AuctionState.start(Seat.N)
    fired = rule_in_full(state, CallEvent.of("N", "P")).fired[0]
    facts = fired.ctx.facts
    assert facts["procedure_waits"] is False and facts["actor_in_turn"] is True
    assert facts["call_type"] == "pass" and facts["owed_repeat"] == "none"
    assert "actor_must_pass" not in facts  # read only for a bid, double or redouble (37)


def _classifier_trace(events: list[Event], by: int) -> list[list[tuple[str, str, Hashable]]]:
    """Each event of ``events`` replayed ``by`` places round the table: the facts each part of
    the classifier read, in order."""
    parts = _classifier_parts().keys()
    state = AuctionState.start(Seat((Seat.N.value + by) % 4))
    seen = []
    for e in events:
        with tracing() as reading:
            step = rule_in_full(state, _turned(e, by))
        seen.append([r for r in reading.reads if r[0] in parts])
        state = step.after
    return seen


@pytest.mark.parametrize(("scope", "seed"), WALKS)
def test_the_classifier_reads_the_same_facts_at_each_table_position(scope: str, seed: int) -> None:
    events = _walk(scope, seed, 14)
    first = _classifier_trace(events, 0)
    assert all(first), "an event was classified without reading a declared fact"
    for by in (1, 2, 3):
        assert _classifier_trace(events, by) == first, f"turned {by} place(s): the classifier read other facts"


@pytest.mark.parametrize("seed", range(0, 12, 3))
def test_fuzzed_walks_classify_on_the_same_facts_at_each_table_position(seed: int) -> None:
    events = _fuzzed(seed, 30)
    first = _classifier_trace(events, 0)
    assert all(first)
    for by in (1, 2, 3):
        assert _classifier_trace(events, by) == first, f"turned {by} place(s): the classifier read other facts"


@pytest.fixture
def planted_absolute_fact(monkeypatch: pytest.MonkeyPatch) -> str:
    """A slot that is not relative (the seat whose turn it is, by name), read by the classifier's
    part for calls on top of what it declares: the plant the rotated walks must catch."""
    name = "planted_turn_by_name"
    monkeypatch.setitem(SLOTS, name, Slot(name, "17-22", str, "planted: the seat whose turn it is, by name"))
    monkeypatch.setitem(facts_module._COMPUTE, name, lambda ctx: ctx.state.turn.name)
    calls = classify_module._PARTS["call"]

    def decide(f: FactView, here: object) -> str:
        f.planted_turn_by_name  # noqa: B018  (read, and so kept in the context's facts)
        return str(calls.decide(f, here))
    monkeypatch.setitem(classify_module._PARTS, "call", classify_module._Part("call", calls.reads | {name}, decide))
    return name


def test_a_planted_classifier_fact_that_is_not_relative_fails_the_rotated_walks(planted_absolute_fact: str) -> None:
    events = _walk("insufficient-1", 0, 14)
    first = _classifier_trace(events, 0)
    assert any(name == planted_absolute_fact for step in first for _, name, _ in step)
    assert _classifier_trace(events, 1) != first
    assert _replayed(events, 1) != _replayed(events, 0), "the fired rows' facts missed the planted fact"


def test_27_a_classifier_part_reading_an_undeclared_fact_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The part deciding a call's kind, planted to read whether a procedure waits without
    declaring it: one named error of the book, raised at the first call it classifies."""
    kinds = classify_module._PARTS["call kind"]

    def decide(f: FactView, here: object) -> str:
        f.procedure_waits  # noqa: B018
        return str(kinds.decide(f, here))
    monkeypatch.setitem(classify_module._PARTS, "call kind", classify_module._Part("call kind", kinds.reads, decide))
    state = AuctionState.start(Seat.N)
    with pytest.raises(UndeclaredRead, match=r"classifier 'call kind' read fact 'procedure_waits'"):
        rule_in_full(state, CallEvent.of("N", "1C"))
