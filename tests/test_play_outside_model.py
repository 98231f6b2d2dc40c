"""Play beyond the opening lead is outside the model.

Once the opening lead is faced the auction period is over (17D1): the phase is ``play``, the
model's final state.  Any later event -- a card played, another lead, a call, a question, a
change of call, a decision -- is refused with an error that says play is outside the model, and
nothing changes.  The command line says the same when a scenario goes on past the lead.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from auction_fsm.calls import parse_call
from auction_fsm.cards import parse_card
from auction_fsm.cli import main
from auction_fsm.engine import apply_event
from auction_fsm.errors import AuctionOverError
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
from auction_fsm.narrate import OUTSIDE_THE_MODEL, narrate
from auction_fsm.report import state_to_json
from auction_fsm.scenario import FORMAT
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

AUCTION = [CallEvent.of(s, c) for s, c in [("N", "1NT"), ("E", "P"), ("S", "3NT"), ("W", "P"), ("N", "P"),
                                            ("E", "P")]]  # 3NT by North; East leads


def lead(seat: str, card: str, faced: bool = True) -> Lead:
    return Lead(Seat[seat], parse_card(card), faced)


# Ways to reach a faced opening lead: (name, events after the auction, who led, actual declarer)
ROUTES: dict[str, tuple[list[Event], str, str]] = {
    "face down then faced (41A, 41C)": ([lead("E", "S4", False), FaceLead()], "E", "N"),
    "faced at once": ([lead("E", "S4")], "E", "N"),
    "lead out of turn accepted (54B)": ([lead("W", "D2"), Choice(Seat.N, "accept")], "W", "N"),
    "lead out of turn, declarer spreads (54A)": ([lead("W", "D2"), Choice(Seat.N, "spread")], "W", "S"),
    "lead out of turn refused, then the right lead (54D, 50D)": (
        [lead("W", "D2"), Choice(Seat.N, "refuse"), Choice(Seat.N, "let_remain"), lead("E", "C7")], "E", "N"),
}

LATER_EVENTS: list[Event] = [
    lead("S", "S2"),  # "dummy plays to the trick"
    lead("W", "S9"),
    lead("E", "H3", False),
    FaceLead(),
    CallEvent.of("N", "4NT"),
    CallEvent.of("E", "P"),
    ChangeCall(Seat.W, parse_call("X"), "misinformation"),
    ChangeCall(Seat.N, parse_call("2NT")),
    ReviewRequest(Seat.W),
    ExplanationRequest(Seat.N),
    ExposeCards(Seat.W, (parse_card("HA"),)),
    DirectorCalled(),
    Judgement("dummy_seen", True),
    Choice(Seat.N, "accept"),
]


def play(route: str) -> Simulator:
    sim = Simulator("N")
    sim.run(AUCTION)
    sim.run(ROUTES[route][0])
    return sim


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_a_faced_opening_lead_ends_the_auction_period(route: str) -> None:
    sim = play(route)
    s = sim.state
    _, leader, declarer = ROUTES[route]
    assert s.phase == sim.phase == "play"
    assert s.current_lead is not None and s.current_lead.faced and s.current_lead.seat.name == leader
    assert s.actual_declarer is not None and s.actual_declarer.name == declarer
    assert s.pending is None and s.legal_calls() == ()


@pytest.mark.parametrize("event", LATER_EVENTS, ids=lambda e: e.describe())
@pytest.mark.parametrize("route", sorted(ROUTES))
def test_every_event_after_the_faced_lead_is_refused_as_outside_the_model(route: str, event: Event) -> None:
    sim = play(route)
    state, steps = sim.state, len(sim.steps)
    with pytest.raises(AuctionOverError) as info:
        sim.apply(event)
    assert info.value.law == "17D1"
    message = str(info.value)
    assert "play beyond the opening lead is outside this model" in message
    assert message.startswith(event.describe())
    assert sim.state is state and len(sim.steps) == steps and sim.phase == "play"
    with pytest.raises(AuctionOverError):
        apply_event(state, event)  # the pure core says the same


def test_the_narration_of_a_finished_auction_period_says_play_is_outside_the_model() -> None:
    told = narrate(play("lead out of turn, declarer spreads (54A)"))
    assert told[-1] == OUTSIDE_THE_MODEL
    assert "West's lead out of turn stands (Law 54A)." in told
    assert "At the table: declarer South, dummy North, opening lead by West." in told


# --- the command line ----------------------------------------------------------------------------
def scenario_past_the_lead() -> dict[str, Any]:
    calls = [{"type": "call", "seat": e.seat.name, "call": e.call.text} for e in AUCTION]
    return {"format": FORMAT, "version": 1, "dealer": "N", "events": [
        *calls,
        {"type": "lead", "seat": "E", "card": "S4", "faced": False},
        {"type": "face_lead"},
        {"type": "lead", "seat": "S", "card": "S2"},  # dummy's card to trick one: play
        {"type": "lead", "seat": "W", "card": "S9"},
    ]}


def test_replay_past_the_lead_says_play_is_outside_the_model(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "past.json"
    f.write_text(json.dumps(scenario_past_the_lead()), encoding="utf-8")
    status = main(["replay", str(f)])
    out, err = capsys.readouterr()
    assert status == 2
    lines = out.splitlines()
    assert "8. The face-down opening lead is faced." in lines
    assert lines.count(OUTSIDE_THE_MODEL) == 1  # in the outcome
    not_replayed = [x for x in lines if x.startswith("9. Not replayed: S leads S2")]
    assert len(not_replayed) == 1 and "(Law 17D1)" in not_replayed[0]
    assert not_replayed[0].endswith(OUTSIDE_THE_MODEL)
    assert not any(x.startswith("10.") for x in lines)  # the replay stops there
    assert lines[-1] == OUTSIDE_THE_MODEL
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert err.startswith("auction-fsm: play is outside the model: ")
    assert "event 9" in err and "outside this model" in err


def test_replay_json_past_the_lead_reports_play_and_the_refusal(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "past.json"
    f.write_text(json.dumps(scenario_past_the_lead()), encoding="utf-8")
    status = main(["replay", "--json", str(f)])
    out, _ = capsys.readouterr()
    assert status == 2
    data = json.loads(out)
    assert data["phase"] == "play" and data["auction_period_over"] is True
    assert data["opening_lead"] == {"seat": "E", "card": "S4", "faced": True, "status": "stands", "law": None}
    assert data["error"]["event"] == 9 and data["error"]["law"] == "17D1"
    assert "outside this model" in data["error"]["message"]
    assert data["error"]["kind"] == "play is outside the model"


def test_state_json_in_play() -> None:
    data = state_to_json(play("faced at once"))
    assert (data["phase"], data["to_lead"], data["to_act"], data["pending"]) == ("play", None, None, None)
    assert [ld["status"] for ld in data["leads"]] == ["stands"]
