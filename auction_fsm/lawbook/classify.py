"""The one classifier: what kind of event this is, here — the trigger the law book is asked for.

:func:`classify` turns (state, event) into a trigger: a call in turn (legal, insufficient,
inadmissible, by a player obliged to pass, above seven), out of rotation, after the final pass
or while a procedure is pending; the director; a judgement; a choice; an exposed card; a lead
by the right or the wrong player.  Input that no law can take here (a choice by the wrong
player, a lead during the auction) is refused with an input error that says why.  Everything
else that needs to know what kind of call something is asks this module.  Standard library only.
"""

from __future__ import annotations

import functools

from .. import rules
from ..auction import AuctionState
from ..calls import Call
from ..errors import AuctionOverError, DecisionError, IllegalCallError
from ..events import (
    Attention,
    CallEvent,
    ChangeCall,
    Choice,
    DirectorCalled,
    Event,
    ExplanationRequest,
    ExposeCards,
    FaceLead,
    HandsReturned,
    Judgement,
    Lead,
    ReviewRequest,
)
from ..records import Pending
from ..seats import Seat
from .attention import unnoticed_call
from .rows import (
    AuctionEnds,
    CalledOver,
    DeclarerOptions,
    FollowUp,
    JudgeChange,
    Replacement,
    RestoredCall,
    WatchedCall,
)
from .states import PROCEDURES, Step

__all__ = ["classify", "call_kind", "in_turn_kind", "expected", "may_claim_change", "CALL_TRIGGERS",
           "EVENT_TRIGGERS"]

CALL_TRIGGERS = {"pass": "call_pass", "bid": "call_bid", "double": "call_double",
                 "redouble": "call_redouble"}

_JUDGEMENTS = {
    ("artificial", True): "judge_artificial", ("artificial", False): "judge_natural",
    ("comparable", True): "judge_comparable", ("comparable", False): "judge_not_comparable",
    ("unintended", True): "judge_unintended", ("unintended", False): "judge_intended",
    ("misinformation", True): "judge_misinformation", ("misinformation", False): "judge_no_misinformation",
    ("dummy_seen", True): "judge_dummy_seen", ("dummy_seen", False): "judge_dummy_not_seen",
    ("lowest_specifying", True): "judge_lowest", ("lowest_specifying", False): "judge_not_lowest",
}
_CHOICES = {"accept", "refuse", "decline", "keep", "withdraw", "change", "spread", "let_remain",
            "no_prohibition", "require", "prohibit", "designate", "director"}
_FOLLOW = {AuctionEnds: "auction_ends", WatchedCall: "watched_call", DeclarerOptions: "declarer_options",
           Replacement: "call_while_pending", JudgeChange: "judge_change"}


#: For each kind of event, every trigger :func:`classify` may give it (so that a reader can
#: tell which kinds of event a set of rows could take without classifying each one).
EVENT_TRIGGERS: dict[type, frozenset[str]] = {
    CallEvent: frozenset({*CALL_TRIGGERS.values(), "insufficient_bid", "inadmissible_double",
                          "violates_pass_obligation", "bid_above_seven", "call_out_of_rotation",
                          "call_after_final_pass", "call_while_pending", "called_over_lapses"}),
    DirectorCalled: frozenset({"director_called", "director_present", "director_idle", "attention_drawn"}),
    Judgement: frozenset(_JUDGEMENTS.values()),
    Choice: frozenset({f"choose_{c}" for c in _CHOICES} | {"choose_other"}),
    ChangeCall: frozenset({"attempt_change"}),
    ExposeCards: frozenset({"expose_cards"}),
    ReviewRequest: frozenset({"review_request"}),
    ExplanationRequest: frozenset({"explanation_request"}),
    Lead: frozenset({"opening_lead", "face_down_lead", "lead_out_of_turn", "face_down_lead_out_of_turn",
                     "lead_by_declaring_side"}),
    FaceLead: frozenset({"face_lead"}),
    HandsReturned: frozenset({"hands_returned"}),
    Attention: frozenset({"noticed_after_lead", "noticed_later"}),
}


def expected(state: AuctionState) -> str:
    """A phrase saying what the pending procedure waits for (for error messages)."""
    p = state.pending
    if p is None:
        return "no decision is pending"
    return _expected(p)


@functools.lru_cache(maxsize=4096)
def _expected(p: Pending) -> str:
    """:func:`expected` for the pending procedure ``p`` (it reads nothing else).  Kept per
    procedure: the explorer offers events a procedure refuses by the hundred, and each refusal
    quotes this phrase."""
    procedure, steps = PROCEDURES.get(p.procedure, (p.procedure, ()))
    here = next((st for st in steps if st.name == p.step), None)
    words = f"{procedure}, {here.summary}" if here else procedure
    who = Seat[p.decider].long_name if p.decider in Seat.__members__ else "the director"
    # a step's summary cites its own paragraphs; the procedure's law is added only without one
    cite = "" if here is not None and "(" in here.summary else f" (Law {p.law})"
    return f"{words}{cite} is pending: waiting for {who}, who may {_options_in_words(p, here)}"


def _options_in_words(p: Pending, here: Step | None) -> str:
    """The pending options as the book words them ("accept it or decline it")."""
    phrases: list[str] = []
    for word in p.options:
        spec = None if here is None else next((o for o in here.options if o.matches(word)), None)
        phrase = word.replace("_", " ") if spec is None else spec.may.format(it="it", x=spec.detail(word))
        if phrase not in phrases:
            phrases.append(phrase)
    return " or ".join(phrases)


def in_turn_kind(state: AuctionState, seat: Seat, call: Call) -> str:
    """The trigger of ``call`` made by ``seat`` at its own turn with nothing pending.

    A seat that must repeat a call (31A1, 32A1) and is not also silenced may make only that
    call; anything else is refused.  Then, in the order the Laws take them: a bid above seven
    (38), a double or redouble Law 19 does not permit (36), a call by a player obliged to pass
    (37), an insufficient bid (27), or a legal call.
    """
    to_repeat = [o for o in state.obligations[seat] if o.kind == "repeat_call"]
    if to_repeat and not state.must_pass(seat) and to_repeat[0].call is not call:
        raise IllegalCallError(
            f"{seat.long_name} must repeat {to_repeat[0].call} (Law {to_repeat[0].law}); "
            f"{call} is not that call", law=to_repeat[0].law)
    return call_kind(state, seat, call)


def call_kind(state: AuctionState, seat: Seat, call: Call) -> str:
    """What ``call`` by ``seat`` would be if it were ``seat``'s turn now (no repeat check)."""
    if not call.is_admissible_level:
        return "bid_above_seven"
    if (call.is_double or call.is_redouble) and (
            not rules.permitted_for(state.key, seat, call.code)
            or any(o.kind == "no_double_next_turn" for o in state.obligations[seat])):
        return "inadmissible_double"  # Law 19 does not permit it, or a rectification bars it this turn
    if state.must_pass(seat) and not call.is_pass:
        return "violates_pass_obligation"
    if call.is_bid and rules.step_or_none(state.key, call.code) is None:
        return "insufficient_bid"
    return CALL_TRIGGERS[call.kind]


def classify(state: AuctionState, event: Event | FollowUp) -> str:
    """The trigger ``event`` sets off at ``state``; raise an input error if none can apply."""
    follow = _FOLLOW.get(type(event))
    if follow is not None:
        return follow
    if isinstance(event, RestoredCall):
        lho_to_call = event.kept and state.pending is None and not state.is_over and state.turn == event.seat
        return "restore_call" if lho_to_call else "restore_lapses"
    # the phase is worked out only when the auction period might be over (the hot path)
    over = state.hands_returned or (state.leads and state.pending is None)
    if over and state.phase == "play":
        raise AuctionOverError(
            f"{event.describe()}: the opening lead has been faced, so the auction period is over "
            "(17D1); play beyond the opening lead is outside this model", law="17D1")
    if over and state.phase == "hands_returned":
        raise AuctionOverError(
            f"{event.describe()}: the board was passed out and the hands are back in the board, so "
            "the auction period is over (17D2)", law="17D2")
    if isinstance(event, HandsReturned):
        if not state.is_passed_out or state.pending is not None:
            raise DecisionError(f"{event.describe()}: only the hands of a passed-out board go back "
                                f"into the board without play (22B); here {_where(state)}")
        return "hands_returned"
    if isinstance(event, CallEvent):
        return _call(state, event)
    if isinstance(event, DirectorCalled):
        return _director(state)
    if isinstance(event, Judgement):
        return _judgement(state, event)
    if isinstance(event, Choice):
        return _choice(state, event)
    if isinstance(event, ChangeCall):
        if not may_claim_change(state, event.seat):
            raise DecisionError(f"{event.seat.long_name} cannot change a call now: {expected(state)}")
        return "attempt_change"
    if isinstance(event, ExposeCards):
        return _exposure(state, event)
    if isinstance(event, (ReviewRequest, ExplanationRequest)):
        return _request(state, event)
    if isinstance(event, Lead):
        return _lead(state, event)
    if isinstance(event, FaceLead):
        return _face(state)
    if isinstance(event, Attention):
        return _attention(state, event)
    raise DecisionError(f"unknown event {event!r}")


def may_claim_change(state: AuctionState, seat: Seat) -> bool:
    """Whether a change of call by ``seat`` is an event the book is asked about here: any
    seat's with nothing pending, or while declarer's choices before the opening lead wait (the
    auction period runs until the lead is faced, 17D1, 25A5); while an irregularity procedure is
    pending, only its offender's (a claim that the irregular call was a slip, 25A).  Whether the
    change is then allowed is the rows' to say."""
    p = state.pending
    return p is None or p.procedure == "declarer_lead_options" or seat == p.offender


def _attention(state: AuctionState, event: Attention) -> str:
    """36A-C: only an inadmissible double or redouble, made in turn over a bid and not yet called
    over (nor the director called), can be said to be noticed only later (for now, or only after
    the opening lead)."""
    what = "for now (9A, 36)" if event.when == "later" else "until after the opening lead (36C)"
    p = state.pending
    if p is None or p.procedure != "inadmissible_double" or p.step != "awaiting_decision":
        raise DecisionError(f"nobody noticing a call {what}: this applies to an inadmissible double or "
                            "redouble just made, before anyone calls over it or calls the director; here "
                            f"{_where(state)}")
    r = state.record[p.call_index]
    if r.in_turn_of != r.seat or rules.unpack(state.key)[1] < 0:
        raise DecisionError(f"{r.seat.long_name}'s {r.call} is out of turn or doubles no bid: the model rules "
                            f"it at once (36B), not as unnoticed {what}")
    return "noticed_later" if event.when == "later" else "noticed_after_lead"


def _call(state: AuctionState, event: CallEvent) -> str:
    seat, call = event.seat, event.call
    if state.pending is not None:
        return "call_while_pending"
    if isinstance(event, CalledOver) and not state.is_over and seat != state.turn:
        return "called_over_lapses"  # the director has cancelled the call it was made over (36B)
    if state.is_over:
        if state.is_passed_out:
            raise AuctionOverError(
                f"{seat.long_name}'s {call} comes after the board was passed out: the auction "
                "period is over (17D2, 22B)", law="17D2")
        return "call_after_final_pass"
    if seat != state.turn:
        return "call_out_of_rotation"
    return in_turn_kind(state, seat, call)


def _where(state: AuctionState) -> str:
    """Where the table is, in words, for messages."""
    if state.pending is not None:
        return expected(state)
    return "the auction has not been passed out" if not state.is_over else "the auction ended with a contract"


def _director(state: AuctionState) -> str:
    """The director may be called at every moment of the auction period (9B1): to rule on an
    irregularity not yet ruled on, again while already ruling, or with nothing to rule."""
    p = state.pending
    if p is None:
        # an inadmissible call nobody had noticed: calling the director draws attention to it (36A-B)
        return "attention_drawn" if unnoticed_call(state) is not None else "director_idle"
    if "director" not in p.options:
        return "director_present"
    return "director_called"


def _judgement(state: AuctionState, event: Judgement) -> str:
    p = state.pending
    if p is None or p.get("judgement") != event.kind:
        raise DecisionError(f"a judgement of {event.kind!r} was given but {expected(state)}")
    return _JUDGEMENTS[(event.kind, event.value)]


def _choice(state: AuctionState, event: Choice) -> str:
    p = state.pending
    if p is None:
        raise DecisionError(f"{event.seat.long_name} chose {event.option!r} but no decision is pending")
    if p.decider != event.seat.name:
        raise DecisionError(f"{event.seat.long_name} chose {event.option!r} but the decision is "
                            f"{p.decider}'s: {expected(state)}")
    if event.option not in p.options:
        raise DecisionError(f"{event.option!r} is not an option: {expected(state)}")
    kind = event.option if event.option in _CHOICES else event.option.split("_", 1)[0]
    return f"choose_{kind}" if kind in _CHOICES else "choose_other"


def _exposure(state: AuctionState, event: ExposeCards) -> str:
    o = event.seat
    if state.pending is not None:
        raise DecisionError(f"{o.long_name}'s exposed card must wait: {expected(state)}")
    if state.is_passed_out:
        raise DecisionError(f"{o.long_name}'s exposed card comes after the board was passed out: there "
                            "is no play, so no penalty card (17D2, 22B)")
    if state.is_over and state.phase not in ("clarification", "opening_lead"):
        raise DecisionError(f"{o.long_name}'s exposed card comes after the opening lead was faced: play "
                            "is outside the model")
    already = {e.card for e in state.exposed}
    dupes = [c.text for c in event.cards if c in already]
    if dupes or len(set(event.cards)) != len(event.cards):
        raise DecisionError(f"card(s) {', '.join(dupes) or 'repeated'} already exposed")
    return "expose_cards"


def _request(state: AuctionState, event: ReviewRequest | ExplanationRequest) -> str:
    kind = "review" if isinstance(event, ReviewRequest) else "explanation"
    if state.pending is not None:
        return f"{kind}_request"  # the rows say who may still ask (20B, 20F1: the player about to call)
    if state.is_passed_out:
        raise DecisionError(f"{event.seat.long_name}'s {kind} request: the board was passed out")
    return f"{kind}_request"


def _lead(state: AuctionState, event: Lead) -> str:
    s = event.seat
    if state.pending is not None:
        raise DecisionError(f"{s.long_name}'s lead must wait: {expected(state)}")
    if not state.is_over:
        raise DecisionError(f"{s.long_name} led {event.card.text} during the auction: a card led "
                            "before the final pass is an exposed card (Law 24); give it as an expose "
                            "event with led=true")
    contract = state.contract
    if contract is None:
        raise AuctionOverError("the board was passed out: there is no opening lead (22B)", law="22B")
    standing = state.current_lead
    if standing is not None:
        if (not standing.faced and event.faced and s == standing.seat.partner
                and s.is_opponent_of(contract.declarer)):
            return "lead_out_of_turn"  # 54: faced over partner's face-down lead, which is retracted
        raise DecisionError(f"{s.long_name}'s lead: an opening lead has already been made "
                            f"({standing.seat.name} {standing.card.text})")
    if s == contract.opening_leader:
        return "opening_lead" if event.faced else "face_down_lead"
    if not s.is_opponent_of(contract.declarer):
        return "lead_by_declaring_side"
    return "lead_out_of_turn" if event.faced else "face_down_lead_out_of_turn"


def _face(state: AuctionState) -> str:
    lead = state.current_lead
    if state.pending is not None:
        raise DecisionError(f"the lead cannot be faced now: {expected(state)}")
    if lead is None or lead.faced:
        raise DecisionError("there is no face-down opening lead to face")
    return "face_lead"
