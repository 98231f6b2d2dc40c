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
