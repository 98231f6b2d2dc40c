"""Input events: what happens at the table, as the simulator receives it.

Every event has a ``type`` tag in its JSON form.  A call names its seat and the engine decides
whether it was in rotation, sufficient and admissible.  Everything the Laws leave to a player's
choice or to the director's judgement is an event of its own, never guessed by the model.

Scenario files of format version 1 that hold only ``call`` events keep loading unchanged: new
event types are added, existing ones never change meaning.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .calls import Call, Strain, parse_call
from .cards import Card, parse_card
from .errors import CardSyntaxError, ScenarioError
from .seats import Seat, parse_seat

__all__ = [
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
    "event_from_dict",
    "event_to_dict",
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

    def describe(self) -> str:
        return f"{self.seat.name} chooses {self.option}"


@dataclass(frozen=True, slots=True)
class ExposeCards:
    """The director finds that ``cards`` of ``seat`` were exposed during the auction (24);
    ``led`` when they were led prematurely."""

    seat: Seat
    cards: tuple[Card, ...]
    led: bool = False

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

    def describe(self) -> str:
        return f"{self.seat.name} tries to change its call to {self.call} ({self.ground})"


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """``seat`` asks for all previous calls to be restated (20B, 20C2)."""

    seat: Seat

    def describe(self) -> str:
        return f"{self.seat.name} asks for a review of the auction"


@dataclass(frozen=True, slots=True)
class ExplanationRequest:
    """``seat`` asks what an opponent's call means (20F1); ``call_index`` is 1-based, or 0 for
    the whole opposing auction."""

    seat: Seat
    call_index: int = 0

    def describe(self) -> str:
        what = f"call {self.call_index}" if self.call_index else "the opponents' auction"
        return f"{self.seat.name} asks for an explanation of {what}"


@dataclass(frozen=True, slots=True)
class Lead:
    """``seat`` leads ``card`` after the auction, face down (41A) or ``faced``."""

    seat: Seat
    card: Card
    faced: bool = True

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


Event = (CallEvent | DirectorCalled | Judgement | Choice | ExposeCards | ChangeCall
         | ReviewRequest | ExplanationRequest | Lead | FaceLead | HandsReturned)


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

_FIELDS: dict[str, tuple[set[str], set[str]]] = {  # type -> (required, optional)
    "call": ({"seat", "call"}, {"specifies"}),
    "director": (set(), {"by"}),
    "judgement": ({"kind", "value"}, {"denominations"}),
    "choice": ({"seat", "option"}, set()),
    "expose": ({"seat", "cards"}, {"led"}),
    "change": ({"seat", "call"}, {"ground"}),
    "review": ({"seat"}, set()),
    "explain": ({"seat"}, {"call_index"}),
    "lead": ({"seat", "card"}, {"faced"}),
    "face_lead": (set(), set()),
    "hands_returned": (set(), set()),
}


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


def _bool(data: dict[str, Any], name: str, where: str, default: bool | None = None) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise ScenarioError(f"{where}: {name!r} must be true or false, got {value!r}")
    return value


def _strain(token: object, where: str) -> Strain:
    text = token.strip().upper() if isinstance(token, str) else ""
    for s in Strain:
        if text in (s.name, s.symbol, "N" if s is Strain.NT else s.name):
            return s
    raise ScenarioError(f"{where}: unknown denomination {token!r}: expected C, D, H, S or NT")


def event_from_dict(data: object, where: str) -> Event:
    """Read one event of a scenario file; ``where`` locates it for error messages."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: an event must be an object, got {data!r}")
    kind = data.get("type", "call")
    if kind not in _FIELDS:
        raise ScenarioError(
            f"{where}: unknown event type {kind!r}: expected one of {', '.join(sorted(_FIELDS))}")
    required, optional = _FIELDS[kind]
    unknown = set(data) - required - optional - {"type"}
    if unknown:
        raise ScenarioError(f"{where}: unknown field(s) {sorted(unknown)} in a {kind} event")
    missing = required - set(data)
    if missing:
        raise ScenarioError(f"{where}: a {kind} event needs {sorted(missing)}")
    if kind == "call":
        shown = data.get("specifies")
        return CallEvent(parse_seat(data["seat"], where), parse_call(data["call"], where),
                         None if shown is None else _strains(shown, f"{where}, 'specifies'"))
    if kind == "director":
        by = data.get("by")
        return DirectorCalled(None if by is None else parse_seat(by, where))
    if kind == "judgement":
        if data["kind"] not in JUDGEMENT_KINDS:
            raise ScenarioError(f"{where}: unknown judgement {data['kind']!r}: expected one of "
                                f"{', '.join(JUDGEMENT_KINDS)}")
        dens = data.get("denominations", [])
        if not isinstance(dens, list):
            raise ScenarioError(f"{where}: 'denominations' must be a list, got {dens!r}")
        return Judgement(data["kind"], _bool(data, "value", where),
                         tuple(_strain(d, where) for d in dens))
    if kind == "choice":
        if not isinstance(data["option"], str):
            raise ScenarioError(f"{where}: 'option' must be text, got {data['option']!r}")
        return Choice(parse_seat(data["seat"], where), normalise_option(data["option"]))
    if kind == "expose":
        cards = data["cards"]
        if isinstance(cards, str):
            cards = cards.split()
        if not isinstance(cards, list) or not cards:
            raise ScenarioError(f"{where}: 'cards' must be a non-empty list, got {cards!r}")
        return ExposeCards(parse_seat(data["seat"], where),
                           tuple(parse_card(c, where) for c in cards), _bool(data, "led", where, False))
    if kind == "change":
        ground = data.get("ground", "slip")
        if ground not in ("slip", "misinformation"):
            raise ScenarioError(f"{where}: 'ground' must be slip or misinformation, got {ground!r}")
        return ChangeCall(parse_seat(data["seat"], where), parse_call(data["call"], where), ground)
    if kind == "review":
        return ReviewRequest(parse_seat(data["seat"], where))
    if kind == "lead":
        return Lead(parse_seat(data["seat"], where), parse_card(data["card"], where),
                    _bool(data, "faced", where, True))
    if kind == "face_lead":
        return FaceLead()
    if kind == "hands_returned":
        return HandsReturned()
    index = data.get("call_index", 0)
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise ScenarioError(f"{where}: 'call_index' must be a whole number >= 0, got {index!r}")
    return ExplanationRequest(parse_seat(data["seat"], where), index)


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON form of an event (inverse of :func:`event_from_dict`)."""
    if isinstance(event, CallEvent):
        out_call: dict[str, Any] = {"type": "call", "seat": event.seat.name, "call": event.call.text}
        if event.specifies is not None:
            out_call["specifies"] = [d.name for d in event.specifies]
        return out_call
    if isinstance(event, DirectorCalled):
        return {"type": "director"} if event.by is None else {"type": "director", "by": event.by.name}
    if isinstance(event, Judgement):
        out: dict[str, Any] = {"type": "judgement", "kind": event.kind, "value": event.value}
        if event.denominations:
            out["denominations"] = [d.name for d in event.denominations]
        return out
    if isinstance(event, Choice):
        return {"type": "choice", "seat": event.seat.name, "option": event.option}
    if isinstance(event, ExposeCards):
        return {"type": "expose", "seat": event.seat.name, "cards": [c.text for c in event.cards],
                "led": event.led}
    if isinstance(event, ChangeCall):
        return {"type": "change", "seat": event.seat.name, "call": event.call.text,
                "ground": event.ground}
    if isinstance(event, ReviewRequest):
        return {"type": "review", "seat": event.seat.name}
    if isinstance(event, Lead):
        return {"type": "lead", "seat": event.seat.name, "card": event.card.text, "faced": event.faced}
    if isinstance(event, FaceLead):
        return {"type": "face_lead"}
    if isinstance(event, HandsReturned):
        return {"type": "hands_returned"}
    return {"type": "explain", "seat": event.seat.name, "call_index": event.call_index}
