"""The law book drives the engine and the machines: a broken row shows, a variant book rules
differently, and a book that does not hold together is refused when it is built."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from laws.conftest import events

from auction_fsm.auction import AuctionState
from auction_fsm.cli import main
from auction_fsm.engine import apply_event
from auction_fsm.errors import LawBookError
from auction_fsm.event_language import event_to_dict
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, Outcome, Row
from auction_fsm.lawbook.rows import Action
from auction_fsm.lawbook.states import STATES
from auction_fsm.records import Obligation
from auction_fsm.simulator import Simulator

# 30A: South passes out of rotation at East's turn (East is South's RHO); natural: South must
# pass at the next turn only.
SCENARIO_30A = ("N 1H", "S P", "director", "judge artificial no")


def _ruled(book: object) -> Simulator:
    sim = Simulator("N", book=book)  # type: ignore[arg-type]
    sim.run(events(*SCENARIO_30A))
    return sim


def _30a_row() -> Row:
    return LAWS_2017.row_named("out_of_rotation.awaiting_artificial_judgement", "judge_natural",
                               "pass_at_rhos_turn")


def test_30A_the_2017_book_silences_the_offender_for_one_turn() -> None:
    sim = _ruled(LAWS_2017)
    assert [o.kind for o in sim.state.obligations[2]] == ["pass_next_turn"]
    assert sim.machines.seats[2].state == "must_pass_next_turn"


def test_30A_a_row_imposing_the_wrong_obligation_changes_the_ruling() -> None:
    row = _30a_row()
    assert row.action is not None

    def too_long(ctx: object) -> Outcome:
        out = row.action(ctx)  # type: ignore[misc, arg-type]
        south = out.state.record[1].seat
        state = out.state.discharge(south, "pass_next_turn").impose(south, Obligation("pass_rest_of_auction", "30A"))
        return Outcome(state, out.follow)

    broken = LAWS_2017.replace_row(lambda r: r is row,
                                   lambda r: dataclasses.replace(r, action=Action("too_long", "x", too_long)),
                                   name="broken-30A")
    sim = _ruled(broken)
    assert [o.kind for o in sim.state.obligations[2]] == ["pass_rest_of_auction"]
    assert sim.state != _ruled(LAWS_2017).state  # the law test's expected outcome no longer holds


def test_30A_a_row_with_a_wrong_destination_is_a_book_fault_naming_the_row() -> None:
    row = _30a_row()
    broken = LAWS_2017.replace_row(lambda r: r is row, lambda r: dataclasses.replace(r, dest="clarification"))
    with pytest.raises(LawBookError, match="pass_at_rhos_turn"):
        _ruled(broken)


def test_30A_a_row_with_a_wrong_guard_takes_another_branch() -> None:
    row = _30a_row()
    other = LAWS_2017.row_named("out_of_rotation.awaiting_artificial_judgement", "judge_natural",
                                "pass_at_other_turn")
    broken = LAWS_2017.replace_row(lambda r: r is row or r is other,
                                   lambda r: dataclasses.replace(r, guard=other.guard if r is row else row.guard))
    sim = _ruled(broken)
    assert sim.state.obligations[2] == ()  # ruled as 30B1b: nobody silenced, the next call judged
    assert [w.law for w in sim.state.watches] == ["30B1b"]


def test_a_variant_book_rules_the_same_scenario_differently() -> None:
    row = _30a_row()
    variant = LAWS_2017.replace_row(lambda r: r is row, lambda r: dataclasses.replace(
        r, action=LAWS_2017.row_named("out_of_rotation.awaiting_artificial_judgement", "judge_natural",
                                      "pass_at_other_turn").action), name="variant")
    ours, theirs = _ruled(LAWS_2017), _ruled(variant)
    assert ours.state.rulings[-1].law == "30A" and theirs.state.rulings[-1].law == "30B1b"
    core = AuctionState.start("N", law_book=variant)  # a book that is not registered, as a value
    for e in events(*SCENARIO_30A):
        core = apply_event(core, e)
    assert core == theirs.state  # the engine alone, under the variant, rules as the simulator did


def test_two_rows_holding_at_once_is_a_book_fault() -> None:
    row = _30a_row()
    other = LAWS_2017.row_named("out_of_rotation.awaiting_artificial_judgement", "judge_natural",
                                "pass_at_other_turn")
    with pytest.raises(LawBookError, match="share a guard"):  # refused when the book is built
        LAWS_2017.replace_row(lambda r: r is other, lambda r: dataclasses.replace(r, guard=row.guard))


def test_a_book_is_refused_when_built_with_an_unknown_state_or_trigger() -> None:
    row = LAWS_2017.rows[0]
    with pytest.raises(LawBookError, match="unknown destination"):
        LAWS_2017.replace_row(lambda r: r is row, lambda r: dataclasses.replace(r, dest="limbo"))
    with pytest.raises(LawBookError, match="undeclared trigger"):
        LAWS_2017.replace_row(lambda r: r is row, lambda r: dataclasses.replace(r, trigger="shout"))
    with pytest.raises(LawBookError, match="no guard"):
        LAWS_2017.replace_row(lambda r: r.guard is not None and r.trigger == "call_pass",
                              lambda r: dataclasses.replace(r, guard=None))
    assert len(STATES) == len(LAWS_2017.states)


# --- a second edition, by name -------------------------------------------------------------------
def _scenario(tmp_path: Path, *texts: str) -> Path:
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"format": "auction-fsm-scenario", "version": 1, "dealer": "N",
                                "events": [event_to_dict(e) for e in events(*texts)]}), encoding="utf-8")
    return path


def test_31B_a_bid_at_partners_turn_is_ruled_by_the_book_named_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scenario(tmp_path, "N 1H", "W 1S", "director", "judge artificial no")
    assert main(["replay", str(path), "--json"]) == 0
    ours = json.loads(capsys.readouterr().out)
    assert main(["replay", str(path), "--json", "--law-book", "1997"]) == 0
    theirs = json.loads(capsys.readouterr().out)
    assert ours["rulings"][-1]["law"] == "31B2" and theirs["rulings"][-1]["law"] == "31B (1997)"
    assert ours["obligations"] != theirs["obligations"]  # 1997: East passes to the end


def test_30B2_1997_a_pass_at_partners_turn_silences_the_offender_to_the_end() -> None:
    sim = Simulator("N", book=LAWS_1997)
    sim.run(events("N 1H", "W P", "director", "judge artificial no"))
    assert [o.kind for o in sim.state.obligations[3]] == ["pass_rest_of_auction"]
    assert sim.machines.seats[3].state == "must_pass_rest_of_auction"


def test_an_unknown_book_name_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scenario(tmp_path, "N 1H")
    assert main(["replay", str(path), "--law-book", "1963"]) == 2
    err = capsys.readouterr().err
    assert "'1963'" in err and "2017" in err and "Traceback" not in err


def test_verify_checks_the_book_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--law-book", "1997", "--scope", "legal", "--quiet", "--json",
                 "--jobs", "1"]) == 0
    reports = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(r["ok"] for r in reports) and len(reports) == 2
