"""The end of the auction period: clarification, opening lead, penalty cards (Laws 24D-E, 26B,
41, 50, 51, 54, 56).

When the auction ends with a contract, cards exposed during it are picked up if their owner is
on the declaring side (24D) and become penalty cards if the owner defends (24E, 50).  Before
the presumed opening leader leads, declarer chooses what the Laws offer: with a major penalty
card of the leader's partner, require or prohibit its suit, or let it remain (50D1, 51B); with
26B rights against the leader's partner, prohibit one suit that partner did not specify.  The
leader leads face down (41A), questions may follow (41B), and facing the lead ends the
auction period (41C, 17D1).  A lead faced by the wrong defender gives declarer Law 54's
options: accept it and see dummy (54B), spread the hand and become dummy (54A), or refuse it
(54D): the card becomes a major penalty card (56) and 50D's options follow.  Declarer must
accept if they could have seen dummy's cards (54C).  A lead by the declaring side is a card
exposed by declarer or dummy: it goes back to the hand (54E, 24D).
"""

from __future__ import annotations

from ..auction import AuctionState
from ..cards import Suit
from ..engine import expected, note
from ..errors import AuctionOverError, DecisionError, IllegalLeadError
from ..events import Choice, FaceLead, Judgement, Lead
from ..records import LeadRecord, LeadRule, Pending
from ..seats import Seat
from ..values import evolve

__all__ = ["at_auction_end", "lead", "face", "on_choice", "on_judgement", "check_lead"]

_SUIT_OF = {s.name: s for s in Suit}


def at_auction_end(state: AuctionState) -> AuctionState:
    """Once per ending of the auction: settle exposed cards (24D-E) and ask declarer's options."""
    contract = state.contract
    if contract is None or state.options_key == state.key or state.pending is not None:
        return state
    if not (state.exposed or state.restrictions or state.refused_leads):
        return state  # nothing to settle and nothing for declarer to choose
    state = evolve(state, options_key=state.key, lead_rules=(), lead_choices=())
    for seat in sorted({e.seat for e in state.exposed}):
        cards = " ".join(e.card.text for e in state.exposed if e.seat == seat)
        if seat.is_opponent_of(contract.declarer):
            kinds = ", ".join(f"{p.card.text} {'major' if p.major else 'minor'}"
                              for p in state.penalty_cards() if p.seat == seat)
            state = state.rule("24E, 50", f"{seat.long_name} defends: the cards exposed during the "
                               f"auction become penalty cards ({kinds})")
        else:
            state = evolve(state, picked_up=state.picked_up | {e.card for e in state.exposed if e.seat == seat})
            state = state.rule("24D", f"{seat.long_name} is on the declaring side: {cards} go back "
                               "into the hand without penalty")
    return open_options(state)


def open_options(state: AuctionState) -> AuctionState:
    """Ask declarer for the next choice due before the presumed leader leads, if any."""
    contract = state.contract
    assert contract is not None
    leader, declarer = contract.opening_leader, contract.declarer
    if state.current_lead is not None:
        return state
    if "50D" not in state.lead_choices:
        suits = sorted({p.card.suit for p in state.penalty_cards() if p.seat == leader.partner and p.major})
        if suits:
            options = (*(f"{k}_{s.name}" for s in suits for k in ("require", "prohibit")), "let_remain")
            p = Pending("declarer_lead_options", "penalty_card", "50D2, 51B", declarer.name, options,
                        leader.partner, -1, leader)
            note("declarer_options", state, declarer, None, "penalty_card")
            return evolve(state, pending=p)
    if "26B" not in state.lead_choices:
        for r in state.restrictions:
            if r.leader == leader:
                strains = state.eligible_suits(r)
                options = (*(f"prohibit_{s.name}" for s in strains), "no_prohibition")
                p = Pending("declarer_lead_options", "lead_restriction", "26B", declarer.name, options,
                            r.offender, -1, leader)
                note("declarer_options", state, declarer, None, "lead_restriction")
                return evolve(state, pending=p)
    return state


def on_choice(state: AuctionState, p: Pending, event: Choice) -> AuctionState:
    """Declarer's option before the lead (50D1, 26B) or after a lead out of turn (54)."""
    if p.procedure == "lead_out_of_turn":
        return _on_lead_out_of_turn(state, p, event.option)
    kind = event.option if event.option in ("let_remain", "no_prohibition") else event.option.split("_")[0]
    note(f"choose_{kind}", state, event.seat)
    state = evolve(state, pending=None)
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
            gone = {pc.card for pc in state.penalty_cards()
                    if pc.seat == p.offender and pc.card.suit == rule.suit}
            state = evolve(state, picked_up=state.picked_up | gone)
        state = state.rule(rule.law, f"declarer {rule.kind}s a {suit} lead from {leader.long_name}"
                           + (" for as long as they keep the lead" if kind == "prohibit" else "")
                           + ("; the penalty card is picked up" if stage == "50D" else ""))
    return open_options(state)


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
    owner = next((e.seat for e in state.exposed if e.card == card), None)
    if owner is None:
        owner = next((p.seat for p in state.refused_leads if p.card == card), None)
    if owner is not None and owner != s:
        raise IllegalLeadError(f"{s.long_name} cannot lead {card.text}: it is {owner.long_name}'s card",
                               law="41A")
    for rule in state.lead_rules:
        if rule.leader != s:
            continue
        if rule.kind == "require" and card.suit != rule.suit:
            raise IllegalLeadError(f"{s.long_name} must lead a {rule.suit.name} (declarer required it, "
                                   f"Law {rule.law}); {card.text} is refused", law=rule.law)
        if rule.kind == "prohibit" and card.suit == rule.suit:
            raise IllegalLeadError(f"{s.long_name} may not lead a {rule.suit.name} (declarer prohibited "
                                   f"it, Law {rule.law}); {card.text} is refused", law=rule.law)
    own = [p for p in state.penalty_cards() if p.seat == s]
    # 50D1(b): a lead restriction in force comes before the duty to lead a major penalty card.
    rules_for_s = [r for r in state.lead_rules if r.leader == s]
    majors = [p for p in own if p.major and all(
        (r.kind == "require") == (p.card.suit == r.suit) for r in rules_for_s)]
    if majors and card not in {p.card for p in majors}:
        shown = ", ".join(p.card.text for p in majors)
        raise IllegalLeadError(f"{s.long_name} has a major penalty card ({shown}) that must be led "
                               f"at the first opportunity (Law 50D1); {card.text} is refused", law="50D1")
    for p in own:
        if not p.major and card.suit == p.card.suit and card != p.card and not card.is_honour:
            raise IllegalLeadError(f"{s.long_name} has the minor penalty card {p.card.text}: no lower "
                                   f"card of that suit may be led before it (Law 50C); {card.text} is "
                                   "refused", law="50C")


def lead(state: AuctionState, event: Lead) -> AuctionState:
    """A card led after the auction, by the right or the wrong player, face down or faced."""
    s = event.seat
    if state.pending is not None:
        raise DecisionError(f"{s.long_name}'s lead must wait: {expected(state)}")
    if not state.is_over:
        raise DecisionError(f"{s.long_name} led {event.card.text} during the auction: a card led "
                            "before the final pass is an exposed card (Law 24); give it as an expose "
                            "event with led=true")
    contract = state.contract
    if contract is None:
        raise AuctionOverError("the board was passed out: there is no opening lead (22B)", law="22B")
    standing = state.current_lead
    if (standing is not None and not standing.faced and event.faced
            and s == standing.seat.partner and s.is_opponent_of(contract.declarer)):
        # 54 (opening words): partner faces a lead out of turn over the right defender's face-down
        # lead; that face-down lead is retracted and Law 54 applies to the faced card.
        state = evolve(state, leads=tuple(evolve(ld, status="withdrawn", law="54, 41A") if ld is standing
                                          else ld for ld in state.leads))
        state = state.rule("54, 41A", f"{standing.seat.long_name}'s face-down lead is retracted: "
                           f"{s.long_name} has faced a lead out of turn")
        standing = None
    if standing is not None:
        raise DecisionError(f"{s.long_name}'s lead: an opening lead has already been made "
                            f"({standing.seat.name} {standing.card.text})")
    leader = contract.opening_leader
    record = LeadRecord(s, event.card, event.faced)
    check_lead_owner(state, event)
    if s == leader:
        check_lead(state, event)
        note("opening_lead" if event.faced else "face_down_lead", state, s)
        state = evolve(state, leads=(*state.leads, record))
        if event.faced:
            return state.rule("41C, 17D1", f"{s.long_name} faces the opening lead {event.card.text}: "
                              "the auction period is over and play begins")
        return state.rule("41A", f"{s.long_name} leads {event.card.text} face down; questions may "
                          "be asked before it is faced (41B)")
    if not s.is_opponent_of(contract.declarer):
        note("lead_by_declaring_side", state, s)
        state = evolve(state, leads=(*state.leads, evolve(record, status="cancelled", law="54E, 24")))
        return state.rule("54E, 24D", f"{s.long_name} is on the declaring side: the card "
                          f"{event.card.text} goes back into the hand without penalty")
    if not event.faced:
        note("face_down_lead_out_of_turn", state, s)
        state = evolve(state, leads=(*state.leads, evolve(record, status="withdrawn", law="41A")))
        return state.rule("41A", f"{s.long_name} led face down out of turn: the director has the card "
                          f"returned to the hand; {leader.long_name} leads")
    note("lead_out_of_turn", state, s)
    state = evolve(state, leads=(*state.leads, evolve(record, status="pending", law="54")))
    p = Pending("lead_out_of_turn", "awaiting_declarer", "54", contract.declarer.name,
                ("accept", "spread", "refuse"), s, len(state.leads) - 1, leader,
                (("judgement", "dummy_seen"),))
    return evolve(state, pending=p).rule(
        "54", f"{s.long_name} faced an opening lead out of turn: declarer may accept it (54B), spread "
        "the hand and become dummy (54A), or refuse it (54D)")


def on_judgement(state: AuctionState, p: Pending, event: Judgement) -> AuctionState:
    """54C: if declarer could have seen dummy's cards, the lead must be accepted."""
    note("judge_dummy_seen" if event.value else "judge_no_dummy_seen", state)
    if not event.value:
        return evolve(state, pending=evolve(p, extra=())).rule(
            "54C", "declarer could not have seen dummy's cards: all of Law 54's options remain")
    q = evolve(p, options=("accept",), extra=())
    return evolve(state, pending=q).rule("54C", "declarer could have seen dummy's cards and must "
                                         "accept the lead, staying declarer")


def _on_lead_out_of_turn(state: AuctionState, p: Pending, option: str) -> AuctionState:
    o, index = p.offender, p.call_index
    ld = state.leads[index]
    note(f"choose_{option}", state, o)
    state = evolve(state, pending=None)
    leads = list(state.leads)
    if option == "refuse":
        from ..records import PenaltyCard

        leads[index] = evolve(ld, status="withdrawn", law="54D, 56")
        pc = PenaltyCard(o, ld.card, True, "54D, 56")
        state = evolve(state, leads=tuple(leads), refused_leads=(*state.refused_leads, pc),
                       lead_choices=tuple(c for c in state.lead_choices if c != "50D"))
        state = state.rule("54D, 56", f"declarer refuses the lead: {ld.card.text} becomes a major penalty "
                           f"card of {o.long_name} and {p.in_turn_of.long_name} must lead")
        return open_options(state)
    leads[index] = evolve(ld, status="stands", law="54A" if option == "spread" else "54B")
    state = evolve(state, leads=tuple(leads), swapped=option == "spread")
    if option == "spread":
        return state.rule("54A", "declarer spreads the hand and becomes dummy; "
                          f"{state.actual_declarer.long_name if state.actual_declarer is not None else ''} "
                          "declares and the lead stands; 2017 text: spreading even part of the hand "
                          "commits declarer to this option")
    return state.rule("54B", "declarer accepts the lead: dummy is spread (41) and declarer plays "
                      "second from hand; under 2017 Law 54 only declarer may accept an opening lead "
                      "out of turn (the 'either defender' acceptance in some summaries is Law 53, for "
                      "leads later in the play)")


def face(state: AuctionState, event: FaceLead) -> AuctionState:
    """The face-down opening lead is faced: the auction period ends (41C, 17D1)."""
    lead_ = state.current_lead
    if state.pending is not None:
        raise DecisionError(f"the lead cannot be faced now: {expected(state)}")
    if lead_ is None or lead_.faced:
        raise DecisionError("there is no face-down opening lead to face")
    note("face_lead", state, lead_.seat)
    leads = tuple(evolve(ld, faced=True) if ld is lead_ else ld for ld in state.leads)
    return evolve(state, leads=leads).rule(
        "41C, 17D1", f"{lead_.seat.long_name}'s lead {lead_.card.text} is faced: the auction period is "
        "over and play begins")


def leader_of(state: AuctionState) -> Seat | None:
    """The presumed opening leader (declarer's LHO) when the auction has a contract."""
    c = state.contract
    return None if c is None else c.opening_leader
