"""The law book: the rules of the auction period as rows of guarded transitions.

:mod:`.rows` (rows, guards, actions), :mod:`.states` (the machines' states), :mod:`.classify`
(the one classifier of events), one module per family of laws, and :data:`LAWS_2017`, the book
every other part of the package takes as a parameter.  Standard library only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..auction import use_book_names, use_place_facts
from ..errors import InternalError, UnknownLawBookError
from .book import REGISTERED, TRIGGERS, LawBook
from .classify import classify
from .edition_1997 import ALIASES, LAWS_1997
from .edition_2017 import LAWS_2017
from .procedure_facts import names_of_kind
from .rows import SAME, Action, Ctx, Guard, Outcome, Row
from .states import PROCEDURES, STATES, StateSpec

__all__ = ["LawBook", "LAWS_2017", "LAWS_1997", "LAWS_1997_30_31", "BOOKS", "ALIASES", "is_book_name",
           "book_named", "book_of", "ruling_book", "BookMismatchError", "Row", "Guard", "Action", "Ctx", "Outcome",
           "SAME", "StateSpec", "UnknownLawBookError", "STATES", "PROCEDURES", "TRIGGERS", "classify"]

if TYPE_CHECKING:
    from ..auction import AuctionState


#: The law books a user can name (``--law-book``).
BOOKS: dict[str, LawBook] = {b.name: b for b in (LAWS_2017, LAWS_1997)}

#: The 1997 book under its former name (it then held only 30B and 31B of 1997): an alias.
LAWS_1997_30_31: LawBook = LAWS_1997


def is_book_name(name: str) -> bool:
    """True when ``name`` names a law book, directly or by a former name (:data:`ALIASES`)."""
    return name in BOOKS or name in ALIASES


def book_named(name: str) -> LawBook:
    """The law book called ``name`` (a former name in :data:`ALIASES` gives the book it became:
    ``1997-30-31`` is ``1997``); raise :class:`UnknownLawBookError` listing the names otherwise."""
    try:
        return BOOKS[ALIASES.get(name, name)]
    except KeyError:
        raise UnknownLawBookError(f"no law book {name!r}: the law books are "
                                  f"{', '.join(sorted(BOOKS))}") from None


use_book_names(book_named, LAWS_2017)  # AuctionState.start takes a book by its name
use_place_facts(names_of_kind("place"))  # the procedure's places move back as calls are added
REGISTERED.update(BOOKS)  # and a pickled book comes back as the same object


class BookMismatchError(InternalError):
    """Code asked for a position to be ruled by a book other than the one the position carries:
    a fault of that code (a position started under one book is ruled by it throughout)."""


def book_of(state: AuctionState) -> LawBook:
    """The law book in force for ``state``: the one it carries (``state.book``), the default
    book (2017) when it holds ``None``."""
    book = state.book
    if book is None:
        return LAWS_2017
    assert isinstance(book, LawBook), book  # a position holds only books (AuctionState.start)
    return book


def ruling_book(state: AuctionState, book: LawBook | None = None) -> LawBook:
    """The book that rules ``state``: its own.  ``book``, kept for callers that still pass one,
    must be that very book; another raises :class:`BookMismatchError` naming both."""
    own = book_of(state)
    if book is None or book is own:
        return own
    raise BookMismatchError(f"the position is ruled by law book {own.name!r}, not {book.name!r}: "
                            "a position carries its book (AuctionState.start(..., law_book=...))")
