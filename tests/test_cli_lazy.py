"""The command line as a new user met it (issue 10, "Found by a new user"): a quick start that
imports only what the command needs, ``-`` for standard input, ``draw --only`` checked,
progress on a terminal, an uncounted path total said in words, benchmarks that answer
``--help``.

Nothing here measures speed (that is ``benchmarks/bench_startup.py``): the start-up tests say
which modules a command imports, which is what the speed comes from.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from auction_fsm.cli import build_parser, main
from auction_fsm.commands import command_modules, register_for
from auction_fsm.scenario import FORMAT

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("numpy", "networkx", "matplotlib", "transitions")


def python(code: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter with this checkout first on the path."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, input=stdin,
                          encoding="utf-8", env=env, timeout=300, check=False)


def imported_after(code: str) -> set[str]:
    """The top-level packages among :data:`HEAVY` imported once ``code`` has run."""
    done = python(code + "\nimport sys, json\nprint(json.dumps(sorted({m.split('.')[0] for m in "
                  f"sys.modules}} & set({list(HEAVY)!r}))))")
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def scenario_text(*pairs: str) -> str:
    return json.dumps({"format": FORMAT, "version": 1, "dealer": "N",
                       "events": [{"type": "call", "seat": p.split()[0], "call": p.split()[1]}
                                  for p in pairs]})


# --- start-up: import what a command needs when it runs ---------------------------------------
def test_building_the_whole_parser_imports_no_heavy_library() -> None:
    assert imported_after("from auction_fsm.cli import build_parser\nbuild_parser()") == set()


@pytest.mark.parametrize("module", command_modules())
def test_each_command_module_is_light_to_import(module: str) -> None:
    """Every module of auction_fsm.commands, including ones added later: heavy imports belong
    inside the handler (see the auction_fsm.commands docstring)."""
    assert imported_after(f"import auction_fsm.commands.{module}") == set()


def test_the_help_of_scope_options_still_lists_the_named_scopes(capsys: pytest.CaptureFixture[str]) -> None:
    """The names are read when the help is shown, not when the option is registered."""
    from auction_fsm.graph.scopes import NAMED_SCOPES

    status, out, _ = run(capsys, "verify", "--help")
    assert status == 0
    flat = " ".join(out.split())
    assert f"a named scope ({', '.join(NAMED_SCOPES)})".replace("- ", "-") in flat.replace("- ", "-")


def test_replay_imports_the_machines_but_not_the_graph_libraries() -> None:
    """What a replay really needs: the Simulator builds its machines with transitions."""
    code = ("import io, contextlib\nfrom auction_fsm.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    assert main(['replay', {str(ROOT / 'examples' / '01-1nt-3nt.json')!r}]) == 0")
    assert imported_after(code) == {"transitions"}


def test_a_command_named_by_its_module_registers_that_module_alone() -> None:
    parser = argparse.ArgumentParser()
    subparsers = parser.add_subparsers()
    assert register_for(["replay", "x.json"], subparsers)
    assert set(subparsers.choices) == {"replay", "demo"}
    for argv in (["demo"], ["--help"], [], ["dance"], ["_files"]):
        sub = argparse.ArgumentParser().add_subparsers()
        assert not register_for(argv, sub) and not sub.choices, argv


def test_a_module_that_registers_other_names_falls_back_to_every_command(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from auction_fsm import commands

    def elsewhere(name: str, subparsers: Any) -> None:
        subparsers.add_parser(f"{name}-other")

    monkeypatch.setattr(commands, "register_module", elsewhere)
    sub = argparse.ArgumentParser().add_subparsers()
    assert not register_for(["replay"], sub)
    monkeypatch.undo()
    parser = build_parser(["replay"])  # the real modules: replay fits
    choices = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert set(choices) == {"replay", "demo"}
    full = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert {"replay", "demo", "verify", "draw", "export", "perft"} <= set(full)


def test_an_unknown_command_still_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "dance")
    assert status == 2
    for name in ("replay", "demo", "verify", "draw", "export", "perft"):
        assert f"'{name}'" in err


# --- replay - reads standard input --------------------------------------------------------------
def fake_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_replay_dash_reads_a_scenario_from_standard_input(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    fake_stdin(monkeypatch, scenario_text("N 1NT", "E P", "S 3NT").encode())
    status, out, err = run(capsys, "replay", "-")
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == "== <standard input> =="
    assert "3. South bids 3NT." in out


def test_replay_dash_json_names_standard_input(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fake_stdin(monkeypatch, scenario_text("N 1C").encode())
    other = tmp_path / "b.json"
    other.write_text(scenario_text("N P"), encoding="utf-8")
    status, out, _ = run(capsys, "replay", "--json", str(other), "-")
    assert status == 0
    assert [d["source"] for d in json.loads(out)] == [str(other), "<standard input>"]


@pytest.mark.parametrize(("data", "fragments"), [
    (b"", ("<standard input>", "nothing was read from standard input")),
    (b"  \n", ("<standard input>", "nothing was read from standard input")),
    (b'{"format": ', ("<standard input>", "ends too early", "line 1")),
    (b"{not json}", ("<standard input>", "malformed JSON", "line 1, column 2")),
    (b"\xff\xfe", ("<standard input>", "not UTF-8")),
])
def test_bad_standard_input_is_a_clear_error(data: bytes, fragments: tuple[str, ...],
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    fake_stdin(monkeypatch, data)
    status, _, err = run(capsys, "replay", "-")
    assert status == 2 and "Traceback" not in err
    line, = err.strip().splitlines()
    assert line.startswith("auction-fsm: scenario error: ")
    for fragment in fragments:
        assert fragment in line, (fragment, line)


def test_standard_input_named_twice_is_refused(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    fake_stdin(monkeypatch, scenario_text("N 1C").encode())
    status, out, err = run(capsys, "replay", "-", "-")
    assert status == 2 and out == ""
    assert "'-' (standard input) is given 2 times" in err


def test_replay_dash_as_a_user_pipes_it() -> None:
    done = python("from auction_fsm.cli import main\nraise SystemExit(main(['replay', '-']))",
                  stdin=scenario_text("N P", "E P", "S P", "W P"))
    assert done.returncode == 0, done.stderr
    assert "passed out (Law 22B)" in done.stdout


# --- draw --only ---------------------------------------------------------------------------------
def test_draw_only_an_unknown_picture_is_a_usage_error(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "draw", "-o", str(tmp_path), "--only", "seat_machine", "--only", "nosuch")
    assert status == 2 and out == "" and "Traceback" not in err
    line, = err.strip().splitlines()
    assert line.startswith("auction-fsm: usage error: --only: no picture named 'nosuch'")
    assert "phase_machine" in line and "seat_machine" in line  # the valid names are listed
    assert list(tmp_path.iterdir()) == []  # nothing drawn


def test_draw_only_with_configuration_is_a_usage_error(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "draw", "-o", str(tmp_path), "--configuration", "1", "--only", "seat_machine")
    assert status == 2 and "cannot be combined with --configuration" in err


# --- progress and the words of the verify report -------------------------------------------------
class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_progress_is_shown_on_a_terminal_unless_quiet() -> None:
    from auction_fsm.commands._progress import wants_progress

    def ns(**kw: bool) -> argparse.Namespace:
        return argparse.Namespace(**{"quiet": False, "progress": False, **kw})

    assert wants_progress(ns(), Terminal())
    assert not wants_progress(ns(), io.StringIO())
    assert wants_progress(ns(progress=True), io.StringIO())
    assert not wants_progress(ns(quiet=True), Terminal())
    assert not wants_progress(ns(quiet=True, progress=True), Terminal())


def test_heartbeat_counts_finished_graphs() -> None:
    from auction_fsm.commands._progress import Heartbeat

    stream = io.StringIO()
    with Heartbeat("verify", 3, "graphs", stream, delay=0, interval=60) as beat:
        beat.step("machine table")
        beat.step("configuration legal")
    text = stream.getvalue()
    assert "\rverify: 1 of 3 graphs done (last: machine table)" in text
    assert "\rverify: 2 of 3 graphs done (last: configuration legal)" in text
    assert text.endswith("\n")
    quiet = io.StringIO()
    with Heartbeat("verify", 1, "graphs", quiet, delay=3600) as beat:
        beat.step("machine table")
    assert quiet.getvalue() == ""  # a quick run prints nothing


def test_heartbeat_shows_the_items_still_running_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a worker tells of an unfinished item is shown beside the count of those done, until
    the item is done; on a terminal the line is cut to its width rather than wrapped."""
    from auction_fsm.commands import _progress
    from auction_fsm.commands._progress import Heartbeat

    beat = Heartbeat("verify", 20, "graphs", io.StringIO(), delay=0, interval=60)
    beat.running("all-1-level7-in-C-offender-N", 77_744)
    beat.running("all-1-level7-in-C-offender-E", 39_266)
    assert beat.line().startswith("verify: 0 of 20 graphs done, ")
    assert beat.line().endswith("s; configurations found: all-1-level7-in-C-offender-N 77,744, "
                                "all-1-level7-in-C-offender-E 39,266")
    beat.step("configuration all-1-level7-in-C-offender-N", "all-1-level7-in-C-offender-N")
    assert "offender-N" not in beat.line()
    assert beat.line().endswith("found: all-1-level7-in-C-offender-E 39,266")
    monkeypatch.setattr(_progress, "shutil", argparse.Namespace(get_terminal_size=lambda: os.terminal_size((60, 24))))
    screen = Terminal()
    with Heartbeat("verify", 20, "graphs", screen, delay=0, interval=60) as shown:
        shown.running("all-1-level7-in-C-offender-N", 77_744)
        shown.step("machine table")
    drawn = screen.getvalue().strip("\n").split("\r")[-1].rstrip()
    assert len(drawn) <= 56 and drawn.endswith("...") and drawn.startswith("verify: 1 of 20 graphs done")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_verify_shows_progress_whether_scopes_run_in_turn_or_side_by_side(
        jobs: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """With several scopes in worker processes the live exploration cannot be shown; the
    count of graphs done is, so a long run is never silent."""
    import auction_fsm.commands._progress as progress
    import auction_fsm.graph.progress as graph_progress

    real_heartbeat = progress.Heartbeat.__init__

    def eager(self: Any, *args: Any, **kwargs: Any) -> None:
        real_heartbeat(self, *args, **{**kwargs, "delay": 0})

    monkeypatch.setattr(progress.Heartbeat, "__init__", eager)
    real_progress = graph_progress.Progress.__init__

    def eager_progress(self: Any, *args: Any, **kwargs: Any) -> None:
        real_progress(self, *args, **{**kwargs, "delay": 0, "interval": 0})

    monkeypatch.setattr(graph_progress.Progress, "__init__", eager_progress)
    status, out, err = run(capsys, "verify", "--scope", "legal,declarer-1", "--max-level", "1",
                           "--jobs", jobs, "--progress")
    assert status == 0 and "all checks pass" in out
    if jobs == "2":
        assert "verify: 3 of 3 graphs done" in err
    else:
        assert "configurations" in err
    status, _, err = run(capsys, "verify", "--scope", "legal", "--max-level", "1", "--jobs", jobs,
                         "--progress", "--quiet")
    assert status == 0 and err == ""


def test_an_uncounted_path_total_is_said_in_words() -> None:
    from auction_fsm.graph.checks import GraphReport
    from auction_fsm.graph.verification import format_report

    cyclic = GraphReport("configuration", "insufficient-2", 10, 12, {"dead_ends": 0}, info={"paths": None})
    text = format_report(cyclic)
    assert "None" not in text
    assert "paths from the start to an end: not counted: the graph has a cycle, so there are " \
           "infinitely many" in text
    counted = GraphReport("configuration", "x", 3, 2, {}, info={"paths": 7})
    assert "paths from the start to an end: 7" in format_report(counted)


def test_export_explores_with_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from auction_fsm.graph import configuration

    seen: list[object] = []
    real = configuration.explore

    def spy(space: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("progress"))
        return real(space, **kwargs)

    monkeypatch.setattr(configuration, "explore", spy)
    out = tmp_path / "g.json"
    argv = ["export", "configuration", "--max-level", "1", "-o", str(out)]
    assert main([*argv, "--progress"]) == 0
    assert main([*argv, "--progress", "--quiet"]) == 0
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert main(argv) == 0
    assert [type(p).__name__ for p in seen] == ["Progress", "NoneType", "Progress"]


def test_the_export_formats_listed_for_the_command_are_the_writers() -> None:
    from auction_fsm.commands.export import FORMATS
    from auction_fsm.graph.export import FORMATS as WRITERS

    assert FORMATS == WRITERS


# --- benchmarks answer --help --------------------------------------------------------------------
#: Modules the benchmark scripts import, not scripts themselves.
BENCHMARK_HELPERS = {"naive.py", "workload.py", "scope_check.py"}


@pytest.mark.parametrize("script", sorted(p.name for p in (ROOT / "benchmarks").glob("*.py")
                                          if p.name not in BENCHMARK_HELPERS))
def test_benchmarks_print_help_instead_of_running(script: str) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--help"], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: {script}")
    assert "states/s" not in done.stdout and "calls/s" not in done.stdout  # no table: nothing ran


@pytest.mark.parametrize("script", ["bench_graph.py", "bench_batch.py"])
def test_benchmarks_refuse_an_unknown_option(script: str) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--qiuck"], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 2 and "unrecognized arguments: --qiuck" in done.stderr
