"""Scenario files: a versioned JSON record of one board's auction period, replayable.

A scenario names the dealer and the vulnerability and lists the *events* that happened at the
table in order (for now: calls by named seats).  The format is described in
``docs/scenario-format.md`` and by the JSON Schema shipped as
``auction_fsm/schema/scenario-v1.schema.json``; this module validates files by hand, so reading a
scenario needs nothing beyond the standard library.

Compatibility policy (see the format document): new event types and new optional fields are
added within version 1, so every file that loads today keeps loading.  A file declaring a higher
version than this release knows raises :class:`~auction_fsm.errors.SchemaVersionError`; an event
type this release does not know raises :class:`~auction_fsm.errors.ScenarioError` naming the type
and the event.

>>> s = loads_scenario('''{"format": "auction-fsm-scenario", "version": 1, "dealer": "E",
...   "events": [{"type": "call", "seat": "E", "call": "1S"}]}''', "inline")
>>> sim = s.simulate()
>>> sim.state.turn, len(s.events)
(Seat.S, 1)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from .calls import quoted
from .engine import Step
from .errors import AuctionFsmError, InternalError, ScenarioError, SchemaVersionError
from .event_language import event_from_dict, event_to_dict
from .events import Event
from .lawbook import BOOKS, LAWS_2017, LawBook, UnknownLawBookError, book_named, is_book_name
from .seats import Seat, parse_seat
from .simulator import Simulator
from .vulnerability import VULNERABILITIES, Vulnerability, parse_vulnerability

__all__ = [
    "FORMAT",
    "VERSION",
    "VULNERABILITIES",
    "Vulnerability",
    "Scenario",
    "Replay",
    "load_scenario",
    "loads_scenario",
    "dump_scenario",
    "schema_path",
    "bundled_examples",
]

FORMAT: Final = "auction-fsm-scenario"
VERSION: Final = 1  # the highest format version this release reads and the one it writes


_REQUIRED: Final = ("format", "version", "dealer", "events")
_OPTIONAL: Final = ("title", "description", "vulnerability", "law_book")


@dataclass(frozen=True, slots=True)
class Replay:
    """The outcome of replaying a scenario: the simulator as far as it got, and why it stopped.

    ``error`` is ``None`` when every event was applied.  Otherwise ``failed_event`` is the
    1-based number of the refused event, ``error`` says why (its message names the source, the
    event and the token), and ``simulator`` holds everything recorded before it.
    """

    scenario: Scenario
    simulator: Simulator
    error: AuctionFsmError | None = None
    failed_event: int | None = None

    @property
    def ok(self) -> bool:
        """True when every event of the scenario was applied."""
        return self.error is None


@dataclass(frozen=True, slots=True)
class Scenario:
    """One board's auction period as a list of events.

    ``source`` names where the scenario came from (a file name, or any label) and is used only
    in error messages; it is not written by :func:`dump_scenario`.
    """

    dealer: Seat
    events: tuple[Event, ...] = ()
    vulnerability: Vulnerability = "None"
    title: str | None = None
    description: str | None = None
    source: str = field(default="<scenario>", compare=False)
    #: The law book the board is ruled by, when the file names one (``None``: the default).
    law_book: str | None = None

    def __post_init__(self) -> None:
        # From Python a seat and a vulnerability may be text (``Scenario("N", events, "none")``),
        # and the events any iterable; they are read here, once.
        if type(self.dealer) is not Seat:
            object.__setattr__(self, "dealer", parse_seat(self.dealer, "Scenario dealer"))
        if self.vulnerability not in VULNERABILITIES:
            object.__setattr__(self, "vulnerability", parse_vulnerability(self.vulnerability, "Scenario"))
        if type(self.events) is not tuple:
            object.__setattr__(self, "events", tuple(self.events))

    def where(self, index: int) -> str:
        """Locate event number ``index`` (1-based) for a message: ``file.json, event 3``."""
        return f"{self.source}, event {index}"

    def replay(self, *, check: bool = True, book: LawBook | None = None, keep_steps: int | None = None,
               on_step: Callable[[int, Step], None] | None = None) -> Replay:
        """Apply the events in order under ``book`` (by default the book the scenario names,
        else 2017), stopping at the first one refused; never raises for a refusal (a fault of
        this package, an :class:`InternalError`, propagates).

        ``check`` makes the simulator compare machines and engine after every event.  A
        scenario naming a book that does not exist raises :class:`UnknownLawBookError`.
        ``on_step(n, step)``, if given, sees each step as it is made (numbered from 1), and
        ``keep_steps`` bounds how many the simulator keeps: with both, a replay takes time and
        memory linear in the events (the command line tells each step as it comes).
        """
        if book is None:
            book = book_named(self.law_book) if self.law_book is not None else LAWS_2017
        sim = Simulator(self.dealer, self.vulnerability, check=check, book=book, keep_steps=keep_steps)
        for index, event in enumerate(self.events, 1):
            try:
                st = sim.apply(event)
            except InternalError:
                raise
            except AuctionFsmError as err:
                located = _relocated(err, f"{self.where(index)} ({event.describe()})")
                return Replay(self, sim, located, index)
            if on_step is not None:
                on_step(index, st)
        return Replay(self, sim)

    def simulate(self, *, check: bool = True, book: LawBook | None = None) -> Simulator:
        """The simulator after every event; raise the first refusal, located in the scenario."""
        result = self.replay(check=check, book=book)
        if result.error is not None:
            raise result.error
        return result.simulator

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this scenario (keys in the documented order)."""
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.title is not None:
            out["title"] = self.title
        if self.description is not None:
            out["description"] = self.description
        out["dealer"] = self.dealer.name
        out["vulnerability"] = self.vulnerability
        if self.law_book is not None:
            out["law_book"] = self.law_book
        out["events"] = [event_to_dict(e) for e in self.events]
        return out


def _relocated(err: AuctionFsmError, where: str) -> AuctionFsmError:
    """A copy of ``err`` (same class, same attributes such as ``law``) whose message starts
    with ``where``.  The class is kept so the caller still learns what kind of problem it was.
    """
    cls = type(err)
    new = cls.__new__(cls, f"{where}: {err}")
    new.__dict__.update(err.__dict__)
    new.__cause__ = err
    return new


# --- reading ----------------------------------------------------------------------------------
def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file.

    Raises :class:`OSError` when the file cannot be read and
    :class:`~auction_fsm.errors.ScenarioError` (or its subclass
    :class:`~auction_fsm.errors.SchemaVersionError`) when its content is not a valid scenario.
    """
    p = Path(path)
    data = p.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ScenarioError(f"{path}: not UTF-8 text (bad byte at offset {err.start})") from None
    return loads_scenario(text, str(path))


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json`` object hook: a key given twice is almost always a typing slip, so refuse it."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ScenarioError(f"key {key!r} appears twice in one object")
        out[key] = value
    return out


def _line_column(text: str, offset: int) -> str:
    """``line L, column C`` (both from 1) of ``offset`` in ``text``, as JSON errors say it."""
    line = text.count("\n", 0, offset) + 1
    return f"line {line}, column {offset - (text.rfind(chr(10), 0, offset) + 1) + 1}"


def _int_reader(text: str) -> Callable[[str], int]:
    """A ``parse_int`` hook for :func:`json.loads` that turns Python's refusal of a number with
    too many digits (the integer-string limit, 4,300 digits by default) into a
    :class:`ScenarioError` quoting a shortened form of the number and where it is."""
    def read(digits: str) -> int:
        try:
            return int(digits)
        except ValueError:
            at = text.find(digits)
            where = f" at {_line_column(text, at)}" if at >= 0 else ""
            raise ScenarioError(f"a number of {len(digits.lstrip('-'))} digits{where} "
                                f"({quoted(digits)}) is too long to be read") from None
    return read


def _parse_json(text: str, source: str) -> object:
    """Decode JSON, turning every decoding problem into a :class:`ScenarioError` with a place."""
    if not text.strip():
        raise ScenarioError(f"{source}: the file is empty; expected a JSON scenario object")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_int=_int_reader(text))
    except json.JSONDecodeError as err:
        at = f"line {err.lineno}, column {err.colno}"
        if not text[err.pos:].strip():
            raise ScenarioError(
                f"{source}: the JSON ends too early at {at} ({err.msg}); is the file truncated?"
            ) from None
        raise ScenarioError(f"{source}: malformed JSON at {at}: {err.msg}") from None
    except ScenarioError as err:
        raise ScenarioError(f"{source}: {err}") from None
    except RecursionError:
        raise ScenarioError(f"{source}: the JSON is nested too deeply") from None


def _type_name(value: object) -> str:
    """The JSON name of a decoded value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    return {dict: "object", list: "array", str: "string", int: "number", float: "number"}.get(
        type(value), type(value).__name__)


def _optional_text(obj: dict[str, Any], key: str, source: str) -> str | None:
    value = obj.get(key)
    if value is not None and not isinstance(value, str):
        raise ScenarioError(f"{source}: {key!r} must be a string, got {_type_name(value)} {value!r}")
    return value


def loads_scenario(text: str, source_name: str = "<scenario>") -> Scenario:
    """Read a scenario from JSON text; ``source_name`` is used in error messages."""
    src = source_name
    obj = _parse_json(text, src)
    if not isinstance(obj, dict):
        raise ScenarioError(f"{src}: a scenario must be a JSON object, got {_type_name(obj)}")
    missing = [k for k in _REQUIRED if k not in obj]
    if missing:
        raise ScenarioError(f"{src}: missing required field(s) {', '.join(map(repr, missing))}")
    unknown = sorted(set(obj) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        known = ", ".join(_REQUIRED + _OPTIONAL)
        raise ScenarioError(f"{src}: unknown field(s) {', '.join(map(repr, unknown))} (known: {known})")
    if obj["format"] != FORMAT:
        raise ScenarioError(f"{src}: 'format' must be {FORMAT!r}, got {obj['format']!r}")
    version = obj["version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ScenarioError(f"{src}: 'version' must be a whole number from 1, got {version!r}")
    if version > VERSION:
        raise SchemaVersionError(
            f"{src}: scenario format version {version} is newer than this release reads "
            f"(up to {VERSION}); upgrade auction-fsm to read it")
    dealer = parse_seat(obj["dealer"], f"{src}, 'dealer'")
    vul = parse_vulnerability(obj.get("vulnerability", "None"), src)
    events_data = obj["events"]
    if not isinstance(events_data, list):
        raise ScenarioError(f"{src}: 'events' must be an array, got {_type_name(events_data)}")
    events = tuple(_read_event(item, f"{src}, event {i}") for i, item in enumerate(events_data, 1))
    law_book = _optional_text(obj, "law_book", src)
    if law_book is not None and not is_book_name(law_book):
        raise UnknownLawBookError(f"{src}, 'law_book': no law book {law_book!r}: the law books are "
                                  f"{', '.join(sorted(BOOKS))}")
    return Scenario(
        dealer=dealer,
        events=events,
        vulnerability=vul,
        title=_optional_text(obj, "title", src),
        description=_optional_text(obj, "description", src),
        source=src,
        law_book=law_book,
    )


def _read_event(item: object, where: str) -> Event:
    """One event; the ``type`` tag is required here so every event says what it is."""
    if not isinstance(item, dict):
        raise ScenarioError(f"{where}: an event must be a JSON object, got {_type_name(item)} {item!r}")
    kind = item.get("type")
    if kind is None:
        raise ScenarioError(f"{where}: the event has no 'type' (e.g. \"type\": \"call\")")
    if not isinstance(kind, str):
        raise ScenarioError(f"{where}: 'type' must be a string, got {_type_name(kind)} {kind!r}")
    return event_from_dict(item, where)


# --- writing ----------------------------------------------------------------------------------
def dump_scenario(scenario: Scenario) -> str:
    """The scenario as JSON text (UTF-8 friendly, two-space indent, ending in a newline).

    ``loads_scenario(dump_scenario(s)) == s`` for every scenario ``s``.
    """
    return json.dumps(scenario.to_dict(), indent=2, ensure_ascii=False) + "\n"


# --- shipped files ----------------------------------------------------------------------------
def schema_path(version: int = VERSION) -> Path:
    """Where the JSON Schema of scenario format ``version`` is installed."""
    return Path(__file__).resolve().parent / "schema" / f"scenario-v{version}.schema.json"


def _example_dirs() -> Iterator[Path]:
    """Places the example scenarios may be: a source checkout (also an editable install), or
    the ``share/auction-fsm/examples`` data directory a wheel installs."""
    yield Path(__file__).resolve().parent.parent / "examples"
    yield Path(sys.prefix) / "share" / "auction-fsm" / "examples"


def bundled_examples() -> list[Path]:
    """The example scenario files (``examples/*.json``), sorted by name.

    Raises :class:`ScenarioError` naming the places looked in when none is found.
    """
    looked = []
    for d in _example_dirs():
        found = sorted(d.glob("*.json"))
        if found:
            return found
        looked.append(str(d))
    raise ScenarioError(f"no example scenarios found (looked in {' and '.join(looked)})")
