"""Law 25A before the irregularity it would cure: an irregular call that was a slip.

An insufficient bid (27), a double or redouble Law 19 does not permit (36) or a call by a
player obliged to pass (37) may have been a slip of the tongue or a mechanical error: the player meant another call.  Law 25A lets an
unintended call be replaced until partner calls, however attention was drawn to it (25A1,
25A3), so the director judges that first.  If the call was unintended, the intended call
replaces it and the other procedure never opens; the intended call is then ruled as made in
turn (if it is itself irregular, its own law applies).  If it was intended, the procedure goes
on from where it was.

The director's judgement is a step of the procedure that was pending
(``insufficient_bid.awaiting_slip_judgement``), so the facts of that procedure stay with it and
a "no" goes back to the step it came from.  Standard library only.
"""

from __future__ import annotations

from collections.abc import Hashable

from ..calls import parse_call
from ..errors import IllegalCallError
from ..events import ChangeCall
from ..records import Pending
from ..values import evolve
from . import changes, position_facts  # noqa: F401  (declare facts the guards below read)
from .facts import FactView, computes, slot
from .procedure_facts import procedure_fact
from .rows import ASK_TRIGGER, SAME, Ctx, Guard, Outcome, Row, SubstitutedCall, action, reads

__all__ = ["JUDGED_INTENDED", "ROWS", "SLIP_STEP", "SLIP_SOURCES"]

FAMILY = "21B, 25"
procedure_fact("back_to", FAMILY, "word", "the step the slip claim interrupted, to resume if the call was intended")
procedure_fact("slip", FAMILY, "word", "'judged intended' once the director has found the irregular call intended (25A2)")
SLIP_STEP = "awaiting_slip_judgement"
#: The steps, before any rectification is assessed, from which the offender may say the
#: irregular call was a slip (the procedures whose call could be a slip of an intended call).
SLIP_SOURCES = ("insufficient_bid.awaiting_decision", "insufficient_bid.awaiting_choice",
                "inadmissible_double.awaiting_decision",  # under 36 and 37 the director rules when he comes
                "pass_obligation_violated.awaiting_decision")
# What the director's "yes" and "no" leave behind, kept on the pending procedure meanwhile.
_KEPT = ("back_to", "back_law", "back_decider", "back_options", "new", "judgement")
#: The fact left on the procedure once the director has found the call intended (25A2).
JUDGED_INTENDED = ("slip", "judged intended")


def _pending(ctx: Ctx) -> Pending:
    p = ctx.state.pending
    assert p is not None
    return p


# --- the facts the guards of 25A before another law read -------------------------------------
slot("slip_judged_intended", FAMILY, bool,
     "the director has already found the call the waiting procedure rules on intended, not a slip "
     "(25A2); false if no procedure waits",
     parts=('procedure',))
slot("offender_partner_called_since", FAMILY, bool,
     "the offender's partner has a call that stands after the call the waiting procedure rules on "
     "(a slip may be replaced only until partner calls, 25A1); false if no procedure waits",
     parts=('procedure', 'procedure_place', 'last_calls'))
slot("slip_claimed_at", FAMILY, str,
     "the step of the waiting procedure at which the offender said the call was a slip: "
     "'awaiting_decision' (before the director explained the options) or 'awaiting_choice' (after); "
     "empty if no slip claim waits",
     parts=('procedure',))


@computes("slip_judged_intended")
def _slip_judged_intended(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return p is not None and JUDGED_INTENDED in p.extra


@computes("offender_partner_called_since")
def _offender_partner_called_since(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    if p is None:
        return False
    # partner's last standing call, if any, lies after the procedure's call when its place counted
    # back from the end of the record is nearer the end (a procedure about no call, back -1, has
    # the whole record after it).  Partner's entry, not the acting seat's: the slot declares every
    # seat's (``last_calls``), not ``actor_last_call``
    last = ctx.state.last_call_of(p.offender.partner)
    return last is not None and (p.back < 0 or last.back < p.back)


@computes("slip_claimed_at")
def _slip_claimed_at(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return "" if p is None else p.get("back_to")


@reads("change_ground", "actor_from_offender", "slip_judged_intended", "offender_partner_called_since",
       "names_call_just_made",
       words="the offender says the irregular call was a slip for another call, and partner has not called since "
       "(25A1)",
       ask="Does the offender say the call was a slip, partner not having called since?")
def offender_says_slip(f: FactView) -> bool:
    # the irregular call itself named as the intended one is no claim (25): names_same_call_again
    return bool(f.change_ground == "slip" and f.actor_from_offender == 0 and not f.slip_judged_intended
                and not f.offender_partner_called_since and not f.names_call_just_made)


@reads("change_ground", "actor_from_offender", "slip_judged_intended", "names_call_just_made",
       words="the director has already found the irregular call intended (25A2)",
       ask="Has the director already ruled that the offender meant the irregular call?")
def slip_already_judged(f: FactView) -> bool:
    return bool(f.change_ground == "slip" and f.actor_from_offender == 0 and f.slip_judged_intended
                and not f.names_call_just_made)


@action("refused: the director has ruled that the call was intended, so it stands (25A2)",
        reads=('pending',),
        writes=(), emits=())
def slip_claimed_again(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    made = p.made
    raise IllegalCallError(f"{p.offender.long_name} cannot claim again that {made} was a slip: the director has "
                           f"ruled that it was intended, so it stands (Law 25A2)", law="25A2")


@action("the director will judge first whether the irregular call was unintended (25A)",
        reads=('procedure', 'procedure_call',),
        writes=('pending', 'rulings'), emits=(),
        carries=('event_call', 'procedure_call'))
def ask_slip(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    event = ctx.event
    assert isinstance(event, ChangeCall)
    made = p.made
    if made == event.call:
        raise IllegalCallError(f"{p.offender.long_name} says {made} was a slip for {made}, the call he made: "
                               "there is nothing to replace it with (Law 25A)", law="25A")
    q = evolve(p, step=SLIP_STEP, law="25A", decider="director", options=("unintended", "intended"),
               extra=tuple(sorted((*p.extra, ("back_to", p.step), ("back_law", p.law),
                                   ("back_decider", p.decider), ("back_options", ",".join(p.options)),
                                   ("new", event.call.text), ("judgement", "unintended")))))
    return Outcome(evolve(ctx.state, pending=q).rule(
        "25A", f"{p.offender.long_name} says {made} was a slip for {event.call}: the director first judges "
        "whether it was unintended (Law 25A), before any other rectification"))


@action("unintended: the irregular call is withdrawn and the intended call is made in its place (25A1)",
        reads=('procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'rulings'), emits=('SubstitutedCall',),
        carries=('procedure_call',))
def intended_replaces(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    new = parse_call(p.get("new"))
    made = p.made
    state = evolve(ctx.state, pending=None).set_status_back(p.back, "withdrawn", "25A1")
    state = state.rule("25A1", f"{made} was unintended: it is withdrawn and {p.offender.long_name}'s "
                       f"intended {new} is made in its place; no other rectification for {made}")
    return Outcome(state, (SubstitutedCall(p.offender, new),))  # the director, there, rules on it


@action("intended: the procedure goes on from where it was (25A does not apply)",
        reads=('procedure', 'procedure_call',),
        writes=('pending', 'rulings'), emits=(),
        carries=('procedure_call',))
def back_to_procedure(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    options = tuple(o for o in p.get("back_options").split(",") if o)
    q = evolve(p, step=p.get("back_to"), law=p.get("back_law"), decider=p.get("back_decider"), options=options,
               extra=tuple(sorted((*(kv for kv in p.extra if kv[0] not in _KEPT), JUDGED_INTENDED))))
    made = p.made
    return Outcome(evolve(ctx.state, pending=q).rule(
        "25A", f"{made} was intended: Law 25A does not apply and the procedure goes on"))


def _came_from(step: str) -> Guard:
    words = {"awaiting_decision": "before the director explained the options",
             "awaiting_choice": "after the director explained the options"}[step]

    def came_from(f: FactView) -> bool:
        return bool(f.slip_claimed_at == step)
    came_from.__name__ = f"came_from_{step}"
    return reads("slip_claimed_at", words=f"the slip was claimed {words}", ask=ASK_TRIGGER)(came_from)


ROWS: list[Row] = [
    *(Row("phase", source, "attempt_change", f"{source.split('.')[0]}.{SLIP_STEP}", "25A1", FAMILY,
          "the offender says it was a slip: the director first judges whether it was (25A)", offender_says_slip, ask_slip,
          outcome="The offender says the call was a slip, partner not having called since: the director first "
                  "judges whether it was. A slip: the intended call replaces it, with no rectification (25A1); "
                  "a change of mind: this ruling goes on where it was")
      for source in SLIP_SOURCES),
    *(Row("phase", source, "attempt_change", SAME, "25A2", FAMILY,
          "the call was already found intended: a new slip claim is refused", slip_already_judged,
          slip_claimed_again, refusal=True)
      for source in SLIP_SOURCES),
    *(Row("phase", f"{proc}.{SLIP_STEP}", "judge_unintended", "auction", "25A1", FAMILY,
          "unintended: the intended call replaces it, and the slip brings no rectification", None, intended_replaces)
      for proc in ("insufficient_bid", "inadmissible_double", "pass_obligation_violated")),
    *(Row("phase", f"{source.split('.')[0]}.{SLIP_STEP}", "judge_intended", source, "25A", FAMILY,
          "intended: the ruling on the first call goes on where it was", _came_from(source.split(".")[1]), back_to_procedure)
      for source in SLIP_SOURCES),
]
