"""The insufficient bid: Law 27 (an insufficient bid out of rotation goes to Law 31 instead).

Offender's LHO may accept it by calling (27A1).  Otherwise the director has it replaced by a
legal call: the lowest sufficient bid in the same denomination needs no rectification (27B1a);
a call the director judges comparable needs none either (27B1b); any other sufficient bid or a
pass silences the offender's partner for the rest of the auction with 26B rights (27B2); an
attempted double or redouble that is not comparable is cancelled, the partner silenced and the
offender must replace again (27B3); another insufficient bid may itself be accepted, else it is
ruled as 27B3 (27B4).  A replacement made before the director rules stands if legal unless LHO
accepts the insufficient bid (27C).
"""

from __future__ import annotations

from .. import rules
from ..auction import AuctionState
from ..calls import Call, Strain, parse_call
from ..errors import DecisionError
from ..records import CallRecord, Pending
from ..seats import Seat
from ..values import evolve
from . import changes, position_facts  # noqa: F401  (declare the facts the guards below read)
from .classify import expected
from .common import (
    calls_again,
    citing_silence,
    director_present,
    in_turn,
    natural,
    natural_of,
    nothing_further,
    open_choice,
    open_comparable,
    shown,
    silence_partner,
    specified,
    specified_of,
    stand,
    stand_held,
)
from .facts import FactView, computes, slot
from .inadmissible import open_above_seven
from .procedure_facts import procedure_fact
from .rows import OTHERWISE, SAME, Ctx, Guard, Outcome, Replacement, Row, action, reads

__all__ = ["ROWS", "open_insufficient", "resume_replacement"]

FAMILY = "27"
procedure_fact("b4", FAMILY, "word",
               "'1' when the insufficient bid is the offender's second, made in place of the first (27B4)")
procedure_fact("first_ib", FAMILY, "place",
               "where the first insufficient bid sits in the record, when a second one is being ruled "
               "(27B4): the bid still to be replaced if LHO declines the second")
procedure_fact("replacement", FAMILY, "place",
               "where the offender's premature replacement sits in the record (27C)")
procedure_fact("ib", FAMILY, "place",
               "where the insufficient bid sits in the record while the director judges whether its "
               "replacement is the lowest bid specifying the same (27B1a)")
procedure_fact("ib_call", FAMILY, "call", "that insufficient bid")
procedure_fact("resume_ib", FAMILY, "place",
               "where the insufficient bid sits in the record, to be replaced again once a double or "
               "redouble in its place is ruled (27B3)")
IB = "insufficient_bid"
_AD, _PR, _AR = f"{IB}.awaiting_decision", f"{IB}.premature_replacement", f"{IB}.awaiting_replacement"
_AC = f"{IB}.awaiting_choice"


def open_insufficient(state: AuctionState, offender: Seat, call: Call, b4: bool = False,
                      index: int | None = None, specifies: tuple[Strain, ...] | None = None,
                      first: int | None = None) -> AuctionState:
    """Hold an insufficient bid by ``offender``: LHO may accept it by calling (27A1).

    A second insufficient bid (``b4``, 27B4) is made with the director at the table, so LHO's
    decision is open at once (step ``awaiting_choice``).  ``index`` names a record that already
    holds the call (a premature replacement now ruled): one call made at the table stays one
    record.  ``first`` (with ``b4``) is the record of the insufficient bid being replaced: if
    LHO does not accept the second one, it is that bid the offender must still replace (27B4
    rules as 27B3: the attempt is cancelled, the withdrawn bid is replaced).
    """
    law = "27B4" if b4 else "18D, 27"
    if index is None:
        state = state.add_call(CallRecord(offender, call, offender, "pending", IB, law, specifies))
        back = 0  # the call just added: the last in the record
    else:
        back = state.back_of(index)
        rec = state.record[index]
        specifies = rec.specifies  # as the premature replacement was explained when made
        state = evolve(state, record=(*state.record[:index], evolve(rec, status="pending", irregularity=IB, law=law),
                                      *state.record[index + 1:])).rebuilt()
    if b4:
        p = Pending(IB, "awaiting_choice", "27B4, 27A1", offender.lho.name, ("accept", "decline"), offender,
                    back, offender, (("b4", "1"), ("first_ib", "" if first is None else str(state.back_of(first)))), call, specifies)
    else:
        p = Pending(IB, "awaiting_decision", "27A1", offender.lho.name, ("accept", "director"), offender,
                    back, offender, (("b4", ""),), call, specifies)
    return evolve(state, pending=p)


def resume_replacement(state: AuctionState, offender: Seat, ib_index: int) -> AuctionState:
    """27B3: after a cancelled double or redouble the offender must replace the bid again."""
    ib = state.record[ib_index]
    p = Pending(IB, "awaiting_replacement", "27B", offender.name, ("replace",), offender, state.back_of(ib_index), offender,
                call=ib.call, specifies=ib.specifies)
    return evolve(state, pending=p)


def _pending(ctx: Ctx) -> Pending:
    p = ctx.state.pending
    assert p is not None
    return p


def _call(ctx: Ctx) -> Call:
    call: Call = ctx.event.call  # type: ignore[union-attr]
    return call


@action("the bid is held while LHO may accept it by calling, or the director rules",
        reads=('obligations',),
        writes=('record', 'obligations', 'pending'), emits=())
def hold_insufficient(ctx: Ctx) -> Outcome:
    return Outcome(open_insufficient(in_turn(ctx.state, ctx.seat), ctx.seat, _call(ctx), specifies=shown(ctx)))


slot("premature_replacement", FAMILY, bool,
     "the offender called again before the director ruled on the waiting insufficient bid (27C)",
     parts=('procedure',))
slot("replacement_kind", FAMILY, str,
     "how Law 27B rules the offender's call replacing the insufficient bid: a bid above seven, "
     "another insufficient bid, an inadmissible double or redouble, the lowest sufficient bid in "
     "the same denomination (both natural), a bid showing the same denominations that only the "
     "director can call the lowest, or any other call",
     parts=('key', 'record', 'procedure', 'procedure_call'))


@computes("premature_replacement")
def _premature_replacement(ctx: Ctx) -> bool:
    p = ctx.state.pending
    return p is not None and bool(p.get("replacement"))


@computes("replacement_kind")
def _replacement_kind(ctx: Ctx) -> str:
    return replacement_kind(ctx)


@reads("actor_from_offender", words="the offender's LHO calls over the insufficient bid",
       ask="Does the offender's LHO call over the insufficient bid?")
def by_offenders_lho(f: FactView) -> bool:
    return bool(f.actor_from_offender == 1)


@reads("actor_from_offender", "names_call_just_made",
       words="the offender calls again before the director rules, naming another call",
       ask="Does the offender replace it before the director rules?", rare=True)
def by_offender_before_ruling(f: FactView) -> bool:
    # the insufficient bid named again is no replacement (25): changes.names_same_call_again
    return bool(f.actor_from_offender == 0 and not f.names_call_just_made)


@reads("premature_replacement", words="there is no premature replacement",
       ask="Is the insufficient bid still the offender's only call?")
def no_premature(f: FactView) -> bool:
    return not f.premature_replacement


@reads("premature_replacement", words="the offender replaced the bid early (27C)",
       ask="Did the offender replace the bid early (27C)?")
def with_premature(f: FactView) -> bool:
    return bool(f.premature_replacement)


@reads("actor_from_offender", "premature_replacement",
       words="the offender's LHO calls over the insufficient bid, with no premature replacement",
       ask="Does the offender's LHO call over the insufficient bid?", rare=True)
def lho_calls_no_premature(f: FactView) -> bool:
    return f.actor_from_offender == 1 and not f.premature_replacement


@reads("actor_from_offender", "premature_replacement",
       words="the offender's LHO calls over the insufficient bid after a premature replacement",
       ask="Does the offender's LHO call over the insufficient bid?", rare=True)
def lho_calls_after_premature(f: FactView) -> bool:
    return f.actor_from_offender == 1 and bool(f.premature_replacement)


@reads("actor_from_offender", "premature_replacement", "event_is_call", "names_call_just_made",
       words="the offender calls, the director being at the table and LHO not having accepted, naming "
       "another call than the one just made",
       ask="Does the offender make the replacement, LHO not having accepted?")
def offender_replaces_after_director(f: FactView) -> bool:
    return (f.actor_from_offender == 0 and not f.premature_replacement and bool(f.event_is_call)
            and not f.names_call_just_made)


@action("the insufficient bid stands as if legal; LHO's call is then ruled",
        reads=('obligations', 'watches', 'key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations'), emits=('CallEvent', 'WatchedCall'))
def accept_by_calling(ctx: Ctx) -> Outcome:
    p, seat = _pending(ctx), ctx.seat
    state = evolve(ctx.state, pending=None).rule(
        "27A1", f"{seat.long_name} called over the insufficient {p.made}, accepting it; it is treated as legal")
    out = stand_held(state, p, law="27A1")
    if out.state.pending is not None:
        return out
    return Outcome(out.state, (*out.follow, *calls_again(out.state, seat, _call(ctx), shown(ctx)).follow))


@action("the early replacement is held; LHO may still accept the insufficient bid (27C)",
        reads=('procedure',),
        writes=('record', 'pending'), emits=())
def hold_premature(ctx: Ctx) -> Outcome:
    o = _pending(ctx).offender
    state = ctx.state.add_call(CallRecord(o, _call(ctx), o, "pending", "premature_replacement", "27C",
                                          shown(ctx)))
    # (the call added moved the insufficient bid one place back: the procedure as it now stands)
    held = state.pending
    assert held is not None
    q = evolve(held, step="premature_replacement", law="27C", options=("accept", "director"),
               extra=(*held.extra, ("replacement", "0")))  # the call just added: the last entry
    return Outcome(evolve(state, pending=q))


@action("refused: LHO accepts an insufficient bid by calling over it (27A1)",
        reads=('pending',),
        writes=(), emits=())
def accept_only_by_calling(ctx: Ctx) -> Outcome:
    raise DecisionError(f"{ctx.seat.long_name} accepts an insufficient bid by calling over it "
                        f"(27A1), not by a separate choice: {expected(ctx.state)}")


@action("LHO accepts the insufficient bid; the early replacement is cancelled (27C)",
        reads=('key', 'record', 'obligations', 'watches', 'procedure', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations'), emits=('WatchedCall',))
def accept_over_premature(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state = evolve(ctx.state, pending=None).set_status_back(int(p.get("replacement")), "cancelled", "27C")
    return stand(state.rule("27A1", f"{ctx.seat.long_name} accepts the insufficient bid; the "
                            "premature replacement is cancelled"), index=ctx.state.index_of(p), law="27A1")


def _withdraw(ctx: Ctx) -> tuple[AuctionState, Pending]:
    p = _pending(ctx)
    state = ctx.state
    own = index = ctx.state.index_of(p)
    if p.get("b4"):  # 27B4 rules as 27B3: the attempted second insufficient bid is cancelled, and
        state = state.set_status(own, "cancelled", "27B4")  # the withdrawn one still
        index = _first_ib(ctx.state, p, own)  # needs its replacement: 27B1 compares with the withdrawn call
    else:
        state = state.set_status(own, "withdrawn", "27B")
    # (the record is read here anyway, to write the statuses: the first bid is taken from it)
    first = state.record[index] if index != own else None
    due = evolve(p, step="awaiting_replacement", law="27B", decider=p.offender.name, options=("replace",),
                 back=state.back_of(index), extra=tuple(x for x in p.extra if x[0] not in ("replacement", "first_ib")),
                 call=p.call if first is None else first.call, specifies=p.specifies if first is None else first.specifies)
    return state, due


def _first_ib(state: AuctionState, p: Pending, own: int) -> int:
    """The record index of the insufficient bid a second one (27B4) tried to replace (``own``,
    the index of the procedure's call, when there is none), at ``state``, where ``p`` waits."""
    first = p.get("first_ib")
    return state.place_index(int(first)) if first else own


#: The note a ruling under 27B1 carries (27D), in words.
ADJUST_27D = ("if the non-offending side was damaged by what the insufficient bid told partner, the "
              "director may adjust the score at the end of play")


def replacement_consequences(state: AuctionState, offender: Seat, due: Pending) -> str:
    """What each kind of replacement of the insufficient bid ``due`` waits for leads to, as the
    director tells the offender (27B1a, 27B1b, 27B2, 27B3), in words."""
    ib, partner = due.made, offender.partner.long_name
    parts = []
    if natural_of(ib, due.specifies) and ib.strain is not None:
        lowest = next((Call.bid(level, ib.strain) for level in range(ib.level, 8)
                       if rules.step_or_none(state.key, Call.bid(level, ib.strain).code) is not None), None)
        if lowest is not None:
            parts.append(f"{lowest}, the lowest sufficient bid in the same denomination, if it is natural "
                         "too: it stands and the auction goes on with no rectification (27B1a)")
    parts += [
        ("a call the director judges comparable with the withdrawn bid: it stands and the auction goes on "
         "with no rectification (27B1b)"),
        (f"any other sufficient bid or a pass: {partner} must pass for the rest of the auction and lead "
        "restrictions may follow (27B2, 26B)"),
        (f"a double or redouble that is not comparable: it is cancelled, {offender.long_name} replaces again "
        f"and {partner} must pass for the rest of the auction (27B3)"),
        "another insufficient bid: LHO may accept it, else it is ruled as 27B3 (27B4)",
    ]
    return (f"{offender.long_name} may replace the insufficient {ib} with " + "; ".join(parts)
            + "; after 27B1 the director may adjust the score at the end of play if the non-offending "
            "side was damaged (27D)")


def consequences_after_27b4(offender: Seat, ib: Call) -> str:
    """What the replacement of insufficient bid ``ib`` leads to once a second insufficient bid was
    not accepted (27B4, ruled as 27B3): partner passes to the end whatever it is, so 27B1 and 27B2
    add nothing to that."""
    partner = offender.partner.long_name
    return (f"{offender.long_name} must still replace the insufficient {ib} with a legal call; whatever it "
            f"is, {partner} passes at every turn to the end of the auction and declarer's lead restriction "
            "right (26B) stands (27B4, as 27B3); the lowest sufficient bid showing the same denominations "
            "(27B1a) or a comparable call (27B1b) adds nothing to that; a double or redouble that is not "
            "comparable is cancelled and the bid replaced again (27B3); another insufficient bid may again be "
            "accepted by LHO, else it is cancelled the same way (27B4)")


@action("not accepted: the insufficient bid is withdrawn and must be replaced (27B); a second insufficient "
        "bid is cancelled, partner silenced, and the first still replaced (27B4, as 27B3)",
        reads=('dealer', 'key', 'record', 'obligations', 'pending', 'restrictions'),
        writes=('record', 'obligations', 'pending', 'restrictions', 'rulings'), emits=())
def require_replacement(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state, due = _withdraw(ctx)
    o = p.offender
    if p.get("b4"):
        first = due.made
        state = silence_partner(state, o, first, "27B4").rule(
            "27B4, 27B3", f"{o.lho.long_name} does not accept the second insufficient bid, "
            f"{p.made}: it is cancelled, and as 27B3 says {o.partner.long_name} must pass "
            f"at every turn to the end of the auction, declarer may have lead restrictions (26B), and "
            f"{o.long_name} must still replace the insufficient {first} with a legal call")
        return Outcome(evolve(state, pending=due).rule("10C, 27B4", consequences_after_27b4(o, first)))
    state = state.rule("27B", f"the insufficient bid is not accepted: {o.long_name} must replace it "
                       "with a legal call")
    return Outcome(evolve(state, pending=due).rule("10C, 27B", replacement_consequences(state, o, due)))


@action("LHO has not accepted: the offender's call, made at the director's instruction, is the "
        "replacement (27B)",
        reads=('dealer', 'key', 'record', 'obligations', 'pending', 'restrictions'),
        writes=('record', 'obligations', 'pending', 'restrictions', 'rulings'), emits=('event',))
def replace_after_decline(ctx: Ctx) -> Outcome:
    return Outcome(require_replacement(ctx).state, (ctx.event,))


@action("the director explains: LHO may accept the insufficient bid or decline it (27A1, 27B)",
        reads=('procedure',),
        writes=('pending', 'rulings'), emits=())
def explain_options(ctx: Ctx) -> Outcome:
    return Outcome(open_choice(ctx.state, "27A1, 27B"))


@action("LHO accepts the insufficient bid: it stands as if legal and LHO calls next (27A1)",
        reads=('obligations', 'watches', 'key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations'), emits=('WatchedCall',))
def accept_by_choice(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state = evolve(ctx.state, pending=None).rule(
        "27A1", f"{ctx.seat.long_name} accepts the insufficient {p.made}; it is treated as legal")
    return stand_held(state, p, law="27A1")


@action("LHO accepts the insufficient bid by calling; the early replacement is cancelled (27A1, 27C); "
        "LHO's call is then ruled",
        reads=('key', 'record', 'obligations', 'watches', 'procedure', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations'), emits=('CallEvent', 'WatchedCall'))
def accept_over_premature_by_calling(ctx: Ctx) -> Outcome:
    out = accept_over_premature(ctx)
    if out.state.pending is not None:
        return out
    return Outcome(out.state, (*out.follow, *calls_again(out.state, ctx.seat, _call(ctx), shown(ctx)).follow))


@action("not accepted: the early replacement is ruled as the replacement (27C)",
        reads=('dealer', 'record', 'pending'),
        writes=('record', 'pending', 'rulings'), emits=('Replacement',))
def rule_premature(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state, due = _withdraw(ctx)
    index = ctx.state.place_index(int(p.get("replacement")))
    state = state.rule("27C", "the premature replacement stands if legal; the director rules on it")
    return Outcome(evolve(state, pending=due), (Replacement(p.offender, state.record[index].call,
                                                            state.back_of(index)),))


# --- the replacement (27B) --------------------------------------------------------------------
def replacement_kind(ctx: Ctx) -> str:
    """How Law 27B rules the replacement: ``above_seven`` (38), ``insufficient`` (27B4),
    ``illegal_double`` (27B3), ``lowest`` (27B1a) or ``judged`` (27B1b, 27B2, 27B3)."""
    state, call, p = ctx.state, _call(ctx), _pending(ctx)
    ib = p.made
    if not call.is_admissible_level:
        return "above_seven"
    legal = rules.step_or_none(state.key, call.code) is not None if call.code < 38 else False
    if call.is_bid and not legal:
        return "insufficient"
    if (call.is_double or call.is_redouble) and not legal:
        return "illegal_double"
    both_natural = natural_of(ib, p.specifies) and _replacement_natural(ctx)
    if call.is_bid and call.strain == ib.strain and _lowest_sufficient(state, call) and both_natural:
        return "lowest"
    ib_shows = specified_of(ib, p.specifies)
    if call.is_bid and not both_natural and ib_shows and ib_shows == _replacement_shows(ctx):
        return "ask_lowest"  # 27B1a by meaning: only the director can say whether it is the lowest such bid
    return "judged"


def _replacement_shows(ctx: Ctx) -> tuple[Strain, ...]:
    """The denominations the replacement specifies (as explained, else as named)."""
    if isinstance(ctx.event, Replacement):
        return specified(ctx.state.record[ctx.state.place_index(ctx.event.back)])
    call = _call(ctx)
    explained = shown(ctx)
    return explained if explained is not None else ((call.strain,) if call.strain is not None else ())


def _replacement_natural(ctx: Ctx) -> bool:
    """Whether the replacement means what it names (a premature one as recorded, else as made)."""
    if isinstance(ctx.event, Replacement):
        return natural(ctx.state.record[ctx.state.place_index(ctx.event.back)])
    spec = shown(ctx)
    call = _call(ctx)
    return spec is None or (call.strain is not None and spec == (call.strain,))


def _replacement(kind: str, words: str, ask: str, rare: bool = True) -> Guard:
    def test(f: FactView) -> bool:
        return f.actor_from_offender == 0 and bool(f.replacement_kind == kind)
    test.__name__ = f"replacement_{kind}"
    return reads("actor_from_offender", "replacement_kind", words=f"the offender's replacement is {words}",
                 ask=ask, rare=rare)(test)


replacement_above_seven = _replacement("above_seven", "a bid above seven", "Is the replacement a bid above seven?")
replacement_insufficient = _replacement("insufficient", "another insufficient bid",
                                        "Is the replacement insufficient too?")
replacement_illegal_double = _replacement("illegal_double", "a double or redouble Law 19 does not permit",
                                          "Is the replacement a double or redouble that Law 19 does not allow?")
replacement_lowest = _replacement("lowest", "the lowest sufficient bid in the same denomination, both "
                                  "bids natural", "Is the replacement the lowest sufficient bid in the same "
                                  "denomination, with both bids natural?", rare=False)
replacement_ask_lowest = _replacement(
    "ask_lowest", "a bid specifying the same denominations as the insufficient bid, one of the two not natural",
    "Does the replacement show the same denominations as the insufficient bid, one of them artificial?")
replacement_judged = _replacement("judged", "any other legal call", OTHERWISE, rare=False)


def _premature_dropped(ctx: Ctx) -> AuctionState:
    """An illegal premature replacement does not stand (27C): it is cancelled, ruled afresh."""
    if isinstance(ctx.event, Replacement):
        return ctx.state.set_status(ctx.state.place_index(ctx.event.back), "cancelled", "27C")
    return ctx.state


@action("the bid above seven is held under Law 38",
        reads=('dealer', 'record', 'procedure'),
        writes=('record', 'pending'), emits=())
def replaced_above_seven(ctx: Ctx) -> Outcome:
    o = _pending(ctx).offender
    return Outcome(open_above_seven(evolve(_premature_dropped(ctx), pending=None), o, _call(ctx), o))


@action("the second insufficient bid is held: LHO may accept it at once, the director being there (27B4)",
        reads=('dealer', 'record', 'procedure', 'procedure_place'),
        writes=('record', 'pending'), emits=())
def replaced_insufficient(ctx: Ctx) -> Outcome:
    o = _pending(ctx).offender
    index = ctx.state.place_index(ctx.event.back) if isinstance(ctx.event, Replacement) else None
    return Outcome(open_insufficient(evolve(ctx.state, pending=None), o, _call(ctx), b4=True, index=index,
                                     specifies=shown(ctx), first=ctx.state.index_of(_pending(ctx))))


@action("the attempted double or redouble is cancelled; partner is silenced; replace again (27B3)",
        reads=('dealer', 'record', 'obligations', 'restrictions', 'procedure', 'procedure_call'),
        writes=('record', 'obligations', 'pending', 'restrictions', 'rulings'), emits=())
def replaced_illegal_double(ctx: Ctx) -> Outcome:
    p, call = _pending(ctx), _call(ctx)
    o = p.offender
    ib = p.made
    state = ctx.state
    if isinstance(ctx.event, Replacement):
        state = state.set_status(ctx.state.place_index(ctx.event.back), "cancelled", "27B3")
    else:
        state = state.add_call(CallRecord(o, call, o, "cancelled", "attempted_double", "27B3"))
    state = silence_partner(state, o, ib, "27B3")
    return Outcome(state.rule(
        "27B3", f"the attempted {call} is cancelled; {o.partner.long_name} must pass for the rest "
        f"of the auction and {o.long_name} must replace the insufficient bid again"))


@action("the replacement stands, adding no rectification of its own (27B1a); a silence from 27B3 or 27B4 stays",
        reads=('dealer', 'key', 'record', 'obligations', 'watches', 'restrictions', 'key_step', 'procedure'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations'), emits=('WatchedCall',))
def replaced_lowest(ctx: Ctx) -> Outcome:
    o, call = _pending(ctx).offender, _call(ctx)
    state = evolve(ctx.state, pending=None)
    state = state.rule(
        citing_silence("27B1a", state, o), f"replaced by the lowest sufficient bid in the same denomination "
        f"({call}): {nothing_further(state, o)}").rule("27D", ADJUST_27D)
    if isinstance(ctx.event, Replacement):
        return stand(state, index=ctx.state.place_index(ctx.event.back), law="27B1a")
    return stand(in_turn(state, o), CallRecord(o, call, o, specifies=shown(ctx)))


def _held_replacement(ctx: Ctx) -> tuple[AuctionState, int, CallRecord]:
    """The state with the replacement held in the record (status pending), its index and the
    replacement as made."""
    p, call = _pending(ctx), _call(ctx)
    state = evolve(ctx.state, pending=None)
    if isinstance(ctx.event, Replacement):
        index = state.place_index(ctx.event.back)
        return state, index, state.record[index]
    state = state.add_call(CallRecord(p.offender, call, p.offender, "pending", "replacement", "27B", shown(ctx)))
    return state, len(state.record) - 1, state.record[-1]


def _to_comparable(state: AuctionState, offender: Seat, back: int, made: CallRecord, ib_back: int,
                   ib: Call) -> AuctionState:
    """Ask whether the replacement ``back`` places from the end of the record (``made``) is
    comparable with the insufficient bid ``ib``, ``ib_back`` places from the end (27B1b)."""
    call = made.call
    double = call.is_double or call.is_redouble
    state = open_comparable(state, offender, back, ib, "27B3" if double else "27B2", "pass_rest_of_auction",
                            cancel_if_not=double, made=made)
    assert state.pending is not None
    resume = (("resume_ib", str(ib_back)),)
    return evolve(state, pending=evolve(state.pending, extra=tuple(sorted(state.pending.extra + resume))))


@action("the director judges whether the replacement is comparable (27B1b); if not, 27B2 or 27B3",
        reads=('record', 'pending'),
        writes=('record', 'pending'), emits=())
def replaced_for_judgement(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state, index, made = _held_replacement(ctx)
    return Outcome(_to_comparable(state, p.offender, state.back_of(index), made,
                                  state.back_of(ctx.state.index_of(p)), p.made))


@action("the director judges whether the replacement is the lowest sufficient bid that shows the same "
        "denominations (27B1a)",
        reads=('record', 'pending'),
        writes=('record', 'pending'), emits=())
def replaced_ask_lowest(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state, index, made = _held_replacement(ctx)
    q = Pending(IB, "awaiting_lowest_judgement", "27B1a", "director", ("lowest", "not_lowest"), p.offender,
                state.back_of(index), p.offender, (("ib", str(state.back_of(ctx.state.index_of(p)))), ("ib_call", p.made.text), ("judgement", "lowest_specifying")),
                made.call, made.specifies)
    return Outcome(evolve(state, pending=q))


@action("the lowest such bid: it stands, adding no rectification of its own (27B1a); a silence from 27B3 or "
        "27B4 stays",
        reads=('obligations', 'watches', 'restrictions', 'key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations'), emits=('WatchedCall',))
def judged_lowest(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state = evolve(ctx.state, pending=None)
    call = p.made
    state = state.rule(citing_silence("27B1a", state, p.offender),
                       f"{call} is the lowest sufficient bid showing the same denominations as the "
                       f"insufficient bid: {nothing_further(state, p.offender)}").rule("27D", ADJUST_27D)
    return stand_held(state, p, law="27B1a")


@action("not the lowest such bid: the director judges whether it is comparable (27B1b), else 27B2",
        reads=('pending',),
        writes=('pending',), emits=())
def judged_not_lowest(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state = evolve(ctx.state, pending=None)
    made = CallRecord(p.offender, p.made, p.in_turn_of, "pending", "replacement", "27B", p.specifies)
    return Outcome(_to_comparable(state, p.offender, p.back, made, int(p.get("ib")),
                                  parse_call(p.get("ib_call"))))


def _lowest_sufficient(state: AuctionState, call: Call) -> bool:
    """True when ``call`` is the lowest sufficient bid in its denomination now."""
    assert call.strain is not None
    lower = Call.bid(call.level - 1, call.strain) if call.level > 1 else None
    return rules.step_or_none(state.key, call.code) is not None and (
        lower is None or rules.step_or_none(state.key, lower.code) is None)


ROWS: list[Row] = [
    *director_present(Row("phase", "auction", "insufficient_bid", _AD, "18D, 27", FAMILY,
                          "an insufficient bid: LHO may accept it by calling, or the director rules", None,
                          hold_insufficient, records="insufficient_bid"),
                      "an insufficient bid the director put in place of a changed call: he is there, "
                      "so he explains LHO's options at once"),
    Row("phase", _AD, "call_while_pending", "auction", "27A1", FAMILY,
        "LHO calls over it: accepted as legal", by_offenders_lho, accept_by_calling,
        outcome="Accepted: the bid stands as if legal, with no rectification"),
    Row("phase", _AD, "call_while_pending", _PR, "27C", FAMILY,
        "replaced before the director ruled", by_offender_before_ruling, hold_premature,
        records="insufficient_bid"),
    Row("phase", _AD, "choose_accept", SAME, "27A1", FAMILY,
        "acceptance is by calling over the insufficient bid", None, accept_only_by_calling, refusal=True),
    Row("phase", _AD, "choose_director", SAME, "27A1", FAMILY,
        "acceptance is by calling over the insufficient bid", None, accept_only_by_calling, refusal=True),
    Row("phase", _PR, "choose_accept", "auction", "27A1, 27C", FAMILY,
        "LHO accepts the insufficient bid; the replacement is cancelled", None, accept_over_premature),
    Row("phase", _AD, "director_called", _AC, "9B2, 27A1", FAMILY,
        "the director explains: LHO may accept or decline", None, explain_options),
    Row("phase", _PR, "director_called", _AC, "9B2, 27A1, 27C", FAMILY,
        "the director explains: LHO may accept or decline", None, explain_options),
    Row("phase", _PR, "choose_director", _AC, "9B2, 27A1, 27C", FAMILY,
        "LHO asks the director, who explains: accept or decline", None, explain_options),
    Row("phase", _AC, "choose_accept", "auction", "27A1", FAMILY,
        "LHO accepts: the insufficient bid stands; an early replacement, if any, is cancelled", no_premature,
        accept_by_choice, outcome="Accepted: the bid stands, with no rectification; an early replacement is cancelled"),
    Row("phase", _AC, "choose_accept", "auction", "27A1, 27C", FAMILY,
        "LHO accepts: the insufficient bid stands; an early replacement, if any, is cancelled", with_premature,
        accept_over_premature,
        outcome="Accepted: the bid stands, with no rectification; an early replacement is cancelled"),
    Row("phase", _AC, "call_while_pending", "auction", "27A1", FAMILY,
        "LHO calls over it: accepted; an early replacement, if any, is cancelled", lho_calls_no_premature,
        accept_by_calling, outcome="LHO calls over it even after the director's explanation: accepted, with no "
        "rectification; an early replacement is cancelled"),
    Row("phase", _AC, "call_while_pending", "auction", "27A1, 27C", FAMILY,
        "LHO calls over it: accepted; an early replacement, if any, is cancelled", lho_calls_after_premature,
        accept_over_premature_by_calling, outcome="LHO calls over it even after the director's explanation: accepted, with no "
        "rectification; an early replacement is cancelled"),
    Row("phase", _AC, "choose_decline", _AR, "27B", FAMILY,
        "not accepted: the offender must replace it; an early replacement, if any, is the replacement",
        no_premature, require_replacement),
    Row("phase", _AC, "choose_decline", _AR, "27B, 27C", FAMILY,
        "not accepted: the offender must replace it; an early replacement, if any, is the replacement",
        with_premature, rule_premature),
    Row("phase", _AC, "call_while_pending", _AR, "27B", FAMILY,
        "the offender replaces the bid at the director's instruction: LHO did not accept it",
        offender_replaces_after_director, replace_after_decline),
    Row("phase", _AR, "call_while_pending", "auction", "27B1a", FAMILY,
        "the lowest sufficient bid in the same denomination, both bids natural: no rectification of its own",
        replacement_lowest,
        replaced_lowest,
        outcome="The lowest bid in the same denomination, both bids natural: it stands, with no rectification "
                "and no lead restrictions (27D: the score may be adjusted if the bid helped)"),
    Row("phase", _AR, "call_while_pending", "comparable_call.awaiting_judgement", "27B1b, 27B2, 27B3",
        FAMILY, "any other legal replacement: whether it is comparable decides the rectification", replacement_judged,
        replaced_for_judgement,
        outcome="Any other legal call. Comparable (23A): it stands, with no rectification (27B1b). Not "
                "comparable: partner must pass for the rest of the auction, and declarer may restrict "
                "partner's opening lead (27B2, 26B)"),
    Row("phase", _AR, "call_while_pending", f"{IB}.awaiting_lowest_judgement", "27B1a", FAMILY,
        "a replacement showing the same denominations: the director judges whether it is the lowest such bid", replacement_ask_lowest,
        replaced_ask_lowest),
    Row("phase", f"{IB}.awaiting_lowest_judgement", "judge_lowest", "auction", "27B1a", FAMILY,
        "the lowest bid showing the same denominations: no rectification of its own", None, judged_lowest),
    Row("phase", f"{IB}.awaiting_lowest_judgement", "judge_not_lowest", "comparable_call.awaiting_judgement",
        "27B1b, 27B2", FAMILY, "not the lowest such bid: whether it is comparable decides the rectification", None, judged_not_lowest,
        outcome="Not the lowest such bid: the director judges whether it is comparable; if not, partner must "
                "pass for the rest of the auction (27B2)"),
    Row("phase", _AR, "call_while_pending", _AC, "27B4", FAMILY,
        "another insufficient bid: LHO may accept it", replacement_insufficient,
        replaced_insufficient, records="insufficient_bid",
        outcome="Another insufficient bid: LHO may accept it; if not, it is cancelled, partner must pass for "
                "the rest of the auction and the offender replaces the first bid"),
    Row("phase", _AR, "call_while_pending", SAME, "27B3", FAMILY,
        "an illegal double or redouble is cancelled; partner must pass for the rest of the auction; replace again",
        replacement_illegal_double, replaced_illegal_double, records="insufficient_bid",
        outcome="The double or redouble is cancelled; partner must pass for the rest of the auction; the "
                "offender replaces the insufficient bid again; lead restrictions may follow (26B)"),
    Row("phase", _AR, "call_while_pending", "bid_above_seven.awaiting_decision", "27B, 38", FAMILY,
        "a bid above seven as replacement: ruled as a bid above seven (38)", replacement_above_seven,
        replaced_above_seven,
        outcome="A bid above seven: ruled under Law 38: it is cancelled, and the offender and partner must "
                "pass for the rest of the auction"),
]
