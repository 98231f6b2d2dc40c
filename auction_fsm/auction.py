"""The pure core: an immutable auction state (standard library only).

:class:`AuctionState` is a value: every call returns a new state and the old one is unchanged,
so a caller can keep any position, compare positions, or branch from one.  The rules of the
legal auction live in :mod:`auction_fsm.rules`; this module adds the record of who called what,
the obligations each seat carries, and the contract with declarer, dummy and opening leader.

>>> s = AuctionState.start(Seat.N)
>>> for c in "1H P 4H P P P".split():
...     s = s.call(s.turn, c)
>>> str(s.contract), s.dummy, s.opening_leader
('4H by N', Seat.S, Seat.E)
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, Protocol, get_args

from . import rules
from .calls import ALL_CALLS, Call, CallList, Strain, parse_call
from .cards import Card
from .errors import AuctionOverError, IllegalCallError, UnknownLawBookError
from .pvector import THRESHOLD, PVector, appended, replaced
from .records import (
    CallRecord,
    CallStatus,
    Contract,
    ExposedCard,
    LeadRecord,
    LeadRestriction,
    LeadRule,
    Obligation,
    PenaltyCard,
    Pending,
    Ruling,
    Watch,
)
from .seats import Seat, parse_seat
from .standing import NO_STANDING_FACTS, UNNOTICED_LAWS, StandingFacts
from .values import evolve, pickled_by_fields
from .vulnerability import VULNERABILITIES, parse_vulnerability

__all__ = ["AuctionState", "UNNOTICED_LAWS", "Phase", "RestrictionStatus", "RESTRICTION_STATUSES", "VULNERABILITIES"]

Phase = str  # "awaiting_first_call", "auction", "clarification", "passed_out" or "procedure.step"

RestrictionStatus = Literal["may_apply", "lapsed", "applies_in_play", "to_choose", "used", "declined"]
#: Where a 26B right may stand (see :meth:`AuctionState.restriction_status`).
RESTRICTION_STATUSES: tuple[RestrictionStatus, ...] = get_args(RestrictionStatus)

#: A legal graph's key masked to the last bidder's side, as a position keeps it
#: (:func:`auction_fsm.rules.bidder_side_only`, the module docstring of :mod:`auction_fsm.rules`).
_SIDE_ONLY = ~(2 << 8)
_NO_OBLIGATIONS: tuple[tuple[Obligation, ...], ...] = ((), (), (), ())
_SEATS = tuple(Seat)

# The legal-auction key after each prefix of a record, for the records seen last: keys[j] is the
# key of the calls that stand among record[:j], so ``len(record) + 1`` keys.  With it a change of
# status near the end of a long record costs the calls after it, not the whole record again
# (F16: an 8,000-call irregular auction took 15 s).  Keyed by the record's id and the dealer; the
# record itself is held, so an id is never reused while its entry lives.  A miss costs one full
# computation.  Record and keys are tuples while short and persistent vectors when long
# (:mod:`auction_fsm.pvector`), so that each new record or key sequence shares the old one's.
Record = Sequence[CallRecord]
_PREFIX_KEYS: dict[tuple[int, int], tuple[Record, Sequence[int]]] = {}
_PREFIX_KEYS_MAX = 64


def _bounded_put(memo: dict[tuple[int, int], Any], key: tuple[int, int], value: Any) -> None:
    """``memo[key] = value``, first dropping the oldest entry once ``memo`` holds
    ``_PREFIX_KEYS_MAX`` (two threads may both take it: a Dask worker runs tasks in threads)."""
    if len(memo) >= _PREFIX_KEYS_MAX:
        with contextlib.suppress(KeyError, RuntimeError, StopIteration):
            del memo[next(iter(memo))]
    memo[key] = value


#: Each seat's last standing call (:attr:`AuctionState.last_calls`) of the records seen last, by
#: the record's identity and the dealer: every candidate event at a position asks it of the same
#: record, and it costs a pass over the record (the standing calls' facts before each call).
_LAST_CALLS: dict[tuple[int, int], tuple[Record, Any]] = {}


def _remember(dealer: int, record: Record, keys: Sequence[int]) -> None:
    _bounded_put(_PREFIX_KEYS, (id(record), dealer), (record, keys))


def _refresh(memo: dict[tuple[int, int], Any], key: tuple[int, int], value: Any) -> None:
    """Move a hit to the young end of ``memo``, so that the oldest entry dropped is the one
    least recently used, not the first put: the position a decision waits at is asked for again
    after each of the ~40 trial calls that say where its options lead (10C1), each of which puts
    entries of its own; first-in-first-out dropped it part-way, and a miss costs the whole
    record (T01: ``teach`` grew quadratically in the auction's length)."""
    with contextlib.suppress(KeyError):
        del memo[key]
    memo[key] = value


def _contract(key: int, facts: StandingFacts) -> Contract | None:
    """The contract the legal auction at ``key`` ends in, declarer the first of the last bidder's
    side to name its strain (``facts``); ``None`` before the end and for a passed-out board.
    (Before any 36C adjustment, which reads the leads: :attr:`AuctionState.contract`.)"""
    if not rules.is_final(key) or rules.is_passed_out(key):
        return None
    _, last_bid, bidder, doubled, _ = rules.unpack(key)
    final = ALL_CALLS[last_bid]
    assert final.strain is not None
    declarer = facts.first_namer(bidder, final.strain)
    assert declarer is not None, "the final bid names its own strain"
    return Contract(final.level, final.strain, doubled, declarer)


#: The names of the facts a waiting procedure keeps that are places in the record counted back
#: from its end (``Pending.extra``): the law book declares them (``procedure_fact(..., "place")``)
#: and registers them here (:func:`use_place_facts`), since this module cannot import the book.
_PLACES: list[frozenset[str]] = [frozenset()]


def use_place_facts(names: frozenset[str]) -> None:
    """Tell the position which procedure facts are places (called once by the law book)."""
    _PLACES[0] = names


class LastCall(NamedTuple):
    """A seat's last call that stands, as a change of call finds it
    (:attr:`AuctionState.last_calls`): the call, what it was explained to show, whose turn it was
    made at, whether the auction has since gone past partner's turn (25A4, 21B1a), its place
    counted back from the end of the record, the place of the first standing call after it
    (``-1``: none) and that call (``None``: none), and the legal auction's key and the standing
    calls' facts as they stood before the call (what withdrawing it goes back to, 25A1).  While
    partner's turn has not gone, also the standing calls after that first one, by value, in
    order (``following``: calls out of rotation accepted, which withdrawing the two leaves
    standing; empty otherwise); once it has gone, whether partner has called since
    (``partner_called``; else a call out of rotation took partner's turn), which says why a
    change is too late.  A call that partner's turn has gone past can no longer be withdrawn by a
    change, so it keeps only what a change made too late reads (its call, explanation, turn,
    place and ``partner_called``): no call over it (``over`` -1, ``over_call`` ``None``), no
    auction before it (``key_before`` -1), no facts before it."""

    call: Call
    specifies: tuple[Strain, ...] | None
    in_turn_of: Seat
    gone: bool
    back: int
    over: int
    over_call: Call | None
    key_before: int
    facts_before: StandingFacts
    following: tuple[CallRecord, ...] = ()
    partner_called: bool = False

    def auction_before(self) -> tuple[int, Seat | None, StandingFacts]:
        """What withdrawing this call goes back to: the legal auction before it without its seats
        (:func:`~auction_fsm.rules.seatless`), the side that had bid last then (North or East
        standing for the pair; ``None`` before any bid) and the standing calls' facts then -- as a
        change of call keeps them (:class:`~auction_fsm.records.Undo`)."""
        return auction_before(self.key_before, self.facts_before)


def auction_before(key: int, facts: StandingFacts) -> tuple[int, Seat | None, StandingFacts]:
    """What withdrawing a call made at legal-auction key ``key`` with the standing calls' facts
    ``facts`` goes back to (:meth:`LastCall.auction_before`)."""
    _, bid, bidder, _, _ = rules.unpack(key)
    return rules.seatless(key), Seat(bidder) if bid != rules.NO_BID else None, facts


class CallJustMade(NamedTuple):
    """The last entry of the record while it stands or waits for a ruling
    (:attr:`AuctionState.call_just_made`): its seat, its call, and whether it stands -- all that
    a seat naming the same call again asks of it (25)."""

    seat: Seat
    call: Call
    stands: bool


class UnnoticedCall(NamedTuple):
    """An inadmissible call nobody has yet drawn attention to (law ``9A, 36``), as the director
    called later finds it (:attr:`AuctionState.unnoticed_call`): the entry as made, its place
    counted back from the end of the record (0: nobody has called since), and the legal auction's
    key and the standing calls' facts as they stood before it -- what cancelling it and every call
    after it (36A), or holding it again for a ruling (36B), goes back to."""

    entry: CallRecord
    back: int
    key_before: int
    facts_before: StandingFacts


def _with_facts_before(record: Record, found: list[LastCall | None]) -> tuple[LastCall | None, ...]:
    """``found`` with each call's ``facts_before``: the standing calls' facts before it, in one
    pass over the record up to the earliest of them."""
    wanted = {len(record) - 1 - c.back: s for s, c in enumerate(found) if c is not None and not c.gone}
    if not wanted:
        return tuple(found)
    facts = NO_STANDING_FACTS
    for i in range(max(wanted) + 1):
        seat = wanted.get(i)
        if seat is not None:
            found[seat] = found[seat]._replace(facts_before=facts)  # type: ignore[union-attr]
        r = record[i]
        if r.status == "stands":
            facts = facts.after(r)
    return tuple(found)


def _one_back(pending: Pending | None) -> Pending | None:
    """``pending`` once a call is added to the record: the call it is about, and every place it
    keeps among its facts, one place further back from the end (a procedure about a lead, or
    about nothing, is unchanged)."""
    if pending is None or pending.call is None:
        return pending
    places = _PLACES[0]
    extra = pending.extra
    if any(k in places and v for k, v in extra):
        extra = tuple((k, str(int(v) + 1) if k in places and v else v) for k, v in extra)
    return evolve(pending, back=pending.back + 1 if pending.back >= 0 else pending.back, extra=extra)


def _each_call(tokens: Iterable[object]) -> Iterator[object]:
    """The calls of :meth:`AuctionState.calls`' arguments, in order: a string split on spaces,
    a call as it is, a list or tuple (or other iterable) entry by entry."""
    for token in tokens:
        if isinstance(token, str):
            yield from token.split()
        elif isinstance(token, Call):
            yield token
        elif isinstance(token, Iterable):
            yield from _each_call(token)
        else:
            yield token  # no call: the caller refuses it, saying where


def _prefix_keys(dealer: int, record: Record) -> Sequence[int]:
    """The keys after each prefix of ``record`` (``len(record) + 1`` of them)."""
    hit = _PREFIX_KEYS.get((id(record), dealer))
    if hit is not None and hit[0] is record:
        _refresh(_PREFIX_KEYS, (id(record), dealer), hit)
        return hit[1]
    keys = [rules.initial_key(dealer)]
    force = rules.force
    key = keys[0]
    for r in record:
        if r.status == "stands":
            key = force(key, r.seat, r.call.code)
        keys.append(key)
    out = tuple(keys) if len(keys) < THRESHOLD else PVector.of(keys)
    _remember(dealer, record, out)
    return out


def _extend_keys(dealer: int, old: Record, new: Record, key: int) -> None:
    """``new`` is ``old`` with one call appended, the legal auction then at ``key``: if ``old``'s
    prefix keys are known, ``new``'s are too."""
    hit = _PREFIX_KEYS.get((id(old), dealer))
    if hit is not None and hit[0] is old:
        _remember(dealer, new, appended(hit[1], key))


#: The name of the default law book, which a position holds as ``book=None``.
DEFAULT_BOOK = "2017"

#: How a book's name becomes the book, with the default book: set by :mod:`auction_fsm.lawbook`
#: when it loads.  The book's rows read positions, so this module cannot import the book; the
#: book registers here instead (the dependency points one way, tests/test_layers.py).
_NAMING: list[tuple[Callable[[str], BookLike], BookLike]] = []


class BookLike(Protocol):
    """What the position knows of a law book (:class:`auction_fsm.lawbook.LawBook`): its name.
    The book's rows read positions, so the position names no class of the book's."""

    @property
    def name(self) -> str: ...


def use_book_names(named: Callable[[str], BookLike], default: BookLike) -> None:
    """Let :meth:`AuctionState.start` take a book by its name (called once by the law book)."""
    _NAMING[:] = [(named, default)]


def _book_by(law_book: BookLike | str | None) -> BookLike | None:
    """The book a position holds for ``law_book``: ``None`` for the default book, however named."""
    if isinstance(law_book, str):
        if not _NAMING:  # nothing has loaded the law book: only the default can be meant
            if law_book == DEFAULT_BOOK:
                return None
            raise UnknownLawBookError(f"no law book {law_book!r} is loaded (import auction_fsm.lawbook)")
        law_book = _NAMING[0][0](law_book)
    if law_book is None or (_NAMING and law_book is _NAMING[0][1]):
        return None
    return law_book


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class AuctionState:
    """Everything known about one auction: dealer, record, legal-auction key and obligations.

    Build with :meth:`start`, advance with :meth:`call`.  ``key`` is the compact key of the legal
    auction formed by the standing calls (see :mod:`auction_fsm.rules`).
    """

    dealer: Seat
    key: int
    #: The law book in force for this board: the engine rules every event at this position by
    #: it (``engine.step`` takes no other book), and a report or narration of the position
    #: cites it.  ``None`` is the default book (2017), which :func:`auction_fsm.lawbook.book_of`
    #: gives: a position holds it as ``None`` so that every position under it compares equal
    #: whether or not the book was named.  A book is compared by identity and pickled by its
    #: registered name (docs/law-book.md).
    book: BookLike | None = None
    record: Record = ()
    obligations: tuple[tuple[Obligation, ...], ...] = _NO_OBLIGATIONS
    pending: Pending | None = None
    watches: tuple[Watch, ...] = ()
    restrictions: tuple[LeadRestriction, ...] = ()
    exposed: tuple[ExposedCard, ...] = ()
    rulings: Sequence[Ruling] = field(default=())
    leads: tuple[LeadRecord, ...] = ()
    lead_rules: tuple[LeadRule, ...] = ()
    refused_leads: tuple[PenaltyCard, ...] = ()
    picked_up: frozenset[Card] = frozenset()
    swapped: bool = False
    options_key: int = -1
    lead_choices: tuple[str, ...] = ()
    incidents: int = 0  # irregularities so far (engine.irregularities; bounds the scopes)
    #: The seat (0-3) that committed the first irregularity counted, -1 before any: the Laws do
    #: not read it; a scope verified one offender at a time does (``Scope.offender_seat``).
    first_offender: int = -1
    #: The board's vulnerability: ``"None"``, ``"NS"``, ``"EW"`` or ``"All"`` (the scenario
    #: format's words).  The Laws of the auction period do not depend on it; it is carried so
    #: that a position knows its board (reports, files, teaching).
    vulnerability: str = "None"
    #: A passed-out board's hands are back in the board: the auction period is over (17D2).
    hands_returned: bool = False
    #: What the standing calls have settled that the Laws read later -- who first named each
    #: strain for each side (declarer), the suits each player specified (26B), the calls standing
    #: unnoticed (36C) -- moved on with the legal auction (:mod:`auction_fsm.standing`).
    standing_facts: StandingFacts = NO_STANDING_FACTS

    @classmethod
    def start(cls, dealer: Seat | str, vulnerability: str = "None",
              law_book: BookLike | str | None = None) -> AuctionState:
        """The empty auction with ``dealer`` to call first (17B), on a board of ``vulnerability``,
        under ``law_book``: a :class:`~auction_fsm.lawbook.LawBook` or the name of a registered
        one (``"2017"``, ``"1997"``).

        An unknown vulnerability raises :class:`~auction_fsm.errors.ScenarioError` quoting it, an
        unknown book name :class:`~auction_fsm.lawbook.UnknownLawBookError` listing the names.
        """
        d = parse_seat(dealer, "dealer")
        if vulnerability not in VULNERABILITIES:
            vulnerability = parse_vulnerability(vulnerability)
        return cls(dealer=d, key=rules.initial_key(d), book=_book_by(law_book), vulnerability=vulnerability)

    @property
    def law_book(self) -> str:
        """The name of the law book in force (``"2017"``, ``"1997"``): what files and reports say."""
        return self.book.name if self.book is not None else DEFAULT_BOOK

    def is_vulnerable(self, seat: Seat | str) -> bool:
        """True when ``seat``'s side is vulnerable on this board.

        >>> AuctionState.start("N", "EW").is_vulnerable("W"), AuctionState.start("N", "EW").is_vulnerable("N")
        (True, False)
        """
        s = parse_seat(seat, "seat")
        return self.vulnerability == "All" or self.vulnerability == ("NS" if s in (Seat.N, Seat.S) else "EW")

    # --- where we are -------------------------------------------------------------------
    @property
    def turn(self) -> Seat:
        """The seat whose turn it is to call (17B, 17C)."""
        return _SEATS[self.key & 3]

    @property
    def is_over(self) -> bool:
        """True when the auction has ended (22A or 22B)."""
        return rules.is_final(self.key)

    @property
    def is_passed_out(self) -> bool:
        """True when all four players passed (22B)."""
        return rules.is_passed_out(self.key)

    @property
    def phase(self) -> Phase:
        """The phase of the auction period: the phase machine's state name.

        While an irregularity procedure waits for input this is its nested state, such as
        ``"insufficient_bid.awaiting_decision"``.
        """
        if self.pending is not None:
            return self.pending.state_name
        if rules.is_passed_out(self.key):
            return "hands_returned" if self.hands_returned else "passed_out"
        if rules.is_final(self.key):
            lead = self.current_lead
            if lead is None:
                return "clarification"
            return "play" if lead.faced else "opening_lead"
        return "auction" if self.calls_made else "awaiting_first_call"

    @property
    def last_caller(self) -> Seat | None:
        """The seat of the last call that stands (``None`` before any), read from the key: the
        turn passes to the LHO of whoever made a standing call, and no standing call leaves the
        key where the dealer's first call finds it.  Without reading the record (T01: a scan of
        it for each call out of rotation made ``teach`` quadratic)."""
        if self.key == rules.initial_key(self.dealer):
            return None
        return _SEATS[(self.key - 1) & 3]

    # --- facts of the record that rules read alone (views of the log: lawbook.parts.VIEWS) ---
    @property
    def call_just_made(self) -> CallJustMade | None:
        """The last entry of the record, if it stands or waits for a ruling, as its seat, its
        call and whether it stands (``None`` otherwise, and before any call): whether a seat
        names again the call it has just made (25) asks this, not the rest of the entry."""
        record = self.record
        if not record:
            return None
        last = record[-1]
        if last.status not in ("stands", "pending"):
            return None
        return CallJustMade(last.seat, last.call, last.status == "stands")

    @property
    def calls_made(self) -> bool:
        """Whether any call has been made (whatever became of it): all the phase asks of the
        record, to tell the auction from the wait for its first call."""
        return bool(self.record)

    @property
    def unnoticed_open(self) -> bool | None:
        """Whether anyone has called since the inadmissible call nobody has yet drawn attention to
        (law ``9A, 36``), while every call after it stands and is regular, the calls 36A would
        cancel; ``None`` if there is no such call or a procedure waits: what the director, called,
        asks first (36A or 36B)."""
        if self.pending is not None or not self.standing_facts.unnoticed:
            return None
        record = self.record
        for i, r in enumerate(record):
            if r.law == UNNOTICED_LAWS[1] and r.stands:
                later = record[i + 1:]
                return i + 1 < len(record) if all(x.stands and x.irregularity is None for x in later) else None
        return None

    @property
    def unnoticed_call(self) -> UnnoticedCall | None:
        """The inadmissible call nobody has yet drawn attention to (law ``9A, 36``) while every
        call after it stands and is regular (the calls 36A would cancel), with its place and the
        auction before it (:class:`UnnoticedCall`); ``None`` if there is none.  What the director,
        called later, rules on (36A, 36B) without looking back over the record; whether a
        procedure waits is for the reader to ask (:attr:`unnoticed_open` asks it)."""
        if not self.standing_facts.unnoticed:  # such a call stands, so its facts list it
            return None
        record = self.record
        for i, r in enumerate(record):
            if r.law == UNNOTICED_LAWS[1] and r.stands:
                if not all(x.stands and x.irregularity is None for x in record[i + 1:]):
                    return None
                return UnnoticedCall(r, len(record) - 1 - i, _prefix_keys(self.dealer, record)[i],
                                     StandingFacts.of(record[:i]))
        return None

    @property
    def procedure_at_end(self) -> bool:
        """True when the waiting procedure is about the last entry of the record (nothing has
        been added to the record since the call it rules on)."""
        p = self.pending
        return p is not None and p.back == 0 and p.call is not None

    @property
    def passes_at_end(self) -> tuple[tuple[Seat, Seat] | None, ...]:
        """For each standing pass at the end of the auction (at most the last three, in order),
        ``None`` if it was made in rotation, else who made it and whose turn it was: what 17D3
        asks of the passes ending an auction, and where it sends the auction back."""
        out: list[tuple[Seat, Seat] | None] = []
        for r in reversed(self.record):
            if r.status != "stands":
                continue
            if not r.call.is_pass or len(out) == 3:
                break
            out.append(None if r.in_turn_of == r.seat else (r.seat, r.in_turn_of))
        return tuple(reversed(out))

    @property
    def last_calls(self) -> tuple[LastCall | None, ...]:
        """For each seat (N, E, S, W), its last call that stands (:class:`LastCall`: the call,
        what it was explained to show, whose turn it was, whether the auction has since gone past
        partner's turn -- partner has called, or a standing call out of rotation took partner's
        turn, docs/modelling-decisions.md F02 -- its place and that of the first standing call after it, counted back from
        the end of the record, that call, and the legal auction before it), or ``None`` for a seat
        with no standing call: what a change of call (25A, 21B1) asks of the caller's call."""
        record = self.record
        hit = _LAST_CALLS.get((id(record), self.dealer))
        if hit is not None and hit[0] is record:
            return hit[1]  # type: ignore[no-any-return]
        found: list[LastCall | None] = [None, None, None, None]
        gone = [False, False, False, False]  # partner of the seat has had a turn since
        called = [False, False, False, False]  # partner of the seat has called since
        after, after_call = -1, None  # the earliest standing call met so far, going back: place, call
        later: list[CallRecord] = []  # the standing calls met so far, the latest first
        missing = 4
        n = len(record)
        keys: Sequence[int] = ()
        for i in range(n - 1, -1, -1):
            r = record[i]
            if r.status != "stands":
                continue
            seat = r.seat
            if found[seat] is None:
                if not keys:
                    keys = _prefix_keys(self.dealer, record)
                if gone[seat]:  # too late to change: only what says so (25A4, 21B1a)
                    found[seat] = LastCall(r.call, r.specifies, r.in_turn_of, True, n - 1 - i, -1, None,
                                           -1, NO_STANDING_FACTS, (), called[seat])
                else:
                    found[seat] = LastCall(r.call, r.specifies, r.in_turn_of, False, n - 1 - i, after, after_call,
                                           keys[i], NO_STANDING_FACTS, tuple(reversed(later[:-1])))
                missing -= 1
                if not missing:
                    break
            gone[seat.partner] = True
            called[seat.partner] = True
            gone[r.in_turn_of.partner] = True
            after, after_call = n - 1 - i, r.call
            later.append(r)
        out = _with_facts_before(record, found)
        _bounded_put(_LAST_CALLS, (id(record), self.dealer), (record, out))
        return out

    def last_call_of(self, seat: Seat) -> LastCall | None:
        """``seat``'s last standing call as :attr:`last_calls` has it (``None``: it has none).
        A rule asking for one seat's entry asks through this method, so that the checked copy of
        the position can tell the acting seat's entry (the view ``actor_last_call``: what a change
        of call by that seat asks, 25A, 21B1) from another seat's (``last_calls``)."""
        return self.last_calls[seat]

    @property
    def last_call(self) -> tuple[Seat, LastCall] | None:
        """The last call of the record that stands, with its seat, as :attr:`last_calls` has it
        for that seat (``None`` before any): what a player calling again at LHO's turn tries to
        change (30B2, 31C, 32C), without the other seats' last calls."""
        for r in reversed(self.record):
            if r.status == "stands":
                found = self.last_calls[r.seat]
                assert found is not None  # (the seat's last standing call is this one)
                return r.seat, found
        return None

    @property
    def standing_calls(self) -> tuple[CallRecord, ...]:
        """The calls of the legal auction, in order (cancelled and withdrawn calls left out)."""
        return tuple(r for r in self.record if r.stands)

    # --- what may be called -------------------------------------------------------------
    def legal_calls(self) -> CallList:
        """The calls the seat to act may legally make now, in rank order then P, X, XX.

        Empty once the auction is over or while an irregularity procedure is pending.  A seat
        obliged to pass may only pass; a seat obliged to repeat a call may only repeat it.
        A tuple of :class:`Call` that also finds a call written as text: ``'2C' in
        state.legal_calls()`` (:class:`~auction_fsm.calls.CallList`).
        """
        return CallList(self._legal_calls())

    def _legal_calls(self) -> tuple[Call, ...]:
        if self.pending is not None:
            return ()
        row = rules.row(self.key)
        calls = tuple(ALL_CALLS[c] for c, n in enumerate(row) if n >= 0)
        obligations = self.obligations[self.turn]
        if any(ob.kind in ("pass_next_turn", "pass_rest_of_auction") for ob in obligations):
            # an obliged pass comes before a repeat the seat also owes (docs/modelling-decisions.md)
            return tuple(c for c in calls if c.is_pass)
        for ob in obligations:
            if ob.kind == "no_double_next_turn":
                calls = tuple(c for c in calls if not (c.is_double or c.is_redouble))
            elif ob.kind == "repeat_call":
                # only the repeat may be made; if it is no longer legal it is ruled as made (31A1)
                calls = (ob.call,) if ob.call in calls else ()
        return calls

    def is_legal(self, call: Call | str) -> bool:
        """True when the seat to act may make ``call`` now."""
        return parse_call(call) in self.legal_calls()

    def check(self, seat: Seat | str, call: Call | str) -> Call:
        """Return the parsed call if ``seat`` may make it now; raise naming the law otherwise."""
        who = seat if isinstance(seat, Seat) else parse_seat(seat, f"call {len(self.record) + 1}")
        c = call if isinstance(call, Call) else parse_call(call, f"call {len(self.record) + 1} by {who.name}")
        if (self.pending is None and who == self.key & 3 and c.code < 38 and self.obligations == _NO_OBLIGATIONS
                and rules.row(self.key)[c.code] >= 0):
            return c  # the fast path: a legal call by the seat to act, nobody restricted
        if self.pending is not None:
            raise IllegalCallError(
                f"{who.long_name}'s {c}: an irregularity procedure is pending "
                f"({self.pending.state_name}, Law {self.pending.law})", law=self.pending.law)
        if self.is_over:
            raise AuctionOverError(
                f"{who.long_name}'s {c} comes after the auction ended "
                f"(call {len(self.record) + 1}); Law 39 covers calls after the final pass",
                law="39")
        if who != self.turn:
            raise IllegalCallError(
                f"{who.long_name}'s {c} is out of rotation: it is {self.turn.long_name}'s turn "
                f"(call {len(self.record) + 1}); Laws 28-34", law="28-34")
        if c not in self.legal_calls():
            if not c.is_admissible_level or rules.step_or_none(self.key, c.code) is None:
                err = rules.why_illegal(self.key, c.code)
            else:
                barred = next((o for o in self.obligations[who] if o.kind == "no_double_next_turn"), None)
                err = (IllegalCallError("the seat may not double or redouble at this turn", law=barred.law)
                       if barred is not None and not self.must_pass(who)
                       else IllegalCallError("the seat is obliged to pass", law="36-37"))
            raise IllegalCallError(
                f"{who.long_name}'s {c} at call {len(self.record) + 1} is illegal: {err} "
                f"(Law {err.law})", law=err.law)
        return c

    # --- making a call ------------------------------------------------------------------
    def call(self, seat: Seat | str, call: Call | str) -> AuctionState:
        """The state after a *legal* call; raise :class:`IllegalCallError` naming the law otherwise.

        This is the strict checker for software that only accepts legal auctions; use
        :meth:`apply` to have irregularities ruled on instead.
        """
        c = self.check(seat, call)
        who = self.turn
        if self.incidents and rules.is_final(rules.row(self.key)[c.code]):
            raise IllegalCallError(
                f"{who.long_name}'s {c} ends an auction that had irregularities: what they leave "
                "(exposed cards, lead rights, 17D3) is ruled by the engine; use "
                "auction_fsm.engine.apply_event", law="22")
        obligations = self.obligations
        if obligations[who]:
            kept = tuple(o for o in obligations[who] if o.kind == "pass_rest_of_auction")
            obligations = tuple(kept if s == who else o for s, o in enumerate(obligations))
        return self.called_in_turn(who, c, rules.row(self.key)[c.code], obligations)

    def called_in_turn(self, seat: Seat, call: Call, key: int,
                       obligations: tuple[tuple[Obligation, ...], ...] | None = None) -> AuctionState:
        """This state with ``call`` by ``seat`` standing in its turn, the legal auction now at
        ``key`` and, if given, new ``obligations``; nothing else changes.

        The caller has checked the call is legal and settles nothing (the strict :meth:`call`
        and the engine's shortcut for a plain legal call).  Positional construction: this is
        the hot path of replay and exploration.
        """
        made = CallRecord(seat, call, seat)
        key &= _SIDE_ONLY  # the successor table's key names the bidder; the position keeps his side
        record = appended(self.record, made)
        if _PREFIX_KEYS:
            _extend_keys(self.dealer, self.record, record, key)
        return AuctionState(self.dealer, key, self.book, record,
                            self.obligations if obligations is None else obligations, _one_back(self.pending),
                            self.watches, self.restrictions, self.exposed, self.rulings, self.leads,
                            self.lead_rules, self.refused_leads, self.picked_up, self.swapped,
                            self.options_key, self.lead_choices, self.incidents, self.first_offender,
                            self.vulnerability, self.hands_returned, self.standing_facts.after(made))

    def calls(self, *tokens: str | Call | Iterable[str | Call], seat: Seat | str | None = None) -> AuctionState:
        """Make several legal calls, each by the seat to act (or by ``seat``), with :meth:`call`.

        The calls may be given as one string (``"1NT P 3NT"``), as several, as a list or tuple
        (``["1NT", "P", "3NT"]``, strings or :class:`Call` objects), or any mix of these.
        """
        state = self
        for call in _each_call(tokens):
            if not isinstance(call, str | Call):
                call = parse_call(call, f"call {len(state.record) + 1}")  # raises CallSyntaxError
            state = state.call(state.turn if seat is None else seat, call)
        return state

    # --- the result ---------------------------------------------------------------------
    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction has ended with a bid; ``None`` otherwise."""
        contract = _contract(self.key, self.standing_facts)
        if contract is not None and contract.doubled and self.leads:
            lead = self.current_lead
            doubled = self.standing_facts.doubling
            # 36C: once the opening lead is faced, an inadmissible double or redouble nobody
            # noticed until then is scored as if it had not been made
            if lead is not None and lead.faced and doubled != contract.doubled:
                contract = Contract(contract.level, contract.strain, doubled, contract.declarer)
        return contract

    @property
    def declarer(self) -> Seat | None:
        """Declarer, once the auction has ended with a contract."""
        c = self.contract
        return None if c is None else c.declarer

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner, once the auction has ended with a contract."""
        c = self.contract
        return None if c is None else c.dummy

    @property
    def opening_leader(self) -> Seat | None:
        """Declarer's left-hand opponent, once the auction has ended with a contract."""
        c = self.contract
        return None if c is None else c.opening_leader

    # --- lead restrictions --------------------------------------------------------------
    # --- building blocks for the law modules ----------------------------------------------
    def add_call(self, record: CallRecord) -> AuctionState:
        """Append ``record`` to the record (and to the legal auction if it stands); the call a
        waiting procedure is about is then one place further back (:attr:`Pending.back`)."""
        key, facts = self.key, self.standing_facts
        if record.stands:
            key = rules.force(key, record.seat, record.call.code)
            facts = facts.after(record)
        new = appended(self.record, record)
        if _PREFIX_KEYS:
            _extend_keys(self.dealer, self.record, new, key)
        return evolve(self, record=new, key=key, pending=_one_back(self.pending), standing_facts=facts)

    def index_of(self, p: Pending) -> int:
        """The index in the record of the call waiting procedure ``p`` is about, from its place
        counted back from the end; ``-1`` if it is about none."""
        return -1 if p.back < 0 else len(self.record) - 1 - p.back

    def lead_index_of(self, p: Pending) -> int:
        """The index in the leads of the lead waiting procedure ``p`` is about (a lead out of
        turn, 54), from its place counted back from the end of the leads; ``-1`` if none."""
        return -1 if p.back < 0 else len(self.leads) - 1 - p.back

    def place_index(self, back: int) -> int:
        """The index in the record of the entry ``back`` places from its end (0: the last)."""
        return len(self.record) - 1 - back

    def back_of(self, index: int) -> int:
        """The place of the record's entry ``index`` counted back from the end (0: the last), as
        a waiting procedure keeps it (:attr:`Pending.back`)."""
        return len(self.record) - 1 - index

    def set_status(self, index: int, status: CallStatus, law: str | None = None) -> AuctionState:
        """Change the status of call ``index`` (0-based) and rebuild the legal auction.

        Two changes need no rebuilding: a call that did not stand given another status that does
        not stand leaves the legal auction as it was, and one made to stand with no standing call
        after it moves it on by that call (what a held call, cancelled or accepted, does)."""
        old = self.record[index]
        new = evolve(old, status=status, law=law if law is not None else old.law)
        record = replaced(self.record, index, new)
        if old.status != "stands":
            if status != "stands":
                hit = _PREFIX_KEYS.get((id(self.record), self.dealer))
                if hit is not None and hit[0] is self.record:
                    _remember(self.dealer, record, hit[1])  # the standing calls are as they were
                return evolve(self, record=record)
            if not any(r.status == "stands" for r in self.record[index + 1:]):
                return evolve(self, record=record, key=rules.force(self.key, old.seat, old.call.code),
                              standing_facts=self.standing_facts.after(new))
        keys = _prefix_keys(self.dealer, self.record)  # unchanged up to ``index``
        key, force = keys[index], rules.force
        for j in range(index, len(record)):
            r = record[j]
            if r.status == "stands":
                key = force(key, r.seat, r.call.code)
            if keys[j + 1] == key:  # the calls after ``j`` are unchanged: so are their keys
                key = keys[len(record)]
                break
            keys = replaced(keys, j + 1, key)
        _remember(self.dealer, record, keys)
        return evolve(self, record=record, key=key, standing_facts=StandingFacts.of(record))

    def set_status_back(self, back: int, status: CallStatus, law: str | None = None) -> AuctionState:
        """:meth:`set_status` of the entry ``back`` places from the end of the record (where a
        waiting procedure keeps its call, :attr:`Pending.back`)."""
        return self.set_status(len(self.record) - 1 - back, status, law)

    def remark_back(self, back: int, irregularity: str, law: str) -> AuctionState:
        """The held entry ``back`` places from the end of the record marked again as held for
        ``irregularity`` under ``law`` (a premature replacement that is itself insufficient, 27C
        with 27B4).  It never stood, so the legal auction and the standing calls' facts stay:
        a write of the log at a place counted from its end, nothing rebuilt."""
        index = len(self.record) - 1 - back
        old = self.record[index]
        assert old.status != "stands", "only a held call is marked again"
        new = evolve(old, status="pending", irregularity=irregularity, law=law)
        return evolve(self, record=replaced(self.record, index, new))

    def cite_again(self, before: AuctionState, laws: Mapping[str, str]) -> AuctionState:
        """The entries a step added to the record since ``before`` with the law each cites given
        through ``laws`` where it names one of them: the words of a citation, changed where
        another edition cites another paragraph for the same ruling (the 1997 text of Laws
        30-33).  Nothing the Laws decide with is read or changed: only the words of the entries
        the step wrote."""
        record, since = self.record, len(before.record)
        if not any(r.law in laws for r in record[since:]):
            return self
        return evolve(self, record=(*record[:since], *(
            evolve(r, law=laws[r.law or ""]) if r.law in laws else r for r in record[since:])))

    def cite_back(self, back: int, law: str) -> AuctionState:
        """The entry ``back`` places from the end of the record citing ``law``: the words of its
        citation, nothing the Laws decide with."""
        index = len(self.record) - 1 - back
        return evolve(self, record=replaced(self.record, index, evolve(self.record[index], law=law)))

    def explain_back(self, back: int, specifies: tuple[Strain, ...]) -> AuctionState:
        """The entry ``back`` places from the end of the record kept with the denominations it was
        judged to show (29C).  The legal auction and the standing calls' facts are left as they
        are: only a call that no longer stands is so marked (a cancelled call out of rotation)."""
        index = len(self.record) - 1 - back
        old = self.record[index]
        assert old.status != "stands", "only a call that no longer stands is marked again"
        return evolve(self, record=replaced(self.record, index, evolve(old, specifies=specifies)))

    def take_back_passes(self, count: int, turn: Seat, law: str) -> AuctionState:
        """Cancel the last ``count`` standing calls, passes that ended the auction, and give the
        turn back to ``turn`` (17D3: to the player who missed his turn).  The legal auction goes
        back by those passes alone -- the last bid, its bidder and the doubling stay, the count of
        passes drops by ``count`` -- so its key is worked out from the key, not the record; the
        record is changed at the places of those passes, counted from its end.  Passes settle
        nothing the standing calls' facts keep, unless one was explained as showing a suit: then
        those facts are worked out from the record again."""
        record = list(self.record)
        left, shown = count, False
        for i in range(len(record) - 1, -1, -1):
            if not left:
                break
            r = record[i]
            if r.status == "stands":
                assert r.call.is_pass, "only the passes ending the auction are taken back"
                record[i] = evolve(r, status="cancelled", law=law)
                shown = shown or r.specifies is not None
                left -= 1
        _, last_bid, bidder, doubled, passes = rules.unpack(self.key)
        key = rules.pack(int(turn), last_bid, bidder, doubled, passes - count)
        new = tuple(record) if len(record) < THRESHOLD else PVector.of(record)
        facts = StandingFacts.of(new) if shown else self.standing_facts
        return evolve(self, record=new, key=key, standing_facts=facts)

    def set_statuses_back(self, changes: Iterable[tuple[int, CallStatus, str]], key: int,
                          facts: StandingFacts) -> AuctionState:
        """Give the entries of the record at the places ``changes`` names (each counted back from
        the end, 0 the last) a new status under a law, and leave the legal auction at ``key`` and
        the standing calls' facts at ``facts``: for a caller that knows the auction those changes
        go back to (36A cancels an unnoticed call and every call after it, 36B holds it again;
        :attr:`unnoticed_call` keeps the auction before it), so that nothing is rebuilt from the
        record."""
        record = self.record
        n = len(record)
        for back, status, law in changes:
            index = n - 1 - back
            record = replaced(record, index, evolve(record[index], status=status, law=law))
        return evolve(self, record=record, key=key, standing_facts=facts)

    def withdraw_back(self, withdrawn: Iterable[tuple[int, str]], key: int, facts: StandingFacts) -> AuctionState:
        """Withdraw the entries of the record at the places ``withdrawn`` names (each counted back
        from the end, 0 the last, with the law withdrawing it) and leave the legal auction at
        ``key`` and the standing calls' facts at ``facts``: for a caller that knows the auction
        those withdrawals go back to (they were the last standing calls, and it kept the key and
        the facts from before the first of them, 25A1), so that nothing is rebuilt from the record."""
        record = self.record
        n = len(record)
        for back, law in withdrawn:
            index = n - 1 - back
            record = replaced(record, index, evolve(record[index], status="withdrawn", law=law))
        return evolve(self, record=record, key=key, standing_facts=facts)

    def key_before(self, index: int) -> int:
        """The legal-auction key after the first ``index`` calls of the record (those of them
        that stand), read from the record's remembered prefix keys."""
        return _prefix_keys(self.dealer, self.record)[index]

    def rebuilt(self) -> AuctionState:
        """Recompute the legal-auction key and the standing calls' facts from the calls that stand."""
        return evolve(self, key=self._key_of(self.record), standing_facts=StandingFacts.of(self.record))

    def _key_of(self, record: Record) -> int:
        return _prefix_keys(self.dealer, record)[len(record)]

    def restrict(self, restriction: LeadRestriction) -> AuctionState:
        """Add a 26B right; the same withdrawn call gives the offender's opponents one right."""
        if any(r.offender == restriction.offender and r.withdrawn == restriction.withdrawn
               for r in self.restrictions):
            return self
        return evolve(self, restrictions=(*self.restrictions, restriction))

    def rule(self, law: str, summary: str) -> AuctionState:
        """Add a ruling (law and a one-line summary in our own words)."""
        return evolve(self, rulings=appended(self.rulings, Ruling(law, summary)))

    def impose(self, seat: Seat, obligation: Obligation) -> AuctionState:
        """Give ``seat`` an obligation; a duplicate of an existing kind is not added twice.

        A seat that must pass at every turn to the end of the auction can never repeat a call
        (31A1, 32A1): a repeat it owes lapses, and a new one is not added."""
        current = self.obligations[seat]
        if any(o.kind == obligation.kind and o.call == obligation.call for o in current):
            return self
        if obligation.kind == "repeat_call" and any(o.kind == "pass_rest_of_auction" for o in current):
            return self  # silenced to the end: the repeat can never be made (F05)
        if obligation.kind == "pass_rest_of_auction":
            current = tuple(o for o in current if o.kind != "repeat_call")
        return self._with_obligations(seat, (*current, obligation))

    def discharge(self, seat: Seat, *kinds: str) -> AuctionState:
        """Remove ``seat``'s obligations of the given kinds."""
        current = self.obligations[seat]
        kept = tuple(o for o in current if o.kind not in kinds)
        return self if kept == current else self._with_obligations(seat, kept)

    def _with_obligations(self, seat: Seat, obs: tuple[Obligation, ...]) -> AuctionState:
        return evolve(self, obligations=tuple(obs if s == seat else o
                                              for s, o in enumerate(self.obligations)))

    def must_pass(self, seat: Seat | str) -> bool:
        """True when ``seat`` is required by law to pass at its turn."""
        return any(o.kind in ("pass_next_turn", "pass_rest_of_auction") for o in self.obligations[parse_seat(seat)])

    def has_called(self, seat: Seat) -> bool:
        """True when ``seat`` has a call in the legal auction."""
        return any(r.seat == seat for r in self.standing_calls)

    # --- after the auction: roles, the opening lead, penalty cards --------------------------
    @property
    def current_lead(self) -> LeadRecord | None:
        """The opening lead that stands (face down or faced), if any."""
        for ld in self.leads:  # (a loop: no generator to build on this hot path)
            if ld.status == "stands":
                return ld
        return None

    @property
    def actual_declarer(self) -> Seat | None:
        """Declarer after the opening lead: presumed dummy if declarer spread the hand (54A)."""
        d = self.declarer
        return None if d is None else (d.partner if self.swapped else d)

    @property
    def actual_dummy(self) -> Seat | None:
        """Dummy after the opening lead (presumed declarer if the hand was spread, 54A)."""
        d = self.actual_declarer
        return None if d is None else d.partner

    @property
    def actual_leader(self) -> Seat | None:
        """Who made the opening lead that stands, or else the presumed opening leader."""
        lead = self.current_lead
        return lead.seat if lead is not None else self.opening_leader
