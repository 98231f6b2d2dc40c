"""Law 54: a faced opening lead out of turn, and what follows from each of declarer's options
(54A spread, 54B accept, 54C must accept, 54D refuse -> 56 major penalty card -> 50D, 54E a
lead by the declaring side).

The 2017 text is followed.  Every walk runs through the pure core and through
:class:`~auction_fsm.simulator.Simulator` (machines cross-checked after each event) and the two
must end in the same state; every refusal must leave the simulator exactly where it was.

The board used throughout: South deals and declares 4S, North is dummy, West the presumed
opening leader; East leads out of turn.
"""

from __future__ import annotations

import pytest

from auction_fsm.errors import AuctionOverError, DecisionError, IllegalLeadError
from auction_fsm.narrate import FIVE_OPTIONS_NOTE, narrate
from auction_fsm.seats import Seat

from .lead_helpers import more, outcome, refused, table

AUCTION = "S 1S, W P, N 3S, E P, S 4S, W P, N P, E P"  # 4S by South; West is to lead
AWAITING_DECLARER = ("lead_out_of_turn.awaiting_declarer", "S", ("accept", "spread", "refuse"))
PENALTY_OPTIONS = ("declarer_lead_options.penalty_card", "S", ("require_H", "prohibit_H", "let_remain"))


# --- the lead out of turn itself -----------------------------------------------------------------
def test_54_faced_lead_by_the_wrong_defender_waits_for_declarer() -> None:
    sim = table("S", AUCTION, "E leads HK")
    s = sim.state
    assert outcome(s) == {
        "phase": "lead_out_of_turn.awaiting_declarer",
        "contract": "4S",
        "presumed": ("S", "N", "W"),
        "actual": ("S", "N", "W"),
        "pending": AWAITING_DECLARER,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [("E", "HK", "up", "pending", "54")],
        "opening_lead": None,
    }
    assert s.pending is not None and s.pending.law == "54" and s.pending.offender is Seat.E
    assert s.pending.get("judgement") == "dummy_seen"
    assert [r.law for r in s.rulings] == ["54"]
    assert sim.phase == s.phase  # the phase machine is in the nested state too
    # Nothing else may happen until declarer chooses (or the director judges 54C).
    refused(sim, "W leads C5", DecisionError, match="must wait")
    refused(sim, "W choose accept", DecisionError, match="decision is S's")
    refused(sim, "N choose spread", DecisionError, match="decision is S's")
    refused(sim, "S choose require_H", DecisionError, match="not an option")
    refused(sim, "face", DecisionError)
    refused(sim, "N review", DecisionError, match="must wait")


def test_54B_declarer_accepts_sees_dummy_and_plays_second_from_hand() -> None:
    s = table("S", AUCTION, "E leads HK, S choose accept").state
    assert outcome(s) == {
        "phase": "play",
        "contract": "4S",
        "presumed": ("S", "N", "W"),
        "actual": ("S", "N", "E"),
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [("E", "HK", "up", "stands", "54B")],
        "opening_lead": ("E", "HK", True),
    }
    assert not s.swapped
    assert [r.law for r in s.rulings] == ["54", "54B"]


def test_54A_declarer_spreads_the_hand_and_the_roles_swap() -> None:
    sim = table("S", AUCTION, "E leads HK, S choose spread")
    s = sim.state
    assert outcome(s) == {
        "phase": "play",
        "contract": "4S",
        "presumed": ("S", "N", "W"),
        "actual": ("N", "S", "E"),
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [("E", "HK", "up", "stands", "54A")],
        "opening_lead": ("E", "HK", True),
    }
    assert s.swapped and s.contract is not None and s.contract.declarer is Seat.S  # presumed stays
    assert [r.law for r in s.rulings] == ["54", "54A"]
    told = "\n".join(narrate(sim))
    assert "Declarer spread the hand (Law 54A): North now declares and South is dummy." in told
    assert "At the table: declarer North, dummy South, opening lead by East." in told


def test_54A_ruling_names_north_as_the_new_declarer() -> None:
    # North is Seat 0: the ruling must still name North (it once printed an empty name).
    s = table("S", AUCTION, "E leads HK, S choose spread").state
    assert "North declares" in s.rulings[-1].summary


def test_54A_on_another_board_north_spreads_and_south_declares() -> None:
    # North named spades first and is presumed declarer; West (not East) faces the lead.
    s = table("N", "N 1S, E P, S 4S, W P, N P, E P", "W leads D2, N choose spread").state
    assert outcome(s)["presumed"] == ("N", "S", "E")
    assert outcome(s)["actual"] == ("S", "N", "W")
    assert outcome(s)["phase"] == "play" and outcome(s)["penalty_cards"] == []


# --- 54C: declarer must accept ---------------------------------------------------------------------
def test_54C_declarer_could_have_seen_dummy_refusal_is_no_longer_an_option() -> None:
    sim = table("S", AUCTION, "E leads HK, judge dummy_seen yes")
    s = sim.state
    assert outcome(s)["phase"] == "lead_out_of_turn.awaiting_declarer"
    assert outcome(s)["pending"] == ("lead_out_of_turn.awaiting_declarer", "S", ("accept",))
    assert s.pending is not None and s.pending.get("judgement") == ""  # the judgement is given once
    assert "staying declarer" in s.rulings[-1].summary
    refused(sim, "S choose refuse", DecisionError, match="not an option")
    # 2017 54C: "the presumed declarer then becomes declarer" -- spreading is not open either.
    refused(sim, "S choose spread", DecisionError, match="not an option")
    refused(sim, "judge dummy_seen no", DecisionError)
    s = more(sim, "S choose accept").state
    assert outcome(s) == {
        "phase": "play",
        "contract": "4S",
        "presumed": ("S", "N", "W"),
        "actual": ("S", "N", "E"),
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [("E", "HK", "up", "stands", "54B")],
        "opening_lead": ("E", "HK", True),
    }
    assert [r.law for r in s.rulings] == ["54", "54C", "54B"]


def test_54C_declarer_could_not_have_seen_dummy_all_options_remain() -> None:
    sim = table("S", AUCTION, "E leads HK, judge dummy_seen no")
    assert outcome(sim.state)["pending"] == AWAITING_DECLARER
    assert sim.state.pending is not None and sim.state.pending.get("judgement") == ""
    refused(sim, "judge dummy_seen yes", DecisionError)
    assert outcome(more(sim, "S choose refuse").state)["pending"] == PENALTY_OPTIONS


# --- 54D: declarer refuses -> 56 major penalty card -> 50D -----------------------------------------
def test_54D_refused_lead_becomes_a_major_penalty_card_and_50D_options_follow() -> None:
    sim = table("S", AUCTION, "E leads HK, S choose refuse")
    s = sim.state
    assert outcome(s) == {
        "phase": "declarer_lead_options.penalty_card",
        "contract": "4S",
        "presumed": ("S", "N", "W"),
        "actual": ("S", "N", "W"),
        "pending": PENALTY_OPTIONS,
        "penalty_cards": [("E", "HK", "major", "54D, 56")],
        "lead_rules": [],
        "leads": [("E", "HK", "up", "withdrawn", "54D, 56")],
        "opening_lead": None,
    }
    assert [r.law for r in s.rulings] == ["54", "54D, 56"]
    refused(sim, "W leads C5", DecisionError, match="must wait")  # 50D: declarer states first


def test_54D_then_50D_require_the_suit_card_picked_up_and_the_next_lead_checked() -> None:
    sim = table("S", AUCTION, "E leads HK, S choose refuse, S choose require_H")
    s = sim.state
    assert outcome(s) == {
        "phase": "clarification",
        "contract": "4S",
        "presumed": ("S", "N", "W"),
        "actual": ("S", "N", "W"),
        "pending": None,
        "penalty_cards": [],  # picked up once declarer required the suit
        "lead_rules": [("require", "H", "W", "50D2a")],
        "leads": [("E", "HK", "up", "withdrawn", "54D, 56")],
        "opening_lead": None,
    }
    message = refused(sim, "W leads C5", IllegalLeadError, match="must lead a heart")
    assert "C5 is refused" in message and "50D" in message
    refused(sim, "W leads S9 down", IllegalLeadError)  # face down is no way round it
    refused(sim, "W leads HK", IllegalLeadError, law="41A", match="East's card")  # not West's card
    s = more(sim, "W leads H7").state
    assert outcome(s)["phase"] == "play"
    assert outcome(s)["leads"] == [("E", "HK", "up", "withdrawn", "54D, 56"), ("W", "H7", "up", "stands", None)]
    assert outcome(s)["actual"] == ("S", "N", "W")


def test_54D_then_50D_prohibit_the_suit_and_the_next_lead_checked() -> None:
    sim = table("S", AUCTION, "E leads HK, S choose refuse, S choose prohibit_H")
    s = sim.state
    assert outcome(s)["lead_rules"] == [("prohibit", "H", "W", "50D2a")]
    assert outcome(s)["penalty_cards"] == [] and outcome(s)["pending"] is None
    assert "for as long as they keep the lead" in s.rulings[-1].summary
    refused(sim, "W leads H2", IllegalLeadError, match="may not lead a heart")
    refused(sim, "W leads HA down", IllegalLeadError, match="may not lead a heart")
    s = more(sim, "W leads C5 down").state
    assert outcome(s)["phase"] == "opening_lead"
    assert outcome(s)["opening_lead"] == ("W", "C5", False)
    assert outcome(more(sim, "face").state)["phase"] == "play"


def test_54D_then_50D_let_the_card_remain_leader_free_card_stays_major() -> None:
    sim = table("S", AUCTION, "E leads HK, S choose refuse, S choose let_remain")
    s = sim.state
    assert outcome(s)["lead_rules"] == [] and outcome(s)["pending"] is None
    assert outcome(s)["penalty_cards"] == [("E", "HK", "major", "54D, 56")]
    s = more(sim, "W leads H2").state  # even the penalty card's suit: West may lead anything
    assert outcome(s) == {
        "phase": "play",
        "contract": "4S",
        "presumed": ("S", "N", "W"),
        "actual": ("S", "N", "W"),
        "pending": None,
        "penalty_cards": [("E", "HK", "major", "54D, 56")],  # it stays on the table (50D2(b))
        "lead_rules": [],
        "leads": [("E", "HK", "up", "withdrawn", "54D, 56"), ("W", "H2", "up", "stands", None)],
        "opening_lead": ("W", "H2", True),
    }


def test_50D_declarers_options_cite_50D2() -> None:
    # 2017 numbers declarer's options when the offender's partner is to lead 50D2: (a) require or
    # prohibit (the card is picked up), (b) neither (the card remains); 50D1 is the offender's own
    # duty to play a major penalty card.
    req = table("S", AUCTION, "E leads HK, S choose refuse, S choose require_H").state
    rem = table("S", AUCTION, "E leads HK, S choose refuse, S choose let_remain").state
    assert req.lead_rules[0].law == "50D2a"
    assert rem.rulings[-1].law == "50D2b"
    assert req.rulings[-1].law == "50D2a"
    refused_ = table("S", AUCTION, "E leads HK, S choose refuse").state
    assert refused_.pending is not None and refused_.pending.law == "50D2, 51B"


# --- 54E: a lead by the declaring side ----------------------------------------------------------------
@pytest.mark.parametrize("who", ["N", "S"])
@pytest.mark.parametrize("how", ["", " down"])
def test_54E_lead_by_declarer_or_dummy_goes_back_without_penalty(who: str, how: str) -> None:
    sim = table("S", AUCTION, f"{who} leads D3{how}")
    s = sim.state
    assert outcome(s) == {
        "phase": "clarification",
        "contract": "4S",
        "presumed": ("S", "N", "W"),
        "actual": ("S", "N", "W"),
        "pending": None,
        "penalty_cards": [],  # never a penalty card for the declaring side (24D)
        "lead_rules": [],
        "leads": [(who, "D3", "down" if how else "up", "cancelled", "54E, 24")],
        "opening_lead": None,
    }
    assert [r.law for r in s.rulings] == ["54E, 24D"]
    s = more(sim, "W leads C5").state  # the right defender then leads as usual
    assert outcome(s)["phase"] == "play" and outcome(s)["opening_lead"] == ("W", "C5", True)


# --- the preamble of Law 54 ------------------------------------------------------------------------------
def test_54_face_down_lead_by_the_right_defender_is_retracted_when_partner_faces_one() -> None:
    # 2017 Law 54, opening words: the face-down lead is retracted and 54 applies to the faced card.
    sim = table("S", AUCTION, "W leads C5 down, E leads HK")
    s = sim.state
    assert outcome(s) == {
        "phase": "lead_out_of_turn.awaiting_declarer",
        "contract": "4S",
        "presumed": ("S", "N", "W"),
        "actual": ("S", "N", "W"),
        "pending": AWAITING_DECLARER,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [("W", "C5", "down", "withdrawn", "54, 41A"), ("E", "HK", "up", "pending", "54")],
        "opening_lead": None,
    }
    assert [r.law for r in s.rulings] == ["41A", "54, 41A", "54"]
    s = more(sim, "S choose refuse, S choose let_remain, W leads C5").state  # West may lead it again
    assert outcome(s)["phase"] == "play" and outcome(s)["opening_lead"] == ("W", "C5", True)


def test_54_declarer_or_dummy_cannot_retract_the_face_down_lead() -> None:
    sim = table("S", AUCTION, "W leads C5 down")
    refused(sim, "N leads D3", DecisionError, match="already been made")
    refused(sim, "E leads HK down", DecisionError, match="already been made")


def test_54_a_face_down_lead_by_the_wrong_defender_is_not_law_54() -> None:
    # Face down, the card was not faced: it goes back without penalty (41A); no options arise.
    s = table("S", AUCTION, "E leads HK down").state
    assert outcome(s)["pending"] is None and outcome(s)["penalty_cards"] == []
    assert outcome(s)["leads"] == [("E", "HK", "down", "withdrawn", "41A")]


# --- the usual five options, mapped onto the 2017 text ------------------------------------------
FIVE_OPTIONS = {
    # quick-reference option -> events in the 2017 model -> (actual roles, penalty cards, lead rules)
    "1. accept, see dummy, play in proper sequence": (
        "S choose accept", ("S", "N", "E"), [], []),
    "2. accept and become dummy": (
        "S choose spread", ("N", "S", "E"), [], []),
    "3. require the suit from the proper leader, card back in hand": (
        "S choose refuse, S choose require_H", ("S", "N", "W"), [], [("require", "H", "W", "50D2a")]),
    "4. prohibit the suit while the leader keeps the lead, card back in hand": (
        "S choose refuse, S choose prohibit_H", ("S", "N", "W"), [], [("prohibit", "H", "W", "50D2a")]),
    "5. leave the card as a penalty card, free lead": (
        "S choose refuse, S choose let_remain", ("S", "N", "W"), [("E", "HK", "major", "54D, 56")], []),
}


@pytest.mark.parametrize("option", sorted(FIVE_OPTIONS))
def test_the_five_summary_options_are_reached_in_two_steps_under_2017(option: str) -> None:
    """The ACBL quick reference (seed 001) lists five options; 2017 Law 54 gives three (54A, 54B,
    54D) and the refusal leads to 50D's three (require, prohibit, let remain): the same five
    outcomes.  Differences the model follows from 2017: only declarer chooses (not 'either
    defender', which is Law 53 for later leads); 54C can force acceptance; the refused card is a
    *major* penalty card (56, 50D)."""
    choices, actual, penalty, rules = FIVE_OPTIONS[option]
    s = table("S", AUCTION, "E leads HK", choices).state
    assert outcome(s)["actual"] == actual
    assert outcome(s)["penalty_cards"] == penalty
    assert outcome(s)["lead_rules"] == rules
    assert s.pending is None


def test_only_declarer_decides_on_an_opening_lead_out_of_turn() -> None:
    sim = table("S", AUCTION, "E leads HK")
    for seat in "NEW":
        refused(sim, f"{seat} choose accept", DecisionError, match="decision is S's")


def test_the_narration_notes_how_2017_differs_from_the_five_options() -> None:
    sim = table("S", AUCTION, "E leads HK, S choose refuse")
    told = narrate(sim)
    assert "   " + FIVE_OPTIONS_NOTE in told
    assert any(line.startswith("   Ruling, Law 54D, 56 (faced opening lead out of turn): ") for line in told)
    assert ("Waiting for South: South as declarer may require or prohibit a heart lead for West's opening "
            "lead or let the penalty card remain (Law 50D2, 51B).") in told
    assert "Penalty card: East's HK (major, Law 54D, 56)." in told


def test_after_the_lead_out_of_turn_stands_the_auction_period_is_over() -> None:
    sim = table("S", AUCTION, "E leads HK, S choose accept")
    refused(sim, "W leads C5", AuctionOverError, law="17D1", match="outside this model")
