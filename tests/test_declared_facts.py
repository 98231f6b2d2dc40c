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

import ast
import dataclasses
import inspect
import random
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.engine import rule_in_full
from auction_fsm.errors import AuctionFsmError
from auction_fsm.event_language import read_event
from auction_fsm.events import CallEvent, Choice, Event
from auction_fsm.fuzzing import next_event
from auction_fsm.graph.fact_sharing import edges_of, measure_sharing
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, LawBook
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


def test_docs_law_book_lists_every_slot() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "law-book.md").read_text(encoding="utf-8")
    missing = [name for name in SLOTS if f"`{name}`" not in text
               and not (name.startswith("ending_after_") and "`ending_after_...`" in text)]
    assert not missing, f"docs/law-book.md, Declared facts: add {missing}"


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_every_declared_guard_names_declared_slots(book: object) -> None:
    guards = {id(r.guard): r.guard for r in book.rows if r.guard is not None}  # type: ignore[attr-defined]
    declared = [g for g in guards.values() if g.reads is not None]
    assert declared
    for g in declared:
        assert g.reads <= SLOTS.keys(), f"guard {g.name!r} reads {sorted(g.reads - SLOTS.keys())}"


def _facts_named(fn: Callable[..., object], seen: set[object] | None = None) -> tuple[set[str], list[str]]:
    """The facts a guard's function names on its view (``f.name``), following the view into the
    module's functions it is passed to; and anything that hides a read from this reading (the
    view passed where the source cannot be followed, ``getattr`` on it)."""
    seen = set() if seen is None else seen
    if fn in seen:
        return set(), []
    seen.add(fn)
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    func = tree.body[0]
    assert isinstance(func, ast.FunctionDef)
    view = func.args.args[0].arg
    named: set[str] = set()
    hidden: list[str] = []
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == view:
            named.add(node.attr)
        if isinstance(node, ast.Call) and any(isinstance(a, ast.Name) and a.id == view for a in node.args):
            callee = fn.__globals__.get(node.func.id) if isinstance(node.func, ast.Name) else None
            if callee is None or not hasattr(callee, "__code__") or ast.unparse(node.func) == "getattr":
                hidden.append(f"the view goes to {ast.unparse(node.func)}")
            else:
                more, why = _facts_named(callee, seen)
                named |= more
                hidden += why
    return named, hidden


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_every_declared_guard_names_exactly_the_facts_it_declares_on_every_branch(book: LawBook) -> None:
    """Read from the source, so every branch counts, also one no test reaches: a guard made with
    ``@reads`` names on its view exactly the facts it declares (none missing, which would raise
    on some input; none extra, which would split a table's keys for nothing).  The others are
    made of such guards (``both``, the end-of-auction variants) and declare their parts' union."""
    guards = {id(r.guard): r.guard for r in book.rows if r.guard is not None and r.guard.reads is not None}
    made = 0
    for g in guards.values():
        fn = getattr(g.test, "__wrapped__", None)
        if fn is None:
            assert g.test.__qualname__.startswith(("both.", "by_end_of_auction.")), f"{g.name}: how was it made?"
            continue
        made += 1
        named, hidden = _facts_named(fn)
        declared = g.reads or frozenset()
        assert not hidden, f"guard {g.name!r}: {hidden}"
        assert named == declared, (f"guard {g.name!r} declares {sorted(declared)} but names "
                                  f"{sorted(named)}")
    assert made > 50


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

def _walk(scope: str, seed: int, length: int, book: LawBook = LAWS_2017) -> list[Event]:
    """A walk of ``length`` events through ``scope`` under ``book`` from its start, each chosen
    with a fixed seed."""
    space = IrregularSpace(scope_named(scope).narrowed(agreement="off"), agreement="off", name=scope, book=book)
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
#: The walks under each book (the 1997 one differs in Laws 30-33: the walks of rotation-1 and
#: changes-1 reach a few of its rows, the law tests' auctions below most of them).
BOOK_WALKS = [pytest.param(scope, seed, book, id=f"{book.name}-{scope}-{seed}") for book in BOOKS
              for scope, seed in WALKS]


@pytest.mark.parametrize(("scope", "seed", "book"), BOOK_WALKS)
def test_the_same_walk_at_each_table_position_reads_the_same_facts(scope: str, seed: int, book: LawBook) -> None:
    events: list[Event | str] = list(_walk(scope, seed, 14, book))
    assert events
    runs = [_replayed(events, by, book) for by in range(4)]
    assert _facts_read(runs[0]), "the walk read no declared fact"
    for by in (1, 2, 3):
        assert runs[by] == runs[0], f"turned {by} place(s): other rows or other facts"


def _fuzzed(seed: int, length: int, book: LawBook = LAWS_2017) -> list[Event]:
    """Events the fuzzer draws from seed ``seed`` under ``book``, each from the position reached,
    keeping those the engine takes: positions no scope reaches (any irregularity, several in one
    auction)."""
    rng = random.Random(seed)
    state = AuctionState.start(Seat.N, law_book=book)
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


#: In a law test's script, a decline by whoever the waiting decision names (tests/laws/conftest.py).
DECLINED = "declined"
Step = list[tuple[str, dict[str, object]]]


def _replayed(events: Sequence[Event | str], by: int, book: LawBook = LAWS_2017,
              dealer: Seat = Seat.N) -> list[Step | str]:
    """The rows each event fires and the facts they read, with every seat (the dealer's too)
    turned ``by`` places; an event the engine refuses ends the replay, noted by its error's kind."""
    state = AuctionState.start(Seat((dealer.value + by) % 4), law_book=book)
    seen: list[Step | str] = []
    for e in events:
        if isinstance(e, str):
            assert e == DECLINED and state.pending is not None
            event: Event = Choice(Seat[state.pending.decider], "decline")
        else:
            event = _turned(e, by)
        try:
            step = rule_in_full(state, event)
        except AuctionFsmError as refused:
            seen.append(f"refused: {type(refused).__name__}")
            break
        seen.append([(f.row.label, dict(f.ctx.facts)) for f in step.fired])
        state = step.after
    return seen


def _facts_read(run: list[Step | str]) -> set[str]:
    return {name for step in run if not isinstance(step, str) for _, facts in step for name in facts}


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
@pytest.mark.parametrize("seed", range(12))
def test_fuzzed_walks_read_the_same_facts_at_each_table_position(seed: int, book: LawBook) -> None:
    events: list[Event | str] = list(_fuzzed(seed, 30, book))
    assert len(events) >= 5
    first = _replayed(events, 0, book)
    assert _facts_read(first)
    for by in (1, 2, 3):
        assert _replayed(events, by, book) == first, f"turned {by} place(s): other rows or other facts"


def _law_test_auctions(pattern: str, helper: str) -> list[tuple[str, Seat, list[Event | str]]]:
    """The auctions the law tests matching ``pattern`` (in tests/laws/) walk with ``helper``
    (``walk97("N", "N 1H, S 1S, director, ...")``), read from their source: each as (where, dealer,
    events); calls whose texts are not written out are left out."""
    out = []
    for path in sorted((Path(__file__).resolve().parent / "laws").glob(pattern)):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == helper):
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if len(texts) != len(node.args) or len(texts) < 2:
                continue
            events: list[Event | str] = [DECLINED if part.strip() == DECLINED else read_event(part.strip(), path.name)
                                         for text in texts[1:] for part in text.split(",") if part.strip()]
            out.append((f"{path.name}:{node.lineno}", Seat[texts[0]], events))
    return out


_AUCTIONS_1997 = _law_test_auctions("test_1997_law*.py", "walk97")


def test_the_1997_law_tests_auctions_read_the_same_facts_at_each_table_position() -> None:
    """Every auction the law tests of the 1997 text walk (30-33 of 1997; the random walks above
    seldom get past the call out of rotation), replayed under that book from each table position:
    the same rows fire on the same facts (or the same event is refused).  Together they read every
    slot the guards of the 1997 text declare, and fire 19 of its 32 rows (measured; the others are
    the same branches met in the clarification period, a double or redouble the director put in
    place at the barred turn, and the doubles with no choice for LHO, which no law test walks)."""
    assert len(_AUCTIONS_1997) >= 50
    fired: set[str] = set()
    read: set[str] = set()
    for where, dealer, events in _AUCTIONS_1997:
        first = _replayed(events, 0, LAWS_1997, dealer)
        for by in (1, 2, 3):
            assert _replayed(events, by, LAWS_1997, dealer) == first, f"{where}, turned {by} place(s)"
        fired |= {label for step in first if not isinstance(step, str) for label, _ in step}
        read |= _facts_read(first)
    own = [r for r in LAWS_1997.rows if r.machine == "phase" and "(1997)" in r.law]
    assert len({r.label for r in own} & fired) >= 19
    declared = {n for r in own if r.guard is not None and r.guard.reads is not None for n in r.guard.reads}
    assert declared and declared <= read, sorted(declared - read)


@pytest.mark.parametrize(("scope", "seed", "book"), BOOK_WALKS[::4])
def test_every_fact_read_has_its_slots_kind(scope: str, seed: int, book: LawBook) -> None:
    state = AuctionState.start(Seat.N, law_book=book)
    read = 0
    for e in _walk(scope, seed, 14, book):
        step = rule_in_full(state, e)
        for f in step.fired:
            for name, value in f.ctx.facts.items():
                read += 1
                assert isinstance(value, SLOTS[name].kind), f"{name} = {value!r} is not a {SLOTS[name].kind}"
        state = step.after
    assert read


@pytest.mark.parametrize(("scope", "book"), [*((scope, LAWS_2017) for scope in ("insufficient-1", "rotation-1",
                                                                                "changes-1")),
                                              ("rotation-1", LAWS_1997), ("changes-1", LAWS_1997)],
                         ids=lambda x: x.name if isinstance(x, LawBook) else x)
def test_a_table_keyed_on_declared_facts_never_selects_two_rows_for_one_key(scope: str, book: LawBook) -> None:
    sharing = measure_sharing(scope, edges_of(scope, 4000, book))
    assert sharing.undeclared == Counter(), f"guards declaring nothing: {sorted(sharing.undeclared)}"
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
