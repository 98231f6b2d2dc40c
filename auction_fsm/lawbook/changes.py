"""Changes of call: Law 25 (unintended and intended) and Law 21B (misinformation).

A player may replace a call made by a slip (not a change of mind) until partner calls (25A);
the intended call is then ruled as if made in turn, and LHO may withdraw a call made over the
first one (25A6).  A change of mind stands only if LHO accepts it (25B1); otherwise the
original call stands (25B2).  A call the director judges influenced by an opponent's
misinformation may be changed until the end of the auction period if partner has not called
since (21B1), after which LHO may change a later call (21B2).  Unintended, intended and
misinformation are the director's judgements, given as input events.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, Final, cast

from .. import rules
from ..auction import AuctionState, CallJustMade, LastCall
from ..calls import parse_call
from ..errors import IllegalCallError, LawBookError, RepeatedCallError
from ..events import CallEvent, ChangeCall
from ..records import CallRecord, Pending, Undo
from ..seats import Seat
from ..values import evolve
from . import position_facts  # noqa: F401  (declares the facts the guards below read)
from .common import branch_auction, open_comparable, reopen_watch
from .facts import FactView, computes, slot, value_of
from .lead import DLO, due_option
from .procedure import DeclaresOptions, Option, callers
from .procedure_facts import procedure_fact
from .rows import (
    ASK_TRIGGER,
    OTHERWISE,
    SAME,
    Action,
    CalledOver,
    Ctx,
    DeclarerOptions,
    FollowUp,
    Guard,
    JudgeChange,
    Outcome,
    RestoredCall,
    Row,
    SubstitutedCall,
    action,
    both,
    derived,
    reads,
)
from .states import OPEN, PROCEDURES, STATES

if TYPE_CHECKING:
    from ..events import Event

__all__ = ["ROWS", "attempt", "call_named_again", "changeable_call", "names_same_call_again", "same_call_again"]

FAMILY = "21B, 25"
procedure_fact("lho_call", FAMILY, "place",
               "where the call made over the call being changed sits in the record (25A6, 21B2); empty "
               "when nobody has called over it")
procedure_fact("made_at", FAMILY, "seat",
               "whose turn it was when the change was tried by calling at LHO's turn (30B2, 31C, 32C): "
               "where the attempt is cancelled if the change fails (25B2)")
procedure_fact("via", FAMILY, "word",
               "the paragraph that sent a call at LHO's turn to Law 25 as a change (30B2, 31C, 32C), or "
               "empty")
CH, MI = "change_of_call", "misinformation"

# --- the facts the guards of Laws 21B and 25 read ---------------------------------------------
slot("change_ground", FAMILY, (str, type(None)),
     "the reason a player gives for changing a call: 'slip' (25) or 'misinformation' (21B1); none if "
     "the event is not a change of call",
     parts=())
slot("actor_call_to_change", FAMILY, str,
     "the acting seat's last call that stands, as a change of call would find it: 'none' if it has "
     "none (or the event names no seat), 'in time' if partner has not called since and no call out "
     "of rotation has taken partner's turn, 'too late' otherwise (25A4, 21B1a)",
     parts=('actor_last_call',))
slot("change_names_call_made", FAMILY, bool,
     "the change of call names the very call the acting seat last made and that still stands (false "
     "if it has none, or the event is not a change of call)",
     parts=('actor_last_call',))
slot("phase_when_procedure_closes", FAMILY, str,
     "where the table stands if the waiting procedure closes with nothing changed: the auction, the "
     "clarification period, a face-down opening lead, a passed-out board (a phase's name)",
     parts=('key', 'leads', 'hands_returned', 'procedure', 'calls_made'))
slot("change_lho_called_over", FAMILY, bool,
     "a call of the offender's LHO stands over the call that the waiting change of call would replace "
     "(25A6, 21B2); false if no change of call waits",
     parts=('procedure',))
slot("accepted_change_stands", FAMILY, bool,
     "the new call of a change of call that LHO accepted (25B1) still stands, 17D3 not having cancelled "
     "it; false if the event is not the judgement of an accepted change",
     parts=('actor_last_call',))
slot("change_restores_auction", FAMILY, bool,
     "the waiting change of call keeps the legal auction as it stood before the call being changed: "
     "no call stands after that call but LHO's over it, so withdrawing them goes back there (25A1, "
     "21B1, 25B1); false if other calls stand after them (or no change of call waits)",
     parts=('procedure', 'procedure_undo'))
slot("names_call_just_made", FAMILY, bool,
     "the acting seat names again, as a call or as a change of call, the call it has just made: the last "
     "in the record, still standing or waiting for a ruling (while an irregularity waits, a change of call "
     "names again only the irregular call); false if the table waits for a call from that seat (the seat "
     "in turn, or one whose call takes an option of the waiting procedure), and for any other event",
     parts=("book", "key", "call_just_made", "procedure_at_end", "procedure"))
CHANGED_CALL_BRANCH = "changed_call_branch"
slot(CHANGED_CALL_BRANCH, FAMILY, (int, type(None)),
     "the legal auction (without seats) as the call the waiting change of call would replace left it, "
     "when a 31A/32A rectification of its maker's LHO took its branch on that very call and nobody has "
     "called over it (what the change takes back, 25A1); none otherwise, or when no change waits",
     parts=('key', 'obligations', 'watches', 'restrictions', 'procedure', 'procedure_call'))


@computes(CHANGED_CALL_BRANCH)
def _changed_call_branch(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    if p is None or p.procedure not in (CH, MI) or p.call is None:
        return None
    return branch_auction(evolve(ctx.state, pending=None), p.offender, p.call, bool(p.get("lho_call")))


slot("restored_call_kept", FAMILY, bool,
     "the follow-up restoring LHO's call over a changed one says LHO keeps that call (25A6, 21B2); "
     "false for any other event",
     parts=())


slot("call_is_called_over", FAMILY, bool,
     "the event is the call by which LHO accepted a change of call (25B1), ruled after the new call; "
     "false for any other event",
     parts=())


@computes("call_is_called_over")
def _call_is_called_over(ctx: Ctx) -> Hashable:
    return isinstance(ctx.event, CalledOver)


@computes("restored_call_kept")
def _restored_call_kept(ctx: Ctx) -> Hashable:
    return isinstance(ctx.event, RestoredCall) and ctx.event.kept


def attempt(state: AuctionState, event: ChangeCall, via: str | None = None) -> AuctionState:
    """``event.seat`` tries to replace its last call with ``event.call``: the director must judge.

    The call to replace, its place and that of LHO's call over it come from the seat's last
    standing call as the position keeps it (the view ``actor_last_call``, ``event.seat`` being the
    acting seat; for a call again at LHO's turn, ``via``, the last standing call alone, the view
    ``last_call``), by value and counted back from the end of the record: nothing of the record
    itself is read."""
    o, law = event.seat, ("21B1" if event.ground == "misinformation" else "25")
    if via:  # a call again at LHO's turn (30B2, 31C, 32C) by the player who made the last standing call
        found = state.last_call
        assert found is not None and found[0] == o, f"{o.long_name} calls again, but the last standing call is {found}"
        last: LastCall | None = found[1]
    else:
        last = state.last_call_of(o)
    if last is None:
        raise IllegalCallError(f"{o.long_name} has no call in the auction to change", law=law)
    if last.gone:
        why = "partner has called since" if last.partner_called else "a call out of rotation has since taken partner's turn"
        raise IllegalCallError(
            f"{o.long_name} cannot change {last.call}: {why} "
            f"(Law {'21B1a' if law == '21B1' else '25A4'})", law="21B1a" if law == "21B1" else "25A4")
    if not via and last.call == event.call:
        raise IllegalCallError(f"{o.long_name}'s call is {event.call} already: there is nothing to change it to "
                               f"(Law {'21B1' if law == '21B1' else '25A'})", law=law)
    # withdrawing the call and the one over it goes back to the auction as it stood before the
    # call, which the procedure keeps (without its seats, and who had bid last), with the calls
    # standing after those two, by value, to stand again
    undo = Undo(last.over_call, *last.auction_before(), last.following)
    extra: tuple[tuple[str, str], ...] = (("lho_call", str(last.over) if last.over >= 0 else ""),
                                          ("new", event.call.text), ("via", via or ""))
    if via:  # made as a call at LHO's turn: if the change fails, that call is cancelled (25B2)
        extra = (*extra, ("made_at", state.turn.name))
    if event.ground == "misinformation":
        p = Pending(MI, "awaiting_judgement", "21B1", "director", ("misinformation", "no_misinformation"),
                    o, last.back, last.in_turn_of, (*extra, ("judgement", "misinformation")),
                    last.call, last.specifies, undo)
    else:
        p = Pending(CH, "awaiting_judgement", f"{via + ', ' if via else ''}25A", "director",
                    ("unintended", "intended"), o, last.back, last.in_turn_of,
                    (*extra, ("judgement", "unintended")), last.call, last.specifies, undo)
    return evolve(state, pending=p).rule(
        via or law, f"{o.long_name} tries to replace {last.call} with {event.call}")


def call_named_again(state: AuctionState, event: Event | FollowUp, book: DeclaresOptions) -> CallJustMade | None:
    """The call ``event`` names again, when by it a seat names once more the call it has just
    made (a line sent twice, a call "changed" to itself): the last call in the record, made by
    that seat, the same call, still standing or waiting for a ruling.  ``None`` when the event
    is not that: another seat or call, the seat's last call no longer standing or waiting for a
    ruling, a call by a seat the table waits for a call from (:func:`~.procedure.callers`: an
    offender replacing his insufficient bid by the same bid again makes the replacement 27B asks
    of him, and it is ruled), a change of call while an irregularity waits that names another
    call than the irregular one (the offender's claim that the irregular call was a slip for
    his premature replacement, 25A), or an event the engine made itself (the call the director
    puts in place of a changed one, LHO's call accepting a change: never named again at the
    table).

    The one definition of "the same call again": the fact ``names_call_just_made`` the book's
    refusal rows read is this, and :func:`same_call_again` words it."""
    if not (type(event) is CallEvent or isinstance(event, ChangeCall)):
        return None
    last = state.call_just_made
    if last is None or last.seat != event.seat or last.call != event.call:
        return None
    if isinstance(event, CallEvent) and event.seat in callers(state, book):
        return None
    p = state.pending
    if isinstance(event, ChangeCall) and p is not None and p.procedure != DLO and not state.procedure_at_end:
        # while an irregularity waits, the offender's change is a claim that the irregular call
        # was a slip (25A): naming his premature replacement is naming another call than that one
        return None
    return last


def same_call_again(state: AuctionState, event: Event | FollowUp, book: DeclaresOptions) -> str | None:
    """The book's word on ``event`` when by it a seat names again the call it has just made
    (:func:`call_named_again`): the same call is neither a new call nor a change of call, since
    Law 25 is about replacing a call by a different one, so nothing happens; the words say so,
    with the law.  ``None`` when the event is not that.  The book's rows refuse such an event
    with these words (:func:`nothing_happens`), so every reader of the engine gets them."""
    last = call_named_again(state, event, book)
    if last is None:
        return None
    return (f"Nothing happens: {last.seat.long_name} has just {'called' if last.stands else 'made'} "
            f"{last.call}, and the same call again is neither a new call nor a change of call (Law 25 "
            "is about replacing a call by another).")


class _Options2017:
    """The options the decisions of :data:`.states.STATES` declare (the 2017 book is built from
    them), as :func:`~.procedure.callers` reads a book: for a position that carries no book."""

    def option(self, state_name: str, word: str) -> Option:
        found = _STATES_BY_NAME[state_name].option(word)
        if found is None:
            raise LawBookError(f"law book '2017': the decision {state_name!r} declares no option {word!r}")
        return found


_STATES_BY_NAME: Final = {s.name: s for s in STATES}
_OPTIONS_2017: Final = _Options2017()


def _book_of(state: AuctionState) -> DeclaresOptions:
    """The decisions' options of the book ``state`` carries (2017's when it carries none)."""
    book = state.book
    return _OPTIONS_2017 if book is None else cast("DeclaresOptions", book)


@computes("names_call_just_made")
def _names_call_just_made(ctx: Ctx) -> Hashable:
    return call_named_again(ctx.state, ctx.event, _book_of(ctx.state)) is not None


@reads("names_call_just_made", words="the player names again the call just made, which still stands or waits "
       "for a ruling (25)", ask="Does the player name again the call just made?", rare=True)
def names_same_call_again(f: FactView) -> bool:
    return bool(f.names_call_just_made)


@action("refused: nothing happens, as the same call again is neither a new call nor a change of call (25)",
        reads=("book", "key", "call_just_made", "procedure_at_end", "procedure"), writes=(), emits=())
def nothing_happens(ctx: Ctx) -> Outcome:
    words = same_call_again(ctx.state, ctx.event, _book_of(ctx.state))
    assert words is not None, "the guard names_same_call_again let through another event"
    raise RepeatedCallError(words)


def changeable_call(state: AuctionState, seat: Seat) -> int | None:
    """The record index of ``seat``'s last standing call if partner has not called since (25A4,
    21B1a), else ``None``: the call a change would replace (read from the view ``last_calls``,
    the one definition of both; ``actor_last_call`` when ``seat`` acts)."""
    last = state.last_call_of(seat)
    return None if last is None or last.gone else state.place_index(last.back)


def _too_late(ctx: Ctx) -> LastCall | None:
    """The player's last standing call when partner has called since (or partner's turn is
    gone) and the change names another call: a change made too late."""
    event = ctx.event
    assert isinstance(event, ChangeCall)
    last = ctx.state.last_call_of(event.seat)
    if last is None or not last.gone or last.call == event.call:
        return None
    return last


@computes("change_ground")
def _change_ground(ctx: Ctx) -> Hashable:
    event = ctx.event
    return event.ground if isinstance(event, ChangeCall) else None


@computes("actor_call_to_change")
def _actor_call_to_change(ctx: Ctx) -> Hashable:
    seat = getattr(ctx.event, "seat", None)
    if not isinstance(seat, Seat):
        return "none"
    last = ctx.state.last_call_of(seat)
    if last is None:
        return "none"
    return "too late" if last.gone else "in time"


@computes("change_names_call_made")
def _change_names_call_made(ctx: Ctx) -> Hashable:
    event = ctx.event
    if not isinstance(event, ChangeCall):
        return False
    last = ctx.state.last_call_of(event.seat)
    return last is not None and last.call == event.call


@reads("actor_call_to_change", "change_names_call_made",
       words="the player has a call that partner has not called over (25A4, 21B1a), and names another call")
def can_change(f: FactView) -> bool:
    return bool(f.actor_call_to_change == "in time" and not f.change_names_call_made)


@reads("actor_call_to_change", "change_names_call_made",
       words="partner has called since the player's call, and the player names another call (25A4, 21B1a)",
       ask="Has partner called since the call the player wants to change?")
def partner_called_since(f: FactView) -> bool:
    return bool(f.actor_call_to_change == "too late" and not f.change_names_call_made)


# The same call named again right after it was made (names_call_just_made) is the refusal of
# names_same_call_again: it is such a call, so it names the call made (change_names_call_made),
# in time; the four guards below and that one partition the changes of call.
@reads("actor_call_to_change", "change_names_call_made", "names_call_just_made",
       words="the player has no call to change, or names the call he made, with other calls made since",
       ask=OTHERWISE)
def cannot_change(f: FactView) -> bool:
    return bool((f.actor_call_to_change == "none" or f.change_names_call_made) and not f.names_call_just_made)


@action("refused: the player has no call to change, or names the call already made",
        reads=('actor_last_call',),
        writes=(), emits=())
def too_late_to_change(ctx: Ctx) -> Outcome:
    assert isinstance(ctx.event, ChangeCall)
    attempt(ctx.state, ctx.event)  # raises with the reason
    raise AssertionError("a change of call refused by its guard was accepted")  # pragma: no cover


@action("too late: the attempted call is cancelled and stays in the record (25A4, 21B1a; 16C)",
        reads=('actor_last_call',),
        writes=('record', 'rulings'), emits=())
def cancel_too_late_change(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, ChangeCall)
    first = _too_late(ctx)
    assert first is not None
    mis = event.ground == "misinformation"
    law = "21B1a" if mis else "25A4"
    state = ctx.state.add_call(CallRecord(event.seat, event.call, first.in_turn_of, "cancelled", "change_of_call",
                                          law))
    return Outcome(state.rule(
        law, f"{event.seat.long_name} tries to replace {first.call} with {event.call}, but partner has called "
        f"since: too late, so {first.call} stands (Law {law}); the attempted {event.call} is cancelled and stays in "
        "the record, as what it tells partner is unauthorised information (16C, 25B3)"))


@reads("change_ground", words="the player says the call was a slip (25)")
def ground_is_slip(f: FactView) -> bool:
    return bool(f.change_ground != "misinformation")


@reads("change_ground", words="the player says an opponent's misinformation led to the call (21B1)")
def ground_is_misinformation(f: FactView) -> bool:
    return bool(f.change_ground == "misinformation")


@action("the director is asked to judge the change",
        reads=('actor_last_call', 'auction_before_call'),
        writes=('pending', 'rulings'), emits=(),
        carries=('event_call',))
def ask_about_change(ctx: Ctx) -> Outcome:
    assert isinstance(ctx.event, ChangeCall)
    return Outcome(attempt(ctx.state, ctx.event))


def _branch(ctx: Ctx) -> int | None:
    """The fact ``changed_call_branch``, read in the action's context (the action declares it)."""
    return cast("int | None", value_of(CHANGED_CALL_BRANCH, ctx))


def _pending(ctx: Ctx) -> Pending:
    p = ctx.state.pending
    assert p is not None
    return p


@computes("phase_when_procedure_closes")
def _phase_when_procedure_closes(ctx: Ctx) -> Hashable:
    return evolve(ctx.state, pending=None).phase


def _back(dest: str) -> Guard:
    """The table returns to ``dest`` once the procedure is closed with nothing changed."""
    words = {"auction": "the auction is still open", "clarification": "the auction had ended",
             "opening_lead": "a face-down opening lead stands (41A)",
             "passed_out": "the board had been passed out and the hands are still out (17D2)"}[dest]

    def back(f: FactView) -> bool:
        return bool(f.phase_when_procedure_closes == dest)
    back.__name__ = f"back_to_{dest}"
    return reads("phase_when_procedure_closes", words=words, ask=ASK_TRIGGER)(back)


@computes("change_lho_called_over")
def _change_lho_called_over(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return p is not None and p.procedure in (CH, MI) and bool(p.get("lho_call"))


@reads("change_lho_called_over", words="nobody has called over the call being changed",
       ask="Has nobody called over the call being changed?")
def lho_not_called_over(f: FactView) -> bool:
    return not f.change_lho_called_over


@reads("change_lho_called_over",
       words="the offender's LHO has called over the call being changed (25A6, 21B2)",
       ask="Has the offender's LHO called over it already?")
def lho_called_over(f: FactView) -> bool:
    return bool(f.change_lho_called_over)


def _no_misinformation(ctx: Ctx) -> AuctionState:
    p = _pending(ctx)
    return evolve(ctx.state, pending=None).rule(
        "21B1", f"no misinformation found: {p.offender.long_name}'s {p.made} stands")


@action("no misinformation: the call stands",
        reads=('procedure', 'procedure_call'),
        writes=('pending', 'rulings'), emits=(),
        carries=('procedure_call',))
def no_misinformation(ctx: Ctx) -> Outcome:
    return Outcome(_no_misinformation(ctx))


@action("no misinformation: the call stands; declarer's choice before the opening lead, if one is due, is "
        "asked again (25A5)",
        reads=('key', 'restrictions', 'exposed', 'leads', 'lead_rules', 'refused_leads', 'picked_up', 'lead_choices', 'suits_specified', 'contract', 'procedure', 'procedure_call'),
        writes=('pending', 'rulings'), emits=('DeclarerOptions',))
def no_misinformation_choice_again(ctx: Ctx) -> Outcome:
    return _choices_again(_no_misinformation(ctx))


def _choices_again(state: AuctionState) -> Outcome:
    """``state`` once a change of call is closed with nothing changed after the auction had ended
    (the rows' guard says so): if declarer still has a choice to make before the opening lead (a
    change may be claimed while it waits, 25A5), that choice is asked again.  Which choices are
    due reads the history (the suits the offender specified, 26B): only these rows' actions call
    it, those closing the procedure elsewhere read none of that."""
    return Outcome(state, (DeclarerOptions(),) if due_option(state) else ())


@action("a change of mind: LHO may accept it or not (25B)",
        reads=('procedure',),
        writes=('pending', 'rulings'), emits=())
def intended_change(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    new, o = parse_call(p.get("new")), p.offender
    q = evolve(p, step="awaiting_acceptance", law="25B", decider=o.lho.name, options=("accept", "refuse"),
               extra=tuple(x for x in p.extra if x[0] != "judgement"))
    return Outcome(evolve(ctx.state, pending=q).rule(
        "25B", f"the change to {new} was intended: {o.lho.long_name} may accept it or not"))


@action("LHO may keep, withdraw or change the call made over the changed one",
        reads=('procedure',),
        writes=('pending',), emits=())
def ask_lho(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    mis = p.procedure == MI
    q = evolve(p, step="awaiting_lho_choice", law="21B2" if mis else "25A6", decider=p.offender.lho.name,
               options=("keep", "change") if mis else ("keep", "withdraw"),
               extra=tuple(x for x in p.extra if x[0] != "judgement"))
    return Outcome(evolve(ctx.state, pending=q))


def substitute(state: AuctionState, p: Pending, keep_lho: bool, law: str = "",
               by_director: bool = True, branch: int | None = None) -> Outcome:
    """Withdraw the old call (and LHO's call over it); the new call is then ruled as made in
    turn, and LHO's call made again if LHO keeps it.  ``by_director``: the director put the
    new call in place (his judgement, or a choice he explained), so he rules at once on it if it
    is irregular (:class:`~.rows.SubstitutedCall`); not when LHO accepted the change by calling
    over it before he ruled.  ``branch``: the fact ``changed_call_branch`` (a 31A/32A branch
    taken on the changed call, to take back), read by the calling action in its own context.

    The calls withdrawn are found by their places counted back from the end of the record, and
    LHO's by value, as the procedure keeps them.  The legal auction goes back to where it stood
    before the old call, which the procedure keeps too, and the calls that stood after the two
    withdrawn, which it keeps by value, stand again on it in order (:func:`restores_auction`
    says whether there are any): nothing of the record is read."""
    o, new = p.offender, parse_call(p.get("new"))
    law = law or ("21B1" if p.procedure == MI else "25A1")
    undo = p.undo
    assert undo is not None, "a change of call keeps what withdrawing its call needs"
    lho_back = int(p.get("lho_call")) if p.get("lho_call") else None
    lho_call = undo.over if lho_back is not None else None
    # a call of RHO that a waiting 31A/32A rectification took its branch on, not yet called
    # over: the new call decides
    state, reopened = (evolve(state, pending=None), None) if branch is None else reopen_watch(
        evolve(state, pending=None), o, p.made, branch)
    lho_law = "21B2" if p.procedure == MI else "25A6"
    withdrawn = ((p.back, law),) if lho_back is None else ((p.back, law), (lho_back, lho_law))
    key = rules.seated(undo.auction, int(p.in_turn_of), 0 if undo.bidder is None else int(undo.bidder))
    facts = undo.facts
    for r in undo.following:  # (none unless calls out of rotation were accepted after the two)
        key, facts = rules.force(key, int(r.seat), r.call.code), facts.after(r)
    state = state.withdraw_back(withdrawn, key, facts)
    face_down = state.current_lead
    if face_down is not None and not face_down.faced:
        state = evolve(state, leads=tuple(evolve(ld, status="withdrawn", law="41A") if ld is face_down
                                          else ld for ld in state.leads))
        state = state.rule("41A", f"the auction reopens: {face_down.seat.long_name}'s face-down lead "
                           "goes back to the hand")
    state = state.rule(law, f"{o.long_name}'s {p.made} is withdrawn and "
                       f"replaced by {new}, ruled as if made in turn")
    if reopened is not None:
        state = state.rule(reopened.law, reopened.summary)
    follow: list[object] = [SubstitutedCall(o, new) if by_director else CallEvent(o, new)]
    if lho_call is not None:
        follow.append(RestoredCall(o.lho, lho_call, lho_law, keep_lho))
    return Outcome(state, tuple(follow))  # type: ignore[arg-type]


def restores_auction(p: Pending) -> bool:
    """Withdrawing the call of the waiting change of call ``p`` (and LHO's over it) leaves the
    legal auction as it stood before that call: no call stood after those two when the change
    was asked for (:func:`attempt`); else the calls after them stand again on it."""
    return p.procedure in (CH, MI) and p.undo is not None and not p.undo.following


@computes("change_restores_auction")
def _change_restores_auction(ctx: Ctx) -> Hashable:
    p = ctx.state.pending
    return p is not None and restores_auction(p)


@reads("change_restores_auction",
       words="no call stands after the changed call but LHO's over it: the auction goes back to where it stood "
             "before the changed call",
       ask="Does no other call stand after the changed call and LHO's call over it?")
def auction_goes_back(f: FactView) -> bool:
    return bool(f.change_restores_auction)


@reads("change_restores_auction",
       words="other calls stand after the changed call and LHO's call over it (calls out of rotation "
             "accepted): the auction is rebuilt with them", rare=True,
       ask="Do other calls stand after the changed call and LHO's call over it?")
def auction_rebuilt(f: FactView) -> bool:
    return not f.change_restores_auction


@action("the first call is withdrawn; the new call is ruled as made in turn",
        reads=('key_step', 'obligations', 'watches', 'restrictions', 'leads', 'procedure', 'procedure_call', 'procedure_place', 'procedure_undo', 'procedure_undo_auction'),
        writes=('key', 'record', 'pending', 'rulings', 'leads', 'watches', 'obligations', 'restrictions', 'standing_facts'), emits=('SubstitutedCall',),
        carries=('procedure_call',), facts=(CHANGED_CALL_BRANCH,))
def make_change(ctx: Ctx) -> Outcome:
    return substitute(ctx.state, _pending(ctx), keep_lho=False, branch=_branch(ctx))


@action("LHO keeps the call: it is made again after the new call",
        reads=('key_step', 'leads', 'procedure', 'procedure_call', 'procedure_place', 'procedure_undo', 'procedure_undo_auction'),
        writes=('key', 'record', 'pending', 'rulings', 'leads', 'watches', 'obligations', 'restrictions', 'standing_facts'), emits=('RestoredCall', 'SubstitutedCall'),
        carries=('procedure_call',), facts=(CHANGED_CALL_BRANCH,))
def keep(ctx: Ctx) -> Outcome:
    return substitute(ctx.state, _pending(ctx), keep_lho=True, branch=_branch(ctx))


@action("LHO's call is withdrawn too; LHO calls again",
        reads=('key_step', 'leads', 'procedure', 'procedure_call', 'procedure_place', 'procedure_undo', 'procedure_undo_auction'),
        writes=('key', 'record', 'pending', 'rulings', 'leads', 'watches', 'obligations', 'restrictions', 'standing_facts'), emits=('RestoredCall', 'SubstitutedCall'),
        carries=('procedure_call',), facts=(CHANGED_CALL_BRANCH,))
def withdraw_lho(ctx: Ctx) -> Outcome:
    return substitute(ctx.state, _pending(ctx), keep_lho=False, branch=_branch(ctx))


@action("the change is accepted: the first call is withdrawn and the new call is ruled; Law 26 may "
        "apply (25B1)",
        reads=('key_step', 'obligations', 'watches', 'restrictions', 'leads', 'procedure', 'procedure_call', 'procedure_place', 'procedure_undo', 'procedure_undo_auction'),
        writes=('key', 'record', 'pending', 'rulings', 'leads', 'watches', 'obligations', 'restrictions', 'standing_facts'), emits=('JudgeChange', 'RestoredCall', 'SubstitutedCall'),
        carries=('procedure_call',), facts=(CHANGED_CALL_BRANCH,))
def accept_change(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    out = substitute(ctx.state, p, keep_lho=True, law="25B1", branch=_branch(ctx))
    return Outcome(out.state, (*out.follow, JudgeChange(p.offender, p.made, -1)))


@action("LHO accepts the change by calling over it (25B1); LHO's call is then ruled",
        reads=('key_step', 'obligations', 'watches', 'restrictions', 'leads', 'procedure', 'procedure_call', 'procedure_place', 'procedure_undo', 'procedure_undo_auction'),
        writes=('key', 'record', 'pending', 'rulings', 'leads', 'watches', 'obligations', 'restrictions', 'standing_facts'), emits=('CallEvent', 'CalledOver', 'JudgeChange', 'SubstitutedCall'),
        carries=('event_call',), facts=(CHANGED_CALL_BRANCH,))
def accept_change_by_calling(ctx: Ctx) -> Outcome:
    p = _pending(ctx)
    assert isinstance(ctx.event, CallEvent)
    # once the director has judged the change a change of mind he is at the table: he rules at
    # once on the new call if it is irregular (36B, 37B, 38B-C), as after a choice (9B2)
    out = substitute(ctx.state, p, keep_lho=True, law="25B1", by_director=p.step == "awaiting_acceptance",
                     branch=_branch(ctx))
    state = out.state.rule("25B1", f"{ctx.seat.long_name} accepts the change by calling over it")
    called = CalledOver(ctx.event.seat, ctx.event.call, ctx.event.specifies)
    return Outcome(state, (*out.follow, called, JudgeChange(p.offender, p.made, -1)))


def _rebuilt(act: Action) -> Action:
    """``act`` where other calls stand after the changed call and LHO's over it (calls out of
    rotation accepted): the same, the calls the procedure keeps standing again once those two
    are withdrawn (:func:`substitute`); said apart, for the director and the diagrams."""
    return derived(act, f"{act.name}_rebuilt", f"{act.words}; the auction is rebuilt with the calls standing "
                   "after them", act.run)


make_change_rebuilt, keep_rebuilt, withdraw_lho_rebuilt, accept_change_rebuilt, accept_change_by_calling_rebuilt = (
    _rebuilt(a) for a in (make_change, keep, withdraw_lho, accept_change, accept_change_by_calling))


@action("not accepted: the change is cancelled and the original call stands (25B2)",
        reads=('procedure', 'procedure_call'),
        writes=('record', 'pending', 'rulings'), emits=(),
        carries=('procedure_call',))
def refuse_change(ctx: Ctx) -> Outcome:
    return Outcome(_refused(ctx))


@action("not accepted: the change is cancelled and the original call stands (25B2); declarer's choice before the "
        "opening lead, if one is due, is asked again (25A5)",
        reads=('key', 'restrictions', 'exposed', 'leads', 'lead_rules', 'refused_leads', 'picked_up', 'lead_choices', 'suits_specified', 'contract', 'procedure', 'procedure_call'),
        writes=('record', 'pending', 'rulings'), emits=('DeclarerOptions',))
def refuse_change_choice_again(ctx: Ctx) -> Outcome:
    return _choices_again(_refused(ctx))


def _refused(ctx: Ctx) -> AuctionState:
    p = _pending(ctx)
    o, new = p.offender, parse_call(p.get("new"))
    state = evolve(ctx.state, pending=None)
    # the attempted call stays in the record, cancelled: 16C applies to it (25B3); one made as a
    # call at LHO's turn (30B2, 31C, 32C) is recorded at that turn
    turn = Seat[p.get("made_at")] if p.get("made_at") else p.in_turn_of
    state = state.add_call(CallRecord(o, new, turn, "cancelled", "change_of_call", "25B2"))
    return state.rule(
        "25B2", f"{o.lho.long_name} does not accept the change: {o.long_name}'s {new} is cancelled and "
        f"{p.made} stands; the cancelled {new} stays in the record, as what it tells "
        "partner is unauthorised information (25B3, 16C)")


@reads("actor_from_offender", "change_lho_called_over",
       words="LHO, who had not called over the changed call, calls now", ask="Does LHO call over the change?")
def lho_calls_over_change(f: FactView) -> bool:
    return bool(f.actor_from_offender == 1 and not f.change_lho_called_over)


@action("LHO's call made over a new call the director then cancelled cannot stand: it is cancelled and "
        "stays in the record; LHO calls at his turn (25B1, 36B)",
        reads=(),
        writes=('record', 'rulings'), emits=())
def called_over_lapses(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, CalledOver)
    state = ctx.state.add_call(CallRecord(event.seat, event.call, event.seat, "cancelled", "called_over_inadmissible",
                                          "25B1, 36B"))
    return Outcome(state.rule("25B1, 36B", f"{event.seat.long_name}'s {event.call}, made over the new call the "
                              f"director has since cancelled, cannot stand: it is cancelled, and "
                              f"{event.seat.long_name} calls at his turn"))


@action("LHO's kept call is made again",
        reads=(),
        writes=('rulings',), emits=('CallEvent',))
def restore(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, RestoredCall)
    return Outcome(ctx.state.rule(event.law, f"{event.seat.long_name} keeps {event.call}"),
                   (CallEvent(event.seat, event.call),))


@action("LHO's call over the changed call is withdrawn; LHO calls again",
        reads=(),
        writes=('rulings',), emits=())
def restore_lapses(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, RestoredCall)
    law = event.law
    return Outcome(ctx.state.rule(law, f"{event.seat.long_name}'s call over the changed call is "
                                  f"withdrawn; {event.seat.long_name} calls again"))


def _new_call(ctx: Ctx) -> LastCall | None:
    """The accepted new call, if it still stands: the offender's last standing call, found at the
    place the follow-up holds (the new call was the first entry made after the change, and the
    offender makes none after it before this judgement); ``None`` if his last standing call is
    another, an earlier one (17D3 cancelled the new call)."""
    event = ctx.event
    assert isinstance(event, JudgeChange)
    last = ctx.state.last_call_of(event.seat)
    return last if last is not None and last.back == event.back else None


@computes("accepted_change_stands")
def _accepted_change_stands(ctx: Ctx) -> Hashable:
    return isinstance(ctx.event, JudgeChange) and _new_call(ctx) is not None


@reads("accepted_change_stands", words="the accepted new call stands",
       ask="Does the accepted new call still stand?")
def change_stands(f: FactView) -> bool:
    return bool(f.accepted_change_stands)


@reads("accepted_change_stands",
       words="the accepted new call no longer stands (17D3 cancelled it): nothing is left to compare",
       ask="Was the new call cancelled under 17D3?")
def change_cancelled(f: FactView) -> bool:
    return not f.accepted_change_stands


@action("the accepted change is judged for comparability (25B1, Law 26)",
        reads=('actor_last_call',),
        writes=('pending',), emits=(),
        carries=('event_call',))
def judge_change(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, JudgeChange)
    new = _new_call(ctx)
    assert new is not None
    made = CallRecord(event.seat, new.call, new.in_turn_of, specifies=new.specifies)
    return Outcome(open_comparable(ctx.state, event.seat, new.back, event.withdrawn, "25B1", "none", made=made))


def _goes_back_or_rebuilt(row: Row, rebuilt: Action) -> list[Row]:
    """Two rows for ``row``, whose action withdraws the changed call (and LHO's over it): where no
    other call stands after them, its action, the auction going back to where it stood before the
    changed call (the procedure keeps it); where others do, ``rebuilt``, the auction rebuilt from
    the record."""
    g = row.guard
    return [replace(row, guard=auction_goes_back if g is None else both(g, auction_goes_back, ask=g.question)),
            replace(row, guard=auction_rebuilt if g is None else both(g, auction_rebuilt), action=rebuilt)]


def _rows() -> list[Row]:
    rows: list[Row] = []
    for source in ("awaiting_first_call", "auction", "clarification", "opening_lead", "passed_out",
                   *(f"{DLO}.{step.name}" for step in PROCEDURES[DLO][1])):
        law = {"opening_lead": "25A5", "passed_out": "22B, 25A5"}.get(source, "25A5" if DLO in source else "25")
        rows += [
            Row("phase", source, "attempt_change", f"{CH}.awaiting_judgement", law, FAMILY,
                "a player tries to replace a call made by a slip", both(ground_is_slip, can_change, ask="Does the player claim a slip, before "
                                     "partner has called?"),
                ask_about_change),
            Row("phase", source, "attempt_change", f"{MI}.awaiting_judgement", "21B1", FAMILY,
                "a player wants to change a call after misinformation",
                both(ground_is_misinformation, can_change,
                     ask="Does the player cite misinformation, before partner has "
                         "called?"), ask_about_change),
            Row("phase", source, "attempt_change", SAME, "25A4, 21B1a; 16C", FAMILY,
                "partner has called since: too late; the attempted call is cancelled and stays in the record",
                partner_called_since, cancel_too_late_change, auction_unchanged=True),
            Row("phase", source, "attempt_change", SAME, "25A, 21B1", FAMILY,
                "no call to change, or the call named is the call made: the change is refused", cannot_change,
                too_late_to_change, refusal=True),
        ]
    for dest in ("auction", "clarification", "opening_lead", "passed_out"):
        rows.append(Row("phase", f"{MI}.awaiting_judgement", "judge_no_misinformation", dest, "21B1", FAMILY,
                        "no misinformation: the call stands", _back(dest),
                        no_misinformation_choice_again if dest == "clarification" else no_misinformation))
    for proc, yes, law_yes, law_lho in ((CH, "judge_unintended", "25A1", "25A6"),
                                        (MI, "judge_misinformation", "21B1", "21B2")):
        rows += [
            *_goes_back_or_rebuilt(Row(
                "phase", f"{proc}.awaiting_judgement", yes, "auction", law_yes, FAMILY,
                "the call is replaced by the new one, ruled as made in turn", lho_not_called_over,
                make_change), make_change_rebuilt),
            Row("phase", f"{proc}.awaiting_judgement", yes, f"{proc}.awaiting_lho_choice", law_lho, FAMILY,
                "LHO may withdraw or change the call made over it", lho_called_over, ask_lho),
            *_goes_back_or_rebuilt(Row(
                "phase", f"{proc}.awaiting_lho_choice", "choose_keep", "auction", law_lho, FAMILY,
                "LHO keeps the call; it is made again after the new call", None, keep), keep_rebuilt),
            *_goes_back_or_rebuilt(Row(
                "phase", f"{proc}.awaiting_lho_choice", "choose_withdraw" if proc == CH else "choose_change",
                "auction", law_lho, FAMILY, "LHO's call is withdrawn; LHO calls again", None, withdraw_lho),
                withdraw_lho_rebuilt),
        ]
    rows += [
        Row("phase", f"{CH}.awaiting_judgement", "judge_intended", f"{CH}.awaiting_acceptance", "25B", FAMILY,
            "a change of mind: LHO may accept it", None, intended_change),
        *_goes_back_or_rebuilt(Row(
            "phase", f"{CH}.awaiting_acceptance", "choose_accept", "auction", "25B1", FAMILY,
            "accepted: the first call is withdrawn, the second stands", None, accept_change),
            accept_change_rebuilt),
        *_goes_back_or_rebuilt(Row(
            "phase", f"{CH}.awaiting_acceptance", "call_while_pending", "auction", "25B1", FAMILY,
            "LHO calls over the change, accepting it", lho_calls_over_change, accept_change_by_calling),
            accept_change_by_calling_rebuilt),
        *_goes_back_or_rebuilt(Row(
            "phase", f"{CH}.awaiting_judgement", "call_while_pending", "auction", "25B1", FAMILY,
            "LHO calls over the substituted call before the 25A judgement: it is accepted whatever the "
            "judgement", lho_calls_over_change, accept_change_by_calling), accept_change_by_calling_rebuilt),
    ]
    for dest in ("auction", "clarification", "opening_lead", "passed_out"):
        rows.append(Row("phase", f"{CH}.awaiting_acceptance", "choose_refuse", dest, "25B2", FAMILY,
                        "the original call stands", _back(dest),
                        refuse_change_choice_again if dest == "clarification" else refuse_change))
    rows.append(Row("phase", "auction", "restore_call", "auction", "25A6, 21B2", FAMILY,
                    "LHO's kept call is made again", None, restore))
    rows += [Row("phase", source, "called_over_lapses", SAME, "25B1, 36B", FAMILY,
                 "LHO's call over a new call the director cancelled cannot stand", None, called_over_lapses)
             for source in OPEN]
    for s in STATES:
        if s.machine != "phase" or s.kind in ("irregularity", "terminal"):
            continue  # at a terminal state the engine drops what is left to rule
        rows.append(Row("phase", s.name, "restore_lapses", SAME, "25A6, 21B2", FAMILY,
                        "LHO's kept call cannot be made now: LHO calls again", None, restore_lapses))
        if "." in s.name:
            rows.append(Row("phase", s.name, "judge_change", SAME, "25B1, 26", FAMILY,
                            "another procedure is pending: the comparability question lapses"))
        else:
            rows += [
                Row("phase", s.name, "judge_change", "comparable_call.awaiting_judgement", "25B1, 26",
                    FAMILY, "the accepted change is judged for comparability", change_stands, judge_change),
                Row("phase", s.name, "judge_change", SAME, "25B1, 17D3", FAMILY,
                    "the new call was cancelled under 17D3: nothing to judge", change_cancelled),
            ]
    rows += _same_call_rows()
    return rows


#: Where a call (by the trigger the classifier gives it there) or a change of call may name
#: again the call just made: the open phases with a call on the table, and every decision step.
_CALL_TRIGGER_AT = {"auction": "call_out_of_rotation", "clarification": "call_after_final_pass",
                    "opening_lead": "call_after_final_pass"}


def _same_call_rows() -> list[Row]:
    """The refusal of the same call named again (25), from every phase the classifier hands such
    an event on to the rows: a call at LHO's turn (30B2, 31C, 32C would make it a change of
    call), after the final pass (39), while a procedure waits, and a change of call.  Before the
    first call there is no call to name again; once the auction period is over (17D1, 17D2) or a
    board is passed out, the classifier refuses any call first."""
    rows: list[Row] = []
    for s in STATES:
        if s.machine != "phase":
            continue
        if s.kind == "decision":
            triggers: tuple[str, ...] = ("call_while_pending", "attempt_change")
        elif s.name in _CALL_TRIGGER_AT:
            triggers = (_CALL_TRIGGER_AT[s.name], "attempt_change")
        elif s.name == "passed_out":
            triggers = ("attempt_change",)
        else:
            continue
        rows += [Row("phase", s.name, trigger, SAME, "25", FAMILY,
                     "the player names again the call just made: nothing happens, nothing is recorded",
                     names_same_call_again, nothing_happens, refusal=True) for trigger in triggers]
    return rows


ROWS: list[Row] = _rows()
