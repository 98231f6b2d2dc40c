"""``auction-fsm check`` and ``auction-fsm convert`` end to end, on files written here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auction_fsm import lin
from auction_fsm.cli import main
from auction_fsm.scenario import load_scenario

from .helpers import REPO, game

EXAMPLE = REPO / "examples" / "insufficient-bid-27B2.json"


def test_check_pbn_lin_and_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "a.pbn"
    p.write_text(game("1C AP", extra='[Declarer "N"]\n[Contract "1C"]\n') + "\n" + game("1D ^I 1C AP", dealer="W"))
    lin = tmp_path / "b.lin"
    lin.write_text("md|3,,,|sv|o|mb|1C|mb|p|mb|p|mb|p|")
    assert main(["check", str(p), str(lin), str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "legal; 1C by N; tags agree" in out and "irregular" in out
    assert "3 of 3 file(s) read, 4 board(s)" in out


def test_check_exit_status_and_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "bad.pbn"
    p.write_text(game("1C or 1D") + "\n" + game("1C 1D"))
    assert main(["check", str(p)]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("auction-fsm: pbn syntax error: ") and "'or'" in captured.err
    q = tmp_path / "illegal.pbn"
    q.write_text(game("1S 1C ^S Pass"))  # 1C waits for South, who is skipped
    assert main(["check", "--json", str(q)]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["illegal"] == 1
    assert "27A1" in doc["files"][0]["boards"][0]["error"]["message"]


def test_convert_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_pbn = tmp_path / "x.pbn"
    back = tmp_path / "x.json"
    assert main(["convert", str(EXAMPLE), str(out_pbn)]) == 0
    assert main(["convert", str(out_pbn), str(back)]) == 0
    assert load_scenario(back).events == load_scenario(EXAMPLE).events


def test_convert_refuses_what_lin_cannot_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(EXAMPLE), str(tmp_path / "x.lin")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("auction-fsm: conversion error: ") and "LIN cannot hold" in err


def test_convert_many_boards_to_json_needs_a_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "two.pbn"
    p.write_text(game("1C AP") + "\n" + game("1D AP"))
    assert main(["convert", str(p), str(tmp_path / "o.json")]) == 2
    assert "--board" in capsys.readouterr().err
    assert main(["convert", "--board", "2", str(p), str(tmp_path / "o.json")]) == 0
    assert [e.call.text for e in load_scenario(tmp_path / "o.json").events][:1] == ["1D"]  # type: ignore[union-attr]
    assert main(["convert", str(p), str(tmp_path / "o.lin")]) == 0
    assert [len(b.calls) for b in lin.loads((tmp_path / "o.lin").read_text())] == [4, 4]
