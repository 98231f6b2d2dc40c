"""The engine as a configuration space: the events an explorer offers, and its bounds.

The configuration graph of an irregular scope is explored through the real engine
(:meth:`AuctionState.apply`): every candidate event is offered at every configuration, and those
the engine refuses are simply not edges.  How configurations are keyed is not here: the key is
the values of what the scope's rules declare they read (:mod:`auction_fsm.graph.declared_key`).
This module supplies what such an explorer needs from the core:

* :func:`candidate_events` -- the events worth offering in a scope: calls by every seat of every
  call up to the scope's level (plus one bid above seven), the director, both answers to each
  judgement, every listed option, changes of call, exposures of one honour and one low card per
  seat, and leads of one representative card per suit (a rank of its own for each seat);
* the scope's bounds: :func:`within_scope` (which steps belong to it), :func:`room_for` (where an
  irregularity may still be committed), :func:`handed_over` (ends of a part of a split scope),
  and the two tests the key's narrowings share with them (``_settled``: only regular calls can
  follow; ``_intended_call_out_of_bounds``: a slip claim's intended call has no future within
  the bounds).

Standard library only, like the rest of the core.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, cast

from . import rules
from .auction import AuctionState
from .calls import ALL_CALLS, Call, Strain, parse_call
from .cards import Card, Suit
from .engine import IRREGULAR_TAGS, irregularities, is_required_repeat, judged_by_record
from .errors import AuctionFsmError
from .events import (
    CallEvent,
    ChangeCall,
    Choice,
    DirectorCalled,
    Event,
    ExposeCards,
    FaceLead,
    HandsReturned,
    Judgement,
    Lead,
)
from .lawbook import LawBook, ruling_book
from .lawbook.classify import EVENT_TRIGGERS, in_turn_kind, may_claim_change
from .lawbook.exposure import penalty_cards
from .lawbook.rows import Ctx
from .lawbook.selection_table import SelectionTable, decisions_of
from .records import Pending
from .scope import FAMILIES, ROW_FAMILIES, Scope
from .seats import Seat

__all__ = ["FAMILIES", "switched_on", "alphabet", "candidate_events", "handed_over", "is_terminal", "repeat_owed",
           "room_for", "within_scope"]

#: One shared event per (seat, call code): candidates are offered at every configuration.
_CALL_EVENTS: tuple[tuple[CallEvent, ...], ...] = tuple(
    tuple(CallEvent(seat, call) for call in ALL_CALLS) for seat in Seat)

#: Likewise the two changes of call (a slip, 25A; after misinformation, 21B1) per seat and code.
_CHANGE_EVENTS: tuple[tuple[tuple[ChangeCall, ChangeCall], ...], ...] = tuple(
    tuple((ChangeCall(seat, call, "slip"), ChangeCall(seat, call, "misinformation")) for call in ALL_CALLS)
    for seat in Seat)

_EXPOSABLE = {Seat.N: Suit.C, Seat.E: Suit.D, Seat.S: Suit.H, Seat.W: Suit.S}
#: The exposures offered (one honour, one low card of the seat's own suit), per seat.
_EXPOSURES = {seat: tuple(ExposeCards(seat, (Card(suit, rank),)) for rank in ("A", "2"))
              for seat, suit in _EXPOSABLE.items()}
# Each seat leads its own representative rank, so that no seat is offered a card another seat
# has already shown (a refused lead out of turn stays on the table as the offender's card).
#: The procedure of declarer's choices before the opening lead.
_DECLARER_OPTIONS = "declarer_lead_options"
_LEAD_RANK = {Seat.N: "3", Seat.E: "4", Seat.S: "5", Seat.W: "6"}


#: The triggers of a call made in turn that commit an irregularity of their own (38, 36, 37, 27),
#: with the scope family whose rows take it (``tests/graph/test_irregular_space.py`` checks them
#: against each book's rows).
IRREGULAR_IN_TURN: Final[dict[str, str]] = {
    trigger: IRREGULAR_TAGS[trigger]  # the call is recorded under its trigger's name
    for trigger in ("bid_above_seven", "inadmissible_double", "violates_pass_obligation", "insufficient_bid")}


def _intended_call_out_of_bounds(state: AuctionState, p: Pending, bounds: Scope | None) -> bool:
    """Whether the intended call of a slip claim awaiting the director's judgement (25A) could
    only be made as a new irregularity the bounds leave out.

    Judged unintended, the irregular call is withdrawn and the intended call made in its place,
    in turn, over the same legal auction (``slip_first.intended_replaces``); if that call is
    itself irregular (an insufficient bid, an inadmissible double, a call a silenced player may
    not make, a bid above seven) of a family in which the bounds leave no room (no irregularity
    left, or the family switched off: :func:`room_for`), or refused, then that branch leaves
    the scope, and only "intended" remains, which forgets the call named.  So claims naming any
    such call have one future, and the key does not tell them apart (measured: the coarsest
    bisimulation keeps its classes, ``insufficient-1`` 15,709 configurations becoming 11,149,
    ``insufficient-2`` 149,901 becoming 103,797, ``inadmissible-2`` 53,400 becoming 39,766,
    ``rotation-1`` 51,555 becoming 45,995, where a required repeat that is insufficient opens
    Law 27 within the incident, all with no irregularity left; with the family switched off
    too, ``insufficient-2`` 103,797 becoming 103,197 and ``inadmissible-2`` 25,037 becoming
    24,477, with their classes, 62,170 and 11,477)."""
    if bounds is None or state.key & 3 != int(p.offender):
        return False
    try:
        kind = in_turn_kind(state, p.offender, parse_call(p.get("new")))
    except AuctionFsmError:
        return True  # the engine refuses the call: no edge either
    family = IRREGULAR_IN_TURN.get(kind)
    return family is not None and family not in room_for(state, bounds)


#: Procedures of the opening lead: they change nothing in the auction.
_LEAD_PROCEDURES = frozenset({_DECLARER_OPTIONS, "lead_out_of_turn"})


def repeat_owed(state: AuctionState) -> bool:
    """Whether some seat owes the repeat a rectification requires (31A1, 32A1): that call, however
    irregular, is part of the incident that caused it (``engine.is_required_repeat``), so it may
    come whatever the budget."""
    return any(o.kind == "repeat_call" for obs in state.obligations for o in obs)


def _settled(state: AuctionState, bounds: Scope) -> bool:
    """True when, within ``bounds``, only regular calls can follow until the auction ends.

    With the budget spent, :func:`candidate_events` and :func:`within_scope` offer no new
    irregularity but the repeat a rectification requires (31A1, 32A1), which may itself be an
    insufficient bid that LHO accepts; so the state is settled once nothing of the auction is
    pending, no rectification waits for a later call and nobody owes a repeat.
    """
    p = state.pending
    return (state.incidents >= bounds.max_irregularities and not state.watches
            and (p is None or p.procedure in _LEAD_PROCEDURES)
            and not repeat_owed(state))


def handed_over(state: AuctionState, bounds: Scope) -> bool:
    """True when ``state`` is an end of a part of a split scope, handed over to another part
    that explores its whole future:

    * split by the contract's strain (``bounds.contract_strain``): the auction has ended in
      another strain; that strain's part explores the lead, and a change of call after the final
      pass that reopens the auction, with that strain's first-namers in its key;
    * split by the offender (``bounds.offender_seat``): another seat committed the auction's
      first irregularity (``AuctionState.first_offender``); that seat's part explores it, with
      that seat's specified suits in its key.
    """
    if bounds.offender_seat is not None and state.first_offender not in (-1, bounds.offender_seat):
        return True
    if bounds.contract_strain is None or not rules.is_final(state.key):
        return False
    contract = state.contract
    return contract is not None and contract.strain != bounds.contract_strain


def is_terminal(state: AuctionState) -> bool:
    """An end of the auction period: the lead faced (17D1) or, for a passed-out board, the hands
    returned to the board (17D2)."""
    return state.phase in ("play", "hands_returned")


def alphabet(state: AuctionState, scope: Scope, room: bool,
              kinds: frozenset[type] | None = None) -> Iterator[Event]:
    """Every table event this explorer can offer at ``state``: the alphabet, not the Laws.

    Calls by every seat of every call up to the scope's level (and one bid above seven while an
    irregularity may still be committed and inadmissible calls are on), the director, both
    answers to the judgement asked for, every option offered, changes of call on both grounds
    by every seat whose change the classifier hears (while a procedure is pending, its
    offender's only: the classifier refuses the others'), exposures of one honour and one low card per seat, leads of one representative card per
    suit (a rank of its own for each seat) and of any known penalty card, and facing a lead.
    ``kinds`` limits it to those kinds of event.  Which events the position admits is the law
    book's to say (:func:`candidate_events`).
    """
    def wanted(kind: type) -> bool:
        return kinds is None or kind in kinds

    p = state.pending
    if p is not None:
        # once the director is there, calling again changes nothing (9B2): not explored
        if wanted(DirectorCalled) and "director" in p.options:
            yield DirectorCalled()
        judgement = p.get("judgement")
        if judgement and wanted(Judgement):
            for value in (True, False):
                yield Judgement(judgement, value)  # type: ignore[arg-type]
        if p.decider in Seat.__members__ and wanted(Choice):
            for option in p.options:
                yield Choice(Seat[p.decider], option)
    calls = [c for c in ALL_CALLS if not c.is_bid or c.level <= scope.max_level]
    if room and "inadmissible" in scope.families:
        calls.append(Call.bid(8, Strain.C))
    if wanted(CallEvent):
        for seat in Seat:
            for call in calls:
                yield _CALL_EVENTS[seat][call.code] if call.code < 38 else CallEvent(seat, call)
    if wanted(ChangeCall):
        # only the changes the classifier takes here: while a procedure is pending, the offender's
        # (which of them could still replace a call is the rows' to say, candidate_events)
        for seat in (s for s in Seat if may_claim_change(state, s)):
            changes = _CHANGE_EVENTS[seat]
            for call in calls:
                if call.code < 38:
                    yield from changes[call.code]
    if wanted(ExposeCards):
        for seat in Seat:
            for exposure in _EXPOSURES[seat]:
                card = exposure.cards[0]
                if all(e.card != card for e in state.exposed):
                    yield exposure
    if wanted(FaceLead):
        yield FaceLead()
    if wanted(Lead):
        yield from _leads(state)
    if wanted(HandsReturned):
        yield HandsReturned()


#: With the irregularity budget spent, the triggers still offered: regular calls, the presumed
#: leader facing the opening lead (a lead faced at once or a face-down lead faced), and the
#: hands of a passed-out board going back into the board.
_REGULAR_TRIGGERS = frozenset({"call_pass", "call_bid", "call_double", "call_redouble", "opening_lead",
                               "face_lead", "hands_returned"})


def candidate_events(state: AuctionState, scope: Scope, book: LawBook | None = None,
                     tables: SelectionTable | None = None) -> Iterator[Event]:
    """The events of the alphabet (:func:`alphabet`) for which a row of the position's book
    (``book``, if given, must be it) is enabled at ``state`` — the classifier gives the event's trigger, the book the row whose guard holds —
    and whose row's family the scope switches on (:data:`~auction_fsm.scope.ROW_FAMILIES`;
    inside a procedure its steps are always on), unless the row is declared to record an
    irregularity the bounds leave out (``Row.records``: a new one with the budget spent, or
    one of a family switched off), or declared to leave the auction as it was
    (``Row.auction_unchanged``: a change of call made too late only adds the attempted call,
    cancelled, 25A4; this is an explorer of the auction).  With the irregularity budget spent and
    nothing pending, only regular rows are offered (:data:`_REGULAR_TRIGGERS`).  The call a
    rectification requires (31A1, 32A1) is offered whatever row takes it and whatever the
    budget: it may turn out insufficient, which opens Law 27 even in a scope without that
    family, and the Laws still require it (it is part of the incident that caused it,
    :func:`~auction_fsm.engine.is_required_repeat`).

    ``tables`` (for the position's book) answers the classifier and the rows' guards by the facts
    they read (:mod:`~auction_fsm.lawbook.selection_table`), with the same events offered.
    """
    book = ruling_book(state, book)
    decisions = decisions_of(book, tables)
    allowed = room_for(state, scope)
    room = bool(allowed)
    phase = state.phase
    pending = state.pending is not None
    on = scope.families
    offered, kinds = _offered(book, phase, pending, on)
    required = () if pending else tuple(
        o.call for o in state.obligations[state.turn] if o.kind == "repeat_call")
    if not offered and not required:
        return
    if required:
        kinds = kinds | {CallEvent}
    for event in alphabet(state, scope, room, kinds):
        ctx = Ctx(state, event)  # one context: the guards reuse the facts the classifier read
        trigger = decisions.classify(ctx)
        if trigger is None:
            continue  # input the Laws cannot take here
        forced = bool(required) and is_required_repeat(state, event)
        if not forced:
            if trigger not in offered:
                continue
            if not pending and not room and trigger not in _REGULAR_TRIGGERS:
                continue
        row = decisions.takes(phase, trigger, ctx)
        if row is None or row.refusal or row.auction_unchanged or not (
                pending or forced or switched_on(row.family, on)):
            continue
        if (row.records is not None and row.records not in allowed and not forced
                and judged_by_record(state, event)):
            continue  # it records an irregularity the bounds leave out (see within_scope)
        yield event


def _offered(book: LawBook, phase: str, pending: bool,
             on: frozenset[str]) -> tuple[frozenset[str], frozenset[type]]:
    """The triggers some switched-on row offers from ``phase``, and the kinds of event that may
    set them off (worked out once per book, phase and families, and kept with the book)."""
    key = ("offered", phase, pending, on)
    found = book.derived.get(key)
    if found is None:
        offered = frozenset(t for t in book.triggers_from(phase) if pending or any(
            switched_on(r.family, on) for r in book.candidates(phase, t)))
        kinds = frozenset(kind for kind, triggers in EVENT_TRIGGERS.items() if triggers & offered)
        found = book.derived[key] = (offered, kinds)
    return cast("tuple[frozenset[str], frozenset[type]]", found)


def switched_on(row_family: str, on: frozenset[str]) -> bool:
    """Whether a scope with families ``on`` offers rows of ``row_family``."""
    family = ROW_FAMILIES.get(row_family)
    return family is None or family in on


def room_for(state: AuctionState, scope: Scope) -> frozenset[str]:
    """The families in which the next event at ``state`` may still commit an irregularity
    within ``scope``: the scope's own while its budget is not spent, else none (the bound
    :func:`within_scope` applies to the outcome, and the engine's ``room`` before it)."""
    return scope.families if state.incidents < scope.max_irregularities else frozenset()


def within_scope(before: AuctionState, event: Event, after: AuctionState, families: Scope) -> bool:
    """Whether the step ``before`` -> ``after`` by ``event`` belongs to the scope ``families``.

    :func:`candidate_events` cannot see what a call made during a pending procedure will turn
    out to be; this filter, applied to the engine's outcome, keeps out irregularities of
    families that are switched off and any beyond the incident budget.  A call the Laws require
    (the repeat of 31A1/32A1, which may itself be insufficient) is no new irregularity
    (:func:`~auction_fsm.engine.is_required_repeat`), so it is always in scope, and so is the
    procedure it may open: the bound never leaves such a configuration without a way to go on.
    """
    new = irregularities(before, event, after)
    if not new:
        return True
    return new <= families.families and after.incidents <= families.max_irregularities


_alphabet = alphabet  # the name the tests knew first


def _leads(state: AuctionState) -> Iterator[Event]:
    """One card per suit (plus known penalty cards) led by every seat, faced and face down."""
    contract = state.contract
    if contract is None or state.current_lead is not None:
        return
    for seat in Seat:
        own = [pc.card for pc in penalty_cards(state) if pc.seat == seat]
        cards = own + [Card(suit, _LEAD_RANK[seat]) for suit in Suit]
        for card in cards:
            for faced in (True, False):
                yield Lead(seat, card, faced)
