"""Immutable records the auction keeps: calls with their status, obligations, the contract."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .calls import Call, Strain
from .cards import Card, Suit
from .seats import Seat
from .standing import StandingFacts
from .values import pickled_by_fields

__all__ = [
    "LeadRecord",
    "LeadRule",
    "PenaltyCard",
    "Pending",
    "Undo",
    "Watch",
    "Branch",
    "LeadRestriction",
    "ExposedCard",
    "CallStatus",
    "ObligationKind",
    "CallRecord",
    "Obligation",
    "Ruling",
    "Decision",
    "Contract",
]

CallStatus = Literal["stands", "cancelled", "withdrawn", "pending"]
ObligationKind = Literal["pass_next_turn", "pass_rest_of_auction", "repeat_call", "no_double_next_turn"]


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class CallRecord:
    """One call as it was made.  Nothing is ever deleted: a cancelled call changes status."""

    seat: Seat
    call: Call
    in_turn_of: Seat
    status: CallStatus = "stands"
    irregularity: str | None = None
    law: str | None = None
    #: The denominations the call specified as explained at the table (``None``: not
    #: explained, taken as natural); see :class:`auction_fsm.events.CallEvent`.
    specifies: tuple[Strain, ...] | None = None

    @property
    def stands(self) -> bool:
        """True when the call is part of the legal auction."""
        return self.status == "stands"


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Obligation:
    """A restriction a seat carries: pass at its next turn, pass to the end, repeat a call, or
    neither double nor redouble at its next turn (``no_double_next_turn``: a law book that has
    such a rule imposes it; the 2017 book never does)."""

    kind: ObligationKind
    law: str
    call: Call | None = None  # the call to repeat, for ``repeat_call``
    #: The branch of a waiting rectification that imposed it (31A1, 32A1; 32B1, 32B2 of 1997),
    #: or ``None``: what to take back if the call that branch was taken on is replaced.
    branch: Branch | None = None


@dataclass(frozen=True, slots=True)
class Ruling:
    """A director's ruling in our own words, with the law paragraph it applies."""

    law: str
    summary: str


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the Laws leave to a player or to the director, waiting for an input event.

    ``str()`` gives it in one line for a programmer, with the option words a
    :class:`~auction_fsm.events.Choice` or :class:`~auction_fsm.events.Judgement` takes; the
    narration (``auction_fsm.narrate.decision_in_words``) tells it to people in the law book's
    words.

    >>> print(Decision("insufficient_bid.awaiting_decision", "27A1", "S", ("accept", "director")))
    South to decide under Law 27A1 (insufficient bid): accept or director
    """

    kind: str
    law: str
    decider: str  # a seat name, or "director"
    options: tuple[str, ...]

    def __str__(self) -> str:
        who = Seat[self.decider].long_name if self.decider in Seat.__members__ else f"the {self.decider}"
        procedure = self.kind.split(".")[0].replace("_", " ")
        options = list(self.options)
        choose = ", ".join(options[:-1]) + " or " + options[-1] if len(options) > 1 else "".join(options)
        return f"{who[:1].upper()}{who[1:]} to decide under Law {self.law} ({procedure}): {choose or 'nothing offered'}"


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Undo:
    """What a waiting change of call (25A, 21B1) keeps, by value, to withdraw the call it would
    replace without looking in the record: the call made over it (``over``, LHO's, 25A6, 21B2;
    ``None`` if nobody has called over it), the legal auction as it stood before the call without
    its seats (``auction``, :func:`auction_fsm.rules.seatless`) with the side that had made the
    last bid then (``bidder``: North or East standing for the pair, as the position's key keeps
    it; ``None`` before any bid), what the standing calls had settled by then (``facts``), and
    the calls standing after the call made over it (``following``: calls out of rotation
    accepted, in order; usually none), which stand again, in order, once the two are withdrawn.
    Whose turn it was is the procedure's ``in_turn_of``."""

    over: Call | None
    auction: int
    bidder: Seat | None
    #: The standing calls' facts before the call (first namers, suits specified, unnoticed
    #: calls: :class:`~auction_fsm.standing.StandingFacts`).
    facts: StandingFacts
    following: tuple[CallRecord, ...] = ()


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Pending:
    """An irregularity procedure waiting for its next input.

    ``procedure`` and ``step`` name the nested state of the phase machine
    (``"insufficient_bid.awaiting_decision"``); ``decider`` is who must act (a seat letter or
    ``"director"``) and ``options`` what they may do, each option a short machine-readable word.
    ``back`` is where the offending call sits in the record counted back from its end (0: the
    last entry; for a lead out of turn, the lead counted back from the end of the leads; ``-1``:
    none): a place relative to the end, so that the same situation after a longer or shorter
    auction is the same procedure (issue 37).  A call added to the record while the procedure
    waits moves it on by one (:meth:`~auction_fsm.auction.AuctionState.add_call`), and
    :meth:`~auction_fsm.auction.AuctionState.index_of` turns it into an index of the record for
    a rule that changes that entry.  ``in_turn_of`` is the seat whose turn it was when it was
    made.  ``extra`` holds procedure-specific facts as sorted
    pairs.

    ``call`` and ``specifies`` are the offending call by value, as it was made: the call, and
    the denominations it was explained to show (:attr:`CallRecord.specifies`).  The rules read
    them here rather than looking the call up in the record by its place, so that what they
    read is a fact of the procedure, not of the history (issue 37).  ``None`` for the
    procedures about no call (a lead out of turn, declarer's options).

    ``undo``: for a change of call, what withdrawing the call it would replace needs (:class:`Undo`);
    ``None`` for every other procedure.
    """

    procedure: str
    step: str
    law: str
    decider: str
    options: tuple[str, ...]
    offender: Seat
    back: int
    in_turn_of: Seat
    extra: tuple[tuple[str, str], ...] = ()
    call: Call | None = None
    specifies: tuple[Strain, ...] | None = None
    undo: Undo | None = None

    @property
    def state_name(self) -> str:
        """The nested phase-machine state: ``procedure.step``."""
        return f"{self.procedure}.{self.step}"

    @property
    def made(self) -> Call:
        """The call the procedure is about (:attr:`call`), for a procedure that has one."""
        if self.call is None:
            raise ValueError(f"the procedure {self.state_name} is about no call")
        return self.call

    def get(self, name: str, default: str = "") -> str:
        """A procedure-specific fact from ``extra``."""
        for key, value in reversed(self.extra):  # the last pair wins, as in a dict; a scan of
            # a few pairs beats building the dict
            if key == name:
                return value
        return default

    @property
    def decision(self) -> Decision:
        """The public view: what kind of decision, under which law, by whom, between what."""
        return Decision(self.state_name, self.law, self.decider, self.options)

    def __str__(self) -> str:
        """The decision (see :class:`Decision`) and whose irregularity it is about."""
        return f"{self.decision}; the offender is {self.offender.long_name}"


@dataclass(frozen=True, slots=True)
class Watch:
    """A rectification that waits for a later call.

    ``after_rho_call``: once the offender's RHO has called in rotation, a pass obliges the
    offender to repeat ``call`` (31A1, 32A1) and anything else frees the offender to call, judged
    for comparability (31A2, 32A2).  ``judge_replacement``: the offender's next call in rotation
    is judged comparable or not (23A; 30B1b, 31A2, 31B2, 32A2, 32B2).
    """

    kind: Literal["after_rho_call", "judge_replacement"]
    offender: Seat
    call: Call
    law: str
    #: For a ``judge_replacement`` watch set by the branch an ``after_rho_call`` watch took
    #: (31A2, 32A2; 31A2 of 1997): that branch; ``None`` otherwise.
    branch: Branch | None = None
    #: The denominations the cancelled call specified, by value -- its own for a natural bid,
    #: those it was explained or judged to show when artificial (29C) -- where a rule asks whether
    #: the offender's later call repeats them (31A2 of 1997); ``None`` where none does.
    shows: tuple[Strain, ...] | None = None


@dataclass(frozen=True, slots=True)
class Branch:
    """Which way a rectification waiting for the offender's RHO's call went, kept on each fact
    that way set up (the owed repeat, the watch on the offender's next call, partner's silence
    and the 26B right of 32B2 of 1997).

    ``rho_call`` is the call of the offender's RHO the branch was taken on, by value;
    ``auction`` the legal auction as that call left it, without its seats (the last bid, whether
    doubled, the passes since: :func:`auction_fsm.rules.seatless`), which tells that call from
    a later one of RHO's with the same value; ``waiting`` the rectification the branch came
    from, as it waited (an ``after_rho_call`` :class:`Watch`).  If that call of RHO is withdrawn
    and replaced before anyone has called over it (25A1, 21B1, 25B1), the facts carrying this
    branch are taken back and ``waiting`` waits again, so that the call put in its place
    decides.  All are values, not places in the record, so the same situation reached another
    way is the same facts.
    """

    rho_call: Call
    auction: int
    waiting: Watch

    @property
    def offender(self) -> Seat:
        """The offender of the rectification the branch came from."""
        return self.waiting.offender


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """A 26B right: if the offender defends, declarer may bar one suit at partner's first lead.

    The suits declarer may choose from are those the offender did not specify in the legal
    auction; they are computed from the final auction (see ``AuctionState.lead_restrictions``).
    """

    offender: Seat
    law: str
    withdrawn: Call
    #: The branch of a waiting rectification that gave the right (32B2 of 1997), or ``None``.
    branch: Branch | None = None

    @property
    def leader(self) -> Seat:
        """The player whose lead the right binds: the offender's partner."""
        return self.offender.partner


@dataclass(frozen=True, slots=True)
class ExposedCard:
    """A card of ``seat`` exposed during the auction (24), kept face up until the auction ends."""

    seat: Seat
    card: Card
    led: bool
    law: str


@dataclass(frozen=True, slots=True)
class LeadRecord:
    """A card led after the auction: by whom, face down or faced, and what became of it."""

    seat: Seat
    card: Card
    faced: bool
    status: CallStatus = "stands"
    law: str | None = None


@dataclass(frozen=True, slots=True)
class LeadRule:
    """A restriction on the opening lead chosen by declarer.

    ``require`` or ``prohibit`` a suit (50D2a, 26B) binds ``leader`` for as long as they keep
    the lead.  ``designate`` (51A) names ``card``, one of the leader's own major penalty cards,
    as the card the opening lead must be when two or more of them could be led; ``suit`` is
    then that card's suit.  The designation binds the opening lead only.
    """

    kind: Literal["require", "prohibit", "designate"]
    suit: Suit
    leader: Seat
    law: str
    #: The designated card (``designate`` only; ``None`` for a suit rule).
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """A defender's card left face up on the table (50): ``major`` or minor, with the law."""

    seat: Seat
    card: Card
    major: bool
    law: str


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
