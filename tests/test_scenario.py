"""Scenario files: reading, writing, replaying, and every way a file can be wrong.

Each bad file must raise a :class:`ScenarioError` (or a syntax error of the core) whose message
says what is wrong and where: the source name, the event number and the offending token.
"""

from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from auction_fsm import AuctionState, Seat
from auction_fsm.errors import (
    AuctionFsmError,
    AuctionOverError,
    CallSyntaxError,
    IllegalCallError,
    IllegalLeadError,
    ScenarioError,
    SchemaVersionError,
    SeatSyntaxError,
)
from auction_fsm.events import JUDGEMENT_KINDS, CallEvent, Choice, Event
from auction_fsm.scenario import (
    FORMAT,
    VERSION,
    VULNERABILITIES,
    Scenario,
    bundled_examples,
    dump_scenario,
    load_scenario,
    loads_scenario,
    schema_path,
)


def doc(*events: Any, **fields: Any) -> dict[str, Any]:
    """A valid scenario document holding ``events``, with ``fields`` overriding (``None``
    removes a field)."""
    out: dict[str, Any] = {"format": FORMAT, "version": 1, "dealer": "N", "events": list(events)}
    for key, value in fields.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def calls(*pairs: str) -> list[dict[str, str]]:
    """Call events from ``"N 1NT"`` style strings."""
    return [{"type": "call", "seat": p.split()[0], "call": p.split()[1]} for p in pairs]


def load_doc(data: dict[str, Any]) -> Scenario:
    return loads_scenario(json.dumps(data), "t.json")


def raises(text: str, kind: type[AuctionFsmError], *fragments: str) -> str:
    """Load ``text``; assert it raises ``kind`` with every fragment in the message."""
    with pytest.raises(kind) as info:
        loads_scenario(text, "t.json")
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    return message


# --- good files -------------------------------------------------------------------------------
def test_minimal_scenario_defaults() -> None:
    s = load_doc(doc(*calls("N 1NT", "E P")))
    assert s.dealer is Seat.N
    assert s.vulnerability == "None"
    assert s.title is None and s.description is None
    assert s.events == (CallEvent.of("N", "1NT"), CallEvent.of("E", "P"))
    assert s.source == "t.json"


def test_lenient_spellings_read_like_canonical_ones() -> None:
    s = load_doc(doc(*[{"type": "call", "seat": " north ", "call": "1♠"},
                      {"type": "call", "seat": "e", "call": "dbl"}], dealer="North"))
    assert s.events == (CallEvent.of("N", "1S"), CallEvent.of("E", "X"))


def test_dump_writes_canonical_json_that_reads_back() -> None:
    s = load_doc(doc(*calls("N 1n", "E pass"), title="T", description="D", vulnerability="EW"))
    text = dump_scenario(s)
    assert text.endswith("\n")
    data = json.loads(text)
    assert data == {"format": FORMAT, "version": VERSION, "title": "T", "description": "D",
                    "dealer": "N", "vulnerability": "EW",
                    "events": [{"type": "call", "seat": "N", "call": "1NT"},
                               {"type": "call", "seat": "E", "call": "P"}]}
    assert loads_scenario(text) == s


@st.composite
def legal_scenarios(draw: st.DrawFn) -> Scenario:
    """A scenario of legal calls, stopping anywhere (possibly after the auction ended)."""
    dealer = draw(st.sampled_from(list(Seat)))
    state = AuctionState.start(dealer)
    events = []
    for _ in range(draw(st.integers(0, 40))):
        legal = state.legal_calls()
        if not legal:
            break
        call = draw(st.sampled_from(legal))
        events.append(CallEvent(state.turn, call))
        state = state.call(state.turn, call)
    vul = draw(st.sampled_from(VULNERABILITIES))
    title = draw(st.none() | st.text(max_size=20))
    return Scenario(dealer, tuple(events), vul, title)


@given(legal_scenarios())
def test_round_trip_and_replay_of_random_legal_scenarios(s: Scenario) -> None:
    again = loads_scenario(dump_scenario(s))
    assert again == s
    sim = again.simulate()
    assert [r.call for r in sim.state.record] == [e.call for e in s.events if isinstance(e, CallEvent)]


# --- replaying --------------------------------------------------------------------------------
# A call after a passed-out board is refused by the model in every release (the auction period
# is over), so it is the refusal these tests replay.
PASSED_OUT_THEN_1C = ("N P", "E P", "S P", "W P", "N 1C", "E P")


def test_refused_call_is_located_and_keeps_its_kind_and_law() -> None:
    s = load_doc(doc(*calls(*PASSED_OUT_THEN_1C)))
    with pytest.raises(AuctionOverError) as info:
        s.simulate()
    assert isinstance(info.value, IllegalCallError) and info.value.law
    assert str(info.value).startswith("t.json, event 5 (N: 1C): ")
    assert "1C" in str(info.value.__cause__)


def test_replay_stops_at_the_refused_event_and_keeps_what_came_before() -> None:
    r = load_doc(doc(*calls(*PASSED_OUT_THEN_1C))).replay()
    assert not r.ok
    assert r.failed_event == 5
    assert isinstance(r.error, AuctionOverError)
    assert "event 5 (N: 1C)" in str(r.error)
    assert [x.call.text for x in r.simulator.state.record] == ["P"] * 4
    assert len(r.simulator.steps) == 4
    assert r.simulator.state.is_passed_out


def test_replay_of_a_complete_scenario_is_ok() -> None:
    r = load_doc(doc(*calls("N 1NT", "E P", "S P", "W P"))).replay()
    assert r.ok and r.failed_event is None and r.error is None
    assert str(r.simulator.state.contract) == "1NT by N"


# --- bad files --------------------------------------------------------------------------------
def test_malformed_json_quotes_line_and_column() -> None:
    raises('{"format": "auction-fsm-scenario",\n "version": 1,, "dealer": "N"}', ScenarioError,
           "t.json", "malformed JSON", "line 2, column 15")


def test_truncated_file() -> None:
    text = json.dumps(doc(*calls("N 1NT", "E P")))
    raises(text[: len(text) // 2], ScenarioError, "t.json", "ends too early", "truncated")


@pytest.mark.parametrize("text", ["", "   \n"])
def test_empty_file(text: str) -> None:
    raises(text, ScenarioError, "t.json", "empty")


def test_not_an_object() -> None:
    raises("[1, 2]", ScenarioError, "must be a JSON object", "array")


def test_duplicate_key() -> None:
    raises('{"format": "auction-fsm-scenario", "version": 1, "dealer": "N", "dealer": "S", '
           '"events": []}', ScenarioError, "t.json", "'dealer' appears twice")


@pytest.mark.parametrize("field", ["format", "version", "dealer", "events"])
def test_missing_required_field(field: str) -> None:
    raises(json.dumps(doc(**{field: None})), ScenarioError, "t.json", "missing", repr(field))


def test_unknown_field_is_named() -> None:
    raises(json.dumps(doc(dealler="N")), ScenarioError, "unknown field", "'dealler'")


def test_wrong_format_name() -> None:
    raises(json.dumps(doc(format="pbn")), ScenarioError, "'format' must be", "'pbn'")


@pytest.mark.parametrize("version", ["1", True, 0, -3, 1.5])
def test_version_of_the_wrong_type(version: object) -> None:
    raises(json.dumps(doc(version=version)), ScenarioError, "'version' must be a whole number",
           repr(version))


def test_newer_version_is_a_schema_version_error() -> None:
    message = raises(json.dumps(doc(version=VERSION + 1)), SchemaVersionError,
                     "t.json", f"version {VERSION + 1}", f"up to {VERSION}")
    assert "upgrade" in message


def test_unknown_dealer() -> None:
    raises(json.dumps(doc(dealer="Q")), SeatSyntaxError, "'Q'", "t.json, 'dealer'")


def test_unknown_vulnerability() -> None:
    raises(json.dumps(doc(vulnerability="nobody")), ScenarioError, "'nobody'", "None, NS, EW, All")
    raises(json.dumps(doc(vulnerability="n")), ScenarioError, "'n'")  # LIN's letter: not in a scenario


def test_vulnerability_in_pbn_words_any_case() -> None:
    for word, vul in (("none", "None"), ("NONE", "None"), ("Love", "None"), ("ns", "NS"), ("Both", "All")):
        assert loads_scenario(json.dumps(doc(vulnerability=word)), "x.json").vulnerability == vul


@pytest.mark.parametrize("title", [3, ["x"]])
def test_title_must_be_text(title: object) -> None:
    raises(json.dumps(doc(title=title)), ScenarioError, "'title' must be a string")


def test_events_must_be_an_array() -> None:
    raises(json.dumps(doc(events={"a": 1})), ScenarioError, "'events' must be an array", "object")


def test_event_must_be_an_object() -> None:
    raises(json.dumps(doc("N 1NT")), ScenarioError, "t.json, event 1", "'N 1NT'")


def test_event_needs_a_type() -> None:
    raises(json.dumps(doc({"seat": "N", "call": "1C"})), ScenarioError, "event 1", "no 'type'")


def test_event_type_must_be_text() -> None:
    raises(json.dumps(doc({"type": 7})), ScenarioError, "event 1", "'type' must be a string")


def test_unknown_event_type_names_type_and_event() -> None:
    events = [*calls("N 1NT"), {"type": "teleport", "seat": "E"}]
    raises(json.dumps(doc(*events)), ScenarioError, "t.json, event 2", "'teleport'")


def test_unknown_seat_in_an_event() -> None:
    raises(json.dumps(doc(*calls("N 1NT", "Q P"))), SeatSyntaxError, "'Q'", "t.json, event 2")


@pytest.mark.parametrize("token", ["1Z", "0C", "8", "PASSS", "1NTT", ""])
def test_malformed_call_in_an_event(token: str) -> None:
    events = [*calls("N P"), {"type": "call", "seat": "E", "call": token}]
    raises(json.dumps(doc(*events)), CallSyntaxError, repr(token), "t.json, event 2")


def test_call_event_with_missing_call() -> None:
    raises(json.dumps(doc({"type": "call", "seat": "N"})), ScenarioError, "event 1", "needs", "call")


def test_load_scenario_reads_files_and_reports_the_path(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(doc(*calls("N 1NT"))), encoding="utf-8")
    assert load_scenario(good).source == str(good)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(ScenarioError, match="bad.json"):
        load_scenario(bad)


def test_non_utf8_file(tmp_path: Path) -> None:
    p = tmp_path / "latin1.json"
    p.write_bytes(json.dumps(doc(title="é"), ensure_ascii=False).encode("latin-1"))
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_scenario(p)


def test_utf8_with_byte_order_mark(tmp_path: Path) -> None:
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps(doc(title="♠")).encode())
    assert load_scenario(p).title == "♠"


def test_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_scenario(tmp_path / "nowhere.json")


# --- the shipped JSON Schema ------------------------------------------------------------------
@pytest.fixture(scope="module")
def validator() -> jsonschema.protocols.Validator:
    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def test_every_example_validates_against_the_schema(validator: jsonschema.protocols.Validator) -> None:
    examples = bundled_examples()
    assert examples
    for path in examples:
        validator.validate(json.loads(path.read_text(encoding="utf-8")))


EXAMPLE_NAMES = sorted(p.name for p in bundled_examples())


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_each_example_validates_and_reads_back_unchanged(name: str,
                                                         validator: jsonschema.protocols.Validator) -> None:
    path = next(p for p in bundled_examples() if p.name == name)
    data = json.loads(path.read_text(encoding="utf-8"))
    validator.validate(data)
    s = load_scenario(path)
    assert loads_scenario(dump_scenario(s)) == s
    validator.validate(json.loads(dump_scenario(s)))


def test_the_examples_use_the_events_of_the_end_of_the_auction_period() -> None:
    used = {e["type"] for p in bundled_examples() for e in json.loads(p.read_text(encoding="utf-8"))["events"]}
    assert {"lead", "face_lead", "choice", "judgement", "expose", "change", "director", "review",
            "explain"} <= used


@given(s=legal_scenarios())
def test_what_dump_writes_validates(s: Scenario, validator: jsonschema.protocols.Validator) -> None:
    validator.validate(json.loads(dump_scenario(s)))


GOOD_TOKENS = ["1C", "1♣", "1c", "7NT", "3N", "3nt", " 2 H ", "8S", "99D", "P", "pass", "Pass", "X",
               "dbl", "Double", "XX", "rdbl", "REDOUBLE", "4♧", "5♤"]
BAD_TOKENS = ["", "0C", "01C", "100C", "1Z", "1NTT", "PASSS", "XXX", "N", "1", "C1"]


@pytest.mark.parametrize("token", GOOD_TOKENS + BAD_TOKENS)
def test_schema_and_reader_agree_on_call_tokens(token: str,
                                                validator: jsonschema.protocols.Validator) -> None:
    data = doc({"type": "call", "seat": "N", "call": token})
    reader_ok = True
    try:
        load_doc(data)
    except AuctionFsmError:
        reader_ok = False
    assert validator.is_valid(data) == reader_ok == (token in GOOD_TOKENS)


@pytest.mark.parametrize("seat", ["N", "e", " S ", "West", "north", "Q", "", "NE", "Nord"])
def test_schema_and_reader_agree_on_seats(seat: str, validator: jsonschema.protocols.Validator) -> None:
    data = doc(*calls("N P"), dealer=seat)
    reader_ok = True
    try:
        load_doc(data)
    except AuctionFsmError:
        reader_ok = False
    assert validator.is_valid(data) == reader_ok


@pytest.mark.parametrize("change", [
    {"version": 2}, {"dealer": None}, {"extra": 1}, {"vulnerability": "Nobody"}, {"events": [{}]},
    {"events": [{"type": "call", "seat": "N"}]},
    {"events": [{"type": "call", "seat": "N", "call": "1C", "alert": True}]},
])
def test_schema_rejects_what_the_reader_rejects(change: dict[str, Any],
                                                validator: jsonschema.protocols.Validator) -> None:
    data = doc(**change)
    assert not validator.is_valid(data)
    with pytest.raises(ScenarioError):
        load_doc(data)


# --- every event type: the schema and the reader agree ----------------------------------------
SAMPLE_EVENTS: list[dict[str, Any]] = [
    {"type": "call", "seat": "N", "call": "1NT"},
    {"type": "director"},
    {"type": "director", "by": "w"},
    {"type": "director", "by": None},
    {"type": "judgement", "kind": "artificial", "value": True, "denominations": ["H", "♠", "nt"]},
    {"type": "judgement", "kind": "comparable", "value": False},
    {"type": "judgement", "kind": "unintended", "value": True},
    {"type": "judgement", "kind": "misinformation", "value": True},
    {"type": "judgement", "kind": "dummy_seen", "value": False},
    {"type": "choice", "seat": "S", "option": "let_remain"},
    {"type": "choice", "seat": "S", "option": "accept"},
    {"type": "expose", "seat": "E", "cards": ["SA", "10h", "♦Q"], "led": True},
    {"type": "expose", "seat": "E", "cards": "SA HK"},
    {"type": "change", "seat": "N", "call": "2C", "ground": "misinformation"},
    {"type": "change", "seat": "N", "call": "2C"},
    {"type": "review", "seat": "W"},
    {"type": "explain", "seat": "W", "call_index": 2},
    {"type": "explain", "seat": "W"},
    {"type": "lead", "seat": "E", "card": "sk", "faced": False},
    {"type": "lead", "seat": "E", "card": "K♠"},
    {"type": "face_lead"},
    {"type": "hands_returned"},
    {"type": "attention", "when": "after_opening_lead"},
]
BAD_EVENTS: list[dict[str, Any]] = [
    {"type": "attention", "when": "tomorrow"},
    {"type": "director", "by": "Q"},
    {"type": "judgement", "kind": "weird", "value": True},
    {"type": "judgement", "kind": "artificial", "value": "yes"},
    {"type": "judgement", "kind": "artificial", "value": True, "denominations": ["Z"]},
    {"type": "choice", "seat": "S"},
    {"type": "expose", "seat": "E", "cards": []},
    {"type": "expose", "seat": "E", "cards": "SAHK"},
    {"type": "expose", "seat": "E", "cards": ["S1"]},
    {"type": "change", "seat": "N", "call": "2C", "ground": "oops"},
    {"type": "explain", "seat": "W", "call_index": -1},
    {"type": "review", "seat": "W", "call": "P"},
    {"type": "lead", "seat": "E"},
    {"type": "lead", "seat": "E", "card": "SK", "faced": "no"},
    {"type": "lead", "seat": "E", "card": "S1"},
    {"type": "lead", "seat": "Q", "card": "SK"},
    {"type": "lead", "seat": "E", "card": "SK", "face": True},
    {"type": "judgement", "kind": "dummy_seen"},
    {"type": "judgement", "kind": "dummy seen", "value": True},
    {"type": "face_lead", "seat": "E"},
    {"type": "teleport"},
]


def test_schema_lists_every_event_type_the_reader_knows(validator: jsonschema.protocols.Validator) -> None:
    schema_types = set(validator.schema["$defs"]["event"]["properties"]["type"]["enum"])
    assert schema_types == {e["type"] for e in SAMPLE_EVENTS}
    loaded = {type(load_doc(doc(e)).events[0]) for e in SAMPLE_EVENTS}
    assert loaded == set(typing.get_args(Event)), "an event class has no sample (and maybe no schema entry)"


@pytest.mark.parametrize("event", SAMPLE_EVENTS, ids=lambda e: str(e))
def test_each_event_type_validates_loads_and_round_trips(
        event: dict[str, Any], validator: jsonschema.protocols.Validator) -> None:
    data = doc(event)
    assert validator.is_valid(data), list(validator.iter_errors(data))
    s = load_doc(data)
    written = json.loads(dump_scenario(s))
    assert validator.is_valid(written)
    assert loads_scenario(dump_scenario(s)) == s


@pytest.mark.parametrize("event", BAD_EVENTS, ids=lambda e: str(e))
def test_schema_and_reader_both_reject_a_bad_event(
        event: dict[str, Any], validator: jsonschema.protocols.Validator) -> None:
    data = doc(event)
    assert not validator.is_valid(data)
    with pytest.raises(AuctionFsmError, match="event 1"):
        load_doc(data)


def test_schema_lists_every_judgement_kind_the_reader_knows(validator: jsonschema.protocols.Validator) -> None:
    kinds = validator.schema["$defs"]["judgement_event"]["properties"]["kind"]["enum"]
    assert tuple(kinds) == JUDGEMENT_KINDS
    for kind in JUDGEMENT_KINDS:
        assert f"`{kind}`" in (Path(__file__).resolve().parent.parent / "docs" / "scenario-format.md").read_text(
            encoding="utf-8")


def test_a_choice_naming_a_suit_reads_back_as_written() -> None:
    s = Scenario(Seat.S, (Choice(Seat.S, "require_H"),))
    assert loads_scenario(dump_scenario(s)) == s


def test_a_lead_breaking_a_restriction_stops_the_replay_with_its_law() -> None:
    events = [*calls("N 1NT"), {"type": "expose", "seat": "E", "cards": ["SK"]},
              *calls("E P", "S 3NT", "W P", "N P", "E P"), {"type": "lead", "seat": "E", "card": "H2"}]
    r = load_doc(doc(*events)).replay()
    assert r.failed_event == 8
    assert isinstance(r.error, IllegalLeadError) and r.error.law == "50D1"
    assert "event 8 (E leads H2)" in str(r.error) and "major penalty card (SK)" in str(r.error)
    assert r.simulator.state.phase == "clarification"


def test_a_choice_option_keeps_its_suit_letter_upper_case_from_a_file() -> None:
    from auction_fsm.event_language import event_from_dict
    from auction_fsm.events import Choice

    assert event_from_dict({"type": "choice", "seat": "S", "option": "Require_h"}, "t") == Choice(Seat.S, "require_H")
    assert event_from_dict({"type": "choice", "seat": "S", "option": "LET_REMAIN"}, "t") == Choice(Seat.S, "let_remain")
