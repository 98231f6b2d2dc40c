"""``check`` refuses what is no board file, and ``convert`` goes board by board (issue 20,
items 4 and 5): each problem one line naming the file (and the board), exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from auction_fsm.cli import main

from .helpers import game

LIN_BOARD = "md|3SAKQHAKQDAKQCAKQJ,,,|sv|o|mb|1N|mb|p|mb|p|mb|p|pg||\n"


@pytest.mark.parametrize("name, data, fragment", [
    ("notes.txt", b"hello world\nthis is text\n", "no PBN tag"),
    ("picture.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary data"),
    ("board.json", b"not json at all", "not a scenario file"),
    ("movie.lin", b"xx|garbage|yy|zz|", "none of the LIN keys"),
])
def test_what_is_no_board_file_is_an_error_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     name: str, data: bytes, fragment: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    assert main(["check", str(path)]) == 2
    captured = capsys.readouterr()
    (line,) = captured.err.splitlines()
    assert line.startswith(f"auction-fsm: board file error: {path}: ") and fragment in line
    assert "0 of 1 file(s) read" in captured.out


def test_a_valid_file_without_boards_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "header.pbn"
    path.write_text('% PBN 2.1\n[Event "a header only"]\n[Site "x"]\n', encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert "1 of 1 file(s) read, 0 board(s)" in capsys.readouterr().out


def test_the_error_line_and_the_verdict_line_name_the_same_game(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.pbn"
    header = '[Event "header, no board"]\n'
    path.write_text(header + "\n" + game("1C AP") + "\n" + game("1C or 1D"), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    captured = capsys.readouterr()
    assert "(game 3)" in captured.err
    assert any("(game 3)" in line and "unreadable" in line for line in captured.out.splitlines())


def test_convert_goes_board_by_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "mixed.pbn"
    source.write_text(game("1C AP") + "\n" + game("1C or 1D") + "\n" + game("1S AP", dealer="E"), encoding="utf-8")
    out = tmp_path / "out.lin"
    assert main(["convert", str(source), str(out)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "mixed.pbn, board 1 (game 2), line" in line and "'or'" in line
    written = out.read_text(encoding="utf-8").splitlines()
    assert len(written) == 2 and "mb|1C|" in written[0] and "mb|1S|" in written[1]
    assert main(["convert", "--board", "3", str(source), str(tmp_path / "three.json")]) == 0


def test_convert_to_lin_skips_only_the_boards_lin_cannot_hold(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "two.pbn"
    source.write_text(game("1C AP") + "\n" + game("1D {auction-fsm: S review} AP", dealer="W"),
                      encoding="utf-8")
    out = tmp_path / "two.lin"
    assert main(["convert", str(source), str(out)]) == 2
    assert "LIN cannot hold" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8").count("md|") == 1


def test_lin_players_go_to_the_right_board() -> None:
    from auction_fsm import lin

    robot = "".join(f"pn|s{i},w{i},n{i},e{i}|qx|o{i}|{LIN_BOARD}" for i in (1, 2, 3))
    assert [b.tags["South"] for b in lin.loads(robot)] == ["s1", "s2", "s3"]
    vugraph = "pn|oS,oW,oN,oE,cS,cW,cN,cE|" + "".join(f"qx|{room}1|{LIN_BOARD}" for room in "oc")
    assert [(b.tags["Room"], b.tags["South"], b.tags["East"]) for b in lin.loads(vugraph)] == [
        ("Open", "oS", "oE"), ("Closed", "cS", "cE")]
    (board,) = lin.loads("sv|o\n|md|3SAKQHAKQDAKQCAKQJ,,,|ah|Board 7\n|mb|1N|mb|p|mb|p|mb|p|")
    assert board.vulnerability == "None" and board.number == "7"
