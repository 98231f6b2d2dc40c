"""The words of the flowcharts against the law book: every guard, trigger, step and family that
is drawn has its question or words, and no entry names something the book no longer has.

When another change adds, renames or removes a row, these tests fail with the entry to add or
remove in ``auction_fsm/teaching/questions.py``.
"""

from __future__ import annotations

from auction_fsm.lawbook import LAWS_2017, TRIGGERS
from auction_fsm.teaching.charts import family_steps, is_follow_up
from auction_fsm.teaching.questions import (
    DECIDERS,
    DRAWN_FAMILIES,
    FAMILY_TITLES,
    GUARD_QUESTIONS,
    PLACE_WORDS,
    SOURCE_QUESTIONS,
    TRIGGER_ANSWERS,
    TRIGGER_QUESTIONS,
)

BOOK = LAWS_2017
DRAWN_ROWS = [r for r in BOOK.rows_of("phase") if r.family in DRAWN_FAMILIES]


def test_every_guard_of_every_drawn_family_has_a_question() -> None:
    missing = sorted({(r.family, r.guard.name) for r in DRAWN_ROWS if r.guard is not None}
                     - set(GUARD_QUESTIONS))
    assert not missing, ("guards without a question: add them to GUARD_QUESTIONS in "
                         f"auction_fsm/teaching/questions.py: {missing}")


def test_no_guard_question_is_stale() -> None:
    known = {(r.family, r.guard.name) for r in BOOK.rows if r.guard is not None}
    stale = sorted(set(GUARD_QUESTIONS) - known)
    assert not stale, f"GUARD_QUESTIONS names guards the law book no longer has; remove them: {stale}"


def test_every_drawn_trigger_has_a_question_and_none_is_stale() -> None:
    used = {r.trigger for r in DRAWN_ROWS}
    assert not sorted(used - set(TRIGGER_QUESTIONS)), f"add to TRIGGER_QUESTIONS: {sorted(used - set(TRIGGER_QUESTIONS))}"
    stale = sorted(set(TRIGGER_QUESTIONS) - used)
    assert not stale, f"TRIGGER_QUESTIONS names triggers no drawn row uses; remove them: {stale}"
    assert set(TRIGGER_ANSWERS) <= set(TRIGGERS), sorted(set(TRIGGER_ANSWERS) - set(TRIGGERS))


def test_every_step_of_a_drawn_family_says_who_decides_and_none_is_stale() -> None:
    steps = {s for fam in DRAWN_FAMILIES for s in family_steps(BOOK, fam)}
    assert not sorted(steps - set(DECIDERS)), f"add to DECIDERS: {sorted(steps - set(DECIDERS))}"
    assert not sorted(set(DECIDERS) - steps), f"DECIDERS names steps no chart draws: {sorted(set(DECIDERS) - steps)}"


def test_every_family_of_the_book_is_drawn_except_the_seat_machine() -> None:
    families = {r.family for r in BOOK.rows}
    assert set(FAMILY_TITLES) == families - {"seat"}, (
        f"FAMILY_TITLES and the book's families differ: add {sorted(families - {'seat'} - set(FAMILY_TITLES))}, "
        f"remove {sorted(set(FAMILY_TITLES) - families)}")


def test_every_open_phase_has_words() -> None:
    sources = {r.source for r in DRAWN_ROWS if "." not in r.source} | {
        r.target for r in DRAWN_ROWS if "." not in r.target}
    assert sources <= set(PLACE_WORDS), sorted(sources - set(PLACE_WORDS))
    assert {s for s in sources if s not in ("play", "hands_returned")} <= set(SOURCE_QUESTIONS)


def test_questions_are_questions() -> None:
    for key, q in {**{str(k): v for k, v in GUARD_QUESTIONS.items()}, **TRIGGER_QUESTIONS,
                   **SOURCE_QUESTIONS}.items():
        assert q in ("(otherwise)", "(the trigger's question)") or q.endswith("?"), (key, q)


def test_follow_up_triggers_are_those_the_book_marks() -> None:
    assert {t for t in TRIGGERS if is_follow_up(t)} == {
        "auction_ends", "watched_call", "declarer_options", "restore_call", "restore_lapses", "judge_change"}
