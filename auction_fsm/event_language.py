"""The one language of table events: every event kind once, with its JSON form and its text form.

:data:`KINDS` lists each kind of :data:`~auction_fsm.events.Event` with its JSON ``type``, its
fields (name, what they hold, default) and how it is written as a line of text.  Everything
that reads or writes events takes them from here: scenario JSON
(:func:`event_from_dict`), the short text the ``teach`` command and the law
tests read, the ``{auction-fsm: ...}`` commentary of our PBN files (:mod:`auction_fsm.event_text`)
and the Hypothesis strategies of the round-trip tests.  A new event kind is one entry here.

The text form puts the seat first, then a verb, then the values; words in brackets are optional:

>>> from auction_fsm.events import ExposeCards, Lead
>>> to_text(read_event("E expose SK HK led"))
'E expose SK HK led'
>>> read_event("E lead DK facedown") == Lead("E", "DK", faced=False)
True
>>> [to_text(read_event(t)) for t in ("N 2D shows H", "director by S", "S accept", "face")]
['N 2D shows H', 'director S', 'S choose accept', 'face']

Files written by earlier releases put the verb first (``call E 1C``, ``lead E SK facedown``,
``choice W accept``); those spellings are still read, and written no more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Final, Literal

from .calls import Call, Strain, parse_call, quoted
from .cards import Card, parse_card
from .errors import AuctionFsmError, ScenarioError
from .events import (
    ATTENTION_WHEN,
    JUDGEMENT_KINDS,
    Attention,
    CallEvent,
    ChangeCall,
    Choice,
    DirectorCalled,
    Event,
    ExplanationRequest,
    ExposeCards,
    FaceLead,
    HandsReturned,
    Judgement,
    Lead,
    ReviewRequest,
    normalise_option,
)
from .seats import Seat, parse_seat

__all__ = ["Field", "TextForm", "EventKind", "KINDS", "kind_of", "by_type", "to_json", "from_json",
           "to_text", "read_event", "event_from_dict", "event_to_dict", "check_registry", "CHOICE_OPTIONS", "GROUNDS", "MAX_INDEX_DIGITS"]

#: What a field holds; decides how it is written in JSON and in text, and how tests draw it.
# (A list of strains is unique when it is optional (``specifies``: what a call showed); a
# judgement's ``denominations`` are kept as given, as earlier releases read them.)
FieldType = Literal["seat", "call", "card", "cards", "strains", "yes_no", "count", "option",
                    "judgement", "ground", "when"]
GROUNDS: Final = ("slip", "misinformation")
#: Option words a choice may name (the decisions list which apply); the round-trip tests draw
#: from these.  Any word is read: the model, not the reader, refuses an option it does not offer.
CHOICE_OPTIONS: Final = ("accept", "decline", "refuse", "spread", "keep", "withdraw", "change",
                         "let_remain", "no_prohibition", "require_S", "prohibit_H", "designate_SA")
MAX_INDEX_DIGITS: Final = 9  # a call index longer than this is no call of any auction
_NO_DEFAULT: Final = object()


@dataclass(frozen=True, slots=True)
class Field:
    """One field of an event: its name (the dataclass attribute and the JSON key), what it
    holds, its default (``_NO_DEFAULT``: required), and whether JSON writes it when it has its
    default value (kept as earlier releases wrote it)."""

    name: str
    type: FieldType
    default: Any = _NO_DEFAULT
    written_when_default: bool = False

    @property
    def required(self) -> bool:
        return self.default is _NO_DEFAULT


@dataclass(frozen=True, slots=True)
class TextForm:
    """How a kind is written as words: ``[seat] verb values [rest...] [optional] [flags]``.

    ``verb`` is ``""`` for a call (``N 1H``).  ``seat`` names the field written before the
    verb.  ``values`` are fields written one word each; ``rest`` a list field taking the
    remaining words; ``optional`` one trailing field left out at its default; ``flags`` trailing
    words that set a field (``led``: ``led`` true); ``keyword`` a word that introduces a list
    field (``shows H S``; ``shows none`` for an empty list).  ``aliases`` are other verbs read.
    """

    verb: str
    seat: str | None = None
    values: tuple[str, ...] = ()
    rest: str | None = None
    optional: str | None = None
    flags: tuple[tuple[str, str, Any], ...] = ()
    keyword: tuple[str, str] | None = None
    aliases: tuple[str, ...] = ()
    #: Other verbs that also set a field: ``(verb, field, value)``; the text of an event whose
    #: field has that value is written with that verb (``noticed later``).
    variants: tuple[tuple[str, str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class EventKind:
    """One kind of event: JSON ``type``, dataclass, fields and text form."""

    type: str
    cls: Callable[..., Event]
    fields: tuple[Field, ...]
    text: TextForm
    legacy_verb: str | None = None  # the verb-first word of earlier PBN commentary

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


KINDS: Final[tuple[EventKind, ...]] = (
    EventKind("call", CallEvent,
              (Field("seat", "seat"), Field("call", "call"), Field("specifies", "strains", None)),
              TextForm("", seat="seat", values=("call",), keyword=("specifies", "shows")), "call"),
    EventKind("director", DirectorCalled, (Field("by", "seat", None),),
              TextForm("director", optional="by")),
    EventKind("judgement", Judgement,
              (Field("kind", "judgement"), Field("value", "yes_no"), Field("denominations", "strains", ())),
              TextForm("judge", values=("kind", "value"), rest="denominations", aliases=("judgement",))),
    EventKind("choice", Choice, (Field("seat", "seat"), Field("option", "option")),
              TextForm("choose", seat="seat", values=("option",)), "choice"),
    EventKind("expose", ExposeCards,
              (Field("seat", "seat"), Field("cards", "cards"), Field("led", "yes_no", False, True)),
              TextForm("expose", seat="seat", rest="cards", flags=(("led", "led", True),)), "expose"),
    EventKind("change", ChangeCall,
              (Field("seat", "seat"), Field("call", "call"), Field("ground", "ground", "slip", True)),
              TextForm("change", seat="seat", values=("call",),
                       flags=(("ground", "misinformation", "misinformation"), ("ground", "slip", "slip"))),
              "change"),
    EventKind("review", ReviewRequest, (Field("seat", "seat"),), TextForm("review", seat="seat"), "review"),
    EventKind("explain", ExplanationRequest, (Field("seat", "seat"), Field("call_index", "count", 0, True)),
              TextForm("explain", seat="seat", optional="call_index"), "explain"),
    EventKind("lead", Lead, (Field("seat", "seat"), Field("card", "card"), Field("faced", "yes_no", True, True)),
              TextForm("lead", seat="seat", values=("card",),
                       flags=(("faced", "facedown", False), ("faced", "down", False)), aliases=("leads",)),
              "lead"),
    EventKind("face_lead", FaceLead, (), TextForm("face", aliases=("face_lead",))),
    EventKind("hands_returned", HandsReturned, (), TextForm("hands returned", aliases=("hands_returned",))),
    EventKind("attention", Attention, (Field("when", "when", "after_opening_lead", True),),
              TextForm("noticed after lead", aliases=("attention",),
                       variants=(("noticed later", "when", "later"), ("attention later", "when", "later")))),
)

_BY_CLASS: Final[dict[object, EventKind]] = {k.cls: k for k in KINDS}
_BY_TYPE: Final = {k.type: k for k in KINDS}
_YES_NO: Final = {"yes": True, "no": False}


def kind_of(event: object) -> EventKind:
    """The kind of an event; :class:`TypeError` for anything that is not one (a bug)."""
    try:
        return _BY_CLASS[type(event)]
    except KeyError:
        raise TypeError(f"not an event: {event!r}") from None


def by_type(name: str) -> EventKind | None:
    """The kind whose JSON ``type`` is ``name``."""
    return _BY_TYPE.get(name)


# --- values ------------------------------------------------------------------------------------
def _strain(token: object, where: str) -> Strain:
    text = token.strip().upper() if isinstance(token, str) else ""
    for s in Strain:
        if text in (s.name, s.symbol, "N" if s is Strain.NT else s.name):
            return s
    shown = quoted(token) if isinstance(token, str) else repr(token)[:40]
    raise ScenarioError(f"{where}: unknown denomination {shown}: expected C, D, H, S or NT")


def _strains(values: object, where: str, unique: bool = True) -> tuple[Strain, ...]:
    if isinstance(values, str | bytes) or not isinstance(values, tuple | list):
        raise ScenarioError(f"{where}: expected a list of denominations such as [\"H\"], got {repr(values)[:60]}")
    out: list[Strain] = []
    for v in values:
        d = v if isinstance(v, Strain) else _strain(v, where)
        if d in out and unique:
            raise ScenarioError(f"{where}: denomination {d.name!r} given twice")
        out.append(d)
    return tuple(out)


#: The field types read alike from JSON and from text: each by its own reader.
_ATOMS: dict[str, Callable[[Any, str], object]] = {"seat": parse_seat, "call": parse_call, "card": parse_card}


def _json_value(f: Field, value: object, where: str) -> object:
    """The field's value from its JSON form, checked."""
    t = f.type
    if t in _ATOMS:
        return _ATOMS[t](value, where)
    if t == "cards":
        cards = value.split() if isinstance(value, str) else value
        if not isinstance(cards, list) or not cards:
            raise ScenarioError(f"{where}: 'cards' must be a non-empty list, got {repr(value)[:60]}")
        return tuple(parse_card(c, where) for c in cards)
    if t == "strains":
        if f.default == () and not isinstance(value, list):
            raise ScenarioError(f"{where}: {f.name!r} must be a list, got {repr(value)[:60]}")
        return _strains(value, f"{where}, {f.name!r}" if f.default is None else where, f.default is None)
    if t == "yes_no":
        if not isinstance(value, bool):
            raise ScenarioError(f"{where}: {f.name!r} must be true or false, got {repr(value)[:60]}")
        return value
    if t == "count":
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ScenarioError(f"{where}: {f.name!r} must be a whole number >= 0, got {repr(value)[:60]}")
        return value
    if t == "option":
        if not isinstance(value, str):
            raise ScenarioError(f"{where}: {f.name!r} must be text, got {repr(value)[:60]}")
        return normalise_option(value)
    if t == "judgement":
        if value not in JUDGEMENT_KINDS:
            raise ScenarioError(f"{where}: unknown judgement {repr(value)[:60]}: expected one of "
                                f"{', '.join(JUDGEMENT_KINDS)}")
        return value
    if t == "when":
        if value not in ATTENTION_WHEN:
            raise ScenarioError(f"{where}: {f.name!r} must be one of {', '.join(ATTENTION_WHEN)}, "
                                f"got {repr(value)[:60]}")
        return value
    if value not in GROUNDS:
        raise ScenarioError(f"{where}: {f.name!r} must be slip or misinformation, got {repr(value)[:60]}")
    return value


def _plain(value: object) -> object:
    """A field's value in JSON: seats, calls, cards and strains by their text."""
    if isinstance(value, Seat | Strain):
        return value.name
    if isinstance(value, Call | Card):
        return value.text
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


# --- JSON --------------------------------------------------------------------------------------
def to_json(event: Event) -> dict[str, Any]:
    """The JSON object of an event (inverse of :func:`from_json`)."""
    kind = kind_of(event)
    out: dict[str, Any] = {"type": kind.type}
    for f in kind.fields:
        value = getattr(event, f.name)
        if not f.required and value == f.default and not f.written_when_default:
            continue
        out[f.name] = _plain(value)
    return out


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON object of an event (the name scenario code has always used for :func:`to_json`)."""
    return to_json(event)


def event_from_dict(data: object, where: str) -> Event:
    """Read one event of a scenario file (the name scenario code has always used for
    :func:`from_json`)."""
    return from_json(data, where)


def from_json(data: object, where: str) -> Event:
    """Read one event of a scenario file; ``where`` locates it for error messages."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: an event must be an object, got {repr(data)[:60]}")
    name = data.get("type", "call")
    kind = _BY_TYPE.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ScenarioError(f"{where}: unknown event type {repr(name)[:60]}: expected one of "
                            f"{', '.join(sorted(_BY_TYPE))}")
    known = {f.name for f in kind.fields}
    unknown = set(data) - known - {"type"}
    if unknown:
        raise ScenarioError(f"{where}: unknown field(s) {sorted(unknown)} in a {kind.type} event")
    missing = sorted(f.name for f in kind.fields if f.required and f.name not in data)
    if missing:
        raise ScenarioError(f"{where}: a {kind.type} event needs {missing}")
    values: dict[str, object] = {}
    for f in kind.fields:
        if f.name not in data or (data[f.name] is None and f.default is None):
            continue
        values[f.name] = _json_value(f, data[f.name], where)
    event: Event = kind.cls(**values)
    return event


# --- text --------------------------------------------------------------------------------------
def _word(f: Field, value: object) -> str:
    if f.type == "yes_no":
        return "yes" if value else "no"
    if f.type == "count":
        return str(value)
    plain = _plain(value)
    return " ".join(plain) if isinstance(plain, list) else str(plain)


def to_text(event: Event) -> str:
    """An event as one line of words (inverse of :func:`read_event`)."""
    kind = kind_of(event)
    form = kind.text
    words: list[str] = []
    if form.seat is not None:
        words.append(getattr(event, form.seat).name)
    variant = next((v for v, name, value in form.variants if getattr(event, name) == value), None)
    if variant is not None or form.verb:
        words.append(variant or form.verb)
    for name in form.values:
        words.append(_word(kind.field(name), getattr(event, name)))
    if form.rest is not None and getattr(event, form.rest):
        words.append(_word(kind.field(form.rest), getattr(event, form.rest)))
    if form.optional is not None:
        f = kind.field(form.optional)
        value = getattr(event, f.name)
        if value != f.default:
            words.append(_word(f, value))
    written: set[str] = set()
    for name, word, value in form.flags:
        current = getattr(event, name)
        if name not in written and current == value and current != kind.field(name).default:
            words.append(word)
            written.add(name)
    if form.keyword is not None:
        name, word = form.keyword
        value = getattr(event, name)
        if value is not None:
            words.append(f"{word} {_word(kind.field(name), value) or 'none'}")
    return " ".join(words)


def _text_value(f: Field, word: str, where: str) -> object:
    """The field's value from its word in the text form, checked."""
    t = f.type
    if t in _ATOMS:
        return _ATOMS[t](word, where)
    if t == "yes_no":
        if word.lower() not in _YES_NO:
            raise ScenarioError(f"{where}: say yes or no, not {quoted(word)}")
        return _YES_NO[word.lower()]
    if t == "count":
        if not word.isdigit() or len(word) > MAX_INDEX_DIGITS:
            raise ScenarioError(f"{where}: {quoted(word)} is not a call number such as 3")
        return int(word)
    if t == "option":
        return normalise_option(word)
    if t == "judgement":
        if word.lower() not in JUDGEMENT_KINDS:
            raise ScenarioError(f"{where}: no judgement called {quoted(word)}; the director judges: "
                                f"{', '.join(JUDGEMENT_KINDS)}")
        return word.lower()
    if t == "when":
        if word.lower() not in ATTENTION_WHEN:
            raise ScenarioError(f"{where}: {quoted(word)} is not {' or '.join(ATTENTION_WHEN)}")
        return word.lower()
    if word.lower() not in GROUNDS:
        raise ScenarioError(f"{where}: {quoted(word)} is not slip or misinformation")
    return word.lower()


def _list(f: Field, words: list[str], where: str) -> tuple[Any, ...]:
    if f.type == "cards":
        return tuple(parse_card(w, where) for w in words)
    if words == ["none"]:
        return ()
    return _strains(words, where, f.default is None)


def _seat_or_none(word: str) -> Seat | None:
    try:
        return parse_seat(word)
    except AuctionFsmError:
        return None


def _verb_kind(words: list[str], seat_first: bool) -> tuple[EventKind, int, dict[str, Any]] | None:
    """The kind whose verb (or alias, or variant) the words start with, how many words it takes
    and the field a variant sets."""
    for kind in KINDS:
        form = kind.text
        if not form.verb or (form.seat is not None) != seat_first:
            continue
        verbs: list[tuple[str, dict[str, Any]]] = [(v, {}) for v in (form.verb, *form.aliases)]
        verbs += [(v, {f: x}) for v, f, x in form.variants]
        for verb, preset in sorted(verbs, key=lambda vp: -vp[0].count(" ")):  # the longest verb first
            n = verb.count(" ") + 1
            if [w.lower() for w in words[:n]] == verb.split():
                return kind, n, preset
    return None


def _fill(kind: EventKind, words: list[str], text: str, where: str, seat: Seat | None,
          preset: dict[str, Any] | None = None) -> Event:
    """The event of ``kind`` from the words after its verb (``preset``: the fields its verb set)."""
    form = kind.text
    values: dict[str, Any] = dict(preset or {})
    if form.seat is not None:
        values[form.seat] = seat
    if form.keyword is not None:
        name, word = form.keyword
        low = [w.lower() for w in words]
        if word in low:
            at = low.index(word)
            listed = words[at + 1:]
            if not listed:
                raise ScenarioError(f"{where}: name what {quoted(text)} shows after '{word}' "
                                    "(C, D, H, S, NT, or none)")
            values[name] = _list(kind.field(name), listed, where)
            words = words[:at]
    while words and form.flags:
        match = next(((n, v) for n, w, v in form.flags if w == words[-1].lower()), None)
        if match is None or match[0] in values:
            break
        values[match[0]] = match[1]
        words = words[:-1]
    need = len(form.values)
    if len(words) < need:
        raise ScenarioError(f"{where}: cannot read {quoted(text)}: too few words (type help for every form)")
    for name, word in zip(form.values, words, strict=False):
        values[name] = _text_value(kind.field(name), word, where)
    words = words[need:]
    if form.rest is not None:
        f = kind.field(form.rest)
        if not words and f.required:
            raise ScenarioError(f"{where}: cannot read {quoted(text)}: name the {f.name} "
                                f"after '{form.verb}'")
        if words:
            values[f.name] = _list(f, words, where)
        words = []
    if form.optional is not None and words:
        f = kind.field(form.optional)
        if f.type == "seat" and words[0].lower() == "by" and len(words) == 2:
            words = words[1:]  # "director by N", as earlier releases wrote it
        if len(words) == 1:
            values[f.name] = _text_value(f, words[0], where)
            words = []
    if words:
        raise ScenarioError(f"{where}: cannot read {quoted(text)}: unexpected {quoted(' '.join(words))}")
    event: Event = kind.cls(**values)
    return event


def read_event(text: str, where: str = "") -> Event:
    """One event from its text form (see the module docstring); :class:`ScenarioError` (or a
    syntax error of a seat, call or card) quoting the text otherwise."""
    where = where or "event text"
    words = text.split()
    if not words:
        raise ScenarioError(f"{where}: an empty event")
    found = _verb_kind(words, seat_first=False)
    if found is not None:
        kind, n, preset = found
        return _fill(kind, words[n:], text, where, None, preset)
    legacy = next((k for k in KINDS if k.legacy_verb == words[0].lower()), None)
    if legacy is not None and len(words) >= 2 and _seat_or_none(words[1]) is not None:
        return _fill(legacy, words[2:], text, where, parse_seat(words[1]))
    seat = _seat_or_none(words[0])
    if seat is None:
        raise ScenarioError(f"{where}: cannot read {quoted(text)}: start with a seat (N, E, S, W) and say "
                            "what it does, e.g. 'N 1H'")
    if len(words) < 2:
        raise ScenarioError(f"{where}: cannot read {quoted(text)}: say what {seat.long_name} does, "
                            "e.g. 'N 1H' or 'N review'")
    found = _verb_kind(words[1:], seat_first=True)
    if found is not None:
        kind, n, preset = found
        return _fill(kind, words[1 + n:], text, where, seat, preset)
    if _looks_like_call(words[1]):
        return _fill(by_type_strict("call"), words[1:], text, where, seat)
    # A choice may leave out "choose": "S accept", "N prohibit H", "N no prohibition".
    if len(words) > 3:
        raise ScenarioError(f"{where}: cannot read {quoted(text)} (type help for every form)")
    return Choice(seat, normalise_option("_".join(words[1:])))


def _looks_like_call(word: str) -> bool:
    return word[:1].isdigit() or word.upper() in ("P", "PASS", "X", "XX", "D", "R", "DBL", "RDBL",
                                                  "DOUBLE", "REDOUBLE")


def by_type_strict(name: str) -> EventKind:
    """The kind whose JSON ``type`` is ``name`` (a bug if there is none)."""
    return _BY_TYPE[name]


def check_registry() -> None:
    """Every event class is a kind, and every field of a kind is a field of its class; raises
    :class:`AssertionError` otherwise (run by the tests)."""
    import typing

    classes = set(typing.get_args(Event))
    assert classes == set(_BY_CLASS), classes ^ set(_BY_CLASS)
    for kind in KINDS:
        names = [f.name for f in fields(kind.cls)]  # type: ignore[arg-type]
        assert names == [f.name for f in kind.fields], (kind.type, names)
