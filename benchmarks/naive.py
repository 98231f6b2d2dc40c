"""The naive baseline validator: straightforward Python, no precomputed table, no kept state.

:func:`naive_is_legal` decides whether a call is legal after a given auction by re-reading the
whole auction so far: find the last bid and who made it, the last call other than pass, and how
many passes close the auction.  It is what one writes first, and what the core's successor table
(one list index per call) is measured against.  It is checked against the core before timing, so
a fast but wrong core, or a baseline that skips work, would be caught.
"""

from __future__ import annotations

from collections.abc import Sequence

from auction_fsm.calls import Call

__all__ = ["naive_is_legal", "naive_validate"]


def naive_is_legal(dealer: int, calls: Sequence[Call], call: Call) -> bool:
    """True when ``call`` by the player whose turn it is may follow ``calls`` (dealer ``dealer``)."""
    n = len(calls)
    last_bid_at = -1
    for i in range(n - 1, -1, -1):
        if calls[i].is_bid:
            last_bid_at = i
            break
    trailing_passes = 0
    for i in range(n - 1, -1, -1):
        if not calls[i].is_pass:
            break
        trailing_passes += 1
    if (last_bid_at < 0 and n >= 4) or (last_bid_at >= 0 and trailing_passes >= 3):
        return False  # the auction is over (22A, 22B)
    me = (dealer + n) % 4
    if call.is_pass:
        return True
    if call.is_bid:
        if call.level > 7:
            return False
        if last_bid_at < 0:
            return True
        last = calls[last_bid_at]
        assert last.strain is not None and call.strain is not None
        return (call.level, int(call.strain)) > (last.level, int(last.strain))
    last_other_at = n - 1 - trailing_passes  # the last call that was not a pass
    if last_other_at < 0:
        return False
    actor = (dealer + last_other_at) % 4
    if call.is_double:
        return calls[last_other_at].is_bid and (actor - me) % 2 == 1
    if call.is_redouble:
        return calls[last_other_at].is_double and (actor - me) % 2 == 1
    return False


def naive_validate(dealer: int, calls: Sequence[Call]) -> bool:
    """True when every call of ``calls`` is legal in turn, checking each by re-reading the prefix."""
    history: list[Call] = []
    for c in calls:
        if not naive_is_legal(dealer, history, c):
            return False
        history.append(c)
    return True
