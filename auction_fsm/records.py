"""Immutable records the auction keeps: calls with their status, obligations, the contract."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .calls import Call, Strain
from .seats import Seat

__all__ = [
    "CallStatus",
    "ObligationKind",
    "CallRecord",
    "Obligation",
    "Ruling",
    "Decision",
    "Contract",
]

CallStatus = Literal["stands", "cancelled", "withdrawn"]
ObligationKind = Literal["pass_next_turn", "pass_rest_of_auction", "repeat_call"]


@dataclass(frozen=True, slots=True)
class CallRecord:
    """One call as it was made.  Nothing is ever deleted: a cancelled call changes status."""

    seat: Seat
    call: Call
    in_turn_of: Seat
    status: CallStatus = "stands"
    irregularity: str | None = None
    law: str | None = None

    @property
    def stands(self) -> bool:
        """True when the call is part of the legal auction."""
        return self.status == "stands"


@dataclass(frozen=True, slots=True)
class Obligation:
    """A restriction a seat carries: pass at its next turn, pass to the end, or repeat a call."""

    kind: ObligationKind
    law: str
    call: Call | None = None  # the call to repeat, for ``repeat_call``


@dataclass(frozen=True, slots=True)
class Ruling:
    """A director's ruling in our own words, with the law paragraph it applies."""

    law: str
    summary: str


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the Laws leave to a player or to the director, waiting for an input event."""

    kind: str
    law: str
    decider: str  # a seat name, or "director"
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract (22A), doubled or redoubled as the auction left it (19D)."""

    level: int
    strain: Strain
    doubled: int  # 0 undoubled, 1 doubled, 2 redoubled
    declarer: Seat

    @property
    def text(self) -> str:
        """``4H``, ``3NTX``, ``6SXX``."""
        return f"{self.level}{self.strain.name}{'X' * self.doubled}"

    @property
    def dummy(self) -> Seat:
        """Declarer's partner."""
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        """Declarer's left-hand opponent."""
        return self.declarer.lho

    def __str__(self) -> str:
        return f"{self.text} by {self.declarer.name}"
