"""Configurations keyed by what a scope's rules declare they read (issue 37, item 5).

The explorer's compact key (:func:`~auction_fsm.exploration.config_key`) is written by hand: it
restates, part by part, what the rules of the book may still look at.  This key is built from the
rules' own declarations instead.  For a scope, it takes every row the scope switches on and
collects what each declares reading: its action's ``reads``, the parts of each fact its guard
declares, the parts of each fact the classifier reads, and what the explorer itself reads to
offer events and to bound the scope (:data:`EXPLORER_READS`).  The key of a position is then the
value of each of those parts, and of each view of the log a rule declares (``last_calls``,
``passes_at_end`` ...) in place of the log itself.  A part no rule of the scope reads is left out:
it can change, but nothing that decides the future looks at it.

What it proves, and what not:

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
* A scope in which some rule reads the record or the rulings themselves is keyed on them: exact,
  but the exploration then tells apart every history and rarely finishes.  :attr:`DeclaredKey.log_readers`
  names those rules, so that the report says which declaration stops the key from being small.

The waiting procedure is keyed by its views (``procedure``, ``procedure_call``,
``procedure_place``, ``procedure_undo``: :data:`~auction_fsm.lawbook.parts.VIEWS`), each only
where some rule or the explorer declares it (a declaration of ``pending`` itself asks for all
four).  Three of its values are keyed in a narrower form than the one read, each said where it
is made, and each tested by the key check rather than proved:

* the places the procedure keeps in the record (its call's, :func:`relative_places`), by their
  order among the entries still looked at, not counted from the end;
* at an end of a scope without the opening lead, declarer's options before the lead
  (:func:`_options_at_end`);
* the intended call a slip claim names, where the scope's bounds leave it no future
  (:func:`intended_call_unread`).

The words some parts hold only for the rulings (the law of each obligation, the law and the
withdrawn call of each 26B right: :mod:`auction_fsm.lawbook.words_only`) are left out of the key;
that rules read them for words only is checked by changing them
(:func:`auction_fsm.graph.perturbation.check_words`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from .. import rules
from ..auction import AuctionState
from ..calls import parse_call
from ..errors import AuctionFsmError
from ..exploration import IRREGULAR_IN_TURN, _settled, room_for, switched_on
from ..lawbook import LawBook, lead
from ..lawbook.classify import EVENT_TRIGGERS, ONE_KIND_PARTS, classifier_reads, in_turn_kind
from ..lawbook.facts import SLOTS
from ..lawbook.parts import (
    CLOSED_VIEWS,
    KEY_STEP,
    LOG,
    PARTS,
    PHASE_READS,
    VIEW_SOURCES,
    VIEWS,
    procedure_view,
    value_of,
    where,
)
from ..lawbook.procedure_facts import names_of_kind
from ..lawbook.rows import SAME, Row
from ..lawbook.slip_first import SLIP_STEP
from ..lawbook.words_only import WORDED, without_words
from ..records import Pending
from ..scope import ROW_FAMILIES, Scope

__all__ = ["DeclaredKey", "EXPLORER_READS", "declared_key"]

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
    """What a declaration puts in the key: a view of the log, or a view closed under the steps, as
    itself; a view computed from narrower views (the contract), as what those put in it; any other
    view as the parts it is computed from; the step of the key as nothing (its effect is applied,
    not read); an undeclared rule, every part."""
    if declared is None:
        return _ALL
    out: set[str] = set()
    for name in declared:
        if name == KEY_STEP:
            continue
        if name in _LOG_VIEWS or name in CLOSED_VIEWS or name in _PENDING_VIEWS:
            out.add(name)
        elif name == "pending":
            out |= _PENDING_VIEWS
        elif name in VIEW_SOURCES:
            out |= _names(VIEW_SOURCES[name])
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

    def of(self, state: AuctionState) -> tuple[Hashable, ...]:
        """The key of ``state``: the value of each name, the irregularities counted up to the
        budget, the first namers and the suits specified as far as the bounds let a rule read
        them, the waiting procedure's views with its places relative (:func:`relative_places`)."""
        out: list[Any] = []
        procedure: tuple[Pending | None, int | None] | None = None
        for name in self.names:
            if name in _PENDING_VIEWS:
                if procedure is None:
                    procedure = self._procedure(state)
                p, place = procedure
                if name == "procedure_place":
                    out.append(place if place is not None or p is None else p.back)
                else:
                    out.append(procedure_view(p, name))
            elif name == "incidents":
                out.append(min(state.incidents, self.budget))
            elif name == "first_namers":
                out.append(self.first_namers(state))
            elif name == "suits_specified":
                out.append(self.suits_specified(state))
            elif name == "restrictions" and self.ends_at_final_pass:
                out.append(rights_taken_back(state))
            elif name == "rulings":
                out.append(tuple(state.rulings))
            elif name == "record":
                out.append(tuple(state.record))
            elif name in WORDED:
                out.append(without_words(name, value_of(state, name)))
            else:
                out.append(value_of(state, name))
        return tuple(out)

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
        suits move on from its own calls only, so the part kept stays closed under the steps."""
        bits = state.standing_facts.specified
        if self.restricting and not _settled(state, self.scope):
            return bits
        offenders = {int(r.offender) for r in state.restrictions}
        return tuple(b if seat in offenders else 0 for seat, b in enumerate(bits))

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
        return p, place


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
    and claims naming any such call are keyed alike."""
    p = state.pending
    if p is None or p.step != SLIP_STEP or state.turn != p.offender:
        return False
    try:
        kind = in_turn_kind(state, p.offender, parse_call(p.get("new")))
    except AuctionFsmError:
        return True  # the engine refuses the call: no edge either
    family = IRREGULAR_IN_TURN.get(kind)
    return family is not None and family not in room_for(state, bounds)


#: The phases in which the auction is still open (:attr:`~auction_fsm.auction.AuctionState.phase`):
#: any other phase without a procedure (``clarification``, ``passed_out`` ...) has the key final
#: and nothing waiting.
_OPEN_PHASES = frozenset({"awaiting_first_call", "auction"})


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


def declared_key(book: LawBook, scope: Scope) -> DeclaredKey:
    """The key of ``scope`` under ``book``: the union of what its switched-on rows, the
    classifier and the explorer declare they read (module docstring)."""
    wanted: set[str] = set(EXPLORER_READS) | _names(PHASE_READS)
    if scope.offender_seat is not None:
        wanted.add("first_offender")  # the explorer hands another seat's first irregularity over
    readers: dict[str, set[str]] = {}

    def take(who: str, declared: frozenset[str] | None) -> None:
        names = _names(declared)
        wanted.update(names)
        for part in names & LOG:
            readers.setdefault(part, set()).add(who)

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
    for row in rows:
        if row.action is not None:
            take(where(row.action), row.action.reads)
        guard = row.guard
        if guard is not None:
            reads: Iterable[str] | None = getattr(guard, "reads", None)
            if reads is None:
                take(f"guard:{guard.name}", None)
            else:
                for fact in reads:
                    slot = SLOTS.get(fact)
                    take(f"fact:{fact}", None if slot is None else slot.parts)
    order = {n: i for i, n in enumerate((*PARTS, *VIEWS))}
    wanted.discard("pending")  # (keyed by its views)
    names = tuple(sorted(wanted, key=order.__getitem__))
    irregular = [row.action.writes or frozenset() for row in rows
                 if row.action is not None and ROW_FAMILIES.get(row.family) is not None]
    return DeclaredKey(names, {p: tuple(sorted(w)) for p, w in readers.items()},
                       scope.max_irregularities, scope.offender_seat is not None, scope,
                       reviving=any("key" in w or KEY_STEP in w for w in irregular),
                       restricting=any("restrictions" in w for w in irregular),
                       ends_at_final_pass=_LEAD_FAMILY not in scope.families)
