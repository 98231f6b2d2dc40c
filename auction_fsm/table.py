"""The one declarative transition table.

Every state machine in the package, the NetworkX machine graph and the diagrams are built from
the data in this module, so they cannot drift apart.  Each transition names its machine, trigger,
source, destination, guard (a name looked up in :data:`GUARDS`) and the law paragraph it applies.

The table is validated when :func:`build_table` runs (at import of the machines), not when a
transition fires: an unknown state, trigger, guard or action is a
:class:`~auction_fsm.errors.TableDefinitionError` at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from .errors import TableDefinitionError

__all__ = [
    "StateSpec",
    "TransitionSpec",
    "Table",
    "GUARDS",
    "ACTIONS",
    "TRIGGERS",
    "STATES",
    "TRANSITIONS",
    "build_table",
    "TABLE",
]

Machine = Literal["phase", "seat"]
StateKind = Literal["initial", "normal", "terminal", "obligation", "decision", "irregularity"]


@dataclass(frozen=True, slots=True)
class StateSpec:
    """A state of one machine; ``parent`` names the enclosing state of a nested state."""

    machine: Machine
    name: str
    kind: StateKind
    summary: str
    parent: str | None = None


@dataclass(frozen=True, slots=True)
class TransitionSpec:
    """One guarded transition with the law paragraph that justifies it."""

    machine: Machine
    trigger: str
    source: str
    dest: str
    guard: str | None
    law: str
    summary: str
    action: str | None = None


# Guards: predicates the machines evaluate before a transition may fire.  The machines module
# implements each one; the table only names them, with a line saying what they test.
GUARDS: Final[dict[str, str]] = {
    "bid_is_sufficient": "the bid supersedes the last bid (18B, 18C)",
    "double_is_permitted": "the last bid was an opponent's and no call but pass followed (19A1)",
    "redouble_is_permitted": "the last call but passes was an opponent's double of our bid (19B1)",
    "pass_keeps_auction_open": "after this pass the auction has not ended (22)",
    "pass_ends_with_contract": "this is the third pass in rotation after a bid (22A)",
    "pass_ends_passed_out": "this is the fourth pass with no bid (22B)",
    "is_the_call_to_repeat": "the call is the one the seat must repeat (31A1, 32A1)",
}

# Actions: bookkeeping the machines run after a transition.
ACTIONS: Final[dict[str, str]] = {
    "note_pass": "count the pass and pass the turn on",
    "note_bid": "record the bid, its bidder and who first named the strain for the side",
    "note_double": "record the double",
    "note_redouble": "record the redouble",
}

TRIGGERS: Final[dict[str, str]] = {
    "call_pass": "the seat to act passes",
    "call_bid": "the seat to act bids",
    "call_double": "the seat to act doubles",
    "call_redouble": "the seat to act redoubles",
    "impose_pass_next_turn": "a rectification obliges the seat to pass at its next turn",
    "impose_pass_rest_of_auction": "a rectification obliges the seat to pass at every turn",
    "impose_repeat_call": "a rectification obliges the seat to repeat a call out of rotation",
}

CALL_TRIGGERS: Final = ("call_pass", "call_bid", "call_double", "call_redouble")

STATES: Final[tuple[StateSpec, ...]] = (
    # --- the auction phase --------------------------------------------------------------
    StateSpec("phase", "awaiting_first_call", "initial", "the dealer has yet to call (17B)"),
    StateSpec("phase", "auction", "normal", "calls are being made in rotation (17C)"),
    StateSpec("phase", "clarification", "terminal",
              "the auction has ended with a contract; the clarification period runs (17D1, 22A)"),
    StateSpec("phase", "passed_out", "terminal", "all four players passed; no play (17D2, 22B)"),
    # --- each seat ----------------------------------------------------------------------
    StateSpec("seat", "free", "initial", "the seat may make any legal call"),
    StateSpec("seat", "must_pass_next_turn", "obligation",
              "the seat must pass at its next turn (e.g. 24B, 30A, 31A2b)"),
    StateSpec("seat", "must_pass_rest_of_auction", "obligation",
              "the seat must pass at every remaining turn (e.g. 27B2, 36B2, 37B2, 38C)"),
    StateSpec("seat", "must_repeat_call", "obligation",
              "the seat must repeat its cancelled call out of rotation (31A1, 32A1)"),
)


def _calls_in(machine: Machine, state: str, dest: str, law_prefix: str = "") -> list[TransitionSpec]:
    """The four kinds of legal call from ``state`` to ``dest`` in ``machine``."""
    lp = f"{law_prefix}, " if law_prefix else ""
    return [
        TransitionSpec(machine, "call_bid", state, dest, "bid_is_sufficient", f"{lp}18C",
                       "a sufficient bid", "note_bid"),
        TransitionSpec(machine, "call_double", state, dest, "double_is_permitted", f"{lp}19A1",
                       "a permitted double", "note_double"),
        TransitionSpec(machine, "call_redouble", state, dest, "redouble_is_permitted", f"{lp}19B1",
                       "a permitted redouble", "note_redouble"),
    ]


TRANSITIONS: Final[tuple[TransitionSpec, ...]] = (
    # --- phase: the legal auction -------------------------------------------------------
    TransitionSpec("phase", "call_pass", "awaiting_first_call", "auction", None, "17B",
                   "the dealer passes", "note_pass"),
    TransitionSpec("phase", "call_bid", "awaiting_first_call", "auction", "bid_is_sufficient",
                   "17B, 18C", "the dealer opens the bidding", "note_bid"),
    TransitionSpec("phase", "call_pass", "auction", "auction", "pass_keeps_auction_open", "17C",
                   "a pass that does not end the auction", "note_pass"),
    TransitionSpec("phase", "call_pass", "auction", "clarification", "pass_ends_with_contract",
                   "22A", "the third pass after a bid ends the auction", "note_pass"),
    TransitionSpec("phase", "call_pass", "auction", "passed_out", "pass_ends_passed_out", "22B",
                   "the fourth pass with no bid: the board is passed out", "note_pass"),
    *_calls_in("phase", "auction", "auction"),
    # --- seat: free ---------------------------------------------------------------------
    TransitionSpec("seat", "call_pass", "free", "free", None, "17C", "a pass"),
    TransitionSpec("seat", "call_bid", "free", "free", "bid_is_sufficient", "18C", "a sufficient bid"),
    TransitionSpec("seat", "call_double", "free", "free", "double_is_permitted", "19A1",
                   "a permitted double"),
    TransitionSpec("seat", "call_redouble", "free", "free", "redouble_is_permitted", "19B1",
                   "a permitted redouble"),
    # --- seat: obligations --------------------------------------------------------------
    TransitionSpec("seat", "impose_pass_next_turn", "free", "must_pass_next_turn", None,
                   "24B, 24C, 30A, 30B1b(ii), 31A2b, 32A2b",
                   "a rectification silences the seat for one turn"),
    TransitionSpec("seat", "impose_pass_rest_of_auction", "free", "must_pass_rest_of_auction", None,
                   "27B2, 27B3, 36B2, 37B2, 38C", "a rectification silences the seat to the end"),
    TransitionSpec("seat", "impose_pass_rest_of_auction", "must_pass_next_turn",
                   "must_pass_rest_of_auction", None, "27B2, 27B3, 36B2, 37B2, 38C",
                   "a longer silence replaces a shorter one"),
    TransitionSpec("seat", "impose_repeat_call", "free", "must_repeat_call", None, "31A1, 32A1",
                   "the offender must repeat the cancelled call"),
    TransitionSpec("seat", "call_pass", "must_pass_next_turn", "free", None, "30A, 31A2b",
                   "the obliged pass; the seat is free again"),
    TransitionSpec("seat", "call_pass", "must_pass_rest_of_auction", "must_pass_rest_of_auction",
                   None, "27B2, 37B2", "an obliged pass; the obligation continues"),
    *(TransitionSpec("seat", t, "must_repeat_call", "free", "is_the_call_to_repeat", "31A1, 32A1",
                     "the offender repeats the call; no further rectification")
      for t in CALL_TRIGGERS),
)


@dataclass(frozen=True, slots=True)
class Table:
    """A validated table: states and transitions of every machine."""

    states: tuple[StateSpec, ...]
    transitions: tuple[TransitionSpec, ...]

    def states_of(self, machine: Machine) -> tuple[StateSpec, ...]:
        """The states of one machine, in table order."""
        return tuple(s for s in self.states if s.machine == machine)

    def transitions_of(self, machine: Machine) -> tuple[TransitionSpec, ...]:
        """The transitions of one machine, in table order."""
        return tuple(t for t in self.transitions if t.machine == machine)

    def initial(self, machine: Machine) -> str:
        """The name of the machine's initial state."""
        return next(s.name for s in self.states_of(machine) if s.kind == "initial")

    def terminals(self, machine: Machine) -> frozenset[str]:
        """The names of the machine's terminal states."""
        return frozenset(s.name for s in self.states_of(machine) if s.kind == "terminal")


def build_table(states: Iterable[StateSpec] = STATES,
                transitions: Iterable[TransitionSpec] = TRANSITIONS) -> Table:
    """Validate and freeze a table; raise :class:`TableDefinitionError` on the first problem.

    Checks: state names unique per machine; exactly one initial state per machine; every
    parent, source and destination is a state of the same machine; every trigger, guard and
    action is declared; every transition cites a law.  (Semantic checks such as "no exit from
    a terminal state" belong to :mod:`auction_fsm.verify`, so that they can be reported with a
    trace rather than refused.)
    """
    states = tuple(states)
    transitions = tuple(transitions)
    names: dict[str, set[str]] = {}
    for s in states:
        seen = names.setdefault(s.machine, set())
        if s.name in seen:
            raise TableDefinitionError(f"state {s.name!r} declared twice in machine {s.machine!r}")
        seen.add(s.name)
    for machine, seen in names.items():
        initials = [s.name for s in states if s.machine == machine and s.kind == "initial"]
        if len(initials) != 1:
            raise TableDefinitionError(
                f"machine {machine!r} needs exactly one initial state, has {initials}")
    for s in states:
        if s.parent is not None and s.parent not in names[s.machine]:
            raise TableDefinitionError(f"state {s.name!r}: unknown parent state {s.parent!r}")
    for i, t in enumerate(transitions):
        where = f"transition {i} ({t.machine}: {t.trigger} {t.source} -> {t.dest})"
        if t.machine not in names:
            raise TableDefinitionError(f"{where}: unknown machine {t.machine!r}")
        for role, st in (("source", t.source), ("destination", t.dest)):
            if st not in names[t.machine]:
                raise TableDefinitionError(f"{where}: unknown {role} state {st!r}")
        if t.trigger not in TRIGGERS:
            raise TableDefinitionError(f"{where}: undeclared trigger {t.trigger!r}")
        if t.guard is not None and t.guard not in GUARDS:
            raise TableDefinitionError(f"{where}: undeclared guard {t.guard!r}")
        if t.action is not None and t.action not in ACTIONS:
            raise TableDefinitionError(f"{where}: undeclared action {t.action!r}")
        if not t.law.strip():
            raise TableDefinitionError(f"{where}: every transition must cite a law")
    return Table(states, transitions)


TABLE: Final[Table] = build_table()
