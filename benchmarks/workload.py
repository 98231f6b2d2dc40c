"""The benchmark workload: reproducible random legal auctions.

Each auction starts with a random dealer and is grown one legal call at a time until it ends.
The call is drawn from the legal calls of the position with fixed weights, chosen so that the
auctions look like bridge rather than noise:

* pass: weight 5 before the opening bid (so about one board in twenty-five is passed out), then
  ``3 + 3 * level`` where ``level`` is the level of the last bid (the higher the auction, the
  likelier everyone passes: most contracts are at the one to three level, slams are rare);
* each sufficient bid: weight ``3 * 0.5 ** jump``, where ``jump`` counts the bids skipped over
  the last bid (a minimum bid is most likely, a jump to seven almost never happens);
* double: 0.5 when legal; redouble: 0.2 when legal.

With these weights an auction has about 11 calls on average.

The weights depend only on the legal-auction key, so they are computed once per key.  The same
seed always gives the same auctions (``random.Random`` is deterministic across runs).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from auction_fsm import rules
from auction_fsm.calls import DOUBLE_CODE, PASS_CODE, REDOUBLE_CODE

__all__ = ["Auction", "WEIGHTS", "generate", "describe"]

#: The weights of the distribution described in the module docstring.
WEIGHTS = {"pass_before_bid": 5.0, "pass_after_bid": 3.0, "pass_per_level": 3.0, "bid": 3.0,
           "bid_jump_decay": 0.5, "double": 0.5, "redouble": 0.2}


@dataclass(frozen=True, slots=True)
class Auction:
    """A complete legal auction: the dealer's seat number and the codes of the calls made."""

    dealer: int
    codes: tuple[int, ...]


def _choices_at(key: int) -> tuple[tuple[int, ...], list[float]]:
    """The legal call codes at ``key`` and their cumulative weights."""
    last_bid = rules.unpack(key)[1]
    codes: list[int] = []
    weights: list[float] = []
    for code, nxt in enumerate(rules.successor_table()[key]):
        if nxt < 0:
            continue
        if code == PASS_CODE:
            if last_bid < 0:
                w = WEIGHTS["pass_before_bid"]
            else:
                w = WEIGHTS["pass_after_bid"] + WEIGHTS["pass_per_level"] * (last_bid // 5 + 1)
        elif code == DOUBLE_CODE:
            w = WEIGHTS["double"]
        elif code == REDOUBLE_CODE:
            w = WEIGHTS["redouble"]
        else:
            w = WEIGHTS["bid"] * WEIGHTS["bid_jump_decay"] ** (code - last_bid - 1)
        codes.append(code)
        weights.append(w)
    return tuple(codes), list(accumulate(weights))


def generate(count: int, seed: int) -> list[Auction]:
    """``count`` random complete legal auctions drawn as described above, from ``seed``."""
    rng = random.Random(seed)
    table = rules.successor_table()
    cache: dict[int, tuple[tuple[int, ...], list[float]]] = {}
    out: list[Auction] = []
    for _ in range(count):
        dealer = rng.randrange(4)
        key = rules.initial_key(dealer)
        codes: list[int] = []
        while not rules.is_final(key):
            found = cache.get(key)
            if found is None:
                found = cache[key] = _choices_at(key)
            code = rng.choices(found[0], cum_weights=found[1])[0]
            codes.append(code)
            key = table[key][code]
        out.append(Auction(dealer, tuple(codes)))
    return out


def describe(auctions: Sequence[Auction]) -> dict[str, object]:
    """Summary statistics of a workload: calls, mean and longest length, passed-out share, levels."""
    calls = sum(len(a.codes) for a in auctions)
    levels: Counter[int] = Counter()
    doubled: Counter[int] = Counter()
    passed_out = 0
    for a in auctions:
        key = rules.initial_key(a.dealer)
        for code in a.codes:
            key = rules.successor_table()[key][code]
        if rules.is_passed_out(key):
            passed_out += 1
        else:
            _, last_bid, _, status, _ = rules.unpack(key)
            levels[last_bid // 5 + 1] += 1
            doubled[status] += 1
    n = max(len(auctions), 1)
    return {
        "auctions": len(auctions),
        "calls": calls,
        "mean_calls": calls / n,
        "longest": max((len(a.codes) for a in auctions), default=0),
        "passed_out_share": passed_out / n,
        "contract_levels": {lv: levels[lv] / n for lv in range(1, 8)},
        "doubled_share": doubled[1] / n,
        "redoubled_share": doubled[2] / n,
    }
