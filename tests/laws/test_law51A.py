"""Law 51A at the opening lead: when the presumed opening leader has two or more major penalty
cards that the lead may be, the lead must be one of them, but declarer says which.

The designation is declarer's last choice before the lead: 50D2 (the partner's penalty cards)
and 26B (a withdrawn call of the partner) come first, because a suit they require or prohibit
decides which of the leader's penalty cards can be led at all (50D1(b)).  If declarer refuses
a lead out of turn (54D), the refused card is a new penalty card of the partner, 50D is asked
again, and so is the designation.

Every walk runs through the pure core and through :class:`~auction_fsm.simulator.Simulator`
(machines cross-checked after each event) and the two must agree; every refusal must leave the
simulator exactly where it was.
"""

# ruff: noqa: N999  (the module is named after the law paragraphs it tests, as the other law tests are)

from __future__ import annotations

import json

import pytest

from auction_fsm.errors import DecisionError, IllegalLeadError
from auction_fsm.lawbook.exposure import penalty_cards
from auction_fsm.lawbook.restrictions import restriction_status
from auction_fsm.narrate import decision_in_words, narrate
from auction_fsm.report import state_to_json
from auction_fsm.scenario import loads_scenario

from .lead_helpers import more, outcome, refused, table

# East, the opening leader against 3NT by North, exposes two honours during the auction:
# both become major penalty cards (24E, 50B) and either may be led.
TWO_HONOURS = "N 1NT, E expose SA HK, E P, S 3NT, W P, N P, E P"
DESIGNATE = ("declarer_lead_options.designate_card", "N", ("designate_HK", "designate_SA"))
HK_SA = [("E", "SA", "major", "24E, 50B"), ("E", "HK", "major", "24E, 50B")]


def test_51A_two_major_penalty_cards_declarer_designates_the_lead() -> None:
    sim = table("N", TWO_HONOURS)
    s = sim.state
    assert outcome(s) == {
        "phase": "declarer_lead_options.designate_card",
        "contract": "3NT",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": DESIGNATE,
        "penalty_cards": HK_SA,
        "lead_rules": [],
        "leads": [],
        "opening_lead": None,
    }
    assert s.pending is not None and s.pending.law == "51A" and s.pending.offender.name == "E"
    assert [r.law for r in s.rulings] == ["24C", "24E, 50"]
    # Nobody leads before declarer designates; only declarer designates, and only East's cards.
    refused(sim, "E leads SA", DecisionError, match="must wait")
    refused(sim, "S choose designate_SA", DecisionError, match="decision is N's")
    for option in ("designate_S2", "designate_HQ", "require_S", "let_remain"):
        refused(sim, f"N choose {option}", DecisionError, match="not an option")

    s = more(sim, "N choose designate_SA").state
    assert outcome(s) == {
        "phase": "clarification",
        "contract": "3NT",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": None,
        "penalty_cards": HK_SA,
        "lead_rules": [("designate", "SA", "E", "51A")],
        "leads": [],
        "opening_lead": None,
    }
    assert s.lead_rules[0].suit.name == "S"
    assert s.rulings[-1].law == "51A"
    assert "declarer designates SA, which East must lead; HK stays a penalty card" in s.rulings[-1].summary
    # The other penalty card and any other card are refused, quoting the card and Law 51A.
    for card in ("HK", "C2", "S5"):
        message = refused(sim, f"E leads {card}", IllegalLeadError, law="51A")
        assert message == (f"East must lead SA (declarer designated it from the major penalty cards, "
                           f"Law 51A); {card} is refused")
    refused(sim, "E leads HK down", IllegalLeadError, law="51A")

    s = more(sim, "E leads SA down, face").state
    assert outcome(s) == {
        "phase": "play",
        "contract": "3NT",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": None,
        "penalty_cards": [("E", "HK", "major", "24E, 50B")],
        "lead_rules": [("designate", "SA", "E", "51A")],
        "leads": [("E", "SA", "up", "stands", None)],
        "opening_lead": ("E", "SA", True),
    }


@pytest.mark.parametrize("card", ["HK", "SA"])
def test_51A_either_card_may_be_designated_and_only_it_is_led(card: str) -> None:
    other = "SA" if card == "HK" else "HK"
    sim = table("N", TWO_HONOURS, f"N choose designate_{card}")
    refused(sim, f"E leads {other}", IllegalLeadError, law="51A", match=f"must lead {card}")
    s = more(sim, f"E leads {card}").state
    assert s.phase == "play" and [p.card.text for p in penalty_cards(s)] == [other]


def test_51A_a_single_major_penalty_card_needs_no_designation() -> None:
    sim = table("N", "N 1NT, E expose SK, E P, S 3NT, W P, N P, E P")
    assert outcome(sim.state)["pending"] is None and outcome(sim.state)["lead_rules"] == []
    assert "51A" not in [r.law for r in sim.state.rulings]
    refused(sim, "N choose designate_SK", DecisionError, match="no decision is pending")


# East holds SK and H4 (both major, 50B) and West the DQ: 50D2 for West's card comes first.
BOTH = "N 1NT, E expose SK H4, E P, S 2C, W expose DQ, W P, N 2D, E P, S 3NT, W P, N P, E P"
PENALTY_50D = ("declarer_lead_options.penalty_card", "N", ("require_D", "prohibit_D", "let_remain"))


def test_51A_is_asked_after_50D_when_both_cards_may_still_be_led() -> None:
    sim = table("N", BOTH)
    assert outcome(sim.state)["pending"] == PENALTY_50D
    s = more(sim, "N choose let_remain").state
    assert outcome(s)["pending"] == ("declarer_lead_options.designate_card", "N", ("designate_H4", "designate_SK"))
    assert [r.law for r in s.rulings][-1] == "50D2b"
    s = more(sim, "N choose designate_H4").state
    assert outcome(s)["lead_rules"] == [("designate", "H4", "E", "51A")]
    refused(sim, "E leads SK", IllegalLeadError, law="51A")
    refused(sim, "E leads DQ", IllegalLeadError, law="41A")  # West's card
    s = more(sim, "E leads H4").state
    assert s.phase == "play"
    assert [(p.seat.name, p.card.text) for p in penalty_cards(s)] == [("E", "SK"), ("W", "DQ")]


@pytest.mark.parametrize(("option", "must_lead", "refused_card", "law"), [
    ("require_D", None, "SK", "50D2a"),   # a diamond must be led: neither penalty card can be
    ("prohibit_D", None, "D2", "50D2a"),  # both can still be led: declarer designates
])
def test_51A_after_a_50D_suit_rule(option: str, must_lead: str | None, refused_card: str, law: str) -> None:
    sim = table("N", BOTH, f"N choose {option}")
    s = sim.state
    if option == "require_D":
        assert outcome(s)["pending"] is None and outcome(s)["lead_rules"] == [("require", "D", "E", "50D2a")]
        refused(sim, f"E leads {refused_card}", IllegalLeadError, law=law)
        assert more(sim, "E leads D2").state.phase == "play"
    else:
        assert outcome(s)["pending"] == ("declarer_lead_options.designate_card", "N",
                                         ("designate_H4", "designate_SK"))
        refused(sim, f"E leads {refused_card}", DecisionError, match="must wait")


# West's insufficient 1H replaced by a club that is not comparable (27B2) gives declarer a 26B
# right against East's lead (hearts or spades); East exposes SK H4 during the auction.
RIGHT = ("W 1D, N 1S, E P, S 2S, W 1H, director, W 3C, judge comparable no, "
         "N 3S, E expose SK H4, E P, S 4S, W P, N P, E P")


@pytest.mark.parametrize(("option", "designation"), [
    ("prohibit_H", None),          # only the SK may be led: East must lead it (50D1)
    ("prohibit_S", None),          # only the H4 may be led
    ("no_prohibition", ("designate_H4", "designate_SK")),
])
def test_51A_is_asked_after_26B_for_the_cards_the_prohibition_leaves(
        option: str, designation: tuple[str, ...] | None) -> None:
    sim = table("W", RIGHT)
    assert outcome(sim.state)["pending"] == ("declarer_lead_options.lead_restriction", "N",
                                             ("prohibit_H", "prohibit_S", "no_prohibition"))
    s = more(sim, f"N choose {option}").state
    if designation is None:
        left = "SK" if option == "prohibit_H" else "H4"
        assert outcome(s)["pending"] is None
        refused(sim, "E leads D2", IllegalLeadError, law="50D1", match=f"major penalty card \\({left}\\)")
        assert more(sim, f"E leads {left}").state.phase == "play"
    else:
        assert outcome(s)["pending"] == ("declarer_lead_options.designate_card", "N", designation)
        s = more(sim, "N choose designate_SK").state
        assert outcome(s)["lead_rules"] == [("designate", "SK", "E", "51A")]
        assert restriction_status(s, s.restrictions[0]) == "declined"


def test_51A_designation_is_made_again_after_declarer_refuses_a_lead_out_of_turn() -> None:
    # Declarer designates the SA; West then faces a club out of turn and declarer refuses it
    # (54D): West's C5 is a major penalty card, 50D is asked, the designation lapses, and once
    # declarer lets West's card remain the designation is asked again.
    sim = table("N", TWO_HONOURS, "N choose designate_SA, W leads C5, N choose refuse")
    s = sim.state
    assert outcome(s) == {
        "phase": "declarer_lead_options.penalty_card",
        "contract": "3NT",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": ("declarer_lead_options.penalty_card", "N", ("require_C", "prohibit_C", "let_remain")),
        "penalty_cards": [*HK_SA, ("W", "C5", "major", "54D, 56")],
        "lead_rules": [],
        "leads": [("W", "C5", "up", "withdrawn", "54D, 56")],
        "opening_lead": None,
    }
    assert [r.law for r in s.rulings][-2:] == ["54D, 56", "51A"]
    assert s.rulings[-1].summary.startswith("declarer's designation of SA lapses: declarer designates again")
    s = more(sim, "N choose let_remain").state
    assert outcome(s)["pending"] == DESIGNATE
    s = more(sim, "N choose designate_HK").state
    assert outcome(s)["lead_rules"] == [("designate", "HK", "E", "51A")]
    refused(sim, "E leads SA", IllegalLeadError, law="51A", match="must lead HK")
    s = more(sim, "E leads HK").state
    assert outcome(s)["phase"] == "play"
    assert outcome(s)["penalty_cards"] == [("E", "SA", "major", "24E, 50B"), ("W", "C5", "major", "54D, 56")]


def test_51A_no_designation_after_a_refused_lead_when_a_required_suit_leaves_no_penalty_card() -> None:
    sim = table("N", TWO_HONOURS, "N choose designate_SA, W leads C5, N choose refuse, N choose require_C")
    s = sim.state
    assert outcome(s)["pending"] is None
    assert outcome(s)["lead_rules"] == [("require", "C", "E", "50D2a")]
    refused(sim, "E leads SA", IllegalLeadError, law="50D2a")
    assert more(sim, "E leads C2").state.phase == "play"


def test_51A_in_the_json_report_and_the_narration() -> None:
    sim = table("N", TWO_HONOURS)
    data = state_to_json(sim)
    assert data["pending"]["kind"] == "declarer_lead_options.designate_card"
    assert data["pending"]["law"] == "51A" and data["pending"]["options"] == ["designate_HK", "designate_SA"]
    assert decision_in_words(sim.state) == ("Waiting for North: North as declarer must designate HK or SA "
                                            "as the card to be led (Law 51A).")
    more(sim, "N choose designate_SA")
    data = state_to_json(sim)
    assert data["lead_rules"] == [{"kind": "designate", "suit": "S", "leader": "E", "law": "51A", "card": "SA"}]
    json.dumps(data)
    lines = narrate(sim)
    assert "8. North designates SA as the penalty card to be led." in lines
    assert ("Lead rule in force: declarer designated SA from East's major penalty cards, so East must "
            "lead it (Law 51A).") in lines
    assert not any("designate_" in line or "_" in line for line in lines)
    more(sim, "E leads SA")
    assert not any("Lead rule in force" in line for line in narrate(sim))  # it bound that lead only


def test_51A_a_scenario_file_may_spell_the_card_in_any_case() -> None:
    def scenario(option: str) -> str:
        events = [{"type": "call", "seat": "N", "call": "1NT"},
                  {"type": "expose", "seat": "E", "cards": ["SA", "HK"]},
                  *({"type": "call", "seat": s, "call": c} for s, c in
                    (("E", "P"), ("S", "3NT"), ("W", "P"), ("N", "P"), ("E", "P"))),
                  {"type": "choice", "seat": "N", "option": option},
                  {"type": "lead", "seat": "E", "card": "HK"}]
        return json.dumps({"format": "auction-fsm-scenario", "version": 1, "dealer": "N", "events": events})

    replay = loads_scenario(scenario("Designate_hk")).replay()
    assert replay.failed_event is None and replay.simulator.state.phase == "play"
    bad = loads_scenario(scenario("designate_xx")).replay()
    assert bad.failed_event == 8 and isinstance(bad.error, DecisionError) and "not an option" in str(bad.error)


def test_51A_designation_lapses_when_a_call_after_the_final_pass_gives_a_new_26B_right() -> None:
    # After the designation West, a defender, bids after the final pass; North declines it: the
    # 4S is cancelled and 39C gives declarer a 26B right against East.  The designation lapses
    # (a prohibited suit may bar one of the cards) and is asked again after the 26B choice.
    sim = table("N", TWO_HONOURS, "N choose designate_SA, W 4S, director")
    s = sim.state
    assert outcome(s)["pending"] == ("declarer_lead_options.lead_restriction", "N",
                                     ("prohibit_C", "prohibit_D", "prohibit_H", "prohibit_S", "no_prohibition"))
    assert outcome(s)["lead_rules"] == []
    assert [r.law for r in s.rulings][-2:] == ["39C", "51A"]
    assert restriction_status(s, s.restrictions[0]) == "to_choose"
    s = more(sim, "N choose prohibit_C").state
    assert outcome(s)["pending"] == DESIGNATE
    s = more(sim, "N choose designate_HK").state
    assert outcome(s)["lead_rules"] == [("prohibit", "C", "E", "26B"), ("designate", "HK", "E", "51A")]
    assert restriction_status(s, s.restrictions[0]) == "used"
    assert more(sim, "E leads HK").state.phase == "play"
