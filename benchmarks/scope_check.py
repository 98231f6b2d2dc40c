"""Which scope names a benchmark of the irregular explorer can take, said before any child
process starts (so a bad name is one clear line, not a child's traceback)."""

from __future__ import annotations

from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.scopes import ScopeError, scope_named, space_for


def scope_problem(name: str) -> str | None:
    """What is wrong with the scope name ``name``, or ``None``: only that no scope has it (for a
    benchmark that takes any scope, split or legal too)."""
    try:
        scope_named(name)
    except ScopeError as exc:
        return str(exc)
    return None


def irregular_scope_problem(name: str, why: str) -> str | None:
    """What is wrong with exploring the named scope whole with the irregular explorer, or
    ``None``: an unknown name, a scope verified in parts (by strain or offender), a legal scope
    (``why`` says what the benchmark needs irregular scopes for)."""
    unknown = scope_problem(name)
    if unknown is not None:
        return unknown
    scope = scope_named(name)
    if scope.is_split:
        return (f"scope {name!r} is verified in parts: name one part, such as "
                f"{scope.split_parts()[-1].name}")
    if not isinstance(space_for(scope.narrowed(agreement="off")), IrregularSpace):
        return f"scope {name!r} is not an irregular scope: {why}"
    return None
