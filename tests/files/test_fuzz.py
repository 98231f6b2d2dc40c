"""Fuzzed PBN and LIN text: the readers and the check report problems as AuctionFsmError
subclasses (inside the boards), never as any other exception."""

from __future__ import annotations

import hypothesis.strategies as st
from hypothesis import HealthCheck, given, settings

from auction_fsm import lin, pbn
from auction_fsm.board_check import Checker
from auction_fsm.boards import Board
from auction_fsm.errors import AuctionFsmError

from .helpers import game

SETTINGS = settings(derandomize=True, max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
PBN_SEED = (game("1D ^I 1C {c} Pass =1= $2 ! Pass\nPass ^S 2D AP", dealer="W",
                 extra='[Deal "N:AKQJ.T98.765.432 - - -"]\n[Declarer "^S"]\n[Contract "2D"]\n')
            + '[Note "1:x"]\n[Play "E"]\nSK ^R H3 ^L S4 -\n*\n')
LIN_SEED = "pn|a,b,c,d|qx|o1|md|3SAKQJHT98D765C432,,,|sv|b|mb|1C!|an|x|mb|p|mb|1N|mb|d|mb|p|mb|p|mb|p|pc|SA|pg||"
PIECES = st.sampled_from(["[", "]", '"', "{", "}", ";", "%", "\n", "\n\n", "\r", "^", "^I", "^S", "=", "$",
                          "*", "+", "-", "AP", "1N", "8C", "X", "Pass", "|", "md|", "mb|", "qx|", "#", "##",
                          "[Auction \"N\"]", "[Deal \"", "\x00", "\u00e9", " "])


@st.composite
def mutated(draw: st.DrawFn, seed: str) -> str:
    text = seed
    for _ in range(draw(st.integers(1, 6))):
        pos = draw(st.integers(0, len(text)))
        action = draw(st.integers(0, 2))
        if action == 0:
            text = text[:pos] + draw(PIECES) + text[pos:]
        elif action == 1:
            text = text[:pos] + text[pos + draw(st.integers(1, 8)):]
        else:
            text = text[:pos]
    return text


def check_all(boards: list[Board]) -> None:
    checker = Checker()
    for board in boards:
        report = checker.check(board)
        assert report.error is None or isinstance(report.error, AuctionFsmError)
        report.summary()
        report.to_json()


@SETTINGS
@given(mutated(PBN_SEED))
def test_fuzzed_pbn(text: str) -> None:
    boards = pbn.loads(text, "fuzz.pbn")
    check_all(boards)
    for b in boards:
        if b.error is None:
            pbn.loads(pbn.dumps([b]))


@SETTINGS
@given(mutated(LIN_SEED))
def test_fuzzed_lin(text: str) -> None:
    boards = lin.loads(text, "fuzz.lin")
    check_all(boards)


@SETTINGS
@given(st.binary(max_size=200))
def test_random_bytes(data: bytes) -> None:
    check_all(pbn.loads(data, "bytes.pbn"))
    check_all(lin.loads(data, "bytes.lin"))
