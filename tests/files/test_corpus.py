"""The real PBN files of ../shared/pbn-corpus (skipped when absent): every file is read and
every board checked with no internal error, and a board written and read again keeps its
calls and tags."""

from __future__ import annotations

from collections import Counter

import pytest

from auction_fsm import pbn
from auction_fsm.board_check import BoardReport, Checker
from auction_fsm.boards import Board
from auction_fsm.errors import AuctionFsmError, MachineDisagreementError
from auction_fsm.play_layout import auction_contract, play_frame

from .helpers import corpus_files

RPBRIDGE = ("dominicprice_endplay__example3.pbn", "dominicprice_endplay__example4.pbn",
            "forrestrice_bridge-bots__shared_deals.pbn")
VERIFIER_ERROR_TESTS = ("NatashaMir_PbnJVeri__errors_10.pbn",)


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[tuple[Board, BoardReport]]]:
    checker = Checker()
    out: dict[str, list[tuple[Board, BoardReport]]] = {}
    for path in corpus_files():
        boards = pbn.load(path)
        out[path.name] = [(b, checker.check(b)) for b in boards]
    return out


def test_every_file_reads_and_checks_without_internal_error(corpus: dict[str, list[tuple[Board, BoardReport]]]) -> None:
    assert len(corpus) == 181
    verdicts: Counter[str] = Counter()
    for pairs in corpus.values():
        for _board, report in pairs:
            verdicts[report.verdict] += 1
            if report.error is not None:
                assert isinstance(report.error, AuctionFsmError)
                assert not isinstance(report.error, MachineDisagreementError)
    assert sum(verdicts.values()) > 23000
    assert verdicts["legal"] > 20000


def test_tags_agree_outside_the_files_known_to_contradict_them(corpus: dict[str, list[tuple[Board, BoardReport]]]) -> None:
    for name, pairs in corpus.items():
        if name in RPBRIDGE or name in VERIFIER_ERROR_TESTS:
            continue
        bad = [r.summary() for _b, r in pairs if r.tags == "mismatch"]
        assert not bad, bad[:3]


def test_rpbridge_mismatches_are_reported_per_board(corpus: dict[str, list[tuple[Board, BoardReport]]]) -> None:
    pairs = corpus["dominicprice_endplay__example3.pbn"]
    mismatched = [r for _b, r in pairs if r.tags == "mismatch"]
    assert len(mismatched) > 3000
    assert all(r.mismatch for r in mismatched)


def test_written_boards_read_back_the_same(corpus: dict[str, list[tuple[Board, BoardReport]]]) -> None:
    for name, pairs in corpus.items():
        boards = [b for b, _r in pairs if b.error is None]
        again = pbn.loads(pbn.dumps(boards), name)
        assert len(again) == len(boards), name
        for before, after in zip(boards, again, strict=True):
            assert after.error is None, (name, after.error)
            assert [(c.seat, c.call) for c in after.calls] == [(c.seat, c.call) for c in before.calls], name
            assert after.tags == _tags_written(before), name


def _tags_written(board: Board) -> dict[str, str]:
    """The tags a board is written with: its own, the Auction tag naming the dealer, and for a play section the Contract and
    Declarer its auction gives when the file leaves them out, and an empty Play tag with no
    card given the opening leader (other readers need both to follow the play), or left out
    when no contract is played."""
    tags = dict(board.tags)
    if board.dashes and board.dealer is not None and board.auction_seat is not None \
            and (board.auction_seat + board.dashes) % 4 == board.dealer:
        tags["Auction"] = board.dealer.name  # export format: the auction starts with the dealer
    if board.play is None:
        return tags
    contract, declarer, _ = auction_contract(board)
    if contract:
        tags.setdefault("Contract", contract)
        tags.setdefault("Declarer", "" if declarer is None else declarer.name)
    frame = play_frame(board)
    if not tags.get("Play", "").strip() and not board.play.text:
        if frame is not None:
            tags["Play"] = frame[0].name
        elif not board.play_notes:
            del tags["Play"]  # no seat, no card: nothing to write
    return tags
