"""State graphs on NetworkX: the machine graph, exhaustive configuration graphs, their checks,
exports and counterexample traces (issue 5).  See ``docs/verification.md``."""

from __future__ import annotations

from .checks import CHECKS, Finding, GraphReport, check_exploration, check_machine_graph
from .configuration import Exploration, explore
from .irregular_space import IrregularSpace
from .legal_space import LegalSpace
from .machine_graph import machine_graph
from .properties import (
    cannot_finish,
    dead_ends,
    is_dead_end_free,
    sink_cycles,
    terminals_with_exits,
    unreachable_states,
)
from .scopes import NAMED_SCOPES, Scope, register_space, space_for
from .space import ConfigurationSpace
from .verification import verify

__all__ = [
    "CHECKS", "Finding", "GraphReport", "check_exploration", "check_machine_graph",
    "Exploration", "explore", "LegalSpace", "IrregularSpace", "machine_graph", "cannot_finish", "dead_ends",
    "is_dead_end_free", "sink_cycles", "terminals_with_exits", "unreachable_states",
    "NAMED_SCOPES", "Scope", "register_space", "space_for", "ConfigurationSpace", "verify",
]
