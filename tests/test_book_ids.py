"""Where the law book's names are spelt outside ``lawbook/``: only where this file allows.

The README and docs/law-book.md say what is keyed by the book's names outside the book; this
test is what makes that claim exact.  It reads every module of the package outside
``auction_fsm/lawbook/`` and finds each string literal (docstrings left out) that is the name
of a state, a procedure, a trigger, a guard or an action of a registered law book.  Each one
must be in :data:`ALLOWED`, which lists, file by file, the names still spelt there and why.
A new literal fails the test; so does an entry that is no longer used, so the list only
shrinks and the count below stays true.

Words of the input language are not counted, although the book's names share some of them: a
judgement's kind (``comparable``), an option word (``keep``, ``spread``), a change of call's
ground (``misinformation``), an event's JSON type or text verb (``face_lead``, ``explain``).
Those are what a user types and what the files hold, read and written by the event
language; a state that happens to bear the same name is not what they mean.

What remains falls in four kinds, named in each entry: the **phase names** the position
itself computes (``AuctionState.phase``; the JSON report prints them) and code that reads
them; **procedure and irregularity names** a position keeps in ``Pending.procedure`` and
``CallRecord.irregularity``; names in modules another issue rewrites (the flowcharts in
``teaching/charts.py``, the explorer in ``exploration.py``); and **words that only look like a
name** (a scope family, a JSON key, a ``teach`` command, a quiz template).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from auction_fsm import event_language
from auction_fsm.events import JUDGEMENT_KINDS
from auction_fsm.lawbook import BOOKS

PACKAGE = Path(__file__).resolve().parent.parent / "auction_fsm"

_PHASES = "phase names the position computes and the JSON report prints"
_PROCEDURES = "procedure and irregularity names a position keeps (Pending.procedure, CallRecord.irregularity)"

#: File (under auction_fsm/) -> (the book's names still spelt there, why).
ALLOWED: dict[str, tuple[frozenset[str], str]] = {
    "auction.py": (frozenset({"auction", "awaiting_first_call", "passed_out", "clarification", "play",
                              "opening_lead"}),
                   f"{_PHASES}: the one place that computes them (AuctionState.phase)"),
    "engine.py": (frozenset({"nothing_to_settle", "out_of_rotation", "insufficient_bid", "inadmissible_double",
                             "violates_pass_obligation", "bid_above_seven", "pass_in_turn_ends_auction",
                             "pass_in_turn_passes_out", "pass_in_turn_auction_open", "bid_is_sufficient",
                             "double_is_permitted", "redouble_is_permitted", "awaiting_first_call",
                             "auction", "call_pass", "clarification", "auction_ends", "opening_lead"}),
                  ("the shortcut for a plain legal call names the rows it stands for, and the one "
                   f"definition of an irregularity reads the {_PROCEDURES}; left to the later work "
                   "that declares each row's facts in the book")),
    "exploration.py": (frozenset({"insufficient_bid", "declarer_lead_options",
                                  "lead_out_of_turn", "call_pass", "call_bid", "call_double", "call_redouble",
                                  "opening_lead", "bid_above_seven", "inadmissible_double",
                                  "violates_pass_obligation", "play"}),
                       ("the explorer's candidate events and bounds: rewritten by another issue "
                        "(successor tables the book declares)")),
    "teaching/charts.py": (frozenset({"awaiting_first_call", "auction", "passed_out"}),
                           "the overview chart's phases: where the legal flow starts and ends"),
    "machines.py": (frozenset({"awaiting_first_call", "auction", "clarification", "passed_out", "release"}),
                    (f"{_PHASES} (which phases a call may be made in, which end the auction) and the "
                     "'release' family of seat triggers")),
    "board_check.py": (frozenset({"clarification", "opening_lead", "play", "passed_out", "insufficient_bid"}),
                       f"{_PHASES} (which mean the auction ended) and {_PROCEDURES}"),
    "report.py": (frozenset({"opening_lead", "passed_out", "play"}),
                  f"{_PHASES}; 'opening_lead' and 'passed_out' are also JSON keys of the report"),
    "teaching/randomsim.py": (frozenset({"play", "passed_out"}), _PHASES),
    "teaching/session.py": (frozenset({"restate", "play"}),
                            f"'restate' is a teach command (20B) that shares a trigger's name; {_PHASES}"),
    "web/session.py": (frozenset({"restate"}), "the teach command 'restate', as the page sends it"),
    "narrate.py": (frozenset({"lead_out_of_turn", "declarer_lead_options", "play"}), f"{_PROCEDURES}; {_PHASES}"),
    "teaching/quiz.py": (frozenset({"lead_out_of_turn", "declarer_lead_options"}),
                         f"{_PROCEDURES}, and a quiz template named after its procedure"),
    "teaching/situations.py": (frozenset({"lead_out_of_turn"}), "a quiz template named after its procedure"),
    "event_text.py": (frozenset({"auction", "play"}),
                      ("names of our own PBN comments that keep a file's auction and play sections "
                       "whole ({auction-fsm: auction ...}), not the phases they share a word with")),
    "pbn_write.py": (frozenset({"insufficient_bid"}), f"{_PROCEDURES}: PBN's ^I mark for it"),
    "scope.py": (frozenset({"insufficient_bid", "opening_lead"}),
                 "the names of scope families, which share the procedures' names"),
    "graph/scopes.py": (frozenset({"insufficient_bid", "opening_lead"}), "the scope families, as in scope.py"),
    "graph/irregular_space.py": (frozenset({"opening_lead", "declarer_lead_options"}),
                                 f"a scope family, as in scope.py; {_PROCEDURES}"),
    "graph/legal_space.py": (frozenset({"opening_lead"}),
                             "the triggers that close the legal flow (the opening lead, facing it, the hands returned)"),
}


def book_names() -> frozenset[str]:
    """Every name of a state, procedure, trigger, guard or action in the registered books."""
    names: set[str] = set()
    for book in BOOKS.values():
        for s in book.states:
            names.add(s.name)
            if s.parent is not None:
                names.add(s.parent)
        for r in book.rows:
            names.add(r.trigger)
            names |= {n for n in (r.seat_trigger, r.guard and r.guard.name, r.action and r.action.name) if n}
        names |= set(book.triggers)
    return frozenset(names)


def input_words() -> frozenset[str]:
    """The input language's words (see the module documentation)."""
    words = set(event_language.GROUNDS) | set(event_language.CHOICE_OPTIONS) | set(JUDGEMENT_KINDS)
    for kind in event_language.KINDS:
        words |= {kind.type, kind.text.verb, *kind.text.aliases}
    for book in BOOKS.values():
        words |= {o.word for s in book.states for o in s.options}
    return frozenset(words)


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def spelt_outside_the_book() -> dict[str, dict[str, int]]:
    """File -> the book's names its string literals spell -> how many times."""
    names = book_names() - input_words()
    found: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("lawbook/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names
                    and id(node) not in docs):
                found[rel][node.value] += 1
    return {f: dict(c) for f, c in found.items()}


def test_the_book_s_names_are_spelt_outside_it_only_where_allowed() -> None:
    found = spelt_outside_the_book()
    new = {f: sorted(set(ids) - ALLOWED.get(f, (frozenset(), ""))[0]) for f, ids in found.items()}
    new = {f: ids for f, ids in new.items() if ids}
    assert not new, (f"the law book's names spelt outside lawbook/ and not allowed: {new}; take them "
                     "from the book (lawbook/), or add them to ALLOWED with the reason")


def test_the_allowed_list_names_only_what_is_still_there() -> None:
    found = spelt_outside_the_book()
    stale = {f: sorted(ids - set(found.get(f, {}))) for f, (ids, _) in ALLOWED.items()}
    stale = {f: ids for f, ids in stale.items() if ids}
    assert not stale, f"no longer spelt there, remove from ALLOWED: {stale}"


def test_the_count_the_docs_give() -> None:
    """docs/law-book.md gives these figures (taken when this test was written)."""
    found = spelt_outside_the_book()
    literals = sum(sum(c.values()) for c in found.values())
    assert len(found) <= 19 and literals <= 133, (len(found), literals)
    assert "tests/test_book_ids.py" in (PACKAGE.parent / "docs" / "law-book.md").read_text(encoding="utf-8")


def test_the_scanner_finds_a_planted_name(tmp_path: Path) -> None:
    """A state name in a new module would be caught: the reader sees literals, not docstrings."""
    names = book_names() - input_words()
    assert {"insufficient_bid.awaiting_replacement", "auction", "call_bid", "must_pass_next_turn"} <= names
    assert "comparable" not in names and "keep" not in names  # the input language's words
    tree = ast.parse('"""auction"""\nX = {"insufficient_bid.awaiting_replacement": 1}\n')
    docs = _docstrings(tree)
    spelt = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in docs
             and n.value in names]
    assert spelt == ["insufficient_bid.awaiting_replacement"]
