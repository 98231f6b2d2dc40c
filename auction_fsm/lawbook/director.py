"""The director at the table: Laws 9-10, and the end of a passed-out board (17D2).

Anyone may call the director at any moment of the auction period (9B1), and calling costs
nobody a right (9B1c).  Where an irregularity waits for the director, the procedure's own rows
take the call (the director explains the options, 9B2 and 10C).  Here are the two other cases:
the director is called while already ruling (nothing changes: the procedure goes on waiting for
what it waited for), and the director is called with nothing irregular pending (a question, a
hesitation: no rectification, the auction goes on).  Both are recorded as a note among the
rulings, so that the narration and the report show the call.

A passed-out board's auction period lasts until the hands are returned to the board (17D2,
22B); the return of the hands is an event of its own, after which nothing more can happen.
"""

from __future__ import annotations

from ..events import DirectorCalled
from ..values import evolve
from .rows import SAME, Ctx, Outcome, Row, action
from .states import STATES

__all__ = ["ROWS"]

FAMILY = "9-10"

# Steps at which the director has not yet come: a call of the director there is the procedure's.
_BEFORE_THE_DIRECTOR = ("awaiting_decision", "premature_replacement")


def _by(ctx: Ctx) -> str:
    event = ctx.event
    assert isinstance(event, DirectorCalled)
    return f" by {event.by.long_name}" if event.by is not None else ""


@action("nothing changes: the procedure goes on waiting for what it waited for",
        reads=(),
        writes=('rulings',), emits=())
def already_ruling(ctx: Ctx) -> Outcome:
    return Outcome(ctx.state.rule("9B2", f"the director, called again{_by(ctx)}, is already at the table "
                                  "ruling: nothing changes"))


@action("no rectification: the auction period goes on",
        reads=('key',),
        writes=('rulings',), emits=())
def nothing_to_rule(ctx: Ctx) -> Outcome:
    state = ctx.state
    if state.is_passed_out:
        goes_on = "the hands may now be returned to the board (17D2)"
    elif state.is_over:
        goes_on = "the clarification period goes on"
    else:
        goes_on = f"the auction goes on with {state.turn.long_name} to call"
    return Outcome(state.rule("9B1", f"the director is called{_by(ctx)} with nothing irregular pending: "
                              f"no rectification; {goes_on}"))


@action("the hands go back into the board: the auction period is over (17D2)",
        reads=(),
        writes=('rulings', 'hands_returned'), emits=())
def return_hands(ctx: Ctx) -> Outcome:
    return Outcome(evolve(ctx.state, hands_returned=True).rule(
        "17D2, 22B", "the hands of the passed-out board are returned to the board: the auction period "
        "is over, with no play and no redeal"))


def _rows() -> list[Row]:
    rows: list[Row] = []
    for s in STATES:
        if s.machine != "phase" or s.kind in ("irregularity", "terminal"):
            continue
        if s.kind == "decision":
            if s.name.rsplit(".", 1)[1] in _BEFORE_THE_DIRECTOR:
                continue
            rows.append(Row("phase", s.name, "director_present", SAME, "9B2", FAMILY,
                            "the director is already ruling: nothing changes", None, already_ruling))
        else:
            rows.append(Row("phase", s.name, "director_idle", SAME, "9B1", FAMILY,
                            "nothing irregular waits for a ruling: no rectification", None, nothing_to_rule))
    # returning the hands ends a passed-out board's auction period: Laws 17D2 and 22B, not 9-10
    rows.append(Row("phase", "passed_out", "hands_returned", "hands_returned", "17D2, 22B", "17-22",
                    "the players put their hands back into the board", None, return_hands))
    return rows


ROWS: list[Row] = _rows()
