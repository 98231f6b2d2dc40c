"""auction-fsm: the bridge auction period under the 2017 Laws as verified state machines.

The pure core (:mod:`~auction_fsm.calls`, :mod:`~auction_fsm.rules`,
:mod:`~auction_fsm.auction`) uses the standard library only; the ``transitions`` machines
(:mod:`~auction_fsm.machines`) are built from one declarative table (:mod:`~auction_fsm.table`)
and checked against the core by the :class:`~auction_fsm.simulator.Simulator`.
"""

from __future__ import annotations

from .auction import AuctionState
from .calls import ALL_CALLS, BIDS, DOUBLE, PASS, REDOUBLE, Call, Strain, parse_call
from .cards import Card, Suit, parse_card
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
from .records import CallRecord, Contract, Decision, Obligation, Ruling
from .seats import Seat, parse_seat

__version__ = "0.1.0"

__all__ = [
    "AuctionState", "Call", "Strain", "PASS", "DOUBLE", "REDOUBLE", "BIDS", "ALL_CALLS",
    "parse_call", "Card", "Suit", "parse_card", "Seat", "parse_seat",
    "CallRecord", "Contract", "Decision", "Obligation", "Ruling",
    "AuctionFsmError", "AuctionOverError", "CallSyntaxError", "CardSyntaxError", "DecisionError",
    "IllegalCallError", "MachineDisagreementError", "ScenarioError", "SchemaVersionError",
    "SeatSyntaxError", "TableDefinitionError", "__version__",
]
