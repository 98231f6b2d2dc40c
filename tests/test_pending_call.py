"""The waiting procedure holds the call it is about by value (issue 37: the rules read named facts,
not the history).

:class:`~auction_fsm.records.Pending` keeps the offending call as made (``call``) and what it was
explained to show (``specifies``); the rules read them there instead of looking the call up in the
record by its place.  The record still holds the call, and ``back`` (its place counted back from the
end of the record, moved on as calls are added) still finds it for the actions that change its
status: so the two must agree wherever a procedure waits.  So must what a change of call keeps by
value (LHO's call over the changed one, the auction before the changed call, 25A1, 25A6).  These tests walk
the law book under both editions (fuzzed walks from every table position, and the first
configurations of the irregular scopes) and check that they do, and that pickled states keep the
values.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import pytest

from auction_fsm import rules
from auction_fsm.auction import AuctionState
from auction_fsm.engine import rule_in_full
from auction_fsm.errors import AuctionFsmError
from auction_fsm.event_language import read_event
from auction_fsm.fuzzing import next_event
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, LawBook
from auction_fsm.lawbook.insufficient import shows_of
from auction_fsm.seats import Seat
from auction_fsm.standing import StandingFacts

BOOKS = [LAWS_2017, LAWS_1997]
#: The procedures about no call of the record: a lead out of turn points at the lead, declarer's
#: options before the lead at nothing.
NOT_ABOUT_A_CALL = ("lead_out_of_turn", "declarer_lead_options")


def disagreement(state: AuctionState) -> str | None:
    """How the waiting procedure's call differs from the record's entry it points at (``None``:
    they agree, or nothing waits)."""
    p = state.pending
    if p is None:
        return None
    if p.procedure in NOT_ABOUT_A_CALL:
        return None if p.call is None and p.specifies is None else f"{p.state_name} holds a call: {p.call}"
    index = state.index_of(p)
    r = state.record[index]
    held = (p.call, p.specifies, p.in_turn_of)
    recorded = (r.call, r.specifies, r.in_turn_of)
    if held != recorded:
        return f"{p.state_name} holds {held}, the record has {recorded}"
    if p.procedure == "comparable_call" and (r.status == "pending") != p.get("law").startswith("27"):
        return f"{p.state_name} under {p.get('law')} judges a call whose status is {r.status}"
    return _kept_by_value(state) or _change_disagreement(state, index)


#: Insufficient bids a procedure keeps by value and by place besides its own call (27B1a, 27B3,
#: 27B4): the place fact, the fact holding the call, the fact holding what it was explained to show.
_KEPT = (("first_ib", "first_ib_call", "first_ib_shows"), ("ib", "ib_call", "ib_shows"),
         ("resume_ib", "withdrawn", "resume_ib_shows"), ("replacement", "replacement_call", "replacement_shows"))


def _kept_by_value(state: AuctionState) -> str | None:
    """How an insufficient bid the waiting procedure keeps by value differs from the record's
    entry at the place it keeps (``None``: they agree)."""
    p = state.pending
    assert p is not None
    for place, call, shows in _KEPT:
        if p.get(place):
            r = state.record[state.place_index(int(p.get(place)))]
            kept = (p.get(call), shows_of(p.get(shows)))
            if kept != (r.call.text, r.specifies):
                return f"{p.state_name} keeps {place} as {kept}, the record has {(r.call.text, r.specifies)}"
    return None


def _change_disagreement(state: AuctionState, index: int) -> str | None:
    """How what a waiting change of call keeps by value differs from the record (``None``: it
    agrees): LHO's call over the changed one, at the place it keeps; the calls standing after
    those two, in order; the legal auction of the calls before the changed one and the standing
    calls' facts then (what withdrawing them goes back to, 25A1)."""
    p = state.pending
    assert p is not None
    if p.procedure not in ("change_of_call", "misinformation"):
        return None
    undo = p.undo
    if undo is None:
        return f"{p.state_name} keeps nothing to withdraw its call with"
    lho = state.place_index(int(p.get("lho_call"))) if p.get("lho_call") else None
    if (lho is None) != (undo.over is None) or (lho is not None and state.record[lho].call != undo.over):
        return f"{p.state_name} keeps LHO's call {undo.over}, the record has {lho and state.record[lho].call}"
    after = tuple(state.record[i] for i in range(index + 1, len(state.record)) if state.record[i].stands and i != lho)
    if after != undo.following:
        return f"{p.state_name} keeps the calls {undo.following} after its call and LHO's, the record has {after}"
    kept = rules.seated(undo.auction, int(p.in_turn_of), 0 if undo.bidder is None else int(undo.bidder))
    if kept != state.key_before(index):
        return f"{p.state_name} keeps the auction {kept} before its call, the record's calls give {state.key_before(index)}"
    facts = StandingFacts.of(state.record[:index])
    return None if undo.facts == facts else (
        f"{p.state_name} keeps the standing calls' facts {undo.facts} before its call, the record gives {facts}")


def _walks(book: LawBook, seeds: range) -> Iterator[AuctionState]:
    """Every position of fuzzed walks under ``book``, one walk per seed, from each table position
    in turn."""
    for seed in seeds:
        rng = random.Random(seed)
        state = AuctionState.start(Seat(seed % 4), law_book=book)
        for _ in range(160):
            try:
                state = rule_in_full(state, next_event(rng, state)).after
            except AuctionFsmError:
                continue
            yield state
            if state.phase in ("play", "hands_returned"):
                break


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
def test_fuzzed_walks_every_waiting_procedure_holds_the_call_its_record_entry_has(book: LawBook) -> None:
    waiting = changes = 0
    for state in _walks(book, range(150)):
        assert disagreement(state) is None, disagreement(state)
        waiting += state.pending is not None and state.pending.call is not None
        changes += state.pending is not None and state.pending.undo is not None
    assert waiting > 300, "the walks met few procedures about a call"
    assert changes > 20, "the walks met few changes of call"


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
@pytest.mark.parametrize("scope", ["insufficient-1", "rotation-1", "changes-1", "inadmissible-1"])
def test_explored_configurations_every_waiting_procedure_holds_the_call_its_record_entry_has(
        book: LawBook, scope: str) -> None:
    space = IrregularSpace(scope_named(scope).narrowed(agreement="off"), agreement="off", name=scope, book=book)
    todo = list(space.initial_states())
    seen = set(todo)
    procedures: set[str] = set()
    while todo and len(seen) < 4000:
        _, targets = space.successors(todo.pop(0))
        for t in targets:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    for key in seen:
        state = space.state_of(key)
        assert disagreement(state) is None, disagreement(state)
        if state.pending is not None:
            procedures.add(state.pending.state_name)
    assert len(procedures) >= 3


# Steps the walks above seldom take, each ending where a procedure holds a call that was not the
# last one made: the first insufficient bid again after a second was not accepted (27B4), the
# replacement judged for the lowest bid showing the same denominations (27B1a), the insufficient
# bid again after an attempted double was not comparable (27B3), a call explained as artificial.
_WALKS = [
    ("N 1NT, E 2S, S 2D, director, W choose decline, S 2H, director, W choose decline",
     "insufficient_bid.awaiting_replacement", "2D"),
    ("N 1NT, E 2S, S 2D shows H, director, W choose decline, S 4D shows H",
     "insufficient_bid.awaiting_lowest_judgement", "4D"),
    ("N 1NT, E 2S, S 2D shows H, director, W choose decline, S 4D shows H, judge lowest_specifying no",
     "comparable_call.awaiting_judgement", "4D"),
    ("N 1H, E 1D, director, S choose decline, E X, judge comparable no",
     "insufficient_bid.awaiting_replacement", "1D"),
    ("N 1NT, E 2S, S 2D shows H, director, W choose decline, S 2H, director, W choose decline",
     "insufficient_bid.awaiting_replacement", "2D"),
    ("N 1H, E 1D shows S, director, S choose decline, E X, judge comparable no",
     "insufficient_bid.awaiting_replacement", "1D"),
    ("N 1H, W 2C shows D S", "out_of_rotation.awaiting_decision", "2C"),
    ("N 1H, E 1C shows D, E 2C shows S", "insufficient_bid.premature_replacement", "1C"),
    ("N 1H, E 1C shows D, E X, director, S choose decline, judge comparable no",
     "insufficient_bid.awaiting_replacement", "1C"),
]


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.name)
@pytest.mark.parametrize(("walk", "where", "call"), _WALKS, ids=[w[1] for w in _WALKS])
def test_a_procedure_back_at_an_earlier_call_holds_that_call(book: LawBook, walk: str, where: str,
                                                             call: str) -> None:
    state = AuctionState.start(Seat.N, law_book=book)
    for text in walk.split(", "):
        state = rule_in_full(state, read_event(text, "walk")).after
        assert disagreement(state) is None, disagreement(state)
    p = state.pending
    assert p is not None and p.state_name == where and str(p.call) == call


def test_a_pickled_position_keeps_the_call_its_procedure_holds() -> None:
    state = AuctionState.start(Seat.N)
    for text in ("N 1H", "W 2C shows D S"):
        state = rule_in_full(state, read_event(text, "walk")).after
    back = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == state and back.pending is not None
    assert str(back.pending.call) == "2C" and back.pending.specifies is not None
    assert [s.name for s in back.pending.specifies] == ["D", "S"]


def test_a_change_with_calls_out_of_rotation_accepted_after_it_keeps_them_by_value() -> None:
    """No fuzzed walk reaches it: North's 1C, West's 1H at East's turn and East's 1S at North's
    turn both accepted, then North changes 1C (25A1).  The procedure keeps West's 1H as the call
    over it and East's 1S as the call standing after those two, as the record has them."""
    state = AuctionState.start(Seat.N)
    walk = "N 1C, W 1H, director, N choose accept, E 1S, director, S choose accept, N change 1D, judge unintended yes"
    for text in walk.split(", "):
        state = rule_in_full(state, read_event(text, "walk")).after
        assert disagreement(state) is None, disagreement(state)
    assert state.pending is not None and state.pending.undo is not None
    assert [(r.seat, r.call.text) for r in state.pending.undo.following] == [(Seat.E, "1S")]
