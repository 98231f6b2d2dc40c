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
    natural_of,
    nothing_further,
    open_choice,
    open_comparable,
    shown,
    silence_partner,
    specified_of,
    stand,
    stand_held,
    stand_placed,
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
procedure_fact("replacement_call", FAMILY, "call", "that premature replacement")
procedure_fact("replacement_shows", FAMILY, "word",
               "what that premature replacement was explained to show (as ib_shows)")
procedure_fact("ib", FAMILY, "place",
               "where the insufficient bid sits in the record while the director judges whether its "
               "replacement is the lowest bid specifying the same (27B1a)")
procedure_fact("ib_call", FAMILY, "call", "that insufficient bid")
procedure_fact("ib_shows", FAMILY, "word",
               "what that insufficient bid was explained to show (empty: not explained; else '=' and the "
               "denominations, as shows_word writes them)")
procedure_fact("first_ib_call", FAMILY, "call",
               "the first insufficient bid, when a second one is being ruled (27B4): the call still to be replaced")
procedure_fact("first_ib_shows", FAMILY, "word",
               "what that first insufficient bid was explained to show (as ib_shows)")
procedure_fact("resume_ib", FAMILY, "place",
               "where the insufficient bid sits in the record, to be replaced again once a double or "
               "redouble in its place is ruled (27B3)")
procedure_fact("resume_ib_shows", FAMILY, "word",
               "what that insufficient bid was explained to show (as ib_shows; the bid itself is the "
               "judgement's withdrawn call)")
IB = "insufficient_bid"
_AD, _PR, _AR = f"{IB}.awaiting_decision", f"{IB}.premature_replacement", f"{IB}.awaiting_replacement"
_AC = f"{IB}.awaiting_choice"


def shows_word(specifies: tuple[Strain, ...] | None) -> str:
    """What a call was explained to show, as a procedure keeps it among its word facts: empty
    when not explained (taken as natural), else ``=`` and the denominations' names joined by
    commas (``=`` alone: explained as showing none)."""
    return "" if specifies is None else "=" + ",".join(s.name for s in specifies)


def shows_of(word: str) -> tuple[Strain, ...] | None:
    """The denominations :func:`shows_word` wrote as ``word``."""
    if not word:
        return None
    return tuple(Strain[name] for name in word[1:].split(",")) if word[1:] else ()


def open_insufficient(state: AuctionState, offender: Seat, call: Call, b4: bool = False,
                      back: int | None = None, specifies: tuple[Strain, ...] | None = None,
                      first: Pending | None = None) -> AuctionState:
    """Hold an insufficient bid by ``offender``: LHO may accept it by calling (27A1).

    A second insufficient bid (``b4``, 27B4) is made with the director at the table, so LHO's
    decision is open at once (step ``awaiting_choice``).  ``back`` is the place, counted back
    from the end, of an entry of the record that already holds the call (a premature replacement
    now ruled, ``specifies`` as it was explained when made): one call made at the table stays
    one record.  ``first`` (with ``b4``) is the
    procedure about the insufficient bid being replaced, as it waited at ``state`` (its place,
    its call by value): if LHO does not accept the second one, it is that bid the offender must
    still replace (27B4 rules as 27B3: the attempt is cancelled, the withdrawn bid is replaced),
    so the new procedure keeps it by value and by place.
    """
    law = "27B4" if b4 else "18D, 27"
    first_facts: tuple[tuple[str, str], ...] = (("first_ib", ""),)
    if first is not None:  # (one place further back if the second bid is added behind it)
        first_facts = (("first_ib", str(first.back + (back is None))), ("first_ib_call", first.made.text),
                       ("first_ib_shows", shows_word(first.specifies)))
    if back is None:
        state = state.add_call(CallRecord(offender, call, offender, "pending", IB, law, specifies))
        back = 0  # the call just added: the last in the record
    else:  # held since it was made (27C): marked again, the legal auction as it was
        state = state.remark_back(back, IB, law)
    if b4:
        p = Pending(IB, "awaiting_choice", "27B4, 27A1", offender.lho.name, ("accept", "decline"), offender,
                    back, offender, (("b4", "1"), *first_facts), call, specifies)
    else:
        p = Pending(IB, "awaiting_decision", "27A1", offender.lho.name, ("accept", "director"), offender,
                    back, offender, (("b4", ""),), call, specifies)
    return evolve(state, pending=p)


def resume_replacement(state: AuctionState, offender: Seat, back: int, ib: Call,
                       specifies: tuple[Strain, ...] | None) -> AuctionState:
    """27B3: after a cancelled double or redouble the offender must replace the bid again: the
    insufficient bid ``ib`` (explained as showing ``specifies``), ``back`` places from the end of
    the record, known by value and by place."""
    p = Pending(IB, "awaiting_replacement", "27B", offender.name, ("replace",), offender, back, offender,
                call=ib, specifies=specifies)
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
        writes=('record', 'obligations', 'pending'), emits=(),
        carries=('event_call',))
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
     parts=('key', 'procedure', 'procedure_call'))


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
        writes=('key', 'record', 'pending', 'rulings', 'obligations', 'standing_facts'), emits=('CallEvent', 'WatchedCall'),
        carries=('event_call', 'procedure_call'))
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
    # the call just added, the last entry, kept by place and by value for the ruling on it (27C)
    kept = (("replacement", "0"), ("replacement_call", _call(ctx).text), ("replacement_shows", shows_word(shown(ctx))))
    q = evolve(held, step="premature_replacement", law="27C", options=("accept", "director"),
               extra=tuple(sorted((*held.extra, *kept))))
    return Outcome(evolve(state, pending=q))


@action("refused: LHO accepts an insufficient bid by calling over it (27A1)",
        reads=('pending',),
        writes=(), emits=())
def accept_only_by_calling(ctx: Ctx) -> Outcome:
    raise DecisionError(f"{ctx.seat.long_name} accepts an insufficient bid by calling over it "
                        f"(27A1), not by a separate choice: {expected(ctx.state)}")


@action("LHO accepts the insufficient bid; the early replacement is cancelled (27C)",
        reads=('obligations', 'watches', 'key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations', 'standing_facts'), emits=('WatchedCall',))
def accept_over_premature(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    # both held, neither ever stood: the replacement cancelled leaves the legal auction as it was,
    # and the insufficient bid, with no standing call after it, moves it on (stand_held)
    state = evolve(ctx.state, pending=None).set_status_back(int(p.get("replacement")), "cancelled", "27C")
    return stand_held(state.rule("27A1", f"{ctx.seat.long_name} accepts the insufficient bid; the "
                                 "premature replacement is cancelled"), p, law="27A1")


#: The facts of a 27B4 procedure about the first insufficient bid, dropped once it is due for
#: replacement again (with the premature replacement's place, ruled by then).
_FIRST_FACTS = ("replacement", "replacement_call", "replacement_shows", "first_ib", "first_ib_call", "first_ib_shows")


def _withdraw(ctx: Ctx) -> tuple[AuctionState, Pending]:
    """The insufficient bid the procedure holds withdrawn (27B), or a second one cancelled
    (27B4), and the procedure waiting for the replacement of the bid still to be replaced: each
    found at its place counted back from the end, and known by value from the procedure (held
    calls: their statuses change without the legal auction, nothing of the history read)."""
    p = _pending(ctx)
    back, call, specifies = p.back, p.call, p.specifies
    if p.get("b4"):  # 27B4 rules as 27B3: the attempted second insufficient bid is cancelled, and
        state = ctx.state.set_status_back(p.back, "cancelled", "27B4")  # the withdrawn one still
        first = p.get("first_ib")  # needs its replacement: 27B1 compares with the withdrawn call
        if first:
            back, call, specifies = int(first), parse_call(p.get("first_ib_call")), shows_of(p.get("first_ib_shows"))
    else:
        state = ctx.state.set_status_back(p.back, "withdrawn", "27B")
    due = evolve(p, step="awaiting_replacement", law="27B", decider=p.offender.name, options=("replace",),
                 back=back, extra=tuple(x for x in p.extra if x[0] not in _FIRST_FACTS),
                 call=call, specifies=specifies)
    return state, due


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
        reads=('key', 'obligations', 'restrictions', 'procedure', 'procedure_call', 'procedure_place'),
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
        reads=('key', 'obligations', 'restrictions', 'procedure', 'procedure_call', 'procedure_place'),
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
        writes=('key', 'record', 'pending', 'rulings', 'obligations', 'standing_facts'), emits=('WatchedCall',),
        carries=('procedure_call',))
def accept_by_choice(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state = evolve(ctx.state, pending=None).rule(
        "27A1", f"{ctx.seat.long_name} accepts the insufficient {p.made}; it is treated as legal")
    return stand_held(state, p, law="27A1")


@action("LHO accepts the insufficient bid by calling; the early replacement is cancelled (27A1, 27C); "
        "LHO's call is then ruled",
        reads=('obligations', 'watches', 'key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations', 'standing_facts'), emits=('CallEvent', 'WatchedCall'))
def accept_over_premature_by_calling(ctx: Ctx) -> Outcome:
    out = accept_over_premature(ctx)
    if out.state.pending is not None:
        return out
    return Outcome(out.state, (*out.follow, *calls_again(out.state, ctx.seat, _call(ctx), shown(ctx)).follow))


@action("not accepted: the early replacement is ruled as the replacement (27C)",
        reads=('procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'rulings'), emits=('Replacement',))
def rule_premature(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state, due = _withdraw(ctx)
    # the premature replacement, kept by the procedure by place and by value
    made = Replacement(p.offender, parse_call(p.get("replacement_call")), int(p.get("replacement")),
                       shows_of(p.get("replacement_shows")))
    state = state.rule("27C", "the premature replacement stands if legal; the director rules on it")
    return Outcome(evolve(state, pending=due), (made,))


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
        return specified_of(ctx.event.call, ctx.event.specifies)
    call = _call(ctx)
    explained = shown(ctx)
    return explained if explained is not None else ((call.strain,) if call.strain is not None else ())


def _replacement_natural(ctx: Ctx) -> bool:
    """Whether the replacement means what it names (a premature one as recorded, else as made)."""
    if isinstance(ctx.event, Replacement):
        return natural_of(ctx.event.call, ctx.event.specifies)
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
        return ctx.state.set_status_back(ctx.event.back, "cancelled", "27C")  # held: the key stays
    return ctx.state


@action("the bid above seven is held under Law 38",
        reads=('procedure',),
        writes=('record', 'pending'), emits=())
def replaced_above_seven(ctx: Ctx) -> Outcome:
    o = _pending(ctx).offender
    return Outcome(open_above_seven(evolve(_premature_dropped(ctx), pending=None), o, _call(ctx), o))


@action("the second insufficient bid is held: LHO may accept it at once, the director being there (27B4)",
        reads=('procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending'), emits=())
def replaced_insufficient(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    event = ctx.event
    back, specifies = (event.back, event.specifies) if isinstance(event, Replacement) else (None, shown(ctx))
    return Outcome(open_insufficient(evolve(ctx.state, pending=None), p.offender, _call(ctx), b4=True, back=back,
                                     specifies=specifies, first=p))


@action("the attempted double or redouble is cancelled; partner is silenced; replace again (27B3)",
        reads=('obligations', 'restrictions', 'procedure', 'procedure_call'),
        writes=('record', 'obligations', 'pending', 'restrictions', 'rulings'), emits=())
def replaced_illegal_double(ctx: Ctx) -> Outcome:
    p, call = _pending(ctx), _call(ctx)
    o = p.offender
    ib = p.made
    state = ctx.state
    if isinstance(ctx.event, Replacement):
        state = state.set_status_back(ctx.event.back, "cancelled", "27B3")  # held: the key stays
    else:
        state = state.add_call(CallRecord(o, call, o, "cancelled", "attempted_double", "27B3"))
    state = silence_partner(state, o, ib, "27B3")
    return Outcome(state.rule(
        "27B3", f"the attempted {call} is cancelled; {o.partner.long_name} must pass for the rest "
        f"of the auction and {o.long_name} must replace the insufficient bid again"))


@action("the replacement stands, adding no rectification of its own (27B1a); a silence from 27B3 or 27B4 stays",
        reads=('obligations', 'watches', 'restrictions', 'key_step', 'procedure'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations', 'standing_facts'), emits=('WatchedCall',))
def replaced_lowest(ctx: Ctx) -> Outcome:
    o, call = _pending(ctx).offender, _call(ctx)
    state = evolve(ctx.state, pending=None)
    state = state.rule(
        citing_silence("27B1a", state, o), f"replaced by the lowest sufficient bid in the same denomination "
        f"({call}): {nothing_further(state, o)}").rule("27D", ADJUST_27D)
    if isinstance(ctx.event, Replacement):  # the premature replacement, held at its place, by value
        ev = ctx.event
        return stand_placed(state, CallRecord(o, ev.call, o, "stands", "premature_replacement", "27B1a",
                                              ev.specifies), ev.back)
    return stand(in_turn(state, o), CallRecord(o, call, o, specifies=shown(ctx)))


def _held_replacement(ctx: Ctx) -> tuple[AuctionState, int, CallRecord, int]:
    """The state with the replacement held in the record (status pending), its place counted
    back from the end, the replacement as made, and the place of the insufficient bid it
    replaces: a premature replacement is held already (27C, by value in the follow-up), any
    other is added as the last entry, one place in front of the bid's."""
    p, call = _pending(ctx), _call(ctx)
    state = evolve(ctx.state, pending=None)
    if isinstance(ctx.event, Replacement):
        ev = ctx.event
        return state, ev.back, CallRecord(p.offender, ev.call, p.offender, "pending", "premature_replacement",
                                          "27C", ev.specifies), p.back
    # (the record added spelt out: the held status, in the source, says the legal auction stays)
    state = state.add_call(CallRecord(p.offender, call, p.offender, "pending", "replacement", "27B", shown(ctx)))
    return state, 0, CallRecord(p.offender, call, p.offender, "pending", "replacement", "27B", shown(ctx)), p.back + 1


def _to_comparable(state: AuctionState, offender: Seat, back: int, made: CallRecord, ib_back: int,
                   ib: Call, ib_specifies: tuple[Strain, ...] | None) -> AuctionState:
    """Ask whether the replacement ``back`` places from the end of the record (``made``) is
    comparable with the insufficient bid ``ib`` (explained as showing ``ib_specifies``),
    ``ib_back`` places from the end (27B1b): the judgement keeps the bid by value and by place,
    for a cancelled double or redouble to send the offender back to it (27B3)."""
    call = made.call
    double = call.is_double or call.is_redouble
    state = open_comparable(state, offender, back, ib, "27B3" if double else "27B2", "pass_rest_of_auction",
                            cancel_if_not=double, made=made)
    assert state.pending is not None
    resume = (("resume_ib", str(ib_back)), ("resume_ib_shows", shows_word(ib_specifies)))
    return evolve(state, pending=evolve(state.pending, extra=tuple(sorted(state.pending.extra + resume))))


@action("the director judges whether the replacement is comparable (27B1b); if not, 27B2 or 27B3",
        reads=('procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending'), emits=())
def replaced_for_judgement(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state, back, made, ib_back = _held_replacement(ctx)
    return Outcome(_to_comparable(state, p.offender, back, made, ib_back, p.made, p.specifies))


@action("the director judges whether the replacement is the lowest sufficient bid that shows the same "
        "denominations (27B1a)",
        reads=('procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending'), emits=())
def replaced_ask_lowest(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    state, back, made, ib_back = _held_replacement(ctx)
    q = Pending(IB, "awaiting_lowest_judgement", "27B1a", "director", ("lowest", "not_lowest"), p.offender,
                back, p.offender, (("ib", str(ib_back)), ("ib_call", p.made.text), ("ib_shows", shows_word(p.specifies)),
                                   ("judgement", "lowest_specifying")),
                made.call, made.specifies)
    return Outcome(evolve(state, pending=q))


@action("the lowest such bid: it stands, adding no rectification of its own (27B1a); a silence from 27B3 or "
        "27B4 stays",
        reads=('obligations', 'watches', 'restrictions', 'key_step', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('key', 'record', 'pending', 'rulings', 'obligations', 'standing_facts'), emits=('WatchedCall',))
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
                                  parse_call(p.get("ib_call")), shows_of(p.get("ib_shows"))))


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
