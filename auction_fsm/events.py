"""Input events: what happens at the table, as the simulator receives it.

Every event has a ``type`` tag in its JSON form.  A call names its seat and the engine decides
whether it was in rotation, sufficient and admissible.  Everything the Laws leave to a player's
choice or to the director's judgement is an event of its own, never guessed by the model.

Their JSON and text forms are defined once, in :mod:`auction_fsm.event_language`
(``event_from_dict``, ``event_to_dict``, ``read_event``, ``to_text``).

Scenario files of format version 1 that hold only ``call`` events keep loading unchanged: new
event types are added, existing ones never change meaning.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .calls import Call, Strain, parse_call
from .cards import Card, parse_card
from .errors import CardSyntaxError, ScenarioError
from .seats import Seat, parse_seat

__all__ = [
    "Attention",
    "ATTENTION_WHEN",
    "CallEvent",
    "DirectorCalled",
    "Judgement",
    "Choice",
    "ExposeCards",
    "ChangeCall",
    "ReviewRequest",
    "ExplanationRequest",
    "Lead",
    "FaceLead",
    "HandsReturned",
    "Event",
    "JUDGEMENT_KINDS",
]

JudgementKind = Literal["artificial", "comparable", "unintended", "misinformation", "dummy_seen",
                        "lowest_specifying"]
JUDGEMENT_KINDS: tuple[str, ...] = ("artificial", "comparable", "unintended", "misinformation", "dummy_seen",
                                    "lowest_specifying")


@dataclass(frozen=True, slots=True)
class CallEvent:
    """``seat`` makes ``call`` (in rotation or not: the engine decides).

    Text is accepted for either field, as a convenience from Python: ``CallEvent("E", "1C")``
    is ``CallEvent(Seat.E, Call.parse("1C"))``.  Anything that cannot be read raises
    :class:`~auction_fsm.errors.SeatSyntaxError` or :class:`~auction_fsm.errors.CallSyntaxError`
    at once, naming the token, rather than a ``TypeError`` deep inside the engine later.

    >>> CallEvent("e", "1nt")
    CallEvent(seat=Seat.E, call=Call.parse('1NT'), specifies=None)
    """

    seat: Seat
    call: Call
    #: What the call showed as the table explained or alerted it: the denominations it
    #: specified (``(Strain.H,)`` for a transfer 2D showing hearts, ``()`` for a relay that
    #: shows none).  ``None``: nothing was said, the call is taken as natural.  It decides
    #: 27B1a, which suits 26B lets declarer prohibit, and 29C for a call out of rotation.
    specifies: tuple[Strain, ...] | None = None

    def __post_init__(self) -> None:
        # Events are built on the hot path of every replay and exploration, so the common case
        # (a Seat and a Call already) costs two type tests; only other values are parsed.
        if type(self.seat) is not Seat:
            object.__setattr__(self, "seat", parse_seat(self.seat, "CallEvent seat"))
        if type(self.call) is not Call:
            object.__setattr__(self, "call", parse_call(self.call, "CallEvent call"))
        if self.specifies is not None:
            object.__setattr__(self, "specifies", _strains(self.specifies, "CallEvent specifies"))

    @staticmethod
    def of(seat: Seat | str, call: Call | str) -> CallEvent:
        """Build from text such as ``CallEvent.of("N", "1NT")``."""
        return CallEvent(parse_seat(seat), parse_call(call))

    def describe(self) -> str:
        shown = "" if self.specifies is None else (
            f" (showing {', '.join(d.name for d in self.specifies) or 'no denomination'})")
        return f"{self.seat.name}: {self.call}{shown}"


@dataclass(frozen=True, slots=True)
class DirectorCalled:
    """The director is summoned and assesses rectification now (before LHO calls)."""

    by: Seat | None = None

    def __post_init__(self) -> None:
        if self.by is not None:
            _seat_field(self, "by")

    def describe(self) -> str:
        return "director called" + (f" by {self.by.name}" if self.by is not None else "")


@dataclass(frozen=True, slots=True)
class Judgement:
    """A director's judgement: ``kind`` is artificial (29C/30C), comparable (23A), unintended
    (25A) or misinformation (21B1); ``denominations`` lists what an artificial call specified."""

    kind: JudgementKind
    value: bool
    denominations: tuple[Strain, ...] = ()

    def describe(self) -> str:
        return f"director judges {self.kind}: {'yes' if self.value else 'no'}"


@dataclass(frozen=True, slots=True)
class Choice:
    """A player's choice between the options a law gives them (e.g. ``accept``/``refuse``)."""

    seat: Seat
    option: str

    def __post_init__(self) -> None:
        _seat_field(self, "seat")

    def describe(self) -> str:
        return f"{self.seat.name} chooses {self.option}"


@dataclass(frozen=True, slots=True)
class ExposeCards:
    """The director finds that ``cards`` of ``seat`` were exposed during the auction (24);
    ``led`` when they were led prematurely."""

    seat: Seat
    cards: tuple[Card, ...]
    led: bool = False

    def __post_init__(self) -> None:
        _seat_field(self, "seat")
        if isinstance(self.cards, str) or any(type(c) is not Card for c in self.cards):
            cards = self.cards.split() if isinstance(self.cards, str) else self.cards
            object.__setattr__(self, "cards", tuple(parse_card(c, "ExposeCards cards") for c in cards))

    def describe(self) -> str:
        return f"{self.seat.name} exposes {' '.join(c.text for c in self.cards)}" + (
            " (led prematurely)" if self.led else "")


@dataclass(frozen=True, slots=True)
class ChangeCall:
    """``seat`` tries to replace its last call with ``call``; ``ground`` says why: a ``slip``
    (25A/25B) or ``misinformation`` from an opponent (21B1)."""

    seat: Seat
    call: Call
    ground: Literal["slip", "misinformation"] = "slip"

    def __post_init__(self) -> None:
        _seat_field(self, "seat")
        if type(self.call) is not Call:
            object.__setattr__(self, "call", parse_call(self.call, "ChangeCall call"))

    def describe(self) -> str:
        return f"{self.seat.name} tries to change its call to {self.call} ({self.ground})"


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """``seat`` asks for all previous calls to be restated (20B, 20C2)."""

    seat: Seat

    def __post_init__(self) -> None:
        _seat_field(self, "seat")

    def describe(self) -> str:
        return f"{self.seat.name} asks for a review of the auction"


@dataclass(frozen=True, slots=True)
class ExplanationRequest:
    """``seat`` asks what an opponent's call means (20F1); ``call_index`` is 1-based, or 0 for
    the whole opposing auction."""

    seat: Seat
    call_index: int = 0

    def __post_init__(self) -> None:
        _seat_field(self, "seat")

    def describe(self) -> str:
        what = f"call {self.call_index}" if self.call_index else "the opponents' auction"
        return f"{self.seat.name} asks for an explanation of {what}"


@dataclass(frozen=True, slots=True)
class Lead:
    """``seat`` leads ``card`` after the auction, face down (41A) or ``faced``."""

    seat: Seat
    card: Card
    faced: bool = True

    def __post_init__(self) -> None:
        _seat_field(self, "seat")
        if type(self.card) is not Card:
            object.__setattr__(self, "card", parse_card(self.card, "Lead card"))

    def describe(self) -> str:
        return f"{self.seat.name} leads {self.card.text}" + ("" if self.faced else " face down")


@dataclass(frozen=True, slots=True)
class FaceLead:
    """The face-down opening lead is turned face up: the auction period ends (41C, 17D1)."""

    def describe(self) -> str:
        return "the opening lead is faced"


@dataclass(frozen=True, slots=True)
class HandsReturned:
    """The four hands of a passed-out board are put back into the board: the auction period
    ends (17D2).  Until then an unintended final pass may still be changed (22B, 25A)."""

    def describe(self) -> str:
        return "the hands are returned to the board"


#: When attention may be said to be drawn to a call (see :class:`Attention`).
ATTENTION_WHEN: tuple[str, ...] = ("after_opening_lead", "later")


@dataclass(frozen=True, slots=True)
class Attention:
    """When attention is drawn to the irregular call just made (9A), if not at once.

    Given right after an inadmissible double or redouble (Law 19) that nobody has yet called
    over: ``when="after_opening_lead"`` says that nobody noticed it until after the opening lead
    was faced.  The call then stands as made, the auction goes on, and once the lead is faced
    the contract is scored as if the call had not been made (36C).  ``when="later"`` says only
    that nobody draws attention to it now: the call stands as made and the auction goes on until
    the director is next called in the auction period, which draws attention to it (36A if
    anyone has called since, else 36B); if nobody calls him before the lead is faced, 36C.
    Without this event an irregularity is taken as noticed at once, as the model has always done.
    """

    when: str = "after_opening_lead"

    def describe(self) -> str:
        if self.when == "later":
            return "nobody draws attention to that call for now"
        return "nobody draws attention to that call until after the opening lead is faced"


Event = (CallEvent | DirectorCalled | Judgement | Choice | ExposeCards | ChangeCall
         | ReviewRequest | ExplanationRequest | Lead | FaceLead | HandsReturned | Attention)


def _seat_field(event: object, name: str) -> None:
    """Let a seat be given as text (``"S"``, ``"south"``) from Python, as :class:`CallEvent`
    does; the common case, a :class:`Seat` already, costs one type test."""
    value = getattr(event, name)
    if type(value) is not Seat:
        object.__setattr__(event, name, parse_seat(value, f"{type(event).__name__} {name}"))


def _strains(values: object, where: str) -> tuple[Strain, ...]:
    """A tuple of denominations from strains or their text (``"H"``, ``"NT"``, ``"♥"``), each
    once; anything else raises :class:`ScenarioError` quoting it."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (tuple, list)):
        raise ScenarioError(f"{where}: expected a list of denominations such as [\"H\"], got {values!r}")
    out: list[Strain] = []
    for v in values:
        d = v if isinstance(v, Strain) else _strain(v, where)
        if d in out:
            raise ScenarioError(f"{where}: denomination {d.name!r} given twice")
        out.append(d)
    return tuple(out)

def normalise_option(text: str) -> str:
    """An option word in the engine's spelling: lower case, but a suit letter stays upper case
    (``Require_h`` -> ``require_H``)."""
    word = text.strip().lower()
    kind, _, suit = word.rpartition("_")
    if kind in ("require", "prohibit") and suit in ("c", "d", "h", "s"):
        return f"{kind}_{suit.upper()}"
    if kind == "designate" and suit:
        try:
            return f"{kind}_{parse_card(suit).text}"
        except CardSyntaxError:
            return word  # not a card: refused later as no option of the decision
    return word


def _strain(token: object, where: str) -> Strain:
    text = token.strip().upper() if isinstance(token, str) else ""
    for s in Strain:
        if text in (s.name, s.symbol, "N" if s is Strain.NT else s.name):
            return s
    raise ScenarioError(f"{where}: unknown denomination {token!r}: expected C, D, H, S or NT")
