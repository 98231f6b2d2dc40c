"""The pure core: an immutable auction state (standard library only).

:class:`AuctionState` is a value: every call returns a new state and the old one is unchanged,
so a caller can keep any position, compare positions, or branch from one.  The rules of the
legal auction live in :mod:`auction_fsm.rules`; this module adds the record of who called what,
the obligations each seat carries, and the contract with declarer, dummy and opening leader.

>>> s = AuctionState.start(Seat.N)
>>> for c in "1H P 4H P P P".split():
...     s = s.call(s.turn, c)
>>> str(s.contract), s.dummy, s.opening_leader
('4H by N', Seat.S, Seat.E)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from . import rules
from .calls import ALL_CALLS, Call, parse_call
from .errors import AuctionOverError, IllegalCallError
from .records import CallRecord, Contract, Decision, Obligation, Ruling
from .seats import Seat, parse_seat

__all__ = ["AuctionState", "Phase"]

Phase = Literal["awaiting_first_call", "auction", "clarification", "passed_out"]

_NO_OBLIGATIONS: tuple[tuple[Obligation, ...], ...] = ((), (), (), ())


@dataclass(frozen=True, slots=True)
class AuctionState:
    """Everything known about one auction: dealer, record, legal-auction key and obligations.

    Build with :meth:`start`, advance with :meth:`call`.  ``key`` is the compact key of the legal
    auction formed by the standing calls (see :mod:`auction_fsm.rules`).
    """

    dealer: Seat
    key: int
    record: tuple[CallRecord, ...] = ()
    obligations: tuple[tuple[Obligation, ...], ...] = _NO_OBLIGATIONS
    pending: Decision | None = None
    rulings: tuple[Ruling, ...] = field(default=())

    @classmethod
    def start(cls, dealer: Seat | str) -> AuctionState:
        """The empty auction with ``dealer`` to call first (17B)."""
        d = parse_seat(dealer, "dealer")
        return cls(dealer=d, key=rules.initial_key(d))

    # --- where we are -------------------------------------------------------------------
    @property
    def turn(self) -> Seat:
        """The seat whose turn it is to call (17B, 17C)."""
        return Seat(self.key & 3)

    @property
    def is_over(self) -> bool:
        """True when the auction has ended (22A or 22B)."""
        return rules.is_final(self.key)

    @property
    def is_passed_out(self) -> bool:
        """True when all four players passed (22B)."""
        return rules.is_passed_out(self.key)

    @property
    def phase(self) -> Phase:
        """The phase of the auction period the state is in."""
        if rules.is_passed_out(self.key):
            return "passed_out"
        if rules.is_final(self.key):
            return "clarification"
        return "auction" if self.record else "awaiting_first_call"

    @property
    def standing_calls(self) -> tuple[CallRecord, ...]:
        """The calls of the legal auction, in order (cancelled and withdrawn calls left out)."""
        return tuple(r for r in self.record if r.stands)

    # --- what may be called -------------------------------------------------------------
    def legal_calls(self) -> tuple[Call, ...]:
        """The calls the seat to act may legally make now, in rank order then P, X, XX.

        Empty once the auction is over.  A seat obliged to pass may only pass; a seat obliged
        to repeat a call may only repeat it (when that call is legal).
        """
        row = rules.successor_table()[self.key]
        calls = tuple(ALL_CALLS[c] for c, n in enumerate(row) if n >= 0)
        for ob in self.obligations[self.turn]:
            if ob.kind in ("pass_next_turn", "pass_rest_of_auction"):
                calls = tuple(c for c in calls if c.is_pass)
            elif ob.kind == "repeat_call" and ob.call in calls:
                calls = (ob.call,)
        return calls

    def is_legal(self, call: Call | str) -> bool:
        """True when the seat to act may make ``call`` now."""
        return parse_call(call) in self.legal_calls()

    def check(self, seat: Seat | str, call: Call | str) -> Call:
        """Return the parsed call if ``seat`` may make it now; raise naming the law otherwise."""
        who = parse_seat(seat, f"call {len(self.record) + 1}")
        c = parse_call(call, f"call {len(self.record) + 1} by {who.name}")
        if self.is_over:
            raise AuctionOverError(
                f"{who.long_name}'s {c} comes after the auction ended "
                f"(call {len(self.record) + 1}); Law 39 covers calls after the final pass",
                law="39")
        if who != self.turn:
            raise IllegalCallError(
                f"{who.long_name}'s {c} is out of rotation: it is {self.turn.long_name}'s turn "
                f"(call {len(self.record) + 1}); Laws 28-34", law="28-34")
        if c not in self.legal_calls():
            if not c.is_admissible_level or rules.step_or_none(self.key, c.code) is None:
                err = rules.why_illegal(self.key, c.code)
            else:
                err = IllegalCallError("the seat is obliged to pass", law="36-37")
            raise IllegalCallError(
                f"{who.long_name}'s {c} at call {len(self.record) + 1} is illegal: {err} "
                f"(Law {err.law})", law=err.law)
        return c

    # --- making a call ------------------------------------------------------------------
    def call(self, seat: Seat | str, call: Call | str) -> AuctionState:
        """The state after ``seat`` makes ``call``; raise :class:`IllegalCallError` if illegal."""
        c = self.check(seat, call)
        who = self.turn
        obligations = self.obligations
        if obligations[who]:
            kept = tuple(o for o in obligations[who] if o.kind == "pass_rest_of_auction")
            obligations = tuple(kept if s == who else o for s, o in enumerate(obligations))
        return replace(
            self,
            key=rules.step(self.key, c.code),
            record=(*self.record, CallRecord(who, c, who)),
            obligations=obligations,
        )

    def calls(self, *tokens: str, seat: Seat | str | None = None) -> AuctionState:
        """Make several calls in rotation, each by the seat to act (a convenience for tests)."""
        state = self
        for t in tokens:
            for tok in t.split():
                state = state.call(state.turn if seat is None else seat, tok)
        return state

    # --- the result ---------------------------------------------------------------------
    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction has ended with a bid; ``None`` otherwise."""
        if not self.is_over or self.is_passed_out:
            return None
        _, last_bid, bidder, doubled, _ = rules.unpack(self.key)
        final = ALL_CALLS[last_bid]
        # Declarer: the first player of the declaring side to name the strain (Definitions).
        for r in self.standing_calls:
            if r.call.is_bid and r.call.strain == final.strain and not r.seat.is_opponent_of(Seat(bidder)):
                assert final.strain is not None
                return Contract(final.level, final.strain, doubled, r.seat)
        raise AssertionError("unreachable: the final bid names its own strain")

    @property
    def declarer(self) -> Seat | None:
        """Declarer, once the auction has ended with a contract."""
        c = self.contract
        return None if c is None else c.declarer

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner, once the auction has ended with a contract."""
        c = self.contract
        return None if c is None else c.dummy

    @property
    def opening_leader(self) -> Seat | None:
        """Declarer's left-hand opponent, once the auction has ended with a contract."""
        c = self.contract
        return None if c is None else c.opening_leader
