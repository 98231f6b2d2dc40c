"""The ``--law-book NAME`` option every command takes, and which book a file is ruled by.

A scenario file may name its own law book (``"law_book"``); the option, when given, wins over
the file, and the command says so on standard error (a note, not an error).  Light: the law
books are imported only when a handler asks for one.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..lawbook import LawBook

__all__ = ["add_law_book_option", "chosen_book", "book_for", "named_book"]


def add_law_book_option(parser: argparse.ArgumentParser, what: str = "rule by") -> None:
    """Add ``--law-book NAME`` to ``parser``; ``what`` says what the book is used for."""
    parser.add_argument("--law-book", default=None, metavar="NAME",
                        help=f"the law book to {what}: 2017 (default) or 1997 (the 2017 book with "
                             "the 1997 text of Laws 30-33); a scenario file's own law_book is "
                             "used when this is not given")


def named_book(name: str) -> LawBook:
    """The book called ``name``; a former name (``1997-30-31``) gives the book it became, with a
    note on standard error saying so; an unknown name is a usage error."""
    from ..lawbook import ALIASES, book_named

    book = book_named(name)
    if name in ALIASES:
        print(f"auction-fsm: note: law book {name!r} is now called {book.name!r} ({book.title})",
              file=sys.stderr)
    return book


def chosen_book(args: argparse.Namespace) -> LawBook:
    """The book ``--law-book`` names, else the 2017 book; an unknown name is a usage error."""
    from ..lawbook import LAWS_2017

    name = getattr(args, "law_book", None)
    return LAWS_2017 if name is None else named_book(name)


def book_for(args: argparse.Namespace, named: str | None, where: str) -> LawBook:
    """The book to rule a file by: ``--law-book`` when given (with a note on standard error if
    the file ``where`` names another), else the book the file names, else 2017."""
    from ..lawbook import book_named

    flag = getattr(args, "law_book", None)
    if flag is not None:
        book = named_book(flag)
        if named is not None and book_named(named).name != book.name:
            print(f"auction-fsm: note: {where} names law book {named!r}; ruling by {book.name!r} "
                  "as --law-book says", file=sys.stderr)
        return book
    return named_book(named) if named is not None else chosen_book(args)
