"""Scopes: the bounds of a configuration graph, and the spaces that explore them.

A :class:`Scope` says which law families are enabled, how many irregularities an auction may
hold, the highest bid level, the dealers, and whether declarer memory is kept.  :func:`space_for`
turns a scope into a :class:`~auction_fsm.graph.space.ConfigurationSpace`: the legal-only scope
(no families) is :class:`~auction_fsm.graph.legal_space.LegalSpace`; a law family plugs in its
own space with :func:`register_space`.

>>> scope = NAMED_SCOPES["legal"]
>>> scope.max_level, [d.name for d in scope.dealers], scope.expected_paths
(7, ['N'], 128745650347030683120231926111609371363122697557)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from ..lawbook import LAWS_2017, LawBook
from ..scope import ALL_DEALERS, COMPLETE_LEGAL_AUCTIONS, FAMILIES, STRAINS, Scope, ScopeError
from ..seats import Seat
from .legal_space import LegalSpace
from .space import ConfigurationSpace

__all__ = [
    "Scope",
    "ScopeError",
    "NAMED_SCOPES",
    "DEFAULT_SCOPES",
    "IRREGULAR_SCOPES",
    "ALL_FAMILIES",
    "COMPLETE_LEGAL_AUCTIONS",
    "SpaceBuilder",
    "register_space",
    "space_for",
    "scope_named",
]

#: Every law family an irregular scope can switch on (the keys of
#: :data:`auction_fsm.exploration.FAMILIES`).
ALL_FAMILIES: Final = frozenset(FAMILIES)


def _irregular(name: str, families: Iterable[str], irregularities: int = 1, level: int = 1,
               by_strain: bool = False, by_offender: bool = False) -> Scope:
    return Scope(name, frozenset(families), max_irregularities=irregularities, max_level=level,
                 by_strain=by_strain, by_offender=by_offender)


#: The irregular scopes by name: one family (or all) with bids to level 1 and one irregularity
#: per auction, then wider bounds where the exploration stays affordable (sizes and times in
#: ``docs/verification.md``).
IRREGULAR_SCOPES: Final = (
    _irregular("rotation-1", {"rotation"}),
    _irregular("insufficient-1", {"insufficient_bid"}),
    _irregular("inadmissible-1", {"inadmissible"}),
    _irregular("changes-1", {"changes"}),
    _irregular("exposure-1", {"exposure"}),
    _irregular("lead-1", {"opening_lead"}),
    _irregular("lead-exposure-1", {"opening_lead", "exposure"}),
    _irregular("all-1", ALL_FAMILIES),
    # every family of the auction itself together (no opening lead, so no declarer memory)
    _irregular("auction-1", ALL_FAMILIES - {"opening_lead"}),
    _irregular("insufficient-2", {"insufficient_bid"}, irregularities=2),
    _irregular("inadmissible-2", {"inadmissible"}, irregularities=2),
    _irregular("exposure-2", {"exposure"}, irregularities=2),
    _irregular("insufficient-1-level2", {"insufficient_bid"}, level=2),
    # one irregularity per auction over all 35 bids
    _irregular("exposure-1-level7", {"exposure"}, level=7),
    _irregular("inadmissible-1-level7", {"inadmissible"}, level=7),
    # the opening lead over all 35 bids: one scope per contract strain, each keeping who first
    # named its own strain only (kept for every strain, the memory alone would make these at
    # least 32.7 million configurations each: graph/declarer_memory.py)
    _irregular("lead-1-level7", {"opening_lead"}, level=7, by_strain=True),
    _irregular("lead-exposure-1-level7", {"opening_lead", "exposure"}, level=7, by_strain=True),
    # every family, one irregularity per auction, every bid: the goal of issue 21, which today's
    # explorer does not reach in hours (docs/verification.md); named so that it can be run, in
    # its smallest form: twenty parts, one per contract strain and seat that commits the
    # irregularity (each keeps one strain's first-namers and one seat's specified suits).  With
    # changes of call these parts prove less than the whole: a change after the final pass into
    # another strain is reported as beyond its part (docs/verification-notebook.md, issue 21 items 1 and 2)
    _irregular("all-1-level7", ALL_FAMILIES, level=7, by_strain=True, by_offender=True),
)

NAMED_SCOPES: Final[dict[str, Scope]] = {
    s.name: s for s in (
        Scope("legal"),
        Scope("legal-all-dealers", dealers=ALL_DEALERS),
        Scope("declarer-1", max_level=1, track_declarer=True),
        Scope("declarer-2", max_level=2, track_declarer=True),
        *IRREGULAR_SCOPES,
    )
}

#: What ``auction-fsm verify`` checks with no options (besides the machine graph), longest first
#: (the scopes are shared out between the processors): every law family at least once — two
#: irregularities per auction with insufficient bids or inadmissible calls, calls out of rotation
#: and changes of call with one irregularity per auction (bids to the one level: they reach back
#: over the last standing calls while a change may still come, so even these hold about 76,000
#: and 140,000 configurations), one with the opening lead and exposed cards — then the whole
#: legal auction from every dealer and declarer memory to the two level.  The machines are
#: checked on every edge of every scope.  Times in docs/verification.md.
DEFAULT_SCOPES: Final = ("insufficient-2", "changes-1", "rotation-1", "inadmissible-2", "lead-exposure-1",
                         "declarer-2", "legal-all-dealers")

SpaceBuilder = Callable[[Scope, LawBook], ConfigurationSpace[Any, Any]]
_BUILDERS: list[tuple[frozenset[str], SpaceBuilder]] = []


def register_space(families: Iterable[str], builder: SpaceBuilder) -> None:
    """Let ``builder`` explore every scope whose families are among ``families``.

    The most recently registered builder that covers a scope wins.
    """
    _BUILDERS.insert(0, (frozenset(families), builder))


def space_for(scope: Scope, table: LawBook = LAWS_2017) -> ConfigurationSpace[Any, Any]:
    """The configuration space that explores ``scope`` over ``table``."""
    if scope.is_legal_only:
        return LegalSpace(table, max_level=scope.max_level, dealers=scope.dealers,
                          track_declarer=scope.track_declarer, name=scope.name)
    for families, builder in _BUILDERS:
        if scope.families <= families:
            return builder(scope, table)
    known = sorted({f for fams, _ in _BUILDERS for f in fams})
    raise ScopeError(f"scope {scope.name!r}: no configuration space explores the families "
                     f"{sorted(scope.families)} (registered: {known or 'none yet'})")


def scope_named(name: str) -> Scope:
    """The named scope, or one part of a named scope with the opening lead, split by contract
    strain, by the seat that commits the irregularity, or both (``lead-1-level7-in-NT``,
    ``all-1-offender-E``, ``all-1-level7-in-NT-offender-E``: see :meth:`Scope.split_parts`);
    :class:`ScopeError` listing the names when there is none."""
    scope = NAMED_SCOPES.get(name)
    if scope is not None:
        return scope
    base, seat = name, ""
    if "-offender-" in base:
        base, _, seat = base.rpartition("-offender-")
    strain = ""
    if "-in-" in base:
        base, _, strain = base.rpartition("-in-")
    whole = NAMED_SCOPES.get(base)
    if (whole is not None and "opening_lead" in whole.families and (strain or seat)
            and (not strain or strain in STRAINS) and (not seat or seat in Seat.__members__)):
        try:
            split = whole.narrowed(by_strain=bool(strain), by_offender=bool(seat))
        except ScopeError:
            split = None  # (a scope that cannot be split by the offender)
        for part in split.split_parts() if split is not None else ():
            if part.name == name:
                return part
    raise ScopeError(f"unknown scope {name!r}: expected one of {', '.join(NAMED_SCOPES)} (or, for a "
                     "scope with the opening lead, one part of it: NAME-in-C ... NAME-in-NT by contract "
                     "strain, NAME-offender-N ... NAME-offender-W by the seat that commits the irregularity "
                     "where one irregularity is allowed, or NAME-in-NT-offender-N for both)")
