"""endplay (a second PBN reader, not a dependency) reads the PBN we write: scenarios, LIN
converted to PBN with its deal, alerts and play, and real files written back.  Skipped when
endplay is not installed (``pip install endplay`` in the test environment to run it)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from auction_fsm import lin, pbn
from auction_fsm.events import CallEvent
from auction_fsm.scenario import Scenario

from .helpers import CORPUS, corpus_files

endplay_pbn: Any = pytest.importorskip("endplay.parsers.pbn")

VUGRAPH = (
    "vg|Final,Segment 1,I,1,8,Home,0,Away,0|rs|3NN=,3NS-1|pn|oS,oW,oN,oE,cS,cW,cN,cE|pg||\n"
    "qx|o1|md|3SAKQ2HAKQDAKQCAKQ,S3HJT98DJT98CJT98,S54H765D765C76543,|sv|b|mb|2C!|an|strong\n|mb|p|"
    "mb|2D|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|S3|pc|S4|pc|SA|pc|S6|pc|HA|pc|H8|pc|H5|pc|H2|mc|12|pg||\n"
    "qx|c1|md|3SAKQ2HAKQDAKQCAKQ,S3HJT98DJT98CJT98,S54H765D765C76543,|sv|b|mb|3N|mb|p|mb|p|mb|p|pg||\n")
# Small real files of several producers that endplay itself reads.
SAMPLES = ("dominicprice_endplay__example1.pbn", "lorserker_ben__1H-3N.pbn", "dominicprice_endplay__example4.pbn",
           "Rick-Wilson_pbn-to-pdf__Drury.pbn", "jarekczek_pbntools__history_expected.pbn",
           "lorserker_ben__Unusual 4NT.pbn")


def _endplay(text: str) -> list[Any]:
    return list(endplay_pbn.load(io.StringIO(text.replace("\r\n", "\n"))))


def _calls(board: Any) -> list[str]:
    """A board's calls as endplay reads them, without alert marks (ours are notes)."""
    return [str(c).rstrip("!*") for c in board.auction]


def test_endplay_reads_a_scenario_we_write() -> None:
    calls = zip("NESWNE", ["1NT", "P", "3NT", "P", "P", "P"], strict=True)
    scenario = Scenario("N", tuple(CallEvent(s, c) for s, c in calls), "EW", "a title")  # type: ignore[arg-type]  # text accepted at run time
    (board,) = _endplay(pbn.dumps([scenario]))
    assert board.board_num == 1
    assert len(board.auction) == 6 and str(board.contract).startswith("3NT")


def test_endplay_reads_lin_converted_to_pbn() -> None:
    boards = lin.loads(VUGRAPH, "vg.lin")
    assert [b.error for b in boards] == [None, None]
    assert [b.tags["South"] for b in boards] == ["oS", "cS"]  # the closed room's players
    open_room, closed_room = _endplay(pbn.dumps(boards))
    assert (open_room.board_num, closed_room.board_num) == (1, 1)
    assert open_room.deal.to_pbn() == boards[0].deal.to_pbn(boards[0].dealer)  # type: ignore[arg-type, union-attr]
    assert open_room.auction[0].alertable and open_room.auction[0].announcement == "strong"
    assert [str(c) for c in open_room.play] == ["♠3", "♠4", "♠A", "♠6", "♥A", "♥8", "♥5", "♥2"]
    assert open_room.contract.result == 3  # 12 tricks claimed in 3NT (mc|12|)
    assert open_room.info["South"] == "oS" and closed_room.info["South"] == "cS"


@pytest.mark.parametrize("name", SAMPLES)
def test_endplay_reads_real_files_as_we_write_them_back(name: str) -> None:
    corpus_files()  # skips when the corpus is absent
    path = CORPUS / name
    with open(path, encoding="utf-8", errors="replace") as fp:
        original = endplay_pbn.load(fp)
    ours = _endplay(pbn.dumps([b for b in pbn.load(Path(path)) if b.error is None]))
    assert [_calls(b) for b in ours if b.auction] == [_calls(b) for b in original if b.auction]
    assert [b.deal.to_pbn() for b in ours] == [b.deal.to_pbn() for b in original]
