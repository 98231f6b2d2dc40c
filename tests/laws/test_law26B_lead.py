"""Law 26B at the opening lead: declarer's right to prohibit one suit at the offender's partner's
first lead, computed from the real auction and enforced at the lead.

As amended in 2017, declarer may only *prohibit* (never require) one suit the offender did not
specify in the legal auction; the prohibition lasts while the offender's partner keeps the lead.
The right is exercised at that partner's first turn to lead, so it is offered before the opening
lead only when the partner is the presumed opening leader.

Every walk runs through the pure core and through :class:`~auction_fsm.simulator.Simulator`
(machines cross-checked after each event) and the two must agree; every refusal must leave the
simulator exactly where it was.
"""

# ruff: noqa: N999  (the module is named after the law paragraphs it tests, as the other law tests are)

from __future__ import annotations

from pathlib import Path

from auction_fsm.auction import RESTRICTION_STATUSES, AuctionState
from auction_fsm.calls import Strain
from auction_fsm.errors import DecisionError, IllegalLeadError
from auction_fsm.lawbook.restrictions import eligible_suits, restriction_status, suits_specified_by
from auction_fsm.narrate import narrate
from auction_fsm.records import Ruling
from auction_fsm.report import state_to_json
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

from .lead_helpers import more, outcome, refused, table


def restrictions(s: AuctionState) -> list[tuple[str, str, str, str, str]]:
    """Each 26B right as (offender, leader it binds, law, withdrawn call, eligible suits)."""
    return [(r.offender.name, r.leader.name, r.law, r.withdrawn.text,
             "".join(x.name for x in eligible_suits(s, r))) for r in s.restrictions]


# West opens 1D; over South's 2S West bids an insufficient 1H, North calls the director and West
# replaces it with 3C, not comparable (27B2): East must pass from then on and 26B rights arise.
# West specified diamonds and clubs in the legal auction (the withdrawn 1H does not count).
IRREGULAR = "W 1D, N 1S, E P, S 2S, W 1H, director, W 3C, judge comparable no"
TO_4S = "N 3S, E P, S 4S, W P, N P, E P"  # 4S by North (first to bid spades): East is to lead
OPTIONS_26B = ("declarer_lead_options.lead_restriction", "N", ("prohibit_H", "prohibit_S", "no_prohibition"))


def test_26B_eligible_suits_come_from_the_offenders_legal_auction() -> None:
    s = table("W", IRREGULAR).state
    assert restrictions(s) == [("W", "E", "27B2, 26B", "1H", "HS")]
    assert [(r.seat.name, r.call.text, r.status) for r in s.record] == [
        ("W", "1D", "stands"), ("N", "1S", "stands"), ("E", "P", "stands"), ("S", "2S", "stands"),
        ("W", "1H", "withdrawn"), ("W", "3C", "stands")]
    assert suits_specified_by(s, Seat.W) == {Strain.D, Strain.C}


def test_26B_declarer_is_asked_before_the_offenders_partner_makes_the_opening_lead() -> None:
    sim = table("W", IRREGULAR, TO_4S)
    s = sim.state
    assert outcome(s) == {
        "phase": "declarer_lead_options.lead_restriction",
        "contract": "4S",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": OPTIONS_26B,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [],
        "opening_lead": None,
    }
    assert s.pending is not None and s.pending.law == "26B" and s.pending.offender is Seat.W
    assert restrictions(s) == [("W", "E", "27B2, 26B", "1H", "HS")]
    # 2017 26B: prohibit only, and only a suit the offender did not specify.
    for option in ("prohibit_C", "prohibit_D", "require_H", "let_remain"):
        refused(sim, f"N choose {option}", DecisionError, match="not an option")
    refused(sim, "E leads H2", DecisionError, match="must wait")
    refused(sim, "S choose prohibit_H", DecisionError, match="decision is N's")


def test_26B_prohibition_is_enforced_at_the_opening_lead() -> None:
    sim = table("W", IRREGULAR, TO_4S, "N choose prohibit_H")
    s = sim.state
    assert outcome(s) == {
        "phase": "clarification",
        "contract": "4S",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [("prohibit", "H", "E", "26B")],
        "leads": [],
        "opening_lead": None,
    }
    assert s.lead_rules[0].law == "26B" and [r.law for r in s.rulings][-1] == "26B"
    message = refused(sim, "E leads HA", IllegalLeadError, law="26B")
    assert "may not lead a heart" in message and "HA is refused" in message
    refused(sim, "E leads H4 down", IllegalLeadError, law="26B")
    s = more(sim, "E leads C9 down, face").state
    assert outcome(s)["phase"] == "play" and outcome(s)["opening_lead"] == ("E", "C9", True)
    assert outcome(s)["lead_rules"] == [("prohibit", "H", "E", "26B")]


def test_26B_declarer_may_decline_and_the_leader_is_free() -> None:
    s = table("W", IRREGULAR, TO_4S, "N choose no_prohibition, E leads H2").state
    assert outcome(s)["phase"] == "play" and outcome(s)["lead_rules"] == []
    assert [r.law for r in s.rulings][-2:] == ["26B", "41C, 17D1"]


def test_26B_not_offered_when_the_offender_is_the_opening_leader() -> None:
    # East's insufficient 1H is replaced by 2C (not comparable): West is silenced and 26B binds
    # West; but North declares, so East (the offender) leads and West has no first lead yet.
    sim = table("N", "N 1S, E 1H, director, E 2C, judge comparable no, S 2S, W P, N 4S, E P, S P, W P")
    s = sim.state
    assert restrictions(s) == [("E", "W", "27B2, 26B", "1H", "DHS")]
    assert outcome(s) == {
        "phase": "clarification",
        "contract": "4S",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [],
        "opening_lead": None,
    }
    # The end of the auction says where the right went: West's first lead comes in the play.
    assert [r.law for r in s.rulings][-1] == "26B" and "during the play" in s.rulings[-1].summary
    assert s.pending is None and restriction_status(s, s.restrictions[0]) == "applies_in_play"
    refused(sim, "N choose prohibit_H", DecisionError, match="no decision is pending")
    assert more(sim, "E leads H2").state.phase == "play"  # the offender leads what they like


def test_26B_not_offered_when_the_offender_declares() -> None:
    s = table("N", "N 1H, E 1C, director, E 2D, judge comparable no, S P, W P, N P").state
    assert restrictions(s) == [("E", "W", "27B2, 26B", "1C", "CHS")]
    assert outcome(s)["presumed"] == ("E", "W", "S") and outcome(s)["pending"] is None
    assert outcome(s)["phase"] == "clarification"


def test_26B_prohibition_stands_with_50D_after_a_refused_lead_out_of_turn() -> None:
    # Declarer prohibits hearts; then West (the offender) faces a club out of turn, declarer
    # refuses it, and 50D follows for West's major penalty card.  26B is not asked twice.
    sim = table("W", IRREGULAR, TO_4S, "N choose prohibit_H, W leads C5, N choose refuse")
    s = sim.state
    assert outcome(s)["pending"] == ("declarer_lead_options.penalty_card", "N",
                                     ("require_C", "prohibit_C", "let_remain"))
    assert outcome(s)["penalty_cards"] == [("W", "C5", "major", "54D, 56")]
    s = more(sim, "N choose prohibit_C").state
    assert outcome(s)["lead_rules"] == [("prohibit", "H", "E", "26B"), ("prohibit", "C", "E", "50D2a")]
    assert outcome(s)["pending"] is None and outcome(s)["penalty_cards"] == []
    refused(sim, "E leads H3", IllegalLeadError, law="26B")
    refused(sim, "E leads C3", IllegalLeadError, match="may not lead a club")
    assert more(sim, "E leads D3").state.phase == "play"


# --- where a 26B right stands: the ``status`` of each right in the report ------------------------
def statuses(sim: Simulator) -> list[str]:
    """The status of each 26B right as the JSON report gives it."""
    return [r["status"] for r in state_to_json(sim)["lead_restrictions"]]


def test_26B_status_may_apply_while_the_auction_goes_on() -> None:
    sim = table("W", IRREGULAR)
    assert statuses(sim) == ["may_apply"]
    assert state_to_json(sim)["lead_restrictions"] == [{
        "offender": "W", "leader": "E", "law": "27B2, 26B", "withdrawn": "1H",
        "eligible_suits": ["H", "S"], "status": "may_apply"}]
    more(sim, "N 3S, E P, S 4S")
    assert statuses(sim) == ["may_apply"]


def test_26B_status_to_choose_then_used_when_declarer_prohibits() -> None:
    sim = table("W", IRREGULAR, TO_4S)
    assert statuses(sim) == ["to_choose"] and outcome(sim.state)["pending"] == OPTIONS_26B
    more(sim, "N choose prohibit_S")
    assert statuses(sim) == ["used"]
    assert outcome(sim.state)["lead_rules"] == [("prohibit", "S", "E", "26B")]
    more(sim, "E leads H2")
    assert statuses(sim) == ["used"] and sim.state.phase == "play"


def test_26B_status_declined_when_declarer_prohibits_nothing() -> None:
    sim = table("W", IRREGULAR, TO_4S, "N choose no_prohibition")
    assert statuses(sim) == ["declined"] and outcome(sim.state)["lead_rules"] == []


def test_26B_right_lapses_when_the_offender_becomes_declarer() -> None:
    sim = table("N", "N 1H, E 1C, director, E 2D, judge comparable no, S P, W P, N P")
    s = sim.state
    assert outcome(s) == {
        "phase": "clarification",
        "contract": "2D",
        "presumed": ("E", "W", "S"),
        "actual": ("E", "W", "S"),
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [],
        "opening_lead": None,
    }
    assert statuses(sim) == ["lapsed"]
    assert s.rulings[-1] == Ruling("26B", "East has become declarer: the lead restriction right against "
                                          "West lapses, as it applies only when the offender defends")
    lines = narrate(sim)
    assert "The lead restriction right against West's first lead lapsed: East became declarer (Law 26B)." in lines
    refused(sim, "N choose prohibit_H", DecisionError, match="no decision is pending")
    assert more(sim, "S leads H2").state.phase == "play"  # South leads what they like
    assert statuses(sim) == ["lapsed"]


def test_26B_right_lapses_when_the_offender_becomes_dummy() -> None:
    # West opened 1C; East's insufficient 1H is replaced by 3C, not comparable: West is silenced.
    # 3C is played by West, who named clubs first; East, the offender, is dummy.
    sim = table("W", "W 1C, N 1S, E 1H, director, E 3C, judge comparable no, S P, W P, N P")
    s = sim.state
    assert outcome(s)["presumed"] == ("W", "E", "N") and outcome(s)["pending"] is None
    assert statuses(sim) == ["lapsed"]
    assert s.rulings[-1].law == "26B" and s.rulings[-1].summary.startswith("East has become dummy")
    assert "The lead restriction right against West's first lead lapsed: East became dummy (Law 26B)." in narrate(sim)


def test_26B_right_waits_for_the_play_when_the_offender_makes_the_opening_lead() -> None:
    sim = table("N", "N 1S, E 1H, director, E 2C, judge comparable no, S 2S, W P, N 4S, E P, S P, W P")
    s = sim.state
    assert statuses(sim) == ["applies_in_play"]
    assert s.rulings[-1] == Ruling("26B", "East makes the opening lead: the lead restriction right waits for "
                                          "West's first turn to lead, which comes during the play, after the "
                                          "auction period")
    assert ("Lead restriction still to come (Law 26B): when West first has the lead, during the play, "
            "declarer may prohibit diamonds, hearts or spades.") in narrate(sim)
    s = more(sim, "E leads H2").state
    assert s.phase == "play" and statuses(sim) == ["applies_in_play"]


def test_26B_right_lapses_when_the_board_is_passed_out() -> None:
    # North's 1H is changed to a pass, intended (25B), and East accepts the change: the 1H is
    # withdrawn, the pass is not comparable, and 26B may follow -- but everybody passes.
    sim = table("N", "N 1H, N change P, judge unintended no, E choose accept, judge comparable no")
    assert statuses(sim) == ["may_apply"]
    more(sim, "E P, S P, W P")
    assert sim.state.phase == "passed_out" and statuses(sim) == ["lapsed"]
    assert "The lead restriction right against South's first lead lapsed: the board was passed out (Law 26B)." \
        in narrate(sim)
    more(sim, "hands returned")
    assert statuses(sim) == ["lapsed"]


def test_26B_every_status_is_in_the_documented_list() -> None:
    assert RESTRICTION_STATUSES == ("may_apply", "lapsed", "applies_in_play", "to_choose", "used", "declined")
    doc = (Path(__file__).resolve().parents[2] / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    assert all(f"`{s}`" in doc for s in RESTRICTION_STATUSES)


def test_26B_right_with_no_eligible_suit_is_told_not_listed_empty() -> None:
    # East's insufficient 1C is replaced by a 2D explained as showing all four suits, not
    # comparable (27B2): East specified every suit, so the 26B right leaves declarer nothing to
    # prohibit.  North declares 3H and East leads: the right would wait for the play (F01: the
    # narration used to fail on the empty list of suits).
    sim = Simulator("N")
    from auction_fsm.calls import parse_call
    from auction_fsm.events import CallEvent, DirectorCalled, Judgement

    for e in (CallEvent(Seat.N, parse_call("1H")), CallEvent(Seat.E, parse_call("1C")), DirectorCalled(),
              CallEvent(Seat.E, parse_call("2D"), specifies=(Strain.C, Strain.D, Strain.H, Strain.S)),
              Judgement("comparable", False)):
        sim.apply(e)
    more(sim, "S 3H, W P, N P, E P")
    s = sim.state
    assert restrictions(s) == [("E", "W", "27B2, 26B", "1C", "")]
    assert restriction_status(s, s.restrictions[0]) == "applies_in_play"
    told = narrate(sim)
    assert ("The lead restriction right against West's first lead leaves declarer nothing to prohibit: "
            "East specified all four suits in the auction (Law 26B).") in told
    assert state_to_json(sim)["lead_restrictions"][0]["eligible_suits"] == []
