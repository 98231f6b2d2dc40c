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
* A scope in which some rule reads the record or the rulings themselves is keyed on them: exact,
  but the exploration then tells apart every history and rarely finishes.  :attr:`DeclaredKey.log_readers`
  names those rules, so that the report says which declaration stops the key from being small.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from .. import rules
from ..auction import AuctionState
from ..exploration import _settled, switched_on
from ..lawbook import LawBook
from ..lawbook.classify import EVENT_TRIGGERS, ONE_KIND_PARTS, classifier_reads
from ..lawbook.facts import SLOTS
from ..lawbook.parts import (
    CLOSED_VIEWS,
    KEY_STEP,
    LOG,
    PARTS,
    PHASE_READS,
    VIEW_SOURCES,
    VIEWS,
    value_of,
    where,
)
from ..scope import ROW_FAMILIES, Scope

__all__ = ["DeclaredKey", "EXPLORER_READS", "declared_key"]

#: What the explorer reads itself, besides the rules: whose turn it is and how the auction stands
#: (the calls it offers, the end), the waiting procedure (the choices and judgements it offers),
#: obligations (the calls a seat may make), the cards exposed and the leads (the cards it offers,
#: the end at the faced lead), a passed-out board's hands (the end), the dealer (the traces), and
#: the count of irregularities, up to the scope's budget (the bound).
EXPLORER_READS: frozenset[str] = frozenset({
    "dealer", "key", "pending", "obligations", "exposed", "leads", "hands_returned", "incidents"})
#: The engine, too, reads something itself: the machine state a step starts from (the phase,
#: :data:`~auction_fsm.lawbook.parts.PHASE_READS`), so that is in every key.

_LOG_VIEWS = frozenset(v for v, parts in VIEWS.items() if parts & LOG)
_ALL = frozenset(PARTS)


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
        if name in _LOG_VIEWS or name in CLOSED_VIEWS:
            out.add(name)
        elif name in VIEW_SOURCES:
            out |= _names(VIEW_SOURCES[name])
        elif name in VIEWS:
            out |= VIEWS[name]
        else:
            out.add(name)
    return frozenset(out)


@dataclass(frozen=True)
class DeclaredKey:
    """The parts and views a scope's key holds, in a fixed order, and who asks for each."""

    names: tuple[str, ...]
    #: The rules (``module:name``, or ``fact:name``) that read the log itself, by part.
    log_readers: dict[str, tuple[str, ...]]
    budget: int
    offender_split: bool
    #: The scope (its bounds narrow the first namers and the suits specified).
    scope: Scope
    #: Whether a row of an irregularity the scope switches on writes the legal auction's key (it
    #: may then let a standing bid go or a lower one stand, 17D3, 25, 27, 36), or the 26B rights.
    reviving: bool
    restricting: bool

    def of(self, state: AuctionState) -> tuple[Hashable, ...]:
        """The key of ``state``: the value of each name, the irregularities counted up to the budget,
        the first namers and the suits specified as far as the bounds let a rule read them."""
        out: list[Any] = []
        for name in self.names:
            if name == "incidents":
                out.append(min(state.incidents, self.budget))
            elif name == "first_namers":
                out.append(self.first_namers(state))
            elif name == "suits_specified":
                out.append(self.suits_specified(state))
            elif name == "rulings":
                out.append(tuple(state.rulings))
            elif name == "record":
                out.append(tuple(state.record))
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
    names = tuple(sorted(wanted, key=order.__getitem__))
    irregular = [row.action.writes or frozenset() for row in rows
                 if row.action is not None and ROW_FAMILIES.get(row.family) is not None]
    return DeclaredKey(names, {p: tuple(sorted(w)) for p, w in readers.items()},
                       scope.max_irregularities, scope.offender_seat is not None, scope,
                       reviving=any("key" in w or KEY_STEP in w for w in irregular),
                       restricting=any("restrictions" in w for w in irregular))
