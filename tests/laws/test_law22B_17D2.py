"""A passed-out board (22B) and the end of its auction period (17D2).

When all four players pass there is no contract, no declarer and no opening lead; the auction
period ends when the hands go back to the board.  Every later call, lead, change of call,
question, exposure, judgement or choice is refused with an error that says why, and nothing
changes.

Every walk runs through the pure core and through :class:`~auction_fsm.simulator.Simulator`
(machines cross-checked after each event) and the two must agree; every refusal must leave the
simulator exactly where it was.
"""

# ruff: noqa: N999  (the module is named after the law paragraphs it tests, as the other law tests are)

from __future__ import annotations

from typing import Any

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.calls import Strain, parse_call
from auction_fsm.cards import parse_card
from auction_fsm.errors import AuctionOverError, DecisionError, IllegalCallError
from auction_fsm.events import (
    CallEvent,
    ChangeCall,
    Choice,
    DirectorCalled,
    Event,
    ExplanationRequest,
    ExposeCards,
    FaceLead,
    Judgement,
    Lead,
    ReviewRequest,
)
from auction_fsm.narrate import narrate
from auction_fsm.report import state_to_json
from auction_fsm.seats import Seat, parse_seat
from auction_fsm.simulator import Simulator


# --- helpers: short event texts walked through the core and the simulator together ------------
def ev(text: str) -> Event:
    """``"S 1S"`` call, ``"E leads HK"`` (``... down`` face down), ``"face"``, ``"director"``,
    ``"judge dummy_seen yes"``, ``"S choose refuse"``, ``"E expose SK"`` (``expose-led``: a card
    led too early), ``"W change 3D misinformation"``, ``"N review"``, ``"W explain 3"``."""
    w = text.split()
    if w == ["director"]:
        return DirectorCalled()
    if w == ["face"]:
        return FaceLead()
    if w[0] == "judge":
        return Judgement(w[1], w[2] == "yes", tuple(Strain[d] for d in w[3:]))  # type: ignore[arg-type]
    seat, verb = parse_seat(w[0]), w[1]
    if verb == "choose":
        return Choice(seat, w[2])
    if verb == "leads":
        return Lead(seat, parse_card(w[2]), faced=w[3:] != ["down"])
    if verb in ("expose", "expose-led"):
        return ExposeCards(seat, tuple(parse_card(c) for c in w[2:]), led=verb == "expose-led")
    if verb == "change":
        return ChangeCall(seat, parse_call(w[2]), w[3] if len(w) > 3 else "slip")  # type: ignore[arg-type]
    if verb == "review":
        return ReviewRequest(seat)
    if verb == "explain":
        return ExplanationRequest(seat, int(w[2]) if len(w) > 2 else 0)
    assert len(w) == 2, text
    return CallEvent(seat, parse_call(verb))


def table(dealer: str, *texts: str) -> Simulator:
    """Walk comma-separated events through the simulator and, separately, the pure core."""
    sim, core = Simulator(dealer), AuctionState.start(dealer)
    for t in texts:
        for part in filter(None, (p.strip() for p in t.split(","))):
            e = ev(part)
            sim.apply(e)
            core = core.apply(e)
            assert sim.state == core, part
    return sim


def more(sim: Simulator, *texts: str) -> Simulator:
    """Apply further events to ``sim`` (checked against the core the same way)."""
    for t in texts:
        for part in filter(None, (p.strip() for p in t.split(","))):
            before = sim.state
            sim.apply(ev(part))
            assert sim.state == before.apply(ev(part)), part
    return sim


def _seats(*seats: Seat | None) -> tuple[str, ...] | None:
    return None if seats[0] is None else tuple(s.name if s is not None else "-" for s in seats)


def outcome(s: AuctionState) -> dict[str, Any]:
    """The full observable outcome after the auction: phase, contract, presumed and actual
    declarer/dummy/leader, the pending decision, penalty cards, lead rules and every lead."""
    lead = s.current_lead
    return {
        "phase": s.phase,
        "contract": None if s.contract is None else s.contract.text,
        "presumed": _seats(s.declarer, s.dummy, s.opening_leader),
        "actual": _seats(s.actual_declarer, s.actual_dummy, s.actual_leader),
        "pending": None if s.pending is None else (s.pending.state_name, s.pending.decider, s.pending.options),
        "penalty_cards": [(p.seat.name, p.card.text, "major" if p.major else "minor", p.law)
                          for p in s.penalty_cards()],
        "lead_rules": [(r.kind, r.suit.name, r.leader.name, r.law) for r in s.lead_rules],
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
        state.apply(ev(text))
    if law is not None:
        assert getattr(info.value, "law", None) == law
    return str(info.value)


PASSED_OUT = "N P, E P, S P, W P"


@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_22B_four_passes_reach_passed_out_in_core_and_machines(dealer: str) -> None:
    first = parse_seat(dealer)
    calls = ", ".join(f"{Seat((first + i) % 4).name} P" for i in range(4))
    sim = table(dealer, calls)
    s = sim.state
    assert outcome(s) == {
        "phase": "passed_out",
        "contract": None,
        "presumed": None,
        "actual": None,
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [],
        "opening_lead": None,
    }
    assert sim.phase == "passed_out" and s.is_over and s.is_passed_out
    assert s.legal_calls() == () and s.rulings == ()
    view = sim.machine_view()
    assert view.is_over and view.contract is None and view.turn is None


# event -> (error class, law or None, words the message must contain)
REFUSALS: dict[str, tuple[type[Exception], str | None, str]] = {
    "N 1C": (AuctionOverError, "17D2", "passed out"),
    "E P": (AuctionOverError, "17D2", "passed out"),
    "W X": (AuctionOverError, "17D2", "passed out"),
    "E leads S4": (AuctionOverError, "22B", "passed out"),
    "E leads S4 down": (AuctionOverError, "22B", "no opening lead"),
    "face": (DecisionError, None, "no face-down opening lead"),
    "N change 1C": (IllegalCallError, "17D2", "passed out"),
    "W change 1S misinformation": (IllegalCallError, "17D2", "auction period is over"),
    "E review": (DecisionError, None, "passed out"),
    "E explain": (DecisionError, None, "passed out"),
    "E expose SA": (DecisionError, None, "after the auction ended"),
    "director": (DecisionError, None, "no irregularity is pending"),
    "judge misinformation yes": (DecisionError, None, "no decision is pending"),
    "judge dummy_seen yes": (DecisionError, None, "no decision is pending"),
    "N choose accept": (DecisionError, None, "no decision is pending"),
}


@pytest.mark.parametrize("event", sorted(REFUSALS))
def test_17D2_nothing_happens_after_a_passed_out_board(event: str) -> None:
    sim = table("N", PASSED_OUT)
    exc, law, words = REFUSALS[event]
    message = refused(sim, event, exc, law=law)
    assert words in message, message
    assert outcome(sim.state)["phase"] == "passed_out"


def test_17D2_cards_exposed_during_a_passed_out_auction_are_no_penalty_cards() -> None:
    s = table("N", "N P, E expose SK, E P, S P, W P").state
    assert s.phase == "passed_out"
    assert [r.law for r in s.rulings] == ["24B"]
    assert s.penalty_cards() == () and s.picked_up == frozenset()


def test_17D2_the_report_and_the_narration_say_the_auction_period_is_over() -> None:
    sim = table("N", PASSED_OUT)
    data = state_to_json(sim)
    assert data["phase"] == "passed_out" and data["auction_period_over"] is True
    assert (data["contract"], data["declarer"], data["actual_declarer"], data["to_lead"]) == (None,) * 4
    assert data["opening_lead"] is None and data["leads"] == [] and data["penalty_cards"] == []
    told = narrate(sim)
    assert told[-1] == ("Nobody bid, so the auction period ends when the hands go back to the board "
                        "(Law 17D2). All four players passed: the board is passed out (Law 22B).")
