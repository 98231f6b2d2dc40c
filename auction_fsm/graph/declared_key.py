"""Configurations keyed by what a scope's rules declare they read (issue 37, item 5).

The explorer's key (:class:`~auction_fsm.graph.irregular_space.IrregularSpace`), built from the
rules' own declarations; until 70ca55c a key written by hand (``exploration.config_key``, called
the compact key below) restated, part by part, what the rules may still look at.  For a scope, it takes every row the scope switches on and
collects what each declares reading: its action's ``reads``, the parts of each fact its guard
declares, the parts of each fact the classifier reads, and what the explorer itself reads to
offer events and to bound the scope (:data:`EXPLORER_READS`).  The key of a position is then the
value of each of those parts, and of each view of the log a rule declares (``last_calls``,
``passes_at_end`` ...) in place of the log itself.  A part no rule of the scope reads is left out:
it can change, but nothing that decides the future looks at it.

What it proves, and what not:

* The key collects the reads of the rows the scope switches on.  Inside a procedure every row of
  it may fire, and a required repeat (31A1, 32A1) may open a procedure of a family the scope
  switches off (an insufficient repeat opens Law 27 in a scope of calls out of rotation); the
  reads of those rows are collected only where they are the scope's own.  Tested, not proved: the
  key check on every default scope finds no inexact key (``benchmarks/GRAPH.md``).
* A rule whose declaration is wrong is found by the audits (``tests/test_declared_parts.py``,
  ``tests/test_perturbed_parts.py``), not here: the key trusts the declarations.
* A view of the log is a function of the whole record.  Keyed by its value, two positions with
  one value now may differ later, after a step that changes the record somewhere else than at its
  end.  Where no rule of the scope writes the record so, the key is exact; where one does, the key
  check (``auction-fsm verify --check-keys``) is what tests it.
* A view that moves on from its own value and the step alone (:data:`~auction_fsm.lawbook.parts.CLOSED_VIEWS`:
  each piece of the standing calls' facts) is keyed as its value, in place of the part it is
  computed from: a rule asking who declares does not split positions by the suits specified.
* Two of those views are narrowed further by the scope's own bounds (:meth:`DeclaredKey.first_namers`,
  :meth:`DeclaredKey.suits_specified`): what no rule can read within the bounds is left out.
* A scope without the opening lead ends at the final pass: the rows that can fire only after it
  (39's, a call after the final pass) are not taken (:func:`after_end_dropped`), and of the 26B
  rights only those a later step can take back are kept (:func:`rights_taken_back`).
* A name read only by rows that fire on a new irregularity (:func:`_fires_on_a_new_irregularity`),
  or also by rows of procedures only such rows open, is keyed as nothing once the budget is
  spent and nobody owes a required repeat, while nothing waits or the procedure waiting is none
  in which a row of the book reads it (:func:`irregular_only`, :meth:`DeclaredKey.unread_past_budget`):
  derived from the rows, it takes the last standing call alone (``last_call``) on the scopes of
  calls out of rotation, which is what let ``rotation-1`` finish.  Tested, not proved: the key check.
* The last standing call alone (``last_call``), where kept, has its places as ranks and the
  standing calls' facts before it narrowed as a change's are (:meth:`DeclaredKey.last_call`).
* A scope in which some rule reads the record or the rulings themselves is keyed on them: exact,
  but the exploration then tells apart every history and rarely finishes.  :attr:`DeclaredKey.log_readers`
  names those rules, so that the report says which declaration stops the key from being small.

The waiting procedure is keyed by its views (``procedure``, ``procedure_call``,
``procedure_place``, ``procedure_undo``: :data:`~auction_fsm.lawbook.parts.VIEWS`), each only
where some rule or the explorer declares it (a declaration of ``pending`` itself asks for all
four).  Four of its values are keyed in a narrower form than the one read, each said where it
is made, and each tested by the key check rather than proved:

* the places the procedure keeps in the record (its call's, :func:`relative_places`), by their
  order among the entries still looked at, not counted from the end;
* at an end of a scope without the opening lead, declarer's options before the lead
  (:func:`_options_at_end`);
* the intended call a slip claim names, where the scope's bounds leave it no future
  (:func:`intended_call_unread`);
* the withdrawn call a comparability judgement names, but where it resumes an insufficient
  bid's replacement (:func:`withdrawn_unread`).

Likewise a watch on the offender's next call (31A2, 32A2) is keyed without the call it judges
against, under a book that reads that call for nothing but the judgement
(:func:`judged_call_unread`).

The words some parts hold only for the rulings (the law of each obligation, the law and the
withdrawn call of each 26B right: :mod:`auction_fsm.lawbook.words_only`) are left out of the key;
that rules read them for words only is checked by changing them
(:func:`auction_fsm.graph.perturbation.check_words`).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import rules
from ..auction import AuctionState
from ..calls import Call, parse_call
from ..errors import AuctionFsmError
from ..events import CallEvent, ChangeCall
from ..exploration import _intended_call_out_of_bounds, _settled, handed_over, repeat_owed, switched_on
from ..lawbook import LawBook, changes, lead
from ..lawbook.classify import EVENT_TRIGGERS, ONE_KIND_PARTS, classifier_reads
from ..lawbook.facts import SLOTS
from ..lawbook.parts import (
    CLOSED_VIEWS,
    FACT_VIEWS,
    KEY_STEP,
    LOG,
    PARTS,
    PHASE_READS,
    UNKEYED,
    VIEW_SOURCES,
    VIEWS,
    action_reads,
    procedure_view,
    value_of,
    where,
)
from ..lawbook.procedure_facts import names_of_kind
from ..lawbook.rows import SAME, Row
from ..lawbook.slip_first import SLIP_SOURCES, SLIP_STEP
from ..lawbook.words_only import WORDED, without_words
from ..records import Pending, Watch
from ..scope import ROW_FAMILIES, Scope
from ..seats import Seat
from ..standing import NO_STANDING_FACTS, StandingFacts

__all__ = ["DeclaredKey", "EXPLORER_READS", "HandedOver", "declared_key"]

#: What the explorer reads itself, besides the rules: whose turn it is and how the auction stands
#: (the calls it offers, the end), the waiting procedure (the choices and judgements it offers),
#: obligations (the calls a seat may make), the cards exposed and the leads (the cards it offers,
#: the end at the faced lead), a passed-out board's hands (the end), the dealer (the traces), and
#: the count of irregularities, up to the scope's budget (the bound).
EXPLORER_READS: frozenset[str] = frozenset({
    "dealer", "key", "procedure", "obligations", "exposed", "leads", "hands_returned", "incidents"})
#: (Of the waiting procedure the explorer reads its options, decider and judgement asked for, to
#: offer choices and answers, and its offender, to offer changes of call: the view ``procedure``.)
#: The engine, too, reads something itself: the machine state a step starts from (the phase,
#: :data:`~auction_fsm.lawbook.parts.PHASE_READS`), so that is in every key.

#: The procedure of declarer's options before the opening lead, and the scope's family of the lead.
_DECLARER_OPTIONS = lead.DLO
_LEAD_FAMILY = ROW_FAMILIES[lead.FAMILY]
_LOG_VIEWS = frozenset(v for v, parts in VIEWS.items() if parts & LOG)
#: The views of the waiting procedure, keyed as themselves: together they are the whole of it.
_PENDING_VIEWS = frozenset(v for v, parts in VIEWS.items() if parts == {"pending"})
_ALL = frozenset(PARTS) - {"pending"} | _PENDING_VIEWS
#: The facts a procedure keeps that are places in the record counted back from its end.
_PLACE_FACTS = names_of_kind("place")


def _names(declared: frozenset[str] | None) -> frozenset[str]:
    """What a declaration puts in the key: a view computed from narrower views (the contract; the
    acting seat's last call, whose seat the key cannot know without the event, as every seat's:
    ``last_calls``), as what those put in it; a view of the log, or a view closed under the steps,
    as itself; any other view as the parts it is computed from; the step of the key as nothing
    (its effect is applied, not read), and the auction before the acting seat's last call as
    nothing too: a rule reads it off that call, found through ``actor_last_call`` or
    ``last_call`` (the audit notes the one used), which the key holds whole; an undeclared rule,
    every part."""
    if declared is None:
        return _ALL
    out: set[str] = set()
    for name in declared:
        if name in UNKEYED:
            continue
        if name in VIEW_SOURCES:
            out |= _names(VIEW_SOURCES[name])
        elif name in _LOG_VIEWS or name in CLOSED_VIEWS or name in _PENDING_VIEWS:
            out.add(name)
        elif name == "pending":
            out |= _PENDING_VIEWS
        elif name in VIEWS:
            out |= VIEWS[name]
        else:
            out.add(name)
    return frozenset(out)


def relative_places(state: AuctionState) -> tuple[Pending | None, int | None]:
    """The waiting procedure with the places it keeps in the record (its call's, ``back``, and
    those among its facts) given as their order among the entries still looked at, counted from
    the end: entries that stand or wait for a ruling, and those the procedure names.  Also that
    order for ``back`` itself (``None``: the procedure is about no call).

    Why: a rule uses a place to name the entry it acts on (lets it stand, cancels it, reads it
    back by value through ``procedure_call``); whether the call waited on is the last entry is
    the view ``procedure_at_end``.  An entry that neither stands nor waits nor is named by the
    procedure is looked at by no view the key holds: the call just made (``call_just_made``) gives
    nothing for it, the passes ending the auction and the last calls skip it.  So how many such
    entries lie between is not kept: a loop of 27B3 replacements adds one each round, and counted
    from the end the place would grow without bound.  Tested, not proved: the key check
    (``auction-fsm verify --check-keys``) compares the futures of merged positions."""
    p = state.pending
    if p is None:
        return None, None
    record = state.record
    on_record = p.back >= 0 and p.call is not None  # (a lead out of turn's place is in the leads)
    named = {len(record) - 1 - p.back} if on_record else set()
    named |= {len(record) - 1 - int(v) for k, v in p.extra if k in _PLACE_FACTS and v}
    if not named:
        return p, None
    order: dict[int, int] = {}
    for i in range(len(record) - 1, min(named) - 1, -1):
        if record[i].status in ("stands", "pending") or i in named:
            order[i] = len(order)
    extra = tuple((k, f"#{order[len(record) - 1 - int(v)]}") if k in _PLACE_FACTS and v else (k, v)
                  for k, v in p.extra)
    back = order[len(record) - 1 - p.back] if on_record else None
    return dataclasses.replace(p, extra=extra), back


def entry_ranks(state: AuctionState, back: int) -> dict[int, int]:
    """For each place counted back from the end of the record up to ``back`` (at least), its rank
    among the entries still looked at (those that stand or wait for a ruling, and those the waiting
    procedure names: :func:`relative_places` counts the same ones, so ranks and the procedure's
    relative places compare as the places do).  ``-1`` maps to ``-1``.  Why: a cancelled entry
    is looked at by no view the key holds, so how many lie between is not kept."""
    p = state.pending
    record = state.record
    n = len(record)
    named: set[int] = set()
    if p is not None:
        if p.back >= 0 and p.call is not None:
            named.add(n - 1 - p.back)
        named |= {n - 1 - int(v) for k, v in p.extra if k in _PLACE_FACTS and v}
    out = {-1: -1}
    count = 0
    for i in range(n - 1, max(n - 2 - back, -1), -1):
        out[n - 1 - i] = count
        if record[i].status in ("stands", "pending") or i in named:
            count += 1
    return out


class HandedOver(NamedTuple):
    """The key of every position a part of a split scope hands over to another part
    (:func:`~auction_fsm.exploration.handed_over`): the seat of the first irregularity and the
    contract's strain, each ``-1`` where the part is not split so.

    Why one key for all of them: such a position is an end of its part, where the explorer offers
    nothing, and what the checks ask of an end (whether it is a real end, whether the auction
    ended in this part's strain, whose irregularity it holds: ``IrregularSpace.split_ends``)
    is the same for all positions handed over to the same part.  The part they go to explores
    them, each with its own key."""

    offender: int
    strain: int


# how DeclaredKey.of works out the value of a name (DeclaredKey._plan)
(_VALUE, _PROCEDURE, _KEY, _INCIDENTS, _FIRST_NAMERS, _SUITS, _RIGHTS, _LAST_CALLS, _LAST_CALL,
 _RULINGS, _RECORD, _WATCHES, _WORDED) = range(13)


@dataclass(frozen=True)
class DeclaredKey:
    """The parts and views a scope's key holds, in a fixed order, and who asks for each."""

    names: tuple[str, ...]
    #: The rules (``module:name``, or ``fact:name``) that read the log itself, by part.
    log_readers: dict[str, tuple[str, ...]]
    budget: int
    offender_split: bool
    #: The scope (its bounds narrow the first namers, the suits specified and a slip claim's
    #: intended call: :meth:`first_namers`, :meth:`suits_specified`, :func:`intended_call_unread`).
    scope: Scope
    #: Whether a row of an irregularity the scope switches on writes the legal auction's key (it
    #: may then let a standing bid go or a lower one stand, 17D3, 25, 27, 36), or the 26B rights.
    reviving: bool
    restricting: bool
    #: The scope ends at the final pass (it has no opening lead): :func:`_options_at_end`.
    ends_at_final_pass: bool = False
    #: Whether the book reads the call a waiting 31A2/32A2 rectification judges the offender's
    #: next call against for more than the comparability question (``LawBook.reads_judged_call``):
    #: :func:`judged_call_unread`.
    judged_call_read: bool = True
    #: The names read only by rows that fire on a new irregularity, each with the procedures
    #: whose own rows still read it (:func:`irregular_only`, :meth:`unread_past_budget`).
    irregular_only: dict[str, frozenset[str]] = dataclasses.field(default_factory=dict)

    def of(self, state: AuctionState) -> tuple[Hashable, ...]:
        """The key of ``state``: the value of each name, the irregularities counted up to the
        budget, the first namers and the suits specified as far as the bounds let a rule read
        them, the waiting procedure's views with its places relative (:func:`relative_places`)."""
        scope = self.scope
        if (scope.offender_seat is not None or scope.contract_strain is not None) and handed_over(state, scope):
            contract = state.contract
            return HandedOver(state.first_offender if scope.offender_seat is not None else -1,
                              int(contract.strain) if scope.contract_strain is not None and contract else -1)
        out: list[Any] = []
        procedure: tuple[Pending | None, int | None] | None = None
        spent = self._spent(state)
        for name, how, irregular in self._plan:
            if spent and irregular and self.unread_past_budget(state, name):
                out.append(None)
            elif how == _VALUE:
                out.append(value_of(state, name))
            elif how == _PROCEDURE:
                if procedure is None:
                    procedure = self._procedure(state)
                p, place = procedure
                if name == "procedure_place":
                    out.append(place if place is not None or p is None else p.back)
                else:
                    out.append(procedure_view(p, name))
            elif how == _KEY:
                out.append(None if self._change_stands(state) else value_of(state, name))
            elif how == _INCIDENTS:
                out.append(min(state.incidents, self.budget))
            elif how == _FIRST_NAMERS:
                out.append(self.first_namers(state))
            elif how == _SUITS:
                out.append(self.suits_specified(state))
            elif how == _RIGHTS:
                out.append(rights_taken_back(state))
            elif how == _LAST_CALLS:
                out.append(self.last_calls(state))
            elif how == _LAST_CALL:
                out.append(self.last_call(state))
            elif how == _RULINGS:
                out.append(tuple(state.rulings))
            elif how == _RECORD:
                out.append(tuple(state.record))
            elif how == _WATCHES:
                out.append(judged_call_unread(state.watches))
            else:  # _WORDED
                out.append(without_words(name, value_of(state, name)))
        return tuple(out)

    @functools.cached_property
    def _plan(self) -> tuple[tuple[str, int, bool], ...]:
        """Each name with how :meth:`of` works its value out (worked out once, not per key) and
        whether it is one of :attr:`irregular_only`."""
        def how(name: str) -> int:
            if name in _PENDING_VIEWS:
                return _PROCEDURE
            special = {"key": _KEY, "incidents": _INCIDENTS, "first_namers": _FIRST_NAMERS,
                       "suits_specified": _SUITS, "last_calls": _LAST_CALLS, "last_call": _LAST_CALL,
                       "rulings": _RULINGS, "record": _RECORD}.get(name)
            if special is not None:
                return special
            if name == "restrictions" and self.ends_at_final_pass:
                return _RIGHTS
            if name == "watches" and not self.judged_call_read:
                return _WATCHES
            return _WORDED if name in WORDED else _VALUE
        return tuple((name, how(name), name in self.irregular_only) for name in self.names)

    def _spent(self, state: AuctionState) -> bool:
        """Whether no row can fire on a new irregularity any more: the budget is spent and nobody
        owes the repeat a rectification requires (31A1, 32A1: the engine counts that call, however
        irregular, as part of the incident that caused it, ``engine.is_required_repeat``)."""
        return state.incidents >= self.budget and not repeat_owed(state)

    def unread_past_budget(self, state: AuctionState, name: str) -> bool:
        """Whether ``name``, one of :attr:`irregular_only`, is read by no row that can still fire
        at ``state``, the budget spent (:meth:`_spent`): nothing waits, or the procedure waiting
        is none of those in which a row of the book reads it (:func:`irregular_only`), or the
        position is an end of a scope without the opening lead where only declarer's options wait
        (nothing follows there, :func:`_options_at_end`).  Why the procedures are taken from the
        whole book and not from the scope's rows: the key check found 2,070 inexact keys of
        108,211 on ``rotation-1`` when a change of call opened at LHO's turn (ruled by Law 25's
        rows, which that scope does not switch on) was keyed without what it goes back to."""
        p = state.pending
        return (p is None or p.procedure not in self.irregular_only[name]
                or (self.ends_at_final_pass and _options_at_end(state)))

    def first_namers(self, state: AuctionState) -> Hashable:
        """The first namers (each seat's bits over the strains it was first of its side to name) a
        rule can still read within the scope's bounds.

        The first namers are read for one thing: who declares a contract in a strain (the
        Definitions; the view ``contract``).  A strain's namers move on only from that strain's bids
        (:meth:`~auction_fsm.standing.StandingFacts.after`), so leaving out a strain keeps the view
        closed under the steps.  Within the bounds:

        * in a scope split by the contract's strain, only that strain's contract is explored here;
        * while nothing can let a standing bid go or a lower one stand -- the scope switches on no
          irregularity whose rows write the key (``reviving``), or its budget is spent with nothing
          under way (``exploration._settled``: only regular calls are offered until the end) --
          a strain can still be the contract's only if it is the last bid's, or a sufficient bid in
          it is left at or below ``max_level``: the others' namers are never read;
        * once the auction has ended so, with nothing to reopen it, only its declarer is read
          (``None`` for a passed-out board).
        """
        scope = self.scope
        frozen = not self.reviving or _settled(state, scope)
        key = state.key
        if frozen and rules.is_final(key):
            contract = state.contract
            return None if contract is None else int(contract.declarer)
        mask = 0b11111 if scope.contract_strain is None else 1 << scope.contract_strain
        last_bid = rules.unpack(key)[1]
        if frozen and last_bid != rules.NO_BID:
            top = 5 * (scope.max_level - 1)  # the code of the lowest bid at max_level, in clubs
            mask &= sum(1 << s for s in range(5) if s == last_bid % 5 or top + s > last_bid)
        namers = state.standing_facts.namers
        return tuple(bits & mask for bits in namers)

    def suits_specified(self, state: AuctionState) -> Hashable:
        """The suits specified a rule can still read within the scope's bounds, for each seat.

        Only 26B reads them: the suits declarer may bar under a right are those its offender did
        not specify (``restrictions.eligible_suits``, asked for each right in force).  So only the
        seats that are offenders of a right are kept, unless a new right can still come: a row of
        an irregularity the scope switches on writes the rights (``restricting``) and the budget
        allows it or a rectification is under way (``exploration._settled`` false).  Each seat's
        suits move on from its own calls only, so the part kept stays closed under the steps.

        In a part of a scope split by the offender (one irregularity per auction), a right can be
        against the part's own seat only: another seat's irregularity hands the auction over to
        that seat's part (:class:`HandedOver`), and every right is against the offender of the
        rectification that gives it.  So only that seat's suits are kept.  Tested, not proved:
        ``tests/graph/test_by_offender.py`` checks every right and every rectification a part
        reaches is against its own seat, and the key check."""
        bits = state.standing_facts.specified
        own = self.scope.offender_seat
        if own is not None:
            return tuple(b if seat == own else 0 for seat, b in enumerate(bits))
        if self.restricting and not _settled(state, self.scope):
            return bits
        offenders = {int(r.offender) for r in state.restrictions}
        return tuple(b if seat in offenders else 0 for seat, b in enumerate(bits))

    def last_calls(self, state: AuctionState) -> Hashable:
        """Each seat's last standing call (the view ``last_calls``) as far as a rule of the scope
        can still read it within the bounds, its places given as ranks (:func:`entry_ranks`).

        Who reads it: a change of call (25, 21B1) by the acting seat, the judgement of an
        accepted change, and a slip claim's "partner has not called since" (25A1);
        :func:`_last_calls_read` says when one of them can still come.  When none can, nothing
        reads it (``None``).  Otherwise, for each seat:

        * a call that partner's turn has gone past is read only to say "too late" -- whether it
          is the call named (25A4, 21B1a) -- and, for a slip claim, whether it lies after the
          procedure's call: its call, the seat whose turn it took, and its rank are kept; what
          withdrawing it would go back to is not, since it can no longer be withdrawn by a
          change, and whether partner called or a call out of rotation took partner's turn
          words only the refusal;
        * a call still in time is kept whole, its place and that of the call over it as ranks.

        Tested, not proved: the key check (``auction-fsm verify --check-keys``) compares the
        futures of merged positions, and ``changes-1`` finishes with the compact key's verdicts
        and ends (``benchmarks/GRAPH.md``)."""
        read = _last_calls_read(state, self.budget)
        if read == "none":
            return None
        calls = state.last_calls
        rank = entry_ranks(state, max((c.back for c in calls if c is not None), default=0))
        if read == "partner":
            assert state.pending is not None
            partner = calls[state.pending.offender.partner]
            return None if partner is None else rank[partner.back]
        out: list[Hashable] = []
        for c in calls:
            if c is None:
                out.append(None)
            elif c.gone:
                out.append((c.call, c.in_turn_of, rank[c.back]))
            else:
                out.append(c._replace(back=rank[c.back], over=rank[c.over] if c.over >= 0 else -1,
                                      facts_before=self.facts_read(c.facts_before)))
        return tuple(out)

    def last_call(self, state: AuctionState) -> Hashable:
        """The last standing call with its seat (the view ``last_call``: what a call at LHO's turn
        by the player who has just called would change, 30B2, 31C, 32C), its places given as ranks
        (:func:`entry_ranks`) and the standing calls' facts before it only in the pieces the key
        holds (:meth:`facts_read`), as :meth:`last_calls` keys a call still in time.

        Why: the change it opens keeps the call's place, the call over it and what withdrawing it
        goes back to (the auction and the facts before it); the procedure is keyed with its places
        relative and those facts narrowed the same way, so nothing reads more of it.  Tested, not
        proved: the key check on ``rotation-1``.

        With two irregularities still to come, one may withdraw the last call and the next reach
        the call before it, whose own place and auction before it the view gives only then: so
        each seat's last call is kept too (:meth:`last_calls`).  Without it, after N 1C E 1D S X
        W 1S and after N 1C E P S P W 1D N P E P S X W 1S, two positions whose futures part once
        West's 1S is withdrawn (South's double changed to a pass ends only the second auction)
        shared a key (``tests/graph/test_irregular_space.py``)."""
        found = state.last_call
        if found is None:
            return None
        seat, c = found
        rank = entry_ranks(state, c.back)
        last = seat, c._replace(back=rank[c.back], over=rank[c.over] if c.over >= 0 else -1,
                                facts_before=self.facts_read(c.facts_before))
        return last if state.incidents + 2 > self.budget else (*last, self.last_calls(state))

    def _procedure(self, state: AuctionState) -> tuple[Pending | None, int | None]:
        """The waiting procedure as the key holds it, and its call's place: the places relative
        (:func:`relative_places`), nothing at an end with declarer's options only
        (:func:`_options_at_end`), no intended call where the bounds leave it none to read
        (:func:`intended_call_unread`)."""
        if self.ends_at_final_pass and _options_at_end(state):
            return None, None
        p, place = relative_places(state)
        if p is not None and intended_call_unread(state, self.scope):
            p = dataclasses.replace(p, extra=tuple((k, "" if k == "new" else v) for k, v in p.extra))
        if p is not None:
            p = withdrawn_unread(p)
            p = change_unread(state, p, self.budget)
            if p.undo is not None:
                p = dataclasses.replace(p, undo=dataclasses.replace(p.undo, facts=self.facts_read(p.undo.facts)))
        return p, place

    def _change_stands(self, state: AuctionState) -> bool:
        """Whether LHO chooses whether to keep his call over a change that stands (25A6, 21B2),
        with the budget spent: both options withdraw the changed call and LHO's and rule the new
        call over the auction that stood before them (the procedure keeps it), so the auction
        standing now is read by nothing again (the key holds ``None`` for it)."""
        p = state.pending
        return p is not None and p.step == "awaiting_lho_choice" and _change_ends(state, self.budget)

    def facts_read(self, facts: StandingFacts) -> StandingFacts:
        """``facts`` (standing calls' facts kept to go back to: a change's, 25A1, 21B1; a last
        call's) with only the pieces whose view the key holds: the others are read by no rule of
        the scope, and each piece moves on from itself alone (:data:`~auction_fsm.lawbook.parts.CLOSED_VIEWS`),
        so once put back they stay unread."""
        blank = {f: getattr(NO_STANDING_FACTS, f) for f, view in FACT_VIEWS.items() if view not in self.names}
        return dataclasses.replace(facts, **blank) if blank else facts


#: The procedures of a change of call (25) and of a change after misinformation (21B1).
_CHANGE_PROCEDURES = frozenset({changes.CH, changes.MI})


def _change_ends(state: AuctionState, budget: int) -> bool:
    """Whether a change of call (25, 21B1) waits on a call of the record with the budget spent:
    then no other change can reach back past it, and what follows is the procedure's own steps."""
    p = state.pending
    return (p is not None and p.procedure in _CHANGE_PROCEDURES and state.incidents >= budget
            and p.back >= 0 and p.undo is not None)


#: The triggers of a change of call claimed, and of a call.
_CHANGE_TRIGGERS = EVENT_TRIGGERS[ChangeCall]
_CALL_TRIGGERS = EVENT_TRIGGERS[CallEvent]

#: The codes of the double and the redouble.
_DOUBLES = (parse_call("X").code, parse_call("XX").code)


def _new_call_under(state: AuctionState, p: Pending) -> tuple[Call, int] | None:
    """The new call of a waiting change and the legal auction it is ruled over (the calls that
    stood before the changed one, with their seats), when the changed call was made in its
    maker's turn and he owes nothing: the new call is then his call in turn there (25A1, 25B1)."""
    o = p.offender
    if state.record[state.index_of(p)].in_turn_of != o or any(state.obligations[o]):
        return None
    try:
        return parse_call(p.get("new")), state.key_before(state.index_of(p))
    except AuctionFsmError:
        return None


def change_unread(state: AuctionState, p: Pending, budget: int) -> Pending:
    """The waiting procedure ``p`` (as :func:`relative_places` gives it) without what a change of
    call (25, 21B1), waiting with the budget spent (:func:`_change_ends`), reads no more.

    * The changed call, once LHO's bid stands over it: withdrawn, it is only named in rulings; left
      standing, LHO's bid decides the auction from then on (``procedure_call`` blank).
    * The auction under the changed call, where the new call is a bid sufficient over it and no
      call stands after LHO's: the auction after a bid is that bid, its side and the turn (19,
      22), whatever stood under it; if the change fails, the auction is the one standing now,
      keyed apart (``procedure_undo``: auction ``-2``, no bidder).
    * Once the change stands and LHO chooses (25A6, 21B2): the changed call (both options
      withdraw it); and LHO's call over it where it lapses whichever he chooses -- the new call,
      put in place by the director, is an inadmissible double or redouble (36B) or an
      insufficient bid (27), ruled at once, so LHO's kept call cannot be made again as it was.

    * A new call that is a double or redouble where neither would be permitted (19): Law 36
      treats both alike, cancelled at once when put in place (36B) or with LHO's call over it
      (36A), the original call standing if the change is refused (25B2); which one it was only
      words the rulings, so it is keyed ``X`` either way.

    Each is tested, not proved: the key check, and the same verdicts and ends as the compact key
    (``benchmarks/GRAPH.md``)."""
    if not _change_ends(state, budget):
        return p
    undo = p.undo
    assert undo is not None
    call, specifies = p.call, p.specifies
    lho = state.pending.get("lho_call") if state.pending is not None else ""
    if lho:
        over = state.record[state.place_index(int(lho))]
        if over.stands and over.call.is_bid:
            call, specifies = None, None
    made = _new_call_under(state, p)
    if made is not None and not undo.following:
        new, under = made
        if new.is_bid and new.is_admissible_level and new.code > rules.unpack(under)[1]:
            undo = dataclasses.replace(undo, auction=-2, bidder=None)
    if p.step == "awaiting_lho_choice":
        call, specifies = None, None
        if made is not None:
            new, under = made
            lapses = (not rules.permitted_for(under, p.offender, new.code) if new.is_double or new.is_redouble
                      else new.is_bid and new.is_admissible_level and rules.step_or_none(under, new.code) is None)
            if lapses:
                undo = dataclasses.replace(undo, over=None)
    extra = p.extra
    if made is not None and made[0].code in _DOUBLES and not any(
            rules.permitted_for(made[1], p.offender, code) for code in _DOUBLES):
        extra = tuple((k, "X" if k == "new" else v) for k, v in extra)
    return dataclasses.replace(p, call=call, specifies=specifies, undo=undo, extra=extra)


def _last_calls_read(state: AuctionState, budget: int) -> str:
    """Which of the last standing calls a rule offered within the budget can still read:
    ``"all"``, ``"partner"`` (the offender's partner's place only) or ``"none"``.

    A change of call is a new irregularity, offered only while the budget allows one (past it
    the step leaves the scope, ``exploration.within_scope``; one made too late changes nothing
    and is not explored): while it does, every seat's.  With the budget spent, a slip claim
    (25A1, offered while one of :data:`~auction_fsm.lawbook.slip_first.SLIP_SOURCES` waits) asks
    only whether the offender's partner has called since the call ruled on: where partner's last
    call lies.  The steps of a waiting change (25, 21B1) read the procedure, not these views, but
    for the judgement of an accepted change, which reads the new call the step itself made
    (``changes._new_call``: the offender's last standing call, or an earlier one if 17D3 cancelled
    it, whose place then differs); yet the new call the director puts in place may open one of
    those sources (an insufficient bid, 27; an inadmissible double, 36), where a slip claim asks
    whether partner has called since: so while a change waits, partner's place too (the key check
    found it: 2,900 inexact keys on ``changes-1`` without it); and while a slip claim is judged,
    since judged intended it goes back to its source (168 inexact without it).  With the budget
    spent and none of these waiting, none."""
    if state.incidents < budget:
        return "all"
    p = state.pending
    if p is not None and (p.procedure in _CHANGE_PROCEDURES or p.step == SLIP_STEP
                          or f"{p.procedure}.{p.step}" in SLIP_SOURCES):
        return "partner"
    return "none"


def rights_taken_back(state: AuctionState) -> Hashable:
    """The 26B rights as a scope without the opening lead keys them: only those given by a branch
    of a waiting rectification (32B2 of 1997), as (offender, branch) pairs.

    Why: such a rule reads the rights to add one (:meth:`AuctionState.restrict`, which reads them
    only to give one withdrawn call one right: the rights stay rights of the same offenders), to
    word rulings (``common.nothing_further``), and at the final pass to offer declarer's options
    before the lead, which such a scope keys as nothing at its end (:func:`_options_at_end`).
    None of that changes what else follows.  A right with a branch is read otherwise: taken back
    with its branch (``common.reopen_watch``), it puts the branch's waiting rectification back among
    the watches, so it is kept.  The 2017 book gives no right a branch.  Tested, not proved: the
    key check and the partition of the compact exploration
    (``tests/graph/test_declared_key.py``)."""
    return tuple(dict.fromkeys((int(r.offender), r.branch) for r in state.restrictions if r.branch is not None))


def _options_at_end(state: AuctionState) -> bool:
    """Whether ``state`` is an end of a scope without the opening lead where declarer's options
    before the lead wait (26B, 50D).  Keyed as though nothing waited, as at the other ends: the
    explorer offers nothing after an end (it reads none of the options), and which options wait
    is settled at the final pass from parts the rows of such a scope do not declare (the suits
    the offender specified, read by the opening lead's rows, which the scope leaves out).  Kept,
    they would make the end's key depend on which of the equal-keyed positions before it was
    reached first."""
    p = state.pending
    return p is not None and p.procedure == _DECLARER_OPTIONS and state.is_over


#: The comparability judgement's facts (23A): the call withdrawn or cancelled that the new one is
#: compared with, and the place of an insufficient bid whose replacement it resumes (27B).
_WITHDRAWN, _RESUMES = "withdrawn", "resume_ib"
#: The kind of watch that waits to judge the offender's next call (31A2, 32A2).
_JUDGES_NEXT_CALL = "judge_replacement"


def withdrawn_unread(p: Pending) -> Pending:
    """The waiting procedure ``p`` without the withdrawn call a comparability judgement (23A)
    names, unless the judgement resumes an insufficient bid's replacement.

    Why: the director's answer is an input either way; the judgement's rows then read the
    withdrawn call to word the ruling and as the call that gave a 26B right, which the key holds
    without that call (words only, :mod:`auction_fsm.lawbook.words_only`).  Where the judgement
    was opened by Law 27 (27B1b, 27B3: ``resume_ib`` set), a call found not comparable sends the
    offender back to replace the insufficient bid, which it names by this value
    (``comparable.resume_replacement``): kept there.  (The hand-written key left it out
    everywhere.)  Tested, not proved: the key check."""
    if not p.get(_WITHDRAWN) or p.get(_RESUMES):
        return p
    return dataclasses.replace(p, extra=tuple((k, "" if k == _WITHDRAWN else v) for k, v in p.extra))


def judged_call_unread(watches: tuple[Watch, ...]) -> Hashable:
    """The waiting rectifications (``watches``) without the call a watch on the offender's next
    call (31A2, 32A2) judges it against, for a book that reads that call for nothing else
    (``LawBook.reads_judged_call`` false, the 2017 book).

    Why: the call met is judged by the director for comparability (23A), an input either way;
    the watch's call goes only into that judgement, as the withdrawn call it names
    (``rotation``'s judgement of the offender's call), which the key leaves out where the
    judgement resumes nothing (:func:`withdrawn_unread`).  The branch the watch carries is kept
    (taken back, it restores the rectification that gave it, with its call), and so are the
    denominations it shows, as the hand-written key did.  Tested, not proved: the key check."""
    return tuple((w.kind, w.offender, w.law, w.branch, w.shows) if w.kind == _JUDGES_NEXT_CALL else w
                 for w in watches)


def intended_call_unread(state: AuctionState, bounds: Scope) -> bool:
    """Whether the intended call a slip claim names (25A, the procedure's fact ``new``), awaiting
    the director's judgement, is read by nothing within ``bounds``.

    Judged unintended, the irregular call is withdrawn and the intended one made in its place,
    in turn, over the same auction (``slip_first.intended_replaces``): if that call is itself an
    irregularity (an insufficient bid, an inadmissible double, a call a silenced player may not
    make, a bid above seven: :func:`~auction_fsm.lawbook.classify.in_turn_kind`) of a family the
    bounds leave no room for (:func:`~auction_fsm.exploration.room_for`), or is refused, that
    branch leaves the scope.  Judged intended, the procedure goes back to where it was and drops
    the claim's call (``slip_first.back_to_procedure``).  So within the bounds nothing reads it,
    and claims naming any such call are keyed alike.  The one test of that is the explorer's
    (:func:`~auction_fsm.exploration._intended_call_out_of_bounds`), asked here of a slip claim."""
    p = state.pending
    return p is not None and p.step == SLIP_STEP and _intended_call_out_of_bounds(state, p, bounds)


#: The phases in which the auction is still open (:attr:`~auction_fsm.auction.AuctionState.phase`):
#: any other phase without a procedure (``clarification``, ``passed_out`` ...) has the key final
#: and nothing waiting.
_OPEN_PHASES = frozenset({AuctionState.start(Seat.N).phase, AuctionState.start(Seat.N).calls("P").phase})


def _at_an_end(source: str) -> bool:
    """Whether a row from phase ``source`` can fire only at an end of a scope without the opening
    lead: a phase after the final pass with nothing waiting, or declarer's options before the
    lead, which wait only once the auction is over (they are settled at the final pass)
    (:meth:`~auction_fsm.graph.irregular_space.IrregularSpace.ended`)."""
    procedure = source.partition(".")[0]
    return (procedure == _DECLARER_OPTIONS and "." in source) or ("." not in source and source not in _OPEN_PHASES)


def after_end_dropped(rows: list[Row]) -> list[Row]:
    """``rows`` without those that cannot fire in a scope without the opening lead.

    Why: such a scope ends at the final pass; at an end the explorer offers nothing, so a row
    whose source phase is one after the final pass with nothing waiting (a call after the final
    pass, 39; attention drawn to an inadmissible call after it, 36) never fires there, and what it
    declares it reads is read by nothing the scope explores (39's rows read who declares, the
    contract: kept, the first namers would be keyed for every strain all through the auction).
    A procedure every row entering which is such a row (its ``dest`` in the procedure: the
    phase machine takes the row's dest) is never entered, so its rows go too, until nothing
    more goes.  A procedure no row of ``rows`` enters (one an action opens from another phase,
    as a comparability judgement) is kept: exact, nothing is dropped on a guess."""
    dropped = {id(row) for row in rows if row.machine == "phase" and _at_an_end(row.source)}
    while True:
        entering: dict[str, list[Row]] = {}
        for row in rows:
            if row.machine != "phase":
                continue  # (the seats' machines: obligations, no procedures)
            dest = row.source if row.dest == SAME else row.dest
            procedure, _, step = dest.partition(".")
            if step and not row.source.startswith(procedure + "."):
                entering.setdefault(procedure, []).append(row)
        closed = {proc for proc, into in entering.items() if all(id(row) in dropped for row in into)}
        more = {id(row) for row in rows
                if row.machine == "phase" and "." in row.source and row.source.partition(".")[0] in closed}
        if more <= dropped:
            return [row for row in rows if id(row) not in dropped]
        dropped |= more


#: The fact saying where the table stands once the waiting procedure closes with nothing changed.
_CLOSES_TO = "phase_when_procedure_closes"


def _closes_past_the_auction(row: Row) -> bool:
    """Whether ``row`` closes a procedure with nothing changed into a phase past the auction (the
    clarification period, a face-down lead, a passed-out board): its guard reads where the table
    goes back to (:data:`_CLOSES_TO`), and that is not the auction.

    Closed with nothing changed, a procedure leaves the table where it was when it was opened; so
    such a procedure was opened after the auction had ended (a change of call claimed then, 25A5,
    21B1).  In a scope that ends at the final pass that is an end of the scope, where the explorer
    offers nothing: the row cannot fire there, and what it reads (declarer's choices asked again:
    the contract, the suits specified) does not go into the key.  Tested, not proved: the key check
    and the same ends as the compact key (``benchmarks/GRAPH.md``)."""
    guard = row.guard
    reads: Iterable[str] = getattr(guard, "reads", None) or ()
    return _CLOSES_TO in reads and row.dest not in _OPEN_PHASES


def _fires_on_a_new_irregularity(row: Row) -> bool:
    """Whether ``row`` can fire only on an event the engine counts as a new irregularity
    (``engine.irregularities``), but for the repeat a rectification requires (31A1, 32A1, which
    :meth:`DeclaredKey._spent` keeps apart): a row of the phase machine from a phase with nothing
    waiting (:data:`_OPEN_PHASES`) that

    * records an irregular call every time it fires (``Row.records``: the engine counts the
      irregular calls a step records);
    * takes a change of call (the engine counts every change claimed with nothing waiting);
    * takes a call and enters a change procedure: a call at LHO's turn by the player who has just
      called, taken as an attempt to change (30B2, 31C, 32C), which the engine counts as a call
      out of rotation;
    * or takes a call and writes and emits nothing (the same call named again, 25: refused,
      ``changes.nothing_happens``, so never an edge).

    Tested, not proved (the key check): it reads the engine's rule of counting through the rows'
    declarations."""
    if row.machine != "phase" or row.source not in _OPEN_PHASES:
        return False
    if row.records is not None or row.trigger in _CHANGE_TRIGGERS:
        return True
    if row.trigger not in _CALL_TRIGGERS:
        return False
    dest = row.source if row.dest == SAME else row.dest
    if dest.partition(".")[0] in _CHANGE_PROCEDURES:
        return True
    action = row.action
    return action is not None and not action.writes and not action.emits


def _row_declarations(row: Row) -> Iterator[tuple[str, frozenset[str] | None]]:
    """Who in ``row`` declares reading what: its action (by :func:`where`) its ``reads``, each
    fact its guard reads the parts of that fact (``None``: undeclared, so everything), a guard
    that declares nothing ``None``."""
    if row.action is not None:
        yield where(row.action), action_reads(row.action)
    guard = row.guard
    if guard is not None:
        reads: Iterable[str] | None = getattr(guard, "reads", None)
        if reads is None:
            yield f"guard:{guard.name}", None
        else:
            for fact in reads:
                slot = SLOTS.get(fact)
                yield f"fact:{fact}", None if slot is None else slot.parts


def _row_reads(row: Row) -> frozenset[str]:
    """What ``row`` declares it reads, as the key holds it (:func:`_names`)."""
    return frozenset().union(*(_names(declared) for _, declared in _row_declarations(row)))


def irregular_only(book: LawBook, names: Iterable[str], readers: dict[str, list[Row]]) -> dict[str, frozenset[str]]:
    """Of ``names`` (those neither the explorer, the engine's phase nor the classifier reads), the
    ones a row can read past the budget only while one of some procedures waits; each with those
    procedures.

    Why: past the budget (:meth:`DeclaredKey._spent`) the explorer offers no new irregularity
    (``exploration.within_scope`` drops the step), so a row firing only on one
    (:func:`_fires_on_a_new_irregularity`) gives no edge; and a procedure every row entering
    which is such a row is never entered again.  A name qualifies when each row of the scope
    reading it (``readers``) is of the first kind or a row of such a procedure.  The procedures
    in which it is still read are then those any row of the book reads it from -- the engine
    rules by the whole book, and a procedure may fire rows the scope does not switch on (a change
    of call opened by a call at LHO's turn is ruled by Law 25's rows, which ``rotation-1`` does
    not switch on) -- and those whose rows enter one of them; a name read in a procedure that
    something else may enter is not taken.  Derived from the rows, not listed: on the scopes of
    calls out of rotation (``rotation-1``, ``all-1``, ``auction-1``) it takes the last standing
    call alone (``last_call``, read only to take a call at LHO's turn as an attempt to change,
    30B2, 31C, 32C), read in no procedure; not the call just made (``call_just_made``), which
    Law 27's rows read, a procedure the repeat 31A1 requires may open past the budget.

    Tested, not proved: the key check (``auction-fsm verify --check-keys``) on ``rotation-1`` and
    the other irregular scopes, and the same ends as the compact key.  What it leaves out is a
    row fired by a follow-up within a step (the rows the follow-ups may fire,
    :func:`~auction_fsm.lawbook.chains.chain`, over-approximate too widely to decide by: a
    follow-up call may take any call's rows)."""
    phase_rows = [row for row in book.rows if row.machine == "phase"]
    entering: dict[str, list[Row]] = {}
    reading: dict[str, set[str]] = {}
    for row in phase_rows:
        dest = row.source if row.dest == SAME else row.dest
        procedure, _, step = dest.partition(".")
        if step and not row.source.startswith(procedure + "."):
            entering.setdefault(procedure, []).append(row)
        source, _, step = row.source.partition(".")
        if step:
            for name in _row_reads(row):
                reading.setdefault(name, set()).add(source)
    closed = {proc for proc, into in entering.items() if all(_fires_on_a_new_irregularity(r) for r in into)}
    out: dict[str, frozenset[str]] = {}
    for name in names:
        taken = [row for row in readers.get(name, ()) if not _fires_on_a_new_irregularity(row)]
        if any(row.machine != "phase" or row.source.partition(".")[0] not in closed or "." not in row.source
               for row in taken):
            continue
        read = set(reading.get(name, ()))
        grown = True
        while grown:
            more = {row.source.partition(".")[0] for proc in read for row in entering.get(proc, ())
                    if "." in row.source} - read
            read |= more
            grown = bool(more)
        if read <= closed:
            out[name] = frozenset(read)
    return out


def declared_key(book: LawBook, scope: Scope, keep_namers: bool = False) -> DeclaredKey:
    """The key of ``scope`` under ``book``: the union of what its switched-on rows, the
    classifier and the explorer declare they read (module docstring).  ``keep_namers`` keeps
    who first named each strain even where no rule of the scope reads it (``verify
    --track-declarer``: ends told apart by declarer)."""
    wanted: set[str] = set(EXPLORER_READS) | _names(PHASE_READS)
    if keep_namers:
        wanted.add("first_namers")
    if scope.offender_seat is not None:
        wanted.add("first_offender")  # the explorer hands another seat's first irregularity over
    readers: dict[str, set[str]] = {}
    by_row: dict[str, list[Row]] = {}
    always: set[str] = set(wanted)

    def take(who: str, declared: frozenset[str] | None, row: Row | None = None) -> None:
        names = _names(declared)
        wanted.update(names)
        for part in names & LOG:
            readers.setdefault(part, set()).add(who)
        for name in names:
            if row is None:
                always.add(name)
            else:
                by_row.setdefault(name, []).append(row)

    rows = [row for row in book.rows if switched_on(row.family, scope.families)]
    if _LEAD_FAMILY not in scope.families:
        rows = after_end_dropped(rows)
    triggers = {row.trigger for row in rows}
    for part, facts in classifier_reads().items():
        kind = ONE_KIND_PARTS.get(part)
        if kind is not None and not EVENT_TRIGGERS[kind] & triggers:
            continue  # the explorer offers such an event only where a row of the scope takes it
        for fact in facts:
            take(f"fact:{fact}", SLOTS[fact].parts)
    ends_at_final_pass = _LEAD_FAMILY not in scope.families
    for row in rows:
        if ends_at_final_pass and _closes_past_the_auction(row):
            continue
        for who, declared in _row_declarations(row):
            take(who, declared, row)
    order = {n: i for i, n in enumerate((*PARTS, *VIEWS))}
    wanted.discard("pending")  # (keyed by its views)
    names = tuple(sorted(wanted, key=order.__getitem__))
    irregular = [row.action.writes or frozenset() for row in rows
                 if row.action is not None and ROW_FAMILIES.get(row.family) is not None]
    return DeclaredKey(names, {p: tuple(sorted(w)) for p, w in readers.items()},
                       scope.max_irregularities, scope.offender_seat is not None, scope,
                       reviving=any("key" in w or KEY_STEP in w for w in irregular),
                       restricting=any("restrictions" in w for w in irregular),
                       ends_at_final_pass=ends_at_final_pass, judged_call_read=book.reads_judged_call,
                       irregular_only=irregular_only(book, (n for n in names if n not in always), by_row))
