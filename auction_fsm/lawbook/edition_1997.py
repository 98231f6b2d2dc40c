"""A second law book: the 2017 book with the 1997 text of Laws 30B and 31B.

It exists to show that a book is a value (another edition is another book, never mixed into the
first) and to let a director compare rulings.  The 1997 code treated a call out of rotation
made at partner's turn more harshly than 2017 does:

* 30B2 (1997): a natural pass at partner's turn, after someone has bid, obliges the offender to
  pass at every turn for the rest of the auction (2017, 30B1: partner calls freely and the
  offender's next call is judged for comparability).
* 31B (1997): a bid at partner's turn, or at LHO's turn when the offender had not called yet,
  obliges the offender's *partner* to pass for the rest of the auction, with lead penalties
  (Law 26) possible (2017, 31B: partner calls freely, the offender's next call is judged).

Everything else is the 2017 book.  Not modelled here: 1997's ban on partner doubling or
redoubling at that one turn (30B2b), 30A's "before any player has bid" and 31A2's test on
whether the offender repeats the denomination (the 2017 comparability test is kept).  The
summaries are ours; the source is ``../shared/seeds/002_f22a09d158ff18b2.txt``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ..records import Obligation
from .book import LawBook
from .common import silence_partner
from .edition_2017 import LAWS_2017
from .rotation import cancelled_call, pending_call, position_of_turn
from .rows import Ctx, Guard, Outcome, Row, action

__all__ = ["LAWS_1997_30_31"]

_AJ = "out_of_rotation.awaiting_artificial_judgement"


@action("the pass is cancelled; the offender must pass for the rest of the auction (1997 30B2)")
def silence_offender_1997(ctx: Ctx) -> Outcome:
    p, _, state = cancelled_call(ctx)
    o = p.offender
    return Outcome(state.impose(o, Obligation("pass_rest_of_auction", "30B2 (1997)")).rule(
        "30B2 (1997)", f"{o.long_name}'s pass out of rotation at partner's turn is cancelled; "
        f"{o.long_name} must pass for the rest of the auction (1997 text)"))


@action("the call is cancelled; the offender's partner must pass for the rest of the auction and "
        "lead penalties may apply (1997 31B)")
def silence_partner_1997(ctx: Ctx) -> Outcome:
    p, call, state = cancelled_call(ctx)
    o = p.offender
    state = silence_partner(state, o, call, "31B (1997)", "31B (1997), 26")
    return Outcome(state.rule(
        "31B (1997)", f"{o.long_name}'s call out of rotation is cancelled; {o.partner.long_name} must "
        "pass for the rest of the auction and lead penalties may apply (1997 text)"))


def _at(where: str, pass_: bool | None) -> Guard:
    words = {"partner": "partner's", "lho": "LHO's"}[where]
    what = "a natural pass" if pass_ else ("a natural bid" if pass_ is False else "the call")
    return Guard(f"{'pass' if pass_ else 'bid' if pass_ is False else 'call'}_at_{where}s_turn",
                 f"{what} made at the offender's {words} turn",
                 lambda ctx: position_of_turn(ctx) == where and (
                     pass_ is None or pending_call(ctx).is_pass == pass_),
                 question=f"Natural: was it {'a pass' if pass_ else 'a bid' if pass_ is False else 'the call'} "
                          f"at the offender's {words} turn?")


def _edition() -> LawBook:
    book = LAWS_2017
    pass_other = book.row_named(_AJ, "judge_natural", "pass_at_other_turn")
    bid_other = book.row_named(_AJ, "judge_natural", "bid_at_other_turn")
    art_other = book.row_named(_AJ, "judge_artificial", "at_other_turn")
    rows: list[Row] = []
    for r in book.rows:
        if r is pass_other:
            rows += [replace(r, guard=_at("partner", True), action=silence_offender_1997, law="30B2 (1997)",
                             summary="a natural pass at partner's turn: the offender passes to the end"),
                     replace(r, guard=_at("lho", True))]
        elif r is bid_other:
            rows.append(replace(r, action=silence_partner_1997, law="31B (1997)",
                                summary="a bid at partner's or LHO's turn: partner passes to the end"))
        elif r is art_other:
            rows.append(replace(r, action=silence_partner_1997, law="30C, 31B (1997)",
                                summary="an artificial call at partner's or LHO's turn: partner passes "
                                        "to the end"))
        else:
            rows.append(r)
    return LawBook.build("1997-30-31", "Laws of Duplicate Bridge 2017, with Laws 30B and 31B of 1997",
                         book.states, rows)


LAWS_1997_30_31: Final[LawBook] = _edition()
