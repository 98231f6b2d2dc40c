"""Helpers for the law-by-law tests: walk an auction from short text events and read the outcome.

Event text (one string per event), the package's one text form of events
(:mod:`auction_fsm.event_language`):

* ``"N 1H"``, ``"E P"``, ``"S X"`` -- a call by a seat (in rotation or not: the engine decides);
* ``"director"`` -- the director is called;
* ``"judge comparable no"``, ``"judge artificial yes H S"`` -- a director's judgement, with the
  denominations an artificial call specified;
* ``"S choose accept"`` -- a player's choice;
* ``"E expose SK"``, ``"E expose H2 H3"``, ``"E expose D4 led"`` -- cards exposed (``led``:
  led early, during the auction);
* ``"E lead HK"`` (``"E lead HK facedown"`` face down; ``leads`` and ``down`` are read too),
  ``"face"`` -- the opening lead, and facing a face-down one;
* ``"N change 2H"``, ``"N change 2H misinformation"`` -- an attempt to change a call;
* ``"N review"``, ``"E explain 3"``, ``"E explain"`` -- 20B/20F1 requests;
* ``"declined"`` -- the player the pending decision names declines (``choice`` ``decline``),
  resolved against the position reached: ``"director, declined"`` reads as a director would
  tell it (the director came, explained, and the irregularity was not accepted);
* ``"hands returned"`` -- the hands of a passed-out board go back to the board (17D2);
* ``"noticed after lead"`` -- nobody draws attention to the call just made until after the
  opening lead is faced (36C).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.engine import apply_event
from auction_fsm.event_language import read_event
from auction_fsm.events import (
    Choice,
    Event,
)
from auction_fsm.lawbook.parts import auditing
from auction_fsm.lawbook.restrictions import eligible_suits
from auction_fsm.seats import Seat


@pytest.fixture(autouse=True)
def _every_action_checked_against_its_declaration() -> Iterator[None]:
    """Each law test runs with every action checked against the parts of the position it declares
    reading and writing and the follow-ups it declares emitting (:mod:`auction_fsm.lawbook.parts`):
    a law test that takes an action down a branch reading more fails naming the action and part."""
    with auditing():
        yield


class _Declined:
    """The marker of ``"declined"``: a decline by whoever the pending decision names."""

    def resolve(self, state: AuctionState) -> Event:
        assert state.pending is not None and "decline" in state.pending.options, state.phase
        return Choice(Seat[state.pending.decider], "decline")


DECLINED = _Declined()


def ev(text: str) -> Event:
    """One event from its short text form: the package's one event language
    (:func:`auction_fsm.event_language.read_event`), plus the test-only ``"declined"``."""
    if text.split() == ["declined"]:
        return DECLINED  # type: ignore[return-value]
    return read_event(text, "law test")


def events(*texts: str) -> list[Event]:
    """Several events; a text may hold several comma-separated events."""
    out: list[Event] = []
    for t in texts:
        out.extend(ev(part.strip()) for part in t.split(",") if part.strip())
    return out


def run(state: AuctionState, *texts: str) -> AuctionState:
    """Apply the events to ``state`` with the director engine."""
    for e in events(*texts):
        state = apply_event(state, e.resolve(state) if isinstance(e, _Declined) else e)
    return state


def walk(dealer: str, *texts: str) -> AuctionState:
    """The state after the events, starting from an empty auction with ``dealer``.

    The same events also drive :class:`auction_fsm.simulator.Simulator` (the ``transitions``
    machines cross-checked against the core after every event); its final state must be the
    core's.  Events the core refuses raise before the simulator sees them.
    """
    state = run(AuctionState.start(dealer), *texts)
    assert simulate(dealer, *texts) == state
    return state


def core_walk(dealer: str, *texts: str) -> AuctionState:
    """Like :func:`walk` but with the pure core only (for walks the simulator cannot follow yet)."""
    return run(AuctionState.start(dealer), *texts)


def record(state: AuctionState) -> list[str]:
    """Every call in the record as ``"N 1H stands"`` (out-of-turn calls add ``@E``)."""
    out = []
    for r in state.record:
        where = "" if r.in_turn_of == r.seat else f"@{r.in_turn_of.name}"
        out.append(f"{r.seat.name} {r.call}{where} {r.status}")
    return out


def laws(state: AuctionState) -> list[str | None]:
    """The law stored on each call of the record."""
    return [r.law for r in state.record]


def obligations(state: AuctionState) -> dict[str, list[tuple[str, str, str | None]]]:
    """Each seat's obligations as ``(kind, law, call)``; seats without any are left out."""
    return {Seat(i).name: [(o.kind, o.law, None if o.call is None else o.call.text) for o in obs]
            for i, obs in enumerate(state.obligations) if obs}


def pending(state: AuctionState) -> tuple[str, str, tuple[str, ...]] | None:
    """The pending decision as ``(kind, decider, options)``, or ``None``."""
    if state.pending is None:
        return None
    d = state.pending.decision
    return d.kind, d.decider, d.options


def restrictions(state: AuctionState) -> list[tuple[str, str, str, str]]:
    """Each 26B right as ``(offender, leader, withdrawn call, eligible suits)``."""
    return [(r.offender.name, r.leader.name, r.withdrawn.text,
             "".join(s.name for s in eligible_suits(state, r))) for r in state.restrictions]


def ruling_laws(state: AuctionState) -> list[str]:
    """The law of every ruling, in order, leaving out the director's notes -- procedure (Laws 9
    and 10: called, already ruling, options explained) and the possible score adjustment at the
    end of play (23C, 27D) -- which :func:`notes` lists."""
    return [r.law for r in state.rulings if not _procedural(r.law)]


def _procedural(law: str) -> bool:
    return law.startswith(("9B", "10C")) or law in ("23C", "27D")


def notes(state: AuctionState) -> list[str]:
    """The law of every procedural note of the director (Laws 9-10), in order."""
    return [r.law for r in state.rulings if _procedural(r.law)]


def result(state: AuctionState) -> tuple[str, str, str, str] | None:
    """``(contract, declarer, dummy, opening leader)`` once the auction ended with a contract."""
    c = state.contract
    if c is None:
        return None
    return c.text, c.declarer.name, c.dummy.name, c.opening_leader.name


def outcome(state: AuctionState) -> dict[str, Any]:
    """The full observable outcome: every call with its status, obligations, turn (``None`` once
    the auction is over), the pending decision, 26B rights and the final result."""
    return {
        "record": record(state),
        "obligations": obligations(state),
        "turn": None if state.is_over else state.turn.name,
        "pending": pending(state),
        "restrictions": restrictions(state),
        "result": result(state),
    }


def unchanged_after(state: AuctionState, exc: type[BaseException], *texts: str,
                    match: str | None = None) -> pytest.ExceptionInfo[BaseException]:
    """Assert that the events raise ``exc`` (matching ``match``) and leave ``state`` as it was:
    states are immutable, so this guards against a refusal that mutated shared data."""
    before = state
    snapshot = (state.record, state.obligations, state.pending, state.key, state.rulings)
    with pytest.raises(exc, match=match) as info:
        run(state, *texts)
    assert state is before
    assert (state.record, state.obligations, state.pending, state.key, state.rulings) == snapshot
    return info


def simulate(dealer: str, *texts: str) -> AuctionState:
    """The same walk through :class:`auction_fsm.simulator.Simulator` (machines cross-checked)."""
    from auction_fsm.simulator import Simulator

    sim = Simulator(dealer)
    for e in events(*texts):
        sim.apply(e.resolve(sim.state) if isinstance(e, _Declined) else e)
    return sim.state
