"""Hypothesis strategies for table events, derived from the one registry of event kinds
(:data:`auction_fsm.event_language.KINDS`): one strategy per field type, one per kind, so a
kind added to the registry is drawn by every round-trip test without touching them."""

from __future__ import annotations

from typing import Any

import hypothesis.strategies as st

from auction_fsm.calls import ALL_CALLS, Call, Strain
from auction_fsm.cards import Card, Suit
from auction_fsm.event_language import CHOICE_OPTIONS, GROUNDS, KINDS, EventKind, Field
from auction_fsm.events import ATTENTION_WHEN, JUDGEMENT_KINDS, Event
from auction_fsm.seats import Seat

SEATS = st.sampled_from(list(Seat))
# Low bids and passes more often than a uniform draw gives them, and a bid above seven (38).
_LOW = tuple(c for c in ALL_CALLS if c.is_bid and c.level <= 2) + (Call("pass"),) * 6
CALLS = st.one_of(st.sampled_from(ALL_CALLS), st.sampled_from(_LOW), st.just(Call.bid(8, Strain.C)))
CARDS = st.builds(Card, st.sampled_from(list(Suit)), st.sampled_from("23456789TJQKA"))
_STRAINS = st.sampled_from(list(Strain))

_BY_TYPE: dict[str, st.SearchStrategy[Any]] = {
    "seat": SEATS,
    "call": CALLS,
    "card": CARDS,
    "cards": st.lists(CARDS, min_size=1, max_size=3).map(tuple),
    "yes_no": st.booleans(),
    "count": st.integers(0, 12),
    "option": st.sampled_from(CHOICE_OPTIONS),
    "judgement": st.sampled_from(JUDGEMENT_KINDS),
    "ground": st.sampled_from(GROUNDS),
    "when": st.sampled_from(ATTENTION_WHEN),
}


def field_strategy(f: Field) -> st.SearchStrategy[Any]:
    """Values of one field; an optional field sometimes keeps its default."""
    if f.type == "strains":
        unique = f.default is None  # what a call showed names each denomination once
        values = st.lists(_STRAINS, max_size=3, unique=unique).map(tuple)
        return st.none() | values if f.default is None else values
    base = _BY_TYPE[f.type]
    return base if f.required else st.just(f.default) | base


def kind_strategy(kind: EventKind) -> st.SearchStrategy[Event]:
    """Events of one kind, every field drawn."""
    return st.builds(kind.cls, **{f.name: field_strategy(f) for f in kind.fields})


#: Events of every registered kind (calls twice as often: most of an auction is calls).
EVENTS: st.SearchStrategy[Event] = st.one_of(
    kind_strategy(KINDS[0]), *(kind_strategy(k) for k in KINDS))
