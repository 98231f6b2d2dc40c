"""What an action reads, writes and emits: the parts of the position, declared and checked.

A guard declares the facts it reads (:mod:`.facts`).  An action declares, with
``@action(..., reads=, writes=, emits=)``:

* ``reads`` -- the parts of the position (fields of
  :class:`~auction_fsm.auction.AuctionState`: ``pending``, ``key``, ``record`` ...) it looks
  at, directly or through the position's methods and properties (``state.turn`` reads
  ``key``);
* ``writes`` -- the parts whose value it may change;
* ``emits`` -- the kinds of follow-up it may hand back to the engine (the names of
  :data:`~.rows.FollowUp`'s classes, or ``"event"`` for the event ruled again as another).

A row's chain (31A1, then 17D3, then 25B1) therefore has one read set: its guards' facts and
its actions' parts, known without running it.  Part of the history is a *log*
(:data:`LOG`: the record of calls and the rulings): a rule that reads it depends on the whole
past, which is what stops an explorer from keying configurations on the rest; the declarations
say which actions still do (docs/law-book.md, *What actions read and write*).

The declarations are checked, not trusted: :func:`audited` runs an action on a copy of the
position that notes every part read (a subclass of the position whose attribute lookup is
watched, made only while checking), compares every part before and after, and names the first
undeclared read, write or follow-up as one :class:`UndeclaredPart` error of the book
(``action X read part Y, not declared``).  The engine runs actions through it when asked
(:func:`auction_fsm.engine.rule_in_full`'s ``audit``, :func:`auditing`); the law tests, the
fuzzer's walks and the explorations run that way in ``tests/test_declared_parts.py``.  The
same audit names an action that leaves the waiting procedure keeping a fact no family declares
(:mod:`.procedure_facts`).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .. import rules
from ..auction import AuctionState, CallJustMade, LastCall, UnnoticedCall, auction_before
from ..calls import Call, Strain
from ..errors import LawBookError
from ..events import Event
from ..records import CallRecord, CallStatus, Contract, Obligation, Pending, Undo
from ..seats import Seat
from ..standing import NO_STANDING_FACTS, StandingFacts
from ..values import _SHAPES
from .carried import CARRIED, PROCEDURE_CALL
from .facts import COMPUTE_HOOKS, SLOTS
from .procedure_facts import check_pending
from .rows import Ctx, FollowUp, Outcome

if TYPE_CHECKING:
    from .book import LawBook
    from .rows import Action, Row

__all__ = ["ACTOR_LAST_CALL", "STEPPED", "FACT_VIEWS", "CLOSED_VIEWS", "VIEW_SOURCES", "PHASE_READS", "AUDITS", "PARTS", "VIEWS", "KEY_STEP", "stepped_key", "procedure_view", "READABLE", "covered", "as_parts", "action_reads", "value_of", "audited_fact", "LOG", "EMITS", "UndeclaredPart", "Seen", "audited", "auditing", "observing", "check_names", "where", "table", "facts_table",
           "action_declarations"]

#: The parts of the position, in the order of its fields.
PARTS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(AuctionState))
#: Views: a fact of the position that a rule may read alone, by name, and the parts it is
#: computed from.  ``turn`` is the seat to call, held in the legal auction's key beside the last
#: bid, the double and the passes: a rule that needs only whose turn it is declares ``turn``, and
#: a table keyed on its reads does not tell apart auctions that differ in the rest of the key.
#: The waiting procedure has five (:data:`_PENDING_VIEWS`).  The log has nine, each a small
#: fact of the record that the rules ask about (properties of the position of the same names, but
#: ``actor_last_call``, asked through a method):
#: the last entry, only its seat, its call and whether it stands, while it stands or waits for a
#: ruling (``call_just_made``: does a seat name again the call it has just made, 25); whether
#: the waiting procedure is about that entry (``procedure_at_end``); whether each pass ending the
#: auction was out of rotation (``passes_at_end``, 17D3); each seat's last standing call and
#: whether partner's turn has gone since (``last_calls``, 25A4, 21B1a), and of those the acting
#: seat's alone (``actor_last_call``: the seat the event names; see :data:`ACTOR_LAST_CALL`), and
#: the last standing call alone with its seat (``last_call``: what a call again at LHO's turn would change, 30B2, 31C,
#: 32C); whether anyone has called
#: since an inadmissible call left unnoticed for now (``unnoticed_open``, 36A or 36B), and that call
#: with its place and the auction before it (``unnoticed_call``, what 36A and 36B undo); whether any
#: call has been made (``calls_made``: what the phase, the machine state a step starts from, asks).  And the contract
#: (``contract``: the final bid, its doubling, declarer; read from the key, the standing calls'
#: first namers of the strain and, for 36C, the doubling without unnoticed calls and the faced
#: lead -- no longer from the log).  A rule reading only such facts does not
#: depend on the rest of the history.  A declaration naming every part a view is computed from
#: covers the view.
VIEWS: dict[str, frozenset[str]] = {
    "turn": frozenset({"key"}), "key_step": frozenset({"key"}), "procedure": frozenset({"pending"}), "procedure_call": frozenset({"pending"}),
    "procedure_place": frozenset({"pending"}), "procedure_undo": frozenset({"pending"}),
    "procedure_undo_auction": frozenset({"pending"}), "call_just_made": frozenset({"record"}),
    "procedure_at_end": frozenset({"record", "pending"}), "passes_at_end": frozenset({"record"}),
    "unnoticed_open": frozenset({"record", "pending", "standing_facts"}),
    "unnoticed_call": frozenset({"record", "dealer", "standing_facts"}),
    "calls_made": frozenset({"record"}),
    "last_calls": frozenset({"record", "dealer"}), "actor_last_call": frozenset({"record", "dealer"}),
    "auction_before_call": frozenset({"record", "dealer"}),
    "last_call": frozenset({"record", "dealer"}), "contract": frozenset({"key", "standing_facts", "leads"}),
    "first_namers": frozenset({"standing_facts"}), "suits_specified": frozenset({"standing_facts"}),
    "unnoticed_calls": frozenset({"standing_facts"})}
#: The standing calls' facts (:class:`~auction_fsm.standing.StandingFacts`) read in pieces, each a
#: view of its own: ``first_namers`` (who of each side first named each strain: the declarer of a
#: contract in it), ``suits_specified`` (the suits each seat specified: what declarer may not bar
#: under 26B), ``unnoticed_calls`` (the inadmissible doubles and redoubles left unnoticed, and the
#: doubling without them: 36C).  A rule that asks only who declares does not read the suits
#: specified.  The view each field of the facts belongs to:
FACT_VIEWS: dict[str, str] = {"namers": "first_namers", "specified": "suits_specified",
                              "unnoticed": "unnoticed_calls", "doubling": "unnoticed_calls"}
#: Views that move on from their own value and the step alone, so that a key may hold the view in
#: place of the parts it is computed from and stay exact: each piece of the standing calls'
#: facts, since :meth:`~auction_fsm.standing.StandingFacts.after` makes each field from that
#: field and the call let stand (``tests/test_standing_views.py`` checks it), and a step that
#: rebuilds them from the record reads the record (the log, declared as such).
CLOSED_VIEWS: frozenset[str] = frozenset({"first_namers", "suits_specified", "unnoticed_calls"})
#: The view ``actor_last_call``: the last standing call of the seat the event names (the acting
#: seat: a change of call's maker, 25A, 21B1; the offender whose accepted change is judged,
#: 25B1), as :attr:`~auction_fsm.auction.AuctionState.last_calls` has it for that seat, ``None``
#: when the event names no seat.  A rule reads it through
#: :meth:`~auction_fsm.auction.AuctionState.last_call_of` with the event's own seat; the audit
#: notes that as this view, and the same method asked for another seat as ``last_calls``
#: (:class:`_Watched`).  It is the one view that depends on the event as well as the position:
#: :func:`value_of` needs the event for it, and a key without an event (the explorer's,
#: :mod:`auction_fsm.graph.declared_key`) holds ``last_calls`` in its place (:data:`VIEW_SOURCES`:
#: every seat's entry covers the acting seat's, whichever it is: exact).
#:
#: A table of steps (:mod:`auction_fsm.graph.fact_sharing`) keys the view by the seat of the
#: step's event, at the position the step starts from.  A row fired by a follow-up reads it for
#: the follow-up's seat, at the position the step's earlier rows made: the judgement of an
#: accepted change (``JudgeChange``, 25B1) reads the offender's new call, which the row accepting
#: the change has just put in the record from the procedure it read, and asks no more of an
#: earlier call than whether it is that one (``accepted_change_stands``, a fact in the key).  So
#: the entry read is a function of what the key holds; tested, not proved: the replay check of
#: ``benchmarks/fact_sharing.py --steps`` (no disagreeing part on changes-1).
ACTOR_LAST_CALL = "actor_last_call"
#: Views computed from narrower views than their parts: the contract reads the key, the first
#: namers of the final bid's strain, the doubling without unnoticed calls (36C) and the leads,
#: not the suits specified; the acting seat's last call is one entry of every seat's.
#: The view ``auction_before_call``: what withdrawing the acting seat's last standing call
#: would go back to (:meth:`~auction_fsm.auction.LastCall.auction_before`: the legal auction
#: before it without seats, the side that had bid last, the standing calls' facts), read from
#: that call's ``key_before`` and ``facts_before`` whether it was found as the acting seat's
#: entry (``actor_last_call``) or as the last standing call, made by the acting seat
#: (``last_call``, a call again at LHO's turn).  The values of those two views leave the two
#: fields blank (:func:`value_of`): a rule reading them declares this view.  Its promise: a
#: rule reads it only to keep it, unchanged, as the auction a waiting change of call puts back
#: (:data:`UNDO_AUCTION`).  So a table of steps keys it nowhere and, answering a step from a
#: stored one, puts the position's own value in the procedure in place of the stored one; the
#: audit proves the copy and, ruling the action again with another value, that nothing else
#: depends on it (:func:`_check_auction_before`).
AUCTION_BEFORE = "auction_before_call"
VIEW_SOURCES: dict[str, frozenset[str]] = {"contract": frozenset({"key", "first_namers", "unnoticed_calls", "leads"}),
                                           ACTOR_LAST_CALL: frozenset({"last_calls"}),
                                           AUCTION_BEFORE: frozenset({"last_calls"})}
#: What the engine reads to find the machine state a step starts from
#: (:attr:`~auction_fsm.auction.AuctionState.phase`): the waiting procedure, how the auction stands,
#: the leads, a passed-out board's hands, and whether any call has been made.
PHASE_READS: frozenset[str] = frozenset({"procedure", "key", "leads", "hands_returned", "calls_made"})
#: The view ``key_step`` of the key: the rule moves the legal auction on by the calls it lets
#: stand (:meth:`~auction_fsm.auction.AuctionState.add_call`), and may then ask whether the
#: auction so moved on has ended, and how (``is_over``, ``is_passed_out`` of the position it made),
#: without looking at the key itself.  Its outcome's key is then an *effect*, "the key moved on by
#: seat S's call C", that a table can apply to whatever key a position has: a table of steps keys
#: such a rule without the key's value (:func:`value_of` gives nothing for it).  An action declaring
#: ``key_step`` but not ``key`` is checked to leave the key its calls give (:func:`stepped_key`:
#: moved on by them, or rebuilt from the record where it changed a call's status; :func:`audited`).
#: Whether the auction so moved on has ended is not proved to follow from the rest of the rule's
#: key: the rows' ending facts say it for a pass, and a table should ask it again after the effect.
#: The standing calls' facts (``standing_facts``: first namers, suits specified, unnoticed calls)
#: move on with the key call by call, so the same effect covers them.
KEY_STEP = "key_step"
#: The parts a key step moves on.
STEPPED = frozenset({"key", "standing_facts"})
#: The waiting procedure's fields read as the views ``procedure_call`` (the call it is about, by
#: value, and what it was explained to show) and ``procedure_place`` (where that call or lead
#: sits in the record or the leads), and ``procedure_undo`` (what a change of call keeps to
#: withdraw its call: LHO's call over it, the auction before it, :class:`~auction_fsm.records.Undo`);
#: looking at the procedure at all, or at any other of its fields (its step, decider, options,
#: offender, facts), reads the view ``procedure``.
_PENDING_VIEWS = {"call": "procedure_call", "specifies": "procedure_call", "back": "procedure_place",
                  "undo": "procedure_undo"}
#: The view ``procedure_undo_auction``: of what a waiting change of call keeps to withdraw its
#: call (:class:`~auction_fsm.records.Undo`), the legal auction, the side that had bid last and
#: the standing calls' facts as they were before the call (its ``auction``, ``bidder`` and
#: ``facts``); the rest of it (the call over the changed one, the calls standing after, and
#: whether a change waits at all) is the view ``procedure_undo``.  The change's actions read
#: these only to put the key and the facts back where they were: withdrawing the call changes
#: its status in the record, and the key and facts so put back are the record's, rebuilt
#: (:func:`stepped_key`).  So, like ``key_step``, the view is an effect a table can apply to
#: any position, not a value it must key: an action reading it must declare ``key_step`` and
#: not the key (the key check of :func:`audited` then proves the key it leaves), and the audit
#: rules it again with another auction put back to prove that nothing else it does depends on
#: the view (:func:`_check_undo_auction`).
UNDO_AUCTION = "procedure_undo_auction"
#: The fields of :class:`~auction_fsm.records.Undo` read as the view :data:`UNDO_AUCTION`.
_UNDO_AUCTION_FIELDS = frozenset({"auction", "bidder", "facts"})
#: What a table of steps leaves out of the key of a step that only moves the legal auction on
#: (:data:`KEY_STEP`) and keeps the key as an effect: the key, the standing calls' facts, and
#: the auction a change of call puts back (:data:`UNDO_AUCTION`).
EFFECT_ONLY = STEPPED | {UNDO_AUCTION}
#: Views no key holds as a value of their own: the key's step (an effect, applied to the key a
#: position has) and the auction before the acting seat's call (a table of steps puts the
#: position's own back at replay, :func:`with_auction_kept`; a key of positions holds the call it
#: is read off whole, through the view the rule found that call by, ``actor_last_call`` or
#: ``last_call``, which the audit notes beside it).
UNKEYED = frozenset({KEY_STEP, AUCTION_BEFORE})
#: What a declaration may say it reads: the parts and the views.
READABLE: tuple[str, ...] = (*PARTS, *VIEWS)
#: The parts that are history rather than position: read by a rule, they make it depend on the
#: whole past (the record of calls, each with its status; the director's rulings in words).
LOG: frozenset[str] = frozenset({"record", "rulings"})
#: What an action may hand back for the engine to rule next: a follow-up's or an event's class
#: name (a call it makes on a player's behalf, the director it calls), or ``"event"`` for the
#: event it was given, ruled again as another kind of event.
EMITS: frozenset[str] = (frozenset(t.__name__ for t in FollowUp.__args__)
                         | frozenset(t.__name__ for t in Event.__args__) | {"event"})


def covered(declared: frozenset[str] | None) -> frozenset[str] | None:
    """``declared`` with the views computed from the parts it names (a rule reading the key may
    read whose turn it is); ``None`` stays ``None`` (nothing declared)."""
    if declared is None:
        return None
    out = declared | {v for v, parts in VIEWS.items() if parts <= declared}
    return out | {v for v, sources in VIEW_SOURCES.items() if sources <= out}


def value_of(state: AuctionState, name: str, event: Event | FollowUp | None = None) -> Any:
    """The value of part or view ``name`` at ``state``: what a rule declaring it may read, and
    so what a table of steps keyed on the rule's reads tells apart.  The view ``procedure`` is the
    waiting procedure with its call and its place blanked; the view ``key_step`` is nothing (the
    table stores the key's step as an effect, :data:`KEY_STEP`); the view ``actor_last_call`` is
    the last standing call of ``event``'s seat (``None`` when no event is given or it names no
    seat: :data:`ACTOR_LAST_CALL`), without what withdrawing it goes back to (the view
    :data:`AUCTION_BEFORE`), and so is ``last_call`` when the acting seat made it."""
    if name == "turn":
        return state.turn
    if name == ACTOR_LAST_CALL:
        seat = _actor_of(event)
        return None if seat is None else _blank_before(state.last_call_of(seat))
    if name == "last_call":
        found = state.last_call
        seat = _actor_of(event)
        return found if found is None or found[0] != seat else (found[0], _blank_before(found[1]))
    if name == AUCTION_BEFORE:
        seat = _actor_of(event)
        last = None if seat is None else state.last_call_of(seat)
        return None if last is None or last.key_before < 0 else last.auction_before()
    if name == KEY_STEP:
        return None  # the effect is applied to the key the position has: nothing of it is read
    if name in ("procedure", "procedure_call", "procedure_place", "procedure_undo", UNDO_AUCTION):
        return procedure_view(state.pending, name)
    fields = _FACT_FIELDS.get(name)
    if fields is not None:
        facts = state.standing_facts
        return tuple(getattr(facts, f) for f in fields)
    return getattr(state, name)  # a part, or a view that is a property of the position


def _blank_before(last: LastCall | None) -> LastCall | None:
    """``last`` without what withdrawing it goes back to: that is the view :data:`AUCTION_BEFORE`."""
    return None if last is None else last._replace(key_before=-1, facts_before=NO_STANDING_FACTS)


def _actor_of(event: Event | FollowUp | None) -> Seat | None:
    """The seat ``event`` names (the acting seat), or ``None`` (no event, or one naming no seat:
    a director's choice, the auction's end)."""
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, Seat) else None


#: The fields of the standing calls' facts in each of their views, in field order.
_FACT_FIELDS: dict[str, tuple[str, ...]] = {
    v: tuple(f.name for f in dataclasses.fields(StandingFacts) if FACT_VIEWS[f.name] == v) for v in CLOSED_VIEWS}


def procedure_view(p: Pending | None, name: str) -> Any:
    """View ``name`` of the waiting procedure ``p`` (``None`` while none waits): its call and what
    it was explained to show, its place, what a change keeps to withdraw its call (the auction it
    puts back apart: :data:`UNDO_AUCTION`), or the rest (the procedure with those blanked)."""
    if p is None:
        return None
    if name == "procedure_call":
        return p.call, p.specifies
    if name == "procedure_place":
        return p.back
    undo = p.undo
    if name == "procedure_undo":
        return None if undo is None else (undo.over, undo.following)
    if name == UNDO_AUCTION:
        return None if undo is None else (undo.auction, undo.bidder, undo.facts)
    return dataclasses.replace(p, call=None, specifies=None, back=-1, undo=None)


def with_auction_kept(p: Pending | None, was: Any, kept: Any) -> Pending | None:
    """Procedure ``p`` with the auction its change of call puts back replaced by ``kept`` where it
    is ``was`` (values of the view :data:`AUCTION_BEFORE`, which a rule reading it keeps there
    unchanged, :func:`_check_auction_before`): how a table of steps answers a stored step at a
    position whose acting seat's call stood on another auction.  Anything else is left as it is."""
    if was is None or kept is None or p is None or p.undo is None or procedure_view(p, UNDO_AUCTION) != was:
        return p
    auction, bidder, facts = kept
    return dataclasses.replace(p, undo=dataclasses.replace(p.undo, auction=auction, bidder=bidder, facts=facts))


def action_reads(action: Action) -> frozenset[str] | None:
    """What ``action``'s outcome depends on, as parts and views: the parts it declares reading and
    those the facts it reads in its own context are computed from (an explorer's key and the
    checks that perturb undeclared parts need both; a table of steps keys the facts' values
    instead).  ``None`` while it declares nothing, or reads a fact declaring nothing."""
    if action.reads is None:
        return None
    out = action.reads
    for name in action.facts:
        parts = SLOTS[name].parts if name in SLOTS else None
        if parts is None:
            return None
        out = out | parts
    return out


def as_parts(declared: frozenset[str]) -> frozenset[str]:
    """``declared`` with each view replaced by the parts it is computed from (what changing a
    part could change: :mod:`auction_fsm.graph.perturbation`)."""
    return frozenset(part for name in declared for part in VIEWS.get(name, (name,)))


class UndeclaredPart(LawBookError):
    """An action read or wrote a part of the position, or emitted a follow-up, it did not
    declare: a fault of the book, named by action and part."""


def check_names(book: LawBook) -> list[str]:
    """Every declaration of the book's actions naming a part or a follow-up that does not exist,
    in words (empty: all names are real)."""
    faults = []
    for action in _actions(book):
        for role, names, known in (("reads", action.reads, READABLE), ("writes", action.writes, PARTS),
                                   ("emits", action.emits, EMITS)):
            for name in sorted((names or frozenset()) - frozenset(known)):
                faults.append(f"action {action.name!r} {role} {name!r}, which is not "
                              + ("a part of the position" if role != "emits" else "a follow-up"))
        for name in sorted(action.carries - CARRIED):
            faults.append(f"action {action.name!r} carries {name!r}, which is not a call it may carry "
                          f"({', '.join(sorted(CARRIED))})")
        for name in sorted(action.facts - frozenset(SLOTS)):
            faults.append(f"action {action.name!r} reads fact {name!r}, which no family declares")
        if PROCEDURE_CALL in action.carries and PROCEDURE_CALL not in (action.reads or frozenset()):
            faults.append(f"action {action.name!r} carries {PROCEDURE_CALL!r} without declaring it reads it")
    return faults


def _actions(book: LawBook) -> list[Action]:
    seen: dict[int, Action] = {}
    for r in book.rows:
        if r.action is not None:
            seen.setdefault(id(r.action), r.action)
    return list(seen.values())


def action_declarations(book: LawBook) -> dict[str, Action]:
    """The book's actions by :func:`where` (``module:name``), each once: two families may each
    have an action of one name, and neither may hide the other."""
    return {where(a): a for a in _actions(book)}


# --- the watched copy of the position -----------------------------------------------------------

_WATCHING: list[set[str]] = []  # the part sets being filled, innermost last
#: The acting seat of each action or slot being checked, innermost last (``None``: its event names
#: no seat): what tells the view ``actor_last_call`` from ``last_calls`` (:meth:`_Watched.last_call_of`).
_ACTORS: list[Seat | None] = []
#: The facts the action being audited declares reading in its own context (innermost last; a slot
#: being computed pushes none): their parts are the facts' reads, checked against the slots'
#: declarations, not the action's (:attr:`~.rows.Action.facts`).
_OWN_FACTS: list[frozenset[str]] = []
#: Checkers of the actions' declarations (:func:`auditing`): while one is set, the engine runs
#: every action through the innermost, and no step takes its shortcut for a plain call (the
#: action it stands in for must be checked too).
AUDITS: list[Callable[[Row, Ctx], Outcome]] = []
_PART_SET = frozenset(PARTS)


@contextlib.contextmanager
def _unwatched() -> Iterator[None]:
    """Reads made inside the block are not noted (an entry added to the log reads the log only
    to extend it)."""
    _WATCHING.append(_Quiet())
    try:
        yield
    finally:
        _WATCHING.pop()


class _Quiet(set[str]):
    """The reads noted inside :func:`_unwatched`, thrown away: the position hands out its plain
    parts there (no watched copy of the standing calls' facts to compare by identity)."""

    __slots__ = ()


class _Watched(AuctionState):
    """The position with every lookup of one of its parts noted (checking only).

    Adding to the log (a ruling, a call at the end of the record) is a write of the log, not a
    read of it: those methods note only what they decide with (the legal auction, for a call).
    """

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        if name == "pending":
            if _WATCHING:
                _WATCHING[-1].add("procedure")
            pending = object.__getattribute__(self, name)
            if pending is None:
                return None
            if type(pending) is _WatchedPending:  # (a procedure the action built from a watched one)
                return _WatchedPending(*(d.__get__(pending, Pending) for d in _PENDING_DESCRIPTORS))
            return _WatchedPending(*_PENDING_FIELDS(pending))
        if name == "standing_facts":
            facts = object.__getattribute__(self, name)
            if not _WATCHING or type(_WATCHING[-1]) is _Quiet:
                return facts
            # read in pieces: each field looked at is noted as its view (FACT_VIEWS)
            return _WatchedFacts(*_FACTS_FIELDS(facts)) if type(facts) is StandingFacts else facts
        if name in _PART_SET and _WATCHING:
            _WATCHING[-1].add(name)
        return object.__getattribute__(self, name)

    @property
    def turn(self) -> Seat:
        """Whose turn it is: the view ``turn`` of the key, noted as itself (:data:`VIEWS`)."""
        if _WATCHING:
            _WATCHING[-1].add("turn")
        with _unwatched():
            return _TURN(self)

    def _view(self, name: str) -> Any:
        """View ``name``, a property of the position, noted as itself (:data:`VIEWS`)."""
        if _WATCHING:
            _WATCHING[-1].add(name)
        with _unwatched():
            return AuctionState.__dict__[name].fget(self)

    @property
    def call_just_made(self) -> CallJustMade | None:
        """The view ``call_just_made``."""
        return self._view("call_just_made")  # type: ignore[no-any-return]

    @property
    def unnoticed_open(self) -> bool | None:
        """The view ``unnoticed_open``."""
        return self._view("unnoticed_open")  # type: ignore[no-any-return]

    @property
    def calls_made(self) -> bool:
        """The view ``calls_made`` (what the phase asks of the record)."""
        return self._view("calls_made")  # type: ignore[no-any-return]

    @property
    def unnoticed_call(self) -> UnnoticedCall | None:
        """The view ``unnoticed_call``."""
        return self._view("unnoticed_call")  # type: ignore[no-any-return]

    @property
    def procedure_at_end(self) -> bool:
        """The view ``procedure_at_end``."""
        return self._view("procedure_at_end")  # type: ignore[no-any-return]

    @property
    def passes_at_end(self) -> tuple[tuple[Seat, Seat] | None, ...]:
        """The view ``passes_at_end``."""
        return self._view("passes_at_end")  # type: ignore[no-any-return]

    @property
    def last_calls(self) -> tuple[LastCall | None, ...]:
        """The view ``last_calls``."""
        return self._view("last_calls")  # type: ignore[no-any-return]

    def last_call_of(self, seat: Seat) -> LastCall | None:
        """``seat``'s last standing call: noted as the view ``actor_last_call`` when ``seat`` is the
        one the event being ruled names (the acting seat of the innermost action or slot checked),
        as ``last_calls`` for any other seat (:data:`ACTOR_LAST_CALL`)."""
        actor = bool(_ACTORS) and _ACTORS[-1] is not None and _ACTORS[-1] == seat
        if _WATCHING:
            _WATCHING[-1].add(ACTOR_LAST_CALL if actor else "last_calls")
        with _unwatched():
            found = AuctionState.last_call_of(self, seat)
        return _before_noted(found) if actor else found

    @property
    def last_call(self) -> tuple[Seat, LastCall] | None:
        """The view ``last_call``; made by the acting seat, what withdrawing it goes back to is
        noted apart when read (:data:`AUCTION_BEFORE`)."""
        found: tuple[Seat, LastCall] | None = self._view("last_call")
        if found is not None and _ACTORS and _ACTORS[-1] == found[0]:
            noted = _before_noted(found[1])
            assert noted is not None
            return found[0], noted
        return found

    @property
    def contract(self) -> Contract | None:
        """The view ``contract``."""
        return self._view("contract")  # type: ignore[no-any-return]

    def rule(self, law: str, summary: str) -> AuctionState:
        with _unwatched():
            return AuctionState.rule(self, law, summary)

    def add_call(self, record: CallRecord) -> AuctionState:
        """A standing call moves the legal auction on from its key: noted as the view
        ``key_step`` (:data:`KEY_STEP`), not as a read of the key's value, and the position made
        is a :class:`_Stepped` one.  A call that does not stand leaves the key alone."""
        if not record.stands:
            with _unwatched():
                return AuctionState.add_call(self, record)
        if _WATCHING:
            _WATCHING[-1].add(KEY_STEP)
        with _unwatched():
            return _Stepped(*_fields(AuctionState.add_call(self, record)))

    def set_status(self, index: int, status: CallStatus, law: str | None = None) -> AuctionState:
        """A change of status rebuilds the legal auction from the record (read, so noted): no step
        of the key by a call, so the position made is a plain watched one even if this one was
        stepped, and a look at its key is a read of the key."""
        out = AuctionState.set_status(self, index, status, law)
        return _Watched(*_fields(out)) if type(out) is _Stepped else out

    def set_status_back(self, back: int, status: CallStatus, law: str | None = None) -> AuctionState:
        """A change of status of the entry ``back`` places from the end.  Of a call that did not
        stand, to a status that does not stand either (a held call cancelled or withdrawn), it
        leaves the legal auction as it was: a write of the log at a place counted from its end,
        nothing read.  Of a call that did not stand, made to stand with no standing call after
        it, it moves the legal auction on by that call: the view ``key_step``.  Any other change
        rebuilds the key from the record, a read of it (:meth:`set_status`)."""
        with _unwatched():
            record = self.record
            index = len(record) - 1 - back
            held = record[index].status != "stands"
            last = held and not any(r.status == "stands" for r in record[index + 1:])
        if held and status != "stands":
            with _unwatched():
                return AuctionState.set_status_back(self, back, status, law)
        if last:
            if _WATCHING:
                _WATCHING[-1].add(KEY_STEP)
            with _unwatched():
                return _Stepped(*_fields(AuctionState.set_status_back(self, back, status, law)))
        return AuctionState.set_status_back(self, back, status, law)

    def remark_back(self, back: int, irregularity: str, law: str) -> AuctionState:
        """A held entry marked again at a place counted from the end: a write of the log, nothing read."""
        with _unwatched():
            return AuctionState.remark_back(self, back, irregularity, law)

    def cite_again(self, before: AuctionState, laws: Mapping[str, str]) -> AuctionState:
        """The citations of the entries a step added given through ``laws``: a write of the log's
        words, nothing read."""
        with _unwatched():
            return AuctionState.cite_again(self, before, laws)

    def cite_back(self, back: int, law: str) -> AuctionState:
        """An entry at a place counted from the end given another citation: a write of the log's
        words, nothing read."""
        with _unwatched():
            return AuctionState.cite_back(self, back, law)

    def explain_back(self, back: int, specifies: tuple[Strain, ...]) -> AuctionState:
        """A call that no longer stands marked, at a place counted from the end, with what it was
        judged to show: a write of the log, nothing read."""
        with _unwatched():
            return AuctionState.explain_back(self, back, specifies)

    def take_back_passes(self, count: int, turn: Seat, law: str) -> AuctionState:
        """17D3's passes taken back: the record changed at places counted from its end (nothing
        of it read), the key worked out from the key (read, so noted); the record is read, and
        noted, only where a pass taken back was explained as showing a suit."""
        with _unwatched():
            out = AuctionState.take_back_passes(self, count, turn, law)
            shown = out.standing_facts is not self.standing_facts
        if _WATCHING:
            _WATCHING[-1].update(("key", "record") if shown else ("key",))
        return out

    def set_statuses_back(self, changes: Iterable[tuple[int, CallStatus, str]], key: int,
                          facts: StandingFacts) -> AuctionState:
        """Entries given a new status at places counted from the end of the record, the legal
        auction and the standing calls' facts set to values the caller holds: a write of the log,
        the key and the facts, nothing read."""
        with _unwatched():
            return AuctionState.set_statuses_back(self, changes, key, facts)

    def withdraw_back(self, withdrawn: Iterable[tuple[int, str]], key: int, facts: StandingFacts) -> AuctionState:
        """Calls withdrawn at places counted from the end of the record, the legal auction and the
        standing calls' facts set to values the caller holds: a write of the log, the key and the
        facts, nothing read."""
        with _unwatched():
            return AuctionState.withdraw_back(self, withdrawn, key, facts)

    def called_in_turn(self, seat: Seat, call: Call, key: int,
                       obligations: tuple[tuple[Obligation, ...], ...] | None = None) -> AuctionState:
        with _unwatched():
            return AuctionState.called_in_turn(self, seat, call, key, obligations)


class _BeforeNoted(LastCall):
    """The acting seat's last standing call in a watched position: a look at what withdrawing it
    goes back to (``key_before``, ``facts_before``) is noted as :data:`AUCTION_BEFORE`; the rest
    was noted when the call was asked for (checking only)."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        if name in _BEFORE_FIELDS and _WATCHING:
            _WATCHING[-1].add(AUCTION_BEFORE)
        return tuple.__getattribute__(self, name)


_BEFORE_FIELDS = frozenset({"key_before", "facts_before"})
#: While :func:`_check_auction_before` rules an action again: the key and facts the acting seat's
#: last call is then given as what withdrawing it goes back to.
_MOVED_BEFORE: list[tuple[int, StandingFacts]] = []


def _before_noted(last: LastCall | None) -> LastCall | None:
    if last is None:
        return None
    if _MOVED_BEFORE and last.key_before >= 0:
        last = last._replace(key_before=_MOVED_BEFORE[-1][0], facts_before=_MOVED_BEFORE[-1][1])
    return _BeforeNoted(*last)


class _Stepped(_Watched):
    """A watched position whose key an action has just moved on by a standing call (checking
    only).  Whether the auction so moved on has ended (``is_over``, ``is_passed_out``) is noted as
    the view ``key_step``: the step's effect, applied to another key, answers it again there.
    Every other look at the key (``key``, ``turn``, ``phase`` ...) is a read as on any watched
    position."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        """Whether the auction moved on has ended, noted as ``key_step``."""
        if _WATCHING:
            _WATCHING[-1].add(KEY_STEP)
        with _unwatched():
            return _IS_OVER(self)

    @property
    def is_passed_out(self) -> bool:
        """Whether the auction moved on is passed out, noted as ``key_step``."""
        if _WATCHING:
            _WATCHING[-1].add(KEY_STEP)
        with _unwatched():
            return _IS_PASSED_OUT(self)


def stepped_key(before: AuctionState, after: AuctionState) -> tuple[int, StandingFacts]:
    """The key and the standing calls' facts ``after`` holds if the step from ``before`` only
    moved the legal auction on by the calls it let stand: ``before``'s key and facts moved on by
    the standing calls ``after`` appended to its record, in order; or, where the step changed the
    status of a call already in the record (a call cancelled, withdrawn, or let stand), both
    worked out again from ``after``'s record (:meth:`~auction_fsm.auction.AuctionState.set_status`).
    A table that keeps the key as an effect applies it so to another position (:data:`KEY_STEP`):
    the facts move on with the key, call by call (:mod:`auction_fsm.standing`)."""
    old, new = before.record, after.record
    if len(new) < len(old) or any(new[i] != old[i] for i in range(len(old))):
        again = after.rebuilt()
        return again.key, again.standing_facts
    key, facts = before.key, before.standing_facts
    for i in range(len(old), len(new)):
        r = new[i]
        if r.stands:
            key = rules.force(key, r.seat, r.call.code)
            facts = facts.after(r)
    return key, facts


class _WatchedFacts(StandingFacts):
    """The standing calls' facts of a watched position, noting the view of each field read
    (:data:`FACT_VIEWS`; checking only)."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        view = FACT_VIEWS.get(name)
        if view is not None and _WATCHING:
            _WATCHING[-1].add(view)
        return object.__getattribute__(self, name)


_FACTS_FIELDS = attrgetter(*(f.name for f in dataclasses.fields(StandingFacts)))
_FACTS_DESCRIPTORS = tuple(StandingFacts.__dict__[f.name] for f in dataclasses.fields(StandingFacts))
_SHAPES[_WatchedFacts] = (lambda f: tuple(d.__get__(f, StandingFacts) for d in _FACTS_DESCRIPTORS),
                          {f.name: i for i, f in enumerate(dataclasses.fields(StandingFacts))})


def _plain_facts(facts: StandingFacts) -> StandingFacts:
    if type(facts) is _WatchedFacts:
        return StandingFacts(*(d.__get__(facts, StandingFacts) for d in _FACTS_DESCRIPTORS))
    return facts


class _WatchedPending(Pending):
    """The waiting procedure of a watched position, noting its views read (checking only)."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        view = _PENDING_VIEWS.get(name)
        if view is not None and _WATCHING:
            _WATCHING[-1].add(view)
        value = object.__getattribute__(self, name)
        if name == "undo" and type(value) is Undo:  # read in pieces: the auction it puts back apart
            return _WatchedUndo(*_UNDO_FIELDS(value))
        return value


class _WatchedUndo(Undo):
    """What a waiting change of call keeps to withdraw its call, in a watched procedure: the
    auction, side and facts it puts back noted as :data:`UNDO_AUCTION`, the rest as
    ``procedure_undo`` (checking only)."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        if name in _UNDO_NAMES and _WATCHING:
            _WATCHING[-1].add(UNDO_AUCTION if name in _UNDO_AUCTION_FIELDS else "procedure_undo")
        return object.__getattribute__(self, name)


_UNDO_NAMES = frozenset(f.name for f in dataclasses.fields(Undo))
_UNDO_DESCRIPTORS = tuple(Undo.__dict__[f.name] for f in dataclasses.fields(Undo))
_UNDO_FIELDS = attrgetter(*(f.name for f in dataclasses.fields(Undo)))
_SHAPES[_WatchedUndo] = (lambda u: tuple(d.__get__(u, Undo) for d in _UNDO_DESCRIPTORS),
                         {f.name: i for i, f in enumerate(dataclasses.fields(Undo))})


def _plain_undo(undo: Undo | None) -> Undo | None:
    if type(undo) is _WatchedUndo:
        return Undo(*(d.__get__(undo, Undo) for d in _UNDO_DESCRIPTORS))
    return undo


_PENDING_FIELDS = attrgetter(*(f.name for f in dataclasses.fields(Pending)))
_PENDING_DESCRIPTORS = tuple(Pending.__dict__[f.name] for f in dataclasses.fields(Pending))
# a copy with changes of a watched procedure copies every field without reading any
_SHAPES[_WatchedPending] = (lambda p: tuple(d.__get__(p, Pending) for d in _PENDING_DESCRIPTORS),
                            {f.name: i for i, f in enumerate(dataclasses.fields(Pending))})


def _plain_pending(pending: Pending | None) -> Pending | None:
    if type(pending) is _WatchedPending:
        pending = Pending(*(d.__get__(pending, Pending) for d in _PENDING_DESCRIPTORS))
    if pending is not None and type(pending.undo) is _WatchedUndo:  # (kept from a watched procedure)
        pending = dataclasses.replace(pending, undo=_plain_undo(pending.undo))
    return pending


_TURN: Callable[[AuctionState], Seat] = AuctionState.__dict__["turn"].fget
_IS_OVER: Callable[[AuctionState], bool] = AuctionState.__dict__["is_over"].fget
_IS_PASSED_OUT: Callable[[AuctionState], bool] = AuctionState.__dict__["is_passed_out"].fget
_DESCRIPTORS = tuple(AuctionState.__dict__[n] for n in PARTS)


_PLAIN_FIELDS = attrgetter(*PARTS)


def _fields(state: AuctionState) -> tuple[Any, ...]:
    """Every part of ``state`` without noting a read (a watched copy's through the slots' own
    descriptors)."""
    if type(state) is AuctionState:
        return _PLAIN_FIELDS(state)
    return tuple(d.__get__(state, AuctionState) for d in _DESCRIPTORS)


# a copy with changes of a watched position (:func:`auction_fsm.values.evolve`) reads every field
# to copy them: that is no read of the action's, so the watched class copies without noting any
_SHAPES[_Watched] = (_fields, {n: i for i, n in enumerate(PARTS)})
_SHAPES[_Stepped] = _SHAPES[_Watched]


def _watched(state: AuctionState) -> _Watched:
    return _Watched(*_fields(state))


def _plain(state: AuctionState) -> AuctionState:
    plain = AuctionState(*_fields(state)) if type(state) is not AuctionState else state
    pending = object.__getattribute__(plain, "pending")
    if type(pending) is _WatchedPending:
        plain = dataclasses.replace(plain, pending=_plain_pending(pending))
    facts = object.__getattribute__(plain, "standing_facts")
    if type(facts) is _WatchedFacts:
        plain = dataclasses.replace(plain, standing_facts=_plain_facts(facts))
    return plain


def where(action: Action) -> str:
    """``module:name`` of an action: two families may each have an action of one name."""
    return f"{action.run.__module__.rsplit('.', 1)[-1]}:{action.name}"


@dataclass(slots=True)
class Seen:
    """What :func:`observing` saw each action do, by :func:`where`: parts read and written and
    follow-ups emitted, over every run."""

    reads: dict[str, set[str]]
    writes: dict[str, set[str]]
    emits: dict[str, set[str]]


_OBSERVERS: list[Seen] = []


def audited(row: Row, ctx: Ctx) -> Outcome:
    """Run ``row``'s action at ``ctx`` on a watched copy of the position and check what it did
    against its declarations; the outcome is the action's, on a plain position.  An action that
    declares nothing yet (``reads is None``) is run and observed but not checked."""
    action = row.action
    assert action is not None
    before = ctx.state
    seen: set[str] = set()
    _WATCHING.append(seen)
    _ACTORS.append(_actor_of(ctx.event))
    _OWN_FACTS.append(action.facts)
    try:
        out = action(Ctx(_watched(before), ctx.event, None, {}))
    except Exception:
        _WATCHING.pop()
        _ACTORS.pop()
        _OWN_FACTS.pop()
        _judge(action, row, seen, None, (), ctx.event)
        raise
    _WATCHING.pop()
    _ACTORS.pop()
    _OWN_FACTS.pop()
    after = _plain(out.state)
    old, new = _fields(before), _fields(after)
    changed = {p for p, a, b in zip(PARTS, old, new, strict=True) if a is not b and a != b}
    emitted = {"event" if f is ctx.event else type(f).__name__ for f in out.follow}
    _judge(action, row, seen, changed, emitted, ctx.event)
    if changed & STEPPED and action.reads is not None and KEY_STEP in action.reads and "key" not in action.reads \
            and stepped_key(before, after) != (after.key, after.standing_facts):
        raise UndeclaredPart(
            f"action {action.name!r} (row {row.label}) changed the key or the standing calls' facts other than "
            f"by moving them on by the "
            f"calls it let stand or rebuilding it from the record, and declares only {KEY_STEP!r} "
            f"(event {ctx.event.describe()})")
    if UNDO_AUCTION in seen and action.reads is not None:
        _check_undo_auction(row, ctx, after, out.follow)
    if AUCTION_BEFORE in seen and action.reads is not None:
        _check_auction_before(row, ctx, after, out.follow)
    if "pending" in changed:  # every fact the procedure now keeps is declared, with its kind
        check_pending(after.pending, f"action {action.name!r} (row {row.label})")
    return Outcome(after, out.follow)


def _another_auction(auction: int, facts: StandingFacts) -> tuple[int, StandingFacts]:
    """A seatless auction and standing calls' facts other than these (the empty auction's, or
    one club's and a first namer's where those are the values given): what the checks of
    :data:`UNDO_AUCTION` and :data:`AUCTION_BEFORE` try in their place."""
    empty = rules.seatless(rules.initial_key(0))
    other = empty if auction != empty else rules.seatless(rules.force(rules.initial_key(0), 0, Call.parse("1C").code))
    return other, NO_STANDING_FACTS if facts != NO_STANDING_FACTS else StandingFacts(namers=(1, 0, 0, 0))


def _check_auction_before(row: Row, ctx: Ctx, after: AuctionState, follow: tuple[Any, ...]) -> None:
    """The promise of the view :data:`AUCTION_BEFORE`: the action that read it kept it, unchanged,
    as the auction its waiting change of call puts back, and, ruled again with another auction
    and facts before the acting seat's call, it leaves the same position but for that auction
    and hands back the same follow-ups.  One other value is tried: a check, not a proof."""
    action = row.action
    assert action is not None
    what = f"action {action.name!r} (row {row.label}) read {AUCTION_BEFORE!r}"
    kept = value_of(ctx.state, AUCTION_BEFORE, ctx.event)
    if procedure_view(after.pending, UNDO_AUCTION) != kept:
        raise UndeclaredPart(f"{what} but does not keep it as the auction its change of call puts back "
                             f"(event {ctx.event.describe()})")
    assert kept is not None
    auction, facts = _another_auction(kept[0], kept[2])
    key = rules.seated(auction, 0, 0)
    _MOVED_BEFORE.append((key, facts))
    _WATCHING.append(_Quiet())
    _ACTORS.append(_actor_of(ctx.event))
    try:
        again = action(Ctx(_watched(ctx.state), ctx.event, None, {}))
    finally:
        _MOVED_BEFORE.pop()
        _WATCHING.pop()
        _ACTORS.pop()
    moved = _plain(again.state)
    for part, mine, real in zip(PARTS, _fields(moved), _fields(after), strict=True):
        if part != "pending" and mine != real:
            raise UndeclaredPart(f"{what} for more than keeping it: with another auction before the call, "
                                 f"part {part!r} differs (event {ctx.event.describe()})")
    if with_auction_kept(moved.pending, auction_before(key, facts), kept) != after.pending or again.follow != follow:
        raise UndeclaredPart(f"{what} for more than keeping it: with another auction before the call, "
                             f"the procedure or the follow-ups differ (event {ctx.event.describe()})")


def _check_undo_auction(row: Row, ctx: Ctx, after: AuctionState, follow: tuple[Any, ...]) -> None:
    """The promise of the view :data:`UNDO_AUCTION`: the action that read it declares the key's
    step and not the key (so :func:`audited` has proved the key and facts it left are the
    record's), and, ruled again with another auction, side and facts kept in the change's place,
    it leaves every other part and hands back the same follow-ups.  One other value is tried (the
    empty auction's, or one bid of one club's where that is the value kept): a check, not a proof
    over every value."""
    action = row.action
    assert action is not None and action.reads is not None
    what = f"action {action.name!r} (row {row.label}) read {UNDO_AUCTION!r}"
    if KEY_STEP not in action.reads or "key" in action.reads:
        raise UndeclaredPart(f"{what}, the auction a change of call puts back, and must then declare "
                             f"{KEY_STEP!r} and not 'key' (event {ctx.event.describe()})")
    state = ctx.state
    p = state.pending
    assert p is not None and p.undo is not None, "the view is read from a waiting change of call"
    auction, facts = _another_auction(p.undo.auction, p.undo.facts)
    moved = dataclasses.replace(p.undo, auction=auction, bidder=None, facts=facts)
    with _unwatched():
        again = action(Ctx(dataclasses.replace(state, pending=dataclasses.replace(p, undo=moved)), ctx.event, None, {}))
    new = _fields(_plain(again.state))
    for part, mine, real in zip(PARTS, new, _fields(after), strict=True):
        if part not in STEPPED and part != "pending" and mine != real:
            raise UndeclaredPart(f"{what} for more than putting the key back: with another auction "
                                 f"kept, part {part!r} differs (event {ctx.event.describe()})")
    if procedure_view(again.state.pending, "procedure") != procedure_view(after.pending, "procedure") \
            or again.follow != follow:
        raise UndeclaredPart(f"{what} for more than putting the key back: with another auction "
                             f"kept, the procedure or the follow-ups differ (event {ctx.event.describe()})")


def _judge(action: Action, row: Row, read: set[str], written: set[str] | None, emitted: set[str] | tuple[()],
           event: Event | FollowUp) -> None:
    if _OBSERVERS:
        who = where(action)
        for seen in _OBSERVERS:
            seen.reads.setdefault(who, set()).update(read)
            seen.writes.setdefault(who, set()).update(written or ())
            seen.emits.setdefault(who, set()).update(emitted)
    if action.reads is None:
        return
    for role, did, declared in (("read part", read, covered(action.reads)), ("wrote part", written or set(), action.writes),
                                ("emitted follow-up", set(emitted), action.emits)):
        extra = sorted(did - (declared or frozenset()))
        if extra:
            raise UndeclaredPart(
                f"action {action.name!r} (row {row.label}) {role} {extra[0]!r}, not declared "
                f"(it declares: {', '.join(sorted(declared or ())) or 'nothing'}; event {event.describe()})")


#: The last position a slot was computed at, and its watched copy (slots are computed many at a
#: time at one position).
_LAST_WATCHED: list[Any] = []


def audited_fact(name: str, compute: Callable[[Any], Hashable], ctx: Any) -> Hashable:
    """Compute slot ``name`` on a watched copy of the position and check the parts it read
    against the slot's declaration (a slot not declaring its parts is observed, not checked).
    The parts a slot reads are also parts read by whoever asked for it (an action, or another
    slot computed from it), except for an action that declares the slot among its ``facts``:
    for it they are the fact's (:func:`action_reads` counts them)."""
    state = ctx.state
    last = _LAST_WATCHED
    if last and last[0] is state:
        watched = last[1]
    else:
        watched = _watched(state)
        _LAST_WATCHED[:] = [state, watched]
    seen: set[str] = set()
    _WATCHING.append(seen)
    _ACTORS.append(_actor_of(ctx.event))
    _OWN_FACTS.append(frozenset())
    try:
        value = compute(Ctx(watched, ctx.event, None, {}))
    finally:
        _WATCHING.pop()
        _ACTORS.pop()
        _OWN_FACTS.pop()
        if _WATCHING and not (_OWN_FACTS and name in _OWN_FACTS[-1]):
            _WATCHING[-1].update(seen)
    for observer in _OBSERVERS:
        observer.reads.setdefault(f"fact:{name}", set()).update(seen)
    declared = covered(SLOTS[name].parts)
    if declared is not None and not seen <= declared:
        extra = sorted(seen - declared)
        raise UndeclaredPart(f"fact {name!r} is computed from part {extra[0]!r}, not declared (it declares: "
                             f"{', '.join(sorted(declared)) or 'nothing'}; event {ctx.event.describe()})")
    return value


@contextlib.contextmanager
def auditing() -> Iterator[None]:
    """Every action the engine runs, and every slot computed, while the block runs is checked
    against its declaration (:func:`audited`, :func:`audited_fact`)."""
    AUDITS.append(audited)
    COMPUTE_HOOKS.append(audited_fact)
    try:
        yield
    finally:
        AUDITS.remove(audited)
        COMPUTE_HOOKS.remove(audited_fact)


@contextlib.contextmanager
def observing() -> Iterator[Seen]:
    """Like :func:`auditing`, and note what every action did (for drafting and measuring)."""
    seen = Seen({}, {}, {})
    _OBSERVERS.append(seen)
    try:
        with auditing():
            yield seen
    finally:
        _OBSERVERS.remove(seen)


def table(book: LawBook) -> str:
    """The book's actions by family as a Markdown table (docs/law-book.md shows it, and a test
    keeps the two the same): how many actions; how many read the log, and of those how many
    change nothing but the log and emit nothing (they read the history to tell it: restating the
    auction, a refusal's words); how many carry a call without looking at it (:mod:`.carried`);
    the parts read and written and the follow-ups emitted by any."""
    order = {p: i for i, p in enumerate(READABLE)}
    counts: dict[str, list[int]] = {}
    sets: dict[str, tuple[set[str], set[str], set[str]]] = {}
    met: set[int] = set()
    for r in book.rows:
        a = r.action
        if a is None or id(a) in met:
            continue
        met.add(id(a))
        reads, writes, emits = a.reads or frozenset(), a.writes or frozenset(), a.emits or frozenset()
        n = counts.setdefault(r.family, [0, 0, 0, 0])
        n[0] += 1
        n[1] += bool(reads & LOG)
        n[2] += bool(reads & LOG) and writes <= LOG and not emits
        n[3] += bool(a.carries)
        read, wrote, emitted = sets.setdefault(r.family, (set(), set(), set()))
        read |= reads
        wrote |= writes
        emitted |= emits
    lines = [("| family | actions | reading the log | of those, telling it only | carrying a call | parts read "
              "| parts written | follow-ups emitted |"), "|---|---:|---:|---:|---:|---|---|---|"]
    for family, (n_all, n_log, n_told, n_carry) in counts.items():
        read, wrote, emitted = sets[family]
        lines.append(f"| {family} | {n_all} | {n_log} | {n_told} | {n_carry} | "
                     f"{', '.join(sorted(read, key=order.__getitem__)) or '-'} | "
                     f"{', '.join(sorted(wrote, key=order.__getitem__)) or '-'} | {', '.join(sorted(emitted)) or '-'} |")
    total = [sum(v[i] for v in counts.values()) for i in range(4)]
    lines.append(f"| all | {total[0]} | {total[1]} | {total[2]} | {total[3]} | | | |")
    return "\n".join(lines)


def facts_table() -> str:
    """The declared facts by owning family as a Markdown table (docs/law-book.md shows it, a
    test keeps the two the same): how many, and which are computed from the log."""
    by_family: dict[str, list[str]] = {}
    from_log: dict[str, list[str]] = {}
    for s in SLOTS.values():
        by_family.setdefault(s.family, []).append(s.name)
        if (s.parts or frozenset()) & LOG:
            from_log.setdefault(s.family, []).append(s.name)
    lines = ["| family | facts | computed from the log |", "|---|---:|---|"]
    for family, names in by_family.items():
        logged = from_log.get(family, [])
        lines.append(f"| {family} | {len(names)} | {len(logged)}: {', '.join(f'`{n}`' for n in logged)} |"
                     if logged else f"| {family} | {len(names)} | 0 |")
    lines.append(f"| all | {len(SLOTS)} | {sum(len(v) for v in from_log.values())} |")
    return "\n".join(lines)
