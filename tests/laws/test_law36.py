"""Law 36: inadmissible doubles and redoubles (not permitted by Law 19)."""

from __future__ import annotations

from auction_fsm.errors import DecisionError
from auction_fsm.seats import Seat

from .conftest import laws, outcome, record, ruling_laws, unchanged_after, walk

LEAD_OPTIONS_N_CDHS = ("declarer_lead_options.lead_restriction", "N",
                       ("prohibit_C", "prohibit_D", "prohibit_H", "prohibit_S", "no_prohibition"))


def test_36_double_of_partners_bid_in_turn_waits_for_lho() -> None:
    s = walk("N", "N 1H, E P, S X")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S X pending"],
        "obligations": {},
        "turn": "S",
        "pending": ("inadmissible_double.awaiting_decision", "W", ("lho_calls", "director")),
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "19, 36"
    unchanged_after(s, DecisionError, "E P")


# --- 36A: LHO calls before rectification ------------------------------------------------------------
def test_36A_lho_passes_over_inadmissible_double_both_cancelled_auction_reverts() -> None:
    s = walk("N", "N 1H, E P, S X, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S X cancelled", "W P cancelled"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],  # 36A: 26B does not apply
        "result": None,
    }
    assert laws(s)[2:] == ["36A", "36A"] and ruling_laws(s) == ["36A"]
    s = walk("N", "N 1H, E P, S X, W P, S 2H, W P, N P, E P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S X cancelled", "W P cancelled", "S 2H stands",
                   "W P stands", "N P stands", "E P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("2H", "N", "S", "E"),
    }


def test_36A_lho_bids_over_inadmissible_redouble_both_cancelled() -> None:
    s = walk("N", "N 1H, E P, S XX, W 2C")
    assert outcome(s)["record"] == ["N 1H stands", "E P stands", "S XX cancelled", "W 2C cancelled"]
    assert outcome(s)["turn"] == "S" and outcome(s)["obligations"] == {}
    assert s.legal_calls()[0].text == "1S"


# --- 36B: rectification before LHO calls ------------------------------------------------------------
def test_36B1_to_3_inadmissible_double_cancelled_offender_calls_again_partner_silenced() -> None:
    s = walk("N", "N 1H, E P, S X, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S X cancelled"],
        "obligations": {"N": [("pass_rest_of_auction", "36B2", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [("S", "N", "X", "CDHS")],
        "result": None,
    }
    assert laws(s)[2] == "36B1" and s.restrictions[0].law == "36B3, 26B"
    s = walk("N", "N 1H, E P, S X, director, S 2H, W P, N P, E P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S X cancelled", "S 2H stands", "W P stands",
                   "N P stands", "E P stands"],
        "obligations": {"N": [("pass_rest_of_auction", "36B2", None)]},
        "turn": None,
        "pending": None,  # the offender is dummy: 26B has nobody to bind
        "restrictions": [("S", "N", "X", "CDS")],
        "result": ("2H", "N", "S", "E"),
    }


def test_36B2_partner_must_pass_at_every_turn() -> None:
    s = walk("N", "N 1H, E P, S X, director, S 2H, W 3C")
    assert [c.text for c in s.legal_calls()] == ["P"]
    s = walk("N", "N 1H, E P, S X, director, S 2H, W 3C, N P, E P, S 3H, W P")
    assert [c.text for c in s.legal_calls()] == ["P"]


def test_36B3_defender_redouble_without_a_double_gives_declarer_26B_at_the_lead() -> None:
    s = walk("N", "N 1H, E P, S P, W XX, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P stands", "W XX cancelled"],
        "obligations": {"E": [("pass_rest_of_auction", "36B2", None)]},
        "turn": "W",
        "pending": None,
        "restrictions": [("W", "E", "XX", "CDHS")],
        "result": None,
    }
    s = walk("N", "N 1H, E P, S P, W XX, director, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S P stands", "W XX cancelled", "W P stands"],
        "obligations": {"E": [("pass_rest_of_auction", "36B2", None)]},
        "turn": None,
        "pending": LEAD_OPTIONS_N_CDHS,
        "restrictions": [("W", "E", "XX", "CDHS")],
        "result": ("1H", "N", "S", "E"),
    }


def test_36B4_inadmissible_double_out_of_turn_reverts_offender_free_partner_silenced() -> None:
    # South doubles partner's 1H at East's turn (RHO's turn).
    s = walk("N", "N 1H, S X, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "S X@E cancelled"],
        "obligations": {"N": [("pass_rest_of_auction", "36B4", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [("S", "N", "X", "CDHS")],
        "result": None,
    }
    assert ruling_laws(s) == ["36B4"]
    s = walk("N", "N 1H, S X, director, E 1S, S 2H")  # South may make any legal call in turn
    assert outcome(s)["record"][-1] == "S 2H stands" and outcome(s)["obligations"] == {
        "N": [("pass_rest_of_auction", "36B4", None)]}


def test_36B4_inadmissible_double_at_partner_turn() -> None:
    # North doubles his own side's 1H at South's turn.
    s = walk("N", "N 1H, E P, N X")
    # East, North's LHO, may still call over it (36A); South, whose turn it was, is North's partner
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_decision", "E", ("lho_calls", "director"))
    s = walk("N", "N 1H, E P, N X, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "N X@S cancelled"],
        "obligations": {"S": [("pass_rest_of_auction", "36B4", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [("N", "S", "X", "CDS")],  # North named hearts
        "result": None,
    }
    assert [c.text for c in s.legal_calls()] == ["P"]


# --- 36C: an inadmissible double or redouble noticed only after the opening lead is faced -------
def test_36C_double_of_partners_bid_noticed_after_the_lead_is_scored_as_not_made() -> None:
    # South doubles partner's 1H; nobody notices until East has faced the opening lead.
    s = walk("N", "N 1H, E P, S X, noticed after lead")
    assert s.pending is None and record(s)[-1] == "S X stands" and laws(s)[-1] == "36C"
    s = walk("N", "N 1H, E P, S X, noticed after lead, W P, N P, E P")
    assert s.contract is not None and s.contract.text == "1HX"  # as played, until the lead is faced
    s = walk("N", "N 1H, E P, S X, noticed after lead, W P, N P, E P, E leads SK")
    assert s.phase == "play" and s.contract is not None and s.contract.text == "1H"
    assert (s.declarer, s.opening_leader) == (Seat.N, Seat.E)
    assert s.rulings[-1].law == "36C" and "scored as if it had not been made" in s.rulings[-1].summary


def test_36C_a_redouble_without_a_double_noticed_late_leaves_the_contract_doubled_by_the_real_double() -> None:
    # 1H doubled by East; West redoubles (a redouble of his partner's double: inadmissible), unnoticed
    s = walk("N", "N 1H, E X, S P, W XX, noticed after lead, N P, E P, S P, E leads SK down, face")
    assert s.contract is not None and s.contract.text == "1HX"


def test_36C_only_a_fresh_inadmissible_double_can_be_noticed_late() -> None:
    s = walk("N", "N 1H, E P, S X, director")  # the director is here: attention was drawn
    unchanged_after(s, DecisionError, "noticed after lead", match="36C")
    unchanged_after(walk("N", "N 1H, E 1C"), DecisionError, "noticed after lead", match="inadmissible double")
    unchanged_after(walk("N", "N 1H"), DecisionError, "noticed after lead", match="36C")


# --- a change of call to an inadmissible double, with the director at the table (issue 40) -------
CHANGE_TO_X_JUDGED = "N 1H, E P, S 2H, S change X, director, judge unintended no"  # a change of mind


def test_25B_36B_lho_accepts_a_change_to_an_inadmissible_double_and_the_director_rules_36B_at_once() -> None:
    # South changes 2H to a double of partner's 1H.  The director, at the table, judges it a change
    # of mind and offers West the 25B choice; West accepts: the double is the director's to rule
    # on at once (36B), with no second call for him.
    assert outcome(walk("N", CHANGE_TO_X_JUDGED))["pending"] == ("change_of_call.awaiting_acceptance", "W",
                                                               ("accept", "refuse"))
    s = walk("N", CHANGE_TO_X_JUDGED, "W choose accept")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S 2H withdrawn", "S X cancelled"],
        "obligations": {"N": [("pass_rest_of_auction", "36B2", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [("S", "N", "X", "CDHS")],
        "result": None,
    }
    assert laws(s)[-1] == "36B1" and "36A" not in ruling_laws(s)


def test_25B_36B_lho_accepting_by_calling_with_the_director_there_is_36B_not_36A() -> None:
    # West accepts the change by calling over it, after the director has offered the choice: the
    # director is there and rules 36B; West's pass, made over a double now cancelled, cannot stand
    # and stays in the record, cancelled; South calls again, then West at his turn.
    s = walk("N", CHANGE_TO_X_JUDGED, "W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S 2H withdrawn", "S X cancelled", "W P cancelled"],
        "obligations": {"N": [("pass_rest_of_auction", "36B2", None)]},
        "turn": "S",
        "pending": None,
        "restrictions": [("S", "N", "X", "CDHS")],
        "result": None,
    }
    assert "36A" not in ruling_laws(s) and "36B" in ruling_laws(s)
    # before the director has judged anything, LHO's call over the change is still 36A (25B1)
    s = walk("N", "N 1H, E P, S 2H, S change X, W P")
    assert ruling_laws(s)[-1] == "36A" and s.obligations[0] == ()


# --- 36A when attention is drawn some calls later (issue 40) -------------------------------------
def test_36A_attention_drawn_after_two_calls_cancels_the_double_and_every_call_after_it() -> None:
    # South doubles partner's 1H; nobody notices ("noticed later"): West passes, North bids 2H,
    # and then attention is drawn (the director is called).  West, the offender's LHO, called
    # before rectification: the double and all subsequent calls are cancelled, the auction goes
    # back to South and proceeds as though there had been no irregularity (36A).
    s = walk("N", "N 1H, E P, S X, noticed later, W P, N 2H")
    assert record(s) == ["N 1H stands", "E P stands", "S X stands", "W P stands", "N 2H stands"]
    assert s.pending is None and s.turn == Seat.E
    s = walk("N", "N 1H, E P, S X, noticed later, W P, N 2H, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S X cancelled", "W P cancelled", "N 2H cancelled"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],  # 36A: no 26B
        "result": None,
    }
    assert laws(s)[2:] == ["36A", "36A", "36A"] and ruling_laws(s)[-1] == "36A"
    s = walk("N", "N 1H, E P, S X, noticed later, W P, N 2H, director, S 2H, W P, N P, E P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E")


def test_36A_36B_the_unnoticed_call_is_kept_by_value_with_the_auction_before_it() -> None:
    # what 36A and 36B go back to comes from the position (the view unnoticed_call), not from a
    # look back over the record: the call, how many calls since, the auction before it
    before = walk("N", "N 1H, E P")
    s = walk("N", "N 1H, E P, S X, noticed later")
    u = s.unnoticed_call
    assert u is not None and (u.entry.seat, u.entry.call.text, u.back) == (Seat.S, "X", 0)
    assert (u.key_before, u.facts_before) == (before.key, before.standing_facts)
    s = walk("N", "N 1H, E P, S X, noticed later, W P, N 2H")
    u = s.unnoticed_call
    assert u is not None and u.back == 2 and (u.key_before, u.facts_before) == (before.key, before.standing_facts)
    assert walk("N", "N 1H, E P, S X, noticed later, W P, N 2H, director").unnoticed_call is None  # 36A
    assert walk("N", "N 1H, E P, S X, noticed later, director").unnoticed_call is None  # 36B: held again
    # a call after it that is itself irregular: 36A no longer cancels it all, the view says none
    s = walk("N", "N 1H, E P, S X, noticed later, N 2H")
    assert s.pending is not None and s.unnoticed_call is None


def test_36A_attention_drawn_after_the_auction_has_ended_reopens_it() -> None:
    s = walk("N", "N 1H, E P, S X, noticed later, W P, N P, E P, director")
    assert record(s)[2:] == ["S X cancelled", "W P cancelled", "N P cancelled", "E P cancelled"]
    assert s.phase == "auction" and s.turn == Seat.S


def test_36B_attention_drawn_before_anyone_has_called_over_it_is_36B() -> None:
    s = walk("N", "N 1H, E P, S X, noticed later, director")
    assert record(s) == ["N 1H stands", "E P stands", "S X cancelled"]
    assert s.obligations[Seat.N][0].kind == "pass_rest_of_auction" and s.turn == Seat.S


def test_36C_noticed_later_and_never_drawn_before_the_lead_is_faced_is_36C() -> None:
    s = walk("N", "N 1H, E P, S X, noticed later, W P, N P, E P, E leads SK")
    assert s.contract is not None and s.contract.text == "1H" and ruling_laws(s)[-1] == "36C"


def test_36A_attention_drawn_after_a_face_down_opening_lead_sends_the_lead_back_to_the_hand() -> None:
    # the lead is face down, so the auction may still reopen (41A): cancelling the double and the
    # calls after it withdraws the lead too (the action declares writing the leads)
    s = walk("N", "N 1H, E P, S X, noticed later, W P, N P, E P, E lead SK facedown, director")
    assert record(s)[2:] == ["S X cancelled", "W P cancelled", "N P cancelled", "E P cancelled"]
    assert [ld.status for ld in s.leads] == ["withdrawn"] and s.phase == "auction" and s.turn == Seat.S
    assert ruling_laws(s)[-2:] == ["41A", "36A"]


def test_36C_an_unnoticed_double_is_scored_as_not_made_when_declarer_accepts_a_lead_out_of_turn() -> None:
    # 54B: declarer accepts West's faced lead out of turn; the double nobody noticed is then
    # scored as if not made (36C), which reads the contract (the action declares reading the key)
    s = walk("N", "N 1H, E P, S X, noticed later, W P, N P, E P, W lead SK, N choose accept")
    assert s.phase == "play" and ruling_laws(s)[-2:] == ["36C", "54B"]
    assert s.contract is not None and s.contract.text == "1H"
