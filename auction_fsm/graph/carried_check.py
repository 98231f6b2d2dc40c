"""The check of the calls actions carry (:mod:`auction_fsm.lawbook.carried`).

An action that carries a call promises that ruling its step with another call in that call's
place, where the rows fired and the facts read stay the same, gives the same step with the
other call written wherever the first one was.  :func:`check_carried` tries that at one step,
with every other call of the 38, and answers in words which action broke the promise, with
which call, and in which part of the position.  It is what a table of steps relies on when it
keys such a step without the call (:func:`auction_fsm.graph.fact_sharing.measure_steps`, the
columns *calls carried*): the answer it stores is the stored step's change with the call
replaced (:func:`~auction_fsm.graph.fact_sharing.replayed`), and this is that answer compared
with the step ruled, for every call that could have met the same entry.
"""

from __future__ import annotations

import dataclasses

from ..auction import AuctionState
from ..calls import ALL_CALLS, Call
from ..errors import AuctionFsmError
from ..events import Event
from ..lawbook.carried import with_calls
from .fact_sharing import carried_key, differing_parts, part_value, replayed, step_key

__all__ = ["check_carried"]


def check_carried(state: AuctionState, event: Event) -> list[str]:
    """Every broken promise of carrying at this step, in words (empty: it held for every call
    tried, or nothing is carried).  For each call the step's actions carry, the step is ruled
    again with each other call in its place (the procedure's call replaced in the procedure and in
    the record's entry it names; carried calls that are one call replaced together); where a table
    of steps would answer the one from the other -- their keys with the carried calls as holes are
    equal (:func:`~auction_fsm.graph.fact_sharing.carried_key`) -- the first step's change, the
    call replaced, applied to that position must give what ruling it gave, part by part."""
    keyed = step_key(state, event)
    if not keyed.carried:
        return []
    key = carried_key(keyed)
    groups: dict[Call, list[str]] = {}
    for name, call in keyed.carried.items():
        groups.setdefault(call, []).append(name)
    faults: list[str] = []
    for call, names in groups.items():
        name = " and ".join(names)
        for other in ALL_CALLS:
            if other is call:
                continue
            moved_state, moved_event = with_calls(state, event, dict.fromkeys(names, other))
            try:
                again = step_key(moved_state, moved_event)
            except AuctionFsmError:
                continue  # refused there: another situation, not the same entry of a table
            if carried_key(again) != key:
                continue
            answer = replayed(keyed.step, moved_state, {call: other})
            real = again.step.after
            differ = differing_parts(answer, real)
            if differ:
                actions = ", ".join(sorted({f.row.action.name for f in keyed.step.fired
                                            if f.row.action is not None and f.row.action.carries & set(names)}))
                part = differ[0]
                faults.append(f"action {actions} carries {name}, but {event.describe()} ruled with {other} in "
                              f"place of {call} gives {part} {_difference(part_value(real, part), part_value(answer, part))}")
                break
    return faults


def _difference(real: object, answer: object) -> str:
    """How the step ruled (``real``) differs from the table's answer, field by field where both
    are records of one kind."""
    if dataclasses.is_dataclass(real) and type(real) is type(answer):
        fields = [f.name for f in dataclasses.fields(real) if getattr(real, f.name) != getattr(answer, f.name)]
        return "; ".join(f"{n} {getattr(real, n)!r}, not {getattr(answer, n)!r}" for n in fields)
    if isinstance(real, tuple) and isinstance(answer, tuple) and len(real) == len(answer):
        return "; ".join(f"[{i}] {_difference(a, b)}" for i, (a, b) in enumerate(zip(real, answer)) if a != b)
    return f"{real!r}, not {answer!r}"
