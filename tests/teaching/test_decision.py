"""The waiting decision as a class meets it (:func:`auction_fsm.teaching.decision.facing`):
the order of the answers and the question the table faces come from the law book, for the web
trainer and any other front end."""

from __future__ import annotations

from auction_fsm.auction import AuctionState
from auction_fsm.event_language import read_event
from auction_fsm.lawbook import LAWS_2017
from auction_fsm.simulator import Simulator
from auction_fsm.teaching.charts import all_charts, row_key
from auction_fsm.teaching.decision import facing


def _after(*lines: str) -> AuctionState:
    sim = Simulator("N")
    sim.run([read_event(line, "the test") for line in lines])
    return sim.state


def test_27B_after_a_declined_insufficient_bid_the_pass_comes_first_and_the_irregular_replacements_last() -> None:
    state = _after("N 1H", "E 1C", "director", "S decline")
    answers = facing(state, LAWS_2017).answers
    first = answers[0]
    assert first.part == "pass" and [c.text for c in first.calls] == ["P"] and first.seat is not None
    assert first.seat.name == "E" and first.common
    # the common answers before the rare ones, and the rare ones are the calls the classifier
    # rules irregular: insufficient again (27), a redouble Law 19 does not permit, a bid above seven
    common = [a.common for a in answers]
    assert common == sorted(common, reverse=True)
    rare = {c.text for a in answers if not a.common for c in a.calls}
    assert {"1C", "1D", "1H", "XX", "8C"} <= rare and not {"P", "2C", "2S", "1S"} & rare
    # each answer names the row of the book its event takes first, a row of the waiting step
    assert all(a.row.startswith(f"phase:{state.pending.state_name}:") for a in answers if a.row)  # type: ignore[union-attr]


def test_27A1_the_question_the_table_faces_is_marked_on_the_insufficient_bid_chart() -> None:
    state = _after("N 1H", "E 1C")
    faced = facing(state, LAWS_2017)
    mark = faced.on_charts(all_charts(LAWS_2017))
    assert mark is not None and mark.stem == "flow_27"
    chart = next(c for c in all_charts(LAWS_2017) if c.stem == mark.stem)
    face = chart.box(mark.here[-1])
    # the "now" box holds the row South's pass would take (South calls over the bid, 27A1)
    from auction_fsm.engine import step

    passes = step(state, read_event("S P", "the test")).fired[0].row
    assert row_key(passes) in face.rows and row_key(passes) in faced.rows
    assert mark.here[-1] not in mark.asked


def test_nothing_waits_nothing_to_face() -> None:
    state = _after("N 1H")
    faced = facing(state, LAWS_2017)
    assert faced.answers == () and faced.on_charts(all_charts(LAWS_2017)) is None
