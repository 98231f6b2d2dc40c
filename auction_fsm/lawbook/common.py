"""Building blocks the law families share: making a call stand, asking for a comparability
judgement, the 17D3 test.  Pure functions of the state; none of them dispatches an event (a
row that needs another event ruled returns it as a follow-up).  Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .. import rules
from ..auction import AuctionState
from ..calls import Call, Strain
from ..events import CallEvent, DirectorCalled
from ..records import Branch, CallRecord, LeadRestriction, Obligation, Pending, Ruling, Watch
from ..seats import Seat
from ..values import evolve
from . import position_facts  # noqa: F401  (declares the facts the guards below read)
from .facts import SLOTS, FactView, computes, slot, view_class
from .procedure_facts import procedure_fact
from .rows import (
    OTHERWISE,
    AuctionEnds,
    Ctx,
    Guard,
    Outcome,
    Row,
    SubstitutedCall,
    WatchedCall,
    derived,
    reads,
)

__all__ = ["stand", "stand_held", "stand_placed", "after_call", "nothing_further", "open_comparable", "met_watch", "branch_taken", "reopen_watch", "pass_out_of_rotation_at_end",
           "in_turn", "calls_again", "ended",
           "by_end_of_auction", "open_choice", "silence_partner", "natural", "specified", "natural_of", "specified_of",
           "shown",
           "SILENCING_27", "silenced_by_27", "citing_silence", "put_in_place_by_director",
           "made_by_the_player", "director_present"]

# The facts waiting procedures keep (Pending.extra) that several families write, and those of the
# comparable-call judgement (23A) opened here; lawbook/procedure_facts.py says what a kind is.
procedure_fact("judgement", "shared", "word",
               "the kind of judgement the director is asked for at this step (comparable, artificial, "
               "unintended, misinformation, dummy seen ...), in the input's words")
procedure_fact("new", "shared", "call",
               "the call the offender says he meant, or that the change of call under judgement would put "
               "in place (25A, 25B, 21B1)")
procedure_fact("back_decider", "shared", "seat",
               "who was to decide at the step that a slip claim (25A) or a later call at LHO's turn (30B2, "
               "31C, 32C) interrupted: who decides again if that step resumes")
procedure_fact("back_law", "shared", "word", "the law of that interrupted step")
procedure_fact("back_options", "shared", "word", "the options of that interrupted step, joined by commas")
procedure_fact("law", "23, 26", "word",
               "the paragraph whose rectification the comparability judgement settles (27B2, 30B1b, 31A2, "
               "25B1 ...), cited by its ruling")
procedure_fact("silence", "23, 26", "word",
               "what the offender's partner must do if the call is not comparable: pass_next_turn, "
               "pass_rest_of_auction, or none")
procedure_fact("withdrawn", "23, 26", "call", "the withdrawn or cancelled call the new one is compared with (23A)")
procedure_fact("cancel_if_not", "23, 26", "word",
               "'1' when the call judged is cancelled too if it is not comparable (27B3), else empty")


def open_choice(state: AuctionState, law: str) -> AuctionState:
    """The director has come and explained the options (9B2, 10C): the pending procedure now
    waits for the offender's LHO to accept the irregularity or decline it (step
    ``awaiting_choice``), under ``law``."""
    p = state.pending
    assert p is not None
    q = evolve(p, step="awaiting_choice", law=law, decider=p.offender.lho.name, options=("accept", "decline"))
    return evolve(state, pending=q).rule(
        "9B2, 10C", f"the director is at the table and explains the options: {p.offender.lho.long_name} "
        "may accept the irregularity or decline it, and nobody acts until then")


def silence_partner(state: AuctionState, offender: Seat, withdrawn: Call, law: str,
                    rights_law: str | None = None, branch: Branch | None = None) -> AuctionState:
    """The rectification many laws share: the offender's partner must pass for the rest of the
    auction (obligation under ``law``) and declarer gets 26B rights for the withdrawn call
    (under ``rights_law``, by default ``law`` with 26B).  ``branch``: the branch of a waiting
    rectification this silence is (32B2 of 1997), kept on both."""
    state = state.impose(offender.partner, Obligation("pass_rest_of_auction", law, branch=branch))
    return state.restrict(LeadRestriction(offender, rights_law or f"{law}, 26B", withdrawn, branch))


def nothing_further(state: AuctionState, offender: Seat) -> str:
    """How to say that the offender's latest call adds no rectification without hiding what an
    earlier step of the same irregularity left standing (27B3, 27B4: partner silenced, a 26B
    right): ``"no further rectification"`` only when nothing stands, otherwise words that say
    what still binds and never that phrase (issue 17)."""
    partner = offender.partner
    still = [f"{partner.long_name} must still pass at every turn to the end of the auction (Law {o.law})"
             for o in state.obligations[partner] if o.kind == "pass_rest_of_auction"]
    if any(r.offender == offender for r in state.restrictions):
        still.append("declarer's lead restriction right (26B) stands")
    if not still:
        return "no further rectification"
    return "this call adds no rectification of its own, but " + " and ".join(still)


#: The paragraphs of Law 27 that silence the offender's partner before the final replacement is
#: ruled: an attempted double or redouble (27B3), a second insufficient bid not accepted (27B4).
SILENCING_27 = ("27B3", "27B4")


def silenced_by_27(state: AuctionState, offender: Seat) -> str:
    """The paragraph (27B3 or 27B4) under which the offender's partner already passes to the end
    of the auction, or ``""``: a later ruling on the replacement cites it, as it still decides."""
    return next((o.law for o in state.obligations[offender.partner]
                 if o.kind == "pass_rest_of_auction" and o.law in SILENCING_27), "")


def citing_silence(law: str, state: AuctionState, offender: Seat) -> str:
    """``law`` preceded by the 27B3/27B4 paragraph that still binds the offender's partner."""
    first = silenced_by_27(state, offender)
    return f"{first}, {law}" if first and first not in law else law


def specified(record: CallRecord) -> tuple[Strain, ...]:
    """The denominations a call specified: as explained at the table (``specifies``), else those
    it names when natural (a suit bid its suit, a no trump bid no trump, other calls none)."""
    return specified_of(record.call, record.specifies)


def natural(record: CallRecord) -> bool:
    """True when a call means what it names: nothing else was explained (27B1a, 29C)."""
    return natural_of(record.call, record.specifies)


def specified_of(c: Call, specifies: tuple[Strain, ...] | None) -> tuple[Strain, ...]:
    """:func:`specified` of call ``c`` explained as showing ``specifies`` (a waiting procedure
    holds its call so, :attr:`~auction_fsm.records.Pending.call`)."""
    if specifies is not None:
        return specifies
    return (c.strain,) if c.is_bid and c.strain is not None else ()


def natural_of(c: Call, specifies: tuple[Strain, ...] | None) -> bool:
    """:func:`natural` of call ``c`` explained as showing ``specifies``."""
    named = (c.strain,) if c.is_bid and c.strain is not None else ()
    return specifies is None or specifies == named


def in_turn(state: AuctionState, seat: Seat) -> AuctionState:
    """``seat`` calls at its own turn: a call it had to repeat is now made (31A1, 32A1)."""
    if any(o.kind == "repeat_call" for o in state.obligations[seat]) and not state.must_pass(seat):
        return state.discharge(seat, "repeat_call")
    return state


def stand(state: AuctionState, record: CallRecord | None = None, index: int | None = None,
          law: str | None = None) -> Outcome:
    """Make a call stand: append ``record``, or mark call ``index`` as standing under ``law``.

    The caller's one-turn obligation is discharged by a call in turn; a rectification waiting
    for this call, or the end of the auction, follows as a follow-up event.
    """
    if record is not None:
        state = state.add_call(record)
        back = 0
    else:
        assert index is not None, "stand() needs a record or an index"
        state = state.set_status(index, "stands", law)
        record = state.record[index]
        back = len(state.record) - 1 - index
    if record.in_turn_of == record.seat:
        state = state.discharge(record.seat, "pass_next_turn", "no_double_next_turn")
    return after_call(state, record, back)


def stand_held(state: AuctionState, p: Pending, law: str) -> Outcome:
    """Make the call waiting procedure ``p`` holds stand under ``law``, as :func:`stand` does:
    ``state`` has the record ``p`` waits at (no call added since, the procedure may be closed),
    so the call is found at its place counted from the end, and is known by value from the
    procedure (its seat, call, turn and what it was explained to show): nothing of the history is
    read for it (:meth:`~auction_fsm.auction.AuctionState.set_status_back`)."""
    return stand_placed(state, CallRecord(p.offender, p.made, p.in_turn_of, "stands", None, law, p.specifies),
                        p.back)


def stand_placed(state: AuctionState, record: CallRecord, back: int) -> Outcome:
    """Make the held call ``back`` places from the end of the record stand, as :func:`stand`
    does, knowing it by value: ``record`` is that call as it now stands (seat, call, turn, what
    it was explained to show, the law).  With no standing call after it, the legal auction moves
    on by it and nothing of the history is read (:meth:`~auction_fsm.auction.AuctionState.set_status_back`)."""
    state = state.set_status_back(back, "stands", record.law)
    if record.in_turn_of == record.seat:
        state = state.discharge(record.seat, "pass_next_turn", "no_double_next_turn")
    return after_call(state, record, back)


def after_call(state: AuctionState, record: CallRecord, back: int) -> Outcome:
    """What follows call ``record`` standing, ``back`` places from the end of the record: 17D3
    first if the passes ending the auction include one out of rotation (the call may be among
    those it cancels), then a rectification waiting for this call, else the end of the auction.
    The call is given by value: nothing here reads the history."""
    if state.pending is None and pass_out_of_rotation_at_end(state):
        return Outcome(revert_17d3(state))
    if state.pending is None and not state.is_passed_out and met_watch(state, record) is not None:
        return Outcome(state, (WatchedCall(record, back),))
    return ended(state)


def ended(state: AuctionState) -> Outcome:
    """``state`` once the auction may have ended: a pass out of rotation among the passes that
    ended it sends the auction back (17D3, done here so that the rows that make a call stand
    carry a 17D3 variant of their own); an auction ended with a contract has its exposed cards
    and lead rights to settle, as a follow-up."""
    if state.pending is not None or not state.is_over:
        return Outcome(state)
    if pass_out_of_rotation_at_end(state):
        return Outcome(revert_17d3(state))
    if not state.is_passed_out:
        return Outcome(state, (AuctionEnds(),))
    return Outcome(state)


def revert_17d3(state: AuctionState) -> AuctionState:
    """Cancel the first pass out of rotation among the passes that ended the auction, and every
    pass after it: the auction goes back to the player who missed a turn (17D3)."""
    passes = state.passes_at_end
    first = next(i for i, p in enumerate(passes) if p is not None)
    seat, missed = passes[first]  # type: ignore[misc]  # (first is out of rotation)
    state = state.take_back_passes(len(passes) - first, missed, "17D3")
    return state.rule("17D3", f"{seat.long_name}'s pass out of rotation cost "
                      f"{missed.long_name} a turn: the auction goes back to "
                      f"{missed.long_name} and the later passes are cancelled")


def met_watch(state: AuctionState, r: CallRecord) -> Watch | None:
    """The first waiting rectification that call ``r`` (standing, in turn) reacts to."""
    if r.in_turn_of != r.seat or not r.stands:
        return None
    for w in state.watches:
        if w.kind == "after_rho_call" and r.seat == w.offender.rho:
            return w
        if w.kind == "judge_replacement" and r.seat == w.offender:
            return w
    return None


def branch_taken(state: AuctionState, w: Watch, rho_call: Call) -> Branch:
    """The branch waiting rectification ``w`` (an ``after_rho_call`` watch) takes on its
    offender's RHO's ``rho_call``, which has just stood (the follow-up that brings it is ruled
    before any other call): kept on every fact the branch sets up, with the legal auction as the
    call left it, so that a later replacement of that call finds them (:func:`reopen_watch`)."""
    return Branch(rho_call, rules.seatless(state.key), w)


def branch_auction(state: AuctionState, rho: Seat, rho_call: Call, called_over: bool) -> int | None:
    """The legal auction (without its seats, :func:`auction_fsm.rules.seatless`) as ``rho``'s call
    ``rho_call`` left it, when a 31A/32A rectification of ``rho``'s LHO took its branch on that
    very call and nobody has called over it (what :func:`reopen_watch` takes back); ``None``
    otherwise -- the common case, in which nothing of the legal auction matters to the change."""
    if called_over:
        return None
    o, auction = rho.lho, rules.seatless(state.key)
    taken = _taken_on(rho_call, auction, o)
    carrying = (*(w.branch for w in state.watches), *(x.branch for x in state.obligations[o]),
                *(x.branch for x in state.obligations[o.partner]), *(x.branch for x in state.restrictions))
    return auction if any(taken(b) for b in carrying) else None


def _taken_on(rho_call: Call, auction: int, offender: Seat) -> Callable[[Branch | None], bool]:
    """Whether a branch is the one ``offender``'s rectification took on RHO's ``rho_call`` when
    it left the legal auction at ``auction`` (without seats)."""
    def taken(b: Branch | None) -> bool:
        return b is not None and b.rho_call == rho_call and b.auction == auction and b.offender == offender
    return taken


def reopen_watch(state: AuctionState, rho: Seat, rho_call: Call, auction: int) -> tuple[AuctionState, Ruling | None]:
    """``state`` with ``rho``'s last call, ``rho_call``, about to be withdrawn in favour of
    another, ruled as made in turn (25A1, 21B1, 25B1).  If a waiting 31A or 32A rectification
    (31A, 32B of 1997) of ``rho``'s LHO took its branch on that call, and nobody has called over
    it, what the branch set up is taken back -- every fact carrying the branch
    (:class:`~auction_fsm.records.Branch`): the offender's owed repeat (31A1, 32A1), the watch on
    his next call (31A2, 32A2), partner's silence and its 26B right (32B2 of 1997) -- and the
    rectification waits again, so that the call put in its place decides (25A1: the new call is
    subject to the law that applies), with the ruling that says so, for the caller to give once
    the call is replaced.  Otherwise ``state`` unchanged and no ruling.  A branch that left
    nothing behind (the repeat prevented or lapsed) is not found here.

    What it reads are those facts (the watches, obligations and rights), not the record nor the
    legal auction: ``auction`` is the auction as that call left it, where a branch was taken on
    it (:func:`branch_auction`, read by the caller as the fact ``changed_call_branch`` of
    :mod:`.changes`).  With nothing called over it, the branch was taken on this very call if it
    names its value and the legal auction is still as that call left it
    (:func:`auction_fsm.rules.seatless`): a later call of RHO's of the same value comes after
    other calls, which moved the auction on, and nothing is reopened (an accepted insufficient
    bid could move it back to the same point; no walk of the fuzzer has met that with a branch
    waiting)."""
    o = rho.lho
    taken = _taken_on(rho_call, auction, o)
    watches = tuple(w for w in state.watches if taken(w.branch))
    own = tuple(x for x in state.obligations[o] if taken(x.branch))
    partner = tuple(x for x in state.obligations[o.partner] if taken(x.branch))
    rights = tuple(x for x in state.restrictions if taken(x.branch))
    found = [w.branch for w in watches] + [x.branch for x in (*own, *partner)] + [x.branch for x in rights]
    if not found or found[0] is None:
        return state, None
    waiting = found[0].waiting
    undone = {o: own, o.partner: partner}
    obligations = tuple(tuple(x for x in obs if x not in undone.get(Seat(s), ()))
                        for s, obs in enumerate(state.obligations))
    state = evolve(state, watches=(*(w for w in state.watches if w not in watches), waiting), obligations=obligations,
                   restrictions=tuple(x for x in state.restrictions if x not in rights))
    return state, Ruling(waiting.law, f"{rho.long_name}'s {rho_call} no longer stands: what it set off for "
                         f"{o.long_name}'s cancelled {waiting.call} is taken back, and the call put in its place "
                         "decides what follows")


def open_comparable(state: AuctionState, offender: Seat, back: int, withdrawn: Call, law: str,
                    silence: str, cancel_if_not: bool = False, made: CallRecord | None = None) -> AuctionState:
    """Ask the director whether the call ``back`` places from the end of the record is
    comparable with ``withdrawn`` (23A).

    If not, the offender's partner gets obligation ``silence`` under ``law`` and 26B rights
    arise; with ``cancel_if_not`` the call itself is cancelled too (27B3).  ``made`` is that
    call as made, when the caller holds it already (else it is read from the record): the
    procedure keeps the call by value.
    """
    made = state.record[len(state.record) - 1 - back] if made is None else made
    p = Pending("comparable_call", "awaiting_judgement", "23A", "director",
                ("comparable", "not_comparable"), offender, back, made.in_turn_of,
                (("cancel_if_not", "1" if cancel_if_not else ""), ("judgement", "comparable"), ("law", law),
                 ("silence", silence), ("withdrawn", withdrawn.text)), made.call, made.specifies)
    return evolve(state, pending=p)


def pass_out_of_rotation_at_end(state: AuctionState) -> bool:
    """True when the auction has ended but one of the passes ending it was out of rotation
    (17D3: the auction goes back to the player who missed a turn)."""
    return state.is_over and any(p is not None for p in state.passes_at_end)


def calls_again(state: AuctionState, seat: Seat, call: Call,
                specifies: tuple[Strain, ...] | None = None) -> Outcome:
    """``seat``'s ``call`` (with what it was explained to show) is ruled afresh, as made now,
    once this state is reached."""
    return Outcome(state, (CallEvent(seat, call, specifies),))


def shown(ctx: Ctx) -> tuple[Strain, ...] | None:
    """What the call of ``ctx.event`` was explained to show (``None`` if not explained)."""
    value: tuple[Strain, ...] | None = getattr(ctx.event, "specifies", None)
    return value


#: A variant's test of how the auction stands after the call: (ended, passed out, a pass out of
#: rotation among the passes ending it).
EndTest = Callable[[bool, bool, bool], bool]


def _on_key(base: Callable[[int, int], bool], test: EndTest) -> Callable[[int, int], bool]:
    """A variant's form on a legal-auction key: ``base`` holds and ``test`` holds of the key
    after the call, with no pass out of rotation (none is in a legal auction)."""
    def on_key(key: int, code: int) -> bool:
        after = rules.step(key, code)
        return base(key, code) and test(rules.is_final(after), rules.is_passed_out(after), False)
    return on_key


def _ending_slot(settled: Callable[[Ctx], AuctionState], key_after: Callable[[Ctx], int] | None,
                 ending: Callable[[Ctx], tuple[int, bool]], parts: tuple[str, ...]) -> str:
    """The fact saying how the auction stands once the call of a row made with ``settled``
    stands: (ended, passed out, a pass out of rotation among the passes that end it).  One slot
    per way of making the call stand, declared the first time a family uses it (family 17-22,
    the end of the auction)."""
    name = f"ending_after_{settled.__name__.strip('_')}" + ("" if key_after is None else "_in_rotation")
    if name in SLOTS:
        return name
    slot(name, "17-22", tuple, "how the auction stands once the call stands as "
         f"{settled.__name__.strip('_').replace('_', ' ')} makes it: whether it has ended, whether it "
         "is passed out, and whether a pass out of rotation is among the passes ending it (22, 17D3)",
         parts=parts)

    @computes(name)
    def _ending(ctx: Ctx) -> tuple[bool, bool, bool]:
        key, oor = ending(ctx)
        return rules.is_final(key), rules.is_passed_out(key), oor
    return name


def by_end_of_auction(template: Row, base: Guard, settled: Callable[[Ctx], AuctionState],
                      laws: dict[str, str] | None = None,
                      summaries: dict[str, str] | None = None,
                      key_after: Callable[[Ctx], int] | None = None,
                      asks: dict[str, str] | None = None, *, parts: tuple[str, ...]) -> list[Row]:
    """Four rows for one branch whose action makes a call stand that may end the auction.

    Each is ``template`` with its own guard, destination, law and summary; ``settled(ctx)`` is
    the state once that call stands (before anything else).  The guards are ``base`` and then:
    the auction stays open (``template.dest``); it would end but a pass out of rotation is among
    the passes ending it (17D3, back to the auction); it ends with a contract (22A); it is passed
    out (22B).  ``laws`` and ``summaries`` override, by ``"open"``, ``"17D3"``, ``"22A"`` and
    ``"22B"``, the template's law (which otherwise gets ``", 17D3"`` etc. appended) and summary.
    ``key_after(ctx)``, if given, is the legal-auction key once the call stands, for a call made
    in rotation: the guards then read it instead of building the state (the hot path of replay).
    ``asks`` gives a variant its own director's question, by the same keys; a variant without one
    asks ``base``'s question.  ``parts`` are the parts of the position ``settled`` (or
    ``key_after``) reads: those the fact saying how the auction then stands is computed from.
    """
    def ending(ctx: Ctx) -> tuple[int, bool]:
        """The legal-auction key once the call stands, and whether a pass out of rotation would
        then be among the passes that end the auction."""
        if key_after is not None:  # a call in rotation: only the passes before it can be out of rotation
            key = key_after(ctx)
            return key, rules.is_final(key) and any(p is not None for p in ctx.state.passes_at_end[-2:])
        after = settled(ctx)
        return after.key, pass_out_of_rotation_at_end(after)

    end_slot = _ending_slot(settled, key_after, ending, parts)

    def variant(key: str, name: str, words: str, test: EndTest) -> Guard:
        on_key = None
        if base.on_key is not None and key_after is not None:
            # in a legal auction no pass was out of rotation: the key after the call decides
            on_key = _on_key(base.on_key, test)
        guard_name = f"{base.name}_{name}"
        if base.reads is None:
            def holds(ctx: Ctx) -> bool:
                if not base(ctx):
                    return False
                after, oor = ending(ctx)
                return test(rules.is_final(after), rules.is_passed_out(after), oor)
        else:
            mine = frozenset({end_slot})
            view = view_class(mine)

            def holds(ctx: Ctx) -> bool:
                if not base(ctx):
                    return False
                final, passed_out, oor = getattr(view(ctx, mine, guard_name), end_slot)
                return test(final, passed_out, oor)
        return Guard(guard_name, f"{base.words}, and {words}", holds, coarse=base,
                     question=(asks or {}).get(key, base.question), on_key=on_key, rare=base.rare,
                     reads=None if base.reads is None else base.reads | {end_slot})

    cases = (
        ("open", template.dest, variant("open", "auction_open", "the auction is still open",
                                        lambda final, out, oor: not final)),
        ("17D3", "auction", variant("17D3", "reverts_17d3", "the passes that would end the auction include one "
                                    "out of rotation (17D3)", lambda final, out, oor: oor)),
        ("22A", "clarification", variant("22A", "ends_auction", "the auction ends with a contract (22A)",
                                         lambda final, out, oor: final and not oor and not out)),
        ("22B", "passed_out", variant("22B", "passes_out", "the board is passed out (22B)",
                                      lambda final, out, oor: out and not oor)),
    )
    laws, summaries = laws or {}, summaries or {}
    act = template.action
    # the 17D3 variant also reads the passes ending the auction (which were out of rotation, and
    # whose turn each took) and the key they are taken back from (revert_17d3), not the record
    reverting = None if act is None else derived(
        act, f"{act.name}_then_17d3", f"{act.words}; the passes from the one out of rotation on are "
        "cancelled (17D3)", act.run, reads=("key", "passes_at_end"))
    return [replace(template, dest=dest, guard=g, action=reverting if key == "17D3" else act,
                    law=laws.get(key, template.law if key == "open" else f"{template.law}, {key}"),
                    summary=summaries.get(key, template.summary))
            for key, dest, g in cases]


# --- an irregular call the director himself puts in place of a changed one -------------------

@reads("event_kind", words="the director has just put this call in place of a changed one (25A1, 21B1, "
       "25B1), so he is at the table", ask="Is this the call the director has just put in place of a changed one?",
       rare=True)
def put_in_place_by_director(f: FactView) -> bool:
    return bool(f.event_kind == SubstitutedCall.__name__)


@reads("event_kind", words="a player made the call", ask=OTHERWISE)
def made_by_the_player(f: FactView) -> bool:
    return bool(f.event_kind != SubstitutedCall.__name__)


def director_present(row: Row, summary: str) -> tuple[Row, Row]:
    """``row``, which holds an irregular call made in turn until LHO calls over it or the
    director is called, split in two: as a player made it (``row`` itself, guarded by
    :func:`made_by_the_player`), and as the director put it in place of a changed call
    (:func:`put_in_place_by_director`, told by ``summary``).  In the second he is already at
    the table and nobody has called over the new call, so he rules on it at once, as if called
    (9B2): the same hold, then his ruling (36B, 37B, 38B-C; for Law 27 the options he
    explains, 27A1).

    The second row declares no ``records``, though it records the call as the first does: the
    test of every declaration needs each declared row reached in its scopes, and no explorer
    offers a change to a bid above seven.  Without it an explorer stops such a step a little
    later (``within_scope`` drops it all the same)."""
    hold = row.action
    assert hold is not None and row.guard is None

    def run(ctx: Ctx) -> Outcome:
        out = hold(ctx)
        return Outcome(out.state, (*out.follow, DirectorCalled()))

    ruled = derived(hold, f"{hold.name}_director_present", f"{hold.words}; the director, at the table, rules "
                    "on it at once (9B2)", run, emits=("DirectorCalled",))
    return (replace(row, guard=made_by_the_player),
            replace(row, law=f"{row.law}, 9B2", summary=summary, guard=put_in_place_by_director, action=ruled,
                    records=None))
