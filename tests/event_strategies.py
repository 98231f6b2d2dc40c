"""Hypothesis strategies for table events, from the one registry of event kinds.

Every value is drawn by the registry's own drawers (:data:`auction_fsm.event_draw.DRAWERS`, the
fuzzer's too) from a random source that Hypothesis controls, so a kind added to the registry
is drawn by every round-trip test without touching them, and the examples still shrink and
replay (derandomized settings)."""

from __future__ import annotations

import random

import hypothesis.strategies as st

from auction_fsm.event_draw import draw_event
from auction_fsm.event_language import KINDS, EventKind
from auction_fsm.events import Event
from auction_fsm.seats import Seat

SEATS = st.sampled_from(list(Seat))
_RANDOM = st.randoms(use_true_random=False)


def kind_strategy(kind: EventKind) -> st.SearchStrategy[Event]:
    """Events of one kind, every field drawn."""
    def draw(rng: random.Random) -> Event:
        return draw_event(rng, kind)

    return _RANDOM.map(draw)


#: Events of every registered kind (calls twice as often: most of an auction is calls).
EVENTS: st.SearchStrategy[Event] = st.one_of(
    kind_strategy(KINDS[0]), *(kind_strategy(k) for k in KINDS))
