"""``auction-fsm check-book [BOOK ...]``: what a law book's rows still lack, before the tests say it.

A new law row costs one family module and one law test (docs/law-book.md, *Adding a law row*).
This command lists, in plain words, everything a row still lacks, each with the row and the file
to change: what the book's build refuses, a guard that does not declare the facts it reads or
reads a fact no family declares or computes, a fact missing from docs/law-book.md's table, the
words and questions the flowcharts show, and a law test naming one of the row's paragraphs
(:mod:`auction_fsm.lawbook.checklist`).  Every registered book by default.  ``--reached`` also runs
the law tests (with pytest, the plugin :mod:`._reached_rows` noting the rows the engine selects)
and lists the rows of the phase machine none of them reaches; today's books have such rows, so
use it to see whether the row just added is among them (``--row TEXT`` keeps only the rows whose
label contains TEXT).

Exit status: 0 when nothing is missing, 1 when something is (each item on its own line), 2 when
the docs or the law tests cannot be found (run it from a source checkout, or name them).  A book
that does not even build when the package loads is reported as the one thing missing (exit 1):
fix that first, then run the command again for the rest.

Only light imports at the top: the law books are loaded when the command runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from types import TracebackType

from ._base import Subparsers

__all__ = ["register", "handler"]

EXIT_MISSING = 1


def register(subparsers: Subparsers) -> None:
    """Add the ``check-book`` subcommand."""
    p = subparsers.add_parser(
        "check-book", help="list what a law book's rows still lack (a new row: one module, one test)",
        description="List, for each law book named (all by default), everything its rows still lack, "
                    "each with the row and the file to change: what the book's build refuses, guards "
                    "that do not declare the facts they read, facts no family declares or computes or "
                    "docs/law-book.md does not list, the words and questions the flowcharts need, and a "
                    "law test (tests/laws/) named after one of the row's paragraphs. Exit status 1 if "
                    "anything is missing.")
    p.add_argument("books", nargs="*", metavar="BOOK", help="a law book's name (2017, 1997); default: all")
    p.add_argument("--docs", type=Path, metavar="FILE",
                   help="docs/law-book.md, whose table of facts must list every fact "
                        "(default: the one in the checkout the package runs from)")
    p.add_argument("--law-tests", type=Path, metavar="DIR",
                   help="the folder of law tests, test_*.py (default: tests/laws in that checkout)")
    p.add_argument("--reached", action="store_true",
                   help="also run the law tests (pytest) and list the rows none of them reaches")
    p.add_argument("--row", action="append", default=[], metavar="TEXT",
                   help="report only rows whose label contains TEXT (a state, trigger, guard or law); "
                        "repeatable")
    p.set_defaults(func=handler)


def _existing(given: Path | None, default: Path, what: str, option: str) -> Path:
    from ..errors import UsageError

    path = default if given is None else given
    if not path.exists():
        raise UsageError(f"cannot find {what} at {str(path)!r}: run from a source checkout or give {option}")
    return path


def handler(args: argparse.Namespace) -> int:
    """Check the books; print what is missing; 0 when nothing is, 1 when something is."""
    from ..errors import LawBookError

    try:
        from ..lawbook import BOOKS
        from ..lawbook.checklist import CHECKOUT, check_book
    except LawBookError as err:  # a book refused when the package loads: that is what is missing
        print(f"the law books do not build: {err}")
        files = _files_to_change(err)
        print(f"Fix that{' in ' + ', '.join(files) if files else ''}, then run check-book again for the rest.")
        return EXIT_MISSING
    from ._law_book import named_book

    docs = _existing(args.docs, CHECKOUT / "docs" / "law-book.md", "docs/law-book.md", "--docs")
    law_tests = _existing(args.law_tests, CHECKOUT / "tests" / "laws", "the law tests", "--law-tests")
    books = [named_book(n) for n in args.books] if args.books else list(BOOKS.values())
    reached = _rows_the_law_tests_reach(law_tests) if args.reached else None
    status = 0
    for book in books:
        missing = check_book(book, docs=docs, law_tests=law_tests, reached=reached)
        if args.row:
            missing = [m for m in missing if any(t in m.where for t in args.row)]
        if not missing:
            guards = len({id(r.guard) for r in book.rows if r.guard is not None})
            rows = "" if not args.row else f", of the rows whose label contains {' or '.join(map(repr, args.row))}"
            print(f"law book {book.name}: nothing missing{rows} ({len(book.rows)} rows, {guards} guards)")
            continue
        status = EXIT_MISSING
        print(f"law book {book.name}: {len(missing)} thing{'s' if len(missing) != 1 else ''} missing")
        for m in missing:
            print(f"  - {m}")
    sys.stdout.flush()
    return status


def _files_to_change(err: BaseException) -> list[str]:
    """The modules to change for a book that does not build as the package loads: those whose
    ``ROWS`` hold a row the message names (they stay loaded), else the book module the error
    was raised in (a guard declaring an unknown fact, a fact declared twice)."""
    import re

    root = Path(__file__).resolve().parents[2]
    labels = set(re.findall(r"row \d+ \((.+?\))\): ", str(err)))
    files: list[str] = [str(mod.__file__) for name, mod in sorted(sys.modules.items())
                        if name.startswith("auction_fsm.lawbook.") and getattr(mod, "__file__", None)
                        and any(getattr(r, "label", None) in labels for r in getattr(mod, "ROWS", None) or ())]
    if not files:
        core = {"facts.py", "rows.py", "book.py", "__init__.py"}
        frames = [t.tb_frame.f_code.co_filename for t in _frames(err.__traceback__)]
        files = [f for f in frames if Path(f).parent.name == "lawbook" and Path(f).name not in core][-1:]
    return [str(Path(f).resolve().relative_to(root)) if Path(f).resolve().is_relative_to(root) else f
            for f in files if f]


def _frames(tb: TracebackType | None) -> list[TracebackType]:
    out = []
    while tb is not None:
        out.append(tb)
        tb = tb.tb_next
    return out


def _rows_the_law_tests_reach(law_tests: Path) -> dict[str, list[str]]:
    """Run the law tests in ``law_tests`` with pytest and the plugin :mod:`._reached_rows`; the
    labels of the rows reached, by book.  The tests must pass: a failing law test, or no pytest,
    is a usage error naming what pytest said last."""
    import json
    import os
    import subprocess
    import tempfile

    from ..errors import UsageError
    from ..lawbook.checklist import CHECKOUT
    from ._reached_rows import OUTPUT

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "reached.json"
        done = subprocess.run([sys.executable, "-m", "pytest", str(law_tests), "-q", "-p", "no:cacheprovider",
                               "-p", "auction_fsm.commands._reached_rows"], cwd=CHECKOUT,
                              env={**os.environ, OUTPUT: str(out)}, capture_output=True, text=True, check=False)
        said = (done.stdout.strip() or done.stderr.strip()).splitlines()[-1:] or ["(nothing)"]
        if done.returncode != 0 or not out.exists():
            raise UsageError(f"--reached: the law tests in {str(law_tests)!r} did not pass (pytest exit "
                             f"{done.returncode}: {said[0]}); fix them first")
        found: dict[str, list[str]] = json.loads(out.read_text(encoding="utf-8"))
        return found
