"""A short tour of the auction-fsm Python API.  Run it with ``python examples/api_tour.py``.

1. The pure core: an immutable AuctionState you advance call by call.
2. Illegal calls are refused with an error that names the law.
3. The Simulator drives the transitions machines and the core together; an irregularity opens
   a decision, and consequences() tells what each option would lead to (10C1).
4. Scenario files: load one, replay it, print the result as JSON.
5. PBN files: a board's deal, its auction and its contract as objects, and check_board.

Everything used here but the JSON report and the narration is importable from the package.
"""

from __future__ import annotations

import json
from pathlib import Path

from auction_fsm import (
    AuctionState,
    CallEvent,
    DirectorCalled,
    IllegalCallError,
    Seat,
    Simulator,
    check_board,
    consequences,
    load_scenario,
    parse_call,
    pbn,
)
from auction_fsm.narrate import narrate
from auction_fsm.report import state_to_json

BOARD = """[Event "club night"]
[Board "7"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AKQJ.T98.765.432 T987.AKQJ.432.65 6543.765.AKQ.AKQ 2.432.JT98.JT987"]
[Contract "4SX"]
[Declarer "S"]
[Auction "N"]
1H 1C 1S Pass
2S Pass 4S X
Pass Pass Pass
"""


def core_tour() -> None:
    """Walk a short auction through the pure core (standard library only)."""
    print("-- 1. the pure core --")
    state = AuctionState.start(Seat.S)  # South deals and calls first
    for token in ["1H", "P", "2NT", "P", "4H"]:
        state = state.call(state.turn, token)  # each call returns a new state
    print("calls so far:", " ".join(r.call.text for r in state.record))
    print("to act:", state.turn.long_name)
    legal = state.legal_calls()  # a tuple of Call objects, which also finds a call by its text
    print("legal calls:", legal)
    print("may West double?", "X" in legal, "| may West bid 4D?", "4D" in legal)
    state = state.calls(["P", "P", "P"])  # a list or a string: three passes end the auction
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

    sim = Simulator("N")
    sim.apply(CallEvent(Seat.N, parse_call("1H")))
    sim.apply(CallEvent(Seat.E, parse_call("1C")))  # insufficient: Law 27
    print("pending:", sim.state.pending)
    for option in consequences(sim.state):  # what each option leads to (10C1)
        print(f"  {option.option}: Law {option.results[0].law}")
    sim.apply(DirectorCalled())
    print("pending:", sim.state.pending)


def scenario_tour() -> None:
    """Load a bundled example scenario and print part of its JSON report."""
    print("\n-- 4. scenario files --")
    path = Path(__file__).resolve().parent / "04-doubled-grand-slam.json"
    sim = load_scenario(path).simulate()
    data = state_to_json(sim)
    summary = {k: data[k] for k in ("phase", "to_act", "contract", "declarer", "dummy", "opening_leader")}
    print(path.name, json.dumps(summary))


def pbn_tour() -> None:
    """Read a board from PBN text: its deal, its auction replayed by the model, its contract."""
    print("\n-- 5. PBN files --")
    board = pbn.loads(BOARD)[0]
    print(board.deal)
    auction = board.auction  # the position the board's calls reach, irregularities ruled
    assert auction is not None
    print("calls:", " ".join(f"{r.call}{'' if r.irregularity is None else f' ({r.law})'}" for r in auction.record))
    print("contract:", board.contract, "| equal to the auction's:", board.contract == auction.contract)
    print("check:", check_board(board).summary())


if __name__ == "__main__":
    core_tour()
    illegal_tour()
    simulator_tour()
    scenario_tour()
    pbn_tour()
