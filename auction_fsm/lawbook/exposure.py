"""Cards exposed during the auction: Law 24.

The exposed cards stay face up until the auction ends.  A single card below honour rank that
was not led needs nothing more (24A); a single honour or any card led prematurely (24B), or two
or more cards (24C), oblige the offender's partner to pass at the next turn.  What happens to
the cards at the end (picked up for the declaring side, penalty cards for a defender, 24D-E)
is settled when the auction ends (:mod:`.lead`).  A card exposed before anyone has called is
not a Law 24 matter (the WBF Laws Committee, minutes of 15 August 2017): it goes back into the
hand, and what it showed is unauthorised information for partner (16D).

A card exposed after the final pass and before the opening lead is faced is ruled in
:mod:`.lead` (48A, 49, 50).
"""

from __future__ import annotations

from collections.abc import Hashable

from ..auction import AuctionState
from ..events import ExposeCards
from ..records import ExposedCard, Obligation, PenaltyCard
from ..values import evolve
from .facts import FactView, computes, slot
from .rows import SAME, Ctx, Outcome, Row, action, reads

__all__ = ["ROWS", "exposure_law", "penalty_cards"]

FAMILY = "24"


def exposure_law(ctx: Ctx) -> str:
    """24A, 24B or 24C for the cards of ``ctx.event`` with those the seat had already exposed."""
    event = ctx.event
    assert isinstance(event, ExposeCards)
    total = sum(1 for e in ctx.state.exposed if e.seat == event.seat) + len(event.cards)
    if total == 1 and not event.cards[0].is_honour and not event.led:
        return "24A"
    return "24B" if total == 1 else "24C"


# --- penalty cards (24E, 50B, 56) ------------------------------------------------------------
def penalty_cards(state: AuctionState) -> tuple[PenaltyCard, ...]:
    """The defenders' penalty cards now (24E, 50, 51, 56), minus any picked up (50D1a).

    A card exposed during the auction by a player who defends becomes a penalty card:
    major if it is an honour or was led, minor otherwise; when one defender has two or more
    penalty cards, all of them are major (50B).  A faced lead out of turn that declarer
    refuses is a major penalty card (56).
    """
    contract = state.contract
    if contract is None:
        return ()
    cards = [PenaltyCard(e.seat, e.card, e.card.is_honour or e.led, "49, 50B" if e.law == "49" else "24E, 50B")
             for e in state.exposed if e.seat.is_opponent_of(contract.declarer)]
    cards += list(state.refused_leads)
    cards = [p for p in cards if p.card not in state.picked_up
             and not any(ld.card == p.card and ld.status == "stands" for ld in state.leads)]
    out = []
    for p in cards:
        several = sum(1 for q in cards if q.seat == p.seat) > 1
        promoted = p.law if "50B" in p.law else p.law + ", 50B"
        out.append(evolve(p, major=True, law=promoted) if several and not p.major else p)
    return tuple(out)


# --- the fact the guards of Law 24 read -------------------------------------------------------
slot("exposure_paragraph", FAMILY, (str, type(None)),
     "which paragraph of Law 24 the cards exposed in the event fall under, counting those the same seat "
     "had already exposed: '24A' (one card below honour rank, not led), '24B' (one honour, or a card "
     "led early) or '24C' (two or more); none if the event exposes no cards",
     parts=('exposed',))


slot("exposes_card_again", FAMILY, bool,
     "the event names a card already exposed in this auction period, or names one card twice (such an "
     "event is refused); false if the event exposes no cards",
     parts=('exposed',))


@computes("exposes_card_again")
def _exposes_card_again(ctx: Ctx) -> Hashable:
    event = ctx.event
    if not isinstance(event, ExposeCards):
        return False
    already = {e.card for e in ctx.state.exposed}
    return any(c in already for c in event.cards) or len(set(event.cards)) != len(event.cards)


@computes("exposure_paragraph")
def _exposure_paragraph(ctx: Ctx) -> Hashable:
    return exposure_law(ctx) if isinstance(ctx.event, ExposeCards) else None


@reads("exposure_paragraph", words="a single card below honour rank, not led (24A)",
       ask="Is it a single card below honour rank, not led?")
def single_low_card(f: FactView) -> bool:
    return bool(f.exposure_paragraph == "24A")


@reads("exposure_paragraph", words="a single honour, or a card led prematurely (24B)",
       ask="Is it a single honour, or a card led early?")
def honour_or_led(f: FactView) -> bool:
    return bool(f.exposure_paragraph == "24B")


@reads("exposure_paragraph", words="two or more cards exposed (24C)", ask="Are two or more cards exposed?")
def two_or_more(f: FactView) -> bool:
    return bool(f.exposure_paragraph == "24C")


def _expose(ctx: Ctx) -> tuple[ExposeCards, str]:
    event = ctx.event
    assert isinstance(event, ExposeCards)
    return event, exposure_law(ctx)


@action("the card stays face up until the auction ends; nothing more now",
        reads=('exposed',),
        writes=('exposed', 'rulings'), emits=())
def leave_face_up(ctx: Ctx) -> Outcome:
    event, law = _expose(ctx)
    o = event.seat
    cards = tuple(ExposedCard(o, c, event.led, law) for c in event.cards)
    shown = " ".join(c.text for c in event.cards)
    return Outcome(evolve(ctx.state, exposed=(*ctx.state.exposed, *cards)).rule(
        "24A", f"{o.long_name}'s {shown} stays face up until the auction ends; no other rectification now"))


@action("the cards stay face up; the offender's partner must pass at the next turn",
        reads=('obligations', 'exposed'),
        writes=('obligations', 'exposed', 'rulings'), emits=())
def silence_partner(ctx: Ctx) -> Outcome:
    event, law = _expose(ctx)
    o = event.seat
    cards = tuple(ExposedCard(o, c, event.led, law) for c in event.cards)
    state = evolve(ctx.state, exposed=(*ctx.state.exposed, *cards))
    shown = " ".join(c.text for c in event.cards)
    why = "an honour" if law == "24B" and not event.led else (
        "a card led early" if law == "24B" else "two or more cards")
    return Outcome(state.impose(o.partner, Obligation("pass_next_turn", law)).rule(
        law, f"{o.long_name} exposed {why} ({shown}): the cards stay face up and "
        f"{o.partner.long_name} must pass at the next turn"))


@action("the cards go back into the hand with no Law 24 rectification; what they showed is "
        "unauthorised information for the offender's partner (16D)",
        reads=(),
        writes=('rulings',), emits=())
def back_to_the_hand(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, ExposeCards)
    o = event.seat
    shown = " ".join(c.text for c in event.cards)
    return Outcome(ctx.state.rule(
        "24, 16D", f"{o.long_name} exposed {shown} before anyone had called: the cards go back into the "
        "hand with no rectification under Law 24 (WBF Laws Committee, 2017); what they showed is "
        f"unauthorised information for {o.partner.long_name} (16D)"))


ROWS: list[Row] = [
    Row("phase", "awaiting_first_call", "expose_cards", SAME, "24, 16D", FAMILY,
        "before anyone has called: the cards go back into the hand, no Law 24 rectification (16D)",
        None, back_to_the_hand),
    Row("phase", "auction", "expose_cards", SAME, "24A", FAMILY,
        "a low card stays face up; nothing more now", single_low_card, leave_face_up,
        outcome="A single low card: it stays face up, with no rectification now; if the player defends it "
                "becomes a minor penalty card (24A, 24E, 50)"),
    Row("phase", "auction", "expose_cards", SAME, "24B", FAMILY,
        "an honour or a card led early: partner must pass at the next turn", honour_or_led,
        silence_partner,
        outcome="An honour, or a card led early: partner must pass at the next turn; if the player defends the "
                "card becomes a major penalty card (24E, 50)"),
    Row("phase", "auction", "expose_cards", SAME, "24C", FAMILY,
        "two or more cards: partner must pass at the next turn", two_or_more, silence_partner,
        outcome="Two or more cards: partner must pass at the next turn; if the player defends every card "
                "becomes a major penalty card (24E, 50)"),
]
