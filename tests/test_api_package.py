"""The Python API as a bridge programmer types it (issue 40, item 5): the main names importable
from the package, ``'2C' in state.legal_calls()``, ``calls()`` with a list, ``Board.auction``
and ``Board.contract`` as objects, readable ``str()`` of a deal and of a decision, and a short
``help(auction_fsm)``."""

from __future__ import annotations

import json
import os
import pydoc
import subprocess
import sys
from pathlib import Path

import pytest

import auction_fsm
from auction_fsm import (
    AuctionState,
    Board,
    BoardReport,
    Call,
    CallEvent,
    CallList,
    CallSyntaxError,
    Choice,
    Contract,
    Decision,
    DirectorCalled,
    Seat,
    Simulator,
    Strain,
    check_board,
    consequences,
    pbn,
)
from auction_fsm import consequences as consequences_module_name  # the same function, again
from auction_fsm.errors import DecisionError

ROOT = Path(__file__).resolve().parent.parent

PBN_BOARD = """[Event "club night"]
[Board "7"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AKQJ.T98.765.432 T987.AKQJ.432.65 6543.765.AKQ.AKQ 2.432.JT98.JT987"]
[Contract "4SX"]
[Declarer "S"]
[Auction "N"]
1H 1C 1S Pass
2S Pass 4S X
Pass Pass Pass
"""


# --- importable from the package -------------------------------------------------------------
def test_the_main_names_are_the_modules_own_objects() -> None:
    from auction_fsm.board_check import BoardReport as report_class
    from auction_fsm.board_check import check_board as check
    from auction_fsm.boards import Board as board_class
    from auction_fsm.consequences import consequences as told
    from auction_fsm.events import CallEvent as call_event
    from auction_fsm.simulator import Simulator as simulator_class

    assert (Simulator, check_board, consequences, CallEvent, Board, BoardReport) == (
        simulator_class, check, told, call_event, board_class, report_class)
    assert consequences_module_name is told


def test_consequences_stays_the_function_once_its_module_is_imported() -> None:
    """The module ``auction_fsm.consequences`` shares its name with its function: importing the
    module (the narration does) must not put the module in the function's place."""
    import auction_fsm.consequences as module_or_function  # noqa: F401
    import auction_fsm.narrate

    assert callable(auction_fsm.consequences) and auction_fsm.consequences.__name__ == "consequences"
    assert "auction_fsm.consequences" in sys.modules


def test_every_listed_name_is_importable_and_an_unknown_one_is_an_attribute_error() -> None:
    for name in auction_fsm.__all__:
        assert getattr(auction_fsm, name) is not None, name
    with pytest.raises(AttributeError, match="'NoSuchThing'"):
        auction_fsm.NoSuchThing  # noqa: B018


def test_an_option_told_through_the_package_names() -> None:
    sim = Simulator("N")
    sim.apply(CallEvent(Seat.N, Call.parse("1H")))
    sim.apply(CallEvent(Seat.E, Call.parse("1C")))  # insufficient (27)
    told = {c.option: c for c in consequences(sim.state)}
    assert set(told) == {"accept", "director"}
    assert told["director"].results[0].then is not None


def test_help_of_the_package_is_short_and_documents_no_class() -> None:
    text = pydoc.render_doc(auction_fsm, renderer=pydoc.TextDoc())  # what help() prints, unpaged
    lines = text.splitlines()
    assert len(lines) < 100, len(lines)  # it was 2,601 lines of re-exported classes
    assert "CLASSES" not in text and "class AuctionState" not in text
    assert "from auction_fsm import AuctionState, Simulator" in text  # the docstring's example


def test_importing_the_package_loads_no_law_book() -> None:
    """The names are loaded when first asked for, so ``import auction_fsm`` (which every
    command's start-up does) costs no more than the package's ``__init__``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    code = ("import sys, json, auction_fsm\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('auction_fsm'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          timeout=120, check=True)
    assert json.loads(done.stdout) == ["auction_fsm"]


# --- legal calls by their text, calls from a list --------------------------------------------
def test_a_legal_call_is_found_by_its_text() -> None:
    legal = AuctionState.start("N").calls("1NT").legal_calls()
    assert isinstance(legal, CallList) and isinstance(legal, tuple)
    assert "2C" in legal and "2c" in legal and "pass" in legal and "X" in legal
    assert "1C" not in legal and "XX" not in legal and "1Z" not in legal and "" not in legal
    assert Call.parse("2C") in legal and Call.parse("1NT") not in legal  # calls as before
    assert legal[0] == Call.parse("2C") and legal == tuple(legal)
    assert str(legal).startswith("2C 2D 2H 2S 2NT 3C") and str(legal).endswith("7NT P X")


def test_no_call_is_equal_to_its_text() -> None:
    """Containment by text is the list's; a call stays unequal to a string, so sets and
    dictionaries of calls mean what they meant."""
    assert Call.parse("2C") != "2C"
    assert "2C" not in {Call.parse("2C")}


def test_nothing_is_legal_while_a_procedure_waits() -> None:
    sim = Simulator("N")
    sim.call("N", "1H")
    sim.call("E", "1C")
    assert sim.state.legal_calls() == () and "P" not in sim.state.legal_calls()


def test_calls_takes_a_list_as_well_as_a_string() -> None:
    by_text = AuctionState.start("N").calls("1NT P 3NT P P P")
    assert AuctionState.start("N").calls(["1NT", "P", "3NT", "P", "P", "P"]) == by_text
    assert AuctionState.start("N").calls(("1NT", "P"), "3NT P", [Call.parse("P"), "P"]) == by_text
    assert str(by_text.contract) == "3NT by N"


def test_calls_refuses_what_is_no_call_saying_where() -> None:
    with pytest.raises(CallSyntaxError, match="call 2, got 3"):
        AuctionState.start("N").calls(["1NT", 3])  # type: ignore[list-item]  # a number is no call
    with pytest.raises(CallSyntaxError, match="'1Z'"):
        AuctionState.start("N").calls(["1NT", "1Z"])


# --- a board's auction and contract as objects ------------------------------------------------
def test_a_board_gives_its_auction_and_contract_as_objects() -> None:
    board = pbn.loads(PBN_BOARD)[0]
    state = board.auction
    assert isinstance(state, AuctionState) and state.phase == "clarification"
    assert [r.call.text for r in state.record][:3] == ["1H", "1C", "1S"]
    assert state.record[1].irregularity == "insufficient_bid"  # East's 1C, accepted by South (27A1)
    assert board.contract == Contract(4, Strain.S, 1, Seat.S) == state.contract
    assert check_board(board).contract == board.contract.text  # what check says, as text


def test_a_board_without_auction_reads_its_contract_from_the_tags() -> None:
    without = PBN_BOARD.split("[Auction")[0]
    board = pbn.loads(without)[0]
    assert board.auction is None
    assert board.contract == Contract(4, Strain.S, 1, Seat.S)
    swapped = pbn.loads(without.replace('[Declarer "S"]', '[Declarer "^S"]'))[0]
    assert swapped.contract is not None and swapped.contract.declarer is Seat.N  # PBN 3.4.13
    passed = pbn.loads(without.replace('[Contract "4SX"]', '[Contract "Pass"]'))[0]
    assert passed.contract is None
    unreadable = pbn.loads(without.replace('[Contract "4SX"]', '[Contract "9SX"]'))[0]
    assert unreadable.contract is None


def test_an_unfinished_or_passed_out_auction_has_no_contract() -> None:
    unfinished = pbn.loads(PBN_BOARD.replace("Pass Pass Pass\n", "Pass\n"))[0]
    assert unfinished.auction is not None and unfinished.contract is None
    passed_out = PBN_BOARD.split("[Auction")[0] + '[Auction "N"]\nPass Pass Pass Pass\n'
    board = pbn.loads(passed_out)[0]
    assert board.auction is not None and board.auction.is_passed_out and board.contract is None


def test_an_unreadable_board_raises_its_own_error() -> None:
    board = pbn.loads(PBN_BOARD.replace("2S Pass", "2S 9Z"))[0]
    assert board.error is not None
    with pytest.raises(type(board.error), match="'9Z'"):
        board.auction  # noqa: B018
    with pytest.raises(type(board.error)):
        board.contract  # noqa: B018


def test_an_event_the_model_refuses_is_raised_naming_the_board_and_event() -> None:
    board = pbn.loads(PBN_BOARD)[0]
    board.leading_events = (Choice(Seat.S, "accept"),)  # a choice with nothing to choose
    with pytest.raises(DecisionError, match=r"board 7 \(game 1\), line 1, event 1 \(S chooses accept\)"):
        board.auction  # noqa: B018


# --- readable str() ----------------------------------------------------------------------------
def test_a_deal_prints_as_four_hands() -> None:
    board = pbn.loads(PBN_BOARD)[0]
    assert board.deal is not None
    assert str(board.deal).splitlines() == [
        "North: ♠ AKQJ  ♥ T98  ♦ 765  ♣ 432",
        "East:  ♠ T987  ♥ AKQJ  ♦ 432  ♣ 65",
        "South: ♠ 6543  ♥ 765  ♦ AKQ  ♣ AKQ",
        "West:  ♠ 2  ♥ 432  ♦ JT98  ♣ JT987",
    ]
    partial = pbn.loads(PBN_BOARD.replace("T987.AKQJ.432.65 6543.765.AKQ.AKQ 2.432.JT98.JT987", "- - -")
                        )[0].deal
    assert partial is not None and str(partial).splitlines()[1] == "East:  not given"


def test_a_void_prints_as_a_dash() -> None:
    from auction_fsm.deal import parse_pbn_deal

    deal = parse_pbn_deal("N:AKQJT98765432... - - -")
    assert str(deal).splitlines()[0] == "North: ♠ AKQJT98765432  ♥ -  ♦ -  ♣ -"


def test_a_pending_decision_prints_who_decides_under_which_law_between_what() -> None:
    sim = Simulator("N")
    sim.call("N", "1H")
    sim.call("E", "1C")
    pending = sim.state.pending
    assert pending is not None
    assert str(pending.decision) == "South to decide under Law 27A1 (insufficient bid): accept or director"
    assert str(pending).endswith("; the offender is East")
    sim.apply(DirectorCalled())
    decision = sim.state.pending.decision if sim.state.pending is not None else None
    assert decision is not None and str(decision).startswith("South to decide under Law 27A1")
    assert str(Decision("insufficient_bid.awaiting_judgement", "27B1b", "director",
                        ("comparable", "not_comparable"))) == (
        "The director to decide under Law 27B1b (insufficient bid): comparable or not_comparable")
