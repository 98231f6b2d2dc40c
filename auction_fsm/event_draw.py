"""Random events drawn from the one event registry: the fuzzer's vocabulary and the tests'.

Each field type of :data:`~auction_fsm.event_language.KINDS` (``seat``, ``call``, ``cards`` ...)
has one way to draw a random value (:data:`DRAWERS`), so every registered kind can be drawn
whole (:func:`draw_event`) or with the fields its context decides given and the rest drawn.
The fuzzer (:mod:`auction_fsm.fuzzing`) draws with its seeded :class:`random.Random`; the
Hypothesis strategies of the round-trip tests wrap the same drawers around a random source
that Hypothesis controls.  So a kind added to the registry is drawn by both without a change,
and a field type without a drawer fails :func:`check_drawable` (run by the tests).

The values lean the way tables do: mostly low bids and passes, now and then a bid above seven
(Law 38); mostly one exposed card; what a call showed mostly empty or one denomination.  An
optional field keeps its default half the time.

>>> import random
>>> from auction_fsm.events import ExposeCards
>>> event = draw_event(random.Random(1), "expose", seat="N")
>>> isinstance(event, ExposeCards) and event.seat.name == "N" and len(event.cards) >= 1
True
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable
from typing import Any, Final

from .calls import ALL_CALLS, PASS, Call, Strain
from .cards import Card, Suit
from .event_language import CHOICE_OPTIONS, GROUNDS, KINDS, EventKind, Field, FieldType, by_type
from .events import ATTENTION_WHEN, JUDGEMENT_KINDS, Event
from .seats import Seat

__all__ = ["Drawer", "DRAWERS", "DEFAULT_SHARE", "draw_value", "draw_event", "check_drawable",
           "ABOVE_SEVEN", "MORE_OPTIONS"]

Drawer = Callable[[random.Random], Any]
SEATS: Final = tuple(Seat)
RANKS: Final = "23456789TJQKA"
ABOVE_SEVEN: Final[tuple[Call, ...]] = tuple(Call.bid(level, s) for level in (8, 9, 10) for s in Strain)
_LOW: Final = tuple(c for c in ALL_CALLS if c.is_bid and c.level <= 2)
#: Option words beyond the choices the registry lists: words of options taken otherwise than
#: by a choice (the model must refuse them cleanly as choices) and every suit and card form.
MORE_OPTIONS: Final = ("director", "replace", "lho_calls", "correct_player_calls")
DEFAULT_SHARE: Final = 0.5  # how often an optional field keeps its default


def _call(rng: random.Random) -> Call:
    """Any call: a third passes, a third low bids, the rest any call, one in twenty above seven."""
    r = rng.random()
    if r < 0.05:
        return rng.choice(ABOVE_SEVEN)
    if r < 0.35:
        return PASS
    if r < 0.65:
        return rng.choice(_LOW)
    return rng.choice(ALL_CALLS)


def _card(rng: random.Random) -> Card:
    i = rng.randrange(52)
    return Card(Suit(i // 13), RANKS[i % 13])


def _cards(rng: random.Random) -> tuple[Card, ...]:
    """One to three different cards, mostly one."""
    picked = rng.sample(range(52), rng.choice((1, 1, 1, 2, 3)))
    return tuple(Card(Suit(i // 13), RANKS[i % 13]) for i in picked)


def _strains(rng: random.Random) -> tuple[Strain, ...]:
    """None to two different denominations."""
    return tuple(rng.sample(list(Strain), rng.choice((0, 0, 1, 1, 2))))


def _option(rng: random.Random) -> str:
    """An option word: one the registry lists, another word, or a suit or card form."""
    r = rng.random()
    if r < 0.1:
        return f"require_{rng.choice('CDHS')}"
    if r < 0.2:
        return f"prohibit_{rng.choice('CDHS')}"
    if r < 0.25:
        return f"designate_{_card(rng).text}"
    return rng.choice(CHOICE_OPTIONS + MORE_OPTIONS)


#: One way to draw a value of each field type.
DRAWERS: Final[dict[str, Drawer]] = {
    "seat": lambda rng: SEATS[rng.randrange(4)],
    "call": _call,
    "card": _card,
    "cards": _cards,
    "strains": _strains,
    "yes_no": lambda rng: rng.random() < 0.5,
    "count": lambda rng: rng.randint(0, 12),
    "option": _option,
    "judgement": lambda rng: rng.choice(JUDGEMENT_KINDS),
    "ground": lambda rng: rng.choice(GROUNDS),
    "when": lambda rng: rng.choice(ATTENTION_WHEN),
}


def draw_value(rng: random.Random, f: Field) -> Any:
    """A value of the field ``f``: its default now and then when it has one, else drawn."""
    if not f.required and rng.random() < DEFAULT_SHARE:
        return f.default
    return DRAWERS[f.type](rng)


def draw_event(rng: random.Random, kind: EventKind | str, /, **given: Any) -> Event:
    """An event of ``kind`` (an entry of the registry or its JSON type) with the fields in
    ``given`` as given and every other field drawn."""
    entry = by_type(kind) if isinstance(kind, str) else kind
    if entry is None:
        raise KeyError(f"no event kind {kind!r} in the registry")
    unknown = set(given) - {f.name for f in entry.fields}
    if unknown:
        raise TypeError(f"a {entry.type} event has no field(s) {sorted(unknown)}")
    values = {f.name: given[f.name] if f.name in given else draw_value(rng, f) for f in entry.fields}
    event: Event = entry.cls(**values)
    return event


def check_drawable() -> None:
    """Every field type has a drawer and every registered kind can be drawn; raises
    :class:`AssertionError` otherwise (run by the tests)."""
    types = set(typing.get_args(FieldType))
    assert types == set(DRAWERS), types ^ set(DRAWERS)
    rng = random.Random(0)
    for kind in KINDS:
        for _ in range(20):
            assert type(draw_event(rng, kind)) is kind.cls, kind.type
