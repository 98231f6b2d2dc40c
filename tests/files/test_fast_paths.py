"""The fast paths of reading and checking give exactly what the general paths give.

Checking: :class:`Checker` settles a plain legal auction on integer keys alone; here every
board is also checked with ``machines=True``, which replays every board through the full
simulator (engine, machines and core checked against each other after every event), and the
two reports must agree on verdict, contract, declarer, phase, tags and notes.  Reading: the
PBN reader reads a game without comments or oddities by a quicker route; here the same text
is read with that route switched off and the boards must be equal, field by field, offsets
included.  Both on every board of the corpus (skipped when ``../shared`` is absent) and on
generated auctions (Hypothesis, derandomized).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from auction_fsm import lin, pbn, pbn_read
from auction_fsm.board_check import BoardReport, Checker
from auction_fsm.boards import Board
from auction_fsm.calls import ALL_CALLS, PASS, Call, Strain
from auction_fsm.pbn_write import write_boards
from auction_fsm.seats import Seat

from .helpers import corpus_files, game

SETTINGS = settings(derandomize=True, max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
COMPARED = ("verdict", "contract", "declarer", "phase", "irregularities", "rulings", "tags",
            "mismatch", "explanation", "notes", "failed_event")


def _same_report(fast: BoardReport, full: BoardReport) -> None:
    for name in COMPARED:
        assert getattr(fast, name) == getattr(full, name), (fast.board.where(), name, fast.summary(), full.summary())
    assert type(fast.error) is type(full.error)


@contextmanager
def _general_reader() -> Iterator[None]:
    """Read with the reader's quick route for plain games switched off."""
    saved = pbn_read.QUICK_GAMES
    pbn_read.QUICK_GAMES = False
    try:
        yield
    finally:
        pbn_read.QUICK_GAMES = saved


def _board_fields(board: Board) -> dict[str, Any]:
    """Everything a board holds, its error as type and message (errors compare by identity)."""
    out = {f.name: getattr(board, f.name) for f in fields(board) if f.name not in ("locator", "error")}
    out["error"] = None if board.error is None else (type(board.error), str(board.error))
    return out


def _same_boards(text: str, source: str) -> list[Board]:
    quick = pbn.loads(text, source)
    with _general_reader():
        general = pbn.loads(text, source)
    assert [_board_fields(b) for b in quick] == [_board_fields(b) for b in general]
    return quick


# --- the corpus ---------------------------------------------------------------------------
def test_quick_reader_reads_every_corpus_board_as_the_general_reader() -> None:
    for path in corpus_files():
        _same_boards(pbn_read.decode(path.read_bytes()), path.name)


def test_integer_key_check_agrees_with_the_full_simulator_on_every_corpus_board() -> None:
    fast, full = Checker(), Checker(machines=True)
    plain = 0
    for path in corpus_files():
        for board in pbn.load(path):
            a, b = fast.check(board), full.check(board)
            _same_report(a, b)
            plain += a.verdict == "legal"
    assert plain > 20000  # the integer-key path did the bulk of the work


# --- generated auctions ---------------------------------------------------------------------
LOW = tuple(c for c in ALL_CALLS if c.is_bid and c.level <= 2)
WRITTEN = st.one_of(st.just("legal"), st.just("legal"), st.just("legal"), st.sampled_from(ALL_CALLS),
                    st.sampled_from(LOW), st.just(Call.bid(8, Strain.C)))


@st.composite
def auctions(draw: st.DrawFn) -> tuple[Seat, list[Call]]:
    """A dealer and calls in rotation: mostly legal ones (so most auctions are plain and end),
    with now and then any call at all (insufficient, inadmissible, a double out of place)."""
    from auction_fsm.auction import AuctionState

    dealer = draw(st.sampled_from(list(Seat)))
    state = AuctionState.start(dealer)
    calls: list[Call] = []
    for _ in range(draw(st.integers(0, 40))):
        if state.is_over:
            break
        pick = draw(WRITTEN)
        legal = state.legal_calls()
        call = (draw(st.sampled_from(legal)) if len(legal) > 1 and draw(st.booleans()) else PASS) \
            if pick == "legal" else pick
        assert isinstance(call, Call)
        calls.append(call)
        if state.is_legal(call):
            state = state.call(state.turn, call)
    return dealer, calls


@SETTINGS
@given(auctions(), st.sampled_from(["", '[Contract "4H"]\n[Declarer "S"]\n', '[Declarer "^N"]\n']))
def test_integer_key_check_agrees_with_the_full_simulator_on_generated_auctions(
        auction: tuple[Seat, list[Call]], tags: str) -> None:
    dealer, calls = auction
    text = game(" ".join(c.text for c in calls), dealer=dealer.name, extra=tags)
    for board in _same_boards(text, "gen.pbn"):
        _same_report(Checker().check(board), Checker(machines=True).check(board))


@SETTINGS
@given(auctions())
def test_quick_reader_agrees_with_the_general_reader_on_written_boards(auction: tuple[Seat, list[Call]]) -> None:
    dealer, calls = auction
    boards = pbn.loads(game(" ".join(c.text for c in calls), dealer=dealer.name), "gen.pbn")
    _same_boards(write_boards(boards), "again.pbn")


@pytest.mark.parametrize("extra", ["", '[Note "1:strong"]\n', '[Site "#"]\n', '[Event "a [b] c"]\n',
                                   '{a comment}\n', '[Event "x"] ; rest of line\n', "% escape\n",
                                   '{ [Event "hidden"] }\n', '[Site "x"] ; [Event "hidden"]\n',
                                   '% [Event "hidden"]\n', '[Event "{"]\n[Site ";"]\n', '[Event "x"] {open\n',
                                   '[Event "Zürich"]\n'])
@pytest.mark.parametrize("auction", ["1C =1= 1H Pass AP", "1N Pass 3N AP", "- 1C Pass 1H", "1C*",
                                     "1C {c} Pass", "Pass\n[Play \"E\"]\nSA S2 S3 S4", "1C 1C", "8C",
                                     "1C ^I 1D", "^S 1C", "1C $1 Pass !", "___", "Zz"])
def test_quick_reader_agrees_with_the_general_reader_on_oddities(extra: str, auction: str) -> None:
    _same_boards(game(auction, extra=extra) + "\n" + game("1S AP", extra=extra), "odd.pbn")


# --- deals -----------------------------------------------------------------------------------
CARDS52 = [(suit, rank) for suit in range(4) for rank in "AKQJT98765432"]


@st.composite
def raw_deals(draw: st.DrawFn) -> list[str | None]:
    """Four hands as a file may write them: a shuffled full deal, sometimes with a card
    moved or duplicated, ranks out of order or in lower case, a hand left out."""
    cards = draw(st.permutations(CARDS52))
    if draw(st.booleans()):
        i, j = draw(st.integers(0, 51)), draw(st.integers(0, 51))
        cards = [*cards[:i], cards[j], *cards[i + 1:]]  # one card given twice, one missing
    hands: list[str | None] = []
    for h in range(4):
        mine = sorted(cards[13 * h:13 * h + 13], key=lambda c: (c[0], "AKQJT98765432".index(c[1])))
        if draw(st.integers(0, 9)) == 0:
            mine = draw(st.permutations(mine))
        holding = ".".join("".join(r for s, r in mine if s == suit) for suit in range(4))
        if draw(st.integers(0, 9)) == 0:
            holding = holding.lower()
        hands.append(None if draw(st.integers(0, 19)) == 0 else holding)
    return hands


@SETTINGS
@given(raw_deals())
def test_quick_deal_check_agrees_with_the_general_one(raw: list[str | None]) -> None:
    from auction_fsm import deal

    quick = deal._quick_full_deal(raw)
    try:
        general = deal._normalised(raw)
    except deal.DealProblem:
        assert quick is None
        return
    assert quick is None or quick == general


def test_quick_deal_check_takes_a_plain_full_deal() -> None:
    from auction_fsm import deal

    raw: list[str | None] = ["AKQJ.T98.765.432", "T98.765.432.AKQJ", "765.432.AKQJ.T98", "432.AKQJ.T98.765"]
    assert deal._quick_full_deal(raw) == deal._normalised(raw)
    assert deal._quick_full_deal([*raw[:3], raw[0]]) is None  # West holds North's cards


# --- the comment run-on test -------------------------------------------------------------------
# The specification: one pattern of three alternatives (what the reader used before it split
# the search by opener for speed).
_RUNS_ON_SPEC = re.compile(r"\{[^{}\[]*\[|;[^;\n\[]*\[|^%[^\n\[]*\[", re.MULTILINE)


@SETTINGS
@given(st.text(st.sampled_from('{};%[]\n x"'), max_size=40), st.integers(0, 40), st.integers(0, 40))
def test_comment_run_on_test_is_the_one_pattern_of_three_alternatives(text: str, a: int, b: int) -> None:
    start, end = min(a, b, len(text)), min(max(a, b), len(text))
    assert pbn_read.comment_runs_on(text, start, end) == (_RUNS_ON_SPEC.search(text, start, end) is not None)


# --- writing the report as JSON ------------------------------------------------------------------
def test_json_line_is_the_json_of_the_report_on_every_corpus_board() -> None:
    checker = Checker()
    for path in corpus_files():
        for board in pbn.load(path):
            report = checker.check(board)
            assert report.json_line() == json.dumps(report.to_json(), ensure_ascii=False), board.where()


_VALUE = st.text(st.characters(blacklist_characters="\r\n"), max_size=8)


@SETTINGS
@given(auctions(), _VALUE, _VALUE, _VALUE)
def test_json_line_is_the_json_of_the_report_on_generated_boards(
        auction: tuple[Seat, list[Call]], number: str, contract: str, declarer: str) -> None:
    """Tag values with quotes, backslashes, control characters and any letter; irregular,
    illegal and incomplete auctions; the same boards read back from LIN."""
    dealer, calls = auction

    def value(text: str) -> str:
        return text.replace("\\", "\\\\").replace('"', '\\"')

    extra = f'[Contract "{value(contract)}"]\n[Declarer "{value(declarer)}"]\n'
    text = game(" ".join(c.text for c in calls), dealer=dealer.name, extra=extra).replace(
        '[Board "1"]', f'[Board "{value(number)}"]')
    boards = pbn.loads(text, "gen.pbn") + lin.loads(lin.dumps(pbn.loads(text, "gen.pbn")), "gen.lin")
    for board in boards:
        report = Checker().check(board)
        assert report.json_line() == json.dumps(report.to_json(), ensure_ascii=False)


# --- telling LIN without loading its reader --------------------------------------------------
@pytest.mark.parametrize("text", ["pn|a,b,c,d|", "  md|3SAK|", "qx|o1|", "[Event \"x\"]", "Pn|x|", "p|x|",
                                  "1|x|", "md |x|", "\n\nmb|1C|", "{comment} pn|x|"])
def test_check_tells_lin_as_the_lin_reader_does(text: str) -> None:
    from auction_fsm.board_files import detect_format

    assert (detect_format(text) == "lin") == lin.looks_like_lin(text.lstrip("\ufeff \t\r\n"))


# --- line ends ---------------------------------------------------------------------------------
@SETTINGS
@given(st.text(st.sampled_from("\r\na "), max_size=30))
def test_line_ends_are_normalised_as_the_one_pattern_says(text: str) -> None:
    """Every line end (LF, CR LF, CR CR LF, a lone CR) is one LF: the pattern the reader used
    before it took CR LF by a string method first."""
    assert pbn_read.normalise_newlines(text) == re.sub(r"\r*\n|\r", "\n", text)
