"""Are an irregular scope's keys exact?  The check one step off the breadth-first tree
(``auction-fsm verify --check-keys``).

The explorer keeps one representative state per key (the values of what the scope's rules
declare they read, :mod:`~auction_fsm.graph.declared_key`) and works out a key's successors from
that state alone.  That is sound only if every state with the key has the same future.  A rule
reading a part it does not declare is found by the audits of the declarations
(``tests/test_declared_parts.py``, ``tests/test_perturbed_parts.py``); what this check tests is
the rest: the key's narrowings by the scope's own bounds (a view keyed narrower than it is read,
a part left out where the bounds leave no rule to read it), each argued in its docstring but not
proved.  A part left out wrongly merges configurations that differ, and the other verdicts may
then be wrong.  Two states share a key only when they were reached by
different paths, so the check takes every edge that is not the one a configuration was first
reached by (its representative's edge), rules the event from the source's representative, and
compares what the state it really reaches offers, each event with the key it leads to, and
whether it is an end, with what the exploration recorded for that key.

What it covers, and what not: every state one step from a representative (one per edge), which
is how each of the two faults of the key found in issue 21 showed.  A state reached two or more
steps away from any representative is compared only through the keys of its own successors,
not directly; so the check can find a key that is too small, but passing it does not prove the
keys exact.  It costs about one expansion per edge off the tree: two to four times the
exploration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import apply_event
from .configuration import Exploration
from .irregular_space import IrregularSpace

__all__ = ["inexact_keys", "ProgressCallback"]

#: Told now and then how far the check has got: (edges compared, edges left).
ProgressCallback = Callable[[int, int], None]


def inexact_keys(ex: Exploration[Any, Any], progress: ProgressCallback | None = None
                 ) -> tuple[int, list[tuple[int, str]]]:
    """Compare, for every edge off the breadth-first tree of ``ex`` (an irregular scope), the
    state it reaches with its key's representative (module docstring).

    Returns how many edges were compared, and for each one that differs, the configuration it
    leaves (its index in ``ex``) with what differs, in words.
    """
    space = ex.space
    if not isinstance(space, IrregularSpace):
        raise TypeError(f"the key check applies to irregular scopes, not {type(space).__name__}")
    keys = ex.keys
    off_tree = ex.edges - sum(1 for p in ex.parent if p >= 0)
    compared = 0
    found: list[tuple[int, str]] = []
    if progress is not None:
        progress(0, off_tree)
    for i, key in enumerate(keys):
        representative = space.state_of(key)
        for label, j in ex.successors_of(i):
            if space.first_reached_by(keys[j]) == (key, label):
                continue  # the edge the key's representative came by
            reached = apply_event(representative, label, strict=False)
            compared += 1
            if progress is not None and not compared & 1023:
                progress(compared, off_tree - compared)
            difference = _difference(space, ex, reached, j)
            if difference:
                found.append((i, (f"on {label.describe()}: the state reached has the key of "
                                  f"'{space.describe(keys[j])}', but {difference}")))
    return compared, found


def _difference(space: IrregularSpace, ex: Exploration[Any, Any], reached: Any, j: int) -> str:
    """What the state ``reached`` offers that configuration ``j`` does not, or the other way
    round (the first difference, in words), or ``""``."""
    theirs = {label: ex.keys[k] for label, k in ex.successors_of(j)}
    mine = {label: space.key_of(after) for label, after in space.outcomes(reached)}
    ended = space.ended(reached)
    if ended != bool(ex.terminal[j]):
        return ("it is an end and the key's configuration is not" if ended
                else "the key's configuration is an end and it is not")
    for label, k in mine.items():
        if label not in theirs:
            return f"it offers {label.describe()}, which the key's configuration does not"
        if k != theirs[label]:
            return f"its {label.describe()} leads to another configuration"
    for label in theirs:
        if label not in mine:
            return f"it does not offer {label.describe()}, which the key's configuration does"
    return ""
