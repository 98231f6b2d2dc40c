"""The one classifier: what kind of event this is, here — the trigger the law book is asked for.

:func:`classify` turns (state, event) into a trigger: a call in turn (legal, insufficient,
inadmissible, by a player obliged to pass, above seven), out of rotation, after the final pass
or while a procedure is pending; the director; a judgement; a choice; an exposed card; a lead
by the right or the wrong player.  Input that no law can take here (a choice by the wrong
player, a lead during the auction) is refused with an input error that says why.  Everything
else that needs to know what kind of call something is asks this module.

The decision is a function of declared facts, as a guard's is (issue "The position as named
facts"): each part of the classifier (the kind of event; a call; a call in turn; ...) declares
the slots it reads and is handed a :class:`~.facts.FactView` of those alone, so reading another
raises :class:`~.facts.UndeclaredRead` naming the part.  The engine classifies in the very
context it then selects the row in (:func:`classify_in`), so the facts the classifier read are
in ``ctx.facts`` beside the guards': one key for the whole choice of row.  Only the words of a
refusal read the position (to quote seats, calls and the waiting procedure).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any

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

# the modules declaring the slots the classifier reads besides its own
from . import attention, changes, exposure, lead, position_facts  # noqa: F401
from . import seat as _seat_facts  # noqa: F401
from .facts import FactView, check_declared, computes, slot, view_class
from .rows import (
    AuctionEnds,
    Ctx,
    DeclarerOptions,
    FollowUp,
    JudgeChange,
    Replacement,
    WatchedCall,
)
from .states import PROCEDURES, Step
from .triggers import CALL_TRIGGERS

__all__ = ["ONE_KIND_PARTS", "classify", "classify_in", "classifier_reads", "call_kind", "in_turn_kind", "expected",
           "may_claim_change", "CALL_TRIGGERS", "EVENT_TRIGGERS", "triggers_of_kind"]

_PROC, _AUCTION = "9-10", "17-22"

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
        phrase = word.replace("_", " ") if spec is None else spec.may.format(it="it", x=spec.detail_words(word))
        if phrase not in phrases:
            phrases.append(phrase)
    return " or ".join(phrases)



# --- the classifier's own facts (the dispatch's: family 17-22 for the auction, 9-10 for what waits) ---
slot("procedure_waits", _PROC, bool,
     "a procedure waits for a decision (an irregularity being ruled, or declarer's choices before the "
     "opening lead)",
     parts=('procedure',))
slot("director_option_open", _PROC, bool,
     "the waiting procedure lists calling the director among its options; false if none waits",
     parts=('procedure',))
slot("judgement_is_awaited", _PROC, bool,
     "a procedure waits for a judgement of the kind the event gives (artificial, comparable...); false "
     "if none waits, it waits for another kind, or the event is not a judgement",
     parts=('procedure',))
slot("judgement_given", _PROC, (tuple, type(None)),
     "the judgement the event gives: its kind and its yes/no answer, such as ('comparable', true); "
     "none if the event is not a judgement",
     parts=())
slot("chosen_option_open", _PROC, bool,
     "the option the event chooses is one the waiting procedure offers now; false if none waits or the "
     "event is not a choice",
     parts=('procedure',))
slot("choice_kind", _PROC, (str, type(None)),
     "the kind of option the event chooses ('accept', 'refuse', 'designate'..., or 'other' for an "
     "option named by what it does); none if the event is not a choice",
     parts=())
slot("change_claim_heard", _PROC, bool,
     "a change of call by the acting seat is something the book is asked about here: nothing waits, "
     "declarer's choices before the opening lead wait, or the seat is the waiting procedure's offender",
     parts=('procedure',))
slot("period_ended", _AUCTION, str,
     "whether the auction period is already over, and why: 'lead faced' (the opening lead faced, "
     "17D1), 'hands returned' (a passed-out board's hands back in the board, 17D2) or 'no'",
     parts=('key', 'procedure', 'leads', 'hands_returned'))
slot("auction_passed_out", _AUCTION, bool,
     "the auction ended with four passes (22B)",
     parts=('key',))
slot("actor_in_turn", _AUCTION, bool,
     "the event names a seat and it is that seat's turn to call (17B, 17C)",
     parts=('turn',))
slot("call_type", _AUCTION, (str, type(None)),
     "the kind of call the event makes: 'pass', 'bid', 'double', 'redouble', or 'above seven' for a "
     "bid beyond the seven level (38); none if the event makes no call",
     parts=())


@computes("procedure_waits")
def _procedure_waits(ctx: Ctx) -> Hashable:
    return ctx.state.pending is not None


@computes("director_option_open")
def _director_option_open(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return p is not None and "director" in p.options


@computes("judgement_is_awaited")
def _judgement_is_awaited(ctx: Ctx) -> Hashable:
    p, event = ctx.state.pending, ctx.event
    return p is not None and isinstance(event, Judgement) and p.get("judgement") == event.kind


@computes("judgement_given")
def _judgement_given(ctx: Ctx) -> Hashable:
    event = ctx.event
    return (event.kind, event.value) if isinstance(event, Judgement) else None


@computes("chosen_option_open")
def _chosen_option_open(ctx: Ctx) -> Hashable:
    p, event = ctx.state.pending, ctx.event
    return p is not None and isinstance(event, Choice) and event.option in p.options


@computes("choice_kind")
def _choice_kind(ctx: Ctx) -> Hashable:
    event = ctx.event
    if not isinstance(event, Choice):
        return None
    kind = event.option if event.option in _CHOICES else event.option.split("_", 1)[0]
    return kind if kind in _CHOICES else "other"


@computes("change_claim_heard")
def _change_claim_heard(ctx: Ctx) -> Hashable:
    seat = getattr(ctx.event, "seat", None)
    return isinstance(seat, Seat) and may_claim_change(ctx.state, seat)


@computes("period_ended")
def _period_ended(ctx: Ctx) -> Hashable:
    state = ctx.state
    # (the phase's own test, without the record: that is read only to tell the first call apart)
    if state.pending is not None or not rules.is_final(state.key):
        return "no"
    if rules.is_passed_out(state.key):
        return "hands returned" if state.hands_returned else "no"
    faced = state.current_lead
    return "lead faced" if faced is not None and faced.faced else "no"


@computes("auction_passed_out")
def _auction_passed_out(ctx: Ctx) -> Hashable:
    return ctx.state.is_passed_out


@computes("actor_in_turn")
def _actor_in_turn(ctx: Ctx) -> Hashable:
    return getattr(ctx.event, "seat", None) is ctx.state.turn


@computes("call_type")
def _call_type(ctx: Ctx) -> Hashable:
    call = getattr(ctx.event, "call", None)
    if not isinstance(call, Call):
        return None
    return call.kind if call.is_admissible_level else "above seven"


# --- the classifier: decisions on declared facts, words from the position ---------------------

class _Here:
    """What a part of the classifier may do besides reading its facts: hand the event on to
    another part, and word a refusal.  The refusals quote seats, calls and the waiting procedure
    from the position (words for people, not a decision: which refusal is raised is decided on
    the facts before it is worded)."""

    __slots__ = ("_ctx",)

    def __init__(self, ctx: Ctx) -> None:
        self._ctx = ctx

    def then(self, part: str) -> str:
        """The trigger the classifier's part ``part`` gives the same event."""
        p = _PARTS[part]
        return p.decide(p.view(self._ctx, p.reads, p.name, "classifier"), self)

    @property
    def _event(self) -> Any:
        return self._ctx.event

    def lead_faced(self) -> AuctionOverError:
        return AuctionOverError(
            f"{self._event.describe()}: the opening lead has been faced, so the auction period is over "
            "(17D1); play beyond the opening lead is outside this model", law="17D1")

    def hands_returned(self) -> AuctionOverError:
        return AuctionOverError(
            f"{self._event.describe()}: the board was passed out and the hands are back in the board, so "
            "the auction period is over (17D2)", law="17D2")

    def hands_not_returnable(self) -> DecisionError:
        return DecisionError(f"{self._event.describe()}: only the hands of a passed-out board go back "
                             f"into the board without play (22B); here {_where(self._ctx.state)}")

    def no_change_now(self) -> DecisionError:
        return DecisionError(f"{self._event.seat.long_name} cannot change a call now: "
                             f"{expected(self._ctx.state)}")

    def unknown(self) -> DecisionError:
        return DecisionError(f"unknown event {self._event!r}")

    def call_after_pass_out(self) -> AuctionOverError:
        e = self._event
        return AuctionOverError(
            f"{e.seat.long_name}'s {e.call} comes after the board was passed out: the auction "
            "period is over (17D2, 22B)", law="17D2")

    def not_the_repeat(self) -> IllegalCallError:
        seat, call = self._event.seat, self._event.call
        owed = next(o for o in self._ctx.state.obligations[seat] if o.kind == "repeat_call")
        return IllegalCallError(f"{seat.long_name} must repeat {owed.call} (Law {owed.law}); "
                                f"{call} is not that call", law=owed.law)

    def _unnoticed(self) -> str:
        return ("for now (9A, 36)" if self._event.when == "later"
                else "until after the opening lead (36C)")

    def nothing_unnoticed(self) -> DecisionError:
        return DecisionError(f"nobody noticing a call {self._unnoticed()}: this applies to an inadmissible "
                             "double or redouble just made, before anyone calls over it or calls the director; "
                             f"here {_where(self._ctx.state)}")

    def ruled_at_once(self) -> DecisionError:
        state = self._ctx.state
        p = state.pending
        assert p is not None
        return DecisionError(f"{p.offender.long_name}'s {p.made} is out of turn or doubles no bid: the model "
                             f"rules it at once (36B), not as unnoticed {self._unnoticed()}")

    def judgement_not_awaited(self) -> DecisionError:
        return DecisionError(f"a judgement of {self._event.kind!r} was given but {expected(self._ctx.state)}")

    def choice_refused(self, why: str) -> DecisionError:
        e, state = self._event, self._ctx.state
        if why == "nothing waits":
            return DecisionError(f"{e.seat.long_name} chose {e.option!r} but no decision is pending")
        if why == "not the decider":
            p = state.pending
            assert p is not None
            return DecisionError(f"{e.seat.long_name} chose {e.option!r} but the decision is "
                                 f"{p.decider}'s: {expected(state)}")
        return DecisionError(f"{e.option!r} is not an option: {expected(state)}")

    def exposure_refused(self, why: str) -> DecisionError:
        e, state = self._event, self._ctx.state
        o = e.seat
        if why == "waits":
            return DecisionError(f"{o.long_name}'s exposed card must wait: {expected(state)}")
        if why == "passed out":
            return DecisionError(f"{o.long_name}'s exposed card comes after the board was passed out: "
                                 "there is no play, so no penalty card (17D2, 22B)")
        if why == "play":
            return DecisionError(f"{o.long_name}'s exposed card comes after the opening lead was faced: "
                                 "play is outside the model")
        already = {x.card for x in state.exposed}
        dupes = [c.text for c in e.cards if c in already]
        return DecisionError(f"card(s) {', '.join(dupes) or 'repeated'} already exposed")

    def request_after_pass_out(self, kind: str) -> DecisionError:
        return DecisionError(f"{self._event.seat.long_name}'s {kind} request: the board was passed out")

    def lead_refused(self, why: str) -> Exception:
        e, state = self._event, self._ctx.state
        s = e.seat
        if why == "waits":
            return DecisionError(f"{s.long_name}'s lead must wait: {expected(state)}")
        if why == "auction":
            return DecisionError(f"{s.long_name} led {e.card.text} during the auction: a card led "
                                 "before the final pass is an exposed card (Law 24); give it as an expose "
                                 "event with led=true")
        if why == "passed out":
            return AuctionOverError("the board was passed out: there is no opening lead (22B)", law="22B")
        standing = state.current_lead
        assert standing is not None
        return DecisionError(f"{s.long_name}'s lead: an opening lead has already been made "
                             f"({standing.seat.name} {standing.card.text})")

    def face_refused(self, why: str) -> DecisionError:
        if why == "waits":
            return DecisionError(f"the lead cannot be faced now: {expected(self._ctx.state)}")
        return DecisionError("there is no face-down opening lead to face")


_Decide = Callable[[FactView, _Here], str]


class _Part:
    """One part of the classifier: the facts it declares it reads and its decision on them.

    The decision is handed a :class:`FactView` holding only those facts (reading another raises
    :class:`UndeclaredRead` naming the part), and a :class:`_Here` to hand the event on or word
    a refusal; never the position."""

    __slots__ = ("name", "reads", "decide", "view")

    def __init__(self, name: str, reads: frozenset[str], decide: _Decide) -> None:
        check_declared(name, reads, role="classifier")
        self.name, self.reads, self.decide = name, reads, decide
        self.view = view_class(reads)

    def __call__(self, ctx: Ctx) -> str:
        return self.decide(self.view(ctx, self.reads, self.name, "classifier"), _Here(ctx))


#: The parts of the classifier by name (the engine starts with ``"event"``); kept in one table so
#: that a test can plant a part that declares too little or reads something not relative.
_PARTS: dict[str, _Part] = {}


def _part(name: str, *facts: str) -> Callable[[_Decide], _Decide]:
    """Decorator: the function is the classifier's part ``name``, reading the declared ``facts``."""
    def register(fn: _Decide) -> _Decide:
        _PARTS[name] = _Part(name, frozenset(facts), fn)
        return fn
    return register


#: The parts of the classifier that only one kind of event reaches (a lead, a faced lead, an
#: exposure, a notice of an unnoticed call): their facts are read only where such an event is
#: offered, which an explorer does only where some row takes it (graph/declared_key.py).
ONE_KIND_PARTS: dict[str, type] = {"lead": Lead, "face": FaceLead, "exposure": ExposeCards, "attention": Attention}


def classifier_reads() -> dict[str, frozenset[str]]:
    """The facts each part of the classifier declares it reads, by part."""
    return {name: part.reads for name, part in _PARTS.items()}


def classify(state: AuctionState, event: Event | FollowUp) -> str:
    """The trigger ``event`` sets off at ``state``; raise an input error if none can apply."""
    return _PARTS["event"](Ctx(state, event))


def classify_in(ctx: Ctx) -> str:
    """:func:`classify` for the context a row will then be selected in: the facts the classifier
    reads are kept in ``ctx.facts`` beside the guards' (one cache, one key for the whole step)."""
    return _PARTS["event"](ctx)


def in_turn_kind(state: AuctionState, seat: Seat, call: Call) -> str:
    """The trigger of ``call`` made by ``seat`` at its own turn with nothing pending.

    A seat that must repeat a call (31A1, 32A1) and is not also silenced may make only that
    call; anything else is refused.  Then, in the order the Laws take them: a bid above seven
    (38), a double or redouble Law 19 does not permit (36), a call by a player obliged to pass
    (37), an insufficient bid (27), or a legal call.
    """
    return _PARTS["call in turn"](Ctx(state, CallEvent(seat, call)))


def call_kind(state: AuctionState, seat: Seat, call: Call) -> str:
    """What ``call`` by ``seat`` would be if it were ``seat``'s turn now (no repeat check)."""
    return _PARTS["call kind"](Ctx(state, CallEvent(seat, call)))


_FOLLOW_BY_NAME = {kind.__name__: trigger for kind, trigger in _FOLLOW.items()}
_HANDED_ON = {"DirectorCalled": "director", "Judgement": "judgement", "Choice": "choice",
              "ExposeCards": "exposure", "ReviewRequest": "request", "ExplanationRequest": "request",
              "Lead": "lead", "FaceLead": "face", "Attention": "attention"}


@_part("event", "event_is_call", "event_kind", "restored_call_kept", "procedure_waits", "auction_over",
       "actor_in_turn", "period_ended", "auction_passed_out", "change_claim_heard")
def _event(f: FactView, here: _Here) -> str:
    """The kind of event first: a follow-up's trigger is its kind; then whether the auction
    period is already over (17D1, 17D2); then each kind of event to its part.  A call (made at
    the table, put in place by the director, or LHO's call accepting a change) is told apart
    first, with no more said about its kind: none of the follow-ups whose kind alone is their
    trigger is a call."""
    if f.event_is_call:
        _over(f, here)
        return here.then("call")
    kind = f.event_kind
    follow = _FOLLOW_BY_NAME.get(kind)
    if follow is not None:
        return follow
    if kind == "RestoredCall":
        lho_to_call = (f.restored_call_kept and not f.procedure_waits and not f.auction_over
                       and f.actor_in_turn)
        return "restore_call" if lho_to_call else "restore_lapses"
    _over(f, here)
    if kind == "HandsReturned":
        if not f.auction_passed_out or f.procedure_waits:
            raise here.hands_not_returnable()
        return "hands_returned"
    if kind == "ChangeCall":
        if not f.change_claim_heard:
            raise here.no_change_now()
        return "attempt_change"
    part = _HANDED_ON.get(kind)
    if part is None:
        raise here.unknown()
    return here.then(part)


def _over(f: FactView, here: _Here) -> None:
    """Refuse any event once the auction period is over (17D1, 17D2)."""
    ended = f.period_ended
    if ended == "lead faced":
        raise here.lead_faced()
    if ended == "hands returned":
        raise here.hands_returned()


def may_claim_change(state: AuctionState, seat: Seat) -> bool:
    """Whether a change of call by ``seat`` is an event the book is asked about here: any
    seat's with nothing pending, or while declarer's choices before the opening lead wait (the
    auction period runs until the lead is faced, 17D1, 25A5); while an irregularity procedure is
    pending, only its offender's (a claim that the irregular call was a slip, 25A).  Whether the
    change is then allowed is the rows' to say."""
    p = state.pending
    return p is None or p.procedure == "declarer_lead_options" or seat == p.offender


@_part("call", "procedure_waits", "call_is_called_over", "auction_over", "auction_passed_out", "actor_in_turn")
def _call(f: FactView, here: _Here) -> str:
    """A call: while a procedure waits, out of rotation, after the final pass, or in turn."""
    if f.procedure_waits:
        return "call_while_pending"
    if not f.auction_over and not f.actor_in_turn and f.call_is_called_over:
        return "called_over_lapses"  # the director has cancelled the call it was made over (36B)
    if f.auction_over:
        if f.auction_passed_out:
            raise here.call_after_pass_out()
        return "call_after_final_pass"
    if not f.actor_in_turn:
        return "call_out_of_rotation"
    return here.then("call in turn")


@_part("call in turn", "owed_repeat", "actor_must_pass")
def _call_in_turn(f: FactView, here: _Here) -> str:
    """A seat that owes a repeat (31A1, 32A1) and is not silenced may make only that call."""
    if f.owed_repeat == "another call" and not f.actor_must_pass:
        raise here.not_the_repeat()
    return here.then("call kind")


@_part("call kind", "call_type", "call_permitted", "actor_barred_from_doubling", "actor_must_pass")
def _call_kind(f: FactView, here: _Here) -> str:
    """Above seven (38); a double or redouble Law 19 does not permit or a rectification bars
    this turn (36); a call by a player obliged to pass (37); an insufficient bid (27); legal."""
    kind = f.call_type
    if kind == "above seven":
        return "bid_above_seven"
    if kind in ("double", "redouble") and (not f.call_permitted or f.actor_barred_from_doubling):
        return "inadmissible_double"
    if kind != "pass" and f.actor_must_pass:
        return "violates_pass_obligation"
    if kind == "bid" and not f.call_permitted:
        return "insufficient_bid"
    return CALL_TRIGGERS[kind]


def _where(state: AuctionState) -> str:
    """Where the table is, in words, for messages."""
    if state.pending is not None:
        return expected(state)
    return "the auction has not been passed out" if not state.is_over else "the auction ended with a contract"


@_part("director", "procedure_waits", "called_since_unnoticed", "director_option_open")
def _director(f: FactView, here: _Here) -> str:
    """The director may be called at every moment of the auction period (9B1): to rule on an
    irregularity not yet ruled on, again while already ruling, or with nothing to rule."""
    if not f.procedure_waits:
        # an inadmissible call nobody had noticed: calling the director draws attention to it (36A-B)
        return "attention_drawn" if f.called_since_unnoticed is not None else "director_idle"
    if not f.director_option_open:
        return "director_present"
    return "director_called"


@_part("attention", "inadmissible_call_awaits_decision", "inadmissible_call_in_turn_over_bid", "attention_when")
def _attention(f: FactView, here: _Here) -> str:
    """36A-C: only an inadmissible double or redouble, made in turn over a bid and not yet called
    over (nor the director called), can be said to be noticed only later (for now, or only after
    the opening lead)."""
    if not f.inadmissible_call_awaits_decision:
        raise here.nothing_unnoticed()
    if not f.inadmissible_call_in_turn_over_bid:
        raise here.ruled_at_once()
    return "noticed_later" if f.attention_when == "later" else "noticed_after_lead"


@_part("judgement", "judgement_is_awaited", "judgement_given")
def _judgement(f: FactView, here: _Here) -> str:
    if not f.judgement_is_awaited:
        raise here.judgement_not_awaited()
    return _JUDGEMENTS[f.judgement_given]


@_part("choice", "procedure_waits", "decider_from_offender", "actor_from_offender", "chosen_option_open",
       "choice_kind")
def _choice(f: FactView, here: _Here) -> str:
    if not f.procedure_waits:
        raise here.choice_refused("nothing waits")
    if f.decider_from_offender != f.actor_from_offender:
        raise here.choice_refused("not the decider")
    if not f.chosen_option_open:
        raise here.choice_refused("not an option")
    return f"choose_{f.choice_kind}"


@_part("exposure", "procedure_waits", "auction_passed_out", "auction_over", "standing_lead",
       "exposes_card_again")
def _exposure(f: FactView, here: _Here) -> str:
    if f.procedure_waits:
        raise here.exposure_refused("waits")
    if f.auction_passed_out:
        raise here.exposure_refused("passed out")
    if f.auction_over and f.standing_lead == "faced":  # with nothing waiting: the phase is "play"
        raise here.exposure_refused("play")
    if f.exposes_card_again:
        raise here.exposure_refused("again")
    return "expose_cards"


@_part("request", "event_kind", "procedure_waits", "auction_passed_out")
def _request(f: FactView, here: _Here) -> str:
    kind = "review" if f.event_kind == "ReviewRequest" else "explanation"
    if f.procedure_waits:
        return f"{kind}_request"  # the rows say who may still ask (20B, 20F1: the player about to call)
    if f.auction_passed_out:
        raise here.request_after_pass_out(kind)
    return f"{kind}_request"


@_part("lead", "procedure_waits", "auction_over", "auction_passed_out", "standing_lead", "lead_is_faced",
       "actor_from_standing_leader", "actor_from_declarer")
def _lead(f: FactView, here: _Here) -> str:
    if f.procedure_waits:
        raise here.lead_refused("waits")
    if not f.auction_over:
        raise here.lead_refused("auction")
    if f.auction_passed_out:  # the auction is over: no contract means passed out
        raise here.lead_refused("passed out")
    standing = f.standing_lead
    if standing != "none":
        if (standing == "face down" and f.lead_is_faced and f.actor_from_standing_leader == 2
                and f.actor_from_declarer in (1, 3)):
            return "lead_out_of_turn"  # 54: faced over partner's face-down lead, which is retracted
        raise here.lead_refused("already made")
    actor = f.actor_from_declarer
    if actor == 1:  # declarer's LHO, the opening leader
        return "opening_lead" if f.lead_is_faced else "face_down_lead"
    if actor in (0, 2):
        return "lead_by_declaring_side"
    return "lead_out_of_turn" if f.lead_is_faced else "face_down_lead_out_of_turn"


@_part("face", "procedure_waits", "standing_lead")
def _face(f: FactView, here: _Here) -> str:
    if f.procedure_waits:
        raise here.face_refused("waits")
    if f.standing_lead != "face down":
        raise here.face_refused("none face down")
    return "face_lead"


def triggers_of_kind(kind: str) -> frozenset[str]:
    """Every trigger the classifier may give an event or follow-up of class name ``kind`` (a
    call the director puts in place, or LHO's call accepting a change, is classified as a call):
    what a reader of an action's declared follow-ups needs to know which rows may rule them
    (:mod:`.chains`).  An unknown kind gets none."""
    follow = _FOLLOW_BY_NAME.get(kind)
    if follow is not None:
        return frozenset({follow})
    if kind == "RestoredCall":
        return frozenset({"restore_call", "restore_lapses"})
    for cls, triggers in EVENT_TRIGGERS.items():
        if cls.__name__ == kind:
            return triggers
    if kind in ("SubstitutedCall", "CalledOver"):
        return EVENT_TRIGGERS[CallEvent]
    return frozenset()
