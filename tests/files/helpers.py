"""Shared helpers of the file-format tests: the corpus location and a PBN game builder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# ../shared next to the clone; AUCTION_FSM_SHARED names it for a checkout kept elsewhere (a
# git worktree, say).
SHARED = Path(os.environ.get("AUCTION_FSM_SHARED", REPO.parent / "shared"))
CORPUS = SHARED / "pbn-corpus" / "files"


def corpus_files() -> list[Path]:
    """The corpus files, or a skip when the shared directory is absent (a user's clone)."""
    if not CORPUS.is_dir():
        pytest.skip(f"PBN corpus not found at {CORPUS}")
    return sorted(CORPUS.iterdir())


def game(auction: str, *, dealer: str = "N", auction_seat: str | None = None, extra: str = "") -> str:
    """A small PBN game with the given auction text."""
    seat = dealer if auction_seat is None else auction_seat
    return (f'[Event "test"]\n[Board "1"]\n[Dealer "{dealer}"]\n[Vulnerable "None"]\n{extra}'
            f'[Auction "{seat}"]\n{auction}\n')
