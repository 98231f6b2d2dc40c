"""The declarative transition table is validated when it is built, and the shipped table is sound.

``transitions`` itself accepts an unknown source state silently and fails on an unknown
destination or guard only when the transition fires; :func:`build_table` must refuse such tables
at once, saying what is wrong.
"""

from __future__ import annotations

import re

import pytest

from auction_fsm.errors import TableDefinitionError
from auction_fsm.table import ACTIONS, GUARDS, TABLE, TRIGGERS, StateSpec, TransitionSpec, build_table

# A tiny valid table to break one thing at a time.
STATES = (
    StateSpec("phase", "start", "initial", "nothing called yet"),
    StateSpec("phase", "going", "normal", "calls are being made"),
    StateSpec("phase", "done", "terminal", "the auction has ended"),
    StateSpec("seat", "free", "initial", "the seat may call"),
)
GOOD = TransitionSpec("phase", "call_pass", "start", "going", None, "17B", "the dealer passes", "note_pass")
TRANSITIONS = (
    GOOD,
    TransitionSpec("phase", "call_bid", "going", "going", "bid_is_sufficient", "18C", "a bid", "note_bid"),
    TransitionSpec("phase", "call_pass", "going", "done", "pass_ends_with_contract", "22A", "the end"),
    TransitionSpec("seat", "call_pass", "free", "free", None, "17C", "a pass"),
)


def _with(**changes: str | None) -> tuple[TransitionSpec, ...]:
    """The tiny table with its first transition changed."""
    fields = {f: getattr(GOOD, f) for f in ("machine", "trigger", "source", "dest", "guard", "law",
                                             "summary", "action")}
    fields.update(changes)
    return (TransitionSpec(**fields), *TRANSITIONS[1:])


def test_the_tiny_table_is_valid() -> None:
    table = build_table(STATES, TRANSITIONS)
    assert table.initial("phase") == "start"
    assert table.terminals("phase") == frozenset({"done"})
    assert [t.trigger for t in table.transitions_of("seat")] == ["call_pass"]


def test_the_names_the_tiny_table_uses_are_declared() -> None:
    assert {"call_pass", "call_bid"} <= set(TRIGGERS)
    assert {"bid_is_sufficient", "pass_ends_with_contract"} <= set(GUARDS)
    assert {"note_pass", "note_bid"} <= set(ACTIONS)


def test_unknown_source_state_is_refused() -> None:
    with pytest.raises(TableDefinitionError, match=r"unknown source state 'nowhere'"):
        build_table(STATES, _with(source="nowhere"))


def test_unknown_destination_state_is_refused() -> None:
    with pytest.raises(TableDefinitionError, match=r"unknown destination state 'nowhere'"):
        build_table(STATES, _with(dest="nowhere"))


def test_a_state_of_the_other_machine_is_unknown() -> None:
    with pytest.raises(TableDefinitionError, match="'free'"):
        build_table(STATES, _with(dest="free"))  # "free" is a seat state, not a phase state


def test_undeclared_trigger_is_refused() -> None:
    with pytest.raises(TableDefinitionError, match=r"undeclared trigger 'call_nonsense'"):
        build_table(STATES, _with(trigger="call_nonsense"))


def test_undeclared_guard_is_refused() -> None:
    with pytest.raises(TableDefinitionError, match=r"undeclared guard 'is_sunny'"):
        build_table(STATES, _with(guard="is_sunny"))


def test_undeclared_action_is_refused() -> None:
    with pytest.raises(TableDefinitionError, match=r"undeclared action 'shout'"):
        build_table(STATES, _with(action="shout"))


@pytest.mark.parametrize("law", ["", "   "])
def test_a_transition_without_a_law_is_refused(law: str) -> None:
    with pytest.raises(TableDefinitionError, match="law"):
        build_table(STATES, _with(law=law))


def test_the_error_says_which_transition() -> None:
    with pytest.raises(TableDefinitionError, match=r"transition 0 \(phase: call_pass nowhere -> going\)"):
        build_table(STATES, _with(source="nowhere"))


def test_two_initial_states_are_refused() -> None:
    states = (*STATES, StateSpec("phase", "also_start", "initial", "a second start"))
    with pytest.raises(TableDefinitionError, match="exactly one initial state"):
        build_table(states, TRANSITIONS)


def test_no_initial_state_is_refused() -> None:
    states = tuple(s for s in STATES if s.machine != "seat")
    states = (*states, StateSpec("seat", "free", "normal", "the seat may call"))
    with pytest.raises(TableDefinitionError, match="exactly one initial state"):
        build_table(states, TRANSITIONS)


def test_a_state_declared_twice_is_refused() -> None:
    with pytest.raises(TableDefinitionError, match="declared twice"):
        build_table((*STATES, StateSpec("phase", "going", "normal", "again")), TRANSITIONS)


def test_an_unknown_parent_state_is_refused() -> None:
    with pytest.raises(TableDefinitionError, match="unknown parent"):
        build_table((*STATES, StateSpec("phase", "x.step", "decision", "a step", "x")), TRANSITIONS)


def test_a_transition_of_an_unknown_machine_is_refused() -> None:
    with pytest.raises(TableDefinitionError, match="unknown machine"):
        build_table(STATES, _with(machine="dealer"))


# --- the shipped table -------------------------------------------------------------------------------
LAW_REF = re.compile(r"^\d{1,2}[A-Z]?\d*[a-z]?(\([ivx]+\))?$")


def test_the_shipped_table_validates() -> None:
    assert build_table(TABLE.states, TABLE.transitions) == TABLE
    assert TABLE.transitions_of("phase") and TABLE.transitions_of("seat")


def test_every_shipped_transition_cites_a_law() -> None:
    for t in TABLE.transitions:
        refs = [r.strip() for r in re.split(r"[,;/]", t.law) if r.strip()]
        assert refs, f"{t.trigger} {t.source} -> {t.dest} cites no law"
        for ref in refs:
            number = re.sub(r"-\d+$", "", ref)  # a range such as 28-34 cites its first law
            assert LAW_REF.match(number), f"{t.trigger} {t.source} -> {t.dest}: {ref!r} is not a law paragraph"
            assert 1 <= int(re.match(r"\d+", number).group()) <= 93  # type: ignore[union-attr]


def test_every_shipped_transition_has_a_summary_and_every_state_one() -> None:
    assert all(t.summary.strip() for t in TABLE.transitions)
    assert all(s.summary.strip() for s in TABLE.states)


def test_every_declared_guard_action_and_trigger_has_a_description() -> None:
    for names in (GUARDS, ACTIONS, TRIGGERS):
        assert all(isinstance(v, str) and v.strip() for v in names.values())


def test_the_legal_calls_are_in_the_shipped_table_with_their_laws() -> None:
    laws = {(t.machine, t.trigger): t.law for t in TABLE.transitions if t.source == "auction"}
    assert "18C" in laws[("phase", "call_bid")]
    assert "19A1" in laws[("phase", "call_double")]
    assert "19B1" in laws[("phase", "call_redouble")]
    ends = {t.dest: t.law for t in TABLE.transitions
            if t.machine == "phase" and t.source == "auction" and t.trigger == "call_pass"}
    assert "22A" in ends["clarification"] and "22B" in ends["passed_out"]


def test_machines_built_from_the_table_have_its_triggers_and_no_automatic_ones() -> None:
    from auction_fsm.machines import TableMachines
    from auction_fsm.seats import Seat

    machines = TableMachines(Seat.N)
    for machine, models in (("phase", [machines.phase]), ("seat", machines.seats)):
        for model in models:
            for t in TABLE.transitions_of(machine):  # type: ignore[arg-type]
                assert callable(getattr(model, t.trigger, None)), f"{machine} model lacks {t.trigger}"
            for s in TABLE.states_of(machine):  # type: ignore[arg-type]
                assert not hasattr(model, f"to_{s.name}"), "auto_transitions must be off"
