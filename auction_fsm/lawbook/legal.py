"""The legal auction: Laws 17-19 and 22, and the end of the auction (17D3, 22).

A call in rotation that Law 18 or 19 allows stands; the third pass after a bid ends the auction
with a contract (22A), the fourth pass with no bid passes the board out (22B).  When the
auction has ended, a pass out of rotation among the passes that ended it sends the auction
back to the player who missed a turn (17D3).
"""

from __future__ import annotations

from .. import rules
from ..auction import AuctionState
from ..calls import PASS
from ..records import CallRecord
from . import position_facts  # noqa: F401  (declares the facts the guards below read)
from .common import by_end_of_auction, in_turn, shown, stand
from .facts import FactView
from .rows import Ctx, Outcome, Row, action, reads
from .states import OPEN

__all__ = ["ROWS"]

FAMILY = "17-22"


def _with_pass(ctx: Ctx) -> AuctionState:
    seat = ctx.seat
    return ctx.state.add_call(CallRecord(seat, PASS, seat))


def _key_after_pass(ctx: Ctx) -> int:
    return rules.row(ctx.state.key)[PASS.code]


def _always(key: int, code: int) -> bool:
    return True


@reads(words="a pass in turn", ask="Does the auction stay open after the pass?", on_key=_always)
def pass_in_turn(f: FactView) -> bool:
    return True


# The three guards below are one rule of the legal auction (rules.is_legal) seen from three
# calls: the engine asks it of the seat that calls, the explorer of the key's turn.
@reads("call_permitted", words="the bid supersedes the last bid (18B, 18C)",
       ask="Is the bid higher than the last bid?", on_key=rules.is_legal)
def bid_is_sufficient(f: FactView) -> bool:
    return bool(f.call_permitted)


@reads("call_permitted", words="the last bid was an opponent's and only passes followed it (19A1)",
       ask="Is the last bid an opponent's, followed only by passes?", on_key=rules.is_legal)
def double_is_permitted(f: FactView) -> bool:
    return bool(f.call_permitted)


@reads("call_permitted", words="the last call but passes was an opponent's double of our side's bid (19B1)",
       ask="Is the last call but passes an opponent's double of our side's bid?", on_key=rules.is_legal)
def redouble_is_permitted(f: FactView) -> bool:
    return bool(f.call_permitted)


@action("the call stands in the auction",
        reads=('key_step', 'obligations', 'watches', 'procedure', 'passes_at_end'),
        writes=('key', 'record', 'obligations', 'rulings', 'standing_facts'), emits=('AuctionEnds', 'WatchedCall'),
        carries=('event_call',))
def make_call(ctx: Ctx) -> Outcome:
    seat = ctx.seat
    call = ctx.event.call  # type: ignore[union-attr]
    return stand(in_turn(ctx.state, seat), CallRecord(seat, call, seat, specifies=shown(ctx)))


def _call_rows() -> list[Row]:
    rows: list[Row] = []
    for source in OPEN:
        first = source == "awaiting_first_call"
        if first:
            rows.append(Row("phase", source, "call_pass", "auction", "17B", FAMILY, "the dealer passes", None,
                            make_call, seat_trigger="call_pass"))
        else:
            rows += by_end_of_auction(
                Row("phase", source, "call_pass", "auction", "17C", FAMILY, "a pass; the auction goes on",
                    None, make_call, seat_trigger="call_pass"), pass_in_turn, _with_pass,
                laws={"17D3": "17D3, 34", "22A": "22A", "22B": "22B"},
                summaries={"17D3": "three passes, one out of rotation: back to the player who missed a turn",
                           "22A": "the third pass after a bid ends the auction",
                           "22B": "the fourth pass with no bid: the board is passed out"},
                key_after=_key_after_pass, parts=("key", "passes_at_end"),
                asks={"17D3": "Would this pass end the auction, with one of the passes made out of rotation?",
                      "22A": "Is it the third pass in a row after a bid?",
                      "22B": "Is it the fourth pass, with no bid at all?"})
        rows += [
            Row("phase", source, "call_bid", "auction", "17B, 18C" if first else "18C", FAMILY,
                "the dealer opens the bidding" if first else "a sufficient bid",
                bid_is_sufficient, make_call, seat_trigger="call_bid"),
        ]
        if not first:
            rows += [
                Row("phase", source, "call_double", "auction", "19A1", FAMILY,
                    "a double of an opponent's bid", double_is_permitted, make_call, seat_trigger="call_double"),
                Row("phase", source, "call_redouble", "auction", "19B1", FAMILY,
                    "a redouble of an opponent's double", redouble_is_permitted, make_call, seat_trigger="call_redouble"),
            ]
    return rows


ROWS: list[Row] = _call_rows()
