"""Shared helpers for the graph tests: replaying a scenario dict through the real engine."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from auction_fsm.scenario import loads_scenario
from auction_fsm.simulator import Simulator


def replay(scenario: dict[str, Any]) -> Simulator:
    """Replay a scenario dict exactly as ``auction-fsm replay`` would read it from a file."""
    return loads_scenario(json.dumps(scenario), "trace").simulate()


class TableSpace:
    """A toy configuration space given as a table: ``rows`` maps each key to its (labels, keys),
    ``ends`` are the terminal keys, ``starts`` the initial ones.  Keys describe themselves and
    labels are their own text; no machines and no faults."""

    def __init__(self, name: str, rows: dict[str, tuple[tuple[str, ...], tuple[str, ...]]],
                 ends: Iterable[str], starts: tuple[str, ...] = ("start",)) -> None:
        self.name, self.rows, self.ends, self.starts = name, rows, frozenset(ends), starts

    def initial_states(self) -> tuple[str, ...]:
        return self.starts

    def successors(self, key: str) -> tuple[Sequence[str], Sequence[str]]:
        return self.rows[key]

    def is_terminal(self, key: str) -> bool:
        return key in self.ends

    def describe(self, key: str) -> str:
        return key

    def label_text(self, label: str) -> str:
        return label

    def scenario(self, start: str, labels: Sequence[str]) -> dict[str, Any]:
        return {"labels": list(labels)}

    def machine_states(self, key: str) -> tuple[str, ...]:
        return ()

    def faults(self, key: str) -> tuple[str, ...]:
        return ()
