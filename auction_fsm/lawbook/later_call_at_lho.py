"""30B2, 31C and 32C while the offender's own call out of rotation still waits for its ruling.

A call out of rotation is held while the players decide (28B, 29A) and until the director
rules; the turn does not move meanwhile.  When it was made at the offender's LHO's turn (the
player before the dealer calling at the dealer's turn is the common case), a second call by
the same player while it is held is again a call at LHO's turn, after the offender has called:
a later call at LHO's turn, which 30B2 (a pass), 31C (a bid) and 32C (a double or redouble)
send to Law 25 as a change of call.  The call being changed is the held call out of rotation.

The director judges the change first (a step of the out-of-rotation procedure, so the held
call's facts stay with it):

* unintended (25A1): the held call is withdrawn with no rectification of its own, and the
  intended call takes its place.  It is still made at LHO's turn, so it is ruled as a call out
  of rotation in its turn (25A1: the intended call is subject to its own law): held again for
  the right player's call (28B) or the director's ruling, or ruled by 37 or 38 if it is such a
  call.
* intended (25B2): the change is cancelled and the held call waits for its ruling from the
  step it was at.  25B1 (LHO accepting the change by calling) would come to the same: LHO is the
  player whose turn it is, so his call cancels whatever call out of rotation is held (28B).

docs/modelling-decisions.md says why, with the law words.  Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ..calls import Call, Strain, parse_call
from ..events import CallEvent
from ..records import CallRecord, Pending
from ..values import evolve
from . import changes, position_facts  # noqa: F401  (declare the facts the guards below read)
from .common import shown
from .facts import FactView, computes, slot
from .procedure_facts import copied_procedure_facts, procedure_fact
from .rows import ASK_TRIGGER, Ctx, Guard, Outcome, Row, action, reads

__all__ = ["ROWS", "STEP", "HELD_STEPS", "via_2017", "with_via", "asker"]

FAMILY = "28-34"
OOR = "out_of_rotation"
STEP = "awaiting_change_judgement"
#: The steps at which the held call is not yet ruled on: nobody has called over it, and the
#: director, if called, has not ruled (he is still judging whether it was artificial, 29C).
#: (The step where LHO chooses, ``awaiting_choice``, never arises at LHO's own turn: he is
#: the player whose turn it is.)
HELD_STEPS = ("awaiting_decision", "awaiting_artificial_judgement")
_BACK = "back:"  # prefix of the held step's facts kept while the change is judged
copied_procedure_facts(_BACK, FAMILY, "the facts of the held step of a call out of rotation, kept while a later "
                       "call at LHO's turn is judged as a change (30B2, 31C, 32C)")
procedure_fact("back_step", FAMILY, "word", "the step the held call out of rotation was at, to resume there")
procedure_fact("changed_via", FAMILY, "word",
               "the paragraph that made the later call at LHO's turn a change of call (30B2, 31C, 32C; "
               "30B3, 31B, 32B of 1997)")
procedure_fact("new_shows", FAMILY, "word",
               "what the later call was explained to show: empty if not explained, else a dot and the "
               "denominations, joined by commas")


def via_2017(call: Call) -> str:
    """The paragraph that makes a later call at LHO's turn a change of call, by its kind."""
    return "30B2" if call.is_pass else ("31C" if call.is_bid else "32C")


def with_via(law: str, via: str) -> str:
    """``law`` cited with the paragraph that sent the call to Law 25 (``via``): the 2017 form
    ``31C, 25A1``, or ``25A1; 31B (1997)`` when the paragraph is another edition's."""
    if not via:
        return law
    return f"{law}; {via}" if via.endswith(")") else f"{via}, {law}"


def _pending(ctx: Ctx) -> Pending:
    p = ctx.state.pending
    assert p is not None
    return p


# --- the facts the guards below read (:mod:`.facts`; seats counted from the offender come from
# :mod:`.position_facts`) ------------------------------------------------------------------

slot("out_of_rotation_held", FAMILY, bool,
     "a call out of rotation is held and not yet ruled on: nobody has called over it and the director, "
     "if called, is still judging whether it was artificial (29C)",
     parts=('procedure',))
slot("held_back_step", FAMILY, (str, type(None)),
     "while a later call at LHO's turn is judged as a change of the held call out of rotation (25), the "
     "step the held call goes back to if the change was intended: 'awaiting_decision' (before the "
     "director was called) or 'awaiting_artificial_judgement'; none otherwise",
     parts=('procedure',))


@computes("out_of_rotation_held")
def _out_of_rotation_held(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return p is not None and p.procedure == OOR and p.step in HELD_STEPS


@computes("held_back_step")
def _held_back_step(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return None if p is None else p.get("back_step") or None


@reads("out_of_rotation_held", "actor_from_offender", "turn_from_offender", "names_call_just_made",
       words="the offender calls again at LHO's turn while his call out of rotation is still held, naming "
       "another call (30B2, 31C, 32C)", ask="Is it the offender calling again, at his LHO's turn, before his "
                                           "call out of rotation is ruled on?", rare=True)
def offender_calls_again_while_held(f: FactView) -> bool:
    # the held call named again is no change (25): changes.names_same_call_again refuses it
    return (bool(f.out_of_rotation_held) and f.actor_from_offender == 0 and f.turn_from_offender == 1
            and not f.names_call_just_made)


def asker(via_of: Callable[[Call], str], name: str = "ask_about_later_call") -> Callable[[Ctx], Outcome]:
    """The action that takes the offender's later call as an attempt to change the held call;
    ``via_of`` gives the paragraph that says so (the 1997 book cites its own)."""
    def run(ctx: Ctx) -> Outcome:
        p = _pending(ctx)
        call: Call = ctx.event.call  # type: ignore[union-attr]
        via = via_of(call)
        held = p.made
        shows = shown(ctx)
        facts = (*((_BACK + k, v) for k, v in p.extra), ("back_step", p.step), ("back_law", p.law),
                 ("back_decider", p.decider), ("back_options", ",".join(p.options)), ("new", call.text),
                 ("new_shows", "" if shows is None else "." + ",".join(s.name for s in shows)),
                 ("changed_via", via), ("judgement", "unintended"))
        q = evolve(p, step=STEP, law=with_via("25A", via), decider="director", options=("unintended", "intended"),
                   extra=tuple(sorted(facts)))
        o, lho = p.offender, p.offender.lho
        return Outcome(evolve(ctx.state, pending=q).rule(
            with_via("25", via),
            f"{o.long_name} calls {call} at {lho.long_name}'s turn while {o.long_name}'s {held} out of rotation "
            f"is still waiting for its ruling: a change of call, so the director first judges whether {held} "
            "was a slip (Law 25)"))
    run.__name__ = name
    return run


ask_about_later_call = action("the later call is taken as an attempt to change the held call out of "
                              "rotation; the director judges first whether that call was a slip (25)",
                              reads=("pending",), writes=("pending", "rulings"))(
    asker(via_2017))


def _new(p: Pending) -> tuple[Call, tuple[Strain, ...] | None]:
    shows = p.get("new_shows")
    return parse_call(p.get("new")), (None if not shows else
                                      tuple(Strain[s] for s in shows[1:].split(",") if s))


@action("unintended: the held call is withdrawn with no rectification, and the intended call, still "
        "made at LHO's turn, is ruled as a call out of rotation in its place (25A1)",
        reads=('procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'rulings'), emits=('CallEvent',))
def intended_call_takes_its_place(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    new, shows = _new(p)
    held = p.made
    o, turn = p.offender, p.in_turn_of
    law = with_via("25A1", p.get("changed_via"))
    state = evolve(ctx.state, pending=None).set_status_back(p.back, "withdrawn", "25A1").rule(
        law, f"{held} was unintended: it is withdrawn, with no rectification for it, and {o.long_name}'s "
        f"intended {new} takes its place; {new} is still made at {turn.long_name}'s turn, so it is ruled as a "
        "call out of rotation")
    return Outcome(state, (CallEvent(o, new, shows),))


@action("intended: the change is cancelled and the held call out of rotation waits for its ruling where "
        "it was (25B2)",
        reads=('procedure', 'procedure_call'),
        writes=('record', 'pending', 'rulings'), emits=())
def held_call_stays(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    new, shows = _new(p)
    o, turn = p.offender, p.in_turn_of
    held = p.made
    options = tuple(x for x in p.get("back_options").split(",") if x)
    extra = tuple((k[len(_BACK):], v) for k, v in p.extra if k.startswith(_BACK))
    q = evolve(p, step=p.get("back_step"), law=p.get("back_law"), decider=p.get("back_decider"),
               options=options, extra=extra)
    state = evolve(ctx.state, pending=q).add_call(
        CallRecord(o, new, turn, "cancelled", "change_of_call", "25B2", shows))
    after = (f"{turn.long_name}, whose turn it is, may still call over it (28B), or the director rules on it"
             if q.step == "awaiting_decision" else "the director goes on to rule on it")
    return Outcome(state.rule(
        "25B2", f"the change to {new} was intended: it is cancelled and {o.long_name}'s {held} out of rotation "
        f"remains the call to be ruled on; {after}"))


def _came_from(step: str) -> Guard:
    words = {"awaiting_decision": "before the director was called",
             "awaiting_artificial_judgement": "while the director was judging whether it was artificial"}[step]

    def came_from(f: FactView) -> bool:
        return bool(f.held_back_step == step)
    came_from.__name__ = f"later_call_came_from_{step}"
    return reads("held_back_step", words=f"the later call was made {words}", ask=ASK_TRIGGER)(came_from)


_CJ = f"{OOR}.{STEP}"

ROWS: list[Row] = [
    *(Row("phase", f"{OOR}.{step}", "call_while_pending", _CJ, "30B2, 31C, 32C", FAMILY,
          "the offender calls again at LHO's turn before his call out of rotation is ruled on: a change of "
          "call (25)", offender_calls_again_while_held, ask_about_later_call) for step in HELD_STEPS),
    Row("phase", _CJ, "judge_unintended", "auction", "25A1", FAMILY,
        "unintended: the held call is withdrawn; the intended call is ruled as a call out of rotation",
        None, intended_call_takes_its_place),
    *(Row("phase", _CJ, "judge_intended", f"{OOR}.{step}", "25B2", FAMILY,
          "intended: the change is cancelled; the held call waits for its ruling", _came_from(step),
          held_call_stays) for step in HELD_STEPS),
]
