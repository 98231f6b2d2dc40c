"""The Python API as a bridge programmer tries it (issue 20, item 7): seats as text wherever a
Seat is taken, pbn.dumps of an AuctionState, a short help(Simulator), PBN's vulnerability
words, one Vulnerability type."""

from __future__ import annotations

import pydoc

import pytest

from auction_fsm import AuctionState, pbn
from auction_fsm.engine import apply_event
from auction_fsm.errors import ConversionError, SeatSyntaxError
from auction_fsm.events import (
    CallEvent,
    ChangeCall,
    Choice,
    DirectorCalled,
    ExplanationRequest,
    ExposeCards,
    Lead,
    ReviewRequest,
)
from auction_fsm.scenario import Scenario
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator


def test_a_seat_may_be_text_in_every_event() -> None:
    assert DirectorCalled(by="S").by is Seat.S  # type: ignore[arg-type]  # text accepted at run time
    assert Choice("s", "accept") == Choice(Seat.S, "accept")  # type: ignore[arg-type]  # text accepted at run time
    assert ExposeCards("E", "SK HK").cards == ExposeCards(Seat.E, ("SK", "HK")).cards  # type: ignore[arg-type]
    assert Lead("W", "DK") == Lead(Seat.W, "DK")  # type: ignore[arg-type]
    assert ChangeCall("N", "2H").call.text == "2H"  # type: ignore[arg-type]
    assert ReviewRequest("north").seat is Seat.N and ExplanationRequest("E", 2).seat is Seat.E  # type: ignore[arg-type]  # text accepted at run time
    with pytest.raises(SeatSyntaxError, match="'Q'"):
        Choice("Q", "accept")  # type: ignore[arg-type]  # text accepted at run time


def test_must_pass_takes_a_seat_as_text() -> None:
    state = AuctionState.start("N").calls("1NT")
    assert state.must_pass("E") is state.must_pass(Seat.E) is False


def test_pbn_dumps_takes_an_auction_state() -> None:
    text = pbn.dumps(AuctionState.start("N", "EW").calls("1NT P 3NT P P P"))
    (board,) = pbn.loads(text)
    assert [wc.call.text for wc in board.calls] == ["1NT", "P", "3NT", "P", "P", "P"]
    assert board.vulnerability == "EW" and board.tags["Contract"] == "3NT"
    with pytest.raises(ConversionError, match="Scenario"):
        # an insufficient bid (text accepted at run time)
        pbn.dumps(apply_event(AuctionState.start("N").calls("1NT"), CallEvent("E", "1C")))  # type: ignore[arg-type]


def test_help_of_the_simulator_is_short() -> None:
    assert len(pydoc.render_doc(Simulator)) < 20_000  # not the law book's repr


def test_pbn_vulnerability_words_and_one_type() -> None:
    from auction_fsm import auction, report, scenario, vulnerability

    assert Scenario("N", (), "none").vulnerability == "None"  # type: ignore[arg-type]  # text accepted at run time
    assert Simulator("N", "Both").vulnerability == "All"
    assert AuctionState.start("N", "love").vulnerability == "None"
    assert scenario.VULNERABILITIES is vulnerability.VULNERABILITIES
    assert auction.VULNERABILITIES is report.VULNERABILITIES is vulnerability.VULNERABILITIES
