"""Events as short words, for the commentary our PBN writer leaves in a file.

PBN has no notation for a cancelled call, the director being called, a judgement or a player's
choice (PBN 2.1 §3.9 leaves solved irregularities to comments).  Our writer therefore puts each
such event in a brace comment ``{auction-fsm: <event>; <event>}`` at the place in the auction
where it happened, and our reader turns those words back into the very same events.  The words
are documented in ``docs/file-formats.md``:

>>> from auction_fsm.events import CallEvent, Judgement
>>> event_to_words(CallEvent.of("E", "1C")), event_to_words(Judgement("comparable", False))
('call E 1C', 'judgement comparable no')
>>> words_to_event("choice W accept", "here")
Choice(seat=Seat.W, option='accept')

A brace comment cannot hold ``}``, and none of these words ever contains one.
"""

from __future__ import annotations

from typing import Final, cast

from .calls import Strain, parse_call
from .cards import parse_card
from .errors import ScenarioError
from .events import (
    JUDGEMENT_KINDS,
    CallEvent,
    ChangeCall,
    Choice,
    DirectorCalled,
    Event,
    ExplanationRequest,
    ExposeCards,
    FaceLead,
    Judgement,
    JudgementKind,
    Lead,
    ReviewRequest,
    normalise_option,
)
from .seats import parse_seat

__all__ = ["MARK", "event_to_words", "words_to_event", "CHANGE_NEXT", "ALERT"]

MARK: Final = "auction-fsm:"  # how a brace comment written by us starts
CHANGE_NEXT: Final = "change"  # ``change slip`` alone: the next written call is a change of call
ALERT: Final = "alert"  # ``alert`` alone: the call before was alerted (no event: a mark on the call)

_YES_NO = {"yes": True, "no": False}
_STRAINS = {s.name: s for s in Strain}


def event_to_words(event: Event) -> str:
    """One event as a few words separated by spaces (inverse of :func:`words_to_event`)."""
    if isinstance(event, CallEvent):
        return f"call {event.seat.name} {event.call.text}"
    if isinstance(event, DirectorCalled):
        return "director" if event.by is None else f"director by {event.by.name}"
    if isinstance(event, Judgement):
        dens = "".join(f" {d.name}" for d in event.denominations)
        return f"judgement {event.kind} {'yes' if event.value else 'no'}{dens}"
    if isinstance(event, Choice):
        return f"choice {event.seat.name} {event.option}"
    if isinstance(event, ExposeCards):
        cards = " ".join(c.text for c in event.cards)
        return f"expose {event.seat.name} {cards}{' led' if event.led else ''}"
    if isinstance(event, ChangeCall):
        return f"change {event.seat.name} {event.call.text} {event.ground}"
    if isinstance(event, ReviewRequest):
        return f"review {event.seat.name}"
    if isinstance(event, ExplanationRequest):
        return f"explain {event.seat.name} {event.call_index}"
    if isinstance(event, Lead):
        return f"lead {event.seat.name} {event.card.text}{'' if event.faced else ' facedown'}"
    if isinstance(event, FaceLead):
        return "face_lead"
    raise TypeError(f"not an event: {event!r}")  # a bug: every Event type is listed above


def _need(words: list[str], low: int, high: int, text: str, where: str) -> None:
    if not low <= len(words) <= high:
        raise ScenarioError(f"{where}: cannot read event {text!r}: wrong number of words")


def words_to_event(text: str, where: str) -> Event:
    """Read one event written by :func:`event_to_words`; raise :class:`ScenarioError` (or a
    syntax error of a seat, call or card) quoting ``text`` and ``where`` otherwise."""
    words = text.split()
    if not words:
        raise ScenarioError(f"{where}: an empty event in an auction-fsm comment")
    kind, rest = words[0], words[1:]
    if kind == "call":
        _need(rest, 2, 2, text, where)
        return CallEvent(parse_seat(rest[0], where), parse_call(rest[1], where))
    if kind == "director":
        if not rest:
            return DirectorCalled()
        if len(rest) == 2 and rest[0] == "by":
            return DirectorCalled(parse_seat(rest[1], where))
    elif kind == "judgement":
        if len(rest) >= 2 and rest[0] in JUDGEMENT_KINDS and rest[1] in _YES_NO:
            dens = tuple(_STRAINS[d] for d in rest[2:] if d in _STRAINS)
            if len(dens) == len(rest) - 2:
                return Judgement(cast(JudgementKind, rest[0]), _YES_NO[rest[1]], dens)
    elif kind == "choice":
        _need(rest, 2, 2, text, where)
        return Choice(parse_seat(rest[0], where), normalise_option(rest[1]))
    elif kind == "expose":
        led = bool(rest) and rest[-1] == "led"
        cards = rest[1:-1] if led else rest[1:]
        if rest and cards:
            return ExposeCards(parse_seat(rest[0], where), tuple(parse_card(c, where) for c in cards), led)
    elif kind == "change":
        _need(rest, 3, 3, text, where)
        if rest[2] in ("slip", "misinformation"):
            return ChangeCall(parse_seat(rest[0], where), parse_call(rest[1], where),
                              "slip" if rest[2] == "slip" else "misinformation")
    elif kind == "review":
        _need(rest, 1, 1, text, where)
        return ReviewRequest(parse_seat(rest[0], where))
    elif kind == "explain":
        _need(rest, 2, 2, text, where)
        if rest[1].isdigit() and len(rest[1]) <= 9:
            return ExplanationRequest(parse_seat(rest[0], where), int(rest[1]))
    elif kind == "lead":
        if len(rest) in (2, 3) and (len(rest) == 2 or rest[2] == "facedown"):
            return Lead(parse_seat(rest[0], where), parse_card(rest[1], where), len(rest) == 2)
    elif kind == "face_lead" and not rest:
        return FaceLead()
    raise ScenarioError(f"{where}: cannot read event {text!r} in an auction-fsm comment")
