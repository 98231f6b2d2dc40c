"""Laws 48, 49 and 50 in the clarification period: a card exposed after the final pass and before
the opening lead is faced.

A defender's exposed card becomes a penalty card (49): major if an honour or exposed deliberately
(a card led), minor if a single low card dropped (50B); when it belongs to the presumed leader's
partner, declarer's options (50D2) come before the lead.  A card of the presumed declarer or dummy
brings no rectification (48A).  Every walk runs through the core and the simulator together.
"""



from __future__ import annotations

from auction_fsm.errors import DecisionError, IllegalLeadError
from auction_fsm.lawbook.exposure import penalty_cards
from auction_fsm.narrate import narrate
from auction_fsm.report import state_to_json

from .lead_helpers import more, outcome, refused, table

TO_4H = "N 1H, E P, S 4H, W P, N P, E P"  # 4H by North: East leads, West is the leader's partner


def test_49_50D2_honour_exposed_by_the_leaders_partner_gives_declarer_the_choice_before_the_lead() -> None:
    sim = table("N", TO_4H, "W expose SK")
    assert outcome(sim.state) == {
        "phase": "declarer_lead_options.penalty_card",
        "contract": "4H",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": ("declarer_lead_options.penalty_card", "N", ("require_S", "prohibit_S", "let_remain")),
        "penalty_cards": [("W", "SK", "major", "49, 50B")],
        "lead_rules": [],
        "leads": [],
        "opening_lead": None,
    }
    more(sim, "N choose require_S")
    assert outcome(sim.state)["lead_rules"] == [("require", "S", "E", "50D2a")]
    assert outcome(sim.state)["penalty_cards"] == []  # picked up (50D2a)
    refused(sim, "E leads H2", IllegalLeadError, "50D2a")
    more(sim, "E leads S2")
    assert sim.state.phase == "play"


def test_50B_single_low_card_dropped_by_the_leaders_partner_is_a_minor_penalty_card_no_choice() -> None:
    sim = table("N", TO_4H, "W expose S3")
    s = sim.state
    assert s.phase == "clarification" and s.pending is None  # 50D2 is for a major penalty card
    assert outcome(s)["penalty_cards"] == [("W", "S3", "minor", "49, 50B")]
    assert any("Penalty card: West's S3 (minor, Law 49, 50B)." == line for line in narrate(sim))


def test_50D1_major_penalty_card_of_the_presumed_leader_must_be_led() -> None:
    sim = table("N", TO_4H, "E expose DQ")
    assert outcome(sim.state)["penalty_cards"] == [("E", "DQ", "major", "49, 50B")]
    assert sim.state.pending is None
    refused(sim, "E leads S2", IllegalLeadError, "50D1")
    more(sim, "E leads DQ")
    assert sim.state.phase == "play" and outcome(sim.state)["penalty_cards"] == []


def test_50D2_card_exposed_after_declarer_chose_asks_declarer_again() -> None:
    sim = table("N", TO_4H, "W expose SK, N choose let_remain, W expose HA")
    assert outcome(sim.state)["pending"] == ("declarer_lead_options.penalty_card", "N",
                                             ("require_H", "prohibit_H", "require_S", "prohibit_S",
                                              "let_remain"))


def test_48A_card_exposed_by_presumed_declarer_or_dummy_brings_no_rectification() -> None:
    for seat in ("N", "S"):
        sim = table("N", TO_4H, f"{seat} expose SA")
        s = sim.state
        assert s.phase == "clarification" and s.pending is None and penalty_cards(s) == ()
        assert s.exposed == () and s.rulings[-1].law == "48A"
        assert "no rectification" in s.rulings[-1].summary
        more(sim, "E leads SA")  # the card went back into the hand: anybody may hold it
        assert sim.state.phase == "play"


def test_49_card_exposed_by_a_defender_while_a_face_down_lead_stands() -> None:
    sim = table("N", TO_4H, "E leads D2 down, W expose CK")
    assert sim.state.phase == "opening_lead"
    assert outcome(sim.state)["penalty_cards"] == [("W", "CK", "major", "49, 50B")]
    assert state_to_json(sim)["penalty_cards"][0]["law"] == "49, 50B"


def test_17D2_22B_no_penalty_card_on_a_passed_out_board_and_none_after_the_faced_lead() -> None:
    sim = table("N", "N P, E P, S P, W P")
    refused(sim, "E expose SK", DecisionError, match="passed out")
    sim = table("N", TO_4H, "E leads S2")
    refused(sim, "W expose SK", Exception, match="17D1")
