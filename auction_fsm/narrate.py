"""Plain-English narration of an auction, for people rather than programs.

:func:`narrate` tells a simulator's auction event by event and then how it ended (or where it
stands).  Each kind of event is told by one function here, so the irregularity events of later
issues get their wording in this one place.

>>> from auction_fsm.simulator import Simulator
>>> sim = Simulator("N")
>>> for seat, call in [("N", "1NT"), ("E", "P"), ("S", "3NT"), ("W", "X"),
...                    ("N", "P"), ("E", "P"), ("S", "P")]:
...     _ = sim.call(seat, call)
>>> print("\\n".join(narrate(sim)))
1. North (dealer) opens 1NT.
2. East passes.
3. South bids 3NT.
4. West doubles 3NT.
5. North passes.
6. East passes.
7. South passes.
The auction is over (Law 22A): the contract is 3NTX (three no trump doubled) by North.
Declarer North, dummy South, opening leader East.
"""

from __future__ import annotations

from .auction import AuctionState
from .events import CallEvent
from .records import Contract
from .scenario import Replay
from .seats import Seat
from .simulator import Simulator, Step

__all__ = [
    "narrate",
    "narrate_replay",
    "describe_step",
    "describe_outcome",
    "contract_in_words",
    "vulnerability_in_words",
]

_LEVELS = ("one", "two", "three", "four", "five", "six", "seven")
_STRAINS = ("clubs", "diamonds", "hearts", "spades", "no trump")
_STRAIN = ("club", "diamond", "heart", "spade", "no trump")  # after "one"
_DOUBLING = ("", " doubled", " redoubled")


def contract_in_words(contract: Contract) -> str:
    """``4HX`` as ``four hearts doubled``.

    >>> from auction_fsm.calls import Strain
    >>> from auction_fsm.seats import Seat
    >>> contract_in_words(Contract(6, Strain.S, 2, Seat.W))
    'six spades redoubled'
    >>> contract_in_words(Contract(1, Strain.H, 0, Seat.N))
    'one heart'
    """
    strain = (_STRAIN if contract.level == 1 else _STRAINS)[contract.strain]
    return f"{_LEVELS[contract.level - 1]} {strain}{_DOUBLING[contract.doubled]}"


def _describe_call(number: int, event: CallEvent, before: AuctionState, after: AuctionState) -> str:
    """``3. South bids 3NT.`` — with the verb a teacher would use for this call here, and a note
    when the call was irregular (how the record classified it and the law that applies)."""
    who = event.seat.long_name
    if not before.record and event.seat == before.dealer:
        who += " (dealer)"
    call = event.call
    opened = any(r.call.is_bid for r in before.standing_calls)
    if call.is_pass:
        verb = "passes"
    elif call.is_bid:
        verb = f"{'bids' if opened else 'opens'} {call}"
    elif call.is_double:
        last = [r.call for r in before.standing_calls if r.call.is_bid]
        verb = f"doubles {last[-1]}" if last else "doubles"
    else:
        verb = "redoubles"
    made = next((r for r in after.record[len(before.record):]
                 if r.seat == event.seat and r.call == call), None)
    if made is None or made.irregularity is None:
        return f"{number}. {who} {verb}."
    law = f", Law {made.law}" if made.law else ""
    return f"{number}. {who} {verb} -- {made.irregularity.replace('_', ' ')}{law} (call {made.status})."


def describe_step(number: int, step: Step) -> str:
    """One line telling event ``number`` (1-based) of the auction."""
    if isinstance(step.event, CallEvent):
        return _describe_call(number, step.event, step.before, step.after)
    return f"{number}. {step.event.describe()}."  # event kinds of later issues


def describe_outcome(state: AuctionState) -> list[str]:
    """How the auction ended, or where it stands if it has not ended."""
    contract = state.contract
    pending = state.pending
    if pending is not None:
        decider = pending.decider
        if decider in Seat.__members__:
            decider = Seat[decider].long_name
        what = pending.state_name.replace(".", ", ").replace("_", " ")
        choices = " or ".join(pending.options)
        return [f"Waiting for {decider} to choose {choices} ({what}; Law {pending.law})."]
    if state.is_passed_out:
        return ["All four players passed: the board is passed out (Law 22B)."]
    if contract is not None:
        declarer, dummy, leader = (contract.declarer.long_name, contract.dummy.long_name,
                                   contract.opening_leader.long_name)
        over = f"The auction is over (Law 22A): the contract is {contract.text}"
        return [f"{over} ({contract_in_words(contract)}) by {declarer}.",
                f"Declarer {declarer}, dummy {dummy}, opening leader {leader}."]
    calls = len(state.legal_calls())
    lines = [f"The auction is not over: {state.turn.long_name} to call ({calls} legal calls)."]
    for seat in Seat:
        for ob in state.obligations[seat]:
            what = {"pass_next_turn": "must pass at the next turn",
                    "pass_rest_of_auction": "must pass for the rest of the auction",
                    "repeat_call": f"must repeat {ob.call}"}[ob.kind]
            lines.append(f"{seat.long_name} {what} (Law {ob.law}).")
    return lines


def narrate(sim: Simulator) -> list[str]:
    """The auction so far, one line per event, then the outcome."""
    lines = [describe_step(n, step) for n, step in enumerate(sim.steps, 1)]
    return lines + describe_outcome(sim.state)


def vulnerability_in_words(vulnerability: str) -> str:
    """``NS`` as ``North-South vulnerable`` and so on.

    >>> vulnerability_in_words("All")
    'both sides vulnerable'
    """
    return {"None": "neither side vulnerable", "NS": "North-South vulnerable",
            "EW": "East-West vulnerable", "All": "both sides vulnerable"}.get(vulnerability, vulnerability)


def narrate_replay(replay: Replay) -> list[str]:
    """A replayed scenario told in full: heading, events, and the outcome or where it stopped."""
    scenario, sim = replay.scenario, replay.simulator
    heading = scenario.source if scenario.title is None else f"{scenario.title} ({scenario.source})"
    lines = [f"== {heading} ==",
             f"Dealer {scenario.dealer.long_name}, {vulnerability_in_words(scenario.vulnerability)}."]
    if scenario.description:
        lines.append(scenario.description)
    lines += [describe_step(n, step) for n, step in enumerate(sim.steps, 1)]
    if replay.failed_event is not None:
        event = scenario.events[replay.failed_event - 1]
        lines.append(f"{replay.failed_event}. Refused: {event.describe()} (see the error message). "
                     "Replay stopped; the position reached:")
    return lines + describe_outcome(sim.state)
