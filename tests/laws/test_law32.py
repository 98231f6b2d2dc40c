"""Law 32: double or redouble out of rotation; an inadmissible one can never be accepted (32, 36B4)."""

from __future__ import annotations

from auction_fsm.errors import DecisionError

from .conftest import laws, outcome, record, ruling_laws, unchanged_after, walk


# --- acceptance (29A via 32) ----------------------------------------------------------------------
def test_32_double_out_of_rotation_accepted_by_lho_calling() -> None:
    # West doubles 1H at South's turn; North (West's LHO) calls over it: accepted.
    s = walk("N", "N 1H, E P, W X")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_decision", "N",
                                     ("accept", "correct_player_calls", "director"))
    s = walk("N", "N 1H, E P, W X, N XX")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "W X@S stands", "N XX stands"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[2] == "29A"


# --- 32A: at RHO's turn ---------------------------------------------------------------------------
def test_32A1_rho_passes_offender_must_repeat_double() -> None:
    s = walk("N", "N 1H, E P, W X, director, declined")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "W X@S cancelled"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert laws(s)[2] == "29B" and ruling_laws(s) == ["32A"]
    s = walk("N", "N 1H, E P, W X, director, declined, S P")
    assert outcome(s)["obligations"] == {"W": [("repeat_call", "32A1", "X")]}
    assert [c.text for c in s.legal_calls()] == ["X"]
    s = walk("N", "N 1H, E P, W X, director, declined, S P, W X, N P, E 2C, S P, W P, N P")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "W X@S cancelled", "S P stands", "W X stands",
                   "N P stands", "E 2C stands", "S P stands", "W P stands", "N P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("2C", "E", "W", "S"),
    }


def test_32A2a_rho_bids_offender_doubles_again_comparable() -> None:
    s = walk("N", "N 1H, E P, W X, director, declined, S 2H, W X, judge comparable yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "W X@S cancelled", "S 2H stands", "W X stands"],
        "obligations": {},
        "turn": "N",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["32A", "32A2", "23A, 26A"]


def test_32A2b_rho_bids_offender_double_not_comparable_partner_passes_once() -> None:
    s = walk("N", "N 1H, E P, W X, director, declined, S 2H, W X, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "E P stands", "W X@S cancelled", "S 2H stands", "W X stands"],
        "obligations": {"E": [("pass_next_turn", "32A2", None)]},
        "turn": "N",
        "pending": None,
        "restrictions": [("W", "E", "X", "CDHS")],
        "result": None,
    }
    s = walk("N", "N 1H, E P, W X, director, declined, S 2H, W X, judge comparable no, N P, E P, S P")
    assert outcome(s)["result"] == ("2HX", "N", "S", "E")
    assert outcome(s)["obligations"] == {}


# --- 32B: at partner's turn --------------------------------------------------------------------
def test_32B_double_at_partner_turn_partner_free_offender_judged() -> None:
    s = walk("N", "N 1H, W X, director, declined")
    assert outcome(s) == {
        "record": ["N 1H stands", "W X@E cancelled"],
        "obligations": {},
        "turn": "E",
        "pending": None,
        "restrictions": [],
        "result": None,
    }
    assert ruling_laws(s) == ["32B2"]
    s = walk("N", "N 1H, W X, director, declined, E P, S P, W X, judge comparable no")
    assert outcome(s) == {
        "record": ["N 1H stands", "W X@E cancelled", "E P stands", "S P stands", "W X stands"],
        "obligations": {"E": [("pass_next_turn", "32B2", None)]},
        "turn": "N",
        "pending": None,
        "restrictions": [("W", "E", "X", "CDHS")],
        "result": None,
    }
    s = walk("N", "N 1H, W X, director, declined, E P, S P, W X, judge comparable yes, N P, E P, S P")
    assert outcome(s) == {
        "record": ["N 1H stands", "W X@E cancelled", "E P stands", "S P stands", "W X stands",
                   "N P stands", "E P stands", "S P stands"],
        "obligations": {},
        "turn": None,
        "pending": None,
        "restrictions": [],
        "result": ("1HX", "N", "S", "E"),
    }


# --- 32C: later calls at LHO's turn: change of call -------------------------------------------------
def test_32C_double_at_lho_turn_after_own_bid_is_a_change_of_call() -> None:
    s = walk("N", "N 1H, E 1S, E X")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1S stands"],
        "obligations": {},
        "turn": "S",
        "pending": ("change_of_call.awaiting_judgement", "director", ("unintended", "intended")),
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "32C, 25A"
    s = walk("N", "N 1H, E 1S, E X, judge unintended yes")
    assert outcome(s) == {
        "record": ["N 1H stands", "E 1S withdrawn", "E X stands"],
        "obligations": {},
        "turn": "S",
        "pending": None,
        "restrictions": [],
        "result": None,
    }


# --- an inadmissible double or redouble out of rotation: never acceptable -----------------------------
def test_32_inadmissible_double_out_of_rotation_cannot_be_accepted_by_lho() -> None:
    # South doubles partner's 1H at East's turn.
    s = walk("N", "N 1H, S X")
    assert outcome(s) == {
        "record": ["N 1H stands", "S X@E pending"],
        "obligations": {},
        "turn": "E",
        "pending": ("out_of_rotation.awaiting_decision", "E", ("correct_player_calls", "lho_calls", "director")),
        "restrictions": [],
        "result": None,
    }
    assert s.pending is not None and s.pending.law == "32, 36B4"
    unchanged_after(s, DecisionError, "W choose accept")
    # West calling over it is Law 36A: the double and West's call are cancelled, East calls
    after = walk("N", "N 1H, S X, W P")
    assert record(after) == ["N 1H stands", "S X@E cancelled", "W P@E cancelled"]
    assert after.turn.name == "E" and after.restrictions == () and ruling_laws(after) == ["36A"]


def test_32_inadmissible_double_out_of_rotation_36B4_partner_silenced() -> None:
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
    s = walk("N", "N 1H, S X, director, E P, S 2H, W P, N P, E P")
    assert outcome(s) == {
        "record": ["N 1H stands", "S X@E cancelled", "E P stands", "S 2H stands", "W P stands",
                   "N P stands", "E P stands"],
        "obligations": {"N": [("pass_rest_of_auction", "36B4", None)]},
        "turn": None,
        "pending": None,
        "restrictions": [("S", "N", "X", "CDS")],
        "result": ("2H", "N", "S", "E"),
    }


def test_32_inadmissible_redouble_at_partner_turn_only_the_director_decides() -> None:
    s = walk("N", "N 1H, W XX")
    # nobody but North (West's LHO, 36A) may call over it; East, whose turn it was, is West's partner
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_decision", "N", ("lho_calls", "director"))
    for event in ("E P", "S P", "W P"):
        unchanged_after(s, DecisionError, event)
    s = walk("N", "N 1H, W XX, director")
    assert outcome(s) == {
        "record": ["N 1H stands", "W XX@E cancelled"],
        "obligations": {"E": [("pass_rest_of_auction", "36B4", None)]},
        "turn": "E",
        "pending": None,
        "restrictions": [("W", "E", "XX", "CDHS")],
        "result": None,
    }
    assert [c.text for c in s.legal_calls()] == ["P"]


# --- 32C while the offender's own call out of rotation is still held ------------------------------
def test_32C_double_while_own_bid_out_of_rotation_held_is_a_change_of_call() -> None:
    s = walk("N", "W 1S, W X")
    assert outcome(s)["pending"] == ("out_of_rotation.awaiting_change_judgement", "director",
                                     ("unintended", "intended"))
    assert ruling_laws(s) == ["32C, 25"]


def test_32C_25A1_unintended_double_takes_the_place_and_is_ruled_36B4() -> None:
    # the intended double doubles no bid: inadmissible, and out of rotation (36B4)
    s = walk("N", "W 1S, W X, judge unintended yes")
    assert record(s) == ["W 1S@N withdrawn", "W X@N pending"]
    assert s.pending is not None and s.pending.law == "32, 36B4"
    s = walk("N", "W 1S, W X, judge unintended yes, director")
    assert outcome(s) == {
        "record": ["W 1S@N withdrawn", "W X@N cancelled"],
        "obligations": {"E": [("pass_rest_of_auction", "36B4", None)]},
        "turn": "N",
        "pending": None,
        "restrictions": [("W", "E", "X", "CDHS")],
        "result": None,
    }
    assert ruling_laws(s) == ["32C, 25", "32C, 25A1", "36B4"]


def test_32C_held_inadmissible_double_then_a_bid_intended_double_ruled_36B4() -> None:
    # West's held call is an inadmissible double; his later 1S at LHO's turn is a change (31C)
    s = walk("N", "W X, W 1S, judge unintended no, director")
    assert record(s) == ["W X@N cancelled", "W 1S@N cancelled"]
    assert ruling_laws(s) == ["31C, 25", "25B2", "36B4"]
    assert outcome(s)["obligations"] == {"E": [("pass_rest_of_auction", "36B4", None)]}


def test_32A1_25A1_rho_bid_replaced_by_an_intended_pass_the_offender_must_repeat_the_double() -> None:
    # South doubles West's 1H at East's turn (32A); East bids 1S, then replaces it by the pass he
    # meant (25A1): the pass is ruled as made in turn, so South must repeat the double (32A1)
    s = walk("N", "N 1C, E P, S P, W 1H, N P, S X, director, W choose decline, E 1S, E change P, judge unintended yes")
    assert outcome(s)["obligations"] == {"S": [("repeat_call", "32A1", "X")]}
    assert s.watches == () and ruling_laws(s)[-3:] == ["25A1", "32A", "32A1"]
