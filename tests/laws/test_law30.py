"""Law 30: pass out of rotation (cancelled, 29A not exercised)."""

from __future__ import annotations

from .conftest import laws, outcome, record, ruling_laws, walk

LEAD_OPTIONS_N_DHS = ("declarer_lead_options.lead_restriction", "N",
                      ("prohibit_D", "prohibit_H", "prohibit_S", "no_prohibition"))


# --- 30A: at RHO's turn ------------------------------------------------------------------------
def test_30A_pass_at_rho_turn_offender_must_pass_at_next_turn() -> None:
    s = walk("N", "N 1H, S P, director, judge artificial no")
    assert outcome(s) == {
        "record": ["N 1H stands", "S P@E cancelled"],
        "obligations": {"S": [("pass_next_turn", "30A", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[1] == "29B" and ruling_laws(s) == ["30A"]
    # East bids; South passes as required (the obligation is then spent); no 26B.
    s = walk("N", "N 1H, S P, director, judge artificial no, E 1S, S P")
    assert outcome(s)["obligations"] == {} and s.turn.name == "W"
    s = walk("N", "N 1H, S P, director, judge artificial no, E 1S, S P, W P, N 2H, E P, S P, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S P@E cancelled", "E 1S stands", "S P stands", "W P stands",
                   "N 2H stands", "E P stands", "S P stands", "W P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("2H", "N", "S", "E"),
    }


def test_30A_offender_may_only_pass_at_next_turn() -> None:
    s = walk("N", "N 1H, S P, director, judge artificial no, E 1S")
    assert [c.text for c in s.legal_calls()] == ["P"]


# --- 30B1: at partner's turn, or at LHO's turn before the offender has called --------------------
def test_30B1a_pass_at_partner_turn_partner_calls_freely() -> None:
    s = walk("N", "N 1H, W P, director, judge artificial no")
    assert outcome(s) == {
        "record": ["N 1H stands", "W P@E cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["30B1b"]
    assert len(s.legal_calls()) > 1  # East is not silenced (30B1a)
    s = walk("N", "N 1H, W P, director, judge artificial no, E 2S")
    assert outcome(s) == {
        "record": ["N 1H stands", "W P@E cancelled", "E 2S stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }


def test_30B1bi_offender_next_call_comparable_no_rectification() -> None:
    s = walk("N", "N 1H, W P, director, declined, judge artificial no, E 1S, S P, W P")
    assert outcome(s)["pending"] == ("comparable_call.awaiting_judgement", "director",
                                     ("comparable", "not_comparable"))
    s = walk("N", "N 1H, W P, director, declined, judge artificial no, E 1S, S P, W P, judge comparable yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "W P@E cancelled", "E 1S stands", "S P stands", "W P stands"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s)[-1] == "23A, 26A"
    s = walk("N", "N 1H, W P, director, declined, judge artificial no, E 1S, S P, W P, judge comparable yes, "
                  "N 2H, E P, S P, W P")
    assert outcome(s)["result"] == ("2H", "N", "S", "E") and outcome(s)["pending"] is None


def test_30B1bii_offender_next_call_not_comparable_partner_passes_next_turn_and_26B() -> None:
    s = walk("N", "N 1H, W P, director, judge artificial no, E 1S, S P, W 2C, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "W P@E cancelled", "E 1S stands", "S P stands", "W 2C stands"],
        "obligations": {"E": [("pass_next_turn", "30B1b", None)]},
        "turn": "N",
        "pending": None,
        "restrictions": [("W", "E", "P", "DHS")],  # West named clubs in the legal auction
        "result": None,
    }
    s = walk("N", "N 1H, W P, director, judge artificial no, E 1S, S P, W 2C, judge comparable no, "
                  "N 2H, E P, S P, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "W P@E cancelled", "E 1S stands", "S P stands", "W 2C stands",
                   "N 2H stands", "E P stands", "S P stands", "W P stands"],
        "obligations": {},
        "turn": None,
        "pending": LEAD_OPTIONS_N_DHS,  # East leads: declarer may bar one of D, H, S
        "restrictions": [("W", "E", "P", "DHS")],
        "result": ("2H", "N", "S", "E"),
    }


def test_30B1bii_silenced_partner_bidding_goes_to_law_37() -> None:
    s = walk("N", "N 1H, W P, director, judge artificial no, E 1S, S P, W 2C, judge comparable no, "
                  "N 2H, E 3C")
    assert outcome(s)["pending"] == ("pass_obligation_violated.awaiting_decision", "S",
                                     ("lho_calls", "director"))


def test_30B1_pass_at_lho_turn_before_offender_has_called() -> None:
    # Dealer North; West passes at North's turn: North may not accept (it was North's turn: 28B),
    # so the director is called; West's later call is judged for comparability.
    s = walk("N", "W P, director, judge artificial no")
    assert outcome(s) == {
        "record": ["W P@N cancelled"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    s = walk("N", "W P, director, judge artificial no, N 1H, E P, S P, W 2C, judge comparable no")
    assert outcome(s) == {
        "record": ["W P@N cancelled", "N 1H stands", "E P stands", "S P stands", "W 2C stands"],
        "obligations": {"E": [("pass_next_turn", "30B1b", None)]},
        "turn": "N",
        "pending": None,
        "restrictions": [("W", "E", "P", "DHS")],
        "result": None,
    }


# --- 30B2: at LHO's turn after the offender has called: a change of call (25) ---------------------
def test_30B2_pass_at_lho_turn_after_own_bid_is_a_change_of_call() -> None:
    s = walk("N", "N 1H, E P, S 2H, S P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S 2H stands"],
        "obligations": {},
        "turn": "W",
        "pending": ("change_of_call.awaiting_judgement", "director", ("unintended", "intended")),
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "30B2, 25A"
    assert ruling_laws(s) == ["30B2"]


def test_30B2_unintended_2H_replaced_by_pass() -> None:
    s = walk("N", "N 1H, E P, S 2H, S P, judge unintended yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S 2H withdrawn", "S P stands"],
        "obligations": {},
        "turn": "W",
        "pending": None,
        "restrictions": [],  # 25A1: no lead restrictions
        "result": None,
    }
    assert laws(s)[2] == "25A1"
    s = walk("N", "N 1H, E P, S 2H, S P, judge unintended yes, W P")
    assert outcome(s)["result"] == ("1H", "N", "S", "E")


def test_30B2_intended_change_refused_by_lho_2H_stands() -> None:
    s = walk("N", "N 1H, E P, S 2H, S P, judge unintended no")
    assert outcome(s)["pending"] == ("change_of_call.awaiting_acceptance", "W", ("accept", "refuse"))
    s = walk("N", "N 1H, E P, S 2H, S P, judge unintended no, W choose refuse")
    assert outcome(s)["record"][:3] == ["N 1H stands", "E P stands", "S 2H stands"]
    assert outcome(s)["turn"] == "W" and outcome(s)["pending"] is None
    assert ruling_laws(s) == ["30B2", "25B", "25B2"]


def test_30B2_refused_pass_stays_in_record_as_cancelled() -> None:
    s = walk("N", "N 1H, E P, S 2H, S P, judge unintended no, W choose refuse")
    assert record(s) == ["N 1H stands", "E P stands", "S 2H stands", "S P@W cancelled"]


def test_30B2_intended_change_accepted_then_26_comparability() -> None:
    s = walk("N", "N 1H, E P, S 2H, S P, judge unintended no, W choose accept")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "S 2H withdrawn", "S P stands"],
        "obligations": {},
        "turn": "W",
        "pending": ("comparable_call.awaiting_judgement", "director", ("comparable", "not_comparable")),
        "restrictions": [],
        "result": None,
    }
    s = walk("N", "N 1H, E P, S 2H, S P, judge unintended no, W choose accept, judge comparable no")
    assert outcome(s)["restrictions"] == [("S", "N", "2H", "CDHS")]
    assert outcome(s)["obligations"] == {}  # 25B1: no silence, only Law 26


# --- 30C: artificial pass: Law 31 ----------------------------------------------------------------
def test_30C_artificial_pass_at_rho_turn_goes_to_31A1_repeat_when_rho_passes() -> None:
    s = walk("N", "N 1H, S P, director, judge artificial yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "S P@E cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["30C, 31A"]
    s = walk("N", "N 1H, S P, director, judge artificial yes, E P")
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "31A1", "P")]}
    assert [c.text for c in s.legal_calls()] == ["P"]
    s = walk("N", "N 1H, S P, director, judge artificial yes, E P, S P, W P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S P@E cancelled", "E P stands", "S P stands", "W P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("1H", "N", "S", "E"),
    }


def test_30C_artificial_pass_then_rho_bids_31A2b_not_comparable() -> None:
    s = walk("N", "N 1H, S P, director, judge artificial yes, E 1S, S 2C, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "S P@E cancelled", "E 1S stands", "S 2C stands"],
        "obligations": {"N": [("pass_next_turn", "31A2", None)]},
        "turn": "W",
        "pending": None,
        "restrictions": [("S", "N", "P", "DHS")],
        "result": None,
    }


def test_30C_artificial_pass_at_partner_turn_specifying_majors_goes_to_31B() -> None:
    s = walk("N", "N 1C, W P, director, declined, judge artificial yes H S")
    assert outcome(s) == {
        "record": ["N 1C stands", "W P@E cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["29C", "31B2"]
    assert "(hearts, spades)" in s.rulings[1].summary


# --- 30B2 while the offender's own bid out of rotation is still held -------------------------------
def test_30B2_pass_while_own_bid_out_of_rotation_held_is_a_change_of_call() -> None:
    # West bids 1S at North's turn (his LHO's), then passes before anyone acts: a pass at LHO's
    # turn after West has called, so a change of the held 1S (30B2, Law 25)
    s = walk("N", "W 1S, W P")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_change_judgement", "director",
                                     ("unintended", "intended"))
    assert s.pending is not None and s.pending.law == "30B2, 25A" and ruling_laws(s) == ["30B2, 25"]


def test_30B2_25A1_unintended_held_1S_replaced_by_pass_ruled_30B1() -> None:
    s = walk("N", "W 1S, W P, judge unintended yes")
    assert record(s) == ["W 1S@N withdrawn", "W P@N pending"]
    s = walk("N", "W 1S, W P, judge unintended yes, director, judge artificial no")
    assert outcome(s) == {
        "record": ["W 1S@N withdrawn", "W P@N cancelled"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    # a pass at LHO's turn before West had called (the withdrawn 1S does not count): 30B1
    assert ruling_laws(s) == ["30B2, 25", "30B2, 25A1", "30B1b"]


def test_30B2_25B2_intended_pass_cancelled_held_1S_ruled_31B() -> None:
    s = walk("N", "W 1S, W P, judge unintended no, director, judge artificial no")
    assert record(s) == ["W 1S@N cancelled", "W P@N cancelled"]
    assert ruling_laws(s) == ["30B2, 25", "25B2", "31B2"]


def test_30B1b_37B_the_pass_put_in_place_is_the_offenders_next_call_judged_for_comparability() -> None:
    # South passes at North's turn (30B1b: his next call will be judged); North's insufficient 1D is
    # replaced by 2C, not comparable, so South must pass to the end (27B2); South bids 2S anyway:
    # the director cancels it and puts a pass in its place (37B), and that pass is South's next
    # call, judged for comparability with the cancelled pass (an input, 23A).  Under 1997 South
    # passes to the end at once and nothing is judged (test_1997_law30.py).
    walk_to_37b = ("N 1H, E P, S 1S, W P, S P, director, judge artificial no, N 1D, director, E choose decline, "
                   "N 2C, judge comparable no, E P, S 2S, director")
    s = walk("N", walk_to_37b)
    assert outcome(s)["pending"] == ("comparable_call.awaiting_judgement", "director", ("comparable", "not_comparable"))
    assert ruling_laws(s)[-1] == "37B"
    before = [("N", "S", "1D", "DS"), ("S", "N", "2S", "CDH")]
    silenced = {"N": [("pass_rest_of_auction", "37B2", None)], "S": [("pass_rest_of_auction", "27B2", None)]}
    s = walk("N", walk_to_37b + ", judge comparable yes")
    assert outcome(s)["obligations"] == silenced and outcome(s)["restrictions"] == before
    assert ruling_laws(s)[-1] == "23A, 26A"
    s = walk("N", walk_to_37b + ", judge comparable no")
    assert outcome(s)["obligations"] == {"N": [*silenced["N"], ("pass_next_turn", "30B1b", None)], "S": silenced["S"]}
    assert outcome(s)["restrictions"] == [*before, ("S", "N", "P", "CDH")]
    assert ruling_laws(s)[-1] == "30B1b"
