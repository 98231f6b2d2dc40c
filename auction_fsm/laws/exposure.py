"""Cards exposed during the auction: Law 24.

The exposed cards stay face up until the auction ends.  A single card below honour rank that
was not led needs nothing more (24A); a single honour or any card led prematurely (24B), or two
or more cards (24C), oblige the offender's partner to pass at the next turn.  What happens to
the cards at the end (picked up for the declaring side, penalty cards for a defender, 24D-E)
is decided when the auction ends.
"""

from __future__ import annotations

from ..auction import AuctionState
from ..engine import note
from ..errors import DecisionError
from ..events import ExposeCards
from ..records import ExposedCard, Obligation
from ..values import evolve

__all__ = ["expose"]


def expose(state: AuctionState, event: ExposeCards) -> AuctionState:
    """Record the exposed cards of ``event.seat`` and the obligation they bring."""
    o = event.seat
    if state.pending is not None:
        raise DecisionError(f"{o.long_name}'s exposed card must wait: an irregularity is pending "
                            f"({state.pending.state_name})")
    if state.is_over:
        raise DecisionError(f"{o.long_name}'s exposed card comes after the auction ended: Law 24 "
                            "covers the auction only (after the final pass see the opening lead)")
    already = {e.card for e in state.exposed}
    dupes = [c.text for c in event.cards if c in already]
    if dupes or len(set(event.cards)) != len(event.cards):
        raise DecisionError(f"card(s) {', '.join(dupes) or 'repeated'} already exposed")
    total = sum(1 for e in state.exposed if e.seat == o) + len(event.cards)
    single = event.cards[0] if total == 1 else None
    if single is not None and not single.is_honour and not event.led:
        law = "24A"
    elif total == 1:
        law = "24B"
    else:
        law = "24C"
    note("expose_cards", state, o)
    cards = tuple(ExposedCard(o, c, event.led, law) for c in event.cards)
    state = evolve(state, exposed=(*state.exposed, *cards))
    shown = " ".join(c.text for c in event.cards)
    if law == "24A":
        return state.rule("24A", f"{o.long_name}'s {shown} stays face up until the auction ends; "
                          "no other rectification now")
    why = "an honour" if law == "24B" and not event.led else (
        "a card led early" if law == "24B" else "two or more cards")
    return state.impose(o.partner, Obligation("pass_next_turn", law)).rule(
        law, f"{o.long_name} exposed {why} ({shown}): the cards stay face up and "
        f"{o.partner.long_name} must pass at the next turn")
