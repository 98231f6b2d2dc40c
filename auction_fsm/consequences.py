"""What each option of a pending decision leads to, found by ruling it in the law book.

When a procedure waits (an insufficient bid LHO may accept, a lead out of turn declarer must
deal with, a replacement the director must judge), a director tells the player what each
choice would bring.  :func:`consequences` answers the same question without a second copy of
the rules: it rules each option's event on the current position with the engine
(:func:`auction_fsm.engine.step`, which is pure, so nothing is changed) and reports the law
and the rulings the book gives, and the decision that would follow.

How an option is made at the table, and by whom, is what the law book declares for the
decision (:class:`~auction_fsm.lawbook.procedure.Option`); it decides which event is tried:

* a player's choice (``accept`` after the director explained it, ``decline``, ``spread``,
  ``require_H`` ...) is a :class:`~auction_fsm.events.Choice`;
* calling the director is the director being called;
* the director's judgement (``comparable`` / ``not_comparable`` ...) is the judgement;
* an option taken by a call (LHO calling over the irregularity, the player whose turn it was
  calling, the offender's replacement, acceptance by calling, 27A1) is tried with every call
  the player could make; the calls are grouped by the law-book row that takes them, and each
  group is told by that row's law and the words of its action.

The report (``auction-fsm replay --json``) lists the result under ``pending.options_lead_to``;
the narration tells it when a decision opens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .auction import AuctionState
from .calls import ALL_CALLS, Call, Strain
from .engine import Step, step
from .errors import AuctionFsmError
from .events import CallEvent, Choice, DirectorCalled, Event, Judgement
from .lawbook import LawBook, Row, ruling_book
from .lawbook.procedure import Option, taker
from .records import Pending
from .seats import Seat

__all__ = ["Result", "Consequence", "RequiredCall", "consequences", "required_call", "ABOVE_SEVEN"]

#: The one bid above seven tried for an option made by calling: the rows take every such bid
#: alike (38), so it stands for them all (F08: they were left out of what an option leads to).
ABOVE_SEVEN: Call = Call.bid(8, Strain.C)


@dataclass(frozen=True, slots=True)
class Result:
    """One outcome of an option: the law, what is ruled (in words), the calls that lead to it
    (for an option made by a call; empty otherwise) and the decision that follows, if any."""

    law: str
    rulings: tuple[str, ...]
    calls: tuple[Call, ...] = ()
    then: Pending | None = None
    after: AuctionState | None = None
    #: where a bid above seven among ``calls`` goes after the row that took it, when the row's
    #: other calls do not: each later row of another law, as (law, what it does) -- Law 38's
    #: procedure, so that the options told name it (F08)
    above_seven: tuple[tuple[str, str], ...] = ()


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
    spec: Option | None = None


def _one(state: AuctionState, event: Event) -> Step | None:
    """The step ``event`` would make at ``state``, or ``None`` when the book refuses it."""
    try:
        st = step(state, event)  # by the position's own book
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


def _by_calls(state: AuctionState, seat: Seat) -> tuple[Result, ...]:
    """Every call ``seat`` could make here, grouped by the row of the book that takes it; each
    group told by that row's law and words (the rulings differ call by call)."""
    groups: dict[int, tuple[Row, list[Call], Step]] = {}
    above: dict[int, tuple[tuple[str, str], ...]] = {}
    for call in (*ALL_CALLS, ABOVE_SEVEN):
        st = _one(state, CallEvent(seat, call))
        if st is None or not st.fired:
            continue
        row = st.fired[0].row
        key = id(row)
        if key not in groups:
            groups[key] = (row, [], st)
        groups[key][1].append(call)
        if not call.is_admissible_level and len(groups[key][1]) > 1:
            # the row took other calls too: where the bid above seven goes after it (Law 38's
            # procedure, which the row's other calls never reach) is told with the group (F08)
            above[key] = _follow(st)
    out = []
    for key, (row, calls, st) in groups.items():
        one = len(calls) == 1
        then = st.after.pending if st.after.pending is not None and one else None
        out.append(Result(row.law, (_row_words(row),), tuple(calls), then, st.after if one else None,
                          above.get(key, ())))
    return tuple(sorted(out, key=lambda r: len(r.calls)))


def _follow(st: Step) -> tuple[tuple[str, str], ...]:
    """The rows after the first in ``st`` whose law differs from the first's, each once, as
    (law, what it does): for a bid above seven, the row of Law 38 that takes it in the end."""
    first = st.fired[0].row.law
    seen: dict[str, str] = {}
    for fired in st.fired[1:]:
        row = fired.row
        if row.law != first and row.law not in seen:
            seen[row.law] = _row_words(row)
    return tuple(seen.items())


def _row_words(row: Row) -> str:
    """What a row does, in words: its action's line (the fuller one), else its summary; a law
    reference closing the line is left out, as the result carries the row's law."""
    words = row.action.words if row.action is not None else row.summary
    return re.sub(r"\s*\(\d[^()]*\)$", "", words)


# The last answer, for the position it was asked for: the report, the narration and the fuzzer
# ask about the same position in turn (positions are immutable, so the answer cannot go stale).
_LAST: list[tuple[AuctionState, LawBook, tuple[Consequence, ...]]] = []


def consequences(state: AuctionState, book: LawBook | None = None) -> tuple[Consequence, ...]:
    """What each option of ``state``'s pending decision leads to under the position's book
    (empty when nothing is pending).  An option that no row of the book takes has no results.
    ``book``, if given, must be the position's (:func:`~auction_fsm.lawbook.ruling_book`)."""
    book = ruling_book(state, book)
    if state.pending is None:
        return ()
    if _LAST and _LAST[0][0] is state and _LAST[0][1] is book:
        return _LAST[0][2]
    out = _consequences(state, book)
    _LAST[:] = [(state, book, out)]
    return out


def _consequences(state: AuctionState, book: LawBook) -> tuple[Consequence, ...]:
    pending = state.pending
    assert pending is not None
    out: list[Consequence] = []
    for word in pending.options:
        spec = book.option(pending.state_name, word)
        seat = taker(spec, pending)
        event: Event | None
        if spec.how == "call":
            assert seat is not None, f"{pending.state_name}: {word} is taken by a call of nobody"
            out.append(Consequence(word, "call", seat, _by_calls(state, seat), spec=spec))
            continue
        if spec.how == "judgement":
            event = Judgement(spec.judgement, bool(spec.value))  # type: ignore[arg-type]
        elif spec.how == "director":
            event = DirectorCalled(seat)
        else:
            assert seat is not None, f"{pending.state_name}: {word} is chosen by nobody"
            event = Choice(seat, word)
        st = _one(state, event)
        out.append(Consequence(word, spec.how, None if spec.how == "judgement" else seat,
                               () if st is None else (_result(st),), spec.value, spec))
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


def required_call(state: AuctionState, book: LawBook | None = None) -> RequiredCall | None:
    """The repeat the seat to act owes, if any (nothing pending, auction open), with what the
    book rules when it is made: a repeat that is no longer sufficient is still required and
    is ruled as an insufficient bid (27), so the seat then has no legal call yet must call."""
    if state.pending is not None or state.is_over:
        return None
    book = ruling_book(state, book)
    seat = state.turn
    for ob in state.obligations[seat]:
        if ob.kind == "repeat_call" and ob.call is not None:
            st = _one(state, CallEvent(seat, ob.call))
            return RequiredCall(seat, ob.call, ob.law, ob.call in state.legal_calls(),
                                None if st is None else _result(st))
    return None
