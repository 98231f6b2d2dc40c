"""The director engine: one event in, the ruled state out (pure, standard library only).

:func:`apply_event` dispatches each event to the law family that governs it (the modules in
:mod:`auction_fsm.laws`).  This module also holds what every family shares: making a call
stand (with the obligations it discharges, the rectifications waiting on it and Law 17D3),
and the classification of a call made at its proper turn (Laws 27, 36, 37, 38).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from . import rules
from .auction import AuctionState
from .calls import Call
from .errors import AuctionOverError, DecisionError, IllegalCallError
from .events import (
    CallEvent,
    ChangeCall,
    Choice,
    DirectorCalled,
    Event,
    ExplanationRequest,
    ExposeCards,
    FaceLead,
    Judgement,
    Lead,
    ReviewRequest,
)
from .records import CallRecord, Obligation, Pending, Watch
from .seats import Seat
from .values import evolve

__all__ = ["apply_event", "stand", "settle", "call_in_rotation", "open_comparable", "expected",
           "MachineStep", "journal", "note"]


@dataclass(frozen=True, slots=True)
class MachineStep:
    """One transition the engine took, for the state machines to follow.

    ``trigger`` names a trigger of the phase machine (and, for calls that stand in rotation, of
    the caller's seat machine); ``before`` is the core state just before the step.  ``facts``
    are plain properties of the input (never of the outcome) that table guards may test.
    """

    trigger: str
    before: AuctionState
    seat: Seat | None = None
    call: Call | None = None
    facts: frozenset[str] = frozenset()


_JOURNAL: ContextVar[list[MachineStep] | None] = ContextVar("auction_fsm_journal", default=None)


@contextmanager
def journal() -> Iterator[list[MachineStep]]:
    """Collect the :class:`MachineStep` s the engine takes inside the ``with`` block.

    Outside such a block :func:`note` does nothing, so the core stays a pure function.
    """
    steps: list[MachineStep] = []
    token = _JOURNAL.set(steps)
    try:
        yield steps
    finally:
        _JOURNAL.reset(token)


def note(trigger: str, before: AuctionState, seat: Seat | None = None, call: Call | None = None,
         *facts: str) -> None:
    """Record that the engine takes ``trigger`` from state ``before`` (when a journal is open)."""
    steps = _JOURNAL.get()
    if steps is not None:
        lead = before.current_lead
        if lead is not None and not lead.faced:
            facts = (*facts, "face_down_lead")  # the table returns to opening_lead, not clarification
        steps.append(MachineStep(trigger, before, seat, call, frozenset(facts)))


def apply_event(state: AuctionState, event: Event) -> AuctionState:
    """The state after ``event``; raises (and changes nothing) when the event fits nothing."""
    if type(event) is CallEvent:
        plain = _plain_call(state, event.seat, event.call)
        if plain is not None:
            return plain
    after = _dispatch(state, event)
    if _is_incident(state, event, after):
        after = evolve(after, incidents=after.incidents + 1)
    return after


def _is_incident(before: AuctionState, event: Event, after: AuctionState) -> bool:
    """True when ``event`` was an irregularity (it opened a procedure, exposed cards, led out of
    turn or broke into a finished auction), as opposed to a legal call or a decision."""
    if isinstance(event, ExposeCards):
        return True
    if before.pending is None and after.pending is not None:
        return after.pending.procedure != "declarer_lead_options" or len(after.leads) != len(before.leads)
    if isinstance(event, Lead):
        return any(ld.status != "stands" for ld in after.leads[len(before.leads):])
    if isinstance(event, CallEvent):
        new = after.record[len(before.record):]
        return any(r.irregularity not in (None, "deemed_pass", "substituted_pass") for r in new)
    return False


def _plain_call(state: AuctionState, seat: Seat, call: Call) -> AuctionState | None:
    """The outcome of the commonest event, a legal call in rotation that changes nothing but the
    auction, or ``None`` when the call needs the general path.

    Exactly what :func:`call_in_rotation` then :func:`stand` do when nothing is pending, the
    caller owes nothing, no rectification watches the auction and the call does not end it:
    the call is appended and stands, and no obligation, watch or settlement is touched.
    """
    if (state.pending is not None or state.watches or state.obligations[seat]
            or seat != (state.key & 3) or call.code >= 38):
        return None
    nxt = rules.row(state.key)[call.code]
    if nxt < 0 or rules.is_final(nxt):
        return None
    note(f"call_{call.kind}", state, seat, call)
    return state.called_in_turn(seat, call, nxt)


def _dispatch(state: AuctionState, event: Event) -> AuctionState:
    if state.phase == "play":
        raise AuctionOverError(
            f"{event.describe()}: the opening lead has been faced, so the auction period is over "
            "(17D1); play beyond the opening lead is outside this model", law="17D1")
    if isinstance(event, Lead):
        return opening_lead.lead(state, event)
    if isinstance(event, FaceLead):
        return opening_lead.face(state, event)
    if isinstance(event, CallEvent):
        return procedures.on_call(state, event.seat, event.call)
    if isinstance(event, DirectorCalled):
        return procedures.on_director(state, event)
    if isinstance(event, Judgement):
        return procedures.on_judgement(state, event)
    if isinstance(event, Choice):
        return procedures.on_choice(state, event)
    if isinstance(event, ExposeCards):
        return exposure.expose(state, event)
    if isinstance(event, ChangeCall):
        return changes.attempt(state, event)
    if isinstance(event, (ReviewRequest, ExplanationRequest)):
        return review.request(state, event)
    raise DecisionError(f"unknown event {event!r}")


def expected(state: AuctionState) -> str:
    """A phrase saying what the pending procedure waits for (for error messages)."""
    p = state.pending
    if p is None:
        return "no decision is pending"
    return (f"{p.state_name} (Law {p.law}) is pending: waiting for {p.decider} "
            f"to choose one of {', '.join(p.options)}")


def call_in_rotation(state: AuctionState, seat: Seat, call: Call) -> AuctionState:
    """Classify and apply a call made at ``seat``'s own turn with nothing pending."""
    to_repeat = [o for o in state.obligations[seat] if o.kind == "repeat_call"]
    if to_repeat and not state.must_pass(seat):
        if to_repeat[0].call is not call:
            raise IllegalCallError(
                f"{seat.long_name} must repeat {to_repeat[0].call} (Law {to_repeat[0].law}); "
                f"{call} is not that call", law=to_repeat[0].law)
        state = state.discharge(seat, "repeat_call")
    if not call.is_admissible_level:
        return inadmissible.bid_above_seven(state, seat, call, seat)
    if (call.is_double or call.is_redouble) and not rules.permitted_for(state.key, seat, call.code):
        return inadmissible.inadmissible_double(state, seat, call)
    if state.must_pass(seat) and not call.is_pass:
        return inadmissible.violates_obligation(state, seat, call)
    if call.is_bid and rules.step_or_none(state.key, call.code) is None:
        return insufficient_bid.insufficient_bid(state, seat, call)
    return stand(state, CallRecord(seat, call, seat))


def stand(state: AuctionState, record: CallRecord | None = None, index: int | None = None,
          law: str | None = None) -> AuctionState:
    """Make a call stand: append ``record``, or mark call ``index`` as standing under ``law``.

    Then discharge the caller's one-turn obligation, let waiting rectifications react to the
    call, and apply Law 17D3 if the auction would end with a pass out of rotation in it.
    """
    if record is not None:
        if record.in_turn_of == record.seat:
            trigger = "deemed_pass" if record.irregularity == "deemed_pass" else f"call_{record.call.kind}"
            note(trigger, state, record.seat, record.call)
        state = state.add_call(record)
        index = len(state.record) - 1
    else:
        assert index is not None
        pending_record = state.record[index]
        if pending_record.in_turn_of == pending_record.seat and law not in _FORCED:
            note(f"call_{pending_record.call.kind}", state, pending_record.seat, pending_record.call)
        state = state.set_status(index, "stands", law)
        record = state.record[index]
    seat = record.seat
    if record.in_turn_of == seat:
        state = state.discharge(seat, "pass_next_turn")
    state = _react(state, record, index)
    return settle(state)


# Laws under which a call stands although it was not legal when made: the machines see these
# as an acceptance, not as a call in rotation.
_FORCED = frozenset({"29A", "27A1", "37A"})


def _react(state: AuctionState, record: CallRecord, index: int) -> AuctionState:
    """Rectifications that were waiting for this call (31A, 32A, and comparability)."""
    if state.pending is not None:
        return state
    for w in state.watches:
        if w.kind == "after_rho_call" and record.seat == w.offender.rho and record.in_turn_of == record.seat:
            rest = tuple(x for x in state.watches if x is not w)
            if record.call.is_pass:
                state = evolve(state, watches=rest).impose(
                    w.offender, Obligation("repeat_call", w.law + "1", w.call))
                return state.rule(w.law + "1", f"{w.offender.long_name}'s RHO passed: "
                                  f"{w.offender.long_name} must now repeat {w.call}")
            judged = Watch("judge_replacement", w.offender, w.call, w.law + "2")
            return evolve(state, watches=(*rest, judged)).rule(
                w.law + "2", f"{w.offender.long_name}'s RHO called {record.call}: "
                f"{w.offender.long_name} may make any legal call, judged for comparability")
        if w.kind == "judge_replacement" and record.seat == w.offender and record.in_turn_of == record.seat:
            rest = tuple(x for x in state.watches if x is not w)
            return open_comparable(evolve(state, watches=rest), w.offender, index, w.call, w.law,
                                   silence="pass_next_turn")
    return state


def open_comparable(state: AuctionState, offender: Seat, index: int, withdrawn: Call, law: str,
                    silence: str, cancel_if_not: bool = False,
                    trigger: str = "open_comparable") -> AuctionState:
    """Ask the director whether call ``index`` is comparable with ``withdrawn`` (23A).

    If not, the offender's partner gets obligation ``silence`` under ``law`` and 26B rights
    arise; with ``cancel_if_not`` the call itself is cancelled too (27B3).
    """
    note(trigger, state, offender, state.record[index].call,
         *(("cancel_if_not",) if cancel_if_not else ()))
    p = Pending("comparable_call", "awaiting_judgement", "23A", "director",
                ("comparable", "not_comparable"), offender, index, state.record[index].in_turn_of,
                (("cancel_if_not", "1" if cancel_if_not else ""), ("judgement", "comparable"), ("law", law),
                 ("silence", silence), ("withdrawn", withdrawn.text)))
    return evolve(state, pending=p)


def settle(state: AuctionState) -> AuctionState:
    """Three passes with one out of rotation do not end the auction (17D3, 34); when it has
    ended with a contract, settle exposed cards and declarer's options (24D-E, 26B, 50D)."""
    if state.pending is not None or not rules.is_final(state.key):
        return state
    state = _revert_17d3(state)
    if state.pending is None and rules.is_final(state.key) and not rules.is_passed_out(state.key):
        state = opening_lead.at_auction_end(state)
    return state


def _revert_17d3(state: AuctionState) -> AuctionState:
    if not rules.is_final(state.key):
        return state
    standing = [(i, r) for i, r in enumerate(state.record) if r.stands]
    trailing: list[tuple[int, CallRecord]] = []
    for i, r in reversed(standing):
        if not r.call.is_pass:
            break
        trailing.append((i, r))
    trailing = trailing[::-1][-3:]  # the three passes that would end it (after a call)
    offending = [(i, r) for i, r in trailing if r.in_turn_of != r.seat]
    if not offending:
        return state
    first, rec = offending[0]
    for i, r in trailing:
        if i >= first:
            state = state.set_status(i, "cancelled", "17D3")
    return state.rule("17D3", f"{rec.seat.long_name}'s pass out of rotation cost "
                      f"{rec.in_turn_of.long_name} a turn: the auction goes back to "
                      f"{rec.in_turn_of.long_name} and the later passes are cancelled")


# The law modules build on the functions above, so they are imported once those exist.
from .laws import (
    changes,
    exposure,
    inadmissible,
    insufficient_bid,
    opening_lead,
    procedures,
    review,
)
