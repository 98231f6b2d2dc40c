"""What each option of a pending decision leads to, found by ruling it in the law book.

When a procedure waits (an insufficient bid LHO may accept, a lead out of turn declarer must
deal with, a replacement the director must judge), a director tells the player what each
choice would bring.  :func:`consequences` answers the same question without a second copy of
the rules: it rules each option's event on the current position with the engine
(:func:`auction_fsm.engine.step`, which is pure, so nothing is changed) and reports the law
and the rulings the book gives, and the decision that would follow.

How an option is made at the table decides which event is tried:

* a player's choice (``accept``, ``decline``, ``refuse``, ``spread``, ``require_H`` ...) is a
  :class:`~auction_fsm.events.Choice`;
* ``director`` is the director being called;
* an option of the director (``comparable`` / ``not_comparable`` ...) is the judgement, the
  first option meaning yes;
* options made by a call (``lho_calls``, ``correct_player_calls``, ``replace``, and ``accept``
  where acceptance is by calling over the irregularity, 27A1) are tried with every call the
  player could make; the calls are grouped by the law-book row that takes them, and each group
  is told by that row's law and the words of its action.

The report (``auction-fsm replay --json``) lists the result under ``pending.options_lead_to``;
the narration tells it when a decision opens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .auction import AuctionState
from .calls import ALL_CALLS, Call
from .engine import Step, step
from .errors import AuctionFsmError
from .events import CallEvent, Choice, DirectorCalled, Event, Judgement
from .lawbook import LAWS_2017, LawBook, Row
from .records import Pending
from .seats import Seat

__all__ = ["Result", "Consequence", "RequiredCall", "consequences", "required_call", "CALL_OPTIONS"]

#: Options taken by a call rather than a choice, and whose call it is.
CALL_OPTIONS = ("lho_calls", "correct_player_calls", "replace")


@dataclass(frozen=True, slots=True)
class Result:
    """One outcome of an option: the law, what is ruled (in words), the calls that lead to it
    (for an option made by a call; empty otherwise) and the decision that follows, if any."""

    law: str
    rulings: tuple[str, ...]
    calls: tuple[Call, ...] = ()
    then: Pending | None = None
    after: AuctionState | None = None


@dataclass(frozen=True, slots=True)
class Consequence:
    """What one option of the pending decision leads to.

    ``how`` says how the option is made: ``"choice"`` (a player's choice), ``"call"`` (by a
    call; ``results`` has one entry per group of calls), ``"director"`` (calling the director)
    or ``"judgement"`` (the director's judgement, ``value`` true or false).
    """

    option: str
    how: str
    seat: Seat | None
    results: tuple[Result, ...]
    value: bool | None = None


def _judgement(pending: Pending, option: str) -> Judgement | None:
    """The director's judgement an option of the director stands for: the first option is yes."""
    kind = pending.get("judgement") or (pending.options[0] if pending.options else "")
    if kind not in ("artificial", "comparable", "unintended", "misinformation", "dummy_seen"):
        return None
    return Judgement(kind, option == pending.options[0])  # type: ignore[arg-type]


def _one(state: AuctionState, event: Event, book: LawBook) -> Step | None:
    """The step ``event`` would make at ``state``, or ``None`` when the book refuses it."""
    try:
        st = step(state, event, book)
    except AuctionFsmError:
        return None
    if st.fired and st.fired[0].row.refusal:
        return None
    return st


def _result(st: Step) -> Result:
    """An option's outcome from the step it makes: the first row's law and every ruling (or,
    when nothing is ruled yet, what the row does)."""
    rulings = tuple(r.summary for r in st.after.rulings[len(st.before.rulings):])
    if not rulings and st.fired:  # the row rules nothing yet (a judgement comes first): say what it does
        rulings = (_row_words(st.fired[0].row),)
    law = st.fired[0].row.law if st.fired else ""
    return Result(law, rulings, (), st.after.pending, st.after)


def _caller(pending: Pending, option: str) -> Seat:
    """Whose call makes an option taken by calling."""
    if option == "replace":
        return pending.offender
    if option == "correct_player_calls":
        name = pending.get("correct_player")
        return Seat[name] if name in Seat.__members__ else pending.in_turn_of
    return Seat[pending.decider] if pending.decider in Seat.__members__ else pending.offender.lho


def _by_calls(state: AuctionState, seat: Seat, book: LawBook) -> tuple[Result, ...]:
    """Every call ``seat`` could make here, grouped by the row of the book that takes it; each
    group told by that row's law and words (the rulings differ call by call)."""
    groups: dict[int, tuple[Row, list[Call], Step]] = {}
    for call in ALL_CALLS:
        st = _one(state, CallEvent(seat, call), book)
        if st is None or not st.fired:
            continue
        row = st.fired[0].row
        key = id(row)
        if key not in groups:
            groups[key] = (row, [], st)
        groups[key][1].append(call)
    out = []
    for row, calls, st in groups.values():
        then = st.after.pending if st.after.pending is not None and len(calls) == 1 else None
        out.append(Result(row.law, (_row_words(row),), tuple(calls), then, st.after if len(calls) == 1 else None))
    return tuple(sorted(out, key=lambda r: len(r.calls)))


def _row_words(row: Row) -> str:
    """What a row does, in words: its action's line (the fuller one), else its summary; a law
    reference closing the line is left out, as the result carries the row's law."""
    words = row.action.words if row.action is not None else row.summary
    return re.sub(r"\s*\(\d[^()]*\)$", "", words)


def consequences(state: AuctionState, book: LawBook = LAWS_2017) -> tuple[Consequence, ...]:
    """What each option of ``state``'s pending decision leads to under ``book`` (empty when
    nothing is pending).  An option that no row of the book takes has no results."""
    pending = state.pending
    if pending is None:
        return ()
    out: list[Consequence] = []
    for option in pending.options:
        if pending.decider == "director":
            judgement = _judgement(pending, option)
            st = None if judgement is None else _one(state, judgement, book)
            out.append(Consequence(option, "judgement", None, () if st is None else (_result(st),),
                                   None if judgement is None else judgement.value))
            continue
        seat = Seat[pending.decider] if pending.decider in Seat.__members__ else None
        if option == "director":
            st = _one(state, DirectorCalled(seat), book)
            out.append(Consequence(option, "director", seat, () if st is None else (_result(st),)))
            continue
        if option not in CALL_OPTIONS and seat is not None:
            st = _one(state, Choice(seat, option), book)
            if st is not None:
                out.append(Consequence(option, "choice", seat, (_result(st),)))
                continue
        caller = _caller(pending, option)
        out.append(Consequence(option, "call", caller, _by_calls(state, caller, book)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class RequiredCall:
    """The call a rectification obliges the seat to act to repeat (31A1, 32A1), whether it is
    still a legal call, and what making it leads to (ruled by the book, like an option)."""

    seat: Seat
    call: Call
    law: str
    legal: bool
    result: Result | None

    def words(self) -> str:
        """``South must repeat 1C (Law 31A1); it is no longer legal: ...`` in one sentence."""
        head = f"{self.seat.long_name} must repeat {self.call} (Law {self.law})"
        if self.legal or self.result is None:
            return head + "."
        what = f": {self.result.rulings[0]}" if self.result.rulings else ""
        return (f"{head} although it is no longer a legal call: the repeat is made all the same "
                f"and ruled under Law {self.result.law}{what}.")


def required_call(state: AuctionState, book: LawBook = LAWS_2017) -> RequiredCall | None:
    """The repeat the seat to act owes, if any (nothing pending, auction open), with what the
    book rules when it is made: a repeat that is no longer sufficient is still required and
    is ruled as an insufficient bid (27), so the seat then has no legal call yet must call."""
    if state.pending is not None or state.is_over:
        return None
    seat = state.turn
    for ob in state.obligations[seat]:
        if ob.kind == "repeat_call" and ob.call is not None:
            st = _one(state, CallEvent(seat, ob.call), book)
            return RequiredCall(seat, ob.call, ob.law, ob.call in state.legal_calls(),
                                None if st is None else _result(st))
    return None
