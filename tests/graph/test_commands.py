from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from auction_fsm.cli import main
from auction_fsm.commands import draw, export, verify
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import scope_named, space_for


def _parse(module: object, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    module.register(parser.add_subparsers())  # type: ignore[attr-defined]
    return parser.parse_args(argv)


def test_verify_json_one_object_per_graph(capsys: pytest.CaptureFixture[str]) -> None:
    args = _parse(verify, ["verify", "--scope", "legal", "--json", "--quiet"])
    assert verify.handler(args) == 0
    objs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["graph"] for o in objs] == ["machine", "configuration"]
    for o in objs:
        for key in ("graph", "scope", "states", "edges", "unreachable", "dead_ends", "cannot_finish",
                    "terminal_with_exits", "sink_cycles", "traces"):
            assert key in o
    assert objs[1]["states"] > 3000 and objs[1]["paths"] == objs[1]["paths_expected"]


def test_verify_bounds_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--max-level", "1", "--dealer", "all", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "configuration graph (legal-level1-dealerNESW)" in out and "all checks pass" in out


def test_unknown_scope_is_an_input_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--scope", "nonsense"]) == 2
    assert "unknown scope 'nonsense'" in capsys.readouterr().err


def test_verify_says_the_keys_option_went_rather_than_that_it_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    """``--keys`` chose the configurations' key until the explorer keyed them by the rules'
    declarations alone: a script still passing it is told that, and nothing is explored."""
    assert main(["verify", "--scope", "insufficient-1", "--keys", "declared"]) == 2
    err = capsys.readouterr().err
    assert "--keys declared is no longer an option" in err and "leave it out" in err


@pytest.mark.parametrize("jobs", ["0", "-2", "two"])
def test_jobs_below_one_is_an_input_error(jobs: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--jobs", jobs]) == 2
    assert f"--jobs: expected a whole number of at least 1, got '{jobs}'" in capsys.readouterr().err


def test_export_writes_files(tmp_path: Path) -> None:
    for fmt in ("json", "graphml", "dot", "mermaid"):
        out = tmp_path / f"m.{fmt}"
        assert export.handler(_parse(export, ["export", "machine", "-o", str(out), "-f", fmt])) == 0
        assert out.stat().st_size > 1000
    assert main(["export", "configuration", "--max-level", "7", "-f", "mermaid"]) == 2


def test_draw_writes_pngs(tmp_path: Path) -> None:
    assert draw.handler(_parse(draw, ["draw", "-o", str(tmp_path), "--only", "seat_machine"])) == 0
    png = tmp_path / "seat_machine.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert draw.handler(_parse(draw, ["draw", "-o", str(tmp_path), "--configuration", "1",
                                      "--max-level", "1"])) == 0
    assert any(p.name.startswith("configuration_") for p in tmp_path.iterdir())


def test_the_configuration_picture_is_the_same_in_every_run(tmp_path: Path) -> None:
    """Columns list configurations in discovery order, not in the order of a set of node names
    (which changes with Python's per-process string hashing)."""
    pictures = []
    for seed in ("1", "2"):
        out = tmp_path / seed
        subprocess.run([sys.executable, "-m", "auction_fsm", "draw", "-o", str(out), "--configuration",
                        "2", "--max-level", "1"], check=True, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": seed})
        pictures.append((out / "configuration_legal-level1_2.png").read_bytes())
    assert pictures[0] == pictures[1]


def test_an_unknown_export_suffix_is_an_input_error(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "graph.xyz"
    assert main(["export", "machine", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert f"graph format error: cannot tell the graph format of {str(target)!r}" in err
    assert not target.exists()


def test_verify_without_tables_gives_the_same_graph(capsys: pytest.CaptureFixture[str]) -> None:
    """``--no-tables`` asks the book's classifier and guards at every configuration instead of
    looking their decisions up (lawbook/selection_table.py): the same configurations, edges and
    verdicts, so a user who doubts the tables can check them from the command line."""
    found = []
    for extra in ([], ["--no-tables"]):
        assert main(["verify", "--scope", "exposure-1", "--no-machine", "--json", "--quiet", "--jobs", "1",
                     *extra]) == 0
        (obj,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        found.append({k: obj[k] for k in ("states", "edges", "dead_ends", "cannot_finish", "terminal_with_exits")})
    assert found[0] == found[1] and found[0]["states"] == 3_304


def test_scope_without_tables_builds_a_space_asking_the_book() -> None:

    plain, asked = space_for(scope_named("exposure-1")), space_for(scope_named("exposure-1").narrowed(tables=False))
    assert isinstance(plain, IrregularSpace) and isinstance(asked, IrregularSpace)
    assert plain.tables is not None and asked.tables is None
