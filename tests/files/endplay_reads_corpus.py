"""Does endplay (0.5.12, a second reader) read back the PBN and LIN we write for the corpus?

Used by ``test_endplay_reads_ours.py`` and run as a measurement::

    PYTHONPATH=. python tests/files/endplay_reads_corpus.py [--corpus DIR]

For every corpus file with at least one board whose auction is legal, its legal boards are
written as ``auction-fsm convert`` writes them (PBN, PBN with ``--plain``, LIN), and endplay
reads each text whole; a file counts as read when endplay raises nothing and gives every board
with the calls we wrote.  It prints those counts, then the same per board.  Run with another
checkout first on the path (``PYTHONPATH=/path/to/old/checkout``) to measure an older writer
(one without ``plain`` gets ``n/a`` there).
"""

from __future__ import annotations

import argparse
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from auction_fsm import lin, pbn
from auction_fsm.board_check import check_board
from auction_fsm.board_files import read_path
from auction_fsm.boards import Board
from auction_fsm.errors import AuctionFsmError
from auction_fsm.pbn_read import _games, decode, normalise_newlines

Reader = Callable[[str], list[Any]]


def endplay_readers() -> tuple[Reader, Reader]:
    """endplay's PBN and LIN readers (ImportError when endplay is not installed)."""
    from endplay.parsers import lin as endplay_lin
    from endplay.parsers import pbn as endplay_pbn

    return (lambda text: list(endplay_pbn.load(io.StringIO(text.replace("\r\n", "\n")))),
            lambda text: list(endplay_lin.loads(text)))


def legal_boards(path: Path) -> list[Board]:
    """The boards of a file whose auction our check calls legal."""
    return [b for b in read_path(path)[1] if check_board(b).verdict == "legal"]


def calls_of(board: Any) -> list[str]:
    """An endplay board's calls in our spelling (P, X, XX, 1NT, 2S), its alert marks left out."""
    from endplay.types import ContractBid

    out = []
    for c in board.auction:
        if isinstance(c, ContractBid):
            out.append(f"{c.level}{'NT' if c.denom.name == 'nt' else c.denom.name[0].upper()}")
        else:
            out.append(c.penalty.abbr.upper() or "P")
    return out


def our_calls(board: Board) -> list[str]:
    """Our board's calls as endplay spells them once read (P, X, XX, 1NT ...)."""
    return [wc.call.text for wc in board.calls]


def read_back(text: str, boards: list[Board], reader: Reader) -> str | None:
    """``None`` when ``reader`` reads ``text`` giving ``boards`` with their calls, else what
    went wrong, in a few words."""
    try:
        got = reader(text)
    except Exception as err:  # noqa: BLE001 - endplay's failures (ValueError, IndexError ...) are what is measured
        return f"{type(err).__name__}: {str(err)[:80]}"
    if len(got) != len(boards):
        return f"{len(got)} boards of {len(boards)}"
    for theirs, ours in zip(got, boards, strict=True):
        if calls_of(theirs) != our_calls(ours):
            return f"game {ours.index}: calls {calls_of(theirs)} for {our_calls(ours)}"
    return None


def endplay_reads_source_game(path: Path, board: Board, reader: Reader) -> bool:
    """True when endplay reads the board's own game, as the corpus file gives it, alone, with
    the calls our reader reads (endplay stops at a leading ``-`` and takes ``AP`` for three
    passes even when nobody has bid)."""
    text = normalise_newlines(decode(path.read_bytes()))
    start, end = _games(text)[board.index - 1]
    return read_back(text[start:end] + "\n", [board], reader) is None


def main(argv: list[str] | None = None) -> int:
    """Print how many corpus files, and boards, endplay reads as we write them."""
    shared = Path(os.environ.get("AUCTION_FSM_SHARED", Path(__file__).resolve().parents[3] / "shared"))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=shared / "pbn-corpus" / "files", help="folder of PBN files (default: %(default)s)")
    args = parser.parse_args(argv)
    read_pbn, read_lin = endplay_readers()
    writers: dict[str, Callable[[list[Board]], str]] = {
        "PBN": lambda bs: pbn.dumps(bs),
        "PBN --plain": lambda bs: pbn.dumps(bs, plain=True),  # an older writer raises TypeError
        "LIN": lambda bs: lin.dumps(bs),
    }
    files = {name: 0 for name in writers}
    boards = {name: 0 for name in writers}
    unsupported: set[str] = set()
    total_files = total_boards = 0
    for path in sorted(args.corpus.iterdir()):
        legal = legal_boards(path)
        if not legal:
            continue
        total_files += 1
        total_boards += len(legal)
        for name, write in writers.items():
            reader = read_lin if name == "LIN" else read_pbn
            try:
                text = write(legal)
            except TypeError:
                unsupported.add(name)
                continue
            except AuctionFsmError:  # a board LIN cannot hold counts as not read
                text = None
            if text is not None and read_back(text, legal, reader) is None:
                files[name] += 1
                boards[name] += len(legal)
                continue
            for b in legal:  # the file as a whole failed: count its boards one by one
                try:
                    one = write([b])
                except AuctionFsmError:  # as above: not read
                    one = None
                boards[name] += one is not None and read_back(one, [b], reader) is None
    print(f"{total_files} corpus files with a legal auction, {total_boards} legal boards")
    for name in writers:
        if name in unsupported:
            print(f"{name:12} n/a (this writer has no such option)")
        else:
            print(f"{name:12} endplay reads {files[name]} of {total_files} files whole, "
                  f"{boards[name]} of {total_boards} boards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
