"""PBN files from Python, in the shape of :mod:`json`: ``load``, ``loads``, ``dump``, ``dumps``.

>>> boards = loads('[Dealer "N"]\\n[Vulnerable "None"]\\n[Auction "N"]\\n1NT Pass 3NT AP\\n')
>>> b = boards[0]
>>> [wc.call.text for wc in b.calls], b.dealer
(['1NT', 'P', '3NT', 'P', 'P', 'P'], Seat.N)
>>> b.to_scenario().simulate().state.contract.text
'3NT'
>>> [(wc.seat, wc.call) for wc in loads(dumps(boards))[0].calls] == [(wc.seat, wc.call) for wc in b.calls]
True

Reading never stops at a bad board: each :class:`~auction_fsm.boards.Board` carries its own
``error`` (``None`` when it was read), so the other boards are still there.  Pass
``strict=True`` to have the first board's error raised instead.  Check boards against the Laws
with :func:`auction_fsm.board_check.check_board`.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from typing import IO, cast

from .auction import AuctionState
from .boards import Board
from .errors import ConversionError
from .events import CallEvent
from .pbn_read import decode, read_boards, structure_problem
from .pbn_write import board_from_scenario, write_boards
from .scenario import Scenario
from .vulnerability import parse_vulnerability

__all__ = ["load", "loads", "dump", "dumps", "Board", "board_from_scenario"]


def loads(text: str | bytes, source: str = "<string>", *, strict: bool = False) -> list[Board]:
    """Every board of a PBN text (bytes are decoded as UTF-8, else cp1252).  With ``strict``,
    the first board's error is raised, and so is :class:`~auction_fsm.errors.BoardFileError` for
    a text with no PBN structure at all (no tag, no ``%`` line)."""
    decoded = decode(text) if isinstance(text, bytes) else text
    boards = read_boards(decoded, source)
    if strict:
        for b in boards:
            if b.error is not None:
                raise b.error
        if not boards and decoded.strip():  # an empty text is no board, and no garbage either
            problem = structure_problem(decoded, "pbn", source)
            if problem is not None:
                raise problem
    return boards


def load(fp: IO[str] | IO[bytes] | str | Path, *, strict: bool = False) -> list[Board]:
    """Every board of a PBN file, given as an open file (text or binary) or a path."""
    if isinstance(fp, str | Path):
        path = Path(fp)
        return loads(path.read_bytes(), str(path), strict=strict)
    data = fp.read()
    return loads(data, str(getattr(fp, "name", "<file>")), strict=strict)


def _as_scenario(state: AuctionState) -> Scenario:
    """The scenario of an auction made of calls only, each by the seat whose turn it was (a
    state built with ``AuctionState.start(...).calls(...)``).  A state that went through an
    irregularity does not keep the director's events, so it cannot be written from the state
    alone: :class:`ConversionError` asks for the scenario or the simulator's events instead."""
    if any(not r.stands or r.seat != r.in_turn_of for r in state.record):
        raise ConversionError("an auction with irregularities cannot be written from its AuctionState alone "
                              "(the director's events are not in it); write the Scenario instead")
    return Scenario(state.dealer, tuple(CallEvent(r.seat, r.call, r.specifies) for r in state.record),
                    parse_vulnerability(state.vulnerability))


def dumps(items: Iterable[Board | Scenario | AuctionState] | Board | Scenario | AuctionState, *,
          plain: bool = False) -> str:
    """Boards, scenarios and auctions (:class:`~auction_fsm.auction.AuctionState` of calls
    only) as PBN text (CRLF line ends, the export format's); one item may be given alone.

    ``plain=True`` writes auction and play sections of calls, note references and cards only,
    which simpler readers (endplay 0.5.12) take whatever the auction: what they leave out (an
    irregular auction's §3.9 marks and our events, comments, NAGs) is kept in a comment before
    the tags, from which :func:`loads` restores it (docs/file-formats.md)."""
    if isinstance(items, Board | Scenario | AuctionState):
        items = [items]
    return write_boards((_as_scenario(i) if isinstance(i, AuctionState) else i for i in items), plain=plain)


def dump(items: Iterable[Board | Scenario | AuctionState] | Board | Scenario | AuctionState,
         fp: IO[str] | IO[bytes], *, plain: bool = False) -> None:
    """Write :func:`dumps` to an open file; a binary file gets UTF-8."""
    text = dumps(items, plain=plain)
    if isinstance(fp, io.TextIOBase) or "b" not in str(getattr(fp, "mode", "w")):
        cast(IO[str], fp).write(text)
    else:
        cast(IO[bytes], fp).write(text.encode("utf-8"))
