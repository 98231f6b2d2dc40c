"""The reproducers of ../shared/regressions/files (F03-F18), each kept here: the small inputs
are copied into tests/files/regressions, the large ones (quadratic readers) are generated.

Each must give the right result or one clear line naming file, board and place (exit 2),
never an internal error (exit 70).  Their speed is measured in benchmarks/bench_files.py, not
asserted here; a reader gone quadratic again would make these tests take minutes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auction_fsm import lin, pbn
from auction_fsm.cli import main
from auction_fsm.lawbook.restrictions import eligible_suits
from auction_fsm.scenario import load_scenario

HERE = Path(__file__).resolve().parent / "regressions"
DIGITS = "9" * 4301
HEAD = '[Dealer "N"]\n[Auction "N"]\n'


def _check(tmp_path: Path, name: str, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    status = main(["check", str(path)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("name, text, fragment", [
    ("F04a.pbn", HEAD + f"1C ={DIGITS}= Pass Pass Pass\n", "note reference"),
    ("F04b.pbn", HEAD + f"1C {{c}} ={DIGITS}= Pass Pass Pass\n", "note reference"),
    ("F04c.pbn", HEAD + f"1C ${DIGITS} Pass Pass Pass\n", "NAG"),
    ("F04e.pbn", HEAD + f"1C {{auction-fsm: explain S {DIGITS}}} Pass Pass Pass\n", "not a call number"),
    ("F18.pbn", HEAD + "1NT Pass " + "x" * 100_000 + "\n", "cannot read call"),
])
def test_numbers_of_thousands_of_digits_and_long_tokens_are_input_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, fragment: str) -> None:
    status, out, err = _check(tmp_path, name, text, capsys)
    assert status == 2
    (line,) = err.splitlines()
    assert line.startswith("auction-fsm: pbn syntax error: ") and f"{name}, board ? (game 1), line 3" in line
    assert fragment in line and len(line) < 400  # a bounded excerpt of the token, not all of it
    assert "unreadable" in out and max(len(v) for v in out.splitlines()) < 500


def test_a_note_tag_of_thousands_of_digits_is_kept_as_written(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _check(tmp_path, "F04d.pbn", HEAD + f'1C =1= Pass Pass Pass\n[Note "{DIGITS}:x"]\n', capsys)
    assert status == 0 and "legal; 1C by N" in out


@pytest.mark.parametrize("name, text, verdict", [
    ("F12a.pbn", '[Event "x"]\n' + HEAD + "1C Pass Pass Pass\n" + ";" * 40_000 + "\n", "legal; 1C by N"),
    ("F12b.pbn", '[Event "x"]\n' + HEAD + "1C Pass Pass Pass\n" + "{" * 40_000 + "\n", "unreadable"),
    ("F13.pbn", '[Event "x"]\n' + HEAD + "1C " + "{}" * 40_000 + "\n", "incomplete"),
    ("F14.pbn", '[Event "x"]\n' + HEAD + "1NT Pass 3NT AP\n" + "{\n\n" * 50_000 + "}\n", "legal; 3NT by N"),
    ("F15.lin", "md|3SAKQHAKQDAKQCAKQJ,,,|sv|o|mb|1N|mb|p|mb|p|mb|p|pg||" + " " * 40_000, "legal; 1NT by N"),
])
def test_worst_cases_of_the_readers(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str,
                                    verdict: str) -> None:
    status, out, err = _check(tmp_path, name, text, capsys)
    assert verdict in out
    assert status == (2 if verdict == "unreadable" else 0)
    assert len(err) < 400


def test_many_comments_after_a_call_are_all_kept() -> None:
    (board,) = pbn.loads(HEAD + "1C" + " {c}" * 1000 + " Pass $1 $2\n")
    assert board.calls[0].comments == ("{c}",) * 1000 and board.calls[1].nags == (1, 2)


def test_F03_a_passed_out_board_whose_hands_were_returned_converts(tmp_path: Path) -> None:
    source = HERE / "convert_hands_returned_to_pbn.json"
    out, back = tmp_path / "o.pbn", tmp_path / "o.json"
    assert main(["convert", str(source), str(out)]) == 0
    assert main(["convert", str(out), str(back)]) == 0
    assert load_scenario(back).events == load_scenario(source).events
    assert main(["check", str(source)]) == 0


def test_F09_pbn_keeps_what_a_call_specified(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = HERE / "convert_pbn_drops_specifies.json"
    out, back = tmp_path / "o.pbn", tmp_path / "o.json"
    assert main(["convert", str(source), str(out)]) == 0
    assert "{auction-fsm: shows C D H}" in out.read_text(encoding="utf-8")
    assert main(["convert", str(out), str(back)]) == 0
    before, after = load_scenario(source).simulate().state, load_scenario(back).simulate().state
    assert load_scenario(back).events == load_scenario(source).events
    assert before == after
    (right,) = after.restrictions
    assert [s.name for s in eligible_suits(after, right)] == ["S"]  # 26B: E's 2D showed C, D, H
    capsys.readouterr()
    assert main(["convert", str(source), str(tmp_path / "o.lin")]) == 2  # LIN cannot hold the director
    assert "LIN cannot hold" in capsys.readouterr().err


def test_F10_lin_to_pbn_writes_the_deal_dealer_and_vulnerability(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    source = HERE / "convert_lin_to_pbn_loses_deal.lin"
    assert main(["convert", str(source), "-", "--to", "pbn"]) == 0
    text = capsys.readouterr().out
    for tag in ('[Dealer "S"]', '[Vulnerable "None"]', '[Board "1"]', '[South "ann"]', '[Contract "3NT"]',
                '[Deal "S:953.QJT963.K.KJ8 QT2.7.Q9852.Q932 764.A42.JT.AT754 AKJ8.K85.A7643.6"]'):
        assert tag in text
    assert "[md " not in text and '[Vulnerable "o"]' not in text
    (board,) = pbn.loads(text)
    again = lin.dumps([board])
    original = source.read_text(encoding="utf-8").strip()
    pairs = original.split("|")
    for key, value in zip(pairs[::2], pairs[1::2], strict=False):
        assert f"{key}|{value}|" in again  # every field of the LIN file comes back


def test_F11_titles_and_descriptions_survive_pbn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = HERE / "convert_title_newline_and_hash_description.json"
    out, back = tmp_path / "t.pbn", tmp_path / "t.json"
    assert main(["convert", str(source), str(out)]) == 0
    assert main(["check", str(out)]) == 0
    assert main(["convert", str(out), str(back)]) == 0
    doc, again = (json.loads(p.read_text(encoding="utf-8")) for p in (source, back))
    assert (again["title"], again["description"]) == (doc["title"], doc["description"])
    for padded in ("  padded  ", "#", "?"):
        scenario = load_scenario(source)
        scenario = type(scenario)(scenario.dealer, scenario.events, scenario.vulnerability, padded, padded)
        (board,) = pbn.loads(pbn.dumps([scenario]))
        assert (board.to_scenario().title, board.to_scenario().description) == (padded, padded)


def test_fuzz_F18_check_of_a_scenario_keeps_what_each_call_specified(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """docs/fuzz-findings.md F18: North's 1C out of rotation showed diamonds, so declarer may bar
    clubs (26B); ``check`` must rule the file's own events as ``replay`` does, not a natural 1C."""
    events = [{"type": "call", "seat": "N", "call": "1C", "specifies": ["D"]},
              {"type": "call", "seat": "E", "call": "1NT"}, {"type": "call", "seat": "S", "call": "P"},
              {"type": "call", "seat": "W", "call": "P"}, {"type": "call", "seat": "N", "call": "9H"},
              {"type": "director"}, {"type": "choice", "seat": "E", "option": "prohibit_C"}]
    text = json.dumps({"format": "auction-fsm-scenario", "version": 1, "dealer": "W", "events": events})
    status, out, _ = _check(tmp_path, "F18.json", text, capsys)
    assert status == 0 and ": irregular;" in out and "illegal" not in out


# --- found on main at 0a45cb4 (../shared/regressions/files/README.md), copied here; that endplay
# reads what we write of them is tested in test_endplay_reads_ours.py ---------------------------
def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _two_boards(tmp_path: Path, name: str) -> Path:
    """The reproducer, then a good board after it: the good one must still be read."""
    good = "md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98|sv|o|mb|1N|mb|p|mb|p|mb|p|pg||\n"
    path = tmp_path / name
    path.write_text((HERE / name).read_text(encoding="utf-8").strip() + "\n" + good, encoding="utf-8")
    return path


@pytest.mark.parametrize("name, card", [("lin_play_card_bad_rank.lin", "'DX'"),
                                        ("lin_play_card_one_letter.lin", "'D'")])
def test_G01ab_a_lin_play_card_that_is_no_card_makes_its_board_unreadable(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, card: str) -> None:
    path = _two_boards(tmp_path, name)
    status, out, err = _run(["check", str(path)], capsys)
    assert status == 2
    (line,) = err.splitlines()
    assert line.startswith("auction-fsm: lin syntax error: ") and f"{name}, board ? (game 1)" in line
    assert f"cannot read card {card} in pc" in line
    assert "1 legal, 1 unreadable" in out  # the file is not lost: the next board is read
    status, out, _ = _run(["check", "--json", str(path)], capsys)
    assert status == 2 and json.loads(out)["summary"]["legal"] == 1
    status, _, err = _run(["convert", str(path), str(tmp_path / "o.pbn")], capsys)
    assert status == 2 and card in err
    (board,) = pbn.load(tmp_path / "o.pbn")
    assert board.error is None and [wc.call.text for wc in board.calls] == ["1NT", "P", "P", "P"]


def test_G01c_a_pbn_play_card_that_is_no_card_is_a_conversion_error_naming_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["convert", str(HERE / "pbn_play_bad_card_to_lin.pbn"), str(tmp_path / "o.lin")], capsys)
    assert status == 2
    (line,) = err.splitlines()
    assert line.startswith("auction-fsm: conversion error: ") and "board 1 (game 1)" in line and "'SX'" in line
    status, _, _ = _run(["check", str(HERE / "pbn_play_bad_card_to_lin.pbn")], capsys)
    assert status == 0  # the auction is legal; the play is outside the model


def test_unalerted_an_keeps_the_mark_out_of_the_auction_section(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "o.pbn"
    assert main(["convert", str(HERE / "unalerted_an.lin"), str(out)]) == 0
    text = out.read_bytes().decode("utf-8")
    auction = text.split('[Auction "N"]')[1].split("[Note")[0]
    assert "{" not in auction and auction.split() == ["1NT", "=1=", "Pass", "Pass", "Pass"]
    assert '[Note "1:15-17"]\r\n{auction-fsm: unalerted}' in text
    (board,) = pbn.loads(text)
    assert board.calls[0].unalerted and not board.calls[0].alert
    assert "mb|1N|an|15-17|" in lin.dumps(board)  # back to LIN: explained, still not alerted
    (again,) = pbn.loads(pbn.dumps(board))
    assert again.calls[0].unalerted  # PBN to PBN keeps it too


def test_nonames_every_lin_board_has_pn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "o.lin"
    assert main(["convert", str(HERE / "nonames.pbn"), str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("pn|,,,|")


def test_names_leak_no_board_takes_the_names_of_the_board_before(tmp_path: Path) -> None:
    out, back = tmp_path / "o.lin", tmp_path / "back.pbn"
    assert main(["convert", str(HERE / "names_leak.pbn"), str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("pn|Sue,Wanda,Nick,Ed|qx|o1|") and lines[1].startswith("pn|,,,|qx|o2|")
    assert main(["convert", str(out), str(back)]) == 0
    first, second = pbn.load(back)
    assert first.tags["South"] == "Sue" and second.tags.get("South", "") == ""


def test_play_no_contract_tag_lays_out_the_play_from_the_auction(tmp_path: Path) -> None:
    """4S by East (no Contract tag): South leads C9, dummy's CJ wins, so West leads the next
    trick: the play order is W, N, E, S there, not the row's S, W, N, E."""
    out = tmp_path / "o.lin"
    assert main(["convert", str(HERE / "play_no_contract_tag.pbn"), str(out)]) == 0
    cards = [pair.split("|")[0] for pair in out.read_text(encoding="utf-8").split("pc|")[1:]]
    assert cards == ["C9", "CJ", "C2", "C7", "SQ", "S4", "S2", "SK"]
    (board,) = lin.load(out)
    assert board.tags["Contract"] == "4S" and board.tags["Declarer"] == "E"
    (written,) = pbn.load(HERE / "play_no_contract_tag.pbn")
    text = pbn.dumps(written)
    assert '[Contract "4S"]' in text and '[Declarer "E"]' in text  # for readers that follow the play


def test_play_one_card_an_unfinished_trick_is_padded(tmp_path: Path) -> None:
    out = tmp_path / "o.pbn"
    assert main(["convert", str(HERE / "play_one_card.pbn"), str(out)]) == 0
    text = out.read_bytes().decode("utf-8")
    assert text.endswith('[Play "E"]\r\nH7 - - -\r\n')
    (board,) = pbn.load(out)
    assert board.play is not None and board.play.opening_lead == "H7"


@pytest.mark.parametrize("pair, words", [
    ("sv|zz|", "cannot read vulnerability 'zz' in sv"),
    ("pc|ZZ|", "cannot read card 'ZZ' in pc"),
    ("mc|99|", "cannot read '99' in mc: expected the number of tricks claimed, 0 to 13"),
])
def test_bad_values_a_bad_lin_value_makes_the_board_unreadable(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               pair: str, words: str) -> None:
    text = "md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98|sv|o|mb|1N|mb|p|mb|p|mb|p|pc|S2|"
    status, out, err = _check(tmp_path, "v.lin", text + pair, capsys)
    assert status == 2 and "unreadable" in out and words in err


def test_bad_values_file_is_unreadable_and_an_unknown_key_is_a_warning(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(["check", str(HERE / "bad_values.lin")], capsys)
    assert status == 2 and "unreadable" in out and "'zz'" in err
    (board,) = lin.loads("md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98|mb|1N|mb|p|mb|p|mb|p|xx|yy|")
    assert board.error is None and board.warnings == ["unknown LIN key 'xx' (value 'yy') kept as written"]


def test_hugenote_plain_wording(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["check", str(HERE / "hugenote.pbn")], capsys)
    assert status == 2
    assert ("note reference '99999999999999999999' is too long: a note reference has at most 9 digits"
            in err.splitlines()[0])


def test_mixed_says_readable_boards_of_all(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["convert", str(HERE / "mixed.pbn"), str(tmp_path / "o.json")], capsys)
    assert status == 2
    assert "this file has 2 readable boards of 3; choose one with --board N" in err
    assert "board 2 (game 2), line 16, column 9: cannot read call 'all'" in err
