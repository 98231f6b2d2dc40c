"""Plain-English narration of an auction period, for people rather than programs.

:func:`narrate` tells a simulator's auction event by event -- each call, each irregularity with
the director's ruling and its law, each decision and judgement, the opening lead -- and then how
the auction period ended (contract, presumed and actual declarer, dummy and leader, penalty cards
and lead rules) or where it stands.  Each kind of event is told by one function here.

>>> from auction_fsm.simulator import Simulator
>>> sim = Simulator("N")
>>> for seat, call in [("N", "1NT"), ("E", "P"), ("S", "3NT"), ("W", "X"),
...                    ("N", "P"), ("E", "P"), ("S", "P")]:
...     _ = sim.call(seat, call)
>>> print("\\n".join(narrate(sim)))
1. North (dealer) opens 1NT.
2. East passes.
3. South bids 3NT.
4. West doubles 3NT.
5. North passes.
6. East passes.
7. South passes.
The auction is over (Law 22A): the contract is 3NTX (three no trump doubled) by North.
Declarer North, dummy South, opening leader East.
Clarification period (Law 17D1): East to make the opening lead face down (Law 41A).
"""

from __future__ import annotations

import re

from . import rules
from .auction import AuctionState
from .calls import ALL_CALLS, Call, Strain
from .cards import Suit
from .consequences import Result, consequences, required_call
from .events import (
    Attention,
    CallEvent,
    ChangeCall,
    Choice,
    DirectorCalled,
    Event,
    ExplanationRequest,
    ExposeCards,
    FaceLead,
    Judgement,
    Lead,
    ReviewRequest,
)
from .lawbook import LAWS_2017, LawBook, book_of
from .lawbook.exposure import penalty_cards
from .lawbook.procedure import JUDGEMENTS, Option
from .lawbook.restrictions import eligible_suits, restriction_status
from .records import Contract, Obligation, Pending, Ruling
from .scenario import Replay
from .seats import Seat
from .simulator import Simulator, Step

__all__ = [
    "narrate",
    "narrate_replay",
    "describe_step",
    "join_words",
    "option_words",
    "caller",
    "call_verb",
    "decision_in_words",
    "step_lines",
    "options_lines",
    "obligation_in_words",
    "explain_ruling",
    "law_title",
    "describe_outcome",
    "contract_in_words",
    "vulnerability_in_words",
    "OUTSIDE_THE_MODEL",
    "FIVE_OPTIONS_NOTE",
]

_LEVELS = ("one", "two", "three", "four", "five", "six", "seven")
_STRAINS = ("clubs", "diamonds", "hearts", "spades", "no trump")
_STRAIN = ("club", "diamond", "heart", "spade", "no trump")  # after "one"
_DOUBLING = ("", " doubled", " redoubled")

# A short name for each law a ruling may cite, in our own words (2017 Laws).
_LAW_TITLES = {
    17: "the auction period",
    20: "review and explanation of calls",
    21: "misinformation",
    22: "end of the auction",
    23: "comparable call",
    24: "card exposed or led during the auction",
    25: "change of call",
    26: "lead restrictions after a withdrawn call",
    27: "insufficient bid",
    28: "call treated as in rotation",
    29: "call out of rotation",
    30: "pass out of rotation",
    31: "bid out of rotation",
    32: "double or redouble out of rotation",
    33: "simultaneous calls",
    34: "right to call kept",
    35: "inadmissible call",
    36: "inadmissible double or redouble",
    37: "call breaking an obligation to pass",
    38: "bid above seven",
    39: "call after the final pass",
    41: "the opening lead",
    50: "penalty card",
    51: "two or more penalty cards",
    54: "faced opening lead out of turn",
    56: "lead out of turn refused",
}

OUTSIDE_THE_MODEL = ("Play beyond the opening lead (tricks, revokes, later leads out of turn) is "
                     "outside this model.")

FIVE_OPTIONS_NOTE = (
    "Note: quick-reference cards list five options for declarer here; the 2017 text gives them "
    "in two steps -- accept the lead and see dummy (54B), spread the hand and become dummy "
    "(54A), or refuse it (54D), after which the card is a major penalty card and declarer may "
    "require or prohibit its suit or let it remain (50D). Only declarer chooses, and if declarer "
    "could have seen dummy's cards the lead must be accepted (54C).")


def contract_in_words(contract: Contract) -> str:
    """``4HX`` as ``four hearts doubled``.

    >>> from auction_fsm.calls import Strain
    >>> from auction_fsm.seats import Seat
    >>> contract_in_words(Contract(6, Strain.S, 2, Seat.W))
    'six spades redoubled'
    >>> contract_in_words(Contract(1, Strain.H, 0, Seat.N))
    'one heart'
    """
    strain = (_STRAIN if contract.level == 1 else _STRAINS)[contract.strain]
    return f"{_LEVELS[contract.level - 1]} {strain}{_DOUBLING[contract.doubled]}"


def law_title(law: str) -> str | None:
    """A short name for the first law a reference cites (``"24E, 50"`` is about exposed cards).

    >>> law_title("54D, 56"), law_title("26B"), law_title("12C")
    ('faced opening lead out of turn', 'lead restrictions after a withdrawn call', None)
    """
    m = re.match(r"\s*(\d+)", law)
    return None if m is None else _LAW_TITLES.get(int(m.group(1)))


def explain_ruling(ruling: Ruling) -> str:
    """One ruling as an indented line: the law, what the law is about, and the ruling itself.

    >>> explain_ruling(Ruling("27B2", "West's partner must pass for the rest of the auction"))
    "   Ruling, Law 27B2 (insufficient bid): West's partner must pass for the rest of the auction."
    """
    title = law_title(ruling.law)
    about = f" ({title})" if title else ""
    text = ruling.summary.rstrip(".")
    return f"   Ruling, Law {ruling.law}{about}: {text}."


def _option_spec(pending: Pending | None, option: str, book: LawBook) -> Option | None:
    """What the book says of ``option`` of the pending decision (``None`` when nothing is
    pending or the decision does not offer it -- a choice the model refused)."""
    if pending is None:
        return None
    return book.state(pending.state_name).option(option)


def option_words(option: str, pending: Pending | None = None, book: LawBook = LAWS_2017) -> str:
    """A decision option as a verb phrase from the book (``require_D`` as ``requires a diamond
    lead``); an option the pending decision does not offer is spelt out in words."""
    spec = _option_spec(pending, option, book)
    if spec is None:
        return f"chooses {option.replace('_', ' ')}"
    return spec.does.format(it="it", x=spec.detail_words(option))


def _judged(kind: str) -> tuple[str, str]:
    """What the director finds by answering yes and no to judgement ``kind`` (from the book)."""
    j = JUDGEMENTS.get(kind)
    return (j.yes, j.no) if j is not None else (f"{kind.replace('_', ' ')}: yes", f"{kind.replace('_', ' ')}: no")


def caller(event: CallEvent, before: AuctionState) -> str:
    """Who made the call, in words: ``South``, or ``North (dealer)`` for the auction's first call."""
    who = event.seat.long_name
    return who + " (dealer)" if not before.record and event.seat == before.dealer else who


def call_verb(event: CallEvent, before: AuctionState, name_the_doubled: bool = True) -> str:
    """The call as a teacher says it here: ``passes``, ``opens 1H`` / ``bids 2C``, ``doubles 1H``
    (or just ``doubles``), ``redoubles``."""
    call = event.call
    if call.is_pass:
        return "passes"
    # the last bid that stands is read from the legal-auction key, not by reading the record
    # (a scan of the record on every call made ``teach`` quadratic on a long auction, T01)
    last_bid = rules.unpack(before.key)[1]
    if call.is_bid:
        return f"{'opens' if last_bid == rules.NO_BID else 'bids'} {call}"
    if call.is_double:
        named = name_the_doubled and last_bid != rules.NO_BID
        return f"doubles {ALL_CALLS[last_bid]}" if named else "doubles"
    return "redoubles"


def _describe_call(number: int, event: CallEvent, before: AuctionState, after: AuctionState) -> str:
    """``3. South bids 3NT.`` -- with the verb a teacher would use for this call here, and a note
    when the call was irregular (how the record classified it and the law that applies)."""
    who = caller(event, before)
    call = event.call
    verb = call_verb(event, before)
    made = next((r for r in after.record[len(before.record):]
                 if r.seat == event.seat and r.call == call), None)
    if made is None or made.irregularity is None:
        return f"{number}. {who} {verb}."
    law = f", Law {made.law}" if made.law else ""
    return f"{number}. {who} {verb} -- {made.irregularity.replace('_', ' ')}{law} (call {made.status})."


def _describe_event(event: Event, before: AuctionState | None = None, book: LawBook = LAWS_2017) -> str:
    """Any event other than a call, as a sentence without its number; ``before`` is the
    position it was made in (a choice is told in the words the book gives its option there)."""
    if isinstance(event, DirectorCalled):
        return "The director is called" + (f" by {event.by.long_name}." if event.by is not None else ".")
    if isinstance(event, Judgement):
        yes, no = _judged(event.kind)
        dens = ""
        if event.denominations:
            dens = " (specifying " + ", ".join(_STRAINS[d] for d in event.denominations) + ")"
        return f"The director judges that {yes if event.value else no}{dens}."
    if isinstance(event, Choice):
        return f"{event.seat.long_name} {option_words(event.option, before.pending if before is not None else None, book)}."
    if isinstance(event, ExposeCards):
        cards = " ".join(c.text for c in event.cards)
        how = "leads" if event.led else "exposes"
        return f"{event.seat.long_name} {how} {cards} during the auction."
    if isinstance(event, ChangeCall):
        why = "after misinformation" if event.ground == "misinformation" else "as a slip"
        return f"{event.seat.long_name} tries to change the last call to {event.call} ({why})."
    if isinstance(event, ReviewRequest):
        return f"{event.seat.long_name} asks for the auction to be restated."
    if isinstance(event, ExplanationRequest):
        what = f"call {event.call_index}" if event.call_index else "the opponents' auction"
        return f"{event.seat.long_name} asks for an explanation of {what}."
    if isinstance(event, Lead):
        how = "face up" if event.faced else "face down"
        return f"{event.seat.long_name} leads {event.card.text} {how}."
    if isinstance(event, FaceLead):
        return "The face-down opening lead is faced."
    if isinstance(event, Attention):
        return event.describe().capitalize() + "."
    return f"{event.describe()}."  # pragma: no cover - every event type is told above


def describe_step(number: int, step: Step, book: LawBook = LAWS_2017) -> str:
    """One line telling event ``number`` (1-based) of the auction period."""
    if isinstance(step.event, CallEvent):
        return _describe_call(number, step.event, step.before, step.after)
    return f"{number}. {_describe_event(step.event, step.before, book)}"


def step_lines(number: int, step: Step, book: LawBook | None = None) -> list[str]:
    """The event's line, then each ruling it brought, explained with its law; after a faced
    opening lead out of turn, a note on how 2017 Law 54 differs from the usual summaries.  When
    the event opens a decision with a choice in it, what each option leads to under ``book``
    (:func:`options_lines`).  Without ``book``, the book the position names rules."""
    book = book or book_of(step.after)
    lines = [describe_step(number, step, book)]
    for ruling in step.after.rulings[len(step.before.rulings):]:
        lines.append(explain_ruling(ruling))
        if ruling.law == "54":
            lines.append("   " + FIVE_OPTIONS_NOTE)
    after, before = step.after.pending, step.before.pending
    if after is not None and len(after.options) > 1 and (
            before is None or (before.state_name, before.options) != (after.state_name, after.options)):
        lines += options_lines(step.after, book)
    return lines


def _calls_words(calls: tuple[Call, ...], last: bool) -> str:
    """A group of calls: ``2S``, ``1C, 1D or 1H``; a long group as a count (``any of the other
    30 calls`` when it is the last group told); a bid above seven in the group is always named
    (``..., or a bid above seven``)."""
    texts = [str(c) for c in calls if c.is_admissible_level]
    above = len(texts) < len(calls)  # the one bid above seven tried stands for every such bid (38)
    if len(texts) + above <= 4:
        return join_words([*texts, "a bid above seven"] if above else texts)
    also = ", or a bid above seven" if above else ""  # named, never hidden in a count (F08)
    if last:
        return f"any of the other {len(texts)} calls{also}"
    return f"{', '.join(texts[:3])} or {len(texts) - 3} others{also}"


def _then(result: Result, book: LawBook) -> str:
    """The decision an option leads to, as a clause (``then the director judges ...``); left
    out when the rulings already name who decides next."""
    if result.then is None or result.after is None:
        return ""
    decider = result.then.decider
    name = Seat[decider].long_name if decider in Seat.__members__ else decider
    if any(name in r for r in result.rulings):
        return ""
    line = decision_in_words(result.after, book)
    line = re.sub(r"^Waiting for the director \((Law [^)]*)\) to judge", r"the director judges (\1)", line)
    line = re.sub(r"^Waiting for ([A-Za-z]+): ", "", line)
    return f"; then {line.rstrip('.')}"


def _result_words(result: Result, book: LawBook) -> str:
    text = "; ".join(r.rstrip(".") for r in result.rulings) or "nothing changes"
    return f"{text} (Law {result.law}){_then(result, book)}"


def options_lines(state: AuctionState, book: LawBook | None = None) -> list[str]:
    """What each option of the pending decision leads to, found by ruling it in ``book``
    (:func:`auction_fsm.consequences.consequences`): one indented line per option, or per group
    of calls for an option made by calling."""
    pending = state.pending
    if pending is None:
        return []
    book = book or book_of(state)
    lines = ["   What each option leads to:"]
    # where a bid above seven goes after the row that took it (F08): told once, after the options,
    # rather than on every group of calls it could be among
    above: dict[tuple[str, str], list[str]] = {}
    for c in consequences(state, book):
        who = c.seat.long_name if c.seat is not None else "anyone"
        spec = c.spec
        if c.how == "judgement":
            yes, no = _judged(spec.judgement if spec is not None else "")
            head = f"If the director judges that {yes if c.value else no}"
        else:
            head = f"If {who} {option_words(c.option, pending, book)}"
        for a in dict.fromkeys(a for r in c.results for a in r.above_seven):
            above.setdefault(a, []).append(head[0].lower() + head[1:])
        if not c.results:
            lines.append(f"   - {head}: no law takes it here.")
        elif c.how == "call" and len(c.results) > 1:
            for i, r in enumerate(c.results):
                calls = _calls_words(r.calls, i == len(c.results) - 1)
                lines.append(f"   - {head} with {calls}: {_result_words(r, book)}.")
        else:
            lines.append(f"   - {head}: {_result_words(c.results[0], book)}.")
    lines.extend(f"   - A bid above seven ({join_words(heads)}) then goes on to Law {law}: {words.rstrip('.')}."
                 for (law, words), heads in above.items())
    return lines


def join_words(words: list[str], last: str = "or") -> str:
    """``a, b or c`` (empty for no words)."""
    if not words:
        return ""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _suit_options(options: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The lead options (``require_H``, ``prohibit_S`` ...) grouped into phrases such as
    ``require or prohibit a heart lead``, the cards declarer may designate (``designate_SA``,
    ``designate_HK``) as ``designate SA or HK as the card to be led``, and the options that are
    about neither."""
    suits: dict[str, list[str]] = {}
    cards: list[str] = []
    rest: list[str] = []
    for option in options:
        kind, _, suit = option.partition("_")
        if kind in ("require", "prohibit") and suit in Suit.__members__:
            suits.setdefault(kind, []).append(Suit[suit].word)
        elif kind == "designate" and suit:
            cards.append(suit)
        else:
            rest.append(option)
    if cards:
        rest.insert(0, f"designate {join_words(cards)} as the card to be led")
    phrases: list[str] = []
    if suits.get("require") and suits.get("require") == suits.get("prohibit"):
        phrases.append(f"require or prohibit a {join_words(suits['require'])} lead")
    else:
        phrases += [f"{kind} a {join_words(names)} lead" for kind, names in suits.items()]
    return phrases, rest


def _option_phrase(option: str, it: str, pending: Pending, book: LawBook) -> str:
    """One option as an infinitive phrase from the book; an option the decision does not
    declare is spelt out in words (never shown as its identifier)."""
    if option.startswith("designate "):  # already in words (see _suit_options)
        return option
    spec = _option_spec(pending, option, book)
    if spec is not None:
        return spec.may.format(it=it, x=spec.detail_words(option))
    return option.replace("_", " ")


def _judgement_words(kind: str) -> str:
    """``whether the call was artificial``: the question a judgement answers."""
    yes = _judged(kind)[0] if kind in JUDGEMENTS else kind.replace("_", " ")
    return f"whether {yes}"


def decision_in_words(state: AuctionState, book: LawBook | None = None) -> str:
    """What the pending procedure waits for, in plain words with its law: who may do what.

    The JSON report keeps the options' identifiers; this is what a person reads, e.g.
    ``Waiting for South: South may accept East's insufficient 1C or call the director to rule
    on it (Law 27A1).``  A judgement the director may give first is told after it.
    """
    pending = state.pending
    assert pending is not None
    book = book or book_of(state)
    offender = pending.offender.long_name
    call = new = ""
    if pending.procedure != "lead_out_of_turn" and pending.call is not None:
        made = pending.call
        call = "double" if made.is_double else "redouble" if made.is_redouble else str(made)
    elif pending.procedure == "lead_out_of_turn" and 0 <= state.lead_index_of(pending) < len(state.leads):
        call = state.leads[state.lead_index_of(pending)].card.text
    new = pending.get("new") or call
    whose = "the" if pending.decider == pending.offender.name else f"{offender}'s"
    about = book.state(pending.procedure).about
    if about:
        it = about.format(whose=whose, who=offender, call=call, new=new)
    else:
        it = f"{whose} {pending.procedure.replace('_', ' ')}"
    if pending.procedure == "lead_out_of_turn" and call:
        it += f" ({call})"
    law = f"Law {pending.law}"
    if pending.decider == "director":
        kind = pending.get("judgement") or (pending.options[0] if pending.options else "")
        line = f"Waiting for the director ({law}) to judge {_judgement_words(kind)}, about {it}."
    else:
        decider = Seat[pending.decider].long_name if pending.decider in Seat.__members__ else pending.decider
        role = " as declarer" if pending.procedure in ("declarer_lead_options", "lead_out_of_turn") else ""
        if pending.procedure == "declarer_lead_options":
            it = f"{pending.in_turn_of.long_name}'s opening lead"
        suit_phrases, rest = _suit_options(pending.options)
        phrases = suit_phrases + [_option_phrase(o, "it" if suit_phrases or n else it, pending, book)
                                  for n, o in enumerate(rest)]
        if suit_phrases:
            phrases[0] += f" for {it}"
        verb = "must" if len(phrases) == 1 else "may"
        line = f"Waiting for {decider}: {decider}{role} {verb} {join_words(phrases)} ({law})."
    judgement = pending.get("judgement")
    if judgement and pending.decider != "director":
        line += f" The director may first judge {_judgement_words(judgement)}."
    return line


def _rights_in_words(state: AuctionState) -> list[str]:
    """The 26B rights that declarer will not use before the opening lead, once the auction is
    over: lapsed ones (the offender declares or is dummy, or the board was passed out), and
    those waiting for the offender's partner's first lead during the play.  A right declarer
    chooses on before the lead is told by the pending decision and the lead rules instead."""
    lines: list[str] = []
    contract = state.contract
    told: set[Seat] = set()
    for r in state.restrictions:
        if r.offender in told:
            continue
        told.add(r.offender)
        status = restriction_status(state, r)
        against = f"{r.leader.long_name}'s first lead"
        if status == "lapsed" and contract is None:
            lines.append(f"The lead restriction right against {against} lapsed: the board was passed "
                         "out (Law 26B).")
        elif status == "lapsed" and contract is not None:
            role = "declarer" if r.offender == contract.declarer else "dummy"
            lines.append(f"The lead restriction right against {against} lapsed: {r.offender.long_name} "
                         f"became {role} (Law 26B).")
        elif status == "applies_in_play":
            eligible = [_STRAINS[s] for s in eligible_suits(state, r)]
            if not eligible:  # the offender specified every suit in the auction that stands
                lines.append(f"The lead restriction right against {against} leaves declarer nothing to "
                             f"prohibit: {r.offender.long_name} specified all four suits in the auction "
                             "(Law 26B).")
                continue
            lines.append(f"Lead restriction still to come (Law 26B): when {r.leader.long_name} first has "
                         f"the lead, during the play, declarer may prohibit {join_words(eligible)}.")
    return lines


def _after_the_auction(state: AuctionState) -> list[str]:
    """Penalty cards, lead rules and 26B rights, and where the clarification period stands."""
    contract = state.contract
    assert contract is not None
    lines = _rights_in_words(state)
    for p in penalty_cards(state):
        lines.append(f"Penalty card: {p.seat.long_name}'s {p.card.text} "
                     f"({'major' if p.major else 'minor'}, Law {p.law}).")
    lead = state.current_lead
    for r in state.lead_rules:
        if r.kind == "designate" and r.card is not None:
            if lead is None:  # it binds the opening lead only
                lines.append(f"Lead rule in force: declarer designated {r.card.text} from "
                             f"{r.leader.long_name}'s major penalty cards, so {r.leader.long_name} must "
                             f"lead it (Law {r.law}).")
            continue
        lines.append(f"Lead rule in force: {r.leader.long_name} {'must' if r.kind == 'require' else 'may not'} "
                     f"lead a {_STRAIN[Strain(int(r.suit))]} (Law {r.law}).")
    if state.pending is not None:
        return lines
    if lead is None:
        lines.append(f"Clarification period (Law 17D1): {contract.opening_leader.long_name} to make the "
                     "opening lead face down (Law 41A).")
    elif not lead.faced:
        lines.append(f"{lead.seat.long_name} has led {lead.card.text} face down (Law 41A): the "
                     "clarification period goes on until it is faced (Law 41B questions may be asked).")
    else:
        actual_d, actual_dm = state.actual_declarer, state.actual_dummy
        assert actual_d is not None and actual_dm is not None
        lines.append(f"The opening lead {lead.card.text} by {lead.seat.long_name} is faced: the auction "
                     "period is over and play begins (Laws 17D1, 41C).")
        if state.swapped:
            lines.append(f"Declarer spread the hand (Law 54A): {actual_d.long_name} now declares and "
                         f"{actual_dm.long_name} is dummy.")
        if lead.seat != contract.opening_leader:
            lines.append(f"{lead.seat.long_name}'s lead out of turn stands (Law {lead.law}).")
        lines.append(f"At the table: declarer {actual_d.long_name}, dummy {actual_dm.long_name}, "
                     f"opening lead by {lead.seat.long_name}.")
        lines.append(OUTSIDE_THE_MODEL)
    return lines


def describe_outcome(state: AuctionState, book: LawBook | None = None) -> list[str]:
    """How the auction period ended, or where it stands if it has not ended."""
    contract = state.contract
    lines: list[str] = []
    if state.pending is not None:
        lines.append(decision_in_words(state, book))
        if contract is None:
            return lines
    if state.is_passed_out:
        return [("Nobody bid, so the auction period ends when the hands go back to the board "
                 "(Law 17D2). All four players passed: the board is passed out (Law 22B)."),
                *_rights_in_words(state)]
    if contract is not None:
        declarer, dummy, leader = (contract.declarer.long_name, contract.dummy.long_name,
                                   contract.opening_leader.long_name)
        over = f"The auction is over (Law 22A): the contract is {contract.text}"
        lines += [f"{over} ({contract_in_words(contract)}) by {declarer}.",
                  f"Declarer {declarer}, dummy {dummy}, opening leader {leader}."]
        return lines + _after_the_auction(state)
    calls = len(state.legal_calls())
    required = required_call(state, book if book is not None else book_of(state))
    owed = required is not None and not required.legal  # told at once: it is why no call is legal
    legal = f"{calls} legal call{'' if calls == 1 else 's'}" if calls else "no legal call"
    lines = [f"The auction is not over: {state.turn.long_name} to call ({legal})."
             + (f" {required.words()}" if owed and required is not None else "")]
    for seat in Seat:
        for ob in state.obligations[seat]:
            if owed and seat == state.turn and ob.kind == "repeat_call":
                continue
            lines.append(f"{seat.long_name} {obligation_in_words(ob)} (Law {ob.law}).")
    return lines


def obligation_in_words(obligation: Obligation) -> str:
    """What an obligation asks of its seat, as a verb phrase: ``must repeat 1H``."""
    if obligation.kind == "pass_next_turn":
        return "must pass at the next turn"
    if obligation.kind == "pass_rest_of_auction":
        return "must pass for the rest of the auction"
    if obligation.kind == "no_double_next_turn":
        return "may not double or redouble at the next turn"
    return f"must repeat {obligation.call}"


def narrate(sim: Simulator) -> list[str]:
    """The auction period so far: each event with its rulings, then the outcome."""
    lines: list[str] = []
    for n, step in enumerate(sim.steps, 1):
        lines += step_lines(n, step, sim.book)
    return lines + describe_outcome(sim.state, sim.book)


def vulnerability_in_words(vulnerability: str) -> str:
    """``NS`` as ``North-South vulnerable`` and so on.

    >>> vulnerability_in_words("All")
    'both sides vulnerable'
    """
    return {"None": "neither side vulnerable", "NS": "North-South vulnerable",
            "EW": "East-West vulnerable", "All": "both sides vulnerable"}.get(vulnerability, vulnerability)


def narrate_replay(replay: Replay, told: list[str] | None = None) -> list[str]:
    """A replayed scenario told in full: heading, events, and the outcome or where it stopped.

    ``told``: the steps' lines already made while replaying (:func:`step_lines`, each step as it
    came; the simulator then need not keep its steps), else they are made from ``sim.steps``.
    An event after the faced opening lead is refused by the model; the narration then says
    that play is outside it.
    """
    scenario, sim = replay.scenario, replay.simulator
    heading = scenario.source if scenario.title is None else f"{scenario.title} ({scenario.source})"
    lines = [f"== {heading} ==",
             f"Dealer {scenario.dealer.long_name}, {vulnerability_in_words(scenario.vulnerability)}."]
    if scenario.description:
        lines.append(scenario.description)
    if told is not None:
        lines += told
    else:
        for n, step in enumerate(sim.steps, 1):
            lines += step_lines(n, step, sim.book)
    if replay.failed_event is not None:
        event = scenario.events[replay.failed_event - 1]
        if sim.state.phase == "play":
            lines.append(f"{replay.failed_event}. Not replayed: {event.describe()} comes after the opening "
                         "lead was faced, when the auction period is over (Law 17D1). "
                         + OUTSIDE_THE_MODEL)
        else:
            lines.append(f"{replay.failed_event}. Refused: {event.describe()} (see the error message). "
                         "Replay stopped; the position reached:")
    return lines + describe_outcome(sim.state, sim.book)
