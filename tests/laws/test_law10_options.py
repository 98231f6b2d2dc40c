"""Law 10C1: when the Laws give a player a choice after an irregularity, the director explains
every option and what it leads to.  :func:`auction_fsm.consequences.consequences` answers by
ruling each option in the law book; these tests check its answers against the laws of each
procedure, the report's ``options_lead_to`` and the narration."""

from __future__ import annotations

from collections import Counter

from auction_fsm.auction import AuctionState
from auction_fsm.cards import parse_card
from auction_fsm.consequences import Consequence, consequences
from auction_fsm.events import Lead
from auction_fsm.fuzzing import fuzz_range
from auction_fsm.narrate import narrate, options_lines
from auction_fsm.report import state_to_json
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

from .conftest import events, walk


def _by_option(state: AuctionState) -> dict[str, Consequence]:
    return {c.option: c for c in consequences(state)}


def _sim(dealer: str, *texts: str) -> Simulator:
    sim = Simulator(dealer)
    for e in events(*texts):
        sim.apply(e)
    return sim


# --- 27: accept or decline the insufficient bid ------------------------------------------------
def test_10C1_27A1_before_the_director_any_call_by_LHO_accepts_the_insufficient_bid() -> None:
    c = _by_option(walk("N", "N 1H, E 1C"))
    assert set(c) == {"accept", "director"}
    accept = c["accept"]
    assert accept.how == "call" and accept.seat is not None and accept.seat.name == "S"
    assert [r.law for r in accept.results] == ["27A1"] and len(accept.results[0].calls) == 39  # 38 + 8C
    # accepting by a bid above seven goes on to Law 38, where no other call goes: told (F08)
    assert [law for law, _ in accept.results[0].above_seven] == ["38"]
    director = c["director"]
    assert director.how == "director" and director.results[0].then is not None
    assert director.results[0].then.state_name == "insufficient_bid.awaiting_choice"


def test_10C1_27B_after_the_director_decline_tells_each_kind_of_replacement() -> None:
    c = _by_option(walk("N", "N 1H, E 1C, director"))
    assert c["accept"].how == "choice" and c["accept"].results[0].law == "27A1"
    assert "treated as legal" in c["accept"].results[0].rulings[0]
    decline = c["decline"].results[0]
    assert decline.law == "27B" and decline.then is not None
    assert decline.then.state_name == "insufficient_bid.awaiting_replacement"
    told = " ".join(decline.rulings)
    for law in ("27B1a", "27B1b", "27B2", "27B3", "27B4", "27D"):
        assert law in told, law
    assert "2C, the lowest sufficient bid" in told


def test_10C1_27B_replacements_are_grouped_by_the_row_that_rules_them() -> None:
    s = walk("N", "N 1H, E 1C, director, declined")
    (replace,) = consequences(s)
    assert replace.option == "replace" and replace.how == "call" and replace.seat is not None
    assert replace.seat.name == "E"
    groups = {r.law: [c.text for c in r.calls] for r in replace.results}
    assert groups["27B1a"] == ["2C"]  # the lowest sufficient bid in the same denomination
    assert groups["27B4"] == ["1C", "1D", "1H"]  # still insufficient over 1H: LHO may accept it (27B4)
    assert groups["27B3"] == ["XX"]  # a redouble is not legal here: cancelled, replace again
    judged = groups["27B1b, 27B2, 27B3"]
    assert "P" in judged and "X" in judged and "2D" in judged and "2C" not in judged
    assert groups["27B, 38"] == ["8C"]  # a bid above seven, one standing for all (F08)
    assert sum(len(v) for v in groups.values()) == 39  # every call is told exactly once


# --- 29: a call out of rotation -----------------------------------------------------------------
def test_10C1_29A_29B_out_of_rotation_accept_stands_decline_asks_whether_artificial() -> None:
    s = walk("N", "N P, S 1S")  # at East's turn: West may accept, East may call, or the director
    c = _by_option(s)
    assert set(c) == {"accept", "correct_player_calls", "director"}
    assert [r.law for r in c["accept"].results] == ["29A"]
    assert [law for law, _ in c["accept"].results[0].above_seven] == ["38"]  # F08
    assert c["correct_player_calls"].seat is not None and c["correct_player_calls"].seat.name == "E"
    assert [r.law for r in c["correct_player_calls"].results][-1] == "28B"
    c = _by_option(walk("N", "N P, S 1S, director"))
    assert c["accept"].results[0].law == "29A" and c["accept"].results[0].then is None
    decline = c["decline"].results[0]
    assert decline.law == "29B, 29C" and decline.then is not None
    assert decline.then.state_name == "out_of_rotation.awaiting_artificial_judgement"
    assert "artificial" in decline.rulings[0]  # the row rules nothing yet; its words say why


# --- 23A: the director's judgement ----------------------------------------------------------------
def test_10C1_23A_comparable_or_not_the_two_judgements_and_their_rectifications() -> None:
    s = walk("N", "N 1H, E 1C, director, declined, E P")
    c = consequences(s)
    assert [(x.option, x.how, x.value) for x in c] == [("comparable", "judgement", True),
                                                       ("not_comparable", "judgement", False)]
    yes, no = c[0].results[0], c[1].results[0]
    assert yes.law == "27B1b, 23B" and "no further rectification" in yes.rulings[0]
    assert "(27B1b)" in yes.rulings[0]  # the replacement of an insufficient bid: 27B1b decides
    assert "West must pass for the rest of the auction" in " ".join(no.rulings)


# --- 54: declarer's options after a faced lead out of turn -----------------------------------------
def test_10C1_54_accept_spread_or_refuse_and_refusal_opens_50D() -> None:
    sim = _sim("N", "N 1NT, E P, S 3NT, W P, N P, E P")  # 3NT by North: East is to lead
    sim.apply(Lead(Seat.W, parse_card("S6"), True))  # West faces a lead out of turn
    c = {x.option: x for x in consequences(sim.state, sim.book)}
    assert [c[o].results[0].law for o in ("accept", "spread", "refuse")] == ["54B", "54A", "54D, 56"]
    refused = c["refuse"].results[0]
    assert refused.then is not None and refused.then.state_name == "declarer_lead_options.penalty_card"
    assert "major penalty card" in refused.rulings[0]


# --- every option of every decision the fuzzer reaches leads somewhere ---------------------------
def test_10C1_every_option_of_every_decision_reached_is_taken_by_some_row() -> None:
    """An option the book offers but no row takes would be a dead end for the player: over the
    positions a fixed fuzz run reaches (up to 12 of each kind of decision), each option has at
    least one result, and asking does not change the position."""
    seen: Counter[str] = Counter()
    empty: list[tuple[str, str]] = []

    def observe(state: AuctionState) -> None:
        p = state.pending
        if p is None or seen[p.state_name] >= 12:
            return
        seen[p.state_name] += 1
        before = (state.record, state.rulings, state.pending)
        for c in consequences(state):
            if not c.results:
                empty.append((p.state_name, c.option))
        assert (state.record, state.rulings, state.pending) == before

    fuzz_range(2017, range(1500), observe=observe)
    assert len(seen) >= 20, sorted(seen)  # the run really reached most kinds of decision
    assert not empty, empty


# --- what people and programs read ---------------------------------------------------------------
def test_10C1_the_report_lists_what_each_option_leads_to() -> None:
    sim = _sim("N", "N 1H, E 1C, director")
    data = state_to_json(sim)["pending"]
    assert [o["option"] for o in data["options_lead_to"]] == ["accept", "decline"]
    decline = data["options_lead_to"][1]
    assert decline["how"] == "choice" and decline["seat"] == "S"
    assert decline["results"][0]["then"] == "insufficient_bid.awaiting_replacement"
    assert decline["results"][0]["law"] == "27B"
    assert state_to_json(sim.state)["pending"] == data  # a bare state gives the same answer


def test_10C1_the_narration_says_what_each_option_leads_to_once_when_it_opens() -> None:
    lines = narrate(_sim("N", "N 1H, E 1C, director, S choose accept"))
    assert lines.count("   What each option leads to:") == 2  # at the bid, and when the director explains
    after_director = lines.index("3. The director is called.")
    told = lines[after_director + 2:after_director + 5]
    assert told[0] == "   What each option leads to:"
    assert told[1].startswith("   - If South accepts: South accepts the insufficient 1C") and "(Law 27A1)" in told[1]
    assert told[2].startswith("   - If South declines: the insufficient bid is not accepted") and "27B1a" in told[2]
    judged = options_lines(walk("N", "N 1H, E 1C, director, declined, E P"))
    assert judged[1].startswith("   - If the director judges that the replacement is a comparable call:")
    assert all("_" not in line for line in lines + judged)  # no identifiers in what people read


def test_10C1_36A_a_bid_above_seven_by_LHO_is_told_among_the_calls_over_the_double() -> None:
    # F08: an 8S by LHO is taken by the 36A row like any other call, but the bids above seven
    # were in no group of what the option leads to.  One such bid (8C) stands for them all.
    state = walk("N", "N 1H, E P, S 2H, W P, N X")
    over = _by_option(state)["lho_calls"]
    groups = {r.law: [c.text for c in r.calls] for r in over.results}
    assert "8C" in groups["36A"]
    data = state_to_json(state)
    told = [c for r in data["pending"]["options_lead_to"][0]["results"] for c in r["calls"]]
    assert "8C" in told
    sim = _sim("N", "N 1H, E 1C")
    accept = _by_option(sim.state)["accept"]
    assert accept.results[0].calls[-1].text == "8C"  # accepting by a bid above seven: then ruled under 38



def test_10C1_27B_38_a_replacement_above_seven_is_told_in_words() -> None:
    lines = options_lines(walk("N", "N 1H, E 1C, director, declined"))
    assert any(line.startswith("   - If East replaces it with a bid above seven: ") and "(Law 27B, 38)" in line
               for line in lines)


def test_10C1_28B_F08_the_right_player_bidding_above_seven_is_told_going_on_to_38() -> None:
    # F08 (dealer East, North's 1D out of rotation): East, whose turn it was, may call in turn
    # (28B).  A bid above seven by him is taken by the same 28B row as every other call, but then
    # opens Law 38's procedure; the options told must say so, not hide it among the 28B calls.
    state = walk("E", "N 1D")
    in_turn = _by_option(state)["correct_player_calls"]
    assert in_turn.seat == Seat.E
    (group,) = in_turn.results
    assert group.law == "28B" and len(group.calls) == 39 and group.calls[-1].text == "8C"
    assert [law for law, _ in group.above_seven] == ["38"]
    told = options_lines(state)
    # told once, after the options, naming the options it follows (not repeated on every group)
    line = next(x for x in told if x.startswith("   - A bid above seven ("))
    assert "if East calls in turn" in line and "then goes on to Law 38: the bid is held" in line, line
    assert sum("above seven" in x for x in told) == 1 + sum("or a bid above seven" in x for x in told)
    data = state_to_json(state)["pending"]["options_lead_to"]
    (told,) = [r for o in data if o["option"] == "correct_player_calls" for r in o["results"]]
    assert "8C" in told["calls"] and [a["law"] for a in told["above_seven"]] == ["38"]
    assert told["above_seven"][0]["does"].startswith("the bid is held")


def test_10C1_38_a_bid_above_seven_that_goes_where_the_others_go_is_not_told_apart() -> None:
    # over North's 12H, any call by East is cancelled with it (38D): a bid above seven goes where
    # the other calls go, so nothing more is said of it ("If East calls over it" covers it)
    state = walk("N", "N 12H")
    (over,) = [c for c in consequences(state) if c.how == "call"]
    assert len(over.results) == 1 and over.results[0].calls[-1].text == "8C"
    assert over.results[0].above_seven == ()
    assert not any("a bid above seven then" in line for line in options_lines(state))
