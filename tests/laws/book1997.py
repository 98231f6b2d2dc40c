"""Walking an auction under the law book ``1997`` (the 1997 text of Laws 30-33): the same
short event texts as :mod:`.conftest`, ruled by the engine under that book and, in step, by the
simulator (the ``transitions`` machines cross-checked after every event)."""

from __future__ import annotations

from auction_fsm.auction import AuctionState
from auction_fsm.engine import apply_event
from auction_fsm.lawbook import LAWS_1997
from auction_fsm.simulator import Simulator

from .conftest import _Declined, events

BOOK = LAWS_1997


def walk97(dealer: str, *texts: str) -> AuctionState:
    """The state after the events under the 1997 book; the simulator must reach the same one."""
    state = AuctionState.start(dealer, law_book=BOOK)
    sim = Simulator(dealer, book=BOOK)
    for e in events(*texts):
        real = e.resolve(state) if isinstance(e, _Declined) else e
        state = apply_event(state, real)  # the position's book: BOOK
        sim.apply(real)
    assert sim.state == state
    return state


def calls(state: AuctionState) -> list[str]:
    """The legal calls of the seat to act, as text."""
    return [c.text for c in state.legal_calls()]
