"""The quiz's situations and choices, checked on a fixed set of questions (30 at each level):
realistic auctions, one right answer read from the engine, and choices that give nothing away
by the law they cite or by their length.  ``benchmarks/bench_quiz.py`` measures the same over
1,000 questions."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from auction_fsm.teaching.quiz import LEVELS, Question, QuizSession, cited_numbers, make_question

QUESTIONS = [make_question("fair", n, level=level) for level in range(1, 5) for n in range(1, 31)]
BID = re.compile(r"\b(?:opens|bids) (\d)(C|D|H|S|NT)\b")


def test_every_choice_cites_a_law_and_the_four_differ() -> None:
    for q in QUESTIONS:
        assert len(set(q.choices)) == 4, q
        for c in q.choices:
            assert cited_numbers(c), (q.kind, c)


def test_the_right_choice_is_never_alone_in_citing_the_law_the_situation_is_about() -> None:
    """At least two wrong choices cite the situation's law when the right one does (issue 18).
    A law question's wrong choices are answers asked at the level (issue 39), and the level
    often asks only one other paragraph of that law that may stand beside the right one (none
    containing a paragraph applied at that event, 27B beside 27B2): then one, never none."""
    for q in QUESTIONS:
        if q.topic in cited_numbers(q.choices[q.answer]):
            others = [c for i, c in enumerate(q.choices) if i != q.answer and q.topic in cited_numbers(c)]
            assert len(others) >= (1 if q.kind == "law" else 2), (q.kind, q.choices)


def _expected(q: Question, pick: list[int]) -> Fraction:
    """The chance a chooser drawing at random among ``pick`` is right."""
    return Fraction(pick.count(q.answer), len(pick)) if pick else Fraction(1, 4)


def test_choosers_that_read_only_the_choices_score_near_chance() -> None:
    """Exact expectations (no random draw): picking among the options citing the situation's
    law, or the longest option, is right at most 10 points more often than a random letter."""
    cites = sum(_expected(q, [i for i, c in enumerate(q.choices) if q.topic in cited_numbers(c)]
                          or list(range(4))) for q in QUESTIONS) / len(QUESTIONS)
    most = [max(len(c) for c in q.choices) for q in QUESTIONS]
    longest = sum(_expected(q, [i for i, c in enumerate(q.choices) if len(c) == m])
                  for q, m in zip(QUESTIONS, most, strict=True)) / len(QUESTIONS)
    assert cites <= Fraction(35, 100), float(cites)
    assert longest <= Fraction(35, 100), float(longest)


def test_the_legal_start_stays_below_game_unless_the_question_is_about_law_38() -> None:
    for q in QUESTIONS:
        if q.topic == 38:
            continue
        for line in q.situation:
            for level, strain in BID.findall(line):
                assert int(level) <= 4 or (int(level) == 5 and strain in "CD"), line


def test_levels_ask_their_own_situations_and_kinds() -> None:
    beginner = [q for q in QUESTIONS if q.level == 1]
    assert {q.topic for q in beginner} <= {24, 27, 30, 31}
    assert {q.kind for q in beginner} <= {"law", "who", "next", "obligations"}
    exam = [q for q in QUESTIONS if q.level == 4]
    assert {q.kind for q in exam} == {"law", "who", "options", "next", "obligations", "lead"}
    assert len({q.topic for q in exam}) >= 6
    assert LEVELS == ("beginner", "club", "advanced", "exam")


def test_every_explanation_cites_the_law_of_the_answer() -> None:
    for q in QUESTIONS:
        assert q.explanation[0] == f"The answer: {q.choices[q.answer]}."
        laws = cited_numbers(q.choices[q.answer])
        assert any(cited_numbers(line) & laws for line in q.explanation[1:]), q


@pytest.mark.parametrize("level", [1, "exam"])
def test_skip_numbers_the_next_question_in_turn(level: int | str) -> None:
    quiz = QuizSession(seed=2, level=level)
    assert quiz.question.number == 1
    out = quiz.handle("skip")
    assert out[0] == "Skipped (not scored)." and "Question 2." in out
    out = quiz.handle("abcd"[quiz.question.answer])
    assert out[0] == "Right." and "Question 3." in out and "Score: 1 of 1." in out


def test_the_same_seed_and_level_give_the_same_question() -> None:
    assert make_question("fair", 3, level=4) == QUESTIONS[3 * 30 + 2]
    assert make_question("fair", 3, level=3) != QUESTIONS[3 * 30 + 2]


def test_no_code_identifier_in_what_the_quiz_shows() -> None:
    identifier = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.[a-z]+_[a-z_]+\b|\blho calls\b|\bcorrect player calls\b")
    for q in QUESTIONS:
        for text in (*q.situation, q.prompt, *q.choices, *q.explanation):
            assert not identifier.search(text), (q.kind, text)
