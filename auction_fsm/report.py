"""What the front ends print about a position and about errors, in machine-readable form.

:func:`state_to_json` is the one place that turns a position (of a simulator, or a bare
:class:`~auction_fsm.auction.AuctionState`) into plain JSON data
(the shape ``auction-fsm replay --json`` prints): the phase, the record of calls with their
status, each seat's obligations, the pending decision, 26B rights, exposed and penalty cards,
what each pending option leads to, the rules declarer set for the opening lead, every lead attempt, the presumed and actual roles,
and the rulings.  ``docs/scenario-format.md`` lists every field.  Records with no wording of
their own (exposed cards) go through the generic :func:`to_jsonable`.
:func:`error_kind` names the kind of an error in words, for ``auction-fsm: <kind>: <message>``.

>>> from auction_fsm.simulator import Simulator
>>> sim = Simulator("N")
>>> _ = sim.call("N", "1NT")
>>> data = state_to_json(sim)
>>> data["phase"], data["to_act"], data["calls"][0]["call"], data["contract"]
('auction', 'E', '1NT', None)
"""

from __future__ import annotations

import dataclasses
import enum
from typing import TYPE_CHECKING, Any

from . import errors
from .auction import AuctionState
from .calls import Call
from .cards import Card
from .consequences import Consequence, consequences, required_call
from .errors import error_kind
from .lawbook import LawBook, book_of, ruling_book
from .lawbook.exposure import penalty_cards
from .lawbook.restrictions import eligible_suits, restriction_status
from .records import (
    CallRecord,
    LeadRecord,
    LeadRestriction,
    LeadRule,
    Obligation,
    PenaltyCard,
    Pending,
    Ruling,
)
from .seats import Seat
from .vulnerability import VULNERABILITIES

if TYPE_CHECKING:  # the simulator pulls in the state machines; a report of a bare state needs none
    from .simulator import Simulator

__all__ = [
    "VULNERABILITIES",
    "state_to_json",
    "auction_period_over",
    "position_to_json",
    "record_to_json",
    "obligation_to_json",
    "pending_to_json",
    "consequence_to_json",
    "lead_to_json",
    "penalty_card_to_json",
    "lead_rule_to_json",
    "restriction_to_json",
    "to_jsonable",
    "error_kind",
    "STATE_FORMAT",
]

STATE_FORMAT = "auction-fsm-state"

def _seat(seat: Seat | None) -> str | None:
    return None if seat is None else seat.name


def record_to_json(record: CallRecord) -> dict[str, Any]:
    """One call of the record, with its status and (for an irregular call) the law that applies."""
    return {
        "seat": record.seat.name,
        "call": record.call.text,
        "in_turn_of": record.in_turn_of.name,
        "status": record.status,
        "stands": record.stands,
        "irregularity": record.irregularity,
        "law": record.law,
    }


def obligation_to_json(obligation: Obligation) -> dict[str, Any]:
    """One obligation a seat carries (``call`` is the call to repeat, else ``None``)."""
    return {
        "kind": obligation.kind,
        "law": obligation.law,
        "call": None if obligation.call is None else obligation.call.text,
    }


def to_jsonable(value: object) -> Any:
    """Plain JSON data for the package's values: seats, strains and suits by name, calls and
    cards by text, dataclasses as objects of their fields, tuples as arrays.

    Used for records whose shape grows with later issues (the pending procedure), so they
    reach the JSON output without a converter of their own.

    >>> from auction_fsm.records import Decision
    >>> to_jsonable(Decision("accept_or_refuse", "27A1", "W", ("accept", "refuse")))
    {'kind': 'accept_or_refuse', 'law': '27A1', 'decider': 'W', 'options': ['accept', 'refuse']}
    """
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, int):
        return value
    if isinstance(value, (Call, Card)):
        return value.text
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list, frozenset, set)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(to_jsonable(k)): to_jsonable(v) for k, v in value.items()}
    raise TypeError(f"no JSON form for {type(value).__name__} {value!r}")


def pending_to_json(pending: Pending | None) -> dict[str, Any] | None:
    """The decision a procedure waits for: its ``kind`` (the nested phase-machine state), the
    law, who decides (a seat letter or ``"director"``) and the options; ``judgement`` names the
    director's judgement the procedure also accepts (e.g. ``dummy_seen`` under 54C), if any.

    >>> from auction_fsm.records import Pending
    >>> p = Pending("lead_out_of_turn", "awaiting_declarer", "54", "N", ("accept", "spread", "refuse"),
    ...             Seat.W, 0, Seat.E, (("judgement", "dummy_seen"),))
    >>> d = pending_to_json(p)
    >>> d["kind"], d["decider"], d["options"], d["offender"], d["in_turn_of"], d["judgement"]
    ('lead_out_of_turn.awaiting_declarer', 'N', ['accept', 'spread', 'refuse'], 'W', 'E', 'dummy_seen')
    """
    if pending is None:
        return None
    return {
        "kind": pending.state_name,
        "procedure": pending.procedure,
        "step": pending.step,
        "law": pending.law,
        "decider": pending.decider,
        "options": list(pending.options),
        "judgement": pending.get("judgement") or None,
        "offender": pending.offender.name,
        "in_turn_of": pending.in_turn_of.name,
    }


def lead_to_json(lead: LeadRecord) -> dict[str, Any]:
    """One card led after the auction: who, which card, face up or down, and what became of it
    (``stands``, ``pending`` while declarer chooses under 54, ``withdrawn`` or ``cancelled``)."""
    return {"seat": lead.seat.name, "card": lead.card.text, "faced": lead.faced,
            "status": lead.status, "law": lead.law}


def penalty_card_to_json(card: PenaltyCard) -> dict[str, Any]:
    """A defender's penalty card: ``major`` true or false, with ``kind`` in words too."""
    return {"seat": card.seat.name, "card": card.card.text, "major": card.major,
            "kind": "major" if card.major else "minor", "law": card.law}


def lead_rule_to_json(rule: LeadRule) -> dict[str, Any]:
    """A suit declarer required or prohibited for ``leader``'s lead (50D, 26B), or the penalty
    card declarer designated as the opening lead (``designate``, 51A: ``card``, else ``None``)."""
    return {"kind": rule.kind, "suit": rule.suit.name, "leader": rule.leader.name, "law": rule.law,
            "card": None if rule.card is None else rule.card.text}


def restriction_to_json(state: AuctionState, restriction: LeadRestriction) -> dict[str, Any]:
    """A 26B right: the offender, the partner whose lead it binds, the withdrawn call, the
    suits declarer may prohibit (those the offender did not specify in the legal auction) and
    where the right stands (``status``, see :meth:`AuctionState.restriction_status`)."""
    return {
        "offender": restriction.offender.name,
        "leader": restriction.leader.name,
        "law": restriction.law,
        "withdrawn": restriction.withdrawn.text,
        "eligible_suits": [s.name for s in eligible_suits(state, restriction)],
        "status": restriction_status(state, restriction),
    }


def _ruling(ruling: Ruling) -> dict[str, str]:
    return {"law": ruling.law, "summary": ruling.summary}


def _to_lead(state: AuctionState) -> str | None:
    """Who is to lead now: the presumed opening leader while no lead stands and nothing is
    pending; ``None`` otherwise (also while a face-down lead waits to be faced)."""
    if state.contract is None or state.pending is not None or state.current_lead is not None:
        return None
    return _seat(state.opening_leader)


def consequence_to_json(consequence: Consequence) -> dict[str, Any]:
    """What one option of the pending decision leads to (:mod:`auction_fsm.consequences`): how it
    is made (``choice``, ``call``, ``director`` or ``judgement``), by whom, and for each outcome
    the law, the rulings in words, the calls that lead to it (for an option made by a call), the
    kind of decision that follows (``then``), if any, and where a bid above seven among the
    calls goes next when the others do not (``above_seven``: law and words, F08); ``leads_to``
    is what the law book says the option leads to, in words."""
    spec = consequence.spec
    return {
        "option": consequence.option,
        "how": consequence.how,
        "seat": _seat(consequence.seat),
        "value": consequence.value,
        "leads_to": None if spec is None else spec.leads_to,
        "results": [{"law": r.law, "rulings": list(r.rulings), "calls": [c.text for c in r.calls],
                     "then": None if r.then is None else r.then.state_name,
                     "above_seven": [{"law": law, "does": words} for law, words in r.above_seven]}
                    for r in consequence.results],
    }


def _pending_with_consequences(state: AuctionState, book: LawBook) -> dict[str, Any] | None:
    data = pending_to_json(state.pending)
    if data is not None:
        data["options_lead_to"] = [consequence_to_json(c) for c in consequences(state, book)]
    return data


def auction_period_over(state: AuctionState) -> bool:
    """Whether the auction period is over: the opening lead is faced (17D1), or a passed-out
    board's hands are back in the board (17D2; until then a change of call may come, 22B, 25A)."""
    return state.phase in ("play", "hands_returned")


def _required_call(state: AuctionState, book: LawBook) -> dict[str, Any] | None:
    """The repeat the seat to act owes (31A1, 32A1), even when it is no longer a legal call
    (then ``legal_calls`` is empty and ``words`` says how the repeat is ruled)."""
    req = required_call(state, book)
    if req is None:
        return None
    then = None if req.result is None or req.result.then is None else req.result.then.state_name
    return {"seat": req.seat.name, "call": req.call.text, "law": req.law, "legal": req.legal,
            "then": then, "words": req.words()}


def position_to_json(state: AuctionState, book: LawBook | None = None) -> dict[str, Any]:
    """A core position as JSON-ready data (without the simulator's dealer and vulnerability);
    what each pending option leads to is ruled under the position's book (``book``, if given,
    must be it)."""
    book = ruling_book(state, book)
    contract = state.contract
    lead = state.current_lead
    return {
        "phase": state.phase,
        "to_act": None if state.is_over else state.turn.name,
        "legal_calls": [c.text for c in state.legal_calls()],
        "required_call": _required_call(state, book),
        "calls": [record_to_json(r) for r in state.record],
        "obligations": {s.name: [obligation_to_json(o) for o in state.obligations[s]] for s in Seat},
        "pending": _pending_with_consequences(state, book),
        "lead_restrictions": [restriction_to_json(state, r) for r in state.restrictions],
        "exposed_cards": to_jsonable(state.exposed),
        "rulings": [_ruling(r) for r in state.rulings],
        "contract": None if contract is None else contract.text,
        "declarer": _seat(state.declarer),
        "dummy": _seat(state.dummy),
        "opening_leader": _seat(state.opening_leader),
        "actual_declarer": _seat(state.actual_declarer),
        "actual_dummy": _seat(state.actual_dummy),
        "actual_leader": _seat(state.actual_leader),
        "to_lead": _to_lead(state),
        "opening_lead": None if lead is None else lead_to_json(lead),
        "leads": [lead_to_json(ld) for ld in state.leads],
        "penalty_cards": [penalty_card_to_json(p) for p in penalty_cards(state)],
        "lead_rules": [lead_rule_to_json(r) for r in state.lead_rules],
        "auction_period_over": auction_period_over(state),
        "passed_out": state.is_passed_out,
    }


def state_to_json(source: Simulator | AuctionState, *, vulnerability: str | None = None) -> dict[str, Any]:
    """A position as JSON-ready data (dicts, lists, strings, None): the simulator's current
    position, or an :class:`~auction_fsm.auction.AuctionState` of the pure core.

    The dealer comes from the position; the vulnerability from the simulator, else from
    ``vulnerability``, else the state's own if it records one, else ``"None"`` (neither side),
    the same default a simulator and a scenario file have.

    >>> state = AuctionState.start("E").calls("1H", "P")
    >>> data = state_to_json(state, vulnerability="EW")
    >>> data["dealer"], data["vulnerability"], data["to_act"], [c["call"] for c in data["calls"]]
    ('E', 'EW', 'W', ['1H', 'P'])
    """
    if vulnerability is not None and vulnerability not in VULNERABILITIES:
        raise errors.ScenarioError(f"unknown vulnerability {vulnerability!r}: expected one of "
                                   f"{', '.join(VULNERABILITIES)}")
    if isinstance(source, AuctionState):
        state = source
        vul = vulnerability or getattr(state, "vulnerability", None) or "None"
        book = book_of(state)
    else:
        state = source.state
        vul = vulnerability or source.vulnerability
        book = source.book
    return {
        "format": STATE_FORMAT,
        "dealer": state.dealer.name,
        "vulnerability": vul,
        "law_book": book.name,
        **position_to_json(state, book),
    }
