"""The end of the auction period: clarification, opening lead, penalty cards (Laws 24D-E, 26B,
41, 50, 51, 54, 56).

When the auction ends with a contract, cards exposed during it are picked up if their owner is
on the declaring side (24D) and become penalty cards if the owner defends (24E, 50); a 26B right
lapses if its offender is declarer or dummy, and waits for the play if the offender makes the
opening lead.  Before the presumed opening leader leads, declarer chooses what the Laws offer:
with a major penalty card of the leader's partner, require or prohibit its suit, or let it
remain (50D2, 51B); with 26B rights against the leader's partner, prohibit one suit that partner
did not specify; and, when the leader has two or more major penalty cards that the lead may be
once those choices are made, designate which of them is led (51A).  The leader leads face down
(41A), questions may follow (41B), and facing the lead ends the auction period (41C, 17D1).  A
lead faced by the wrong defender gives declarer Law 54's options: accept it and see dummy (54B),
spread the hand and become dummy (54A), or refuse it (54D): the card becomes a major penalty
card (56), 50D's options follow, and a 51A designation is made afresh.  Declarer must accept if
they could have seen dummy's cards (54C).  A lead by the declaring side is a card exposed by
declarer or dummy: it goes back to the hand (54E, 24D).  A card exposed after the final pass
and before the lead is faced is a penalty card if a defender's (49, 50; declarer's 50D options are
asked again) and brings no rectification if presumed declarer's or dummy's (48A).
"""

from __future__ import annotations

from collections.abc import Hashable

from ..auction import AuctionState
from ..cards import Suit, parse_card
from ..errors import IllegalLeadError
from ..events import Choice, ExposeCards, Lead
from ..records import CallStatus, Contract, ExposedCard, LeadRecord, LeadRule, PenaltyCard, Pending
from ..seats import Seat
from ..values import evolve
from .attention import score_as_if_not_made
from .common import pass_out_of_rotation_at_end
from .exposure import penalty_cards
from .facts import FactView, computes, slot
from .position_facts import actor_from
from .restrictions import eligible_suits
from .rows import OTHERWISE, SAME, Ctx, DeclarerOptions, Outcome, Row, action, reads

__all__ = ["ROWS", "check_lead", "due_option", "leadable_major_penalty_cards", "reopen_lead_choice"]

FAMILY = "41, 50, 51, 54"
DLO, LOOT = "declarer_lead_options", "lead_out_of_turn"
_SUIT_OF = {s.name: s for s in Suit}

# --- the facts the guards of the end of the auction period read --------------------------------
slot("actor_from_declarer", FAMILY, (int, type(None)),
     "the seat acting in the event, counted from the (presumed) declarer: 0 declarer, 1 the opening "
     "leader, 2 dummy, 3 the leader's partner; none if the auction has no contract or the event names "
     "no seat",
     parts=('contract',))
slot("standing_lead", FAMILY, str,
     "the opening lead that stands: 'none', 'face down' (41A) or 'faced' (41C)",
     parts=('leads',))
slot("end_of_auction_settlement", FAMILY, str,
     "what the end of the auction leaves to settle: '17D3' if a pass out of rotation is among the passes "
     "that ended it (the auction goes back), 'settle' if exposed cards, penalty cards or 26B rights "
     "wait (24D-E, 26B), 'nothing' otherwise",
     parts=('key', 'restrictions', 'exposed', 'refused_leads', 'options_key', 'procedure', 'passes_at_end', 'contract'))
slot("declarer_option_due", FAMILY, (str, type(None)),
     "the choice declarer must make next before the presumed leader leads: 'penalty_card' (50D2, 51B), "
     "'lead_restriction' (26B) or 'designate_card' (51A); none if no choice is due",
     parts=('restrictions', 'exposed', 'leads', 'lead_rules', 'refused_leads', 'picked_up', 'lead_choices', 'suits_specified', 'contract'))


slot("actor_from_standing_leader", FAMILY, (int, type(None)),
     "the seat acting in the event, counted from the player whose opening lead stands (2: his partner); "
     "none if no lead stands or the event names no seat",
     parts=('leads',))
slot("lead_is_faced", FAMILY, bool,
     "the event is an opening lead made face up (41C) rather than face down (41A); false for any other "
     "event",
     parts=())


@computes("actor_from_standing_leader")
def _actor_from_standing_leader(ctx: Ctx) -> Hashable:
    lead = ctx.state.current_lead
    return actor_from(ctx, None if lead is None else lead.seat)


@computes("lead_is_faced")
def _lead_is_faced(ctx: Ctx) -> Hashable:
    return isinstance(ctx.event, Lead) and ctx.event.faced


@computes("actor_from_declarer")
def _actor_from_declarer(ctx: Ctx) -> Hashable:
    contract = ctx.state.contract
    return actor_from(ctx, None if contract is None else contract.declarer)


@computes("standing_lead")
def _standing_lead(ctx: Ctx) -> Hashable:
    lead = ctx.state.current_lead
    return "none" if lead is None else "faced" if lead.faced else "face down"


# --- the end of the auction (24D-E) -------------------------------------------------------------
def _to_settle(state: AuctionState) -> bool:
    return (state.contract is not None and state.options_key != state.key and state.pending is None
            and bool(state.exposed or state.restrictions or state.refused_leads))


@computes("end_of_auction_settlement")
def _end_of_auction_settlement(ctx: Ctx) -> Hashable:
    if pass_out_of_rotation_at_end(ctx.state):
        return "17D3"
    return "settle" if _to_settle(ctx.state) else "nothing"


@reads("end_of_auction_settlement",
       words="the auction ended in rotation with exposed cards, penalty cards or 26B rights to settle",
       ask="Are exposed cards or lead restrictions left to settle?")
def cards_or_rights_to_settle(f: FactView) -> bool:
    return bool(f.end_of_auction_settlement == "settle")


@reads("end_of_auction_settlement", words="the auction ended in rotation with nothing to settle",
       ask=OTHERWISE)
def nothing_to_settle(f: FactView) -> bool:
    return bool(f.end_of_auction_settlement == "nothing")


@action("exposed cards go back to the declaring side's hands or become defenders' penalty cards; "
        "lead restrictions (26B) lapse or wait for the play; declarer's options follow",
        reads=('key', 'restrictions', 'exposed', 'leads', 'refused_leads', 'picked_up', 'contract'),
        writes=('rulings', 'lead_rules', 'picked_up', 'options_key', 'lead_choices'), emits=('DeclarerOptions',))
def settle_cards(ctx: Ctx) -> Outcome:
    state = ctx.state
    contract = state.contract
    assert contract is not None
    state = evolve(state, options_key=state.key, lead_rules=(), lead_choices=())
    state = _settle_rights(state, contract)
    # Seats in order round the table from declarer: the rulings read the same at every table
    # position (auction_fsm.symmetry).
    for seat in sorted({e.seat for e in state.exposed}, key=lambda s: (s - contract.declarer) % 4):
        cards = " ".join(e.card.text for e in state.exposed if e.seat == seat)
        if seat.is_opponent_of(contract.declarer):
            kinds = ", ".join(f"{p.card.text} {'major' if p.major else 'minor'}"
                              for p in penalty_cards(state) if p.seat == seat)
            state = state.rule("24E, 50", f"{seat.long_name} defends: the cards exposed during the "
                               f"auction become penalty cards ({kinds})")
        else:
            state = evolve(state, picked_up=state.picked_up | {e.card for e in state.exposed if e.seat == seat})
            state = state.rule("24D", f"{seat.long_name} is on the declaring side: {cards} go back "
                               "into the hand without penalty")
    return Outcome(state, (DeclarerOptions(),))


def _settle_rights(state: AuctionState, contract: Contract) -> AuctionState:
    """A ruling for each 26B right that declarer cannot use before the opening lead: the offender
    is on the declaring side (the right lapses), or the offender makes the opening lead (the right
    binds the partner's first lead, during the play).  A right against the presumed leader is
    declarer's choice next (see :func:`due_option`) and needs no ruling here."""
    told: set[Seat] = set()
    for r in state.restrictions:
        o = r.offender
        if o in told:
            continue
        told.add(o)
        if o == contract.declarer or o == contract.dummy:
            role = "declarer" if o == contract.declarer else "dummy"
            state = state.rule("26B", f"{o.long_name} has become {role}: the lead restriction right "
                               f"against {r.leader.long_name} lapses, as it applies only when the "
                               "offender defends")
        elif r.leader != contract.opening_leader:
            state = state.rule("26B", f"{o.long_name} makes the opening lead: the lead restriction "
                               f"right waits for {r.leader.long_name}'s first turn to lead, which comes "
                               "during the play, after the auction period")
    return state


# --- declarer's options before the lead (50D2, 51B, 26B, 51A) -----------------------------------
def leadable_major_penalty_cards(state: AuctionState, seat: Seat) -> tuple[PenaltyCard, ...]:
    """``seat``'s major penalty cards that its lead may be under the suit rules declarer set.

    A required suit, or a prohibited one, comes before the duty to lead a major penalty card
    (50D1(b)): a card outside the required suit, or in a prohibited suit, cannot be led and so
    is not one the duty (or declarer's 51A designation) can bear on.  A 51A designation itself is
    not a suit rule and is left out here: it picks one of these cards.
    """
    rules_for_seat = [r for r in state.lead_rules if r.leader == seat and r.kind != "designate"]
    return tuple(p for p in penalty_cards(state) if p.seat == seat and p.major and all(
        (r.kind == "require") == (p.card.suit == r.suit) for r in rules_for_seat))


def reopen_lead_choice(state: AuctionState, stage: str) -> AuctionState:
    """``state`` with declarer's choice ``stage`` (``"50D"`` or ``"26B"``) to be made again.

    A new major penalty card of the leader's partner (54D) or a new 26B right (39C) opens that
    choice once more; whatever declarer then requires or prohibits may change which of the
    leader's penalty cards can be led, so a 51A designation already made lapses (with a ruling
    saying so) and is asked for again once the earlier choices are made.
    """
    designated = [r for r in state.lead_rules if r.kind == "designate" and r.card is not None]
    state = evolve(state, lead_choices=tuple(c for c in state.lead_choices if c not in (stage, "51A")),
                   lead_rules=tuple(r for r in state.lead_rules if r.kind != "designate"))
    for r in designated:
        assert r.card is not None
        state = state.rule("51A", f"declarer's designation of {r.card.text} lapses: declarer designates "
                           f"again, if {r.leader.long_name} still has two or more major penalty cards "
                           f"that may be led, once declarer has chosen again under Law {stage}")
    return state


def _possible(state: AuctionState, leader: Seat, kind: str, suit: Suit) -> bool:
    """Whether declarer may add the rule ``kind`` (require or prohibit) on ``suit`` to the rules
    already binding ``leader``'s lead without making every lead illegal: a second choice (after
    a refused lead out of turn, 54D, or a new 26B right, 39C) cannot require a suit when another
    is required or this one prohibited, nor prohibit the suit that is required (our decision;
    the Laws do not say, docs/modelling-decisions.md)."""
    rules_now = [r for r in state.lead_rules if r.leader == leader and r.kind in ("require", "prohibit")]
    if kind == "require":
        return not any((r.kind == "require" and r.suit != suit) or (r.kind == "prohibit" and r.suit == suit)
                       for r in rules_now)
    return not any(r.kind == "require" and r.suit == suit for r in rules_now)


def due_option(state: AuctionState) -> Pending | None:
    """The next choice declarer must make before the presumed leader leads, if any.

    In order: 50D2 for the leader's partner's major penalty cards, 26B for a right against the
    leader, then 51A when the leader has two or more major penalty cards that may be led --
    asked last because the first two can pick up cards or bar suits.
    """
    contract = state.contract
    if contract is None or state.current_lead is not None:
        return None
    leader, declarer = contract.opening_leader, contract.declarer
    if "50D" not in state.lead_choices:
        suits = sorted({p.card.suit for p in penalty_cards(state) if p.seat == leader.partner and p.major})
        if suits:
            options = (*(f"{k}_{s.name}" for s in suits for k in ("require", "prohibit")
                         if _possible(state, leader, k, s)), "let_remain")
            return Pending(DLO, "penalty_card", "50D2, 51B", declarer.name, options, leader.partner, -1, leader)
    if "26B" not in state.lead_choices:
        for r in state.restrictions:
            if r.leader == leader:
                options = (*(f"prohibit_{s.name}" for s in eligible_suits(state, r)
                             if _possible(state, leader, "prohibit", Suit(int(s)))), "no_prohibition")
                return Pending(DLO, "lead_restriction", "26B", declarer.name, options, r.offender, -1, leader)
    if "51A" not in state.lead_choices:
        cards = sorted(p.card for p in leadable_major_penalty_cards(state, leader))
        if len(cards) >= 2:
            options = tuple(f"designate_{c.text}" for c in cards)
            return Pending(DLO, "designate_card", "51A", declarer.name, options, leader, -1, leader)
    return None


@computes("declarer_option_due")
def _declarer_option_due(ctx: Ctx) -> Hashable:
    p = due_option(ctx.state)
    return None if p is None else p.step


@reads("declarer_option_due", words="the leader's partner has a major penalty card (50D2, 51B)",
       ask="Does the leader's partner have a major penalty card?")
def penalty_card_choice_due(f: FactView) -> bool:
    return bool(f.declarer_option_due == "penalty_card")


@reads("declarer_option_due", words="declarer holds a 26B right against the leader's partner",
       ask="Does declarer hold a 26B right against the leader?")
def lead_restriction_choice_due(f: FactView) -> bool:
    return bool(f.declarer_option_due == "lead_restriction")


@reads("declarer_option_due", words="the leader has two or more major penalty cards the lead may be (51A)",
       ask="Does the leader have two or more major penalty cards that may be led?")
def designation_due(f: FactView) -> bool:
    return bool(f.declarer_option_due == "designate_card")


@reads("declarer_option_due", words="declarer has no choice to make before the lead", ask=OTHERWISE)
def no_choice_due(f: FactView) -> bool:
    return f.declarer_option_due is None


@action("declarer is asked to choose",
        reads=('restrictions', 'exposed', 'leads', 'lead_rules', 'refused_leads', 'picked_up', 'lead_choices', 'suits_specified', 'contract'),
        writes=('pending',), emits=())
def ask_declarer(ctx: Ctx) -> Outcome:
    return Outcome(evolve(ctx.state, pending=due_option(ctx.state)))


def _choice(ctx: Ctx) -> tuple[Pending, Choice]:
    p = ctx.state.pending
    assert p is not None and isinstance(ctx.event, Choice)
    return p, ctx.event


@action("declarer's designation is recorded: the leader must lead that penalty card (51A)",
        reads=('procedure', 'lead_rules', 'lead_choices'),
        writes=('pending', 'rulings', 'lead_rules', 'lead_choices'), emits=('DeclarerOptions',))
def record_designation(ctx: Ctx) -> Outcome:
    p, event = _choice(ctx)
    card = parse_card(event.option.split("_", 1)[1])
    leader = p.in_turn_of
    rule = LeadRule("designate", card.suit, leader, "51A", card)
    others = [c.removeprefix("designate_") for c in p.options if c != event.option]
    rest = (f"{others[0]} stays a penalty card" if len(others) == 1 else
            f"{', '.join(others)} stay penalty cards")
    state = evolve(ctx.state, pending=None, lead_choices=(*ctx.state.lead_choices, "51A"),
                   lead_rules=(*ctx.state.lead_rules, rule))
    state = state.rule("51A", f"{leader.long_name} has two or more major penalty cards that may be led: "
                       f"declarer designates {card.text}, which {leader.long_name} must lead; {rest}")
    return Outcome(state, (DeclarerOptions(),))


@action("declarer's choice is recorded; the next option, if any, follows",
        reads=('exposed', 'leads', 'lead_rules', 'refused_leads', 'picked_up', 'lead_choices', 'procedure', 'contract'),
        writes=('pending', 'rulings', 'lead_rules', 'picked_up', 'lead_choices'), emits=('DeclarerOptions',))
def record_choice(ctx: Ctx) -> Outcome:
    p, event = _choice(ctx)
    state = evolve(ctx.state, pending=None)
    stage = "50D" if p.step == "penalty_card" else "26B"
    state = evolve(state, lead_choices=(*state.lead_choices, stage))
    leader = p.in_turn_of
    if event.option in ("let_remain", "no_prohibition"):
        summary = (f"declarer lets {p.offender.long_name}'s penalty card remain: {leader.long_name} "
                   "may lead anything" if stage == "50D" else
                   f"declarer does not prohibit a suit: {leader.long_name} may lead anything")
        state = state.rule("50D2b" if stage == "50D" else "26B", summary)
    else:
        kind, suit = event.option.split("_", 1)
        rule = LeadRule("require" if kind == "require" else "prohibit", _SUIT_OF[suit], leader,
                        "50D2a" if stage == "50D" else "26B")
        state = evolve(state, lead_rules=(*state.lead_rules, rule))
        if stage == "50D":
            gone = {pc.card for pc in penalty_cards(state)
                    if pc.seat == p.offender and pc.card.suit == rule.suit}
            state = evolve(state, picked_up=state.picked_up | gone)
        state = state.rule(rule.law, f"declarer {rule.kind}s a {rule.suit.word} lead from {leader.long_name}"
                           + (" for as long as they keep the lead" if kind == "prohibit" else "")
                           + ("; the penalty card is picked up" if stage == "50D" else ""))
    return Outcome(state, (DeclarerOptions(),))


# --- the lead --------------------------------------------------------------------------------
def check_lead_owner(state: AuctionState, event: Lead) -> None:
    """A card known to be in another hand (exposed or a penalty card) cannot be led (41A)."""
    s, card = event.seat, event.card
    owner = next((e.seat for e in state.exposed if e.card == card), None)
    if owner is None:
        owner = next((p.seat for p in state.refused_leads if p.card == card), None)
    if owner is not None and owner != s:
        raise IllegalLeadError(f"{s.long_name} cannot lead {card.text}: it is {owner.long_name}'s card",
                               law="41A")


def check_lead(state: AuctionState, event: Lead) -> None:
    """Raise :class:`IllegalLeadError` if ``event`` breaks a restriction in force."""
    s, card = event.seat, event.card
    check_lead_owner(state, event)
    for rule in state.lead_rules:
        if rule.leader != s:
            continue
        if rule.kind == "designate" and rule.card is not None and card != rule.card:
            raise IllegalLeadError(f"{s.long_name} must lead {rule.card.text} (declarer designated it from "
                                   f"the major penalty cards, Law 51A); {card.text} is refused", law="51A")
        if rule.kind == "require" and card.suit != rule.suit:
            raise IllegalLeadError(f"{s.long_name} must lead a {rule.suit.word} (declarer required it, "
                                   f"Law {rule.law}); {card.text} is refused", law=rule.law)
        if rule.kind == "prohibit" and card.suit == rule.suit:
            raise IllegalLeadError(f"{s.long_name} may not lead a {rule.suit.word} (declarer prohibited "
                                   f"it, Law {rule.law}); {card.text} is refused", law=rule.law)
    own = [p for p in penalty_cards(state) if p.seat == s]
    # 50D1(b): a lead restriction in force comes before the duty to lead a major penalty card.
    majors = leadable_major_penalty_cards(state, s)
    if majors and card not in {p.card for p in majors}:
        shown = ", ".join(p.card.text for p in majors)
        raise IllegalLeadError(f"{s.long_name} has a major penalty card ({shown}) that must be led "
                               f"at the first opportunity (Law 50D1); {card.text} is refused", law="50D1")
    for p in own:
        if not p.major and card.suit == p.card.suit and card != p.card and not card.is_honour:
            raise IllegalLeadError(f"{s.long_name} has the minor penalty card {p.card.text}: no lower "
                                   f"card of that suit may be led before it (Law 50C); {card.text} is "
                                   "refused", law="50C")


def _lead(ctx: Ctx) -> Lead:
    assert isinstance(ctx.event, Lead)
    return ctx.event


@action("the presumed leader leads; restrictions in force are checked",
        reads=('exposed', 'leads', 'lead_rules', 'refused_leads', 'picked_up', 'unnoticed_calls', 'contract'),
        writes=('rulings', 'leads'), emits=())
def lead_in_turn(ctx: Ctx) -> Outcome:
    event = _lead(ctx)
    s = event.seat
    check_lead(ctx.state, event)
    state = evolve(ctx.state, leads=(*ctx.state.leads, LeadRecord(s, event.card, event.faced)))
    if event.faced:
        return Outcome(score_as_if_not_made(state.rule(
            "41C, 17D1", f"{s.long_name} faces the opening lead {event.card.text}: the auction period is "
            "over and play begins")))
    return Outcome(state.rule("41A", f"{s.long_name} leads {event.card.text} face down; questions may "
                              "be asked before it is faced (41B)"))


def _lead_set_aside(ctx: Ctx, status: CallStatus, law: str) -> tuple[Lead, AuctionState]:
    """Record a lead that goes back into the hand (``status`` under ``law``), once the card is
    known to be the leader's own (41A)."""
    event = _lead(ctx)
    check_lead_owner(ctx.state, event)
    rec = LeadRecord(event.seat, event.card, event.faced, status, law)
    return event, evolve(ctx.state, leads=(*ctx.state.leads, rec))


@action("the card goes back into the hand without penalty (54E, 24D)",
        reads=('exposed', 'leads', 'refused_leads'),
        writes=('rulings', 'leads'), emits=())
def lead_by_declaring_side(ctx: Ctx) -> Outcome:
    event, state = _lead_set_aside(ctx, "cancelled", "54E, 24")
    return Outcome(state.rule("54E, 24D", f"{event.seat.long_name} is on the declaring side: the card "
                              f"{event.card.text} goes back into the hand without penalty"))


@action("the face-down card goes back to the hand; the right defender leads (41A)",
        reads=('exposed', 'leads', 'refused_leads', 'contract'),
        writes=('rulings', 'leads'), emits=())
def face_down_out_of_turn(ctx: Ctx) -> Outcome:
    event, state = _lead_set_aside(ctx, "withdrawn", "41A")
    contract = state.contract
    assert contract is not None
    return Outcome(state.rule("41A", f"{event.seat.long_name} led face down out of turn: the director has "
                              f"the card returned to the hand; {contract.opening_leader.long_name} leads"))


@action("declarer chooses between Law 54's options",
        reads=('exposed', 'leads', 'refused_leads', 'contract'),
        writes=('pending', 'rulings', 'leads'), emits=())
def faced_out_of_turn(ctx: Ctx) -> Outcome:
    event = _lead(ctx)
    s = event.seat
    state = ctx.state
    standing = state.current_lead
    if standing is not None:
        # 54 (opening words): partner faces a lead over the right defender's face-down lead;
        # that face-down lead is retracted and Law 54 applies to the faced card.
        state = evolve(state, leads=tuple(evolve(ld, status="withdrawn", law="54, 41A") if ld is standing
                                          else ld for ld in state.leads))
        state = state.rule("54, 41A", f"{standing.seat.long_name}'s face-down lead is retracted: "
                           f"{s.long_name} has faced a lead out of turn")
    check_lead_owner(state, event)
    contract = state.contract
    assert contract is not None
    rec = LeadRecord(s, event.card, event.faced, "pending", "54")
    state = evolve(state, leads=(*state.leads, rec))
    p = Pending(LOOT, "awaiting_declarer", "54", contract.declarer.name, ("accept", "spread", "refuse"), s,
                0, contract.opening_leader, (("judgement", "dummy_seen"),))
    return Outcome(evolve(state, pending=p).rule(
        "54", f"{s.long_name} faced an opening lead out of turn: declarer may accept it (54B), spread "
        "the hand and become dummy (54A), or refuse it (54D)"))


@action("the face-down lead is faced: the auction period ends (41C, 17D1)",
        reads=('leads', 'unnoticed_calls', 'contract'),
        writes=('rulings', 'leads'), emits=())
def face(ctx: Ctx) -> Outcome:
    lead_ = ctx.state.current_lead
    assert lead_ is not None
    leads = tuple(evolve(ld, faced=True) if ld is lead_ else ld for ld in ctx.state.leads)
    return Outcome(score_as_if_not_made(evolve(ctx.state, leads=leads).rule(
        "41C, 17D1", f"{lead_.seat.long_name}'s lead {lead_.card.text} is faced: the auction period is "
        "over and play begins")))


# --- Law 54 -------------------------------------------------------------------------------------
@action("declarer must accept the lead (54C)",
        reads=('procedure',),
        writes=('pending', 'rulings'), emits=())
def dummy_seen(ctx: Ctx) -> Outcome:
    p = ctx.state.pending
    assert p is not None
    q = evolve(p, options=("accept",), extra=())
    return Outcome(evolve(ctx.state, pending=q).rule(
        "54C", "declarer could have seen dummy's cards and must accept the lead, staying declarer"))


@action("all of Law 54's options remain",
        reads=('procedure',),
        writes=('pending', 'rulings'), emits=())
def dummy_not_seen(ctx: Ctx) -> Outcome:
    p = ctx.state.pending
    assert p is not None
    return Outcome(evolve(ctx.state, pending=evolve(p, extra=())).rule(
        "54C", "declarer could not have seen dummy's cards: all of Law 54's options remain"))


def _lead_pending(ctx: Ctx) -> tuple[Pending, LeadRecord, list[LeadRecord], AuctionState]:
    p = ctx.state.pending
    assert p is not None
    state = evolve(ctx.state, pending=None)
    return p, state.leads[ctx.state.lead_index_of(p)], list(state.leads), state


@action("the lead stands and dummy is spread; declarer plays second (54B)",
        reads=('leads', 'unnoticed_calls', 'procedure', 'procedure_place', 'contract'),
        writes=('pending', 'rulings', 'leads'), emits=())
def accept_lead(ctx: Ctx) -> Outcome:
    p, ld, leads, state = _lead_pending(ctx)
    leads[ctx.state.lead_index_of(p)] = evolve(ld, status="stands", law="54B")
    state = score_as_if_not_made(evolve(state, leads=tuple(leads), swapped=False))
    return Outcome(state.rule("54B", "declarer accepts the lead: dummy is spread (41) and declarer plays "
                              "second from hand; under 2017 Law 54 only declarer may accept an opening "
                              "lead out of turn (the 'either defender' acceptance in some summaries is "
                              "Law 53, for leads later in the play)"))


@action("declarer spreads the hand and becomes dummy; the lead stands (54A)",
        reads=('leads', 'swapped', 'unnoticed_calls', 'procedure', 'procedure_place', 'contract'),
        writes=('pending', 'rulings', 'leads', 'swapped'), emits=())
def spread(ctx: Ctx) -> Outcome:
    p, ld, leads, state = _lead_pending(ctx)
    leads[ctx.state.lead_index_of(p)] = evolve(ld, status="stands", law="54A")
    state = score_as_if_not_made(evolve(state, leads=tuple(leads), swapped=True))
    who = state.actual_declarer.long_name if state.actual_declarer is not None else ""
    return Outcome(state.rule("54A", f"declarer spreads the hand and becomes dummy; {who} declares and "
                              "the lead stands; 2017 text: spreading even part of the hand commits "
                              "declarer to this option"))


@action("the card becomes a major penalty card; the right defender leads; 50D's options follow (54D, 56)",
        reads=('procedure', 'procedure_place', 'leads', 'lead_rules', 'refused_leads', 'lead_choices'),
        writes=('pending', 'rulings', 'leads', 'lead_rules', 'refused_leads', 'lead_choices'), emits=('DeclarerOptions',))
def refuse_lead(ctx: Ctx) -> Outcome:
    p, ld, leads, state = _lead_pending(ctx)
    o = p.offender
    leads[ctx.state.lead_index_of(p)] = evolve(ld, status="withdrawn", law="54D, 56")
    pc = PenaltyCard(o, ld.card, True, "54D, 56")
    state = evolve(state, leads=tuple(leads), refused_leads=(*state.refused_leads, pc))
    state = state.rule("54D, 56", f"declarer refuses the lead: {ld.card.text} becomes a major penalty "
                       f"card of {o.long_name} and {p.in_turn_of.long_name} must lead")
    state = reopen_lead_choice(state, "50D")
    return Outcome(state, (DeclarerOptions(),))


# --- after the final pass, before the opening lead is faced (Laws 48, 49, 50) ---------------------
def _declarer(ctx: Ctx) -> Seat:
    contract = ctx.state.contract
    assert contract is not None
    return contract.declarer


@reads("actor_from_declarer", words="a defender exposed the card (49)",
       ask="Did a defender expose the card (49)?")
def exposed_by_defender(f: FactView) -> bool:
    return f.actor_from_declarer in (1, 3)


@reads("actor_from_declarer", words="presumed declarer or dummy exposed the card (48A)", ask=OTHERWISE)
def exposed_by_declaring_side(f: FactView) -> bool:
    return f.actor_from_declarer in (0, 2)


@action("the card becomes a penalty card (major if an honour or exposed deliberately); declarer's "
        "options before the lead follow (50D)",
        reads=('exposed', 'leads', 'lead_rules', 'refused_leads', 'picked_up', 'lead_choices', 'contract'),
        writes=('exposed', 'rulings', 'lead_rules', 'lead_choices'), emits=('DeclarerOptions',))
def penalty_card_after_auction(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, ExposeCards)
    o = event.seat
    cards = tuple(ExposedCard(o, c, event.led, "49") for c in event.cards)
    state = evolve(ctx.state, exposed=(*ctx.state.exposed, *cards))
    kinds = ", ".join(f"{p.card.text} {'major' if p.major else 'minor'}"
                      for p in penalty_cards(state) if p.seat == o)
    state = state.rule("49, 50", f"{o.long_name}, a defender, exposed {' '.join(c.text for c in event.cards)} "
                       f"after the final pass: a penalty card ({kinds})")
    contract = state.contract
    assert contract is not None
    if state.current_lead is None:  # declarer chooses afresh what a new penalty card allows (50D, 51A)
        leader = contract.opening_leader
        if o == leader.partner and "50D" in state.lead_choices:
            state = reopen_lead_choice(state, "50D")
        elif o == leader and "51A" in state.lead_choices:
            state = reopen_lead_choice(state, "51A")
    return Outcome(state, (DeclarerOptions(),))


@action("no rectification: the card goes back into the hand (48A)",
        reads=('contract',),
        writes=('rulings',), emits=())
def declaring_side_card(ctx: Ctx) -> Outcome:
    event = ctx.event
    assert isinstance(event, ExposeCards)
    o = event.seat
    role = "presumed declarer" if o == _declarer(ctx) else "presumed dummy"
    return Outcome(ctx.state.rule("48A", f"{o.long_name}, {role}, exposed {' '.join(c.text for c in event.cards)} "
                                  "after the final pass: no rectification, the card goes back into the hand"))


_AD = f"{LOOT}.awaiting_declarer"


def _rows() -> list[Row]:
    rows = [
        Row("phase", "clarification", "auction_ends", SAME, "24D, 24E, 50, 26B", FAMILY,
            "exposed cards are settled, lead restrictions (26B) lapse or wait for the play; declarer's options follow",
            cards_or_rights_to_settle, settle_cards),
        Row("phase", "clarification", "auction_ends", SAME, "22A", FAMILY,
            "the auction has ended; the clarification period runs", nothing_to_settle),
        Row("phase", "clarification", "declarer_options", f"{DLO}.penalty_card", "50D2, 51B", FAMILY,
            "partner has a major penalty card", penalty_card_choice_due, ask_declarer),
        Row("phase", "clarification", "declarer_options", f"{DLO}.lead_restriction", "26B", FAMILY,
            "declarer may restrict the lead", lead_restriction_choice_due,
            ask_declarer),
        Row("phase", "clarification", "declarer_options", f"{DLO}.designate_card", "51A", FAMILY,
            "declarer chooses which penalty card is led", designation_due,
            ask_declarer),
        Row("phase", "clarification", "declarer_options", SAME, "41", FAMILY,
            "no choice for declarer: the presumed leader leads", no_choice_due),
        Row("phase", "opening_lead", "declarer_options", SAME, "41A", FAMILY,
            "a face-down lead stands: declarer's options are past"),
        Row("phase", "clarification", "face_down_lead", "opening_lead", "41A", FAMILY,
            "the presumed leader leads face down", None, lead_in_turn),
        Row("phase", "clarification", "opening_lead", "play", "41C, 17D1", FAMILY,
            "the opening lead is faced", None, lead_in_turn),
        Row("phase", "opening_lead", "face_lead", "play", "41C, 17D1", FAMILY,
            "the opening lead is faced", None, face),
        Row("phase", "clarification", "lead_by_declaring_side", SAME, "54E, 24D", FAMILY,
            "the card goes back into the hand", None, lead_by_declaring_side),
        Row("phase", "clarification", "face_down_lead_out_of_turn", SAME, "41A", FAMILY,
            "the card goes back into the hand; the right defender leads", None, face_down_out_of_turn),
        Row("phase", "clarification", "lead_out_of_turn", _AD, "54", FAMILY,
            "declarer chooses between Law 54's options", None, faced_out_of_turn),
        Row("phase", "opening_lead", "lead_out_of_turn", _AD, "54, 41A", FAMILY,
            "partner faces a lead over the face-down one, which is retracted", None, faced_out_of_turn),
        Row("phase", _AD, "judge_dummy_seen", SAME, "54C", FAMILY, "declarer must accept the lead", None,
            dummy_seen),
        Row("phase", _AD, "judge_dummy_not_seen", SAME, "54C", FAMILY, "all options remain", None,
            dummy_not_seen),
        Row("phase", _AD, "choose_accept", "play", "54B", FAMILY, "accepted: dummy is spread", None,
            accept_lead),
        Row("phase", _AD, "choose_spread", "play", "54A", FAMILY, "declarer becomes dummy", None, spread),
        *(Row("phase", source, "expose_cards", SAME, "49, 50", FAMILY,
              "a defender's card exposed after the final pass is a penalty card; declarer's options follow",
              exposed_by_defender, penalty_card_after_auction) for source in ("clarification", "opening_lead")),
        *(Row("phase", source, "expose_cards", SAME, "48A", FAMILY,
              "a card of presumed declarer or dummy: no rectification", exposed_by_declaring_side,
              declaring_side_card) for source in ("clarification", "opening_lead")),
        Row("phase", _AD, "choose_refuse", "clarification", "54D, 56", FAMILY,
            "the card becomes a major penalty card", None, refuse_lead),
    ]
    for trig, law, summary in (
            ("choose_require", "50D2a", "the leader must lead the suit; the penalty card is picked up"),
            ("choose_prohibit", "50D2a", ("the leader may not lead that suit while on lead; the "
                                          "penalty card is picked up")),
            ("choose_let_remain", "50D2b", "the leader may lead anything; the penalty card stays on the table")):
        rows.append(Row("phase", f"{DLO}.penalty_card", trig, "clarification", law, FAMILY, summary, None,
                        record_choice))
    for trig, summary in (("choose_prohibit", "the leader may not lead that suit while on lead"),
                          ("choose_no_prohibition", "the leader may lead anything")):
        rows.append(Row("phase", f"{DLO}.lead_restriction", trig, "clarification", "26B", FAMILY, summary,
                        None, record_choice))
    rows.append(Row("phase", f"{DLO}.designate_card", "choose_designate", "clarification", "51A", FAMILY,
                    "the designated card must be led", None, record_designation))
    return rows


ROWS: list[Row] = _rows()
