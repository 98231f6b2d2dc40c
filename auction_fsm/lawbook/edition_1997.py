"""The law book ``1997``: the 1997 text of Laws 30-33 (calls out of rotation), the 2017 book
for everything else.

Each row of the 2017 book that answers a question within Laws 30-33 is replaced here by a row
of the 1997 text; its law cites the paragraph with ``(1997)``, after a semicolon when the row
also cites a 2017 law (``"29B; 32A (1997)"``).  In our own words, the 1997 text says
(the source is ``../shared/seeds/002_f22a09d158ff18b2.txt``):

* 30A: a pass out of rotation before anyone has bid, at any turn: the offender passes at the
  next turn.
* 30B1: after a bid, a pass at RHO's turn: the same, one turn.
* 30B2: after a bid, a pass at partner's turn: (a) the offender passes at every turn to the end;
  (b) partner may bid or pass at that turn, but neither double nor redouble.
* 30B3: after a bid, a pass at LHO's turn: a change of call (Law 25).
* 30C: a conventional pass is ruled by Law 31 instead.
* 31A: a bid (or a conventional pass) at RHO's turn: (1) if RHO passes, the offender repeats it,
  with no penalty when that is legal; (2) if RHO bids, doubles or redoubles, the offender calls
  freely, and partner passes (a) at the next turn if the offender's call repeats the
  denomination, (b) at every turn, with lead penalties, if it does not.  No director's
  judgement of comparability: whether the denomination is repeated is a fact.
* 31B: a bid at partner's turn, or at LHO's turn before the offender has called: partner passes
  at every turn, with lead penalties.  Later bids at LHO's turn are changes of call.
* 32: a double or redouble out of rotation, not accepted, is cancelled: (A) at partner's turn,
  partner passes at every turn, with lead penalties; (B) at RHO's turn, (1) if RHO passes the
  offender repeats it, no penalty; (2) if RHO bids, the offender calls freely, partner passes at
  every turn, with lead penalties.
* 33: a call made at the same moment as the call of the player whose turn it was comes after it
  (as in 2017: the model takes the events in the order given, so no row says it).

What the 1997 text leaves open, and how we read it, is in docs/modelling-decisions.md ("The
1997 book").  The book is built from the 2017 one with the same machinery (``LawBook.build``),
its own states (the 1997 words of the out-of-rotation steps, and a seat state for 30B2b's one
turn without doubles) and its own triggers (the seat machine's ``impose_no_double_next_turn``).
Its guards, like the 2017 book's, declare the facts they read (:mod:`.facts`): the slots of the
2017 family of Laws 28-34, and four more the 1997 text needs, declared below.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from dataclasses import replace
from typing import Final

from .. import rules
from ..auction import AuctionState
from ..calls import Call, Strain
from ..events import ChangeCall, Judgement
from ..records import Obligation, Pending, Watch
from ..seats import Seat
from ..values import evolve
from . import (
    changes,
    later_call_at_lho,
    position_facts,  # noqa: F401  (declares the common facts the guards below read)
    rotation,
)
from .book import LawBook
from .common import (
    branch_taken,
    ended,
    met_watch,
    put_in_place_by_director,
    silence_partner,
    specified_of,
)
from .edition_2017 import LAWS_2017
from .facts import FactView, computes, slot
from .families import FAMILIES, Family
from .procedure import choice, director_option, judgement_options
from .rows import OTHERWISE, SAME, Action, Ctx, Guard, Outcome, Row, WatchedCall, action, both, derived, reads
from .states import StateSpec
from .triggers import TRIGGERS, Trigger

__all__ = ["LAWS_1997", "NAME", "ALIASES", "cites_laws_30_to_33", "cites_only_1997_within_30_to_33"]

NAME: Final = "1997"
#: Former names of this book, still accepted (``--law-book 1997-30-31``).
ALIASES: Final = {"1997-30-31": NAME}
FAMILY = "28-34"
_OOR = "out_of_rotation"
_AJ, _AD, _AC = f"{_OOR}.awaiting_artificial_judgement", f"{_OOR}.awaiting_decision", f"{_OOR}.awaiting_choice"
_NO_DOUBLE = "must_not_double_next_turn"


# --- citations ----------------------------------------------------------------------------------
_LAW_30_33 = re.compile(r"(?<![\d-])3[0-3](?![\d])")


def cites_laws_30_to_33(law: str) -> bool:
    """True when the citation ``law`` names a paragraph of Laws 30-33 (``30B1b``, ``28-32``)."""
    return bool(_LAW_30_33.search(law)) or _span_hits(law)


def _span_hits(law: str) -> bool:
    for lo, hi in re.findall(r"\b(\d\d)-(\d\d)\b", law):
        if int(lo) <= 33 and int(hi) >= 30:
            return True
    return False


def cites_only_1997_within_30_to_33(law: str) -> bool:
    """True when every part of ``law`` (parts are separated by ``;``) that names Laws 30-33 is
    marked as the 1997 text, and a part marked 1997 names nothing else."""
    for part in (p.strip() for p in law.split(";")):
        marked = part.endswith("(1997)")
        bare = part.removesuffix("(1997)")
        if cites_laws_30_to_33(bare) and not marked:
            return False
        if marked and not all(cites_laws_30_to_33(p) for p in re.split(r",\s*", bare.strip()) if p):
            return False
    return True


# --- small helpers ------------------------------------------------------------------------------
def _bid_made(state: AuctionState) -> bool:
    """Someone has bid in the legal auction (30A against 30B): the key holds its last bid."""
    return rules.unpack(state.key)[1] != rules.NO_BID


def _watch(ctx: Ctx) -> Watch | None:
    """The waiting rectification (31A, 32B (1997)) the watched call of the event meets, if any."""
    event = ctx.event
    return met_watch(ctx.state, event.made) if isinstance(event, WatchedCall) else None


# --- the facts the 1997 guards read (:mod:`.facts`) ----------------------------------------------
# The 2017 family's slots answer most questions: whose turn it was, counted from the offender
# (turn_from_offender), the held call's kind (held_call_kind), the rectification a watched call
# meets (met_watch_kind, watched_call_is_pass).  What the 1997 text asks besides is below; the
# slots belong to the family of Laws 28-34 and are declared here, where the only rows reading
# them are.

slot("auction_has_bid", FAMILY, bool,
     "someone has made a bid that stands in the auction: a pass out of rotation before any bid is ruled "
     "by 30A (1997), after one by 30B (1997)",
     parts=('key',))
slot("met_watch_after_double", FAMILY, bool,
     "the waiting rectification the watched call meets is about a cancelled double or redouble out of "
     "rotation (32B (1997)), not a cancelled bid or conventional pass (31A (1997)); false if it meets none",
     parts=('watches',))
slot("watched_call_repeats_denomination", FAMILY, bool,
     "the watched call is the offender's bid after a cancelled call out of rotation, in a denomination "
     "that call showed: its own, or those it was explained or judged to show (29C; 31A2 (1997)); false "
     "if it meets no rectification judging the offender's next call",
     parts=('watches',))
slot("double_barred_this_turn", FAMILY, bool,
     "the acting seat may not double or redouble at this turn: its partner's pass out of rotation at its "
     "turn barred it (30B2b (1997)); false if the event names no seat",
     parts=('obligations',))


@computes("auction_has_bid")
def _auction_has_bid(ctx: Ctx) -> Hashable:
    return _bid_made(ctx.state)


@computes("met_watch_after_double")
def _met_watch_after_double(ctx: Ctx) -> Hashable:
    w = _watch(ctx)
    return w is not None and (w.call.is_double or w.call.is_redouble)


@computes("watched_call_repeats_denomination")
def _watched_call_repeats_denomination(ctx: Ctx) -> Hashable:
    w = _watch(ctx)
    if w is None or w.kind != "judge_replacement":
        return False
    call = ctx.event.made.call  # type: ignore[union-attr]
    return call.is_bid and call.strain in denominations_of(w)


@computes("double_barred_this_turn")
def _double_barred_this_turn(ctx: Ctx) -> Hashable:
    seat = getattr(ctx.event, "seat", None)
    return isinstance(seat, Seat) and any(o.kind == "no_double_next_turn" for o in ctx.state.obligations[seat])


#: What the 2017 actions that open a step of Laws 30-32 say, told with the 1997 laws.
_WORDS = {
    "hold_out_of_rotation": "the call is held while LHO may accept it, the right player may call, or the "
                            "director rules (28, 29; 30-32 (1997))",
    "ask_artificial": "the director asks whether the pass or bid out of rotation was artificial, for a pass "
                      "whether it was conventional (29C; 30C (1997))",
    "ask_artificial_explained": "the call is cancelled; the explanation given at the table settles whether it "
                                "was artificial (29C), and Laws 30-32 (1997) apply",
    "judged_after_decline": "the director's judgement tells LHO did not accept: the director asks whether "
                            "the call was artificial and rules (29B, 29C; 30-32 (1997))",
}


def _relabelled(act: Action, laws: dict[str, str], name: str) -> Action:
    """``act`` with the law of the pending decision it opens (and of the call it holds) read
    through ``laws``: the 2017 action opens the same step; only its citation of Laws 30-33
    differs."""
    def run(ctx: Ctx) -> Outcome:
        out = act(ctx)
        state, p = out.state, out.state.pending
        if p is not None and p.law in laws:
            state = evolve(state, pending=evolve(p, law=laws[p.law]))
        state = state.cite_again(ctx.state, laws)  # the words of the calls it added
        return Outcome(state, out.follow) if state is not out.state else out
    # the record is rewritten only where ``act`` added a call to it, so only where ``act`` declares
    # writing it: its declaration brings that write, and an action that adds no call writes none
    return derived(act, name, _WORDS[name], run, reads=("pending",), writes=("pending",))


_PENDING_LAWS = {"29C, 30C": "29C; 30C (1997)", "32, 36B4": "32 (1997); 36B4", "28-32": "28, 29; 30-32 (1997)"}


# --- 28/29: the call is held; the change at LHO's turn (30B3, 31B) ------------------------------
def _pass_before_any_bid(f: FactView) -> bool:
    """The event's call is a pass and nobody has bid yet (30A (1997) rules it, not 30B3)."""
    return bool(f.call_is_pass) and not f.auction_has_bid


# out_of_rotation_kind is the 2017 family's: 'change' for the player who has just called calling
# again at LHO's turn (rotation.calls_again_at_lhos_turn), 'plain' for any other call out of
# rotation that Laws 28-32 rule (rotation.plain_out_of_rotation).
# The same call named again by the player who has just made it is no call (25): the book's
# refusal changes.names_same_call_again takes it, so neither guard below does.
@reads("out_of_rotation_kind", "call_is_pass", "auction_has_bid", "names_call_just_made",
       words="the player who has just called calls again at LHO's turn, naming another call, and it is not a "
       "pass made before anyone has bid (30B3, 31B (1997))",
       ask="Is it the player who has just called, calling again at LHO's turn (a pass only once someone has bid)?",
       rare=True)
def calls_again_at_lhos_turn(f: FactView) -> bool:
    return f.out_of_rotation_kind == "change" and not _pass_before_any_bid(f) and not f.names_call_just_made


@reads("out_of_rotation_kind", "call_is_pass", "auction_has_bid", "names_call_just_made",
       words="any other call out of rotation, including a second pass at LHO's turn before anyone has bid "
       "(30A (1997)), unless it is the pass just made named again", ask=OTHERWISE)
def plain_out_of_rotation(f: FactView) -> bool:
    kind = f.out_of_rotation_kind
    return kind == "plain" or (kind == "change" and _pass_before_any_bid(f) and not f.names_call_just_made)



@action("the call is taken as an attempt to change the call just made (Law 25; 30B3, 31B (1997))",
        reads=('turn', 'procedure', 'last_call', 'auction_before_call'),
        writes=('pending', 'rulings'), emits=())
def change_at_lhos_turn_as_1997(ctx: Ctx) -> Outcome:
    call: Call = ctx.event.call  # type: ignore[union-attr]
    law = "30B3 (1997)" if call.is_pass else ("31B (1997)" if call.is_bid else "25")
    state = changes.attempt(ctx.state, ChangeCall(ctx.seat, call, "slip"), via=law)
    p = state.pending
    if p is not None and law != "25":  # the director judges by Law 25 (2017) what 1997 sends there
        state = evolve(state, pending=evolve(p, law=f"25A; {law}"))
    return Outcome(state)


def _via_1997(call: Call) -> str:
    """The 1997 paragraph that makes a later call at LHO's turn a change of call (none for a
    double or redouble: Law 25 alone)."""
    return "30B3 (1997)" if call.is_pass else ("31B (1997)" if call.is_bid else "")


# As later_call_at_lho.offender_calls_again_while_held: the call is still held, the offender (0)
# calls, and it was made at his LHO's (1) turn.
@reads("out_of_rotation_held", "actor_from_offender", "turn_from_offender", "call_is_pass", "auction_has_bid",
       "names_call_just_made",
       words="the offender calls again at LHO's turn while his call out of rotation is still held, naming another "
       "call, and it is not a pass made before anyone has bid (30B3, 31B (1997))",
       ask="Is it the offender calling again, at his LHO's turn, before his call out of rotation is ruled on (a "
       "pass only once someone has bid)?", rare=True)
def offender_calls_again_while_held(f: FactView) -> bool:
    return (bool(f.out_of_rotation_held) and f.actor_from_offender == 0 and f.turn_from_offender == 1
            and not _pass_before_any_bid(f) and not f.names_call_just_made)


ask_about_later_call_1997 = Action(
    "ask_about_later_call", "the later call is taken as an attempt to change the held call out of rotation; "
    "the director judges first whether that call was a slip (Law 25; 30B3, 31B (1997))",
    later_call_at_lho.asker(_via_1997), frozenset({"pending"}), frozenset({"pending", "rulings"}),
    frozenset())


# --- the director's ruling on a natural or conventional pass or bid -----------------------------
# Whose turn it was, counted from the offender (turn_from_offender): 3 the offender's RHO, 2
# partner, 1 LHO (never 0: a call at one's own turn is in rotation).  The held call's kind
# (held_call_kind) is a pass or a bid at this step: doubles and redoubles never come here.
@reads("held_call_kind", "auction_has_bid",
       words="a natural pass made before anyone has bid, at any turn (30A (1997))",
       ask="Natural: was it a pass made before anyone had bid?")
def pass_before_any_bid(f: FactView) -> bool:
    return f.held_call_kind == "pass" and not f.auction_has_bid


@reads("held_call_kind", "auction_has_bid", "turn_from_offender",
       words="a natural pass at the offender's RHO's turn after a bid (30B1 (1997))",
       ask="Natural: was it a pass at the offender's RHO's turn, after someone had bid?")
def pass_at_rhos_turn(f: FactView) -> bool:
    return f.held_call_kind == "pass" and bool(f.auction_has_bid) and f.turn_from_offender == 3


@reads("held_call_kind", "auction_has_bid", "turn_from_offender",
       words="a natural pass at the offender's partner's turn after a bid (30B2 (1997))",
       ask="Natural: was it a pass at the offender's partner's turn, after someone had bid?")
def pass_at_partners_turn(f: FactView) -> bool:
    return f.held_call_kind == "pass" and bool(f.auction_has_bid) and f.turn_from_offender == 2


@reads("held_call_kind", "turn_from_offender", words="a natural bid at the offender's RHO's turn (31A (1997))",
       ask="Natural: was it a bid at the offender's RHO's turn?")
def bid_at_rhos_turn(f: FactView) -> bool:
    return bool(f.held_call_kind == "bid" and f.turn_from_offender == 3)


@reads("held_call_kind", "turn_from_offender",
       words="a natural bid at partner's turn, or at LHO's turn before the offender had called (31B (1997))",
       ask="Natural: was it a bid at partner's turn, or at LHO's turn before the offender had called?")
def bid_at_other_turn(f: FactView) -> bool:
    return f.held_call_kind == "bid" and f.turn_from_offender in (1, 2)


@reads("turn_from_offender",
       words="a conventional pass or an artificial bid at the offender's RHO's turn (30C, 31A (1997))",
       ask="Artificial: was it made at the offender's RHO's turn?")
def at_rhos_turn(f: FactView) -> bool:
    return bool(f.turn_from_offender == 3)


@reads("turn_from_offender",
       words="a conventional pass or an artificial bid at partner's or LHO's turn (30C, 31B (1997))",
       ask="Artificial: was it made at partner's or LHO's turn?")
def at_other_turn(f: FactView) -> bool:
    return f.turn_from_offender in (1, 2)



@action("the pass is cancelled; the offender must pass at the next turn (30A (1997))",
        reads=('obligations', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'obligations', 'pending', 'rulings'), emits=())
def pass_next_turn_30a(ctx: Ctx) -> Outcome:
    p, _, st = rotation.cancelled_call(ctx)
    o = p.offender
    return Outcome(st.impose(o, Obligation("pass_next_turn", "30A (1997)")).rule(
        "30A (1997)", f"{o.long_name}'s pass out of rotation, made before anyone had bid, is cancelled; "
        f"{o.long_name} must pass at the next turn (the director may adjust the score if the other "
        "side is damaged)"))


@action("the pass is cancelled; the offender must pass at the next turn (30B1 (1997))",
        reads=('obligations', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'obligations', 'pending', 'rulings'), emits=())
def pass_next_turn_30b1(ctx: Ctx) -> Outcome:
    p, _, st = rotation.cancelled_call(ctx)
    o = p.offender
    return Outcome(st.impose(o, Obligation("pass_next_turn", "30B1 (1997)")).rule(
        "30B1 (1997)", f"{o.long_name}'s pass out of rotation at {p.in_turn_of.long_name}'s turn is "
        f"cancelled; {o.long_name} must pass at the next turn"))


@action("the pass is cancelled; the offender must pass at every turn, and partner may bid or pass "
        "but neither double nor redouble at this turn (30B2 (1997))",
        reads=('obligations', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'obligations', 'pending', 'rulings'), emits=())
def silence_offender_30b2(ctx: Ctx) -> Outcome:
    p, _, st = rotation.cancelled_call(ctx)
    o = p.offender
    st = st.impose(o, Obligation("pass_rest_of_auction", "30B2a (1997)"))
    st = st.impose(o.partner, Obligation("no_double_next_turn", "30B2b (1997)"))
    return Outcome(st.rule(
        "30B2 (1997)", f"{o.long_name}'s pass out of rotation at partner's turn is cancelled; "
        f"{o.long_name} must pass for the rest of the auction (30B2a), and {o.partner.long_name} may "
        "make any sufficient bid or pass, but not double or redouble, at this turn (30B2b)"))


def _shown(p: Pending, event: object) -> tuple[Strain, ...]:
    """The denominations the cancelled call specified (29C): those it was judged to show when
    artificial, else those it was explained at the table to show, else its own strain when a bid:
    31A2 (1997) asks whether the offender's later call repeats them."""
    judged = event.denominations if isinstance(event, Judgement) and event.value and event.denominations else None
    return specified_of(p.made, judged if judged is not None else p.specifies)


@action("the call is cancelled; if RHO passes the offender must repeat it, otherwise the offender "
        "calls freely and partner is silenced by whether the denomination is repeated (31A (1997))",
        reads=('watches', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'watches', 'rulings'), emits=())
def watch_rho_31a(ctx: Ctx) -> Outcome:
    p, call, st = rotation.cancelled_call(ctx)
    event = ctx.event
    if isinstance(event, Judgement) and event.value and event.denominations:
        st = st.explain_back(p.back, event.denominations)  # the record tells what it was judged to show
    o = p.offender
    law = "30C, 31A (1997)" if call.is_pass else "31A (1997)"
    w = Watch("after_rho_call", o, call, "31A (1997)", shows=_shown(p, event))
    return Outcome(evolve(st, watches=(*st.watches, w)).rule(
        law, f"{o.long_name}'s {'pass' if call.is_pass else call} out of rotation is cancelled; if "
        f"{p.in_turn_of.long_name} passes, "
        f"{o.long_name} must repeat {call}; otherwise {o.long_name} may make any legal call, and "
        f"{o.partner.long_name} must then pass once if it repeats the denomination, to the end if not"))


@action("the call is cancelled; partner must pass for the rest of the auction, with lead "
        "penalties (31B (1997))",
        reads=('obligations', 'restrictions', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'obligations', 'pending', 'restrictions', 'rulings'), emits=())
def silence_partner_31b(ctx: Ctx) -> Outcome:
    p, call, st = rotation.cancelled_call(ctx)
    o = p.offender
    law = "30C, 31B (1997)" if call.is_pass else "31B (1997)"
    st = silence_partner(st, o, call, law, f"{law}; 26")
    what = "pass" if call.is_pass else str(call)
    return Outcome(st.rule(law, f"{o.long_name}'s {what} out of rotation is cancelled; "
                           f"{o.partner.long_name} must pass for the rest of the auction, and lead "
                           "penalties (26) may apply"))


# --- 32 (1997): doubles and redoubles -----------------------------------------------------------
@action("the double or redouble is cancelled; partner must pass for the rest of the auction, with "
        "lead penalties (32A (1997))",
        reads=('obligations', 'restrictions', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'obligations', 'pending', 'restrictions', 'rulings'), emits=())
def silence_partner_32a(ctx: Ctx) -> Outcome:
    p, call, st = rotation._cancel_pending_double(ctx)  # the 2017 family's helper
    o = p.offender
    st = silence_partner(st, o, call, "32A (1997)", "32A (1997); 26B")
    return Outcome(st.rule("32A (1997)", f"{o.long_name}'s {call} out of rotation at partner's turn is "
                           f"cancelled; {o.partner.long_name} must pass for the rest of the auction, "
                           "and lead penalties (26B) may apply"))


@action("the double or redouble is cancelled; if RHO passes the offender must repeat it, if RHO bids "
        "partner must pass for the rest of the auction (32B (1997))",
        reads=('watches', 'procedure', 'procedure_call', 'procedure_place'),
        writes=('record', 'pending', 'watches', 'rulings'), emits=())
def watch_rho_32b(ctx: Ctx) -> Outcome:
    p, call, st = rotation._cancel_pending_double(ctx)  # the 2017 family's helper
    o = p.offender
    w = Watch("after_rho_call", o, call, "32B (1997)")
    return Outcome(evolve(st, watches=(*st.watches, w)).rule(
        "32B (1997)", f"{o.long_name}'s {call} out of rotation is cancelled; if "
        f"{p.in_turn_of.long_name} passes, {o.long_name} must repeat it with no penalty; if "
        f"{p.in_turn_of.long_name} bids, {o.long_name} may make any legal call and "
        f"{o.partner.long_name} must pass for the rest of the auction"))


# --- what the offender's RHO and then the offender do (31A, 32B (1997)) -------------------------
def _watched(ctx: Ctx) -> Watch:
    w = _watch(ctx)
    assert w is not None
    return w


def _without(state: AuctionState, w: Watch) -> AuctionState:
    return evolve(state, watches=tuple(x for x in state.watches if x is not w))


# The call meeting a waiting rectification (met_watch_kind, watched_call_is_pass: the 2017
# family's slots) is the offender's RHO's when the rectification is 'after_rho_call' (31A,
# 32B (1997) set it: rotation.rho_passed and rotation.rho_called ask the same), the offender's
# own when it is 'judge_replacement' (31A2 (1997) sets it: rotation.offender_called_again).
def _rho_called(f: FactView) -> bool:
    """The offender's RHO made a bid, double or redouble that a 31A or 32B (1997) rectification
    waits for."""
    return f.met_watch_kind == "after_rho_call" and not f.watched_call_is_pass


@reads("met_watch_kind", "watched_call_is_pass", "auction_over",
       words="the offender's RHO passed, and the auction goes on: the offender must repeat the cancelled call "
       "(31A1, 32B1 (1997))", ask="Did the offender's RHO pass, with the auction still open?")
def rho_passed(f: FactView) -> bool:
    return f.met_watch_kind == "after_rho_call" and bool(f.watched_call_is_pass) and not f.auction_over


@reads("met_watch_kind", "watched_call_is_pass", "met_watch_after_double",
       words="the offender's RHO bid, doubled or redoubled after a cancelled bid or conventional pass "
       "(31A2 (1997))", ask="Did the offender's RHO bid, double or redouble after the cancelled bid?")
def rho_acted_after_bid(f: FactView) -> bool:
    return _rho_called(f) and not f.met_watch_after_double


@reads("met_watch_kind", "watched_call_is_pass", "met_watch_after_double",
       words="the offender's RHO bid after a cancelled double or redouble (32B2 (1997))",
       ask="Did the offender's RHO bid after the cancelled double or redouble?")
def rho_bid_after_double(f: FactView) -> bool:
    return _rho_called(f) and bool(f.met_watch_after_double)


def denominations_of(w: Watch) -> tuple[Strain, ...]:
    """The denominations of the cancelled call ``w`` watches for, as the watch keeps them (its own
    for a natural bid; those it was explained or judged to show when artificial, 29C; none for a
    pass)."""
    return w.shows if w.shows is not None else specified_of(w.call, None)


@reads("met_watch_kind", "watched_call_repeats_denomination",
       words="the offender's call repeats the denomination of the cancelled bid (31A2a (1997))",
       ask="Does the offender's call repeat the denomination of the cancelled bid?")
def offender_repeats_denomination(f: FactView) -> bool:
    return f.met_watch_kind == "judge_replacement" and bool(f.watched_call_repeats_denomination)


@reads("met_watch_kind", "watched_call_repeats_denomination",
       words="the offender's call does not repeat the denomination of the cancelled call (31A2b (1997))",
       ask=OTHERWISE)
def offender_changes_denomination(f: FactView) -> bool:
    return f.met_watch_kind == "judge_replacement" and not f.watched_call_repeats_denomination


def _repeat_law(w: Watch) -> str:
    return "31A1 (1997)" if w.law.startswith("31") else "32B1 (1997)"


@action("the offender must repeat the cancelled call at the next turn (31A1, 32B1 (1997))",
        reads=('key', 'obligations', 'watches', 'procedure'),
        writes=('obligations', 'watches', 'rulings'), emits=())
def require_repeat_1997(ctx: Ctx) -> Outcome:
    w = _watched(ctx)
    law = _repeat_law(w)
    branch = branch_taken(ctx.state, w, ctx.event.made.call)  # type: ignore[union-attr]
    state = _without(ctx.state, w).impose(w.offender, Obligation("repeat_call", law, w.call, branch))
    return ended(state.rule(law, f"{w.offender.long_name}'s RHO passed: {w.offender.long_name} must now "
                            f"repeat {w.call}, with no penalty if it is legal"))


@action("nothing is owed: the call stays cancelled, with no penalty (31A1, 32B1 (1997); 22A)",
        reads=('key', 'watches', 'procedure', 'passes_at_end'),
        writes=('watches', 'rulings'), emits=('AuctionEnds',))
def repeat_lapsed_1997(ctx: Ctx) -> Outcome:
    w = _watched(ctx)
    return rotation.repeat_lapses(_without(ctx.state, w), w, _repeat_law(w), "with no penalty")


@action("the offender may make any legal call; whether it repeats the denomination decides "
        "partner's silence (31A2 (1997))",
        reads=('key', 'watches', 'procedure'),
        writes=('watches', 'rulings'), emits=())
def watch_offender_31a2(ctx: Ctx) -> Outcome:
    w = _watched(ctx)
    call = ctx.event.made.call  # type: ignore[union-attr]
    state = _without(ctx.state, w)
    judged = Watch("judge_replacement", w.offender, w.call, "31A2 (1997)",
                   branch_taken(ctx.state, w, call), shows=w.shows)
    state = evolve(state, watches=(*state.watches, judged))
    return ended(state.rule("31A2 (1997)", f"{w.offender.long_name}'s RHO called {call}: "
                            f"{w.offender.long_name} may make any legal call; {w.offender.partner.long_name} "
                            "must then pass once if it repeats the denomination, to the end if not"))


@action("the offender may make any legal call; partner must pass for the rest of the auction, with "
        "lead penalties (32B2 (1997))",
        reads=('dealer', 'key', 'obligations', 'procedure', 'watches', 'restrictions'),
        writes=('obligations', 'watches', 'restrictions', 'rulings'), emits=())
def silence_partner_32b2(ctx: Ctx) -> Outcome:
    w = _watched(ctx)
    o = w.offender
    call = ctx.event.made.call  # type: ignore[union-attr]
    state = silence_partner(_without(ctx.state, w), o, w.call, "32B2 (1997)", "32B2 (1997); 26B",
                            branch_taken(ctx.state, w, call))
    return ended(state.rule("32B2 (1997)", f"{o.long_name}'s RHO bid {call}: {o.long_name} may make any "
                            f"legal call; {o.partner.long_name} must pass for the rest of the auction, and "
                            "lead penalties (26B) may apply"))


@action("partner must pass at the next turn (31A2a (1997))",
        reads=('key', 'obligations', 'procedure', 'watches'),
        writes=('obligations', 'watches', 'rulings'), emits=())
def partner_passes_once_31a2a(ctx: Ctx) -> Outcome:
    w = _watched(ctx)
    o = w.offender
    call = ctx.event.made.call  # type: ignore[union-attr]
    state = _without(ctx.state, w).impose(o.partner, Obligation("pass_next_turn", "31A2a (1997)"))
    return ended(state.rule("31A2a (1997)", f"{o.long_name}'s {call} repeats the denomination of the "
                            f"cancelled {w.call}: {o.partner.long_name} must pass at the next turn"))


@action("partner must pass for the rest of the auction, with lead penalties (31A2b (1997))",
        reads=('key', 'obligations', 'watches', 'restrictions', 'procedure'),
        writes=('obligations', 'watches', 'restrictions', 'rulings'), emits=('AuctionEnds',))
def partner_passes_to_end_31a2b(ctx: Ctx) -> Outcome:
    w = _watched(ctx)
    o = w.offender
    call = ctx.event.made.call  # type: ignore[union-attr]
    state = silence_partner(_without(ctx.state, w), o, w.call, "31A2b (1997)", "31A2b (1997); 26")
    return ended(state.rule("31A2b (1997)", f"{o.long_name}'s {call} does not repeat the denomination of "
                            f"the cancelled {w.call}: {o.partner.long_name} must pass for the rest of the "
                            "auction, and lead penalties (26) may apply"))


# --- 30B2b: a double or redouble partner may not make at that turn ------------------------------
@reads("double_barred_this_turn", words="a double or redouble at the one turn 30B2b (1997) bars it",
       ask="Was doubling or redoubling barred at this turn (30B2b (1997))?")
def double_barred_this_turn(f: FactView) -> bool:
    return bool(f.double_barred_this_turn)


@reads("double_barred_this_turn", words="a double or redouble Law 19 does not permit", ask=OTHERWISE)
def double_not_permitted(f: FactView) -> bool:
    return not f.double_barred_this_turn


def _hold_barred(base: Action) -> Action:
    def run(ctx: Ctx) -> Outcome:
        out = base(ctx)
        state, p = out.state, out.state.pending
        assert p is not None
        law = "30B2b (1997); 36"
        state = state.cite_back(p.back, law)
        return Outcome(evolve(state, pending=evolve(p, law=law)), out.follow)
    return derived(base, "hold_barred_double", "the double or redouble is held while LHO may call or the "
                   "director rules: Law 36 takes it as a double the Laws do not permit (30B2b (1997))", run,
                   reads=("pending",), writes=("record", "pending"))


# --- building the book --------------------------------------------------------------------------
def _double_guard(r: Row, whose: str, law: str) -> Guard:
    """The 2017 guard of a Law 32 branch, told as 1997 has it (a double or redouble at LHO's turn
    never comes here: it is a change of call): the same test, so the same declared facts (the
    2017 guard is ``both`` of two guards that declare theirs)."""
    assert r.guard is not None and r.guard.reads is not None
    choice_words = ", with no choice for LHO" if r.source == _AD else ""
    return Guard(r.guard.name, f"a permitted double or redouble at {whose} turn{choice_words} ({law} (1997))",
                 r.guard.test, question=f"Is it a double or redouble at {whose} turn{choice_words}?",
                 reads=r.guard.reads)


def _phase_rows(r: Row) -> list[Row] | None:
    """The 1997 rows for 2017 row ``r`` (``None``: keep it as it is)."""
    g = r.guard.name if r.guard is not None else None
    if r.machine != "phase":
        return None
    if r.trigger == "call_out_of_rotation" and g == "plain_out_of_rotation":
        assert r.action is not None
        return [replace(r, guard=plain_out_of_rotation, law="28, 29; 30-32 (1997)",
                        action=_relabelled(r.action, _PENDING_LAWS, r.action.name))]
    if r.trigger == "call_out_of_rotation" and g == "calls_again_at_lhos_turn":
        return [replace(r, guard=calls_again_at_lhos_turn, action=change_at_lhos_turn_as_1997,
                        law="25; 30B3, 31B (1997)",
                        summary="a later call at LHO's turn by the player who has just called: a change of "
                                "call (25); a pass before any bid is ruled by 30A instead")]
    if r.trigger == "call_while_pending" and g == "offender_calls_again_while_held":
        return [replace(r, guard=offender_calls_again_while_held, action=ask_about_later_call_1997,
                        law="25; 30B3, 31B (1997)",
                        summary="the offender calls again at LHO's turn before his call out of rotation is "
                                "ruled on: a change of call (25); a pass before any bid is not")]
    if r.trigger == "inadmissible_double" and r.source in ("awaiting_first_call", "auction"):
        # each of the 2017 rows (a player's double, or one the director put in place) in two
        assert r.action is not None and r.guard is not None
        by_director = r.guard is put_in_place_by_director
        return [replace(r, guard=both(r.guard, double_barred_this_turn), action=_hold_barred(r.action),
                        law="30B2b (1997); 36" + (", 9B2" if by_director else ""),
                        summary="partner doubles or redoubles at the turn 30B2b (1997) bars it: Law 36 applies"
                                + (": put in place by the director, who rules on it at once" if by_director
                                   else "")),
                replace(r, guard=both(r.guard, double_not_permitted))]
    if r.source == _AJ and r.trigger == "judge_natural" and g == "pass_at_rhos_turn":
        return [replace(r, guard=pass_before_any_bid, action=pass_next_turn_30a, law="30A (1997)",
                        summary="a natural pass before anyone has bid: the offender passes at the next turn"),
                replace(r, guard=pass_at_rhos_turn, action=pass_next_turn_30b1, law="30B1 (1997)",
                        summary="a natural pass at RHO's turn after a bid: the offender passes at the next turn")]
    if r.source == _AJ and r.trigger == "judge_natural" and g == "pass_at_other_turn":
        return [replace(r, guard=pass_at_partners_turn, action=silence_offender_30b2,
                        law="30B2 (1997)",
                        summary="a natural pass at partner's turn after a bid: the offender passes to the end; "
                                "partner may not double or redouble at this turn")]
    if r.source == _AJ and r.trigger == "judge_natural" and g == "bid_at_rhos_turn":
        return [replace(r, guard=bid_at_rhos_turn, action=watch_rho_31a, law="31A (1997)",
                        summary="a bid at RHO's turn: repeat it if RHO passes; otherwise partner's silence "
                                "turns on the denomination")]
    if r.source == _AJ and r.trigger == "judge_natural" and g == "bid_at_other_turn":
        return [replace(r, guard=bid_at_other_turn, action=silence_partner_31b, law="31B (1997)",
                        summary="a bid at partner's turn, or LHO's before the offender called: partner passes "
                                "to the end")]
    if r.source == _AJ and r.trigger == "judge_artificial" and g == "at_rhos_turn":
        return [replace(r, guard=at_rhos_turn, action=watch_rho_31a, law="30C, 31A (1997)",
                        summary="a conventional pass or artificial bid at RHO's turn: Law 31A applies")]
    if r.source == _AJ and r.trigger == "judge_artificial" and g == "at_other_turn":
        return [replace(r, guard=at_other_turn, action=silence_partner_31b, law="30C, 31B (1997)",
                        summary="a conventional pass or artificial bid at partner's or LHO's turn: partner "
                                "passes to the end")]
    if r.source in (_AD, _AC) and g is not None and g.endswith("_and_double_at_rhos_turn"):
        return [replace(r, guard=_double_guard(r, "the offender's RHO's", "32B"), action=watch_rho_32b,
                        law="29B; 32B (1997)",
                        summary=("declined: " if r.source == _AC else "")
                        + "a double or redouble at RHO's turn: repeat it if RHO passes; if RHO bids, "
                        "partner passes to the end")]
    if r.source in (_AD, _AC) and g is not None and g.endswith("_and_double_at_other_turn"):
        return [replace(r, guard=_double_guard(r, "partner's", "32A"), action=silence_partner_32a,
                        law="29B; 32A (1997)",
                        summary=("declined: " if r.source == _AC else "")
                        + "a double or redouble at partner's turn: partner passes to the end")]
    if r.trigger == "watched_call" and g == "rho_passed_repeat_owed":
        # the 1997 text has no exception for an offender who must pass to the end: the repeat
        # is owed whenever the auction goes on
        return [replace(r, guard=rho_passed, action=require_repeat_1997, law="31A1, 32B1 (1997)",
                        summary="RHO passed: the offender must repeat the cancelled call")]
    if r.trigger == "watched_call" and g == "rho_passed_offender_silenced":
        return []
    if r.trigger == "watched_call" and g == "rho_pass_ended_auction":
        return [replace(r, action=repeat_lapsed_1997, law="31A1, 32B1 (1997); 22A")]
    if r.trigger == "watched_call" and g == "rho_called":
        return [replace(r, guard=rho_acted_after_bid, action=watch_offender_31a2, law="31A2 (1997)",
                        summary="RHO called over the cancelled bid: the offender calls freely; "
                                "the denomination decides"),
                replace(r, guard=rho_bid_after_double, action=silence_partner_32b2, law="32B2 (1997)",
                        summary="RHO bid over the cancelled double: partner passes to the end")]
    if r.trigger == "watched_call" and g == "offender_called_again":
        return [replace(r, dest=SAME, guard=offender_repeats_denomination, action=partner_passes_once_31a2a,
                        law="31A2a (1997)",
                        summary="the offender repeats the denomination: partner passes at the next turn"),
                replace(r, dest=SAME, guard=offender_changes_denomination, action=partner_passes_to_end_31a2b,
                        law="31A2b (1997)",
                        summary="the offender does not repeat the denomination: partner passes to the end, "
                                "lead penalties")]
    if r.action is not None and r.action.name in ("ask_artificial", "ask_artificial_explained",
                                                  "judged_after_decline", "hold_out_of_rotation"):
        return [replace(r, action=_relabelled(r.action, _PENDING_LAWS, r.action.name))]
    return None


#: The seat machine's 2017 rows whose citations of Laws 30-33 read differently in 1997.
_SEAT_LAWS = {
    "24B, 24C, 30A": "24B, 24C; 30A, 30B1 (1997)",
    "24C, 31A1": "24C; 31A1 (1997)",
    "31A1, 32A1": "31A1, 32B1 (1997)",
    "30A, 31A2b": "30A, 30B1, 31A2a (1997)",
    "31A1": "31A1 (1997)",
}


def _seat_rows(rows: Iterable[Row]) -> list[Row]:
    out = [replace(r, law=_SEAT_LAWS[r.law]) if r.law in _SEAT_LAWS else r for r in rows if r.machine == "seat"]

    def seat_row(trigger: str, source: str, dest: str, law: str, summary: str) -> Row:
        return Row("seat", source, trigger, dest, law, "seat", summary)

    out += [
        seat_row("impose_no_double_next_turn", "free", _NO_DOUBLE, "30B2b (1997)",
                 "partner of a player who passed at partner's turn may not double or redouble this turn"),
        seat_row("call_pass", _NO_DOUBLE, "free", "30B2b (1997)", "a pass at that turn; the seat is free again"),
        seat_row("call_bid", _NO_DOUBLE, "free", "30B2b (1997)", "a sufficient bid at that turn; free again"),
        seat_row("release", _NO_DOUBLE, "free", "27A1, 27B; 30B2b (1997)",
                 "the turn was used by an insufficient bid that stands (accepted, or its replacement made): "
                 "free again"),
        seat_row("impose_pass_next_turn", _NO_DOUBLE, "must_pass_next_turn", "24B, 24C; 30B2b (1997)",
                 "a later rectification silences the seat for one turn, which covers the bar"),
        seat_row("impose_pass_rest_of_auction", _NO_DOUBLE, "must_pass_rest_of_auction",
                 "27B2, 36B2, 37B2, 38C; 30B2b (1997)",
                 "a later rectification silences the seat to the end"),
        seat_row("release", "must_pass_rest_of_auction", "free", "25A1; 32B2 (1997)",
                 "RHO's bid that silenced the seat is replaced by the call he meant: the silence is taken back"),
    ]
    return out


def _states() -> list[StateSpec]:
    out: list[StateSpec] = []
    for s in LAWS_2017.states:
        if s.machine == "phase" and s.name == _AD:
            s = replace(s, options=(*s.options[:-1], director_option(
                "the director comes to the table and rules on the call out of rotation (29B; 30-32 (1997))")))
        elif s.machine == "phase" and s.name == _AC:
            s = replace(s, options=(
                choice("accept", "accepts", "accept {it}", "the call stands as if made in turn (29A)", by="lho"),
                choice("decline", "declines", "decline {it}",
                       "the call is cancelled and the director rules by 30-32 (1997) (29B)", by="lho")))
        elif s.machine == "phase" and s.name == _AJ:
            s = replace(s, summary="the director judges whether the call was artificial, for a pass "
                                   "whether it was conventional (29C, 30C of 1997)",
                        options=judgement_options(
                            "artificial", "artificial", "natural",
                            "a conventional pass or artificial bid is ruled by Law 31 (30C (1997))",
                            "a natural call is ruled as 30-32 (1997) say"))
        elif s.machine == "seat" and s.name == "must_pass_next_turn":
            s = replace(s, summary="the seat must pass at its next turn (e.g. 24B; 30A, 30B1, 31A2a (1997))")
        elif s.machine == "seat" and s.name == "must_repeat_call":
            s = replace(s, summary="the seat must repeat its cancelled call out of rotation (31A1, 32B1 (1997))")
        out.append(s)
    out.append(StateSpec("seat", _NO_DOUBLE, "obligation",
                         "the seat may bid or pass but neither double nor redouble at its next turn "
                         "(30B2b (1997))"))
    return out


def _families() -> tuple[Family, ...]:
    return tuple(replace(f, title="Call out of rotation (Laws 28-29 and 34 of 2017; 30-33 of 1997)")
                 if f.name == FAMILY else f for f in FAMILIES)


def _triggers() -> dict[str, Trigger]:
    out = dict(TRIGGERS)
    out["impose_no_double_next_turn"] = Trigger(
        "a rectification bars the seat from doubling or redoubling at its next turn (30B2b (1997))")
    return out


def _edition() -> LawBook:
    rows: list[Row] = []
    for r in LAWS_2017.rows_of("phase"):
        new = _phase_rows(r)
        rows.extend([r] if new is None else new)
    rows.extend(_seat_rows(LAWS_2017.rows))
    return LawBook.build(NAME, "Laws of Duplicate Bridge 2017, with the 1997 text of Laws 30-33",
                         _states(), rows, _families(), _triggers(), reads_judged_call=True)


LAWS_1997: Final[LawBook] = _edition()
