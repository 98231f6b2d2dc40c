"""A pytest plugin for ``auction-fsm check-book --reached``: the rows the law tests reach.

Loaded with ``pytest -p auction_fsm.commands._reached_rows`` while the law tests run, it notes
every row of every book that the engine selects (:meth:`~auction_fsm.lawbook.book.LawBook.select`,
which every ruling goes through, refusals included) or fires on its shortcut for a plain call in
rotation, by book name and row label, and writes them as JSON, when the session ends, to the file
the environment variable :data:`OUTPUT` names.  Nothing is recorded without that variable.
"""

from __future__ import annotations

import json
import os
from typing import Any

from .. import engine
from ..lawbook.book import LawBook

__all__ = ["OUTPUT", "pytest_sessionfinish"]

#: The environment variable naming the JSON file written at the end of the session.
OUTPUT = "AUCTION_FSM_REACHED_ROWS"

_REACHED: dict[str, set[str]] = {}
_select = LawBook.select
_plain_call = engine._plain_call


def _noting_select(self: LawBook, *args: Any, **kwargs: Any) -> Any:
    row = _select(self, *args, **kwargs)
    if row is not None:
        _REACHED.setdefault(self.name, set()).add(row.label)
    return row


def _noting_plain_call(state: Any, event: Any) -> Any:
    found = _plain_call(state, event)
    if found is not None:
        from ..lawbook import book_of

        _REACHED.setdefault(book_of(state).name, set()).update(f.row.label for f in found.fired)
    return found


if os.environ.get(OUTPUT):
    LawBook.select = _noting_select  # type: ignore[method-assign]
    engine._plain_call = _noting_plain_call


def pytest_sessionfinish(session: object, exitstatus: int) -> None:
    """Write the rows reached, by book, to the file :data:`OUTPUT` names."""
    path = os.environ.get(OUTPUT)
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump({book: sorted(rows) for book, rows in _REACHED.items()}, out)
