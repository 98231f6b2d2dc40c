"""The PBN reader on fixtures written for each oddity of real files and each §3.9 token."""

from __future__ import annotations

import pytest

from auction_fsm import pbn
from auction_fsm.board_check import BoardReport, Checker
from auction_fsm.errors import DealError, PbnSyntaxError
from auction_fsm.seats import Seat

from .helpers import game


def calls_of(text: str) -> list[str]:
    boards = pbn.loads(text, "t.pbn")
    assert len(boards) == 1
    assert boards[0].error is None, boards[0].error
    return [wc.call.text for wc in boards[0].calls]


def check(text: str) -> list[BoardReport]:
    checker = Checker()
    return [checker.check(b) for b in pbn.loads(text, "t.pbn")]


def test_spellings_of_calls_and_all_pass() -> None:
    assert calls_of(game("1N pass 3n PASS\nP AP")) == ["1NT", "P", "3NT", "P", "P", "P"]


def test_ap_on_an_empty_auction_is_four_passes() -> None:
    assert calls_of(game("AP")) == ["P", "P", "P", "P"]


@pytest.mark.parametrize("ending", ["\r\n", "\r\r\n", "\r"])
def test_line_endings(ending: str) -> None:
    text = (game("1S Pass 4S AP") + "\n" + game("1H Pass 4H AP")).replace("\n", ending)
    boards = pbn.loads(text, "t.pbn")
    assert [[wc.call.text for wc in b.calls][:3] for b in boards] == [["1S", "P", "4S"], ["1H", "P", "4H"]]


def test_cp1252_bytes_and_utf8() -> None:
    body = game("1C AP", extra='[South "Se\u00f1or"]\n')
    for encoding in ("cp1252", "utf-8"):
        (b,) = pbn.loads(body.encode(encoding), "t.pbn")
        assert b.tags["South"] == "Se\u00f1or"


def test_version_lines_before_every_game_and_none() -> None:
    text = "% PBN 2.0\n% Import\n" + game("1C AP") + "\n% PBN 2.0\n% Import\n" + game("1D AP")
    assert len(pbn.loads(text)) == 2
    assert len(pbn.loads(game("1C AP"))) == 1


def test_inheritance_hash_and_double_hash() -> None:
    text = (game("1C AP", extra='[Site "##Home"]\n[Date "2020.01.01"]\n') + "\n"
            + game("1D AP", extra='[Date "#"]\n') + "\n" + game("1H AP", extra='[Site "Away"]\n') + "\n"
            + game("1S AP"))
    boards = pbn.loads(text)
    assert [b.tags.get("Site") for b in boards] == ["Home", "Home", "Away", "Away"]
    assert boards[1].tags["Date"] == "2020.01.01"


def test_inheritance_is_refused_for_the_deal() -> None:
    (b,) = pbn.loads(game("1C AP", extra='[Deal "#"]\n'), "t.pbn")
    assert isinstance(b.error, PbnSyntaxError)
    assert "Deal" in str(b.error) and "§4.8" in str(b.error)


def test_unquoted_value_and_bracket_inside_value() -> None:
    (b,) = pbn.loads(game("1C AP", extra='[Site Random Deal #]\n[Annotator "Random]"]\n'))
    assert b.tags["Site"] == "Random Deal #"
    assert b.tags["Annotator"] == "Random]"


def test_board_and_declarer_unknown() -> None:
    (r,) = check(game("1C AP", extra='[Declarer "?"]\n[Contract "1C"]\n').replace('[Board "1"]', '[Board "?"]'))
    assert r.tags == "agree"  # the contract is compared; the unknown declarer is not
    assert r.board.number == "?"


def test_empty_play_section_and_contract_after_auction() -> None:
    text = game("1C AP") + '[Play ""]\n[Declarer "N"]\n[Contract "1C"]\n'
    (r,) = check(text)
    assert r.tags == "agree" and r.board.play is not None and r.board.play.text == ""


def test_star_glued_to_a_call_is_an_alert() -> None:
    (b,) = pbn.loads(game("1C 1H* 2C Pass\nPass Pass"))
    assert [wc.alert for wc in b.calls] == [False, True, False, False, False, False]


def test_star_alone_ends_an_incomplete_auction() -> None:
    (r,) = check(game("1C Pass *"))
    assert r.verdict == "incomplete" and r.board.auction_end == "*"


def test_notes_nags_suffixes_and_comments() -> None:
    text = game("1C =1= $12 1S !? {a comment} 2C ; rest of line\nPass Pass Pass",
                extra="") + '[Note "1:could be short"]\n'
    (b,) = pbn.loads(text)
    assert b.error is None
    first, second, third = b.calls[:3]
    assert first.note == 1 and first.nags == (12,)
    assert second.nags == (5,) and second.comments == ("{a comment}",)
    assert third.comments == ("; rest of line",)
    assert b.notes == {1: "could be short"}


def test_brace_comment_may_span_a_blank_line() -> None:
    text = game("1C AP", extra="{first paragraph\n\nsecond paragraph}\n")
    (b,) = pbn.loads(text)
    assert b.error is None and len(b.calls) == 4


def test_insufficient_bid_marked_and_accepted_by_lho() -> None:
    # §3.9 (A): West opens 1D, North bids 1C; East calls, accepting it (27A1).
    (r,) = check(game("1D ^I 1C Pass Pass\nPass", dealer="W"))
    assert r.verdict == "irregular"
    assert r.contract == "1C" and r.declarer is Seat.N
    assert any("insufficient" in i for i in r.irregularities)
    assert not r.notes  # the mark and the model agree


def test_skipped_players_call_out_of_rotation_accepted() -> None:
    # §3.9 (B): West opens 1D, South bids 2D out of rotation; West calls over it (29A).
    (r,) = check(game("1D ^S ^S 2D\nPass Pass Pass", dealer="W"))
    assert r.verdict == "irregular"
    assert r.contract == "2D" and r.declarer is Seat.S
    assert r.board.calls[1].skipped == 2 and r.board.calls[1].seat is Seat.S


def test_skip_at_the_start_north_opens_for_dealer_west() -> None:
    (r,) = check(game("^S 1D Pass Pass\nPass", dealer="W"))
    assert r.verdict == "irregular" and r.declarer is Seat.N


def test_unmarked_insufficient_bid_is_noted() -> None:
    (r,) = check(game("1H 1C Pass Pass\nPass"))
    assert r.verdict == "irregular"
    assert any("not marked ^I" in n for n in r.notes)


def test_revoke_and_lead_marks_stay_in_the_play() -> None:
    text = game("1C AP") + '[Play "E"]\nSK ^R H3 S4 ^L S3\n*\n'
    (b,) = pbn.loads(text)
    assert b.error is None and b.play is not None
    assert "^R" in b.play.tokens() and b.play.opening_lead == "SK"


def test_revoke_mark_in_the_auction_is_an_error_with_place() -> None:
    (b,) = pbn.loads(game("1C ^R Pass"), "t.pbn")
    assert isinstance(b.error, PbnSyntaxError)
    message = str(b.error)
    assert "t.pbn" in message and "line 6, column 4" in message and "'^R'" in message


def test_declarer_swapped_and_result_caret() -> None:
    extra = '[Declarer "^S"]\n[Contract "1C"]\n[Result "^5"]\n'
    (r,) = check(game("1C AP", extra=extra))
    assert r.tags == "agree"  # ^S: South played the hand for declarer North (§3.4.13)
    assert any("swapped" in n for n in r.notes)


def test_contradicting_tags_are_a_mismatch_with_an_explanation() -> None:
    # The dealer's pass is left out: read as written North opens, the tags say East.
    (r,) = check(game("1NT Pass Pass Pass", extra='[Declarer "E"]\n[Contract "1NT"]\n'))
    assert r.verdict == "legal" and r.tags == "mismatch"
    assert r.explanation is not None and "1 leading pass" in r.explanation


def test_one_bad_board_never_stops_the_rest() -> None:
    bad_deal = game("1C AP", extra='[Deal "N:AKQJT98765432... - - .AKQJT98765432.."]\n')
    fifty_one = game("1C AP", extra='[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543"]\n')
    text = "\n".join([game("1C AP"), "[Board \"3\n", game("1C or 1D"), fifty_one, game("1D AP"), bad_deal])
    boards = pbn.loads(text, "t.pbn")
    errors = [type(b.error).__name__ if b.error else None for b in boards]
    assert errors[0] is None and errors[-2] is None
    assert "PbnSyntaxError" in errors and "DealError" in errors
    assert any(b.error is not None and "'or'" in str(b.error) for b in boards)
    assert any(b.error is not None and "51 cards" in str(b.error) for b in boards)


def test_truncated_file() -> None:
    text = game("1C Pass 1H") + '\n[Event "next"]\n[Dealer "E"]\n[Auction "E"]\n1S Pa'
    boards = pbn.loads(text, "t.pbn")
    assert boards[0].error is None
    assert isinstance(boards[1].error, PbnSyntaxError) and "'Pa'" in str(boards[1].error)


def test_deal_errors() -> None:
    for deal in ("N:AK.x.x.x - - -", "N:AKQJT98765432... AKQJT98765432... - -"):
        (b,) = pbn.loads(game("AP", extra=f'[Deal "{deal}"]\n'))
        assert isinstance(b.error, DealError | PbnSyntaxError)


def test_exercise_blank_is_incomplete_not_an_error() -> None:
    (r,) = check(game("1NT Pass ___ Pass\n___"))
    assert r.verdict == "incomplete"
    assert r.board.auction_rest == "___ Pass\n___"


def test_two_unmarked_insufficient_bids_by_one_seat_are_each_noted() -> None:
    # The notes are sorted by seat, then call: two calls of one seat once made that sort fail.
    (report,) = check(game("1C 1C Pass Pass 1D 1D"))
    assert report.error is None
    unmarked = [n for n in report.notes if "not marked ^I" in n]
    assert len(unmarked) == 2, report.notes
