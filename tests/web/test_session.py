"""The board behind the web page (and the interactive director it is shown through) is ruled by
the law book it was given, also after undo and a new board."""

from __future__ import annotations

from auction_fsm.lawbook import LAWS_1997_30_31
from auction_fsm.teaching.session import TeachSession
from auction_fsm.web.session import WebSession, read_event


def test_the_interactive_director_keeps_its_law_book() -> None:
    teach = TeachSession("N", book=LAWS_1997_30_31)
    assert teach.sim.book is LAWS_1997_30_31
    teach.handle("N 1H")
    teach.handle("undo")
    assert teach.sim.book is LAWS_1997_30_31
    teach.handle("new E")
    assert teach.sim.book is LAWS_1997_30_31


def test_a_web_board_keeps_its_law_book() -> None:
    board = WebSession("N", book=LAWS_1997_30_31)
    board.apply(read_event({"type": "call", "seat": "N", "call": "1H"}))
    board.undo()
    assert board.book is LAWS_1997_30_31
    assert board.view()["report"]["law_book"] == LAWS_1997_30_31.name
