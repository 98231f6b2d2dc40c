"""Every command takes ``--law-book NAME``; a scenario file may name its book; the flag wins over
the file, with a note; an unknown book is a one-line error with exit status 2 (issue 16)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from auction_fsm.commands import command_modules
from auction_fsm.errors import UsageError
from auction_fsm.lawbook import LAWS_1997, UnknownLawBookError
from auction_fsm.report import state_to_json
from auction_fsm.scenario import Scenario, dump_scenario, loads_scenario
from auction_fsm.seats import Seat
from auction_fsm.simulator import Simulator

COMMANDS = ("replay", "check", "convert", "teach", "quiz", "simulate", "draw", "export", "verify")
OTHER = LAWS_1997.name


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "auction_fsm", *args], capture_output=True, text=True,
                          input=stdin, timeout=120, check=False)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_takes_law_book(command: str) -> None:
    assert command in command_modules() or command == "replay"
    done = run(command, "--help")
    assert done.returncode == 0, done.stderr
    assert "--law-book NAME" in done.stdout


def test_an_unknown_book_on_the_command_line_is_one_line_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_text(dump_scenario(Scenario(Seat.N)))
    done = run("replay", str(path), "--law-book", "1963")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "'1963'" in done.stderr and "2017" in done.stderr


SCENARIO_1997 = {"format": "auction-fsm-scenario", "version": 1, "dealer": "N", "law_book": OTHER,
                 "events": [{"type": "call", "seat": "N", "call": "1H"},
                            {"type": "call", "seat": "W", "call": "P"},
                            {"type": "director"},
                            {"type": "choice", "seat": "N", "option": "decline"}]}


def test_a_scenario_names_its_book_and_is_replayed_under_it() -> None:
    scenario = loads_scenario(json.dumps(SCENARIO_1997))
    assert scenario.law_book == OTHER
    assert json.loads(dump_scenario(scenario))["law_book"] == OTHER
    replay = scenario.replay()
    assert replay.simulator.book is LAWS_1997
    assert state_to_json(replay.simulator)["law_book"] == OTHER
    assert state_to_json(replay.simulator.state)["law_book"] == OTHER  # the position carries its book


def test_an_unknown_book_in_a_file_is_an_input_error_naming_the_field() -> None:
    bad = dict(SCENARIO_1997, law_book="1963")
    with pytest.raises(UnknownLawBookError, match=r"'law_book'.*'1963'") as info:
        loads_scenario(json.dumps(bad), "b.json")
    assert isinstance(info.value, UsageError)


def test_the_flag_wins_over_the_file_with_a_note(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_text(json.dumps(SCENARIO_1997))
    by_file = json.loads(run("replay", "--json", str(path)).stdout)
    by_flag = run("replay", "--json", str(path), "--law-book", "2017")
    assert by_file["law_book"] == OTHER
    assert json.loads(by_flag.stdout)["law_book"] == "2017"
    assert "note" in by_flag.stderr and OTHER in by_flag.stderr and by_flag.returncode == 0


def test_a_simulator_position_names_the_book_it_was_ruled_by() -> None:
    sim = Simulator("N", book=LAWS_1997)
    assert sim.state.law_book == OTHER
    sim.reset("E")
    assert sim.state.law_book == OTHER


def test_convert_writes_the_book_of_a_non_default_scenario(tmp_path: Path) -> None:
    src = tmp_path / "b.json"
    src.write_text(json.dumps(SCENARIO_1997))
    out = tmp_path / "c.json"
    done = run("convert", str(src), str(out))
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text())["law_book"] == OTHER
    done = run("convert", str(src), str(out), "--law-book", "2017")
    assert "law_book" not in json.loads(out.read_text())  # the default book is not written


def test_teach_saves_the_book_it_ruled_by(tmp_path: Path) -> None:
    from auction_fsm.lawbook import book_named
    from auction_fsm.scenario import load_scenario
    from auction_fsm.teaching.session import TeachSession

    session = TeachSession("N", book=book_named(OTHER))
    session.handle("N 1H")
    session.save(tmp_path / "t.json")
    assert load_scenario(tmp_path / "t.json").law_book == book_named(OTHER).name
    plain = TeachSession("N")
    plain.handle("N 1H")
    plain.save(tmp_path / "p.json")
    assert load_scenario(tmp_path / "p.json").law_book is None
