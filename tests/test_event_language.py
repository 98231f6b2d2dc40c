"""The one event language (auction_fsm/event_language.py): every event class is registered,
each reader of short text reads the same form, and the fuzzer draws every registered kind."""

from __future__ import annotations

import random

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.calls import Call, Strain
from auction_fsm.engine import apply_event
from auction_fsm.errors import ScenarioError
from auction_fsm.event_draw import DRAWERS, check_drawable, draw_event
from auction_fsm.event_language import KINDS, check_registry, from_json, read_event, to_json, to_text
from auction_fsm.event_text import event_to_words, words_to_event
from auction_fsm.events import (
    CallEvent,
    Choice,
    DirectorCalled,
    ExposeCards,
    HandsReturned,
    Lead,
)
from auction_fsm.fuzzing import next_event
from auction_fsm.seats import Seat
from auction_fsm.teaching.session import parse_event


def test_every_event_class_is_one_registered_kind() -> None:
    check_registry()


def test_every_registered_kind_can_be_drawn() -> None:
    """Each field type has the registry's one drawer (the fuzzer's and the Hypothesis
    strategies'), so every kind is drawn whole; a kind with a field type nobody can draw fails
    here."""
    check_drawable()
    rng = random.Random(2017)
    for kind in KINDS:
        for _ in range(30):
            event = draw_event(rng, kind)
            assert from_json(to_json(event), "drawn") == event
            assert read_event(to_text(event)) == event


def test_a_field_type_without_a_drawer_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(DRAWERS, "when")
    with pytest.raises(AssertionError):
        check_drawable()


def test_drawing_with_a_field_the_kind_lacks_is_refused() -> None:
    with pytest.raises(TypeError, match="no field"):
        draw_event(random.Random(1), "review", seat=Seat.N, card="SA")


@pytest.mark.parametrize("text, event", [
    # the opening lead everywhere (it was an exposed card in the law tests)
    ("E lead DK", Lead(Seat.E, "DK")),  # type: ignore[arg-type]  # text accepted at run time
    ("E lead DK facedown", Lead(Seat.E, "DK", faced=False)),  # type: ignore[arg-type]  # text accepted at run time
    ("E expose DK led", ExposeCards(Seat.E, "DK", led=True)),  # type: ignore[arg-type]  # text accepted at run time
    ("hands returned", HandsReturned()),
    ("N 2D shows H", CallEvent(Seat.N, "2D", ("H",))),  # type: ignore[arg-type]
    ("S accept", Choice(Seat.S, "accept")),
    ("director S", DirectorCalled(Seat.S)),
])
def test_teach_pbn_commentary_and_law_tests_read_one_form(text: str, event: object) -> None:
    from laws.conftest import ev

    assert parse_event(text) == event
    assert words_to_event(text, "here") == event
    assert ev(text) == event
    assert read_event(event_to_words(event), "here") == event


@pytest.mark.parametrize("old, new", [
    ("call E 1C", "E 1C"), ("choice W accept", "W choose accept"), ("lead E SK facedown", "E lead SK facedown"),
    ("expose E SA HK led", "E expose SA HK led"), ("judgement comparable no", "judge comparable no"),
    ("director by N", "director N"), ("face_lead", "face"), ("explain S 3", "S explain 3"),
])
def test_commentary_of_earlier_releases_is_still_read(old: str, new: str) -> None:
    assert to_text(read_event(old)) == new


@pytest.mark.parametrize("text, fragment", [
    ("N", "say what North does"), ("judge comparable maybe", "yes or no"), ("Q 1C", "start with a seat"),
    ("E explain " + "9" * 4301, "not a call number"), ("E expose", "name the cards"),
])
def test_bad_text_is_a_clear_error(text: str, fragment: str) -> None:
    with pytest.raises(ScenarioError) as info:
        read_event(text)
    assert fragment in str(info.value) and len(str(info.value)) < 300


def test_the_fuzzer_draws_every_registered_kind() -> None:
    """The fuzzer's vocabulary is the registry's: walking positions with a fixed seed, it
    proposes an event of every kind."""
    rng = random.Random(20)
    seen: set[type] = set()
    pending = apply_event(AuctionState.start("N").calls("1H"), CallEvent(Seat.E, Call.bid(1, Strain.C)))
    states = [AuctionState.start("N"), AuctionState.start("N").calls("1NT P P P"),
              AuctionState.start("N").calls("P P P P"), pending]  # some kinds only while a ruling waits
    for _ in range(400):
        for state in states:
            seen.add(type(next_event(rng, state)))
    assert seen == {k.cls for k in KINDS}
