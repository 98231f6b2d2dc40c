"""Every failure the fuzzer has found replays without a bug.

Replayed here:

* the minimal reproducers of issue 9 and the fuzzer's own shrunk reproducers, kept as scenario
  files in ``tests/regressions/``;
* every file in ``<repo>/../shared/regressions/fuzz/`` (the project's shared collection; a user's
  clone has none, and then those cases are skipped).

"Without a bug" means: reading the file and replaying it through the simulator with the machines
checked ends either with every event applied or with a clean refusal
(:class:`~auction_fsm.errors.AuctionFsmError`); never with a
:class:`~auction_fsm.errors.MachineDisagreementError` (machines and core computed different
positions) and never with any other exception; and ``auction-fsm replay`` exits 0 or 2, never 70.

Every case failed before the law-book engine (issue 9; the diagnoses are in
``docs/fuzz-findings.md``); each must now pass.

The tests of Python's integer-string limit (issue 9, item 7) are fixed outside the engine and
are plain tests at the end.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auction_fsm.calls import parse_call, quoted
from auction_fsm.cli import main
from auction_fsm.errors import AuctionFsmError, CallSyntaxError, MachineDisagreementError, ScenarioError
from auction_fsm.fuzzing import replay_failure
from auction_fsm.scenario import load_scenario, loads_scenario

ROOT = Path(__file__).resolve().parent.parent
OWN = ROOT / "tests" / "regressions"
# the project's shared folder sits beside the checkout (or beside the folder of worktrees)
SHARED_ROOT = next((p / "shared" for p in (ROOT.parent, ROOT.parent.parent) if (p / "shared").is_dir()),
                   ROOT.parent / "shared")
SHARED = SHARED_ROOT / "regressions" / "fuzz"

def _case(path: Path) -> object:
    return pytest.param(path, id=path.name)


OWN_FILES = [_case(p) for p in sorted(OWN.glob("*.json"))]
SHARED_FILES = [_case(p) for p in sorted(SHARED.glob("*.json"))] if SHARED.is_dir() else []
# issue 17, item 5: faults of narration, report, views and scale (the long ones: tests/test_scale.py)
ENGINE = SHARED_ROOT / "regressions" / "engine"
ENGINE_FILES = ([_case(p) for p in sorted(ENGINE.glob("*.json")) if not p.name.startswith("scale_")]
                if ENGINE.is_dir() else [])


def assert_replays_without_bug(path: Path) -> None:
    """Read and replay ``path`` with the machines checked; only clean refusals are allowed."""
    try:
        scenario = load_scenario(path)
    except AuctionFsmError as err:  # a file the reader refuses cleanly (a token too long ...)
        assert not isinstance(err, MachineDisagreementError), str(err)
    else:
        result = scenario.replay(check=True)  # raises anything that is not an AuctionFsmError
        assert not isinstance(result.error, MachineDisagreementError), str(result.error)
        assert result.error is None or isinstance(result.error, AuctionFsmError)
    status = main(["replay", str(path)])
    assert status in (0, 2), f"auction-fsm replay {path.name} exited {status}"


def test_the_issue_reproducers_are_all_kept() -> None:
    """The seven reproducers of issue 9 (the seventh in two forms) are files here."""
    names = {p.stem for p in OWN.glob("issue9-*.json")}
    assert {n.split("-")[1] for n in names} == {"1", "2", "3", "4", "5", "6", "7a", "7b"}


@pytest.mark.parametrize("path", OWN_FILES)
def test_own_reproducer_replays_without_bug(path: Path) -> None:
    assert_replays_without_bug(path)


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"no shared regression directory at {SHARED}")
@pytest.mark.parametrize("path", SHARED_FILES)
def test_shared_reproducer_replays_without_bug(path: Path) -> None:
    assert_replays_without_bug(path)


# --- issue 9, item 7: numbers too long for Python's integer-string limit --------------------
LONG = "9" * 4301


def test_a_call_with_a_level_of_thousands_of_digits_is_a_call_syntax_error() -> None:
    with pytest.raises(CallSyntaxError, match=r"a level of 4301 digits is not a bid") as info:
        parse_call(LONG + "NT", "board.json, event 1")
    message = str(info.value)
    assert "board.json, event 1" in message
    assert "(4303 characters)" in message and len(message) < 200  # quoted, but shortened


@pytest.mark.parametrize("token", ["100C", "999NT", "0001S"])
def test_levels_of_three_digits_or_more_stay_refused(token: str) -> None:
    with pytest.raises(CallSyntaxError, match=repr(token)):
        parse_call(token)


def test_two_digit_levels_are_still_read_as_inadmissible_bids() -> None:
    assert parse_call("99NT").level == 99  # Law 38's bid above seven, for the model to rule on


def test_a_json_number_of_thousands_of_digits_is_a_scenario_error_with_its_place() -> None:
    text = ('{"format": "auction-fsm-scenario", "version": 1, "dealer": "S",\n'
            ' "events": [{"type": "explain", "seat": "S", "call_index": ' + LONG + '}]}')
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, "board.json")
    message = str(info.value)
    assert message.startswith("board.json: a number of 4301 digits at line 2, column 60 ")
    assert "too long to be read" in message and len(message) < 200


def test_a_file_that_is_one_long_number_is_a_scenario_error(tmp_path: Path) -> None:
    path = tmp_path / "number.json"
    path.write_text(LONG, encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"a number of 4301 digits at line 1, column 1 "):
        load_scenario(path)
    assert main(["replay", str(path)]) == 2


def test_a_long_negative_number_counts_its_digits_without_the_sign() -> None:
    text = json.dumps({"format": "auction-fsm-scenario", "version": 1, "dealer": "N",
                       "events": []})[:-1] + ', "title": -' + LONG + "}"
    with pytest.raises(ScenarioError, match=r"a number of 4301 digits at line 1, column \d+ "):
        loads_scenario(text)


def test_ordinary_numbers_still_load() -> None:
    s = loads_scenario('{"format": "auction-fsm-scenario", "version": 1, "dealer": "N", "events": '
                       '[{"type": "explain", "seat": "N", "call_index": 12345678901234567890}]}')
    assert len(s.events) == 1


def test_quoted_keeps_short_tokens_whole() -> None:
    assert quoted("1Z") == "'1Z'"
    assert quoted("x" * 40) == repr("x" * 40)
    assert quoted("x" * 41).endswith("(41 characters)")


@pytest.mark.skipif(not ENGINE.is_dir(), reason=f"no shared regression directory at {ENGINE}")
@pytest.mark.parametrize("path", ENGINE_FILES)
def test_engine_reproducer_replays_and_every_view_of_it_is_sound(path: Path) -> None:
    """Issue 17: the file replays with exit 0 or 2, both narrated and as JSON, and every position
    passes the fuzzer's full examination (views, narration, report, options, the check verdict)."""
    assert_replays_without_bug(path)
    assert main(["replay", "--json", str(path)]) in (0, 2)
    scenario = load_scenario(path)
    assert replay_failure(scenario.dealer, scenario.events) is None
