"""What a 31A/32A rectification's branch remembers of the call of RHO it was taken on.

The branch (:class:`auction_fsm.records.Branch`) tells that call from a later one of RHO's with
the same value by the legal auction as the call left it, without its seats
(:func:`auction_fsm.rules.seatless`).  That is sound only if two points of one legal auction
never share that value, which is what this file checks; the rulings that rest on it are the law
tests of 31A, 32A and 32B (1997) with 25A1, 21B1 and 25B1 (tests/laws).
"""

from __future__ import annotations

import random

from auction_fsm import rules


def test_no_two_points_of_a_legal_auction_have_the_same_seatless_key() -> None:
    rng = random.Random(37)
    for _ in range(2000):
        key = rules.initial_key(rng.randrange(4))
        seen = {rules.seatless(key)}
        while not rules.is_final(key):
            codes = rules.legal_codes(key)
            # mostly passes and the lowest bids, so that auctions run long and double often
            code = rng.choice([c for c in codes if c >= 35] if rng.random() < 0.6 else codes[:3] or codes)
            key = rules.step(key, code)
            value = rules.seatless(key)
            assert value not in seen, f"the auction came back to {rules.unpack(key)}"
            seen.add(value)


def test_the_seats_are_all_that_seatless_leaves_out() -> None:
    for key in (rules.pack(0, 7, 2, 1, 0), rules.pack(3, 7, 1, 1, 0)):
        assert rules.seatless(key) == rules.seatless(rules.pack(1, 7, 0, 1, 0))
    assert rules.seatless(rules.pack(0, 7, 2, 1, 0)) != rules.seatless(rules.pack(0, 7, 2, 1, 1))
    assert rules.seatless(rules.pack(0, 7, 2, 1, 0)) != rules.seatless(rules.pack(0, 7, 2, 2, 0))
    assert rules.seatless(rules.pack(0, 7, 2, 1, 0)) != rules.seatless(rules.pack(0, 8, 2, 1, 0))
