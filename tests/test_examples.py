"""The bundled examples: every scenario replays to the result its description promises, and the
API tour runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from auction_fsm.narrate import narrate
from auction_fsm.report import state_to_json
from auction_fsm.scenario import bundled_examples, load_scenario

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

# file -> (phase, contract, declarer, dummy, opening leader, number of calls)
EXPECTED = {
    "01-1nt-3nt.json": ("clarification", "3NT", "N", "S", "E", 6),
    "02-competitive-double-redouble.json": ("clarification", "4HX", "E", "W", "S", 15),
    "03-passed-out.json": ("passed_out", None, None, None, None, 4),
    "04-doubled-grand-slam.json": ("clarification", "7HX", "N", "S", "E", 15),
    "05-first-to-name-the-strain.json": ("clarification", "3NT", "N", "S", "E", 10),
}


def test_the_examples_are_the_ones_listed_here() -> None:
    assert sorted(p.name for p in bundled_examples()) == sorted(EXPECTED)
    assert all(p.parent == EXAMPLES for p in bundled_examples())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_replays_to_its_result(name: str) -> None:
    scenario = load_scenario(EXAMPLES / name)
    assert scenario.title and scenario.description
    result = scenario.replay()
    assert result.ok, result.error
    data = state_to_json(result.simulator)
    phase, contract, declarer, dummy, leader, n_calls = EXPECTED[name]
    assert data["phase"] == phase
    assert (data["contract"], data["declarer"], data["dummy"], data["opening_leader"]) == (
        contract, declarer, dummy, leader)
    assert len(data["calls"]) == n_calls and all(c["stands"] for c in data["calls"])
    assert data["to_act"] is None
    lines = narrate(result.simulator)
    assert len(lines) == n_calls + (1 if contract is None else 2)


def test_api_tour_runs() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(EXAMPLES / "api_tour.py")], capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "contract: 4H by S | declarer: S | dummy: N | opening leader: W" in out
    assert "refused under Law 18D/27" in out
    assert "the contract is 1SXX (one spade redoubled) by West" in out
    assert '"contract": "7HX"' in out
