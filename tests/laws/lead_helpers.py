"""Helpers shared by the tests of the end of the auction period (Laws 22B, 24D-E, 26B, 41, 50,
51, 54): short event texts walked through the pure core and the simulator together, the full
observable outcome after the auction, and refusals that must leave everything unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.engine import apply_event
from auction_fsm.lawbook.exposure import penalty_cards
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

from .conftest import _Declined, ev

__all__ = ["ev", "table", "more", "outcome", "refused"]


def table(dealer: str, *texts: str) -> Simulator:
    """Walk comma-separated events through the simulator and, separately, the pure core."""
    sim, core = Simulator(dealer), AuctionState.start(dealer)
    for t in texts:
        for part in filter(None, (p.strip() for p in t.split(","))):
            e = ev(part)
            if isinstance(e, _Declined):
                e = e.resolve(core)
            sim.apply(e)
            core = apply_event(core, e)
            assert sim.state == core, part
    return sim


def more(sim: Simulator, *texts: str) -> Simulator:
    """Apply further events to ``sim`` (checked against the core the same way)."""
    for t in texts:
        for part in filter(None, (p.strip() for p in t.split(","))):
            before = sim.state
            e = ev(part)
            if isinstance(e, _Declined):
                e = e.resolve(before)
            sim.apply(e)
            assert sim.state == apply_event(before, e), part
    return sim


def _seats(*seats: Seat | None) -> tuple[str, ...] | None:
    return None if seats[0] is None else tuple(s.name if s is not None else "-" for s in seats)


def outcome(s: AuctionState) -> dict[str, Any]:
    """The full observable outcome after the auction: phase, contract, presumed and actual
    declarer/dummy/leader, the pending decision, penalty cards, lead rules (a 51A designation
    with its card in place of the suit) and every lead."""
    lead = s.current_lead
    return {
        "phase": s.phase,
        "contract": None if s.contract is None else s.contract.text,
        "presumed": _seats(s.declarer, s.dummy, s.opening_leader),
        "actual": _seats(s.actual_declarer, s.actual_dummy, s.actual_leader),
        "pending": None if s.pending is None else (s.pending.state_name, s.pending.decider, s.pending.options),
        "penalty_cards": [(p.seat.name, p.card.text, "major" if p.major else "minor", p.law)
                          for p in penalty_cards(s)],
        # (kind, suit, leader, law); a 51A designation names its card instead of the suit
        "lead_rules": [(r.kind, r.suit.name if r.card is None else r.card.text, r.leader.name, r.law)
                       for r in s.lead_rules],
        "leads": [(ld.seat.name, ld.card.text, "up" if ld.faced else "down", ld.status, ld.law)
                  for ld in s.leads],
        "opening_lead": None if lead is None else (lead.seat.name, lead.card.text, lead.faced),
    }


def refused(sim: Simulator, text: str, exc: type[Exception], law: str | None = None,
            match: str | None = None) -> str:
    """``text`` is refused with ``exc`` (naming ``law``) by core and simulator alike, and the
    simulator is left exactly as it was (same state object, steps and machine phase)."""
    state, steps, phase = sim.state, len(sim.steps), sim.phase
    with pytest.raises(exc, match=match) as info:
        sim.apply(ev(text))
    assert sim.state is state and len(sim.steps) == steps and sim.phase == phase
    sim.cross_check()
    with pytest.raises(exc):
        apply_event(state, ev(text))
    if law is not None:
        assert getattr(info.value, "law", None) == law
    return str(info.value)
