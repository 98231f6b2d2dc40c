"""The file API a bridge programmer types (issue 40, item 5): ``lin.dumps(board)`` as
``pbn.dumps(board)``, ``strict=True`` raising for garbage, and the same verdict for the same
board in PBN and LIN; and ``plain`` PBN (``convert --plain``), which keeps what a plain auction
section cannot hold in a comment our reader restores."""

from __future__ import annotations

from pathlib import Path

import pytest

from auction_fsm import lin, pbn
from auction_fsm.board_check import check_board
from auction_fsm.cli import main
from auction_fsm.errors import BoardFileError, LinSyntaxError, PbnSyntaxError
from auction_fsm.scenario import load_scenario

from .helpers import REPO

DEAL = '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
MD = "md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98|sv|o|"


def test_lin_dumps_takes_one_board_as_pbn_dumps_does() -> None:
    (board,) = pbn.loads('[Dealer "N"]\n[Auction "N"]\n1NT Pass 3NT AP\n')
    assert lin.dumps(board) == lin.dumps([board])
    assert lin.loads(lin.dumps(board))[0].calls[2].call.text == "3NT"
    scenario = load_scenario(REPO / "examples" / "01-1nt-3nt.json")
    assert lin.dumps(scenario) == lin.dumps([scenario])


@pytest.mark.parametrize("garbage", ["hello world", "{not json", "xx", b"\x00\x01binary"])
def test_pbn_loads_of_garbage_with_strict_raises(garbage: str | bytes) -> None:
    assert pbn.loads(garbage) == []  # not strict: no board
    with pytest.raises(BoardFileError, match="not a board file: no PBN tag"):
        pbn.loads(garbage, strict=True)


def test_strict_loads_of_an_empty_text_or_headers_only_is_no_board_and_no_error() -> None:
    assert pbn.loads("", strict=True) == [] and pbn.loads("  \n", strict=True) == []
    assert pbn.loads('[Event "header only"]\n', strict=True) == []
    with pytest.raises(PbnSyntaxError, match="broken tag"):
        pbn.loads("[[[[", strict=True)


def test_lin_loads_of_garbage_with_strict_raises() -> None:
    with pytest.raises(BoardFileError, match="none of the LIN keys"):
        lin.loads("xx|yy|", strict=True)
    with pytest.raises(LinSyntaxError, match="cannot read 'hello world'"):
        lin.loads("hello world", strict=True)


@pytest.mark.parametrize("pbn_text, lin_text, verdict", [
    ('[Dealer "N"]\n' + DEAL, MD + "pg||", "no auction"),
    ('[Dealer "N"]\n' + DEAL + '[Auction "N"]\n', MD + "pg||", "no auction"),
    ('[Dealer "N"]\n' + DEAL + '[Auction "N"]\n1NT Pass\n', MD + "mb|1N|mb|p|pg||", "incomplete"),
    ('[Dealer "N"]\n' + DEAL + '[Auction "N"]\n1NT AP\n', MD + "mb|1N|mb|p|mb|p|mb|p|pg||", "legal"),
])
def test_the_same_board_gets_the_same_verdict_in_pbn_and_lin(pbn_text: str, lin_text: str, verdict: str) -> None:
    (from_pbn,) = pbn.loads(pbn_text)
    (from_lin,) = lin.loads(lin_text)
    assert check_board(from_pbn).verdict == check_board(from_lin).verdict == verdict
    (converted,) = lin.loads(lin.dumps(from_pbn))
    (back,) = pbn.loads(pbn.dumps(from_lin))
    assert check_board(converted).verdict == check_board(back).verdict == verdict


def test_a_plain_file_keeps_an_irregular_auction_in_a_comment_and_reads_it_back() -> None:
    scenario = load_scenario(REPO / "examples" / "out-of-rotation-31A1.json")
    text = pbn.dumps(scenario, plain=True).replace("\r\n", "\n")
    section = text.split('[Auction "')[1].split("\n", 1)[1]
    assert "{" not in section and "^" not in section
    assert "{auction-fsm: auction [" in text.split("[Event")[0]
    (board,) = pbn.loads(text, strict=True)
    assert board.to_scenario().events == scenario.events and board.warnings == []
    assert pbn.dumps(board) == pbn.dumps(scenario)  # read back, it writes as the scenario does


def test_a_plain_legal_board_gets_no_comment_and_a_leading_dash_goes() -> None:
    (board,) = pbn.loads('[Dealer "E"]\n[Auction "N"]\n- 1S Pass 2S\nPass Pass Pass\n')
    text = pbn.dumps(board, plain=True)
    assert "auction-fsm: auction" not in text and '[Auction "E"]\r\n1S Pass 2S Pass\r\nPass Pass\r\n' in text
    assert pbn.dumps(board) == text  # the export format's layout by default too (§3.5)


def test_a_plain_section_edited_elsewhere_is_noted_and_the_kept_auction_read() -> None:
    scenario = load_scenario(REPO / "examples" / "insufficient-bid-27B2.json")
    head, section = pbn.dumps(scenario, plain=True).split('[Auction "N"]')
    text = head + '[Auction "N"]' + section.replace("4H Pass Pass Pass", "4S Pass Pass Pass")
    (board,) = pbn.loads(text)
    assert board.to_scenario().events == scenario.events
    assert any("differ from the auction kept" in w for w in board.warnings)


def test_a_broken_kept_auction_is_an_error_naming_the_comment() -> None:
    scenario = load_scenario(REPO / "examples" / "insufficient-bid-27B2.json")
    text = pbn.dumps(scenario, plain=True).replace('["N", "1H Pass', '["N", "1H Pazz')
    (board,) = pbn.loads(text)
    assert isinstance(board.error, PbnSyntaxError)
    assert "cannot read call 'Pazz'" in str(board.error) and "{auction-fsm: auction ...} comment" in str(board.error)


def test_convert_plain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = REPO / "examples" / "lead-out-of-turn-54D.json"
    out, back = tmp_path / "o.pbn", tmp_path / "o.json"
    assert main(["convert", "--plain", str(source), str(out)]) == 0
    assert main(["convert", str(out), str(back)]) == 0
    assert load_scenario(back).events == load_scenario(source).events
    assert main(["convert", "--plain", str(source), str(tmp_path / "o.lin")]) == 2
    assert "--plain shapes PBN output" in capsys.readouterr().err
