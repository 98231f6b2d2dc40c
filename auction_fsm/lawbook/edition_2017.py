"""The 2017 Laws of Duplicate Bridge as a law book: every family's rows in one value."""

from __future__ import annotations

from typing import Final

from . import (
    attention,
    changes,
    comparable,
    director,
    exposure,
    inadmissible,
    insufficient,
    later_call_at_lho,
    lead,
    legal,
    review,
    rotation,
    seat,
    slip_first,
)
from .book import LawBook
from .states import STATES

__all__ = ["LAWS_2017"]

LAWS_2017: Final[LawBook] = LawBook.build(
    "2017", "Laws of Duplicate Bridge 2017", STATES,
    [*legal.ROWS, *rotation.ROWS, *later_call_at_lho.ROWS, *insufficient.ROWS, *inadmissible.ROWS, *comparable.ROWS,
     *changes.ROWS, *slip_first.ROWS, *exposure.ROWS, *attention.ROWS, *director.ROWS, *review.ROWS,
     *lead.ROWS, *seat.ROWS])
