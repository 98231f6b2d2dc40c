"""Cards exposed during the auction, at its end (24D, 24E), and the penalty cards they become
(50B major or minor, 50C, 50D, 51).

A player of the declaring side picks the cards up (24D); a defender's exposed cards become
penalty cards (24E): major if of honour rank or led too early, minor otherwise, and all major
when one defender has two or more (50B, 51).  A minor penalty card bars the other low cards of
its suit (50C); a major one must be led (50D1); when the offender's partner is to lead, declarer
first chooses to require or prohibit the suit, or to let the card remain (50D2).

Every walk runs through the pure core and through :class:`~auction_fsm.simulator.Simulator`
(machines cross-checked after each event) and the two must agree; every refusal must leave the
simulator exactly where it was.
"""

# ruff: noqa: N999  (the module is named after the law paragraphs it tests, as the other law tests are)

from __future__ import annotations

import pytest

from auction_fsm.cards import parse_card
from auction_fsm.errors import DecisionError, IllegalLeadError
from auction_fsm.lawbook.exposure import penalty_cards

from .lead_helpers import more, outcome, refused, table


# --- 24D: the declaring side picks its cards up ----------------------------------------------------
def test_24D_exposed_honours_of_declarer_and_dummy_are_picked_up_without_penalty() -> None:
    sim = table("N", "N 1H, E P, N expose SA, S P, W 1S, N 2H, E P, S expose HK, S P, W P")
    s = sim.state
    assert outcome(s) == {
        "phase": "clarification",
        "contract": "2H",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": None,
        "penalty_cards": [],
        "lead_rules": [],
        "leads": [],
        "opening_lead": None,
    }
    assert [r.law for r in s.rulings] == ["24B", "24B", "24D", "24D"]
    assert s.picked_up == {parse_card("SA"), parse_card("HK")}
    # The cards went back into their owners' hands: nobody else may lead them.
    refused(sim, "E leads HK", IllegalLeadError, law="41A", match="South's card")
    s = more(sim, "E leads S2").state
    assert outcome(s)["phase"] == "play" and outcome(s)["penalty_cards"] == []


def test_24D_a_low_card_of_the_declaring_side_is_picked_up_too() -> None:
    s = table("N", "N 1NT, E P, S expose D5, S 3NT, W P, N P, E P").state
    assert [r.law for r in s.rulings] == ["24A", "24D"]
    assert outcome(s)["penalty_cards"] == [] and s.picked_up == {parse_card("D5")}


# --- 24E: a defender's exposed cards become penalty cards (50B) ----------------------------------
def test_24E_low_card_becomes_a_minor_penalty_card() -> None:
    s = table("N", "N 1NT, E expose H3, E P, S 3NT, W P, N P, E P").state
    assert outcome(s) == {
        "phase": "clarification",
        "contract": "3NT",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": None,
        "penalty_cards": [("E", "H3", "minor", "24E, 50B")],
        "lead_rules": [],
        "leads": [],
        "opening_lead": None,
    }
    assert [r.law for r in s.rulings] == ["24A", "24E, 50"]
    assert "H3 minor" in s.rulings[-1].summary


@pytest.mark.parametrize("card", ["H8", "H2", "H9"])
def test_50C_minor_penalty_card_bars_other_low_cards_of_its_suit(card: str) -> None:
    sim = table("N", "N 1NT, E expose H3, E P, S 3NT, W P, N P, E P")
    message = refused(sim, f"E leads {card}", IllegalLeadError, law="50C")
    assert "minor penalty card H3" in message and f"{card} is refused" in message
    refused(sim, f"E leads {card} down", IllegalLeadError, law="50C")


@pytest.mark.parametrize("card", ["H3", "HK", "HT", "C2", "S7"])
def test_50C_minor_penalty_card_itself_an_honour_or_another_suit_may_be_led(card: str) -> None:
    s = table("N", "N 1NT, E expose H3, E P, S 3NT, W P, N P, E P", f"E leads {card}").state
    assert outcome(s)["phase"] == "play" and outcome(s)["opening_lead"] == ("E", card, True)
    left = [] if card == "H3" else [("E", "H3", "minor", "24E, 50B")]
    assert outcome(s)["penalty_cards"] == left


def test_50C_partner_of_a_minor_penalty_card_is_not_restricted() -> None:
    s = table("N", "N 1NT, E P, S 3NT, W expose C4, W P, N P, E P", "E leads C2").state
    assert outcome(s)["pending"] is None and outcome(s)["lead_rules"] == []
    assert outcome(s)["penalty_cards"] == [("W", "C4", "minor", "24E, 50B")]
    assert outcome(s)["phase"] == "play"


@pytest.mark.parametrize("exposure", ["E expose SK", "E expose D4 led"])
def test_24E_honour_or_card_led_early_becomes_a_major_penalty_card(exposure: str) -> None:
    card = exposure.split()[2]
    s = table("N", f"N 1NT, {exposure}, E P, S 3NT, W P, N P, E P").state
    assert outcome(s)["penalty_cards"] == [("E", card, "major", "24E, 50B")]
    assert [r.law for r in s.rulings] == ["24B", "24E, 50"]
    assert outcome(s)["pending"] is None  # East leads: no options for declarer (50D2 is for partner)


def test_50D_the_leader_must_lead_their_own_major_penalty_card() -> None:
    sim = table("N", "N 1NT, E expose SK, E P, S 3NT, W P, N P, E P")
    message = refused(sim, "E leads H2", IllegalLeadError, law="50D1")
    assert "major penalty card (SK)" in message and "H2 is refused" in message
    refused(sim, "E leads S2 down", IllegalLeadError, law="50D1")
    s = more(sim, "E leads SK down").state
    assert outcome(s)["phase"] == "opening_lead"
    s = more(sim, "face").state
    assert outcome(s) == {
        "phase": "play",
        "contract": "3NT",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": None,
        "penalty_cards": [],  # once led it is no longer a penalty card
        "lead_rules": [],
        "leads": [("E", "SK", "up", "stands", None)],
        "opening_lead": ("E", "SK", True),
    }


# --- 50B / 51: two or more penalty cards are all major --------------------------------------------
def test_51_two_exposed_low_cards_are_both_major_and_the_designated_one_must_be_led() -> None:
    sim = table("N", "N 1NT, E expose H3 D4, E P, S 3NT, W P, N P, E P")
    s = sim.state
    assert [(p.seat.name, p.card.text, p.major) for p in penalty_cards(s)] == [
        ("E", "H3", True), ("E", "D4", True)]
    assert all("24E" in p.law and "50B" in p.law for p in penalty_cards(s))
    assert [r.law for r in s.rulings] == ["24C", "24E, 50"]
    # Both may be led, so declarer designates which (51A; see test_law51A.py) before any lead.
    assert s.phase == "declarer_lead_options.designate_card"
    for card in ("H3", "D4"):
        t = table("N", "N 1NT, E expose H3 D4, E P, S 3NT, W P, N P, E P", f"N choose designate_{card}")
        refused(t, "E leads C2", IllegalLeadError, law="51A")
        s = more(t, f"E leads {card}").state
        assert s.phase == "play"
        assert [p.card.text for p in penalty_cards(s)] == [c for c in ("H3", "D4") if c != card]


def test_51_a_low_card_exposed_earlier_turns_major_when_a_second_card_joins_it() -> None:
    sim = table("N", "N 1NT, E expose H3, E P, S 3NT, E expose D4, W P, N P, E P")
    assert [(p.card.text, p.major) for p in penalty_cards(sim.state)] == [("H3", True), ("D4", True)]


def test_51_promoted_cards_cite_50B_once() -> None:
    s = table("N", "N 1NT, E expose H3 D4, E P, S 3NT, W P, N P, E P").state
    assert [p.law for p in penalty_cards(s)] == ["24E, 50B", "24E, 50B"]


# --- 50D: the partner of a defender with a major penalty card is to lead --------------------------
PARTNER_HQ = "N 1NT, E P, S 3NT, W expose HQ, W P, N P, E P"  # West defends with HQ; East leads


def test_50D_partners_major_penalty_card_gives_declarer_options_before_the_lead() -> None:
    sim = table("N", PARTNER_HQ)
    s = sim.state
    assert outcome(s) == {
        "phase": "declarer_lead_options.penalty_card",
        "contract": "3NT",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": ("declarer_lead_options.penalty_card", "N", ("require_H", "prohibit_H", "let_remain")),
        "penalty_cards": [("W", "HQ", "major", "24E, 50B")],
        "lead_rules": [],
        "leads": [],
        "opening_lead": None,
    }
    assert s.pending is not None and s.pending.law.startswith("50D")
    refused(sim, "E leads C2", DecisionError, match="must wait")
    refused(sim, "S choose let_remain", DecisionError, match="decision is N's")


# option -> (lead rules, penalty cards left, a lead refused, a lead allowed)
OPTIONS_50D = {
    "require_H": ([("require", "H", "E", "50D2a")], [], "C2", "H5"),
    "prohibit_H": ([("prohibit", "H", "E", "50D2a")], [], "H5", "C2"),
    "let_remain": ([], [("W", "HQ", "major", "24E, 50B")], None, "H5"),
}


@pytest.mark.parametrize("option", sorted(OPTIONS_50D))
def test_50D_each_option_and_the_lead_that_follows(option: str) -> None:
    rules, left, bad, good = OPTIONS_50D[option]
    sim = table("N", PARTNER_HQ, f"N choose {option}")
    s = sim.state
    assert outcome(s) == {
        "phase": "clarification",
        "contract": "3NT",
        "presumed": ("N", "S", "E"),
        "actual": ("N", "S", "E"),
        "pending": None,
        "penalty_cards": left,
        "lead_rules": rules,
        "leads": [],
        "opening_lead": None,
    }
    if bad is not None:
        refused(sim, f"E leads {bad}", IllegalLeadError, match=f"{bad} is refused")
    refused(sim, "E leads HQ", IllegalLeadError, law="41A", match="West's card")
    s = more(sim, f"E leads {good}").state
    assert outcome(s)["phase"] == "play" and outcome(s)["penalty_cards"] == left


def test_51_partner_has_penalty_cards_in_two_suits_options_for_each() -> None:
    sim = table("N", "N 1NT, E P, S 3NT, W expose HQ C4, W P, N P, E P")
    s = sim.state
    assert outcome(s)["pending"] == ("declarer_lead_options.penalty_card", "N",
                                     ("require_C", "prohibit_C", "require_H", "prohibit_H", "let_remain"))
    assert [(p.card.text, p.major) for p in penalty_cards(s)] == [("HQ", True), ("C4", True)]
    s = more(sim, "N choose prohibit_C").state
    assert outcome(s)["lead_rules"] == [("prohibit", "C", "E", "50D2a")]
    assert [p.card.text for p in penalty_cards(s)] == ["HQ"]  # the clubs were picked up (51B)
    refused(sim, "E leads C2", IllegalLeadError)
    assert more(sim, "E leads D2").state.phase == "play"


# --- a card known to be in another hand; 50D1(b) ------------------------------------------------
def test_a_defender_cannot_lead_a_card_north_exposed() -> None:
    # North is Seat 0: the owner check must still find North (it once treated 0 as "no owner").
    sim = table("N", "N 1H, E P, N expose SA, S P, W 1S, N 2H, E P, S P, W P")
    refused(sim, "E leads SA", IllegalLeadError, law="41A", match="North's card")


@pytest.mark.parametrize("who", ["W", "N", "S"])
def test_nobody_else_can_lead_a_defenders_exposed_card(who: str) -> None:
    # East's SK is known to be in East's hand: not West's lead out of turn (54), nor a card of the
    # declaring side (54E).
    sim = table("N", "N 1NT, E expose SK, E P, S 3NT, W P, N P, E P")
    refused(sim, f"{who} leads SK", IllegalLeadError, law="41A", match="East's card")


BOTH_HAVE_PENALTY_CARDS = "N 1NT, E expose SK, E P, S 2C, W expose HQ, W P, N 2D, E P, S 3NT, W P, N P, E P"


def test_50D1b_a_required_suit_comes_before_the_leaders_own_penalty_card() -> None:
    # East's own SK is a major penalty card, and declarer requires a heart (West's HQ, 50D2(a)):
    # the requirement takes precedence (50D1(b)); SK stays a penalty card.
    sim = table("N", BOTH_HAVE_PENALTY_CARDS, "N choose require_H")
    assert outcome(sim.state)["lead_rules"] == [("require", "H", "E", "50D2a")]
    assert [p.card.text for p in penalty_cards(sim.state)] == ["SK"]
    refused(sim, "E leads SK", IllegalLeadError, law="50D2a", match="must lead a heart")
    s = more(sim, "E leads H2").state
    assert s.phase == "play"
    assert [(p.seat.name, p.card.text, p.major) for p in penalty_cards(s)] == [("E", "SK", True)]


def test_50D1b_a_prohibited_suit_comes_before_the_leaders_own_penalty_card() -> None:
    # Both defenders hold a major penalty card in spades; declarer prohibits spades: East may not
    # lead the SK and leads another suit, the SK remaining a penalty card.
    sim = table("N", "N 1NT, E expose SK, E P, S 2C, W expose SJ, W P, N 2D, E P, S 3NT, W P, N P, E P",
                "N choose prohibit_S")
    assert outcome(sim.state)["lead_rules"] == [("prohibit", "S", "E", "50D2a")]
    refused(sim, "E leads SK", IllegalLeadError, law="50D2a")
    s = more(sim, "E leads D6").state
    assert s.phase == "play" and [p.card.text for p in penalty_cards(s)] == ["SK"]


def test_50D1_with_no_restriction_the_leaders_own_penalty_card_must_be_led() -> None:
    sim = table("N", BOTH_HAVE_PENALTY_CARDS, "N choose let_remain")
    refused(sim, "E leads H2", IllegalLeadError, law="50D1")
    s = more(sim, "E leads SK").state
    assert s.phase == "play" and [p.card.text for p in penalty_cards(s)] == ["HQ"]


def test_50D2a_a_second_50D_choice_cannot_require_a_suit_when_another_is_already_required() -> None:
    """Declarer required a heart from East for West's HQ; West then faces CK out of turn and
    declarer refuses it (54D): CK is a new major penalty card and 50D is asked again.  Requiring
    clubs now would leave East no legal lead (a heart and a club at once), so it is not offered;
    prohibiting clubs or letting CK remain still are (our decision, docs/modelling-decisions.md)."""
    sim = table("N", PARTNER_HQ, "N choose require_H, W leads CK, N choose refuse")
    s = sim.state
    assert outcome(s)["pending"] == ("declarer_lead_options.penalty_card", "N", ("prohibit_C", "let_remain"))
    refused(sim, "N choose require_C", DecisionError, match="not an option")
    s = more(sim, "N choose prohibit_C").state
    assert outcome(s)["lead_rules"] == [("require", "H", "E", "50D2a"), ("prohibit", "C", "E", "50D2a")]
    assert outcome(more(sim, "E leads H5").state)["phase"] == "play"


def test_50D2a_after_a_prohibition_the_second_choice_keeps_every_option_of_another_suit() -> None:
    sim = table("N", PARTNER_HQ, "N choose prohibit_H, W leads CK, N choose refuse")
    assert outcome(sim.state)["pending"] == ("declarer_lead_options.penalty_card", "N",
                                             ("require_C", "prohibit_C", "let_remain"))


def test_26B_cannot_prohibit_the_suit_50D2a_already_required() -> None:
    """West's insufficient 1S, replaced by a pass (27B2), gives declarer a 26B right against
    East's lead; West also exposed HQ.  Declarer first requires a heart for the penalty card
    (50D2a); the 26B choice that follows then offers every suit but hearts."""
    sim = table("N", "N 1H, E P, S 2H, W 1S, director, declined, W P, judge comparable no, W expose HQ",
                "N 4H, E P, S P, W P, N choose require_H")
    assert outcome(sim.state)["pending"] == ("declarer_lead_options.lead_restriction", "N",
                                             ("prohibit_C", "prohibit_D", "prohibit_S", "no_prohibition"))
