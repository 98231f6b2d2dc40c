"""A short tour of the auction-fsm Python API.  Run it with ``python examples/api_tour.py``.

1. The pure core: an immutable AuctionState you advance call by call.
2. Illegal calls are refused with an error that names the law.
3. The Simulator drives the transitions machines and the core together.
4. Scenario files: load one, replay it, print the result as JSON.
"""

from __future__ import annotations

import json
from pathlib import Path

from auction_fsm import AuctionState, IllegalCallError, Seat, parse_call
from auction_fsm.narrate import narrate
from auction_fsm.report import state_to_json
from auction_fsm.scenario import load_scenario
from auction_fsm.simulator import Simulator


def core_tour() -> None:
    """Walk a short auction through the pure core (standard library only)."""
    print("-- 1. the pure core --")
    state = AuctionState.start(Seat.S)  # South deals and calls first
    for token in ["1H", "P", "2NT", "P", "4H"]:
        state = state.call(state.turn, token)  # each call returns a new state
    print("calls so far:", " ".join(r.call.text for r in state.record))
    print("to act:", state.turn.long_name)
    print("legal calls:", " ".join(c.text for c in state.legal_calls()))
    print("may West double?", state.is_legal("X"), "| may West bid 4D?", state.is_legal("4D"))
    state = state.calls("P P P")  # three passes in rotation end the auction
    print("phase:", state.phase)
    print("contract:", state.contract, "| declarer:", state.declarer, "| dummy:", state.dummy,
          "| opening leader:", state.opening_leader)


def illegal_tour() -> None:
    """The core never silently accepts an illegal call."""
    print("\n-- 2. illegal calls --")
    state = AuctionState.start("N").calls("1NT")
    for token in ["1S", "XX"]:
        try:
            state.call("E", token)
        except IllegalCallError as err:
            print(f"East {parse_call(token)}: refused under Law {err.law}: {err}")


def simulator_tour() -> None:
    """The simulator checks the transitions machines against the core after every call."""
    print("\n-- 3. the simulator --")
    sim = Simulator("W", "EW")
    for seat, call in [("W", "1S"), ("N", "X"), ("E", "XX"), ("S", "P"), ("W", "P"), ("N", "P")]:
        sim.call(seat, call)
    print("phase machine state:", sim.phase)
    print("\n".join(narrate(sim)))


def scenario_tour() -> None:
    """Load a bundled example scenario and print part of its JSON report."""
    print("\n-- 4. scenario files --")
    path = Path(__file__).resolve().parent / "04-doubled-grand-slam.json"
    sim = load_scenario(path).simulate()
    data = state_to_json(sim)
    summary = {k: data[k] for k in ("phase", "to_act", "contract", "declarer", "dummy", "opening_leader")}
    print(path.name, json.dumps(summary))


if __name__ == "__main__":
    core_tour()
    illegal_tour()
    simulator_tour()
    scenario_tour()
