"""The command line: replay, --json, demo, command discovery, and bad input.

Bad input must give one line ``auction-fsm: <kind>: <message>`` on standard error naming the
token and its place, exit status 2, and never a traceback.  Most tests call :func:`main`
directly; a few run ``python -m auction_fsm`` in a subprocess, as a user would.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from auction_fsm import AuctionState, __version__
from auction_fsm.cli import DEBUG_VARIABLE, EXIT_INTERNAL_ERROR, build_parser, main
from auction_fsm.commands import command_modules
from auction_fsm.engine import apply_event
from auction_fsm.events import CallEvent
from auction_fsm.narrate import describe_outcome, describe_step
from auction_fsm.scenario import FORMAT, bundled_examples
from auction_fsm.simulator import Step

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, name: str, content: str | dict[str, Any]) -> str:
    """Write a scenario file (a dict is dumped as JSON) and return its path as text."""
    p = tmp_path / name
    p.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return str(p)


def scenario(*pairs: str, dealer: str = "N", version: int = 1) -> dict[str, Any]:
    return {"format": FORMAT, "version": version, "dealer": dealer,
            "events": [{"type": "call", "seat": p.split()[0], "call": p.split()[1]} for p in pairs]}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def assert_clean_error(status: int, err: str, *fragments: str) -> None:
    """Exit status 2, one ``auction-fsm: kind: message`` line naming every fragment, no traceback."""
    assert status == 2
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("auction-fsm: ")
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


# --- good input -------------------------------------------------------------------------------
def test_replay_narrates_call_by_call(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "a.json", scenario("N 1NT", "E P", "S 3NT", "W P", "N P", "E P"))
    status, out, err = run(capsys, "replay", f)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"== {f} =="
    assert lines[1] == "Dealer North, neither side vulnerable."
    assert lines[2:5] == ["1. North (dealer) opens 1NT.", "2. East passes.", "3. South bids 3NT."]
    assert "the contract is 3NT (three no trump) by North" in out
    assert "Declarer North, dummy South, opening leader East." in out


def test_replay_of_a_passed_out_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "p.json", scenario("E P", "S P", "W P", "N P", dealer="E"))
    status, out, _ = run(capsys, "replay", f)
    assert status == 0
    assert "passed out (Law 22B)" in out


def test_replay_of_an_unfinished_auction(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "u.json", scenario("N 1C", "E X"))
    status, out, _ = run(capsys, "replay", f)
    assert status == 0
    assert "2. East doubles 1C." in out
    assert "The auction is not over: South to call" in out


def test_replay_json_has_the_documented_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "j.json", scenario("E 1H", "S X", "W XX", "N P", "E P", "S P", dealer="E"))
    status, out, err = run(capsys, "replay", f, "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["source"] == f
    assert data["phase"] == "clarification"
    assert data["to_act"] is None
    assert data["dealer"] == "E" and data["vulnerability"] == "None"
    assert data["contract"] == "1HXX"
    assert (data["declarer"], data["dummy"], data["opening_leader"]) == ("E", "W", "S")
    assert data["calls"][1] == {"seat": "S", "call": "X", "in_turn_of": "S", "status": "stands",
                                "stands": True, "irregularity": None, "law": None}
    assert [c["call"] for c in data["calls"]] == ["1H", "X", "XX", "P", "P", "P"]
    assert data["obligations"] == {"N": [], "E": [], "S": [], "W": []}
    assert data["pending"] is None
    assert data["lead_restrictions"] == [] and data["exposed_cards"] == [] and data["rulings"] == []
    assert data["legal_calls"] == []
    assert data["error"] is None


def test_replay_json_mid_auction(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "m.json", scenario("S 7NT", dealer="S"))
    _, out, _ = run(capsys, "replay", "--json", f)
    data = json.loads(out)
    assert (data["phase"], data["to_act"], data["contract"]) == ("auction", "W", None)
    assert data["legal_calls"] == ["P", "X"]


def test_replay_json_with_several_files_prints_an_array(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    a = write(tmp_path, "a.json", scenario("N 1C"))
    b = write(tmp_path, "b.json", scenario("N P", "E P", "S P", "W P"))
    status, out, _ = run(capsys, "replay", a, b, "--json")
    assert status == 0
    data = json.loads(out)
    assert [d["source"] for d in data] == [a, b]
    assert [d["phase"] for d in data] == ["auction", "passed_out"]


def test_demo_replays_every_bundled_example(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo")
    assert (status, err) == (0, "")
    examples = bundled_examples()
    assert out.count("\n== ") + out.startswith("== ") == len(examples)
    for path in examples:
        title = json.loads(path.read_text(encoding="utf-8"))["title"]
        assert f"== {title} (" in out
    assert "Refused" not in out


def test_narration_marks_an_irregular_call_and_what_waits() -> None:
    before = AuctionState.start("N").calls("1NT")
    event = CallEvent.of("E", "1C")
    after = apply_event(before, event)  # the core opens the insufficient-bid procedure
    line = describe_step(2, Step(event, before, after))
    assert line.startswith("2. East bids 1C -- insufficient bid, Law ")
    waiting = describe_outcome(after)
    assert waiting == [("Waiting for South: South may accept East's insufficient 1C or call the director "
                       "to rule on it (Law 27A1).")]


# --- the command line itself ------------------------------------------------------------------
def test_every_command_module_registers_a_handler() -> None:
    assert "replay" in command_modules()
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert {"replay", "demo"} <= set(subparsers.choices)
    for name, sub in subparsers.choices.items():
        assert callable(sub.get_default("func")), name


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--version")
    assert status == 0 and out.strip() == f"auction-fsm {__version__}"


def test_no_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys)
    assert status == 2 and "choose a command" in err and "Traceback" not in err


def test_unknown_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "dance")
    assert status == 2 and "'dance'" in err and "Traceback" not in err


def test_replay_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "replay")
    assert status == 2 and "FILE" in err


# --- bad input --------------------------------------------------------------------------------
def test_malformed_call(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "c.json", scenario("N 1NT", "E 1Z"))
    status, out, err = run(capsys, "replay", f)
    assert_clean_error(status, err, "call syntax error", "'1Z'", "event 2", "c.json")
    assert out == ""


def test_unknown_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "s.json", scenario("N 1NT", "Z P"))
    status, _, err = run(capsys, "replay", f)
    assert_clean_error(status, err, "seat syntax error", "'Z'", "event 2")


PASSED_OUT_THEN_1C = ("N P", "E P", "S P", "W P", "N 1C")  # the model refuses the fifth call


def test_call_after_the_auction_ended_keeps_the_record_so_far(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "e.json", scenario(*PASSED_OUT_THEN_1C))
    status, out, err = run(capsys, "replay", f)
    assert_clean_error(status, err, "auction-fsm: call after the auction ended:", "e.json",
                       "event 5 (N: 1C)", "1C")
    assert "1. North (dealer) passes." in out and "4. West passes." in out
    assert "5. Refused: N: 1C" in out
    assert out.rstrip().endswith("the board is passed out (Law 22B).")


def test_refused_call_json_shows_the_position_reached(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "e.json", scenario(*PASSED_OUT_THEN_1C))
    status, out, err = run(capsys, "replay", f, "--json")
    assert_clean_error(status, err, "call after the auction ended", "event 5")
    data = json.loads(out)
    assert [c["call"] for c in data["calls"]] == ["P"] * 4
    assert (data["phase"], data["to_act"]) == ("passed_out", None)
    assert data["error"]["event"] == 5
    assert data["error"]["kind"] == "call after the auction ended"
    assert data["error"]["law"]
    assert "event 5 (N: 1C)" in data["error"]["message"]


def test_malformed_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "m.json", '{"format": "auction-fsm-scenario",\n  "version": 1 "dealer": "N"}')
    status, _, err = run(capsys, "replay", f)
    assert_clean_error(status, err, "scenario error", "m.json", "malformed JSON", "line 2, column 16")


def test_truncated_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(scenario("N 1C", "E P"))
    f = write(tmp_path, "t.json", text[:-9])
    status, _, err = run(capsys, "replay", f)
    assert_clean_error(status, err, "scenario error", "t.json", "truncated")


def test_wrong_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = write(tmp_path, "v.json", scenario("N 1C", version=7))
    status, _, err = run(capsys, "replay", f)
    assert_clean_error(status, err, "unsupported scenario version", "v.json", "version 7")


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nowhere.json")
    status, _, err = run(capsys, "replay", missing)
    assert_clean_error(status, err, "cannot read file", missing, "No such file")


def test_a_directory_is_not_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "replay", str(tmp_path))
    assert_clean_error(status, err, "cannot read file", str(tmp_path))


def test_one_bad_file_does_not_stop_the_others(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.json", "{")
    good = write(tmp_path, "good.json", scenario("N P", "E P", "S P", "W P"))
    status, out, err = run(capsys, "replay", bad, good)
    assert_clean_error(status, err, "bad.json")
    assert "passed out" in out


def test_interrupt_is_reported_politely(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from auction_fsm.commands import replay

    def interrupted(*args: object, **kwargs: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(replay, "replay_files", interrupted)
    status, _, err = run(capsys, "replay", write(tmp_path, "a.json", scenario()))
    assert status == 130
    assert err == "auction-fsm: interrupted\n"


def test_a_bug_is_one_line_with_its_own_status(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from auction_fsm.commands import replay

    def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("something impossible")

    monkeypatch.setattr(replay, "replay_files", broken)
    monkeypatch.delenv(DEBUG_VARIABLE, raising=False)
    f = write(tmp_path, "a.json", scenario())
    status, _, err = run(capsys, "replay", f)
    assert status == EXIT_INTERNAL_ERROR
    assert err.startswith("auction-fsm: internal error") and "RuntimeError: something impossible" in err
    assert "Traceback" not in err
    monkeypatch.setenv(DEBUG_VARIABLE, "1")
    with pytest.raises(RuntimeError, match="something impossible"):
        main(["replay", f])


# --- as a user runs it ------------------------------------------------------------------------
def python_m(*argv: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "auction_fsm", *argv], capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=120, check=False, **kwargs)


def test_python_m_demo() -> None:
    done = python_m("demo")
    assert done.returncode == 0, done.stderr
    assert "1. North (dealer) opens 1NT." in done.stdout
    assert done.stderr == ""


def test_python_m_bad_input_exits_2_without_traceback(tmp_path: Path) -> None:
    f = write(tmp_path, "bad.json", scenario("N 1NT", "E 1Q"))
    done = python_m("replay", f)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("auction-fsm: call syntax error: ")
    assert "'1Q'" in done.stderr and "event 2" in done.stderr


def test_python_m_missing_file() -> None:
    done = python_m("replay", "no/such/file.json")
    assert done.returncode == 2
    assert done.stderr == "auction-fsm: cannot read file: no/such/file.json: No such file or directory\n"


def test_closed_pipe_is_not_a_traceback() -> None:
    """A reader that stops early (``auction-fsm replay ... | head``) gets no traceback."""
    files = [str(p) for p in bundled_examples()] * 100  # far more output than a pipe buffers
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen([sys.executable, "-m", "auction_fsm", "replay", *files], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read().decode()
        status = proc.wait(timeout=120)
    assert first.startswith(b"== ")
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert status == 1


# --- the JSON report after the auction (issues 3 and 4) -----------------------------------------
def example_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str,
                 events: int | None = None) -> dict[str, Any]:
    """``replay --json`` of a bundled example, cut after its first ``events`` events."""
    data = json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))
    if events is not None:
        data["events"] = data["events"][:events]
    f = write(tmp_path, name, data)
    status, out, err = run(capsys, "replay", "--json", f)
    assert (status, err) == (0, "")
    result: dict[str, Any] = json.loads(out)
    return result


def test_replay_json_documents_every_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = example_json(tmp_path, capsys, "01-1nt-3nt.json")
    documented = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    table = documented[documented.index("## What `replay --json` prints"):documented.index("## Errors")]
    for key in data:
        assert f"`{key}`" in table, key


def test_replay_json_irregular_calls_obligations_and_26B(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    data = example_json(tmp_path, capsys, "insufficient-bid-27B2.json", 11)  # up to the final pass
    assert data["phase"] == "declarer_lead_options.lead_restriction"
    assert data["calls"][3] == {"seat": "W", "call": "1S", "in_turn_of": "W", "status": "withdrawn",
                                "stands": False, "irregularity": "insufficient_bid", "law": "27B"}
    assert data["calls"][4] == {"seat": "W", "call": "P", "in_turn_of": "W", "status": "stands",
                                "stands": True, "irregularity": "replacement", "law": "27B2"}
    assert data["obligations"] == {"N": [], "E": [{"kind": "pass_rest_of_auction", "law": "27B2", "call": None}],
                                   "S": [], "W": []}
    assert data["lead_restrictions"] == [{"offender": "W", "leader": "E", "law": "27B2, 26B", "withdrawn": "1S",
                                          "eligible_suits": ["C", "D", "H", "S"], "status": "to_choose"}]
    lead_to = data["pending"].pop("options_lead_to")
    assert [(o["option"], o["results"][0]["law"]) for o in lead_to] == [
        ("prohibit_C", "26B"), ("prohibit_D", "26B"), ("prohibit_H", "26B"), ("prohibit_S", "26B"),
        ("no_prohibition", "26B")]
    assert data["pending"] == {
        "kind": "declarer_lead_options.lead_restriction", "procedure": "declarer_lead_options",
        "step": "lead_restriction", "law": "26B", "decider": "N",
        "options": ["prohibit_C", "prohibit_D", "prohibit_H", "prohibit_S", "no_prohibition"],
        "judgement": None, "offender": "W", "in_turn_of": "E"}
    assert [r["law"] for r in data["rulings"]] == ["9B2, 10C", "27B", "10C, 27B", "27B2"]
    assert all(set(r) == {"law", "summary"} and r["summary"] for r in data["rulings"])
    assert data["to_lead"] is None and data["auction_period_over"] is False


def test_replay_json_repeat_call_obligation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = example_json(tmp_path, capsys, "out-of-rotation-31A1.json", 6)  # North declined, South passed
    assert data["phase"] == "auction" and data["to_act"] == "W" and data["legal_calls"] == ["1H"]
    assert data["calls"][1] == {"seat": "W", "call": "1H", "in_turn_of": "S", "status": "cancelled",
                                "stands": False, "irregularity": "out_of_rotation", "law": "29B"}
    assert data["obligations"]["W"] == [{"kind": "repeat_call", "law": "31A1", "call": "1H"}]


def test_replay_json_lead_out_of_turn_step_by_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = example_json(tmp_path, capsys, "lead-out-of-turn-54D.json", 8)  # the final pass
    assert (data["phase"], data["to_lead"], data["opening_lead"], data["leads"]) == ("clarification", "W", None, [])
    data = example_json(tmp_path, capsys, "lead-out-of-turn-54D.json", 9)  # East faces HK
    assert data["phase"] == "lead_out_of_turn.awaiting_declarer"
    lead_to = data["pending"].pop("options_lead_to")
    assert [(o["option"], o["results"][0]["law"], o["results"][0]["then"]) for o in lead_to] == [
        ("accept", "54B", None), ("spread", "54A", None),
        ("refuse", "54D, 56", "declarer_lead_options.penalty_card")]
    assert data["pending"] == {
        "kind": "lead_out_of_turn.awaiting_declarer", "procedure": "lead_out_of_turn", "step": "awaiting_declarer",
        "law": "54", "decider": "S", "options": ["accept", "spread", "refuse"], "judgement": "dummy_seen",
        "offender": "E", "in_turn_of": "W"}
    assert data["leads"] == [{"seat": "E", "card": "HK", "faced": True, "status": "pending", "law": "54"}]
    assert data["opening_lead"] is None and data["to_lead"] is None
    data = example_json(tmp_path, capsys, "lead-out-of-turn-54D.json", 11)  # refused
    assert data["phase"] == "declarer_lead_options.penalty_card"
    assert data["penalty_cards"] == [{"seat": "E", "card": "HK", "major": True, "kind": "major", "law": "54D, 56"}]
    assert data["pending"]["options"] == ["require_H", "prohibit_H", "let_remain"]
    assert data["leads"][0]["status"] == "withdrawn"
    data = example_json(tmp_path, capsys, "lead-out-of-turn-54D.json")  # to the end
    assert data["phase"] == "play" and data["auction_period_over"] is True
    assert (data["declarer"], data["dummy"], data["opening_leader"]) == ("S", "N", "W")
    assert (data["actual_declarer"], data["actual_dummy"], data["actual_leader"]) == ("S", "N", "W")
    assert data["opening_lead"] == {"seat": "W", "card": "C5", "faced": True, "status": "stands", "law": None}
    assert [(ld["seat"], ld["status"]) for ld in data["leads"]] == [("E", "withdrawn"), ("W", "stands")]
    assert data["lead_rules"] == [] and data["pending"] is None
    assert data["penalty_cards"][0]["card"] == "HK"


def test_state_json_roles_after_54A_and_lead_rules_after_50D() -> None:
    from auction_fsm.cards import parse_card
    from auction_fsm.events import Choice, Lead
    from auction_fsm.report import state_to_json
    from auction_fsm.seats import Seat
    from auction_fsm.simulator import Simulator

    def auction() -> Simulator:
        sim = Simulator("S")
        for seat, call in [("S", "1S"), ("W", "P"), ("N", "3S"), ("E", "P"), ("S", "4S"), ("W", "P"),
                           ("N", "P"), ("E", "P")]:
            sim.call(seat, call)
        sim.apply(Lead(Seat.E, parse_card("HK")))
        return sim

    sim = auction()
    sim.apply(Choice(Seat.S, "spread"))
    data = state_to_json(sim)
    assert (data["declarer"], data["dummy"], data["opening_leader"]) == ("S", "N", "W")
    assert (data["actual_declarer"], data["actual_dummy"], data["actual_leader"]) == ("N", "S", "E")
    assert data["opening_lead"] == {"seat": "E", "card": "HK", "faced": True, "status": "stands", "law": "54A"}
    sim = auction()
    sim.apply(Choice(Seat.S, "refuse"))
    sim.apply(Choice(Seat.S, "require_H"))
    data = state_to_json(sim)
    assert data["phase"] == "clarification" and data["to_lead"] == "W"
    assert [(r["kind"], r["suit"], r["leader"]) for r in data["lead_rules"]] == [("require", "H", "W")]
    assert data["lead_rules"][0]["law"] == "50D2a"
    assert data["penalty_cards"] == []


def test_every_step_of_every_example_reports_as_json() -> None:
    from auction_fsm.report import position_to_json
    from auction_fsm.scenario import load_scenario

    for path in bundled_examples():
        for step in load_scenario(path).simulate().steps:
            text = json.dumps(position_to_json(step.after))
            assert json.loads(text)["phase"] == step.after.phase


# --- the narration after the auction --------------------------------------------------------------
def test_narration_explains_each_ruling_with_its_law(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", str(ROOT / "examples" / "insufficient-bid-27B2.json"))
    assert status == 0
    lines = out.splitlines()
    assert "4. West bids 1S -- insufficient bid, Law 18D, 27 (call pending)." in lines
    i = lines.index("7. The director judges that the replacement is not a comparable call.")
    assert lines[i + 1].startswith("   Ruling, Law 27B2 (insufficient bid): ")
    assert "East must pass for the rest of the auction" in lines[i + 1]
    assert "12. North prohibits no suit." in lines
    assert "Declarer North, dummy South, opening leader East." in lines


def test_narration_of_a_lead_out_of_turn_and_the_end_of_the_auction_period(
        capsys: pytest.CaptureFixture[str]) -> None:
    from auction_fsm.narrate import FIVE_OPTIONS_NOTE, OUTSIDE_THE_MODEL

    status, out, _ = run(capsys, "replay", str(ROOT / "examples" / "lead-out-of-turn-54D.json"))
    assert status == 0
    lines = out.splitlines()
    i = lines.index("9. East leads HK face up.")
    assert lines[i + 1].startswith("   Ruling, Law 54 (faced opening lead out of turn): East faced an opening "
                                   "lead out of turn")
    assert lines[i + 2] == "   " + FIVE_OPTIONS_NOTE
    assert "11. South refuses." in lines and "12. South lets the penalty card remain." in lines
    assert lines[-6:] == [
        "The auction is over (Law 22A): the contract is 4S (four spades) by South.",
        "Declarer South, dummy North, opening leader West.",
        "Penalty card: East's HK (major, Law 54D, 56).",
        "The opening lead C5 by West is faced: the auction period is over and play begins (Laws 17D1, 41C).",
        "At the table: declarer South, dummy North, opening lead by West.",
        OUTSIDE_THE_MODEL,
    ]


def test_narration_while_declarer_chooses_after_the_auction() -> None:
    from auction_fsm.cards import parse_card
    from auction_fsm.events import Lead
    from auction_fsm.narrate import narrate
    from auction_fsm.seats import Seat
    from auction_fsm.simulator import Simulator

    sim = Simulator("N")
    for seat, call in [("N", "1NT"), ("E", "P"), ("S", "3NT"), ("W", "P"), ("N", "P"), ("E", "P")]:
        sim.call(seat, call)
    sim.apply(Lead(Seat.E, parse_card("S4"), faced=False))
    assert narrate(sim)[-1] == ("East has led S4 face down (Law 41A): the clarification period goes on until "
                                "it is faced (Law 41B questions may be asked).")
    sim = Simulator("N")
    for seat, call in [("N", "1NT"), ("E", "P"), ("S", "3NT"), ("W", "P"), ("N", "P"), ("E", "P")]:
        sim.call(seat, call)
    sim.apply(Lead(Seat.W, parse_card("D2")))
    outcome = describe_outcome(sim.state)
    assert outcome[0] == ("Waiting for North: North as declarer may accept West's opening lead out of turn (D2), "
                          "spread the hand and become dummy or refuse it (Law 54). The director may first "
                          "judge whether declarer could have seen dummy's cards.")
    assert outcome[1].startswith("The auction is over (Law 22A): the contract is 3NT")
