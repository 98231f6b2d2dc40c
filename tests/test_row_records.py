"""``Row.records`` and ``Row.auction_unchanged``.

``Row.records``: a row declared to record an irregular call of a family does so every time
it fires.  The explorer trusts the declaration to stop a step before running the row when its
bounds leave that family out (``engine.step``'s ``room``), so each declaration is checked here
on whole scopes, under both law books: every candidate event of every configuration (with the
irregularity budget one higher than the configuration has used, every family on) is ruled
strictly, and each declared row that fires must add a record whose irregularity is of its
family.  Every declared kind of row fires at least once, so the check is not empty.

``Row.auction_unchanged``: a row declared to leave the auction as it was (a change of call made
too late) only adds cancelled calls; the explorer leaves its event out on that word."""

from __future__ import annotations

import pytest

from auction_fsm.auction import AuctionState
from auction_fsm.engine import IRREGULAR_TAGS, step
from auction_fsm.errors import AuctionFsmError
from auction_fsm.events import CallEvent, ChangeCall
from auction_fsm.exploration import alphabet, candidate_events
from auction_fsm.graph import explore
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.lawbook import LAWS_1997, LAWS_2017, LawBook, Row
from auction_fsm.scope import FAMILIES, Scope

#: Small scopes where every declared row fires (dealer North, after North's 1NT): families and
#: irregularity budget.  The candidates are those of every family with one irregularity more
#: than the configuration has, so the legal auction alone (budget 0) reaches the rows that open
#: a procedure, and the insufficient-bid scope the replacements that are irregular again.
_SCOPES: tuple[tuple[set[str], int], ...] = (
    ({"insufficient_bid"}, 1),
    ({"inadmissible"}, 1),
    ({"rotation"}, 0),
)
#: The 1997 book also declares its 30B2b row (a double barred at the turn after a pass out of
#: rotation), which only a call out of rotation already ruled reaches.
_SCOPES_1997 = (*_SCOPES, ({"rotation"}, 1))


def _kind(row: Row) -> tuple[str, str, str | None]:
    """A row with its source left out: the same declaration is made from several phases."""
    return row.trigger, row.guard.name if row.guard is not None else "", row.records


@pytest.mark.parametrize(("book", "scopes"), [(LAWS_2017, _SCOPES), (LAWS_1997, _SCOPES_1997)],
                         ids=["2017", "1997"])
def test_rows_declared_to_record_an_irregular_call_always_do(
        book: LawBook, scopes: tuple[tuple[set[str], int], ...]) -> None:
    declared = {_kind(r) for r in book.rows if r.records is not None}
    assert declared and all(r.records in FAMILIES for r in book.rows if r.records is not None)
    fired: set[tuple[str, str, str | None]] = set()
    for families, budget in scopes:
        space = IrregularSpace(Scope.of(families, max_irregularities=budget), prefix=(CallEvent.of("N", "1NT"),),
                               agreement="off", book=book)
        for key in explore(space).keys:
            state = space.state_of(key)
            wide = Scope("unbounded", frozenset(FAMILIES), max_irregularities=state.incidents + 1, max_level=1)
            for event in candidate_events(state, wide, book):
                try:
                    ruled = step(state, event)
                except AuctionFsmError:
                    continue
                for f in ruled.fired:
                    if f.row.records is None:
                        continue
                    added = f.after.record[len(f.ctx.state.record):]
                    assert any(IRREGULAR_TAGS.get(r.irregularity or "") == f.row.records for r in added), (
                        f"{f.row.label} fired on {event.describe()} without recording a call of "
                        f"{f.row.records!r}")
                    fired.add(_kind(f.row))
    assert fired == declared


def _auction_of(state: AuctionState) -> tuple[object, ...]:
    """What an explorer of the auction tells positions apart by, less the record's cancelled calls
    and the rulings: the calls that stand (with the legal-auction key), the turn, what waits and
    what each seat owes."""
    return state.standing_calls, state.key, state.turn, state.pending, state.obligations, state.phase


@pytest.mark.parametrize("book", [LAWS_2017, LAWS_1997], ids=["2017", "1997"])
def test_rows_declared_to_leave_the_auction_unchanged_only_add_cancelled_calls(book: LawBook) -> None:
    """``Row.auction_unchanged``: the explorer leaves such a row's event out, trusting that the
    auction after it is the auction before it.  Every change of call of the alphabet (both
    grounds, every seat, every call to level one) is ruled strictly at every configuration of the
    legal auction after North's 1NT; each declared row that fires must leave the standing calls,
    the turn, what waits and the obligations as they were and add only cancelled calls.  The
    declared rows fire (a change after partner has called, 25A4, 21B1a), so the check is not
    empty."""
    declared = {_kind(r) for r in book.rows if r.auction_unchanged}
    assert declared
    fired: set[tuple[str, str, str | None]] = set()
    space = IrregularSpace(Scope.of({"changes"}, max_irregularities=0), prefix=(CallEvent.of("N", "1NT"),),
                           agreement="off", book=book)
    wide = Scope("unbounded", frozenset(FAMILIES), max_irregularities=1, max_level=1)
    for key in explore(space).keys:
        state = space.state_of(key)
        for event in alphabet(state, wide, True, frozenset({ChangeCall})):
            try:
                ruled = step(state, event)
            except AuctionFsmError:
                continue
            for f in ruled.fired:
                if not f.row.auction_unchanged:
                    continue
                before, after = f.ctx.state, f.after
                added = after.record[len(before.record):]
                assert _auction_of(after) == _auction_of(before), f"{f.row.label} changed the auction on {event}"
                assert added and all(r.status == "cancelled" for r in added), (f.row.label, added)
                fired.add(_kind(f.row))
    assert fired == declared
