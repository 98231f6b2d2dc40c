"""Exception types.

Every problem the library reports is an :class:`AuctionFsmError`; the subclass says what kind
of problem it is, and the message quotes the offending token and where it was found.  The
command-line front end prints these messages without a traceback.
"""

from __future__ import annotations

import re

__all__ = [
    "AuctionFsmError",
    "CallSyntaxError",
    "CardSyntaxError",
    "SeatSyntaxError",
    "IllegalCallError",
    "AuctionOverError",
    "IllegalLeadError",
    "DecisionError",
    "RepeatedCallError",
    "ScenarioError",
    "SchemaVersionError",
    "InternalError",
    "LawBookError",
    "TableDefinitionError",
    "MachineDisagreementError",
    "UsageError",
    "UnknownLawBookError",
    "BoardFileError",
    "PbnSyntaxError",
    "LinSyntaxError",
    "DealError",
    "ConversionError",
    "error_kind",
]


class AuctionFsmError(Exception):
    """Base class of every error this package raises on purpose."""


class CallSyntaxError(AuctionFsmError, ValueError):
    """A token could not be read as a call (``1C``, ``P``, ``X`` ...)."""


class CardSyntaxError(AuctionFsmError, ValueError):
    """A token could not be read as a card (``SA``, ``H7`` ...)."""


class SeatSyntaxError(AuctionFsmError, ValueError):
    """A token could not be read as a seat (``N``, ``E``, ``S``, ``W``)."""


class IllegalCallError(AuctionFsmError, ValueError):
    """A call that the Laws do not allow here; ``law`` names the paragraph (e.g. ``18D/27``)."""

    def __init__(self, message: str, law: str) -> None:
        super().__init__(message)
        self.law = law


class AuctionOverError(IllegalCallError):
    """A call after the auction has ended (Law 39 once irregularities are modelled)."""


class IllegalLeadError(AuctionFsmError, ValueError):
    """An opening lead that breaks a restriction in force; ``law`` names it (e.g. ``50D``)."""

    def __init__(self, message: str, law: str) -> None:
        super().__init__(message)
        self.law = law


class DecisionError(AuctionFsmError, ValueError):
    """A decision or judgement that does not fit what is pending."""


class RepeatedCallError(DecisionError):
    """A seat named again the call it has just made (a line sent twice, a call "changed" to
    itself): neither a new call nor a change of call, so the law book rules nothing and nothing
    is recorded (Law 25 replaces a call by a different one).  The message says so in words."""


class ScenarioError(AuctionFsmError, ValueError):
    """A scenario file is malformed, truncated or holds an event that cannot be read."""


class SchemaVersionError(ScenarioError):
    """A scenario file declares a format version this release cannot read."""


class InternalError(AuctionFsmError):
    """A fault of this package found by one of its own checks: a bug, never the user's input.

    The command line reports it as an internal error (exit status 70), not as bad input.
    """


class LawBookError(InternalError):
    """A law book is inconsistent: found when it is built (an unknown state, a missing guard) or
    when two of its rows hold at once for one input."""


#: The name this error had when the rules lived in a transition table (kept for callers).
TableDefinitionError = LawBookError


class MachineDisagreementError(InternalError, AssertionError):
    """The ``transitions`` machines and the engine disagree: a bug in this package."""


class UsageError(AuctionFsmError, ValueError):
    """A command-line option whose value the command cannot use (found only once the command
    runs, e.g. a picture name ``draw --only`` does not know); the message lists what is valid."""


class UnknownLawBookError(UsageError):
    """A law book was asked for by a name no book has."""


class BoardFileError(ScenarioError):
    """A board of a PBN or LIN file cannot be read; the message starts with the file, the game
    or board, the line and the column, and quotes the bad token.  Only that board is lost: the
    readers keep going with the next one."""


class PbnSyntaxError(BoardFileError):
    """Text in a PBN file that the PBN standard (2.1) does not allow and we cannot read."""


class LinSyntaxError(BoardFileError):
    """Text in a LIN file (BridgeBase's format) that cannot be read."""


class DealError(BoardFileError):
    """A deal that cannot be a deal: a card given twice, a bad rank, hands of unequal length."""


class ConversionError(ScenarioError):
    """The target format of a conversion cannot hold what the source says (say, a call out of
    rotation in LIN, whose calls carry no seat)."""


# Readable names for the kinds of error; any other class is named from its own name.
_KINDS: dict[type[BaseException], str] = {
    AuctionOverError: "call after the auction ended",
    IllegalCallError: "illegal call",
    CallSyntaxError: "call syntax error",
    SeatSyntaxError: "seat syntax error",
    CardSyntaxError: "card syntax error",
    SchemaVersionError: "unsupported scenario version",
    ScenarioError: "scenario error",
    DecisionError: "decision error",
    RepeatedCallError: "the same call again",
    UsageError: "usage error",
    IllegalLeadError: "illegal lead",
    LawBookError: "law book fault",
    MachineDisagreementError: "machines and engine disagree",
}


def error_kind(err: BaseException) -> str:
    """A few words saying what kind of problem ``err`` is.

    >>> error_kind(CallSyntaxError("x")), error_kind(OSError("x"))
    ('call syntax error', 'cannot read file')
    >>> error_kind(AuctionOverError("E leads S5: ...", law="17D1"))
    'play is outside the model'
    """
    if isinstance(err, AuctionOverError) and err.law == "17D1":
        return "play is outside the model"  # an event after the faced opening lead
    kind = _KINDS.get(type(err))
    if kind is not None:
        return kind
    if isinstance(err, OSError):
        return "cannot read file"
    words = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+", type(err).__name__)
    return " ".join(w.lower() for w in words) or "error"
