"""Situations for the quiz: a realistic legal auction, then one irregularity (two at the
director-exam level) at a plausible moment, played out by the engine.

A situation is built in three parts, all drawn from one seeded ``random.Random``:

* **a legal start**: openings, responses, overcalls and the odd take-out double, bid as a club
  player would (mostly the lowest bid in a strain, a raise of partner, no trump), never above
  game, with passes in between; the auction is still open when the irregularity comes;
* **the irregularity** (a :class:`Template`): an insufficient bid that looks like a player who
  missed the last bid, a call out of rotation, a double of partner's bid, a card dropped on the
  table, a slip of the tongue, a call after the final pass, an opening lead by the wrong
  defender, a bid above seven at the end of a grand-slam auction, or a call by a player who had
  to pass;
* **the ruling**, step by step: the director is called, the player entitled decides, the
  director judges, the offender replaces the call -- each choice a plausible one, each ruled
  by the law book.

Nothing here decides what the law says: the engine rules every event, and the quiz reads its
questions' answers from the position reached (:mod:`auction_fsm.teaching.quiz`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..calls import BIDS, DOUBLE, PASS, REDOUBLE, Call, Strain
from ..cards import Card, Suit
from ..errors import AuctionFsmError
from ..events import CallEvent, ChangeCall, Choice, DirectorCalled, Event, ExposeCards, Judgement, Lead
from ..seats import Seat

if TYPE_CHECKING:
    from ..auction import AuctionState
    from ..lawbook import LawBook
    from ..simulator import Simulator

__all__ = ["LEVELS", "Template", "TEMPLATES", "Situation", "legal_call", "make_situation", "make_variant",
           "templates_for", "resolve_one", "finish_auction", "settle", "offender_of"]

#: The levels of the quiz, from a first lesson to the director's examination.
LEVELS: Final = ("beginner", "club", "advanced", "exam")

#: Game: no bid above it in a legal start (a grand slam only to set up a bid above seven).
_GAME: Final = Call.bid(4, Strain.S).code


@dataclass(frozen=True, slots=True)
class Template:
    """One kind of irregularity: its name, the law it is about (what ``--law`` selects), the
    lowest level it is asked at, and what the table sees, in words, for the quiz's intro."""

    name: str
    law: int
    level: int
    words: str


TEMPLATES: Final[tuple[Template, ...]] = (
    Template("insufficient", 27, 1, "an insufficient bid"),
    Template("pass_out_of_turn", 30, 1, "a pass out of rotation"),
    Template("bid_out_of_turn", 31, 1, "a bid out of rotation"),
    Template("exposed", 24, 1, "a card exposed during the auction"),
    Template("inadmissible", 36, 2, "a double or redouble Law 19 does not allow"),
    Template("lead_out_of_turn", 54, 2, "an opening lead by the wrong defender"),
    Template("double_out_of_turn", 32, 3, "a double out of rotation"),
    Template("change", 25, 3, "a call changed by a slip of the tongue"),
    Template("after_final_pass", 39, 3, "a call after the final pass"),
    Template("above_seven", 38, 4, "a bid above seven"),
    Template("while_silenced", 37, 4, "a call by a player who must pass"),
)


def templates_for(level: int, law: int | None) -> tuple[Template, ...]:
    """The irregularities asked at ``level`` (1-4), about ``law`` when given (every level's
    when none of that law's is asked at ``level``)."""
    about = [t for t in TEMPLATES if law is None or t.law == law or (law in (28, 29, 30, 31, 32, 33, 34)
                                                                     and t.law in (30, 31, 32))
             or (law == 26 and t.law in (27, 31, 36)) or (law == 23 and t.law in (27, 31))
             or (law in (50, 41) and t.law in (24, 54)) or (law == 21 and t.law == 25)]
    at_level = [t for t in about if t.level <= level]
    return tuple(at_level or about)


@dataclass(frozen=True, slots=True)
class Situation:
    """A situation played out: the simulator at the end, the template, the number (1-based) of
    the main irregular event, and of the first irregularity when there were two."""

    sim: Simulator
    template: Template
    irregular: int
    earlier: int | None = None


# --- a legal auction, bid as a club player would -------------------------------------------

def _last_bid(state: AuctionState) -> tuple[Call, Seat] | None:
    for r in reversed(state.standing_calls):
        if r.call.is_bid:
            return r.call, r.seat
    return None


def _lowest(state: AuctionState, strain: Strain, legal: tuple[Call, ...]) -> Call | None:
    bids = [c for c in legal if c.is_bid and c.strain == strain]
    return bids[0] if bids else None


def legal_call(rng: random.Random, state: AuctionState, *, ending: bool = False, cap: int = _GAME) -> Call:
    """A legal call in turn, as a club player would make it: mostly passes, openings at the one
    level (a weak two now and then), the lowest bid in a new suit, a raise of partner's suit, no
    trump, a take-out double of an opponent's opening; never above ``cap``.  An obligation is
    obeyed.  ``ending``: pass far more often (the auction is to end)."""
    seat = state.turn
    legal = state.legal_calls()
    for ob in state.obligations[seat]:
        if ob.kind == "repeat_call" and ob.call is not None and ob.call in legal:
            return ob.call
    if legal == (PASS,) or len(legal) == 1:
        return legal[0]
    last = _last_bid(state)
    if last is None:
        passes = len(state.standing_calls)
        if passes < 3 and rng.random() < 0.3:
            return PASS
        return rng.choices([Call.bid(1, s) for s in Strain] + [Call.bid(2, Strain.H), Call.bid(2, Strain.S)],
                           [3, 3, 3, 3, 2, 0.5, 0.5])[0]
    bid, by = last
    if rng.random() < (0.8 if ending else 0.45):
        return PASS
    partner_bids = [r.call for r in state.standing_calls if r.seat == seat.partner and r.call.is_bid]
    options: list[tuple[Call, float]] = []
    if by in (seat.lho, seat.rho) and DOUBLE in legal and bid.level <= 2 and not partner_bids:
        options.append((DOUBLE, 0.6))
    for strain in Strain:
        c = _lowest(state, strain, legal)
        if c is None or c.code > cap:
            continue
        weight = 1.0
        if partner_bids and strain == partner_bids[-1].strain:
            weight = 3.0  # a raise
        elif strain == Strain.NT:
            weight = 1.5
        elif any(r.call.is_bid and r.call.strain == strain for r in state.standing_calls):
            weight = 0.2  # an opponent's suit, or our own again
        options.append((c, weight / c.level))
    if not options:
        return PASS
    return rng.choices([c for c, _ in options], [w for _, w in options])[0]


def _call(sim: Simulator, seat: Seat, call: Call) -> bool:
    try:
        sim.apply(CallEvent(seat, call))
    except AuctionFsmError:
        return False
    return True


def _start(rng: random.Random, sim: Simulator, calls: int) -> bool:
    """``calls`` legal calls (at least one bid among them); False if the auction ended."""
    for _ in range(calls):
        if sim.state.is_over:
            return False
        _call(sim, sim.state.turn, legal_call(rng, sim.state))
    return _last_bid(sim.state) is not None and not sim.state.is_over


def finish_auction(rng: random.Random, sim: Simulator, limit: int = 24) -> bool:
    """Legal calls in turn (passing more often) until the auction is over; False if it ends in
    a pending procedure or does not end."""
    for _ in range(limit):
        state = sim.state
        if state.is_over:
            return state.contract is not None
        if state.pending is not None:  # a watched call is ruled on (a comparability judgement)
            if not _resolve(rng, sim):
                return False
            continue
        _call(sim, state.turn, legal_call(rng, state, ending=True))
    return sim.state.is_over and sim.state.contract is not None


# --- the ruling, one plausible step at a time ----------------------------------------------

def resolve_one(rng: random.Random, sim: Simulator) -> bool:
    """One plausible answer to the pending procedure: the director called when the player may
    call them, the entitled player accepting or declining, the director judging, the offender
    replacing the call.  False when nothing the table would do is accepted."""
    state = sim.state
    p = state.pending
    if p is None:
        return False
    tries: list[Event] = []
    if p.decider == "director":
        kind = p.get("judgement") or (p.options[0] if p.options else "")
        chance = {"artificial": 0.15, "comparable": 0.5, "unintended": 0.7, "misinformation": 0.5,
                  "dummy_seen": 0.2}.get(kind, 0.5)
        if kind in ("artificial", "comparable", "unintended", "misinformation", "dummy_seen"):
            value = rng.random() < chance
            if kind == "comparable":
                value = _looks_comparable(state)
            tries += [Judgement(kind, value), Judgement(kind, not value)]  # type: ignore[arg-type]
    else:
        seat = Seat[p.decider] if p.decider in Seat.__members__ else p.offender.lho
        options = list(p.options)
        if "director" in options:
            tries.append(DirectorCalled(seat))
        choices = [o for o in options if o not in ("director", "replace", "lho_calls", "correct_player_calls")]
        rng.shuffle(choices)
        if "decline" in choices and rng.random() < 0.7:
            choices.remove("decline")
            choices.insert(0, "decline")
        tries += [Choice(seat, o) for o in choices]
        caller = p.offender if "replace" in options else seat
        tries += [CallEvent(caller, c) for c in _replacements(rng, state, caller)]
    for event in tries:
        try:
            sim.apply(event)
        except AuctionFsmError:
            continue
        return True
    return False


def _looks_comparable(state: AuctionState) -> bool:
    """How a director would judge a replacement at the table, roughly: a bid in the strain of
    the withdrawn bid, or a pass for a pass, is comparable; anything else is not."""
    from ..calls import parse_call

    p = state.pending
    if p is None or p.call is None:
        return False
    new = p.call
    try:
        old = parse_call(p.get("withdrawn"), "withdrawn call")
    except ValueError:
        return False
    if old.is_bid and new.is_bid:
        return old.strain == new.strain
    return old == new


def _replacements(rng: random.Random, state: AuctionState, seat: Seat) -> list[Call]:
    """Calls a player might make to replace a cancelled call: the lowest bid in the same
    strain, a pass, another natural bid, three no trump."""
    p = state.pending
    wanted: list[Call] = []
    if p is not None and p.call is not None:
        old = p.call
        if old.is_bid and old.strain is not None:
            last = _last_bid(state)
            floor = last[0].code if last is not None else -1
            same = [b for b in BIDS if b.strain == old.strain and b.code > floor]
            if same:
                wanted.append(same[0])
    others = [PASS, Call.bid(3, Strain.NT), *(b for b in BIDS if b.level <= 3)]
    rng.shuffle(others)
    order = [c for c in dict.fromkeys([*wanted, PASS, *others])]
    if rng.random() < 0.45:  # a pass as often as the lowest bid
        order.remove(PASS)
        order.insert(0, PASS)
    return order[:12]


def _resolve(rng: random.Random, sim: Simulator, limit: int = 8) -> bool:
    """Answer the pending procedure until nothing is pending; False if it stalls."""
    for _ in range(limit):
        if sim.state.pending is None:
            return True
        if not resolve_one(rng, sim):
            return False
    return sim.state.pending is None


# --- the irregularities ----------------------------------------------------------------------

def _apply(sim: Simulator, event: Event) -> bool:
    try:
        sim.apply(event)
    except AuctionFsmError:
        return False
    return True


def _irregularity(rng: random.Random, sim: Simulator, t: Template) -> bool:
    """Make the irregularity ``t`` at the table now; False if it does not fit the auction."""
    state = sim.state
    turn = state.turn
    last = _last_bid(state)
    if t.name == "insufficient":
        if last is None or last[1] == turn:
            return False
        bid = last[0]
        lower = [b for b in BIDS if b.code < bid.code and b.level >= bid.level - 1 and b.strain != Strain.NT]
        if not lower:
            return False
        return _call(sim, turn, rng.choice(lower[-4:]))
    if t.name in ("pass_out_of_turn", "bid_out_of_turn", "double_out_of_turn"):
        offender = rng.choice([turn.partner, turn.lho])
        if t.name == "pass_out_of_turn":
            call = PASS
        elif t.name == "double_out_of_turn":
            if last is None or last[1] not in (offender.lho, offender.rho):
                return False
            call = DOUBLE
        else:
            call = legal_call(rng, state)
            if not call.is_bid:
                bids = [c for c in state.legal_calls() if c.is_bid and c.code <= _GAME]
                call = bids[0] if bids else PASS
        return _call(sim, offender, call)
    if t.name == "inadmissible":
        if last is not None and last[1] == turn.partner and not any(
                r.call.is_double for r in state.standing_calls[-2:]):
            return _call(sim, turn, DOUBLE)
        return _call(sim, turn, REDOUBLE) if last is not None else False
    if t.name == "exposed":
        seat = rng.choice(list(Seat))
        suit = Suit(rng.randrange(4))
        kind = rng.random()
        if kind < 0.35:
            cards: tuple[Card, ...] = (Card(suit, rng.choice("2345678")),)
        elif kind < 0.75:
            cards = (Card(suit, rng.choice("TJQKA")),)
        else:
            cards = (Card(suit, rng.choice("2345")), Card(Suit((int(suit) + 1) % 4), rng.choice("6789")))
        return _apply(sim, ExposeCards(seat, cards, False))
    if t.name == "change":
        call = legal_call(rng, state)
        if not _call(sim, turn, call):
            return False
        intended = [c for c in sim.state.legal_calls() if c != call and (c.is_pass or c.code <= _GAME)]
        if not intended:
            return False
        target = rng.choice(intended[:6] + [PASS])
        return _apply(sim, ChangeCall(turn, target, "slip"))
    if t.name == "after_final_pass":
        if not finish_auction(rng, sim):
            return False
        contract = sim.state.contract
        assert contract is not None
        seat = rng.choice(list(Seat))
        bids = [b for b in BIDS if b.code > Call.bid(contract.level, contract.strain).code and b.code <= _GAME]
        call = rng.choice([PASS, DOUBLE, *bids[:3]]) if bids else rng.choice([PASS, DOUBLE])
        return _call(sim, seat, call)
    if t.name == "lead_out_of_turn":
        if not finish_auction(rng, sim):
            return False
        if not _resolve(rng, sim):
            return False
        contract = sim.state.contract
        assert contract is not None
        wrong = contract.opening_leader.partner
        card = Card(Suit(rng.randrange(4)), rng.choice("23456789TJQKA"))
        return _apply(sim, Lead(wrong, card, True))
    if t.name == "above_seven":
        # a grand-slam auction: the side in turn bids seven, an opponent bids on
        last = _last_bid(sim.state)
        for _ in range(2):  # the side that bid the slam goes on to seven
            if last is None or sim.state.is_over or sim.state.turn in (last[1], last[1].partner):
                break
            _call(sim, sim.state.turn, PASS)
        seven = [c for c in sim.state.legal_calls() if c.is_bid and c.level == 7]
        if sim.state.is_over or not seven:
            return False
        _call(sim, sim.state.turn, rng.choice(seven))
        seat = sim.state.turn
        last = _last_bid(sim.state)
        if last is None or last[0].level != 7:
            return False
        return _call(sim, seat, Call.bid(8, rng.choice(list(Strain))))
    if t.name == "while_silenced":
        for _ in range(8):
            state = sim.state
            if state.is_over or state.pending is not None:
                return False
            seat = state.turn
            if any(ob.kind in ("pass_rest_of_auction", "pass_next_turn") for ob in state.obligations[seat]):
                last = _last_bid(state)
                floor = last[0].code if last is not None else -1
                bids = [c for c in BIDS if floor < c.code <= _GAME]  # sufficient, were it not for the obligation
                return bool(bids) and _call(sim, seat, bids[rng.randrange(min(3, len(bids)))])
            _call(sim, seat, legal_call(rng, state))
        return False
    raise ValueError(f"no irregularity called {t.name!r}")  # pragma: no cover - TEMPLATES lists them


def _silencing(rng: random.Random, sim: Simulator) -> int | None:
    """A first irregularity that leaves a player obliged to pass (for a call by that player,
    37): an insufficient bid replaced by a pass, a double of partner's bid, an exposed honour;
    return its event number."""
    for name in rng.sample(["insufficient", "inadmissible", "exposed"], 3):
        t = next(x for x in TEMPLATES if x.name == name)
        before = len(sim.steps)
        if _irregularity(rng, sim, t):
            n = before + 1
            if _resolve(rng, sim) and any(sim.state.obligations[s] for s in Seat):
                return n
            return None
    return None


def make_situation(rng: random.Random, level: int, law: int | None = None,
                   book: LawBook | None = None, template: Template | None = None,
                   sim: Simulator | None = None) -> Situation | None:
    """A legal start and an irregularity at ``level`` (about ``law``; of ``template`` when
    given), ruled by ``book`` (the 2017 Laws unless given), played up to the moment the
    irregularity is on the table; ``None`` when this draw does not fit (draw again).

    ``sim``, when given, is a simulator under the same book to start again and play the board
    on, instead of a new one: building the ``transitions`` machines is most of a board's cost,
    and a reader that draws many boards and keeps none of them (the quiz counting its answers)
    may reuse one.  The board drawn is the same either way."""
    from ..simulator import Simulator

    if template is None:
        template = rng.choice(templates_for(level, law))
    from ..lawbook import LAWS_2017

    dealer = Seat(rng.randrange(4))
    if sim is None:
        sim = Simulator(dealer, check=False, book=book or LAWS_2017)
    else:
        if sim.book is not (book or LAWS_2017):
            raise ValueError(f"the simulator is ruled by law book {sim.book.name!r}, not the one asked for")
        sim.check = False
        sim.reset(dealer)
    if template.name == "above_seven":
        start = rng.randint(3, 6)
        if not _start(rng, sim, start):
            return None
        cap = Call.bid(6, Strain.NT).code
        last = _last_bid(sim.state)
        assert last is not None
        side = {last[1], last[1].partner}
        for _ in range(4):  # slam bidding by one side: the only time the start goes beyond game
            state = sim.state
            if state.is_over:
                return None
            bids = [c for c in state.legal_calls() if c.is_bid and c.level >= 4 and c.code <= cap]
            mine = state.turn in side
            _call(sim, state.turn, rng.choice(bids[:6]) if bids and mine else PASS)
    elif not _start(rng, sim, rng.randint(1, 5)):
        return None
    earlier = None
    if template.name == "while_silenced" or (level >= 4 and rng.random() < 0.4):
        earlier = _silencing(rng, sim)
        if earlier is None:
            return None
        if template.name != "while_silenced":
            for _ in range(rng.randint(0, 2)):
                if sim.state.is_over or sim.state.pending is not None:
                    break
                _call(sim, sim.state.turn, legal_call(rng, sim.state))
            if sim.state.is_over and template.name not in ("after_final_pass", "lead_out_of_turn"):
                return None
    if sim.state.is_over and template.name not in ("lead_out_of_turn",):
        return None
    if not _irregularity(rng, sim, template):
        return None
    from ..engine import is_incident

    st = sim.steps[-1]
    if not is_incident(st.before, st.event, st.after):
        return None
    return Situation(sim, template, len(sim.steps), earlier)


def make_variant(rng: random.Random, sit: Situation, level: int, law: int | None = None, *,
                 same: bool = False) -> Situation | None:
    """A nearby variant of ``sit``: the same table up to the irregularity (the same dealer, the
    same calls, the same earlier irregularity), then another irregularity of ``level`` (about
    ``law``) at that moment -- the same kind half the time (always when ``same``), made afresh
    (another seat, call or card).  The quiz asks its question of variants too, and offers their answers, ruled by the
    engine, as the wrong choices: what a player at that table could really have faced.
    ``None`` when the draw does not fit."""
    from ..engine import is_incident
    from ..simulator import Simulator

    first = sit.sim
    sim = Simulator(first.dealer, check=False, book=first.book)
    for st in first.steps[:sit.irregular - 1]:
        if not _apply(sim, st.event):
            return None
    choices = templates_for(level, law)
    template = sit.template if same or rng.random() < 0.5 or len(choices) == 1 else rng.choice(choices)
    if sim.state.is_over and template.name not in ("lead_out_of_turn", "after_final_pass"):
        return None
    if template != sit.template and template.name in ("lead_out_of_turn", "after_final_pass", "above_seven"):
        return None  # these would play on to another auction, not vary this one
    if not _irregularity(rng, sim, template):
        return None
    st = sim.steps[-1]
    if not is_incident(st.before, st.event, st.after):
        return None
    return Situation(sim, template, len(sim.steps), sit.earlier)


def offender_of(sit: Situation) -> Seat | None:
    """The seat that made the situation's irregularity (the caller, the player who exposed a
    card, the defender who led out of turn)."""
    seat = getattr(sit.sim.steps[sit.irregular - 1].event, "seat", None)
    return seat if isinstance(seat, Seat) else None


def settle(rng: random.Random, sim: Simulator, *, watched: bool = False) -> bool:
    """Rule the pending irregularity to the end with plausible choices.  ``watched``: go on
    calling until no rectification waits for a later call either (the offender's next call,
    judged for comparability), so that who must pass is settled."""
    if not _resolve(rng, sim):
        return False
    for _ in range(8):
        state = sim.state
        if not watched or not state.watches or state.is_over:
            break
        _call(sim, state.turn, legal_call(rng, state))
        if not _resolve(rng, sim):
            return False
    return not (watched and sim.state.watches)
