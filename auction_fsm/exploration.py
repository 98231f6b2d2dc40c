"""The engine as a configuration space: complete compact keys and candidate events.

The configuration graph of an irregular scope is explored through the real engine
(:meth:`AuctionState.apply`): every candidate event is offered at every configuration, and those
the engine refuses are simply not edges.  This module supplies the two things such an explorer
needs from the core:

* :func:`config_key` — a hashable key holding *everything* the future of a state depends on:
  the legal-auction key, the last standing calls with the key before them (cancellations and
  changes of call reach back at most that far), obligations, the pending procedure with the
  calls it refers to, waiting rectifications, lead-restriction rights with the suits the
  offender has specified, exposed cards, the opening lead and declarer's choices, who first
  named each strain for each side (declarer), the number of irregularities so far, whether
  a passed-out board's hands are back in the board, and whether the last call in the record
  still stands or waits for a ruling (its seat naming it again changes nothing, 25).
  Record positions are counted from the end of the record over the records that still matter
  (standing, pending or referred to), so equal keys behave alike however many cancelled calls
  lie between.
* :func:`candidate_events` — the events worth offering in a scope: calls by every seat of every
  call up to the scope's level (plus one bid above seven), the director, both answers to each
  judgement, every listed option, changes of call, exposures of one honour and one low card per
  seat, and leads of one representative card per suit (a rank of its own for each seat).

Standard library only, like the rest of the core.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, cast

from . import rules
from .auction import AuctionState
from .calls import ALL_CALLS, PASS_CODE, Call, Strain, parse_call
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
from .lawbook.classify import EVENT_TRIGGERS, classify_in, in_turn_kind, may_claim_change
from .lawbook.exposure import penalty_cards
from .lawbook.procedure_facts import names_of_kind
from .lawbook.restrictions import suits_specified_by
from .lawbook.rows import Ctx
from .lawbook.slip_first import SLIP_STEP
from .records import CallRecord, Pending
from .scope import FAMILIES, ROW_FAMILIES, Scope
from .seats import Seat

__all__ = ["FAMILIES", "switched_on", "alphabet", "config_key", "candidate_events", "candidate_part", "handed_over",
           "is_terminal", "room_for", "within_scope"]

#: One shared event per (seat, call code): candidates are offered at every configuration.
_CALL_EVENTS: tuple[tuple[CallEvent, ...], ...] = tuple(
    tuple(CallEvent(seat, call) for call in ALL_CALLS) for seat in Seat)

_DOUBLE, _REDOUBLE = parse_call("X"), parse_call("XX")
_NO_OBLIGATIONS: tuple[tuple[object, ...], ...] = ((), (), (), ())
#: The facts a waiting procedure keeps that are places in the record: ranked, not kept, in a key.
_POSITIONAL = names_of_kind("place")
_EXPOSABLE = {Seat.N: Suit.C, Seat.E: Suit.D, Seat.S: Suit.H, Seat.W: Suit.S}
# Each seat leads its own representative rank, so that no seat is offered a card another seat
# has already shown (a refused lead out of turn stays on the table as the offender's card).
#: The family of the opening lead, and the procedure of declarer's choices before it: what the
#: key drops in a scope without the lead (named once here).
_LEAD_FAMILY = "opening_lead"
_DECLARER_OPTIONS = "declarer_lead_options"
_LEAD_RANK = {Seat.N: "3", Seat.E: "4", Seat.S: "5", Seat.W: "6"}


def _first_namers(state: AuctionState) -> tuple[tuple[int, int, int], ...]:
    seen: dict[tuple[int, Strain], Seat] = {}
    for r in state.standing_calls:
        if r.call.is_bid and r.call.strain is not None:
            seen.setdefault((r.seat % 2, r.call.strain), r.seat)
    return tuple(sorted((side, int(strain), int(seat)) for (side, strain), seat in seen.items()))


def config_key(state: AuctionState, families: frozenset[str] = frozenset(),
               declarer_memory: bool = True, bounds: Scope | None = None,
               judged_call_read: bool = True) -> tuple[object, ...]:
    """The complete compact key of ``state`` for a scope with ``families`` switched on.

    Only what some enabled family can still look back at is kept: the last two standing calls
    and the key before them when changes of call, or calls out of rotation (which may be
    attempts to change one), are on (25, 21B reach no further back, since partner must not
    have called since; often only the last one can still be reached, :func:`_window_size`); the
    key to return to when a pass out of rotation sits
    among the trailing passes (17D3).  ``declarer_memory`` keeps who first named each strain for
    each side; a scope whose configurations end at the final pass may leave it out, because
    nothing before the end depends on it.

    ``bounds`` (the scope's bounds) makes the key as small as the scope allows:

    * the incident count is capped at the budget: only whether the budget is spent matters to
      what follows, and some procedures count a step without a new irregularity (27B3's
      cancelled double, then a new replacement), so the exact count grows around such a loop;
    * once the auction has ended, and nothing can reopen it (only a change of call can, and
      only while the budget allows one), the first-namers are replaced by the declarer they
      determine;
    * while nothing can let a standing bid go or a lower one stand (out of rotation,
      insufficient, inadmissible calls and changes all can, but only while the budget allows a
      new irregularity or a rectification is still under way), first-namers are kept only for
      the strains that can still end the auction within ``bounds.max_level``: the last bid's
      strain and the strains with a sufficient bid left at or below that level;
    * in a scope without the opening lead, an end where declarer's choices before the lead are
      pending (26B, 50D) keeps no pending procedure, like an end without them: nothing follows
      it there, and whether there is a choice, and between which suits, depends on the suits
      the offender specified, which the key before the final pass may leave out (so two states
      with one key could otherwise reach ends with different keys).

    * a slip claim awaiting the director's judgement keeps the intended call only where it
      could stand (:func:`_intended_call_out_of_bounds`);

    * a comparability judgement does not keep the withdrawn call (:func:`_without_withdrawn_call`),
      nor does a change of call the call it would replace once LHO's bid covers it and no
      irregularity is left (:func:`_changed_call_covered`), nor the legal auction under the last
      calls while a change whose new call is a sufficient bid is ruled with no irregularity left
      (:func:`_auction_under_unread`); once such a change stands and LHO chooses whether to keep
      his call over it, neither the changed call nor the auction standing now
      (:func:`_change_stands`), nor LHO's call where it lapses either way
      (:func:`_lho_call_lapses`); and a new call that is an inadmissible double or redouble is
      named ``X`` either way (:func:`_inadmissible_either_way`);

    * a scope without the opening lead keeps no 26B rights: nothing it explores reads them
      (:func:`_rights_part`); one with it, once no irregularity is left, keeps the suits
      specified by the offender of the rectification under way only, since every right is
      against that offender (:func:`_possible_offenders`);

    * a scope split by the contract's strain (``bounds.contract_strain``) keeps the first-namers
      of that strain only, and at an auction ended in another strain, none: such an end is
      handed over to the scope of its own strain, where its declarer is known (the auction
      before the end never reads the memory, and a new first-namer of a strain comes from the
      calls, not from the other strains' memory);

    * a scope split by the offender (``bounds.offender_seat``) keeps the suits its own seat has
      specified only, and once another seat has committed the first irregularity, nothing but
      that seat: such an end is handed over to that seat's scope (with one irregularity per
      auction every 26B right is against the first offender, :func:`_rights_part`);

    * the obligations keep their kind and call, not the law that imposed them (27B2 and 27B3
      both silence partner to the end of the auction; which one is only cited);

    * with ``judged_call_read`` false (a book whose ``reads_judged_call`` is false, as the 2017
      book's), a rectification waiting to judge the offender's next call (31B, 32) keeps the
      cancelled call it is compared with as ``-1``: it is read only for the comparability
      question, which the director answers either way, and the comparability judgement keeps
      no withdrawn call (:func:`_without_withdrawn_call`);

    * whether the last call in the record still stands (its seat naming it again changes
      nothing, 25) is kept only where a future reads it: not at an end of a scope without the
      opening lead, nor once the budget is spent with nothing pending (:func:`_just_made`);

    * the legal-auction keys keep the last bidder's side, not his seat: the Laws of the auction
      ask only whether the last bid was an opponent's (19A1, 19B1), and who declares comes from
      the first-namers (after N 1C E X, and after N P E P S 1C W P N P E X, South calls next
      over East's double of his side's 1C: one future).

    These reductions are exact for exploration by :func:`candidate_events` and
    :func:`within_scope` under the same ``bounds``.
    """
    if bounds is not None and handed_over(state, bounds):
        # an end of this scope with nothing after it here: only the contract is kept, or, handed
        # over to the first offender's part, only that seat
        if bounds.offender_seat is not None and state.first_offender not in (-1, bounds.offender_seat):
            return (int(state.dealer), -1, True, (), -1, _NO_OBLIGATIONS, (), (),
                    (), (), (), (), ("handed over", state.first_offender), 0, False)
        return (int(state.dealer), rules.bidder_side_only(state.key), True, (), -1, _NO_OBLIGATIONS, (), (),
                (), (), (), (), ("handed over",), 0, False)
    record = state.record
    # the last four standing calls, in order: as far back as the key reads (a window of two,
    # three trailing passes and the call before them); the auction under them comes from the
    # record's prefix keys
    standing: list[tuple[int, CallRecord]] = []
    for i in range(len(record) - 1, -1, -1):
        r = record[i]
        if r.status == "stands":
            standing.append((i, r))
            if len(standing) == 4:
                break
    standing.reverse()
    p = state.pending
    ci = -1 if p is None else state.index_of(p)  # the record index of the procedure's call
    # LHO's keep-or-withdraw choice once the change stands (25A6, 21B2): the changed call and the
    # auction standing over it are read by nothing again (_change_stands)
    stands = p is not None and _change_stands(state, p, bounds)
    # the record index of a call being changed that nothing reads again (-1: none)
    covered = ci if p is not None and (stands or _changed_call_covered(state, p, bounds)) else -1
    # the record index of LHO's call over it when that call lapses whatever LHO chooses (-1: none)
    lapses = (state.place_index(int(p.get("lho_call"))) if p is not None and stands and _lho_call_lapses(state, p)
              else -1)
    # a change of call (25, 21B1), or a call at LHO's turn by the player who just called, which is
    # an attempt to change it (30B2, 31C, 32C), reaches back to the last two standing calls
    window = (standing[-_window_size(state, families, bounds, standing):]
              if families & _CHANGING and _may_change(state, bounds) else [])
    # (the procedure keeps its places counted back from the end: here, as record indexes)
    positional = [state.place_index(int(v)) for k, v in p.extra if k in _POSITIONAL and v] if p is not None else []
    refs = {i for i, _ in window} | set(positional)
    if p is not None and p.procedure != "lead_out_of_turn" and ci >= 0:
        refs.add(ci)
    rank = _ranks(state, refs) if refs else {}
    recent: tuple[object, ...] = ()
    if window:
        prefix = state.key_before(window[0][0])
        # (-2: the auction under the calls kept is never read again, see _auction_under_unread)
        head = -2 if _auction_under_unread(state, p, bounds, window) else rules.bidder_side_only(prefix)
        recent = (head, tuple((rank[i], int(r.seat), -1 if i in (covered, lapses) else r.call.code,
                               int(r.in_turn_of)) for i, r in window))
    revert = -1
    trailing: list[tuple[int, CallRecord]] = []
    for i, r in reversed(standing):
        if not r.call.is_pass or len(trailing) == 3:
            break
        trailing.append((i, r))
    oor = [(i, r) for i, r in reversed(trailing) if r.in_turn_of != r.seat]
    if oor:
        revert = rules.bidder_side_only(state.key_before(oor[0][0])) * 8 + len(trailing)
    pending: tuple[object, ...] = ()
    if (p is not None and p.procedure == _DECLARER_OPTIONS and state.is_over and bounds is not None
            and _LEAD_FAMILY not in families):
        # an end of an auction-only scope (nothing follows it there): whether declarer has a
        # choice before the lead, and between what, depends on the suits the offender
        # specified, which the key before the final pass may leave out; kept, it would make
        # the end's key depend on which of the equal-keyed states was reached first
        pass
    elif p is not None:
        extra = tuple((k, str(rank[state.place_index(int(v))]) if k in _POSITIONAL and v else v) for k, v in p.extra)
        if p.step == SLIP_STEP and _intended_call_out_of_bounds(state, p, bounds):
            extra = tuple(("new", "") if k == "new" else (k, v) for k, v in extra)
        if p.procedure == "comparable_call":
            extra = _without_withdrawn_call(extra)
        elif _inadmissible_either_way(state, p, bounds):
            extra = tuple(("new", "X") if k == "new" else (k, v) for k, v in extra)
        if p.procedure == "lead_out_of_turn":
            ref: tuple[object, ...] = ("lead", p.back + 1)
        elif ci >= 0:
            r = record[ci]
            code = -1 if ci == covered else r.call.code
            ref = (rank[ci], int(r.seat), code, int(r.in_turn_of), r.status)
        else:
            ref = ()
        referenced = tuple((rank[i], -1 if i == lapses else record[i].call.code, record[i].status)
                           for i in positional)
        pending = (p.procedure, p.step, p.decider, p.options, int(p.offender), int(p.in_turn_of), ref,
                   extra, referenced)
    obligations = _obligations_part(state)
    watches = tuple((w.kind, int(w.offender),
                     -1 if w.kind == "judge_replacement" and not judged_call_read else w.call.code, w.law)
                    for w in state.watches)
    restrictions, specified = _rights_part(state, families, bounds)
    exposed = tuple((int(e.seat), e.card.text, e.led, e.law) for e in state.exposed)
    lead_state: tuple[object, ...] = ()
    if state.leads or state.lead_rules or state.refused_leads or state.lead_choices:
        lead_state = (tuple((int(ld.seat), ld.card.text, ld.faced, ld.status) for ld in state.leads),
                      tuple((r.kind, int(r.suit), int(r.leader), None if r.card is None else r.card.text)
                            for r in state.lead_rules),
                      tuple((int(pc.seat), pc.card.text) for pc in state.refused_leads),
                      tuple(sorted(c.text for c in state.picked_up)), state.swapped,
                      state.options_key == state.key, state.lead_choices)
    namers: tuple[object, ...] = ()
    if declarer_memory:
        namers = _first_namers(state) if bounds is None else _scoped_namers(state, bounds)
    incidents = state.incidents if bounds is None else min(state.incidents, bounds.max_irregularities)
    auction = rules.bidder_side_only(state.key)
    if stands and p is not None:
        # the auction the change goes back to stands in for the one standing now (-2: not even that)
        auction = -2 if recent and recent[0] == -2 else rules.bidder_side_only(state.key_before(ci))
    return (int(state.dealer), auction, _just_made(state, families, bounds), recent, revert, obligations,
            pending, watches, restrictions, specified, exposed, lead_state, namers, incidents, state.hands_returned)


def _just_made(state: AuctionState, families: frozenset[str], bounds: Scope | None) -> bool:
    """What the key keeps of the last call in the record, which its seat naming again changes
    nothing (25, :func:`~auction_fsm.lawbook.changes.call_named_again`): whether it still stands
    or waits for a ruling.  The recent calls and the pending procedure above say which call that
    is, and whether the procedure rules on it (its rank is then the first); they count only the
    calls that still matter, so a cancelled call after the last of them would else go unseen.

    Within ``bounds`` nothing reads it (``True`` then) at an end of a scope without the opening
    lead, where nothing follows, nor once the budget is spent with nothing pending: naming that
    call again is then an irregularity the explorer does not offer either way (a call at LHO's
    turn or after the final pass, a change of call), and the next call made is the last one."""
    record = state.record
    if not record:
        return False
    if bounds is not None:
        p = state.pending
        at_end = (_LEAD_FAMILY not in families and state.is_over
                  and (p is None or p.procedure == _DECLARER_OPTIONS))
        if at_end or (p is None and state.incidents >= bounds.max_irregularities):
            return True
    return record[-1].status in ("stands", "pending")


def _obligations_part(state: AuctionState) -> tuple[tuple[object, ...], ...]:
    """Each seat's obligations in the key: their kind and call, not the law that imposed them.

    That law is read only to word rulings, and by ``silenced_by_27`` to choose between two
    rulings that leave the same obligations (``AuctionState.impose`` adds no second obligation
    of a kind).  Measured: the coarsest bisimulation keeps its classes on every level-1 scope,
    ``insufficient-2`` (62,170, with 149,901 configurations instead of 182,601) and
    ``inadmissible-2`` (11,477), ``benchmarks/bench_quotient.py``."""
    if not any(state.obligations):
        return _NO_OBLIGATIONS
    return tuple(tuple((o.kind, -1 if o.call is None else o.call.code) for o in obs) for obs in state.obligations)


def _rights_part(state: AuctionState, families: frozenset[str], bounds: Scope | None
                 ) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """The 26B rights in the key, and the suits each seat has specified where a right may still
    arise and declarer's choice at the opening lead is explored.

    26B asks only whether some right binds the presumed leader, and which suits its offender
    specified in the legal auction; the withdrawn call and the law behind each right are for the
    narration.  So the key keeps the set of offenders, with their specified suits; while a new
    right may still arise, it keeps the suits every seat has specified, since any of them may
    become an offender, or in a scope split by the offender (``bounds.offender_seat``), the
    suits of that scope's seat only: with one irregularity per auction every right is against
    the seat that committed it (the suite checks this on whole parts), and an auction whose
    irregularity is another seat's is handed over (:func:`handed_over`).

    A scope without the opening lead (``bounds`` given) keeps no right at all.  Nothing it
    explores reads them: during the auction they are only added to (``AuctionState.restrict``)
    and cited (``common.nothing_further``); at the final pass they decide whether declarer's
    choices before the lead become pending (``lead._to_settle``), and such a scope's end keeps
    no pending choices (:func:`config_key`).  Measured: the coarsest bisimulation keeps its
    classes (``inadmissible-2`` 11,477, with 25,037 configurations instead of 39,766;
    ``rotation-1`` 23,529, 44,620 instead of 45,995; ``changes-1`` 40,008, 103,066 instead of
    104,026; ``benchmarks/bench_quotient.py``), and ``inadmissible-2`` keeps its path count.
    """
    if bounds is not None and _LEAD_FAMILY not in families:
        return (), ()
    restrictions = tuple(sorted({
        (int(r.offender), tuple(sorted(map(int, suits_specified_by(state, r.offender)))))
        for r in state.restrictions}))
    specified: tuple[object, ...] = ()
    if _LEAD_FAMILY in families and families & _RESTRICTING and (bounds is None or not _settled(state, bounds)):
        specified = _specified_suits(state)
        if bounds is not None and bounds.offender_seat is not None:
            # a part split by the offender: a right can only be against its own seat (any other
            # seat's first irregularity is handed over, and no second one comes)
            specified = tuple(bits if seat == bounds.offender_seat else 0 for seat, bits in enumerate(specified))
        if bounds is not None and state.incidents >= bounds.max_irregularities:
            # no new irregularity may come: a new right can only be against the offender of the
            # rectification under way (the pending procedure, a watch, a repeat owed)
            who = _possible_offenders(state)
            specified = tuple(bits if seat in who else 0 for seat, bits in enumerate(specified))
    return restrictions, specified


def _possible_offenders(state: AuctionState) -> frozenset[int]:
    """The seats a rectification already under way may still give a 26B right against: every
    right in the book is against the offender of the procedure that rules it."""
    out = {int(w.offender) for w in state.watches}
    if state.pending is not None:
        out.add(int(state.pending.offender))
    out.update(seat for seat, obs in enumerate(state.obligations) if any(o.kind == "repeat_call" for o in obs))
    return frozenset(out)


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


def _changed_call_covered(state: AuctionState, p: Pending, bounds: Scope | None) -> bool:
    """Whether the call a change (25, 21B1) would replace is read again by nothing, once its
    maker's LHO has bid over it and no irregularity is left.

    Whatever the director and LHO decide, the call either is withdrawn (the new call is then
    ruled over the calls before it, which the key keeps, and the withdrawn call is only named in
    rulings and in the comparability judgement, :func:`_without_withdrawn_call`) or stands
    under LHO's bid, which decides the legal auction from then on.  With no irregularity left
    no other change can reach back to it.  The call's seat and place stay in the key, and with
    declarer memory the first-namers still tell its strain.  Measured: ``changes-1`` 90,294
    configurations become 75,729, with its 41,870 classes; ``verify --check-keys`` finds 0
    inexact keys on it and on ``rotation-1`` under either book.
    """
    if bounds is None or state.incidents < bounds.max_irregularities or p.procedure not in _CHANGE_PROCEDURES:
        return False
    lho = p.get("lho_call")
    if not lho:
        return False
    r = state.record[state.place_index(int(lho))]
    return r.stands and r.call.is_bid


def _change_stands(state: AuctionState, p: Pending, bounds: Scope | None) -> bool:
    """Whether ``p`` is LHO's choice over a change that stands (25A6 after a slip judged
    unintended, 21B2 after misinformation), with no irregularity left.

    Both of LHO's options end in :func:`~auction_fsm.lawbook.changes.substitute`: the changed
    call and LHO's call over it are withdrawn, the new call is ruled as made in turn over the
    calls standing before the changed one, and LHO's call is made again over it or not.  So the
    changed call is read again only to word the ruling, and the auction standing now (changed
    call, LHO's call) by nothing: what follows reads the auction under the changed call, the new
    call and LHO's call, which the key keeps elsewhere (the last standing calls, the pending
    procedure).  The only events offered are LHO's two options, so the candidate lists do not
    depend on the auction either.  With no irregularity left no other change can reach back to
    the changed call.  The first-namers and the specified suits, which the changed call may
    still feed, are parts of their own and stay as they are.

    Measured with :func:`_lho_call_lapses`: the coarsest bisimulation keeps its classes
    (``changes-1`` 35,601, with 46,416 configurations instead of 56,904; ``changes-1`` at the
    two level 179,446; ``benchmarks/bench_quotient.py``), and ``verify --check-keys`` finds 0
    inexact keys on ``changes-1`` under either book.
    """
    return (bounds is not None and p.step == "awaiting_lho_choice" and p.procedure in _CHANGE_PROCEDURES
            and state.incidents >= bounds.max_irregularities and state.index_of(p) >= 0)


def _lho_call_lapses(state: AuctionState, p: Pending) -> bool:
    """Whether LHO's call over a change that stands (:func:`_change_stands`) lapses whichever
    option LHO takes, so that which call it was is read by nothing again.

    It does when the new call (:func:`_new_call_in_turn`) is a double or redouble Law 19 does
    not permit there (36) or an insufficient bid (27).  The director puts that call in place, so
    he rules on it at once (9B2, ``SubstitutedCall``): Law 36 cancels it and the offender calls
    again, Law 27 gives LHO a choice; either way it is not LHO's turn with nothing pending when
    LHO's kept call comes to be made again, and a kept call then lapses (``classify``:
    ``restore_lapses``), as a withdrawn one does.  LHO calls afresh when his turn comes.  A call
    a silenced player may not make (37) is left out: its rectification may leave LHO to call with
    nothing pending.
    """
    made = _new_call_in_turn(state, p)
    if made is None:
        return False
    call, under = made
    if call.is_double or call.is_redouble:
        return not rules.permitted_for(under, p.offender, call.code)
    return call.is_bid and call.is_admissible_level and rules.step_or_none(under, call.code) is None


def _inadmissible_either_way(state: AuctionState, p: Pending, bounds: Scope | None) -> bool:
    """Whether the new call of a change (25, 21B1) ruled with no irregularity left is a double
    or redouble that Law 19 would not permit over the calls standing before the changed one,
    where a redouble would not be permitted either (or a double, for a redouble).

    Law 36 treats an inadmissible double and an inadmissible redouble alike: put in place by the
    director it is cancelled at once and the offender calls again (36B); made by the player and
    called over by LHO, both calls are cancelled (36A); if the change is refused (25B2) the
    original call stands.  Which of the two it was is then read only to word the rulings, and
    no key keeps a cancelled call.  So the key names it ``X`` either way.  Measured: ``changes-1``
    46,416 configurations become 43,200 with its 35,601 classes, 0 inexact keys under either book.
    """
    if (bounds is None or p.procedure not in _CHANGE_PROCEDURES or state.index_of(p) < 0
            or state.incidents < bounds.max_irregularities or p.get("new") not in ("X", "XX")):
        return False
    made = _new_call_in_turn(state, p)
    if made is None:
        return False
    _, under = made
    return not any(rules.permitted_for(under, p.offender, c.code) for c in (_DOUBLE, _REDOUBLE))


def _new_call_in_turn(state: AuctionState, p: Pending) -> tuple[Call, int] | None:
    """The new call of a change and the key of the auction it is ruled over (the calls standing
    before the changed one), when the changed call was made in its maker's turn and its maker
    has no obligation, so that the new call is ruled as his call in turn over that auction with
    nothing else to weigh; ``None`` otherwise."""
    o = p.offender
    if state.record[state.index_of(p)].in_turn_of != o or any(state.obligations[o]):
        return None
    try:
        call = parse_call(p.get("new"))
    except AuctionFsmError:
        return None
    return call, state.key_before(state.index_of(p))


def _auction_under_unread(state: AuctionState, p: Pending | None, bounds: Scope | None,
                          window: list[tuple[int, CallRecord]]) -> bool:
    """Whether the legal auction under the last standing calls the key keeps (``window``; the
    auction a change may go back to) is read by nothing that follows, while a change of call
    (25) or a change after misinformation (21B1) is ruled with no irregularity left.

    It is when the call the player would put in place of his own (``new``) is a bid that is
    sufficient over the calls standing under the one he changes.  The procedure then ends in
    one of two ways.  The change stands: the bid replaces the call, and the legal auction after
    a bid is the bid, its maker's side and whose turn it is, whatever stood under it (19, 22;
    :func:`auction_fsm.rules.step_or_none`), so what follows is ruled over the same auction for
    every auction under it.  Or the call stays: the auction is the one standing now, which the
    key holds apart.  With no irregularity left no later change can reach back, and the key
    stops keeping the last calls as the procedure ends (:func:`_may_change`).  Whatever else
    depends on the calls under it is a part of the key of its own: who first named each strain,
    the suits each seat specified, the 17D3 revert.  A new call that is not a bid, or is a bid
    that would be insufficient there, keeps it: the auction after a pass, a double or Law 27
    depends on what stood under.

    Measured: the coarsest bisimulation keeps its classes (``changes-1`` 41,870, with 60,389
    configurations instead of 75,729; ``rotation-1`` 24,235, 38,392 instead of 40,712;
    ``benchmarks/bench_quotient.py``).
    """
    if (bounds is None or p is None or p.procedure not in _CHANGE_PROCEDURES
            or state.incidents < bounds.max_irregularities
            or all(i != state.index_of(p) for i, _ in window)):
        return False
    under = state.key_before(state.index_of(p))
    new = p.get("new")
    if not new:
        return False
    try:
        call = parse_call(new)
    except AuctionFsmError:
        return False
    # (a bid of levels 1-7: codes below the pass's; a bid above seven is Law 38's irregularity)
    return call.code < PASS_CODE and call.code > rules.unpack(under)[1]


def _without_withdrawn_call(extra: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """A comparability judgement's facts (23A) without the withdrawn call it names.

    Whether the replacement is comparable is the director's judgement, an input either way; the
    withdrawn call is then read only to word the ruling and to note on a 26B right which call
    gave it (``comparable.comparable``, ``not_comparable``), and no key keeps that note
    (:func:`_rights_part`).  So judgements that differ only in the call withdrawn have one
    future, in every scope and under either book.  Measured: ``rotation-1`` 44,620
    configurations become 40,712 and ``changes-1`` 91,795 become 90,294, with their classes
    (24,235 and 41,870, ``benchmarks/bench_quotient.py``).
    """
    return tuple(("withdrawn", "") if k == "withdrawn" else (k, v) for k, v in extra)


def _may_change(state: AuctionState, bounds: Scope | None) -> bool:
    """True when a standing call may still be withdrawn by a change of call (25, 21B) within
    ``bounds``: the budget allows a new irregularity (a change of call, or a call at LHO's turn
    that tries one, 30B2), or a change is being judged.  Only those procedures withdraw a
    standing call and rule its replacement over the calls before it (17D3's revert has its own
    part of the key); once neither can happen, the last standing calls and the key before them
    are never read again, and keeping them would give two states with one future two keys (a
    withdrawal moves the window back over a call the key did not hold)."""
    if bounds is None or state.incidents < bounds.max_irregularities:
        return True
    p = state.pending
    return p is not None and p.procedure in _CHANGE_PROCEDURES


def _window_size(state: AuctionState, families: frozenset[str], bounds: Scope | None,
                 standing: list[tuple[int, CallRecord]]) -> int:
    """How many of the last standing calls (``standing``) a change may still reach, given that
    one may (:func:`_may_change`): the key keeps them and the legal-auction key before them.

    * A change of call (25, 21B; the ``changes`` family) may replace the call before LHO's, as
      long as its maker's partner has not called: two calls.
    * Without that family, the only change is the attempt made by calling again at LHO's turn
      (30B2, 31C, 32C), which only the maker of the last standing call can make, on that call
      (``rotation.out_of_rotation_kind``, ``changes.attempt``).  The call before it could be
      reached only once that one is withdrawn, by a second attempt: a second irregularity.  So
      while at most one irregularity is left, one call.
    * With no irregularity left and a change of the last standing call being judged, one call:
      the procedure withdraws only that call (no call stands after it for LHO to take back),
      and no other change can be tried after it.

    Exactness is measured, not only argued: the coarsest bisimulation
    (``benchmarks/bench_quotient.py``) has the same number of classes as with two calls
    (``rotation-1`` 23,529, with 55,223 configurations instead of 75,963; ``changes-1``
    40,008, with 110,802 instead of 140,082), and ``verify --check-keys`` finds 0 inexact keys
    (150,058 and 210,158 edges).  (Forgetting the passes before a call being changed into a
    bid, tried too, is not exact: the bid named may be insufficient, and the call made in its
    place a pass.)
    """
    if bounds is None:
        return 2
    left = bounds.max_irregularities - state.incidents
    p = state.pending
    if left <= 0 and p is not None and p.procedure in _CHANGE_PROCEDURES and standing \
            and state.index_of(p) == standing[-1][0]:
        return 1
    return 2 if "changes" in families or left >= 2 else 1


def candidate_part(key: tuple[object, ...]) -> tuple[object, ...]:
    """The parts of a :func:`config_key` that a configuration's candidate events depend on: the
    legal-auction key, the obligations, what the pending procedure is and who decides between
    what (not the calls it refers to), the exposed cards, the incidents and the call just made
    (which its seat naming again changes nothing, 25).  Keys with equal parts here share one
    candidate list (the parallel explorer deals them to one worker)."""
    pending = key[6]
    what = pending[:6] if isinstance(pending, tuple) else pending
    return (key[1], key[5], what, key[10], key[13], key[2])


#: Families whose calls may try to change an earlier call.
_CHANGING = frozenset({"changes", "rotation"})
#: Procedures that withdraw a standing call and rule its replacement (25, 21B).
_CHANGE_PROCEDURES = frozenset({"change_of_call", "misinformation"})
#: Families whose rectifications may give declarer a 26B right.
_RESTRICTING = frozenset({"rotation", "insufficient_bid", "inadmissible", "changes"})


def _specified_suits(state: AuctionState) -> tuple[int, int, int, int]:
    """For each seat, the suits it named in a standing bid, as four bits (for 26B)."""
    out = [0, 0, 0, 0]
    for r in state.record:
        if r.stands and r.call.is_bid and r.call.strain is not None and r.call.strain.is_suit:
            out[r.seat] |= 1 << int(r.call.strain)
    return out[0], out[1], out[2], out[3]


#: Families under which a standing bid may be withdrawn or a lower bid may come to stand, so that
#: a strain no sufficient bid can name any more may become the contract's strain again.
_REVIVING = frozenset({"rotation", "insufficient_bid", "inadmissible", "changes"})
#: Procedures of the opening lead: they change nothing in the auction.
_LEAD_PROCEDURES = frozenset({_DECLARER_OPTIONS, "lead_out_of_turn"})


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
            and not any(o.kind == "repeat_call" for obs in state.obligations for o in obs))


def _scoped_namers(state: AuctionState, bounds: Scope) -> tuple[object, ...]:
    """The part of the first-namer memory the future can still read (see :func:`config_key`);
    with ``bounds.contract_strain``, of that strain only (auctions ending in another strain are
    ends there, so no other strain's declarer is asked)."""
    frozen = not bounds.families & _REVIVING or _settled(state, bounds)
    if rules.is_final(state.key) and ("changes" not in bounds.families or frozen):
        contract = state.contract
        if contract is None or handed_over(state, bounds):
            return ()  # passed out, or handed over to the scope of the contract's strain
        return ("declarer", int(contract.declarer))
    namers = _first_namers(state)
    if bounds.contract_strain is not None:  # only this strain's declarer is ever asked
        namers = tuple(n for n in namers if n[1] == bounds.contract_strain)
    if not frozen:
        return namers
    last_bid = rules.unpack(state.key)[1]
    if last_bid == rules.NO_BID:
        return namers
    top = 5 * (bounds.max_level - 1)
    return tuple(n for n in namers if n[1] == last_bid % 5 or top + n[1] > last_bid)


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


def _ranks(state: AuctionState, refs: set[int]) -> dict[int, int]:
    """Positions in the record counted from the end over the records that still matter.

    The engine only looks back at standing calls, calls whose fate is pending, and the calls a
    procedure refers to; cancelled or withdrawn calls outside those are never read again.
    Counting positions over the rest keeps equal situations equal however many cancelled calls
    lie between (a loop of 27B3 replacements appends one each round).
    """
    out: dict[int, int] = {}
    count = 0
    record = state.record
    for i in range(len(record) - 1, -1, -1):
        if record[i].status in ("stands", "pending") or i in refs:
            count += 1
            out[i] = count
    return out


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
            for call in calls:
                if call.code < 38:
                    yield ChangeCall(seat, call, "slip")
                    yield ChangeCall(seat, call, "misinformation")
    if wanted(ExposeCards):
        for seat in Seat:
            for rank in ("A", "2"):
                card = Card(_EXPOSABLE[seat], rank)
                if all(e.card != card for e in state.exposed):
                    yield ExposeCards(seat, (card,))
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


def candidate_events(state: AuctionState, scope: Scope, book: LawBook | None = None) -> Iterator[Event]:
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
    """
    book = ruling_book(state, book)
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
        try:
            trigger = classify_in(ctx)
        except AuctionFsmError:
            continue  # input the Laws cannot take here
        forced = bool(required) and is_required_repeat(state, event)
        if not forced:
            if trigger not in offered:
                continue
            if not pending and not room and trigger not in _REGULAR_TRIGGERS:
                continue
        row = book.takes(phase, trigger, ctx)
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
