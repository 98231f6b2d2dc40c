"""Scopes: the bounds of a configuration graph (standard library only).

A :class:`Scope` says which law families are enabled, how many irregularities an auction may
hold, the highest bid level, the dealers, and whether declarer memory is kept.  It is the one
type of bounds: the explorer of irregular scopes (:mod:`auction_fsm.exploration`), the
configuration spaces and ``auction-fsm verify`` all read it.  :data:`ROW_FAMILIES` maps the law
book's row families to the scope families that switch them on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from .errors import AuctionFsmError
from .seats import Seat

__all__ = ["Scope", "ScopeError", "FAMILIES", "ROW_FAMILIES", "COMPLETE_LEGAL_AUCTIONS", "ALL_DEALERS",
           "STRAINS"]

#: The law families a scope can switch on, and what each adds to the candidate events.
FAMILIES: dict[str, str] = {
    "rotation": "calls out of rotation (28-34, 17D3)",
    "insufficient_bid": "insufficient bids (27)",
    "inadmissible": "inadmissible doubles, calls by silenced players, bids above seven, calls "
                    "after the final pass (36-39)",
    "changes": "changes of call: slips and misinformation (25, 21B)",
    "exposure": "cards exposed during the auction (24) and the penalty cards they become (50, 51)",
    "opening_lead": "the opening lead, by the right or wrong player, and declarer's options (41, 54)",
}

#: For each family of rows in the law book, the scope family that switches it on (``None``: the
#: legal auction, and procedures' own steps, which are on whenever their procedure is reached).
ROW_FAMILIES: Final[dict[str, str | None]] = {
    "17-22": None,
    "28-34": "rotation",
    "27": "insufficient_bid",
    "35-39": "inadmissible",
    "23, 26": None,
    "21B, 25": "changes",
    "24": "exposure",
    "20": "review",
    "41, 50, 51, 54": "opening_lead",
}

#: The number of complete legal auctions from one dealer (the perft oracle of the design notes).
COMPLETE_LEGAL_AUCTIONS: Final = 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557

ALL_DEALERS: Final = tuple(Seat)

#: The strains in rank order, as scope names spell them (``contract_strain`` is the index).
STRAINS: Final = ("C", "D", "H", "S", "NT")


class ScopeError(AuctionFsmError, ValueError):
    """A scope that cannot be built (unknown name, bad bound, family without a space)."""


@dataclass(frozen=True, slots=True)
class Scope:
    """The bounds of one configuration graph.

    Parameters
    ----------
    name
        How reports call it.
    families
        Law families enabled besides the legal auction (``rotation``, ``insufficient_bid`` ...).
    max_irregularities
        How many irregularities one auction may hold (0 for the legal-only scope).
    max_level
        The highest bid level offered, 1-7.
    dealers
        The dealers exploration starts from.
    track_declarer
        Keep who first named each strain in the key (see :mod:`auction_fsm.graph.legal_space`).
    agreement
        For the irregular scopes: how many configurations are re-checked against the machines
        by replaying their traces (``all``, ``sample`` or ``off``; see
        :mod:`auction_fsm.graph.irregular_space`).
    agreement_sample
        How many traces ``agreement="sample"`` replays.
    tables
        For the irregular scopes: look the classifier's and the guards' decisions up in tables on
        the facts they read (the default; :mod:`auction_fsm.lawbook.selection_table`), or ask the
        book at every configuration (``False``: the same graph, slower; a check of the tables).
    contract_strain
        Only auctions whose contract is in this strain (0 clubs ... 4 no trump) go on to the
        opening lead; an auction that ends in another strain is an end of this scope, handed
        over to the scope of its own strain.  The key then keeps who first named this strain
        only, instead of every strain (:meth:`auction_fsm.graph.declared_key.DeclaredKey.first_namers`), since
        only this strain's declarer is ever asked.  Needs the opening lead.  (A change of call
        after the final pass that reopens such an auction is explored in the part of the strain
        the auction had ended in.)
    by_strain
        Verified as five scopes, one per contract strain (:meth:`split_parts`); together they
        decide every check, and their path counts add up to the whole's
        (``docs/verification.md``).
    offender_seat
        Only irregularities committed first by this seat (0 North ... 3 West) are explored: an
        auction whose first irregularity is another seat's is an end of this scope, handed over
        to the scope of that seat.  The key then keeps the suits this seat has specified only,
        instead of every seat's (26B asks which suits the offender specified, and with one
        irregularity per auction every right is against its offender).  Needs the opening lead
        (without it no key keeps specified suits) and one irregularity per auction.
    by_offender
        Verified as four scopes, one per seat that commits the irregularity
        (:meth:`split_parts`; with :attr:`by_strain`, twenty: one per strain and seat).
    """

    name: str
    families: frozenset[str] = field(default_factory=frozenset)
    max_irregularities: int = 0
    max_level: int = 7
    dealers: tuple[Seat, ...] = (Seat.N,)
    track_declarer: bool = False
    agreement: Literal["all", "sample", "off"] = "all"
    agreement_sample: int = 2000
    tables: bool = True
    contract_strain: int | None = None
    by_strain: bool = False
    offender_seat: int | None = None
    by_offender: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.max_level <= 7:
            raise ScopeError(f"scope {self.name!r}: max_level must be 1-7, got {self.max_level!r}")
        if self.max_irregularities < 0:
            raise ScopeError(f"scope {self.name!r}: max_irregularities must be 0 or more")
        if not self.dealers or len(set(self.dealers)) != len(self.dealers):
            raise ScopeError(f"scope {self.name!r}: dealers must be distinct and at least one")
        if (self.contract_strain is not None or self.by_strain) and "opening_lead" not in self.families:
            raise ScopeError(f"scope {self.name!r}: splitting by the contract's strain needs the "
                             "opening lead (without it, no key keeps who declares)")
        if self.contract_strain is not None and not 0 <= self.contract_strain < len(STRAINS):
            raise ScopeError(f"scope {self.name!r}: contract_strain must be 0-4, got "
                             f"{self.contract_strain!r}")
        if self.offender_seat is not None or self.by_offender:
            if "opening_lead" not in self.families:
                raise ScopeError(f"scope {self.name!r}: splitting by the offender needs the opening lead "
                                 "(without it, no key keeps the suits each seat specified)")
            if self.max_irregularities != 1:
                raise ScopeError(f"scope {self.name!r}: splitting by the offender needs one irregularity "
                                 f"per auction, not {self.max_irregularities} (a second offender's suits "
                                 "would be missing from the keys)")
        if self.offender_seat is not None and not 0 <= self.offender_seat < len(Seat):
            raise ScopeError(f"scope {self.name!r}: offender_seat must be 0-3, got {self.offender_seat!r}")

    def split_parts(self) -> tuple[Scope, ...]:
        """The scopes that verify this one: one per contract strain when :attr:`by_strain`, one
        per offending seat when :attr:`by_offender` (one per pair when both), else the scope
        itself."""
        parts = [self]
        if self.by_strain:
            parts = [replace(p, name=f"{p.name}-in-{text}", by_strain=False, contract_strain=i)
                     for p in parts for i, text in enumerate(STRAINS)]
        if self.by_offender:
            parts = [replace(p, name=f"{p.name}-offender-{seat.name}", by_offender=False, offender_seat=int(seat))
                     for p in parts for seat in Seat]
        return tuple(parts)

    @property
    def is_split(self) -> bool:
        """True when verified as several scopes (:meth:`split_parts`)."""
        return self.by_strain or self.by_offender

    @property
    def is_legal_only(self) -> bool:
        """True when no law family is enabled."""
        return not self.families

    @property
    def expected_paths(self) -> int | None:
        """The perft oracle for this scope, where one is known (the whole legal auction)."""
        if self.is_legal_only and self.max_level == 7:
            return COMPLETE_LEGAL_AUCTIONS * len(self.dealers)
        return None

    def narrowed(self, *, max_level: int | None = None, dealers: Iterable[Seat] | None = None,
                 track_declarer: bool | None = None, max_irregularities: int | None = None,
                 agreement: Literal["all", "sample", "off"] | None = None,
                 by_strain: bool | None = None, by_offender: bool | None = None,
                 tables: bool | None = None) -> Scope:
        """A copy with some bounds replaced; the name records what changed (the agreement mode
        is how the scope is checked, not what it holds, so it leaves the name alone)."""
        changes: dict[str, Any] = {}
        parts = [self.name]
        if max_level is not None and max_level != self.max_level:
            changes["max_level"] = max_level
            parts.append(f"level{max_level}")
        if max_irregularities is not None and max_irregularities != self.max_irregularities:
            if self.is_legal_only and max_irregularities:
                raise ScopeError(f"scope {self.name!r} enables no law family: irregularities need one")
            changes["max_irregularities"] = max_irregularities
            parts.append(f"irregularities{max_irregularities}")
        if dealers is not None and tuple(dealers) != self.dealers:
            changes["dealers"] = tuple(dealers)
            parts.append("dealer" + "".join(d.name for d in changes["dealers"]))
        if track_declarer is not None and track_declarer != self.track_declarer:
            changes["track_declarer"] = track_declarer
            parts.append("declarer" if track_declarer else "no-declarer")
        if agreement is not None and agreement != self.agreement:
            changes["agreement"] = agreement
        if by_strain is not None and by_strain != self.by_strain:
            changes["by_strain"] = by_strain  # how it is verified, not what it holds: name kept
        if by_offender is not None and by_offender != self.by_offender:
            changes["by_offender"] = by_offender  # likewise
        if tables is not None and tables != self.tables:
            changes["tables"] = tables  # how it is explored, not what it holds
        return replace(self, name="-".join(parts), **changes) if changes else self

    @classmethod
    def of(cls, families: Iterable[str], max_level: int = 1, max_irregularities: int = 1,
           name: str = "scope", **bounds: Any) -> Scope:
        """A scope of ``families`` with the commonest small bounds (a shorthand for tests)."""
        return cls(name, frozenset(families), max_irregularities=max_irregularities,
                   max_level=max_level, **bounds)

    def describe(self) -> str:
        """One line: families, bounds and dealers."""
        fam = ", ".join(sorted(self.families)) or "legal auction only"
        return (f"{self.name}: {fam}; up to {self.max_irregularities} irregularities; bids to "
                f"level {self.max_level}; dealer {'/'.join(d.name for d in self.dealers)}"
                f"{'; declarer tracked' if self.track_declarer else ''}"
                + ("" if self.contract_strain is None else
                   f"; contracts in {STRAINS[self.contract_strain]} go on to the lead, others are "
                   "handed over to their strain's scope")
                + ("" if self.offender_seat is None else
                   f"; irregularities committed first by {Seat(self.offender_seat).name} only, another "
                   "seat's are handed over to its scope")
                + ("" if not self.families or self.agreement == "all" else
                   f"; machines checked on {self.agreement_sample:,} replayed traces"
                   if self.agreement == "sample" else "; machines not checked"))


