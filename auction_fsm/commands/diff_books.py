"""``auction-fsm diff-books FIRST SECOND``: what changes from one law book to another.

Rows added, removed and changed (the test, where the row leads, what it does, the law), told in
the books' own words (default), as JSON (``--json``, with identifiers), or drawn (``--picture
FILE.png``: the states the changed rows touch, each changed row an arrow coloured by its kind).
The comparison is :mod:`auction_fsm.lawbook.compare`; the picture :mod:`auction_fsm.diff_picture`
(matplotlib, imported only then).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ._base import Subparsers

__all__ = ["register", "handler"]


def register(subparsers: Subparsers) -> None:
    """Add the ``diff-books`` subcommand."""
    p = subparsers.add_parser(
        "diff-books", help="compare two law books: rows added, removed and changed",
        description="Compare two law books (auction-fsm diff-books 2017 1997): the rows only the "
                    "second has, the rows only the first has, and the rows both have that rule "
                    "differently, told in the books' words with their laws.")
    p.add_argument("first", metavar="FIRST", help="the law book compared from (e.g. 2017)")
    p.add_argument("second", metavar="SECOND", help="the law book compared to (e.g. 1997)")
    p.add_argument("--json", action="store_true", help="print the difference as JSON (with identifiers)")
    p.add_argument("--picture", type=Path, metavar="FILE.png",
                   help="also draw the changed part of the phase machine into FILE.png")
    p.set_defaults(func=handler)


def handler(args: argparse.Namespace) -> int:
    """Compare the books; print text or JSON; draw when asked; 0 on success."""
    from ..lawbook.compare import compare_books, diff_to_json, format_diff
    from ._law_book import named_book

    first, second = named_book(args.first), named_book(args.second)
    diff = compare_books(first, second)
    if args.json:
        print(json.dumps(diff_to_json(diff), indent=1))
    else:
        print(format_diff(diff))
    if args.picture is not None:
        from ..diff_picture import draw_diff

        draw_diff(diff, args.picture)
        if not args.json:
            print(f"\nThe changed part of the machine is drawn in {args.picture}.")
    return 0
