"""The engine as a configuration space: complete compact keys and candidate events.

The configuration graph of an irregular scope is explored through the real engine
(:meth:`AuctionState.apply`): every candidate event is offered at every configuration, and those
the engine refuses are simply not edges.  This module supplies the two things such an explorer
needs from the core:

* :func:`config_key` — a hashable key holding *everything* the future of a state depends on:
  the legal-auction key, the last standing calls with the key before them (cancellations and
  changes of call reach back at most that far), obligations, the pending procedure with the
  calls it refers to, waiting rectifications, lead-restriction rights with the suits the
  offender has specified, exposed cards, the opening lead and declarer's choices, who first
  named each strain for each side (declarer), and the number of irregularities so far.
  Record positions are stored relative to the end of the record, so equal keys behave alike.
* :func:`candidate_events` — the events worth offering in a scope: calls by every seat of every
  call up to the scope's level (plus one bid above seven), the director, both answers to each
  judgement, every listed option, changes of call, exposures of one honour and one low card per
  seat, and leads of one representative card per suit.

Standard library only, like the rest of the core.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from . import rules
from .auction import AuctionState
from .calls import ALL_CALLS, Call, Strain
from .cards import Card, Suit
from .events import (
    CallEvent,
    ChangeCall,
    Choice,
    DirectorCalled,
    Event,
    ExposeCards,
    FaceLead,
    Judgement,
    Lead,
)
from .records import CallRecord
from .seats import Seat

__all__ = ["Families", "FAMILIES", "config_key", "candidate_events", "is_terminal"]

#: The law families a scope can switch on, and what each adds to the candidate events.
FAMILIES: dict[str, str] = {
    "rotation": "calls out of rotation (28-34, 17D3)",
    "insufficient_bid": "insufficient bids (27)",
    "inadmissible": "inadmissible doubles, calls by silenced players, bids above seven, calls "
                    "after the final pass (36-39)",
    "changes": "changes of call: slips and misinformation (25, 21B)",
    "exposure": "cards exposed during the auction (24) and the penalty cards they become (50, 51)",
    "opening_lead": "the opening lead, by the right or wrong player, and declarer's options (41, 54)",
}

_POSITIONAL = frozenset({"lho_call", "replacement", "resume_ib"})
_EXPOSABLE = {Seat.N: Suit.C, Seat.E: Suit.D, Seat.S: Suit.H, Seat.W: Suit.S}


@dataclass(frozen=True, slots=True)
class Families:
    """Which families are on; ``max_level`` bounds bids, ``max_incidents`` irregularities."""

    enabled: frozenset[str]
    max_level: int = 1
    max_incidents: int = 1


def _first_namers(state: AuctionState) -> tuple[tuple[int, int, int], ...]:
    seen: dict[tuple[int, Strain], Seat] = {}
    for r in state.standing_calls:
        if r.call.is_bid and r.call.strain is not None:
            seen.setdefault((r.seat % 2, r.call.strain), r.seat)
    return tuple(sorted((side, int(strain), int(seat)) for (side, strain), seat in seen.items()))


def config_key(state: AuctionState, families: frozenset[str] = frozenset(),
               declarer_memory: bool = True) -> tuple[object, ...]:
    """The complete compact key of ``state`` for a scope with ``families`` switched on.

    Only what some enabled family can still look back at is kept: the last two standing calls
    and the key before them when changes of call are on (25, 21B reach no further back, since
    partner must not have called since); the key to return to when a pass out of rotation sits
    among the trailing passes (17D3).  ``declarer_memory`` keeps who first named each strain for
    each side; a scope whose configurations end at the final pass may leave it out, because
    nothing before the end depends on it.
    """
    n = len(state.record)
    standing = [(i, r) for i, r in enumerate(state.record) if r.stands]
    recent: tuple[object, ...] = ()
    if "changes" in families and standing:
        window = standing[-2:]
        prefix = rules.initial_key(state.dealer)
        for _, r in standing[:-2]:
            prefix = rules.force(prefix, r.seat, r.call.code)
        recent = (prefix, tuple((n - i, int(r.seat), r.call.code, int(r.in_turn_of)) for i, r in window))
    revert = -1
    trailing: list[tuple[int, CallRecord]] = []
    for i, r in reversed(standing):
        if not r.call.is_pass or len(trailing) == 3:
            break
        trailing.append((i, r))
    oor = [(i, r) for i, r in reversed(trailing) if r.in_turn_of != r.seat]
    if oor:
        key = rules.initial_key(state.dealer)
        for i, r in standing:
            if i == oor[0][0]:
                break
            key = rules.force(key, r.seat, r.call.code)
        revert = key * 8 + len(trailing)
    p = state.pending
    pending: tuple[object, ...] = ()
    if p is not None:
        extra = tuple((k, str(n - int(v)) if k in _POSITIONAL and v else v) for k, v in p.extra)
        if p.procedure == "lead_out_of_turn":
            ref: tuple[object, ...] = ("lead", len(state.leads) - p.call_index)
        elif p.call_index >= 0:
            r = state.record[p.call_index]
            ref = (n - p.call_index, int(r.seat), r.call.code, int(r.in_turn_of), r.status)
        else:
            ref = ()
        referenced = tuple((n - int(v), state.record[int(v)].call.code, state.record[int(v)].status)
                           for k, v in p.extra if k in _POSITIONAL and v)
        pending = (p.procedure, p.step, p.decider, p.options, int(p.offender), int(p.in_turn_of), ref,
                   extra, referenced)
    obligations = tuple(tuple((o.kind, o.law, -1 if o.call is None else o.call.code) for o in obs)
                        for obs in state.obligations)
    watches = tuple((w.kind, int(w.offender), w.call.code, w.law) for w in state.watches)
    restrictions = tuple((int(r.offender), r.law, r.withdrawn.code,
                          tuple(sorted(int(s) for s in state.suits_specified_by(r.offender))))
                         for r in state.restrictions)
    exposed = tuple((int(e.seat), e.card.text, e.led) for e in state.exposed)
    lead_state: tuple[object, ...] = ()
    if state.leads or state.lead_rules or state.refused_leads or state.lead_choices:
        lead_state = (tuple((int(ld.seat), ld.card.text, ld.faced, ld.status) for ld in state.leads),
                      tuple((r.kind, int(r.suit), int(r.leader)) for r in state.lead_rules),
                      tuple((int(pc.seat), pc.card.text) for pc in state.refused_leads),
                      tuple(sorted(c.text for c in state.picked_up)), state.swapped,
                      state.options_key == state.key, state.lead_choices)
    namers = _first_namers(state) if declarer_memory else ()
    return (int(state.dealer), state.key, recent, revert, obligations, pending, watches,
            restrictions, exposed, lead_state, namers, state.incidents)


def is_terminal(state: AuctionState) -> bool:
    """An end of the auction period: the lead faced (17D1) or the board passed out (17D2)."""
    return state.phase in ("play", "passed_out")


def candidate_events(state: AuctionState, families: Families) -> Iterator[Event]:
    """Every event worth offering at ``state`` within ``families`` (the engine refuses the rest)."""
    on = families.enabled
    room = state.incidents < families.max_incidents
    p = state.pending
    if p is not None:
        yield DirectorCalled()
        judgement = p.get("judgement")
        if judgement:
            for value in (True, False):
                yield Judgement(judgement, value)  # type: ignore[arg-type]
        if p.decider in Seat.__members__:
            for option in p.options:
                yield Choice(Seat[p.decider], option)
    calls = [c for c in ALL_CALLS if not c.is_bid or c.level <= families.max_level]
    if room and "inadmissible" in on:
        calls.append(Call.bid(8, Strain.C))
    turn = state.turn
    seats = list(Seat)
    if p is not None:
        named = {p.offender, p.offender.lho}
        for k in ("accept_by", "correct_player"):
            if p.get(k):
                named.add(Seat[p.get(k)])
        seats = [x for x in Seat if x in named]
    for seat in seats:
        for call in calls:
            if p is None and not state.is_over and seat == turn and call.code < 38 and not room:
                # Once the incident budget is spent only regular calls are offered, and the calls
                # a rectification requires (a repeat under 31A1/32A1 may itself be irregular).
                required = any(o.kind == "repeat_call" and o.call is call for o in state.obligations[seat])
                irregular = rules.step_or_none(state.key, call.code) is None or (
                    state.must_pass(seat) and not call.is_pass)
                if irregular and not required:
                    continue
            elif p is None and not room or p is None and not _family_allows(state, seat, call, on):
                continue
            yield CallEvent(seat, call)
    if p is not None or not room:
        if state.current_lead is not None and not state.current_lead.faced and p is None:
            yield FaceLead()
        if p is None and state.is_over and "opening_lead" in on or (p is None and state.is_over):
            yield from _leads(state, regular_only=True)
        return
    if "changes" in on:
        for seat in Seat:
            for call in calls:
                if call.code < 38:
                    yield ChangeCall(seat, call, "slip")
                    yield ChangeCall(seat, call, "misinformation")
    if "exposure" in on and not state.is_over:
        for seat in Seat:
            for rank in ("A", "2"):
                card = Card(_EXPOSABLE[seat], rank)
                if all(e.card != card for e in state.exposed):
                    yield ExposeCards(seat, (card,))
    if state.current_lead is not None and not state.current_lead.faced:
        yield FaceLead()
    if state.is_over:
        yield from _leads(state, regular_only="opening_lead" not in on)


def _family_allows(state: AuctionState, seat: Seat, call: Call, on: frozenset[str]) -> bool:
    """Whether a call by ``seat`` belongs to a family that is switched on."""
    if state.is_over:
        return "inadmissible" in on
    if seat != state.turn:
        return "rotation" in on or ("inadmissible" in on and not call.is_admissible_level)
    if not call.is_admissible_level:
        return "inadmissible" in on
    if (call.is_double or call.is_redouble) and not rules.permitted_for(state.key, seat, call.code):
        return "inadmissible" in on
    if state.must_pass(seat) and not call.is_pass:
        return "inadmissible" in on
    if call.is_bid and rules.step_or_none(state.key, call.code) is None:
        return "insufficient_bid" in on
    return True


def _leads(state: AuctionState, regular_only: bool) -> Iterator[Event]:
    """One card per suit (plus known penalty cards) led by each defender or the declaring side."""
    contract = state.contract
    if contract is None or state.current_lead is not None:
        return
    seats = [contract.opening_leader] if regular_only else list(Seat)
    for seat in seats:
        own = [pc.card for pc in state.penalty_cards() if pc.seat == seat]
        cards = own + [Card(suit, "3") for suit in Suit]
        for card in cards:
            for faced in ((True,) if regular_only else (True, False)):
                yield Lead(seat, card, faced)
