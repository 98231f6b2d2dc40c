"""endplay (0.5.12, a second reader, in the test extra) reads the PBN and LIN we write:
scenarios, LIN converted to PBN with its deal, alerts and play, real files written back, every
legal-auction board of the corpus as PBN and LIN, and with ``plain=True`` every board, irregular
ones included.  Skipped when endplay is not installed; the corpus tests when ../shared is absent.

What endplay cannot read whatever we write is named in each test (and in docs/file-formats.md):
a tag value it cannot parse (``[Result "NS 11"]``, ``[Board "4-1"]``), a LIN deal of fewer than
three hands, a LIN play that stops inside a trick with no tricks claimed."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path
from typing import Any

import pytest

from auction_fsm import lin, pbn
from auction_fsm.board_files import read_path
from auction_fsm.boards import Board
from auction_fsm.errors import ConversionError
from auction_fsm.events import CallEvent
from auction_fsm.scenario import Scenario, load_scenario

from .endplay_reads_corpus import (
    calls_of,
    endplay_readers,
    endplay_reads_source_game,
    legal_boards,
    read_back,
)
from .helpers import CORPUS, REPO, corpus_files

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
READ_PBN, READ_LIN = endplay_readers()


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


def test_endplay_reads_a_vugraph_we_write_as_lin_with_each_rooms_players() -> None:
    boards = lin.loads(VUGRAPH, "vg.lin")
    open_room, closed_room = READ_LIN(lin.dumps(boards))
    assert calls_of(open_room) == ["2C", "P", "2D", "P", "3NT", "P", "P", "P"]
    assert (open_room.info["South"], closed_room.info["South"]) == ("oS", "cS")
    assert open_room.auction[0].announcement == "strong"


@pytest.mark.parametrize("name", SAMPLES)
def test_endplay_reads_real_files_as_we_write_them_back(name: str) -> None:
    corpus_files()  # skips when the corpus is absent
    path = CORPUS / name
    with open(path, encoding="utf-8", errors="replace") as fp:
        original = endplay_pbn.load(fp)
    ours = _endplay(pbn.dumps([b for b in pbn.load(Path(path)) if b.error is None]))
    assert [_calls(b) for b in ours if b.auction] == [_calls(b) for b in original if b.auction]
    assert [b.deal.to_pbn() for b in ours] == [b.deal.to_pbn() for b in original]


def _tags_endplay_refuses(board: Board) -> bool:
    """True when endplay refuses the board's tags alone (``[Result "NS 11"]``, ``[Board
    "4-1"]``, ``[Vulnerable "Love"]``, ``[Declarer "^S"]``): no auction or play we write helps."""
    tags = {k: v for k, v in board.tags.items() if k not in ("Auction", "Play")}
    bare = dataclasses.replace(board, tags=tags, auction_seat=None, calls=[], play=None, notes={})
    try:
        _endplay(pbn.dumps(bare))
    except Exception:  # noqa: BLE001 - endplay's failure, of whatever type, is the answer
        return True
    return False


def _numberless_notes(board: Board) -> bool:
    """A Note tag that is not ``<number>:<text>`` (kept as written, with a warning): endplay
    refuses it, and PBN does not allow it (§3.5.5)."""
    return any(number < 0 for number in board.notes)


def test_endplay_reads_every_legal_corpus_board_we_write_as_pbn() -> None:
    """Every board of the corpus whose auction is legal, written as PBN, is read by endplay
    with our calls, whenever endplay reads the board as the corpus file gives it; and with its
    own NAGs left out (PBN's export format writes a suffix such as ``7H?`` as ``$2``, which
    endplay does not read; ``plain`` moves it out, see the next test)."""
    unread = []
    for path in corpus_files():
        legal = legal_boards(path)
        if not legal or read_back(pbn.dumps(legal), legal, READ_PBN) is None:
            continue
        for b in legal:
            problem = read_back(pbn.dumps(b), [b], READ_PBN)
            if problem and endplay_reads_source_game(path, b, READ_PBN) and not any(wc.nags for wc in b.calls):
                unread.append((path.name, b.index, problem))
    assert unread == []


def test_endplay_reads_every_corpus_board_we_write_as_plain_pbn_and_we_read_it_back() -> None:
    """``plain=True``: endplay reads every readable board of the corpus (irregular auctions, the
    §3.9 test files, comments and NAGs included) with the calls that stand, unless it refuses
    the board's tag values alone or a Note tag with no number; our reader reads back the same
    calls, events and play."""
    unread = []
    for path in corpus_files():
        boards = [b for b in read_path(path)[1] if b.error is None and b.has_auction]
        if not boards:
            continue
        text = pbn.dumps(boards, plain=True)
        again = pbn.loads(text, str(path))
        for before, after in zip(boards, again, strict=True):
            assert list(after.events()) == list(before.events()), (path.name, before.index)
            assert _play(after) == _play(before) or before.play is not None and before.play.seat is None
            assert (after.play.text if after.play else "") == (before.play.text if before.play else "")
        if read_back(text, boards, READ_PBN) is None:
            continue
        for b in boards:
            problem = read_back(pbn.dumps(b, plain=True), [b], READ_PBN)
            if problem and not _tags_endplay_refuses(b) and not _numberless_notes(b):
                unread.append((path.name, b.index, problem))
    assert unread == []


def _play(board: Board) -> tuple[object, str]:
    """A board's play seat and text (an empty Play tag with no seat gets the opening leader, or
    is left out for a passed-out board: compared apart)."""
    return (None, "") if board.play is None else (board.play.seat, board.play.text)


def _lin_limits(board: Board) -> bool:
    """What endplay's LIN reader cannot take in any LIN: a deal of fewer than three hands (it
    completes the fourth only), a play that stops inside a trick with no tricks claimed (it
    counts tricks in fours), a board number that is no number (``ah|Board 4-1|``)."""
    hands = 0 if board.deal is None else sum(h is not None for h in board.deal.hands)
    cards = [] if board.play is None else [t for t in board.play.tokens() if len(t) == 2]
    number = board.number or "1"
    return (hands < 3 or (len(cards) % 4 != 0 and not board.tags.get("Result", "").isdigit())
            or not number.isdigit())


def test_endplay_reads_every_legal_corpus_board_we_write_as_lin() -> None:
    """Every legal-auction board of the corpus that LIN can hold, written as LIN, is read by
    endplay (a board a line, each starting at ``pn|``) with our calls and players, unless it is
    one endplay's LIN reader cannot take (:func:`_lin_limits`)."""
    unread = []
    for path in corpus_files():
        legal = legal_boards(path)
        if not legal:
            continue
        try:
            if read_back(lin.dumps(legal), legal, READ_LIN) is None:
                continue
        except ConversionError:
            pass  # a board whose play holds no card: refused with its name, below one by one
        for b in legal:
            try:
                text = lin.dumps(b)
            except ConversionError:
                continue
            problem = read_back(text, [b], READ_LIN)
            if problem and not _lin_limits(b):
                unread.append((path.name, b.index, problem))
    assert unread == []


@pytest.mark.parametrize("name", sorted(p.name for p in (REPO / "examples").glob("*.json")))
def test_endplay_reads_every_example_written_plain_and_we_read_the_same_events(name: str) -> None:
    scenario = load_scenario(REPO / "examples" / name)
    text = pbn.dumps(scenario, plain=True)
    (theirs,) = _endplay(text)
    (ours,) = pbn.loads(text, strict=True)
    assert ours.to_scenario().events == scenario.events
    assert calls_of(theirs) == [wc.call.text for wc in ours.calls]
    assert "{" not in text.split('[Auction "')[1]  # no comment in the auction section


REGRESSIONS = Path(__file__).resolve().parent / "regressions"


def test_unalerted_an_endplay_reads_the_board_with_its_explanation() -> None:
    (board,) = lin.load(REGRESSIONS / "unalerted_an.lin")
    (theirs,) = _endplay(pbn.dumps(board))
    assert calls_of(theirs) == ["1NT", "P", "P", "P"] and theirs.auction[0].announcement == "15-17"


def test_nonames_endplay_reads_our_lin_of_a_board_with_no_players() -> None:
    (board,) = pbn.load(REGRESSIONS / "nonames.pbn")
    (theirs,) = READ_LIN(lin.dumps(board))
    assert calls_of(theirs) == ["1NT", "P", "3NT", "P", "P", "P"]


def test_names_leak_endplay_reads_each_boards_own_players() -> None:
    first, second = READ_LIN(lin.dumps(pbn.load(REGRESSIONS / "names_leak.pbn")))
    assert (first.info["South"], second.info["South"]) == ("Sue", "")


def test_play_one_card_endplay_reads_the_padded_trick() -> None:
    (board,) = pbn.load(REGRESSIONS / "play_one_card.pbn")
    (theirs,) = _endplay(pbn.dumps(board))
    assert [str(c) for c in theirs.play] == ["♥7"]


def test_play_no_contract_tag_endplay_follows_the_play_we_write() -> None:
    (board,) = pbn.load(REGRESSIONS / "play_no_contract_tag.pbn")
    (theirs,) = _endplay(pbn.dumps(board))
    assert [str(c) for c in theirs.play] == ["♣9", "♣J", "♣2", "♣7", "♠Q", "♠4", "♠2", "♠K"]
