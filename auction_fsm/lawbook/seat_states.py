"""Which state of a seat machine stands for a seat's obligations, in the book's own names.

The position keeps what a seat owes as :class:`~auction_fsm.records.Obligation` facts; the
seat machines (:mod:`.seat`) have a state for each.  The simulator, the explorer and the
machine checks translate one into the other here, so that no module outside the law book
spells a seat state or a seat trigger.  Standard library only.
"""

from __future__ import annotations

from typing import Final

from ..records import Obligation

__all__ = ["FREE", "OBLIGATION_STATE", "ON_SEAT_TO_ACT", "seat_state"]

#: The seat state of a seat that owes nothing.
FREE: Final = "free"

#: The seat-machine state that stands for each obligation kind of the position.
OBLIGATION_STATE: Final = {
    "pass_next_turn": "must_pass_next_turn",
    "pass_rest_of_auction": "must_pass_rest_of_auction",
    "repeat_call": "must_repeat_call",
    "no_double_next_turn": "must_not_double_next_turn",  # only in a book that has this rule (1997)
}
_PRECEDENCE: Final = ("pass_rest_of_auction", "pass_next_turn", "repeat_call", "no_double_next_turn")

#: Seat triggers fired on the seat whose turn it is rather than on the seat the event names:
#: the obliged pass deemed made (28A) moves the seat that had to pass.
ON_SEAT_TO_ACT: Final = frozenset({"deemed_pass"})


def seat_state(obligations: tuple[Obligation, ...]) -> str:
    """The seat-machine state for a seat's obligations: the strongest one wins."""
    if not obligations:  # (most seats, most of the time: asked for each seat at every edge checked)
        return FREE
    for kind in _PRECEDENCE:
        if any(o.kind == kind for o in obligations):
            return OBLIGATION_STATE[kind]
    return FREE
