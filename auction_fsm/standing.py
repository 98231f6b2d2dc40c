"""What the standing calls have settled that the Laws read later, kept as named facts.

Besides the legal auction's key (:mod:`auction_fsm.rules`), three things the calls of the legal
auction establish are read long after the call that settled them:

* who was the first of each side to name each strain -- the declarer of a contract in that
  strain (the Definitions; 41A makes his LHO the opening leader);
* which suits each player specified -- what declarer may not bar under 26B;
* the inadmissible doubles and redoubles standing unnoticed (36C), and the doubling the
  contract is scored at without them once the opening lead is faced.

A position keeps them in :class:`StandingFacts`, moved on call by call as the legal auction's key
is, so a rule asking for declarer or for the suits a player specified reads these facts instead of
the record of every call (issue 37: the history is a log beside the facts).  When a call's status
changes somewhere in the middle of the record, the position works them out from its standing calls
again (:meth:`StandingFacts.of`), as it does the key.  Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from .calls import Call, Strain
from .seats import Seat
from .values import pickled_by_fields

__all__ = ["StandingFacts", "NO_STANDING_FACTS", "UNNOTICED_LAWS"]

#: The laws marking an inadmissible double or redouble that stands because nobody has drawn
#: attention to it: "36C", nobody will until after the opening lead is faced; "9A, 36", nobody
#: has yet (the next call of the director draws attention to it).  Either is scored as if not
#: made once the lead is faced (36C).
UNNOTICED_LAWS: tuple[str, ...] = ("36C", "9A, 36")

_SUITS = frozenset(int(s) for s in Strain if s.is_suit)


class CallRecord(Protocol):
    """What these facts read of an entry of the record (:class:`auction_fsm.records.CallRecord`,
    which this module does not import: the records build on it)."""

    @property
    def seat(self) -> Seat: ...
    @property
    def call(self) -> Call: ...
    @property
    def status(self) -> str: ...
    @property
    def law(self) -> str | None: ...
    @property
    def specifies(self) -> tuple[Strain, ...] | None: ...


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class StandingFacts:
    """The facts of the standing calls read after they were made (module docstring).

    ``namers[s]`` and ``specified[s]`` are bit sets over strain numbers (``1 << int(strain)``)
    for seat ``s`` (N, E, S, W): the strains ``s`` was the first of its side to name, and the
    suits its standing calls specified.  ``unnoticed`` holds each standing call left unnoticed
    (seat and call, in the order made); ``doubling`` is the contract's doubling (0, 1 or 2) with
    those calls left out.
    """

    namers: tuple[int, int, int, int] = (0, 0, 0, 0)
    specified: tuple[int, int, int, int] = (0, 0, 0, 0)
    unnoticed: tuple[tuple[Seat, Call], ...] = ()
    doubling: int = 0

    @classmethod
    def of(cls, records: Iterable[CallRecord]) -> StandingFacts:
        """The facts of a record: its standing calls taken in order."""
        facts = NO_STANDING_FACTS
        for r in records:
            if r.status == "stands":
                facts = facts.after(r)
        return facts

    def after(self, r: CallRecord) -> StandingFacts:
        """These facts with the standing call ``r`` added at the end of the legal auction."""
        call, seat = r.call, int(r.seat)
        namers, specified, doubling = self.namers, self.specified, self.doubling
        if call.is_bid:
            doubling = 0
            bit = 1 << int(call.strain)  # type: ignore[arg-type]  # a bid names its strain
            if not (namers[seat] | namers[seat ^ 2]) & bit:
                namers = _with(namers, seat, namers[seat] | bit)
        unnoticed = self.unnoticed
        if r.law in UNNOTICED_LAWS:
            unnoticed = (*unnoticed, (r.seat, call))
        elif call.is_double:
            doubling = 1
        elif call.is_redouble:
            doubling = 2
        shown = _suit_bits(r)
        if shown & ~specified[seat]:
            specified = _with(specified, seat, specified[seat] | shown)
        if (namers is self.namers and specified is self.specified and unnoticed is self.unnoticed
                and doubling == self.doubling):
            return self
        return StandingFacts(namers, specified, unnoticed, doubling)

    def first_namer(self, side_of: int, strain: Strain) -> Seat | None:
        """The player of ``side_of``'s side (a seat number) who first named ``strain``, if any."""
        bit = 1 << int(strain)
        for seat in (side_of % 2, side_of % 2 + 2):
            if self.namers[seat] & bit:
                return Seat(seat)
        return None

    def suits_specified_by(self, seat: Seat) -> frozenset[Strain]:
        """The suits ``seat`` specified in its standing calls (26B)."""
        bits = self.specified[int(seat)]
        return frozenset(s for s in Strain if bits >> int(s) & 1)

    def turned(self, k: int) -> StandingFacts:
        """These facts with every seat moved ``k`` places clockwise (:mod:`auction_fsm.symmetry`)."""
        def moved(t: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
            return (t[-k % 4], t[(1 - k) % 4], t[(2 - k) % 4], t[(3 - k) % 4])
        return StandingFacts(moved(self.namers), moved(self.specified),
                             tuple((Seat((s + k) % 4), c) for s, c in self.unnoticed), self.doubling)


def _with(t: tuple[int, int, int, int], i: int, v: int) -> tuple[int, int, int, int]:
    out = list(t)
    out[i] = v
    return (out[0], out[1], out[2], out[3])


def _suit_bits(r: CallRecord) -> int:
    """The suits a call specified: what it was explained to show, else the suit it names."""
    if r.specifies is not None:
        return sum(1 << int(d) for d in set(r.specifies) if int(d) in _SUITS)
    call = r.call
    if call.is_bid and call.strain is not None and int(call.strain) in _SUITS:
        return 1 << int(call.strain)
    return 0


#: The facts of a record with no standing call.
NO_STANDING_FACTS = StandingFacts()
