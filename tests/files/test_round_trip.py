"""Round trips on generated auctions: scenario -> PBN -> scenario gives the same events, board
-> PBN -> board the same calls and tags, and calls in rotation survive LIN."""

from __future__ import annotations

import hypothesis.strategies as st
import pytest
from event_strategies import EVENTS, SEATS, kind_strategy
from hypothesis import HealthCheck, given, settings

from auction_fsm import lin, pbn
from auction_fsm.calls import ALL_CALLS, Call
from auction_fsm.event_language import KINDS, EventKind, from_json, read_event, to_json, to_text
from auction_fsm.events import CallEvent, Event
from auction_fsm.scenario import Scenario
from auction_fsm.seats import Seat
from auction_fsm.vulnerability import VULNERABILITIES

SETTINGS = settings(derandomize=True, max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
# Titles as a person writes them: no space at either end, and not PBN's "unknown" marks.
TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_characters="\x7f"),
               max_size=30).map(str.strip).filter(lambda t: t not in ("?", "#") and not t.startswith("##"))


def in_rotation(dealer: Seat, calls: list[Call]) -> tuple[CallEvent, ...]:
    out, seat = [], dealer
    for call in calls:
        out.append(CallEvent(seat, call))
        seat = seat.lho
    return tuple(out)


@SETTINGS
@given(SEATS, st.sampled_from(VULNERABILITIES), st.lists(EVENTS, max_size=14), st.none() | TEXT, st.none() | TEXT)
def test_any_scenario_survives_pbn(dealer: Seat, vul: str, events: list[Event], title: str | None,
                                   description: str | None) -> None:
    title = title or None
    description = description or None
    scenario = Scenario(dealer, tuple(events), vul, title, description)  # type: ignore[arg-type]
    (board,) = pbn.loads(pbn.dumps([scenario]), "rt.pbn")
    assert board.error is None, board.error
    back = board.to_scenario()
    assert back.events == scenario.events
    assert (back.dealer, back.vulnerability) == (dealer, vul)
    assert back.title == title
    assert back.description == description


@SETTINGS
@given(SEATS, st.lists(st.sampled_from(ALL_CALLS), max_size=16))
def test_calls_in_rotation_survive_pbn_and_lin(dealer: Seat, calls: list[Call]) -> None:
    scenario = Scenario(dealer, in_rotation(dealer, calls))
    (via_pbn,) = pbn.loads(pbn.dumps([scenario]))
    (via_lin,) = lin.loads(lin.dumps([scenario]))
    for board in (via_pbn, via_lin):
        assert board.error is None, board.error
        assert tuple(board.events()) == scenario.events


def test_a_board_read_from_a_file_survives_writing() -> None:
    text = ('[Event "x"]\n[Site "##home"]\n[Board "3"]\n[Dealer "W"]\n[Vulnerable "Both"]\n'
            '[Deal "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"]\n'
            '[Declarer "S"]\n[Contract "2D"]\n[Auction "N"]\n- - - 1D ^S ^S 2D =1= $3 {why} Pass\n'
            'Pass Pass\n[Note "1:natural"]\n[Play "W"]\nSK H3 S4 S3\n*\n[OptimumResultTable "Declarer;Denomination"]\n'
            'N NT 7\n')
    (board,) = pbn.loads(text)
    (again,) = pbn.loads(pbn.dumps([board]))
    assert board.error is None and again.error is None
    assert again.tags == {**board.tags, "Auction": "W"}  # export format: the auction from the dealer (§3.5)
    assert (board.dashes, again.dashes) == (3, 0)
    assert again.calls == [type(wc)(**{**{f: getattr(wc, f) for f in wc.__slots__}, "offset": again.calls[i].offset})
                           for i, wc in enumerate(board.calls)]
    assert again.notes == board.notes and again.deal == board.deal
    assert again.sections == board.sections and again.play == board.play


@pytest.mark.parametrize("kind", KINDS, ids=[k.type for k in KINDS])
@settings(derandomize=True, max_examples=40, deadline=None)
@given(data=st.data())
def test_every_event_kind_survives_json_text_and_pbn(kind: EventKind, data: st.DataObject) -> None:
    """JSON -> text -> PBN commentary -> JSON gives the event back, for every registered kind
    (the strategies come from the registry, so a new kind is drawn here without a change)."""
    event = data.draw(kind_strategy(kind))
    as_json = to_json(event)
    back = read_event(to_text(from_json(as_json, "t")), "t")
    assert back == event
    scenario = Scenario(Seat.N, (back,))
    (board,) = pbn.loads(pbn.dumps([scenario]), "rt.pbn")
    assert board.error is None, board.error
    (again,) = board.to_scenario().events
    assert to_json(again) == as_json
