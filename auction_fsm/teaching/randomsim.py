"""A random simulator of whole auctions with irregularities at a chosen rate (``simulate``).

Each auction starts from a random dealer and runs until play begins, the board is passed out
or ``max_events`` events were tried.  At each turn of the open auction, with probability
``rate`` the next event is an irregularity (drawn by the fuzzer's generator,
:func:`auction_fsm.fuzzing.next_event`, until it is not a legal call in turn), otherwise a legal
call in turn; while a procedure waits, the generator's plausible answers (mostly what it waits
for); after the auction, the opening lead (or, at the same rate, a lead out of turn, a late
call ...).  Events the model refuses are counted and skipped.

It counts how often each law was applied (every row fired, by its law) and how the auctions
ended, and, being run with the machines cross-checked, it doubles as a fuzzer: a disagreement
or an unexpected exception ends that auction and is kept as a failure with its events, which
:func:`auction_fsm.fuzzing.reproducer` turns into a scenario file.  Auction ``i`` of seed ``s``
draws from ``Random("simulate:s:i")``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import AuctionFsmError
from ..events import CallEvent, Event, Lead
from ..seats import Seat

if TYPE_CHECKING:
    from ..auction import AuctionState
    from ..fuzzing import Failure
    from ..lawbook import LawBook
    from ..simulator import Simulator

__all__ = ["SimulationStats", "simulate", "ENDINGS"]

ENDINGS = ("play began", "passed out", "unfinished", "failure")
_PLAIN = ("17-22", "seat")


@dataclass
class SimulationStats:
    """What a run saw: auctions, events applied and refused, laws applied, endings, failures."""

    seed: str
    rate: float
    auctions: int = 0
    events: int = 0
    refused: int = 0
    irregular_events: int = 0
    laws: Counter[str] = field(default_factory=Counter)
    families: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    contracts: Counter[int] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The statistics as JSON values."""
        return {"seed": self.seed, "rate": self.rate, "auctions": self.auctions, "events": self.events,
                "refused": self.refused, "irregular_events": self.irregular_events,
                "laws": dict(self.laws.most_common()), "families": dict(self.families.most_common()),
                "endings": {e: self.endings[e] for e in ENDINGS},
                "contract_levels": {str(k): v for k, v in sorted(self.contracts.items())},
                "failures": [{"kind": f.kind, "class": f.cls, "message": f.message} for f in self.failures]}

    def lines(self) -> list[str]:
        """A report for people."""
        out = [(f"{self.auctions} auctions (seed {self.seed}, irregularity rate {self.rate:g}): "
               f"{self.events} events applied, {self.irregular_events} of them irregular; "
               f"{self.refused} random events refused by the model and skipped."),
               "How the auctions ended:"]
        out += [f"  {e:<12} {self.endings[e]:>6}" for e in ENDINGS]
        if self.contracts:
            out.append("Contract levels: " + ", ".join(f"{k}: {v}" for k, v in sorted(self.contracts.items())))
        out.append("Laws applied (rows fired, legal calls in rotation left out):")
        out += [f"  Law {law:<28} {n:>6}" for law, n in self.laws.most_common()]
        out.append("By family of laws:")
        out += [f"  {fam:<16} {n:>6}" for fam, n in self.families.most_common()]
        if self.failures:
            out.append(f"FAILURES (bugs in auction-fsm): {len(self.failures)}")
            out += [f"  {f.kind}: {f.cls} (auction {f.scenario_index})" for f in self.failures]
        else:
            out.append("No disagreement between the machines and the engine, no internal error.")
        return out


def _legal_in_turn(state: AuctionState, event: Event) -> bool:
    return (isinstance(event, CallEvent) and state.pending is None and not state.is_over
            and event.seat == state.turn and event.call in state.legal_calls())


def _next(rng: random.Random, state: AuctionState, rate: float) -> Event:
    from ..fuzzing import next_event

    if state.pending is not None:
        return next_event(rng, state)
    irregular = rng.random() < rate
    if state.is_over:
        leader = state.opening_leader
        if not irregular and leader is not None and not state.leads:
            from ..cards import Card, Suit

            return Lead(leader, Card(Suit(rng.randrange(4)), rng.choice("23456789TJQKA")), True)
        return next_event(rng, state)
    if irregular:
        for _ in range(12):
            event = next_event(rng, state)
            if not _legal_in_turn(state, event):
                return event
    legal = state.legal_calls()
    if not legal:  # nothing plain to call (an obligation decides): let the generator choose
        return next_event(rng, state)
    bids = [c for c in legal if c.is_bid]
    lowest = bids[0].code if bids else 0
    # mostly passes and bids a few steps above the last one, as at a table
    weights = [14.0 if c.is_pass else 0.6 if not c.is_bid else 3.0 if c.code - lowest < 5 else 0.08
               for c in legal]
    return CallEvent(state.turn, rng.choices(legal, weights)[0])


def _play_one(sim: Simulator, rng: random.Random, rate: float, max_events: int, index: int,
              stats: SimulationStats) -> None:
    from ..fuzzing import Failure, failure_class

    applied: list[Event] = []
    for _ in range(max_events):
        state = sim.state
        if state.phase in ("play", "passed_out"):
            break
        event = _next(rng, state, rate)
        try:
            st = sim.apply(event)
        except Exception as exc:  # noqa: BLE001 - every exception is judged here
            found = failure_class(exc)
            if found is None and isinstance(exc, AuctionFsmError):
                stats.refused += 1
                continue
            kind, cls = found if found is not None else ("internal", type(exc).__name__)
            stats.failures.append(Failure(kind, cls, str(exc), sim.dealer, (*applied, event), index))
            stats.endings["failure"] += 1
            return
        applied.append(event)
        stats.events += 1
        if any(f.row.family not in _PLAIN for f in st.fired):
            stats.irregular_events += 1
        for f in st.fired:
            if f.row.family not in _PLAIN:
                stats.laws[f.row.law] += 1
                stats.families[f.row.family] += 1
    state = sim.state
    if state.phase == "play":
        stats.endings["play began"] += 1
    elif state.phase == "passed_out":
        stats.endings["passed out"] += 1
    else:
        stats.endings["unfinished"] += 1
    if state.contract is not None and state.phase == "play":
        stats.contracts[state.contract.level] += 1


def simulate(count: int, seed: int | str = 0, rate: float = 0.1, max_events: int = 80,
             book: LawBook | None = None) -> SimulationStats:
    """Simulate ``count`` auctions under ``book`` (2017 by default); return what happened."""
    from ..simulator import Simulator

    stats = SimulationStats(str(seed), rate)
    sim: Simulator | None = None
    for i in range(count):
        rng = random.Random(f"simulate:{seed}:{i}")
        dealer = Seat(rng.randrange(4))
        if sim is None:
            sim = Simulator(dealer, check=True) if book is None else Simulator(dealer, check=True, book=book)
        else:
            sim.reset(dealer)
        _play_one(sim, rng, rate, max_events, i, stats)
        stats.auctions += 1
        if stats.failures and stats.failures[-1].scenario_index == i:
            sim = None  # not trusted after a failure
    return stats
