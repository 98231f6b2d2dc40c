"""The auction period of duplicate bridge (2017 Laws) as verified finite-state machines.

    from auction_fsm import AuctionState, Simulator, CallEvent, DirectorCalled

    state = AuctionState.start("N").calls("1NT P 3NT P P P")   # legal calls only
    state.contract, state.opening_leader                        # 3NT by N, Seat.E
    '2C' in AuctionState.start("N").calls("1NT").legal_calls()  # True

    sim = Simulator("N")                       # irregularities ruled by the law book
    sim.call("N", "1H"); sim.call("E", "1C")   # an insufficient bid (27)
    print(sim.state.pending.decision)          # who decides now, between what

The names below are importable from the package itself; each is loaded on first use, so
``import auction_fsm`` stays quick and ``help(auction_fsm)`` short (``help(auction_fsm.X)``
documents one).  Calls, seats, cards: Call, Strain, Seat, Card, parse_call, parse_seat,
parse_card, PASS, DOUBLE, REDOUBLE, BIDS, ALL_CALLS.  The auction: AuctionState, CallRecord,
Contract, Decision, Obligation, Ruling, Simulator, consequences.  Events: CallEvent,
DirectorCalled, Judgement, Choice, ExposeCards, ChangeCall, ReviewRequest, ExplanationRequest,
Lead, FaceLead, HandsReturned, Attention, Event.  Files: Board, Deal, Scenario, load_scenario,
loads_scenario, check_board, BoardReport, and the modules pbn and lin.  Errors: AuctionFsmError
and its kinds.  The command line is ``auction-fsm --help``; README.md tells the rest.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# Each public name and the module that defines it (loaded by __getattr__ when first asked for).
_WHERE = {
    **dict.fromkeys(("Call", "Strain", "PASS", "DOUBLE", "REDOUBLE", "BIDS", "ALL_CALLS", "CallList",
                     "parse_call"), "auction_fsm.calls"),
    **dict.fromkeys(("Card", "Suit", "parse_card"), "auction_fsm.cards"),
    **dict.fromkeys(("Seat", "parse_seat"), "auction_fsm.seats"),
    "AuctionState": "auction_fsm.auction",
    **dict.fromkeys(("CallRecord", "Contract", "Decision", "Obligation", "Ruling"), "auction_fsm.records"),
    "Simulator": "auction_fsm.simulator",
    "consequences": "auction_fsm.consequences",
    **dict.fromkeys(("CallEvent", "DirectorCalled", "Judgement", "Choice", "ExposeCards", "ChangeCall",
                     "ReviewRequest", "ExplanationRequest", "Lead", "FaceLead", "HandsReturned",
                     "Attention", "Event"), "auction_fsm.events"),
    "Board": "auction_fsm.boards",
    "Deal": "auction_fsm.deal",
    **dict.fromkeys(("Scenario", "load_scenario", "loads_scenario"), "auction_fsm.scenario"),
    **dict.fromkeys(("check_board", "BoardReport"), "auction_fsm.board_check"),
    **dict.fromkeys(("AuctionFsmError", "AuctionOverError", "CallSyntaxError", "CardSyntaxError",
                     "DecisionError", "IllegalCallError", "MachineDisagreementError", "ScenarioError",
                     "SchemaVersionError", "SeatSyntaxError", "TableDefinitionError"), "auction_fsm.errors"),
}

__all__ = [
    "Call", "Strain", "PASS", "DOUBLE", "REDOUBLE", "BIDS", "ALL_CALLS", "CallList", "parse_call",
    "Card", "Suit", "parse_card", "Seat", "parse_seat",
    "AuctionState", "CallRecord", "Contract", "Decision", "Obligation", "Ruling", "Simulator", "consequences",
    "CallEvent", "DirectorCalled", "Judgement", "Choice", "ExposeCards", "ChangeCall", "ReviewRequest",
    "ExplanationRequest", "Lead", "FaceLead", "HandsReturned", "Attention", "Event",
    "Board", "Deal", "Scenario", "load_scenario", "loads_scenario", "check_board", "BoardReport",
    "AuctionFsmError", "AuctionOverError", "CallSyntaxError", "CardSyntaxError", "DecisionError",
    "IllegalCallError", "MachineDisagreementError", "ScenarioError", "SchemaVersionError",
    "SeatSyntaxError", "TableDefinitionError", "__version__",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module when first asked for (see the module's help)."""
    # Not stored in the package, and no __dir__ lists them: pydoc documents every class a
    # package holds or lists, which made help(auction_fsm) 2,601 lines of re-exported classes.
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'auction_fsm' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


class _Package(types.ModuleType):
    """The package's own module type: ``auction_fsm.consequences`` stays the function.

    Importing a submodule makes it an attribute of its package, and the module
    ``consequences`` shares its name with the function it defines: once anything had imported
    the module (the narration does), ``from auction_fsm import consequences`` would give the
    module instead of the function.  Such a module is not stored; ``sys.modules`` and ``from
    auction_fsm.consequences import ...`` still reach it."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "consequences" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


if TYPE_CHECKING:  # what type checkers and editors see: the same names, imported directly
    from .auction import AuctionState
    from .board_check import BoardReport, check_board
    from .boards import Board
    from .calls import ALL_CALLS, BIDS, DOUBLE, PASS, REDOUBLE, Call, CallList, Strain, parse_call
    from .cards import Card, Suit, parse_card
    from .consequences import consequences
    from .deal import Deal
    from .errors import (
        AuctionFsmError,
        AuctionOverError,
        CallSyntaxError,
        CardSyntaxError,
        DecisionError,
        IllegalCallError,
        MachineDisagreementError,
        ScenarioError,
        SchemaVersionError,
        SeatSyntaxError,
        TableDefinitionError,
    )
    from .events import (
        Attention,
        CallEvent,
        ChangeCall,
        Choice,
        DirectorCalled,
        Event,
        ExplanationRequest,
        ExposeCards,
        FaceLead,
        HandsReturned,
        Judgement,
        Lead,
        ReviewRequest,
    )
    from .records import CallRecord, Contract, Decision, Obligation, Ruling
    from .scenario import Scenario, load_scenario, loads_scenario
    from .seats import Seat, parse_seat
    from .simulator import Simulator
