"""Perft: the model counts the legal auctions, and the counts equal the independent oracle.

The key-based dynamic programme is also checked against plain enumeration of
:class:`AuctionState` objects for short sequences, and the ``perft`` command is run.
"""

from __future__ import annotations

import argparse
import json

import pytest

from auction_fsm import rules
from auction_fsm.auction import AuctionState
from auction_fsm.commands import perft as perft_command
from auction_fsm.perft import (
    ORACLE_COMPLETE,
    ORACLE_LONGEST,
    ORACLE_SEQUENCES,
    PerftReport,
    brute_force_sequence_counts,
    brute_force_sequences,
    count_complete_auctions,
    longest_auction,
    longest_auction_example,
    perft,
    sequence_counts,
    topological_keys,
)
from auction_fsm.seats import Seat


# --- the oracle figures --------------------------------------------------------------------------
def test_oracle_figures_are_the_published_ones() -> None:
    assert ORACLE_COMPLETE == 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557
    assert ORACLE_SEQUENCES == {1: 36, 2: 701, 3: 9_731, 4: 107_451}
    assert ORACLE_LONGEST == 319


def test_complete_legal_auctions_match_the_oracle() -> None:
    assert count_complete_auctions() == ORACLE_COMPLETE


def test_sequences_of_one_to_four_calls_match_the_oracle() -> None:
    assert sequence_counts(4) == (36, 701, 9_731, 107_451)


def test_longest_auction_matches_the_oracle() -> None:
    assert longest_auction() == ORACLE_LONGEST == 319


@pytest.mark.parametrize("dealer", list(Seat))
def test_counts_are_the_same_for_every_dealer(dealer: Seat) -> None:
    assert count_complete_auctions(dealer) == ORACLE_COMPLETE
    assert sequence_counts(6, dealer) == sequence_counts(6, Seat.N)
    assert longest_auction(dealer) == ORACLE_LONGEST
    assert perft(4, dealer).all_match


def test_dealer_may_be_given_as_seat_name_or_number() -> None:
    assert sequence_counts(2, "W") == sequence_counts(2, 3) == sequence_counts(2, Seat.W)


# --- the dynamic programme against plain enumeration ------------------------------------------------
@pytest.mark.parametrize("dealer", list(Seat))
def test_dp_equals_brute_force_enumeration_up_to_three_calls(dealer: Seat) -> None:
    assert brute_force_sequence_counts(3, dealer) == sequence_counts(3, dealer) == (36, 701, 9_731)


def test_brute_force_sequences_are_distinct_and_legal() -> None:
    seqs = list(brute_force_sequences(2, "E"))
    assert len(seqs) == len(set(seqs)) == 701
    for seq in seqs[::50]:
        state = AuctionState.start("E")
        for call in seq:
            state = state.call(state.turn, call)
        assert len(state.record) == 2


def test_brute_force_at_depth_zero_is_the_empty_sequence() -> None:
    assert list(brute_force_sequences(0)) == [()]
    assert brute_force_sequence_counts(0) == ()


def test_finished_auctions_have_no_continuations() -> None:
    # P P P P is one of the 4-call sequences; the DP must not extend it to five calls.
    counts = sequence_counts(5)
    assert counts[:4] == (36, 701, 9_731, 107_451)
    four_passes = {key for key in rules.successor_table() if rules.is_passed_out(key)}
    assert four_passes and all(rules.legal_codes(k) == () for k in four_passes)


def test_sequence_counts_at_depth_zero_and_negative() -> None:
    assert sequence_counts(0) == ()
    with pytest.raises(ValueError, match="depth"):
        sequence_counts(-1)


def test_sequence_counts_reach_zero_beyond_the_longest_auction() -> None:
    counts = sequence_counts(ORACLE_LONGEST + 2)
    assert counts[ORACLE_LONGEST - 1] > 0
    assert counts[ORACLE_LONGEST:] == (0, 0)


# --- the key graph ---------------------------------------------------------------------------------
def test_topological_order_lists_every_key_before_its_successors() -> None:
    order = topological_keys()
    table = rules.successor_table()
    assert sorted(order) == sorted(table)
    position = {key: i for i, key in enumerate(order)}
    for key, row in table.items():
        assert all(position[n] > position[key] for n in row if n >= 0)


def test_longest_auction_example_is_a_legal_complete_auction_of_319_calls() -> None:
    calls = longest_auction_example(Seat.S)
    assert len(calls) == ORACLE_LONGEST
    state = AuctionState.start(Seat.S)
    for call in calls:
        state = state.call(state.turn, call)
    assert state.is_over
    assert state.contract is not None and state.contract.text == "7NTXX"


# --- reports and the command ------------------------------------------------------------------------
def test_report_checks_every_figure_against_its_oracle() -> None:
    report = perft(6)
    rows = report.checks()
    assert next(name for name, _, _ in rows) == "complete auctions"
    assert len(rows) == 1 + 6 + 1
    assert [oracle for _, _, oracle in rows[1:7]] == [36, 701, 9_731, 107_451, None, None]
    assert report.all_match


def test_a_wrong_figure_is_reported_as_a_mismatch() -> None:
    bad = PerftReport(dealer=Seat.N, complete=ORACLE_COMPLETE, sequences=(36, 700), longest=319)
    assert not bad.all_match
    text = perft_command.format_report(bad)
    assert "MISMATCH: oracle says 701" in text
    assert "DISAGREE" in text
    assert perft_command.report_to_dict(bad)["sequences"][1]["matches"] is False


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    perft_command.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    status: int = args.func(args)
    return status


def test_perft_command_prints_figures_with_separators_and_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["perft"]) == 0
    out = capsys.readouterr().out
    assert "128,745,650,347,030,683,120,231,926,111,609,371,363,122,697,557" in out
    for figure in ("36", "701", "9,731", "107,451", "999,852", "8,126,237", "319"):
        assert figure in out
    assert out.count("matches oracle") == 6  # complete, 1-4 calls, longest
    assert out.count("no oracle figure") == 2  # 5 and 6 calls (default depth 6)


def test_perft_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["perft", "--depth", "3", "--json", "--dealer", "E"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["dealer"] == "E"
    assert data["complete_auctions"] == {"count": ORACLE_COMPLETE, "oracle": ORACLE_COMPLETE, "matches": True}
    assert [s["count"] for s in data["sequences"]] == [36, 701, 9_731]
    assert data["longest_auction"]["count"] == 319
    assert data["all_match"] is True


def test_perft_command_exits_1_on_a_mismatch(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    def wrong(depth: int, dealer: object) -> PerftReport:
        return PerftReport(dealer=Seat.N, complete=1, sequences=(36,), longest=319)

    monkeypatch.setattr(perft_command, "perft", wrong)
    assert _run(["perft", "--depth", "1"]) == 1
    assert "MISMATCH" in capsys.readouterr().out


def test_perft_command_refuses_a_negative_depth(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        _run(["perft", "--depth", "-2"])
    assert info.value.code == 2
    assert "--depth" in capsys.readouterr().err


def test_perft_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from auction_fsm import cli

    assert cli.main(["perft", "--depth", "4"]) == 0
    out = capsys.readouterr().out
    assert "107,451" in out and "all figures match the oracle" in out
