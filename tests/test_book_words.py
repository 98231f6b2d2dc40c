"""What the law book says around its rows: each guard's question, each trigger's and family's
words, and for each decision who decides and every option (issue 16).  The flowcharts, the
narration, the report, ``teach``, the quiz, the fuzzer and the consequences (10C1) read these
from the book, so a book that lacks them is refused when it is built, naming the row.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.engine import step
from auction_fsm.errors import AuctionFsmError, LawBookError
from auction_fsm.fuzzing import next_event
from auction_fsm.lawbook import BOOKS, LAWS_2017, LawBook
from auction_fsm.lawbook.rows import ASK_TRIGGER, OTHERWISE
from auction_fsm.seats import Seat
from auction_fsm.teaching.charts import family_steps, is_follow_up

BOOK = LAWS_2017
MARKERS = (OTHERWISE, ASK_TRIGGER)


@pytest.mark.parametrize("book", list(BOOKS.values()), ids=list(BOOKS))
def test_every_guard_of_every_row_asks_a_yes_or_no_question(book: LawBook) -> None:
    for r in book.rows:
        if r.guard is not None:
            q = r.guard.question
            assert q in MARKERS or (q.endswith("?") and q[:1].isupper()), (r.label, q)


def test_a_book_whose_guard_has_no_question_is_refused_naming_the_row() -> None:
    victim = next(r for r in BOOK.rows if r.guard is not None and r.source == "insufficient_bid.awaiting_decision")
    assert victim.guard is not None
    mute = replace(victim.guard, question="")
    with pytest.raises(LawBookError, match=r"insufficient_bid\.awaiting_decision.*no question"):
        BOOK.replace_row(lambda r: r is victim, lambda r: replace(r, guard=mute))


def test_a_row_of_an_undeclared_family_is_refused() -> None:
    victim = BOOK.rows[0]
    with pytest.raises(LawBookError, match="family 'no-such-law' is not declared"):
        BOOK.replace_row(lambda r: r is victim, lambda r: replace(r, family="no-such-law"))


def test_every_trigger_a_drawn_row_uses_asks_a_question() -> None:
    drawn = set(BOOK.drawn_families)
    used = {r.trigger for r in BOOK.rows_of("phase") if r.family in drawn}
    missing = sorted(t for t in used if not BOOK.triggers[t].question.endswith("?"))
    assert not missing, f"triggers without a question in lawbook/triggers.py: {missing}"


def test_every_decision_step_says_who_decides_and_offers_options() -> None:
    for s in BOOK.states_of("phase"):
        if s.kind == "decision":
            assert s.decider, s.name
            assert s.options, s.name
            for o in s.options:
                assert o.does and o.may and o.leads_to, (s.name, o.word)
                assert "_" not in o.does + o.may, (s.name, o.word)  # words, never identifiers


def test_every_step_a_chart_draws_is_a_decision_of_the_book() -> None:
    steps = {s for fam in BOOK.drawn_families for s in family_steps(BOOK, fam)}
    assert all(BOOK.state(s).decider for s in steps)


def test_every_option_a_pending_decision_offers_is_declared_by_its_state() -> None:
    """A fixed fuzz run reaches every kind of decision; each option it meets is one the book
    declares for that state (so every reader finds how it is taken, by whom and in words)."""
    reached: set[str] = set()
    for i in range(400):
        rng = random.Random(i)
        state = AuctionState.start(Seat.N, law_book=BOOK)
        for _ in range(40):
            try:
                state = step(state, next_event(rng, state)).after
            except AuctionFsmError:
                continue
            p = state.pending
            if p is not None:
                reached.add(p.state_name)
                for word in p.options:
                    BOOK.option(p.state_name, word)  # raises LawBookError when undeclared
            if state.phase in ("play", "hands_returned"):
                break
    decisions = {s.name for s in BOOK.states_of("phase") if s.kind == "decision"}
    assert len(reached) >= len(decisions) - 3, sorted(decisions - reached)


def test_an_undeclared_option_is_a_fault_of_the_book() -> None:
    with pytest.raises(LawBookError, match="declares no option 'shrug'"):
        BOOK.option("insufficient_bid.awaiting_decision", "shrug")


def test_a_family_of_options_names_its_suit() -> None:
    o = BOOK.option("declarer_lead_options.penalty_card", "require_H")
    assert (o.word, o.how, o.detail("require_H")) == ("require_*", "choice", "H")


def test_every_phase_a_drawn_row_starts_or_ends_in_has_words() -> None:
    drawn = set(BOOK.drawn_families)
    rows = [r for r in BOOK.rows_of("phase") if r.family in drawn]
    phases = {r.source for r in rows if "." not in r.source} | {r.target for r in rows if "." not in r.target}
    for name in phases:
        spec = BOOK.state(name)
        assert spec.place, name
        assert spec.question.endswith("?") or spec.kind == "terminal", name


def test_follow_up_triggers_are_those_the_book_marks() -> None:
    assert {t for t in BOOK.triggers if is_follow_up(t)} == {
        "auction_ends", "watched_call", "declarer_options", "restore_call", "restore_lapses", "judge_change",
        "called_over_lapses"}


def test_every_family_a_row_cites_is_declared_and_only_the_seat_family_is_not_drawn() -> None:
    assert {r.family for r in BOOK.rows} == {f.name for f in BOOK.families}
    assert [f.name for f in BOOK.families if not f.drawn] == ["seat"]


def test_the_book_names_itself_briefly() -> None:
    assert repr(BOOK) == f"<LawBook '2017': {len(BOOK.rows)} rows>"
