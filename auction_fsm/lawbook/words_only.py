"""Fields of the position that rules read only to word what they say (issue 37, item 5).

Two parts of the position carry, besides what the Laws decide with, words for the rulings:

* ``obligations``: the paragraph that imposed each obligation (``Obligation.law``).  It is
  cited: by a refusal naming the obligation, by a later ruling of Law 27 that names the 27B3 or
  27B4 silence still binding partner (:func:`~auction_fsm.lawbook.common.silenced_by_27`).
  27B2 and 27B3 both silence partner to the end of the auction; which one did is only cited (a
  second silence of one kind is not added, :meth:`~auction_fsm.auction.AuctionState.impose`).
* ``restrictions``: the paragraph behind each 26B right and the call withdrawn that gave it
  (``LeadRestriction.law``, ``.withdrawn``).  26B asks only whether a right binds the presumed
  leader, that is against which offender, and the rectification under way asks which branch
  gave it (to take it back with the branch); the rulings and the report name the rest.  The same
  withdrawn call twice gives one right (:meth:`~auction_fsm.auction.AuctionState.restrict`), and
  every reader takes the rights against one offender together (the leader's choice, the rulings
  at the end of the auction), so what is decided is the set of (offender, branch) pairs.

A key of configurations leaves these words out (:func:`without_words`,
:mod:`auction_fsm.graph.declared_key`): two positions that differ only there have the same future
but for the rulings' words.  That is checked, not assumed:
:func:`auction_fsm.graph.perturbation.check_words` rules a step again with the words changed
(:func:`reworded`) and requires every part after it, but the rulings, to be the same once the
words are left out.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import Any

from ..records import LeadRestriction, Obligation

__all__ = ["WORDED", "without_words", "reworded"]

#: The parts holding words only some rules read, and the words they hold.
WORDED: dict[str, str] = {
    "obligations": "the law that imposed each obligation",
    "restrictions": "the law behind each 26B right and the call withdrawn that gave it",
}


def without_words(part: str, value: Any) -> Hashable:
    """``value`` of ``part`` with the words of :data:`WORDED` left out: each seat's obligations
    by kind, call and branch; the 26B rights as the distinct (offender, branch) pairs, in the
    order first given.  Any other part's value as it is."""
    if part == "obligations":
        return tuple(tuple((o.kind, o.call, o.branch) for o in obs) for obs in value)
    if part == "restrictions":
        return tuple(dict.fromkeys((r.offender, r.branch) for r in value))
    return value  # type: ignore[no-any-return]


def reworded(part: str, value: Any, laws: Sequence[str], calls: Sequence[Any], salt: int) -> Any:
    """``value`` of ``part`` with its words changed (for the check): each obligation's and each
    right's law another of ``laws``, each right's withdrawn call another of ``calls``, chosen by
    ``salt``; ``value`` itself when there is nothing to change it to."""
    def other(options: Sequence[Any], current: Any, n: int) -> Any:
        rest = [o for o in options if o != current]
        return rest[(salt + n) % len(rest)] if rest else current

    if part == "obligations":
        return tuple(tuple(replace(o, law=other(laws, o.law, i)) for i, o in enumerate(obs))
                     for obs in value)
    if part == "restrictions":
        return tuple(replace(r, law=other(laws, r.law, i), withdrawn=other(calls, r.withdrawn, i))
                     for i, r in enumerate(value))
    return value


def words_met(obligations: Sequence[Sequence[Obligation]], restrictions: Sequence[LeadRestriction]
              ) -> tuple[set[str], set[Any]]:
    """The laws and withdrawn calls held by ``obligations`` and ``restrictions`` (the values a
    check may give the words: those a real position holds)."""
    laws = {o.law for obs in obligations for o in obs} | {r.law for r in restrictions}
    return laws, {r.withdrawn for r in restrictions}
