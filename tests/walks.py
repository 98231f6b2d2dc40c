"""Fuzzed walks for tests that check every step of them: the positions and events met."""

from __future__ import annotations

import random
from collections.abc import Iterator

from auction_fsm.auction import AuctionState
from auction_fsm.engine import rule_in_full
from auction_fsm.errors import AuctionFsmError
from auction_fsm.events import Event
from auction_fsm.fuzzing import next_event
from auction_fsm.lawbook import LawBook
from auction_fsm.seats import Seat


def fuzzed_steps(book: LawBook, seeds: range, length: int = 160) -> Iterator[tuple[AuctionState, Event]]:
    """Every (position, event) of one fuzzed walk per seed (the dealer turns with the seed), up
    to ``length`` events each, refused events included: the walk goes on from the position
    before them.  A walk ends where the auction period does (the lead faced, hands returned)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = AuctionState.start(Seat(seed % 4), law_book=book)
        for _ in range(length):
            event = next_event(rng, state)
            yield state, event
            try:
                state = rule_in_full(state, event).after
            except AuctionFsmError:
                continue
            if state.phase in ("play", "hands_returned"):
                break
