"""The law book: the rules of the auction period as rows of guarded transitions.

:mod:`.rows` (rows, guards, actions), :mod:`.states` (the machines' states), :mod:`.classify`
(the one classifier of events), one module per family of laws, and :data:`LAWS_2017`, the book
every other part of the package takes as a parameter.  Standard library only.
"""

from __future__ import annotations

from .book import TRIGGERS, LawBook
from .classify import classify
from .edition_2017 import LAWS_2017
from .rows import SAME, Action, Ctx, Guard, Outcome, Row
from .states import PROCEDURES, STATES, StateSpec

__all__ = ["LawBook", "LAWS_2017", "BOOKS", "book_named", "Row", "Guard", "Action", "Ctx", "Outcome",
           "SAME", "StateSpec", "STATES", "PROCEDURES", "TRIGGERS", "classify"]

#: The law books a user can name (``--law-book``).
BOOKS: dict[str, LawBook] = {LAWS_2017.name: LAWS_2017}


def book_named(name: str) -> LawBook:
    """The law book called ``name``; raise ``KeyError`` listing the known names otherwise."""
    try:
        return BOOKS[name]
    except KeyError:
        raise KeyError(f"no law book {name!r}; known: {', '.join(sorted(BOOKS))}") from None
