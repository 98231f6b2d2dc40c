"""Property-based test of the end of the auction period: random leads, decisions and judgements.

Each example builds a random auction that ends -- legal calls, with cards exposed at random and
insufficient bids replaced by non-comparable calls (so that 26B rights arise) -- and then throws
random events at it: leads by random seats, face down or not, facing the lead, declarer's
choices (the expected ones and others), 54C and misinformation judgements, questions, changes of
call and calls after the final pass.  Every event goes to the
:class:`~auction_fsm.simulator.Simulator` (machines cross-checked against the core after each
event) and, separately, to a chain of pure-core states.

Checked at every step: only :class:`~auction_fsm.errors.AuctionFsmError` may be raised, and a
refused event leaves everything as it was; at most one lead stands; the phase is ``play`` exactly
when a faced lead stands; the actual declarer is the presumed declarer or dummy; no penalty card
belongs to the declaring side; the simulator and the core agree; the JSON report can be made.
"""

from __future__ import annotations

import json

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from auction_fsm.auction import AuctionState
from auction_fsm.calls import ALL_CALLS, Call
from auction_fsm.cards import Card, Suit
from auction_fsm.engine import apply_event
from auction_fsm.errors import AuctionFsmError, MachineDisagreementError
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
from auction_fsm.lawbook.exposure import penalty_cards
from auction_fsm.report import position_to_json
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

SEATS = st.sampled_from(list(Seat))
CARDS = st.builds(Card, st.sampled_from(list(Suit)), st.sampled_from("23456789TJQKA"))
LOW_CALLS = st.sampled_from(tuple(c for c in ALL_CALLS if not c.is_bid or c.level <= 3))
OPTIONS = st.sampled_from(("accept", "spread", "refuse", "let_remain", "no_prohibition", "require_H",
                           "prohibit_S", "prohibit_C", "require_D", "director", "keep", "change"))
PASS = Call("pass")


class EndOfAuctionPeriod(RuleBasedStateMachine):
    sim: Simulator
    core: AuctionState

    def __init__(self) -> None:
        super().__init__()
        self.history: list[str] = []

    # --- applying events --------------------------------------------------------------------------
    def apply(self, event: Event) -> bool:
        """Apply ``event`` to simulator and core; return whether it was accepted."""
        sim = self.sim
        before, steps, phase = sim.state, len(sim.steps), sim.phase
        try:
            sim.apply(event)
        except MachineDisagreementError:
            raise  # a bug, never a refusal
        except AuctionFsmError as err:
            assert sim.state is before and len(sim.steps) == steps and sim.phase == phase, (
                f"refused {event.describe()} ({err}) but the simulator changed; history: {self.history}")
            with pytest.raises(type(err)):
                apply_event(self.core, event)  # the core refuses it the same way
            self.history.append(f"refused: {event.describe()}")
            return False
        self.core = apply_event(self.core, event)
        assert self.core == sim.state, f"core and simulator differ after {event.describe()}"
        self.history.append(event.describe())
        return True

    def settle(self, data: st.DataObject) -> None:
        """Answer whatever the auction's procedures wait for, so that it can go on."""
        for _ in range(6):
            p = self.sim.state.pending
            if p is None or p.procedure in ("declarer_lead_options", "lead_out_of_turn"):
                return
            if "director" in p.options:
                self.apply(DirectorCalled())
            elif p.decider == "director":
                self.apply(Judgement(p.get("judgement") or "comparable", False))  # type: ignore[arg-type]
            elif p.options == ("replace",):
                self.apply(CallEvent(p.offender, PASS))
            else:
                self.apply(Choice(Seat[p.decider], data.draw(st.sampled_from(p.options))))

    # --- the auction ------------------------------------------------------------------------------
    @initialize(dealer=SEATS, data=st.data())
    def random_auction(self, dealer: Seat, data: st.DataObject) -> None:
        self.sim = Simulator(dealer)
        self.core = AuctionState.start(dealer)
        for _ in range(40):
            s = self.sim.state
            if s.is_over:
                break
            self.settle(data)
            s = self.sim.state
            if s.pending is not None or s.is_over:
                continue
            kind = data.draw(st.sampled_from(("call",) * 4 + ("pass",) * 3 + ("expose", "insufficient")))
            if kind == "expose":
                cards = data.draw(st.lists(CARDS, min_size=1, max_size=2, unique=True))
                self.apply(ExposeCards(data.draw(SEATS), tuple(cards), data.draw(st.booleans())))
            elif kind == "insufficient":
                self.insufficient_bid(data)
            else:
                legal = s.legal_calls()
                call = PASS if kind == "pass" or not legal else data.draw(st.sampled_from(legal))
                self.apply(CallEvent(s.turn, call))
        for _ in range(12):  # make sure it ends (passes are legal unless a call must be repeated)
            self.settle(data)
            s = self.sim.state
            if s.is_over or s.pending is not None:
                break
            legal = s.legal_calls()
            self.apply(CallEvent(s.turn, PASS if PASS in legal else legal[0]))
        self.settle(data)

    def insufficient_bid(self, data: st.DataObject) -> None:
        """The seat to act bids too low; the director is called and the bid is replaced by a pass
        or another sufficient bid, judged not comparable (27B2: 26B rights arise)."""
        s = self.sim.state
        legal = s.legal_calls()
        low = [c for c in ALL_CALLS if c.is_bid and c not in legal and c.is_admissible_level]
        if not low or s.must_pass(s.turn) or any(o.kind == "repeat_call" for o in s.obligations[s.turn]):
            return
        offender = s.turn
        if not self.apply(CallEvent(offender, data.draw(st.sampled_from(low)))):
            return
        self.apply(DirectorCalled())
        replacement = data.draw(st.sampled_from([PASS, *[c for c in legal if c.is_bid]]))
        self.apply(CallEvent(offender, replacement))
        p = self.sim.state.pending
        if p is not None and p.decider == "director":
            self.apply(Judgement("comparable", False))

    # --- after the auction --------------------------------------------------------------------
    @rule(seat=SEATS, card=CARDS, faced=st.booleans())
    def lead_by_anyone(self, seat: Seat, card: Card, faced: bool) -> None:
        self.apply(Lead(seat, card, faced))

    @rule(card=CARDS, faced=st.booleans())
    def lead_by_the_presumed_leader(self, card: Card, faced: bool) -> None:
        leader = self.sim.state.opening_leader
        if leader is not None:
            self.apply(Lead(leader, card, faced))

    @rule()
    def face(self) -> None:
        self.apply(FaceLead())

    @rule(data=st.data())
    def declarer_chooses_an_offered_option(self, data: st.DataObject) -> None:
        p = self.sim.state.pending
        if p is not None and p.decider in Seat.__members__:
            self.apply(Choice(Seat[p.decider], data.draw(st.sampled_from(p.options))))

    @rule(data=st.data())
    def the_natural_next_step(self, data: st.DataObject) -> None:
        """What usually happens next: a decision answered, the presumed leader's lead, facing it."""
        s = self.sim.state
        p = s.pending
        if p is not None and p.decider in Seat.__members__:
            self.apply(Choice(Seat[p.decider], data.draw(st.sampled_from(p.options))))
        elif p is not None:
            self.apply(Judgement(p.get("judgement") or "comparable", data.draw(st.booleans())))  # type: ignore[arg-type]
        elif s.phase == "clarification" and s.opening_leader is not None:
            self.apply(Lead(s.opening_leader, data.draw(CARDS), data.draw(st.booleans())))
        elif s.phase == "opening_lead":
            self.apply(FaceLead())

    @rule(seat=SEATS, option=OPTIONS)
    def anyone_chooses_anything(self, seat: Seat, option: str) -> None:
        self.apply(Choice(seat, option))

    @rule(value=st.booleans())
    def judge_dummy_seen(self, value: bool) -> None:
        self.apply(Judgement("dummy_seen", value))

    @rule(value=st.booleans())
    def judge_misinformation(self, value: bool) -> None:
        self.apply(Judgement("misinformation", value))

    @rule(seat=SEATS, call=LOW_CALLS)
    def change_after_misinformation(self, seat: Seat, call: Call) -> None:
        self.apply(ChangeCall(seat, call, "misinformation"))

    @rule(seat=SEATS, explain=st.booleans())
    def question(self, seat: Seat, explain: bool) -> None:
        self.apply(ExplanationRequest(seat) if explain else ReviewRequest(seat))

    @rule(seat=SEATS, call=LOW_CALLS)
    def call_after_the_auction(self, seat: Seat, call: Call) -> None:
        self.apply(CallEvent(seat, call))

    @rule()
    def director(self) -> None:
        self.apply(DirectorCalled())

    @rule(data=st.data())
    def settle_a_reopened_auction(self, data: st.DataObject) -> None:
        s = self.sim.state
        self.settle(data)
        s = self.sim.state
        if not s.is_over and s.pending is None:
            legal = s.legal_calls()
            self.apply(CallEvent(s.turn, PASS if PASS in legal else legal[0]))

    # --- invariants ---------------------------------------------------------------------------
    @invariant()
    def at_most_one_lead_stands(self) -> None:
        s = self.sim.state
        assert sum(ld.status == "stands" for ld in s.leads) <= 1
        assert sum(ld.status == "pending" for ld in s.leads) <= 1
        if not s.is_over:  # a reopened auction: every earlier lead went back to the hand
            assert all(ld.status in ("withdrawn", "cancelled") for ld in s.leads)

    @invariant()
    def play_exactly_when_a_faced_lead_stands(self) -> None:
        s = self.sim.state
        lead = s.current_lead
        assert (s.phase == "play") == (lead is not None and lead.faced), (s.phase, lead, self.history)
        if s.phase == "play":
            assert s.pending is None and s.contract is not None

    @invariant()
    def actual_roles_stay_on_the_declaring_side(self) -> None:
        s = self.sim.state
        if s.contract is None:
            assert s.actual_declarer is None and s.actual_dummy is None
            return
        assert s.actual_declarer in (s.declarer, s.dummy)
        assert s.actual_dummy == s.actual_declarer.partner if s.actual_declarer is not None else False
        assert s.actual_leader is not None and s.actual_leader.is_opponent_of(s.contract.declarer) or (
            s.current_lead is None)

    @invariant()
    def penalty_cards_belong_to_defenders(self) -> None:
        s = self.sim.state
        cards = penalty_cards(s)
        if s.contract is None:
            assert cards == ()
        for p in cards:
            assert s.declarer is not None and p.seat.is_opponent_of(s.declarer), (p, self.history)
        assert len({p.card for p in cards}) == len(cards)

    @invariant()
    def simulator_and_core_agree(self) -> None:
        assert self.core == self.sim.state
        self.sim.cross_check()
        assert self.sim.phase == self.core.phase

    @invariant()
    def the_report_is_plain_json(self) -> None:
        data = json.loads(json.dumps(position_to_json(self.sim.state)))
        assert data["phase"] == self.sim.state.phase


EndOfAuctionPeriod.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestEndOfAuctionPeriod = EndOfAuctionPeriod.TestCase
