"""Shared helpers for the graph tests: replaying a scenario dict through the real engine."""

from __future__ import annotations

import json
from typing import Any

from auction_fsm.scenario import loads_scenario
from auction_fsm.simulator import Simulator


def replay(scenario: dict[str, Any]) -> Simulator:
    """Replay a scenario dict exactly as ``auction-fsm replay`` would read it from a file."""
    return loads_scenario(json.dumps(scenario), "trace").simulate()
