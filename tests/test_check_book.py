"""The checker of what a law row still lacks (``auction-fsm check-book``,
:mod:`auction_fsm.lawbook.checklist`): today's books lack nothing, and a copy of the 2017 book
with one planted incomplete row is told, in words, each thing that row lacks, with the row's
label and the file to change.

The planted row sits where the 2017 book has none (after the hands of a passed-out board went
back, a review request), so that every item reported is about it and nothing else.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from auction_fsm.errors import LawBookError
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, SAME, Guard, LawBook, Row
from auction_fsm.lawbook.checklist import CHECKOUT, Missing, check_book, check_parts, law_test_paragraphs
from auction_fsm.lawbook.facts import SLOTS, FactView, Slot
from auction_fsm.lawbook.rows import Ctx, Outcome, action, guard, reads

DOCS = CHECKOUT / "docs" / "law-book.md"
LAW_TESTS = CHECKOUT / "tests" / "laws"
HERE = "tests/test_check_book.py"
SOURCE, TRIGGER = "hands_returned", "review_request"


@reads("actor_from_turn", words="the player asks at his own turn", ask="Does the player ask at his own turn?")
def planted_declared(f: FactView) -> bool:
    return bool(f.actor_from_turn == 0)


@guard("the player asks", ask="Does the player ask?")
def planted_undeclared(ctx: Ctx) -> bool:
    return True


@action("the auction is restated once more")
def planted_restate(ctx: Ctx) -> Outcome:
    return Outcome(ctx.state)


def _row(**change: object) -> Row:
    """The planted row, complete but for its law test (93C: no law test names it), changed."""
    row = Row("phase", SOURCE, TRIGGER, SAME, "93C", "20", "the auction is restated after the hands went back",
              planted_declared, planted_restate)
    return dataclasses.replace(row, **change)  # type: ignore[arg-type]


def _check(row: Row, docs: Path | None = DOCS) -> list[Missing]:
    assert not LAWS_2017.candidates(SOURCE, TRIGGER), "the 2017 book now has a row there: plant elsewhere"
    return check_parts("planted", LAWS_2017.states, [*LAWS_2017.rows, row], LAWS_2017.families,
                       LAWS_2017.triggers, docs=docs, law_tests=LAW_TESTS)


def _said(missing: list[Missing]) -> list[tuple[str, str, str]]:
    return [(m.where, m.what, m.file) for m in missing]


@pytest.mark.parametrize("book", [LAWS_2017, LAWS_1997], ids=lambda b: b.name)
def test_todays_books_lack_nothing(book: LawBook) -> None:
    assert check_book(book, docs=DOCS, law_tests=LAW_TESTS) == []


def test_a_planted_row_with_no_law_test_is_named_with_the_file_to_add_it_to() -> None:
    row = _row()
    [m] = _check(row)
    assert m.where == row.label
    assert "no law test names 93C" in m.what and "test_93C_" in m.what
    assert m.file == "tests/laws/test_law93.py"


def test_a_planted_row_whose_paragraph_a_law_test_names_lacks_nothing() -> None:
    assert _check(_row(law="20C2")) == []


def test_a_guard_that_does_not_declare_its_reads_is_named_with_its_module() -> None:
    row = _row(law="20C2", guard=planted_undeclared)
    assert _said(_check(row)) == [(row.label, ("guard 'planted_undeclared' does not declare the facts it reads: make "
                                   "it with @reads(\"fact\", ..., words=..., ask=...) as a function of those facts"),
                                   HERE)]


def test_a_guard_reading_a_fact_no_family_declares_is_named() -> None:
    g = Guard("planted_unknown", "the player asks", lambda ctx: True, question="Does the player ask?",
              reads=frozenset({"planted_fact"}))
    row = _row(law="20C2", guard=g)
    [m] = _check(row)
    assert m.where == row.label and "reads fact 'planted_fact', which no family declares" in m.what
    assert "slot('planted_fact'" in m.what


def test_a_fact_declared_but_not_computed_nor_in_the_docs_table_is_named_twice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(SLOTS, "planted_fact", Slot("planted_fact", "20", bool, "a planted fact nobody computes"))
    g = Guard("planted_uncomputed", "the player asks", lambda ctx: True, question="Does the player ask?",
              reads=frozenset({"planted_fact"}))
    row = _row(law="20C2", guard=g)
    said = _said(_check(row))
    assert (row.label, ("guard 'planted_uncomputed' reads fact 'planted_fact', which no function computes: add "
            "@computes('planted_fact') beside its declaration"), "the module of family 20") in said
    assert ("fact 'planted_fact'", "no function computes it: add @computes('planted_fact')",
            "the module of family 20") in said
    assert ("fact 'planted_fact'", ("missing from the table of facts (Declared facts): add a line with "
            "`planted_fact`, its family (20) and what it holds"), "docs/law-book.md") in said
    assert len(said) == 3


def test_what_the_build_refuses_is_listed_whole_unknown_family_and_trigger_and_no_question() -> None:
    g = Guard("planted_no_question", "the player asks", lambda ctx: True, question="", reads=frozenset())
    row = _row(family="99", trigger="planted_trigger", guard=g)
    said = _said(_check(row))
    assert (row.label, "the book does not build: undeclared trigger 'planted_trigger'",
            "auction_fsm/lawbook/triggers.py or tests/test_check_book.py") in said
    assert (row.label, "the book does not build: family '99' is not declared in the book",
            "auction_fsm/lawbook/families.py or tests/test_check_book.py") in said
    assert (row.label, ("the book does not build: guard 'planted_no_question' has no question for the director "
            "(give it one with ask=...)"), HERE) in said
    # LawBook.build refuses the same, naming the first and the others after it
    with pytest.raises(LawBookError, match=r"undeclared trigger 'planted_trigger' \(and 2 more: .*family '99'"):
        LawBook.build("planted", "planted", LAWS_2017.states, [*LAWS_2017.rows, row], LAWS_2017.families,
                      LAWS_2017.triggers)


def test_the_words_the_flowcharts_show_are_checked() -> None:
    g = Guard("planted_no_words", "", lambda ctx: True, question="Does the player ask", reads=frozenset())
    mute = dataclasses.replace(planted_restate, words="")
    row = _row(law="20C2", guard=g, action=mute, summary="the auction is restated by restate_after")
    said = [what for _, what, _ in _said(_check(row))]
    assert said == [
        "guard 'planted_no_words' has no words saying what it tests (words=...)",
        ("guard 'planted_no_words': the director's question 'Does the player ask' is not a yes/no question "
        "ending with '?'"),
        "action 'planted_restate' has no words saying what it does",
        "the summary spells a code name, 'restate_after': people read plain words with the law number",
    ]


def test_a_paragraph_of_the_1997_text_needs_a_test_of_the_1997_text(tmp_path: Path) -> None:
    (tmp_path / "test_law30.py").write_text("def test_30B2b_plain() -> None:\n    pass\n", encoding="utf-8")
    assert set(law_test_paragraphs(tmp_path)) == {"30B2b"}
    old, new = _row(law="30B2b (1997)"), _row(law="30B2b", source="passed_out", dest="passed_out")

    def unnamed() -> dict[str, str]:
        found = check_parts("planted", LAWS_2017.states, [old, new], LAWS_2017.families, LAWS_2017.triggers,
                            docs=None, law_tests=tmp_path)
        return {m.where: m.file for m in found if "no law test names" in m.what}

    assert unnamed() == {old.label: str(tmp_path / "test_1997_law30.py")}
    (tmp_path / "test_1997_law30.py").write_text("def test_1997_30B2_x() -> None:\n    pass\n", encoding="utf-8")
    assert unnamed() == {}  # 30B2 of 1997 names its subdivision 30B2b


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "auction_fsm", "check-book", *args], capture_output=True,
                          text=True, timeout=300, check=False, cwd=CHECKOUT)


def test_check_book_command_passes_todays_books_and_names_a_fact_missing_from_the_docs(tmp_path: Path) -> None:
    done = _cli()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "law book 2017: nothing missing" in done.stdout and "law book 1997: nothing missing" in done.stdout
    docs = tmp_path / "law-book.md"
    text = DOCS.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("| `exposure_paragraph` |"))
    docs.write_text(text.replace(line + "\n", ""), encoding="utf-8")
    done = _cli("2017", "--docs", str(docs))
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "law book 2017: 1 thing missing",
        ("  - fact 'exposure_paragraph': missing from the table of facts (Declared facts): add a line with "
        f"`exposure_paragraph`, its family (24) and what it holds [{docs}]"),
    ]


def test_check_book_command_names_rows_no_law_test_names(tmp_path: Path) -> None:
    shutil.copy(LAW_TESTS / "test_law24.py", tmp_path / "test_law24.py")
    done = _cli("2017", "--law-tests", str(tmp_path))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert any("no law test names 27B2" in x and "test_law27.py" in x for x in lines)
    assert not any("no law test names 24" in x for x in lines)


def test_check_book_command_without_the_docs_is_one_line_exit_2(tmp_path: Path) -> None:
    done = _cli("--docs", str(tmp_path / "none.md"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "none.md" in done.stderr and "--docs" in done.stderr


def _law_tests_folder(tmp_path: Path, *files: str) -> Path:
    """A folder of law tests holding only ``files`` (with the package's helpers)."""
    folder = tmp_path / "laws"
    folder.mkdir()
    for name in ("__init__.py", "conftest.py", *files):
        shutil.copy(LAW_TESTS / name, folder / name)
    return folder


def test_check_book_reached_names_a_row_no_law_test_reaches_and_not_one_a_test_walks(tmp_path: Path) -> None:
    """With only Law 20's tests, the rows for the leader's questions while declarer chooses are
    reached (their tests walk them); declarer changing a call while he chooses is not."""
    folder = _law_tests_folder(tmp_path, "test_law20.py")
    leader = "asked_by_presumed_leader]"
    change = "declarer_lead_options.designate_card --attempt_change[cannot_change]"
    done = _cli("2017", "--law-tests", str(folder), "--reached", "--row", leader, "--row", change)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "law book 2017: 2 things missing"
    assert all(change in x for x in lines[1:]) and not any(leader in x for x in lines)
    assert any("no law test reaches this row" in x and x.endswith(f"[{folder / 'test_law25.py'}]") for x in lines)
    assert any("no law test names 25A or 21B1" in x for x in lines[1:])
    done = _cli("2017", "--law-tests", str(folder), "--reached", "--row", leader)
    assert done.returncode == 0 and "nothing missing, of the rows whose label contains" in done.stdout


def test_check_book_reached_with_a_failing_law_test_is_one_line_exit_2(tmp_path: Path) -> None:
    folder = _law_tests_folder(tmp_path)
    (folder / "test_law99.py").write_text("def test_99A_fails() -> None:\n    assert False\n", encoding="utf-8")
    done = _cli("2017", "--law-tests", str(folder), "--reached")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "did not pass" in done.stderr and "fix them first" in done.stderr


_PLANTED_NO_QUESTION = '''
from .rows import guard as _planted_guard


@_planted_guard("planted: a guard with no question")
def planted_guard(ctx: Ctx) -> bool:
    return True


ROWS.append(Row("phase", "hands_returned", "review_request", SAME, "20C2", FAMILY, "planted", planted_guard,
                restate_after))
'''
_PLANTED_UNKNOWN_FACT = '''

@reads("planted_fact", words="planted: reads a fact nobody declares", ask="Planted?")
def planted_guard(f: FactView) -> bool:
    return bool(f.planted_fact)
'''


@pytest.mark.parametrize(("planted", "said"), [
    (_PLANTED_NO_QUESTION, "guard 'planted_guard' has no question for the director (give it one with ask=...)"),
    (_PLANTED_UNKNOWN_FACT, "guard 'planted_guard' declares reading 'planted_fact', which no family declares"),
], ids=["no-question", "unknown-fact"])
def test_check_book_on_a_package_whose_book_does_not_build_names_the_problem_and_the_module(
        tmp_path: Path, planted: str, said: str) -> None:
    """A copy of the package with a planted fault in lawbook/review.py: the books fail to build as
    the package loads, and check-book says why and which module to change (no traceback)."""
    shutil.copytree(CHECKOUT / "auction_fsm", tmp_path / "auction_fsm", ignore=shutil.ignore_patterns("__pycache__"))
    review = tmp_path / "auction_fsm" / "lawbook" / "review.py"
    review.write_text(review.read_text(encoding="utf-8") + planted, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "auction_fsm", "check-book", "2017"], capture_output=True,
                          text=True, timeout=300, check=False, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert done.returncode == 1 and done.stderr == "", done.stderr
    first, fix = done.stdout.splitlines()
    assert first.startswith("the law books do not build: ") and said in first
    assert fix == "Fix that in auction_fsm/lawbook/review.py, then run check-book again for the rest."
