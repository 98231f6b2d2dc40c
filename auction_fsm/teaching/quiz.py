"""The quiz (``auction-fsm quiz``): situations at the table, a question, four choices, the
engine's answer explained with the law.

A question is built on a **situation** (:mod:`auction_fsm.teaching.situations`): a realistic
legal start to the auction, then one irregularity (two at the director-exam level) at a
plausible moment, played out by the engine.  Six kinds of question are asked about it:

* **law**: under which law the director rules at an event (the law of the engine's ruling);
* **who**: who decides what happens now (the player or director the engine waits for);
* **options**: what that player may do (the options of the decision waiting, in words);
* **next**: one option is taken; what does the director rule at once (the engine's ruling);
* **obligations**: once the irregularity is dealt with, who must pass and for how long;
* **lead**: once the auction is over, what lead restrictions follow.

The right answer is read from the position the engine reached -- never written here.  The
wrong answers are plausible: other players and roles, other option sets, the rulings the other
options would bring (ruled by the engine too), the neighbouring paragraphs of the same law.
Every choice cites a law, and the choices are picked so that neither the law cited nor the
length gives the right one away: when the right choice cites the law the situation is about,
at least two wrong ones cite it too, and the right choice is the longest (and the shortest)
about one time in four (``benchmarks/bench_quiz.py`` measures both against chance).

Levels (:data:`LEVELS`): *beginner* (insufficient bids, calls out of rotation, exposed cards),
*club* (inadmissible doubles, opening leads out of turn, what the options are, lead
restrictions), *advanced* (doubles out of rotation, changes of call, calls after the final
pass), *exam* (bids above seven, calls by a player obliged to pass, two irregularities).
Question ``n`` of seed ``s`` at a level is drawn from ``Random("quiz:s:level:n:attempt")``:
the same seed gives the same quiz.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from ..calls import Call, Strain
from ..events import CallEvent, Choice, DirectorCalled
from ..lawbook import LAWS_2017, LawBook
from ..seats import Seat
from .situations import LEVELS, Situation, finish_auction, make_situation, settle, templates_for

if TYPE_CHECKING:
    from ..auction import AuctionState
    from ..engine import Step
    from ..lawbook.procedure import Option
    from ..simulator import Simulator

__all__ = ["Question", "make_question", "QuizSession", "family_numbers", "families_for_law", "KINDS",
           "LEVELS", "cited_numbers", "level_number", "quiz_laws"]

KINDS: Final = ("law", "who", "options", "next", "obligations", "lead")
#: The kinds of question asked at each level (1-4).
KINDS_AT: Final = {1: ("law", "who", "next", "obligations"),
                   2: ("law", "who", "options", "next", "obligations", "lead"),
                   3: KINDS, 4: KINDS}
_LETTERS: Final = "abcd"
_PLAIN: Final = ("17-22", "seat")
_LAW_IN_TEXT: Final = re.compile(r"\bLaws? ([0-9][0-9A-Za-z]*(?:(?:, | and |-)[0-9][0-9A-Za-z]*)*)")


def family_numbers(family: str) -> set[int]:
    """The law numbers a family covers: ``"28-34"`` is 28 to 34, ``"21B, 25"`` is 21 and 25."""
    out: set[int] = set()
    for part in family.split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-")
            out |= set(range(int(a), int(b) + 1))
        elif part:
            out.add(int("".join(ch for ch in part if ch.isdigit())))
    return out


def families_for_law(law: int | None, book: LawBook = LAWS_2017) -> tuple[str, ...]:
    """The drawn irregularity families of ``book`` that cover law number ``law`` (all when
    ``None``)."""
    fams = [f for f in book.drawn_families if f not in _PLAIN]
    return tuple(fams if law is None else [f for f in fams if law in family_numbers(f)])


def quiz_laws() -> list[int]:
    """The law numbers ``--law`` accepts: those the quiz has situations for."""
    return [n for n in range(1, 94) if templates_for(4, n)]


def level_number(level: int | str) -> int:
    """A level by number (1-4) or name (``beginner``, ``club``, ``advanced``, ``exam``)."""
    if isinstance(level, int) or str(level).isdigit():
        n = int(level)
        if 1 <= n <= len(LEVELS):
            return n
    elif str(level).lower() in LEVELS:
        return LEVELS.index(str(level).lower()) + 1
    raise ValueError(f"no level {level!r}: the levels are 1-4 or {', '.join(LEVELS)}")


def _tokens(law: str) -> list[str]:
    return [p.strip() for p in law.split(",") if p.strip()]


def _number(token: str) -> int | None:
    m = re.match(r"\d+", token)
    return int(m.group(0)) if m else None


def cited_numbers(text: str) -> set[int]:
    """The law numbers a choice cites: ``"... (Law 27B2, 26B)"`` cites 27 and 26."""
    out: set[int] = set()
    for m in _LAW_IN_TEXT.finditer(text):
        for part in re.split(r", | and |-", m.group(1)):
            n = _number(part)
            if n is not None:
                out.add(n)
    return out


@dataclass(frozen=True, slots=True)
class Question:
    """One quiz question: the situation in words, the question, four choices, the right one
    (an index) and the explanation shown after the answer; ``topic`` is the law number the
    situation is about, ``level`` 1-4."""

    number: int
    kind: str
    situation: tuple[str, ...]
    prompt: str
    choices: tuple[str, ...]
    answer: int
    explanation: tuple[str, ...]
    topic: int = 0
    level: int = 2


@dataclass(frozen=True, slots=True)
class _Option:
    """A choice: its text (ending with the law it cites) and what it means, for telling a
    wrong choice from the right one whatever the words."""

    text: str
    key: object


@dataclass(frozen=True, slots=True)
class _Built:
    """What a kind of question needs from its situation."""

    prompt: str
    right: _Option
    pool: list[_Option]
    told: int  # how many events the situation tells
    why: list[str]


# --- telling the situation -------------------------------------------------------------------

def _tell(n: int, st: Step) -> str:
    """Event ``n`` as the table saw it, without the ruling: who did what (and whose turn it
    was, for a call out of turn)."""
    from ..narrate import call_verb, caller, describe_step

    ev = st.event
    if not isinstance(ev, CallEvent):
        return describe_step(n, st)
    before = st.before
    verb = call_verb(ev, before, name_the_doubled=False)
    note = ""
    if before.is_over and before.pending is None:
        note = " after the final pass"
    elif before.pending is None and ev.seat != before.turn:
        note = f" (it was {before.turn.long_name}'s turn)"
    return f"{n}. {caller(ev, before)} {verb}{note}."


def _bring_the_director(sim: Simulator) -> None:
    """Call the director, by the player who decides, when the pending decision offers it (the
    questions about what follows ask once the director is at the table)."""
    p = sim.state.pending
    if p is not None and "director" in p.options:
        sim.apply(DirectorCalled(Seat[p.decider] if p.decider in Seat.__members__ else None))


def _role(seat: Seat, offender: Seat) -> str:
    if seat == offender:
        return "the offender"
    if seat == offender.partner:
        return "the offender's partner, across the table"
    return "the offender's left-hand opponent" if seat == offender.lho else "the offender's right-hand opponent"


def _cite(law: str) -> str:
    return f"(Law {law})"


# --- the laws a wrong choice may cite --------------------------------------------------------

def _family_tokens(topic: int, book: LawBook) -> list[str]:
    """The paragraphs of the law book's rows in the family of ``topic`` and the comparable-call
    and lead-restriction rows beside it, each once: the neighbours a wrong choice cites."""
    fams = set(families_for_law(topic, book)) | {"23, 26"}
    out: list[str] = []
    for r in book.rows_of("phase"):
        if r.family in fams:
            out += [t for t in _tokens(r.law) if not t.startswith(("9", "10", "17", "18", "19", "20", "22"))]
    return list(dict.fromkeys(out))


_TOKENS: dict[int, tuple[LawBook, tuple[str, ...]]] = {}


def _all_tokens(book: LawBook) -> tuple[str, ...]:
    """Every paragraph the law book's rows cite, once (worked out once per book)."""
    known = _TOKENS.get(id(book))
    if known is None or known[0] is not book:
        known = (book, tuple(dict.fromkeys(t for r in book.rows_of("phase") for t in _tokens(r.law))))
        _TOKENS[id(book)] = known
    return known[1]


def _like(rng: random.Random, book: LawBook, law: str) -> str:
    """A citation shaped like ``law``: as many paragraphs, each of the same law number
    (``"28B, 29A"`` may become ``"28A, 29B"``), so that the number cited tells nothing."""
    every = _all_tokens(book)
    picks: list[str] = []
    for t in _tokens(law):
        same = [x for x in every if _number(x) == _number(t) and x not in picks]
        picks.append(rng.choice(same) if same else t)
    return ", ".join(dict.fromkeys(picks))  # as many paragraphs as the book has to give


def _overlaps(a: str, b: str) -> bool:
    """Two paragraph references overlap: one is the other or contains it (27B and 27B2)."""
    return a.startswith(b) or b.startswith(a)


# --- the kinds of question -------------------------------------------------------------------

def _call_director(rng: random.Random, sim: Simulator) -> None:
    """The director is called, when the player entitled may call them, six times in ten."""
    p = sim.state.pending
    if p is not None and "director" in p.options and rng.random() < 0.6:
        seat = Seat[p.decider] if p.decider in Seat.__members__ else None
        sim.apply(DirectorCalled(seat))


def _who(rng: random.Random, sit: Situation) -> _Built | None:
    sim = sit.sim
    _call_director(rng, sim)
    p = sim.state.pending
    if p is None:
        return None
    offender = p.offender
    def say(who: str, law: str) -> _Option:
        if who == "director":
            return _Option(f"The director, without asking the players {_cite(law)}", who)
        seat = Seat[who]
        contract = sim.state.contract
        if contract is not None and p.procedure in ("lead_out_of_turn", "declarer_lead_options"):
            role = ("declarer" if seat == contract.declarer else "dummy" if seat == contract.dummy
                    else "the defender who led" if seat == offender else "the other defender")
        else:
            role = "who made the irregular call" if seat == offender else _role(seat, offender)
        return _Option(f"{seat.long_name}, {role} {_cite(law)}", who)

    right = say(p.decider, p.law)
    pool = [say(w, _like(rng, sim.book, p.law)) for w in ("director", *(s.name for s in Seat)) if w != p.decider]
    return _Built("Who decides what happens now?", right, pool, len(sim.steps),
                  [f"{_decision(sim.state)}"])


def _decision(state: AuctionState) -> str:
    """What the decision waiting is, in words, without "Waiting for X:" or the judgement the
    director may make first (the choices are compared on the options alone)."""
    from ..narrate import decision_in_words

    text = decision_in_words(state)
    text = re.sub(r"^Waiting for [A-Za-z]+: ", "", text)
    return re.sub(r" The director may first judge .*$", "", text).rstrip(".")


_OPTION_SETS: Final = (("accept", "director"), ("accept", "decline"), ("accept", "correct_player_calls", "director"),
                       ("replace",), ("accept",), ("decline",), ("accept", "correct_player_calls"))
#: Wrong option sets for a procedure of its own kind: a change of call, a lead out of turn.
_OWN_SETS: Final = {"change_of_call": (("keep", "withdraw", "change"), ("keep",), ("withdraw",), ("accept", "refuse")),
                    "misinformation": (("keep", "withdraw", "change"), ("keep",), ("withdraw",), ("accept", "refuse")),
                    "lead_out_of_turn": (("accept", "spread", "refuse"), ("accept", "refuse"), ("spread", "refuse"),
                                         ("accept", "spread"), ("refuse",), ("spread",), ("accept", "decline"))}


def _options_key(decider: str, options: tuple[str, ...]) -> object:
    same = {"lho_calls": "accept"}  # calling over it is accepting it (27A1, 29A, 36A)
    return decider, frozenset(same.get(o, o) for o in options)


def _spec_for(book: LawBook, procedure: str, option: str) -> Option | None:
    """What the book says of ``option`` in some decision: in one of ``procedure``'s steps when
    it offers it there, else wherever the book declares it."""
    found = None
    for st in book.states:
        if st.machine != "phase" or not st.options:
            continue
        for spec in st.options:
            if spec.matches(option):
                if st.name.startswith(f"{procedure}."):
                    return spec
                found = found or spec
    return found


def _options_text(state: AuctionState, decider: str, options: tuple[str, ...], law: str,
                  book: LawBook) -> str | None:
    """"``decider`` may <each option, in the book's words> (Law ``law``)" about the pending
    irregularity -- the real decision, or a wrong one with other options or another decider,
    told the same way; ``None`` when the book has no words for an option."""
    from ..narrate import join_words

    p = state.pending
    assert p is not None
    offender = p.offender.long_name
    call = ""
    if p.procedure != "lead_out_of_turn" and 0 <= p.call_index < len(state.record):
        made = state.record[p.call_index].call
        call = "double" if made.is_double else "redouble" if made.is_redouble else str(made)
    elif p.procedure == "lead_out_of_turn" and 0 <= p.call_index < len(state.leads):
        call = state.leads[p.call_index].card.text
    whose = "the" if decider == p.offender.name else f"{offender}'s"
    about = book.state(p.procedure).about  # what the procedure is about, in the book's words
    it = about.format(whose=whose, who=offender, call=call, new=p.get("new") or call) if about else ""
    if not it:
        return None
    if p.procedure == "lead_out_of_turn" and call:
        it += f" ({call})"
    phrases = []
    for n, o in enumerate(options):
        spec = _spec_for(book, p.procedure, o)
        if spec is None:
            return None
        phrases.append(spec.may.format(it=it if n == 0 else "it", x=spec.detail(o)))
    role = " as declarer" if p.procedure == "lead_out_of_turn" else ""
    verb = "must" if len(phrases) == 1 else "may"
    return f"{Seat[decider].long_name}{role} {verb} {join_words(phrases)} {_cite(law)}"


def _options(rng: random.Random, sit: Situation) -> _Built | None:
    """The director has been called (before that, "accept or decline" and "accept or call the
    director" would both be half right): what may the player entitled do?  The right choice
    is the decision the engine waits for; the wrong ones other option sets (those of other
    steps of the book) or another player, told in the same words."""
    sim = sit.sim
    _bring_the_director(sim)
    state = sim.state
    p = state.pending
    if p is None or p.decider not in Seat.__members__ or len(p.options) < 2 or p.procedure.startswith(
            "declarer_lead"):
        return None
    told = _options_text(state, p.decider, p.options, p.law, sim.book)
    if told is None:
        return None
    right = _Option(told, _options_key(p.decider, p.options))
    pool: list[_Option] = []
    offender = p.offender
    own = _OWN_SETS.get(p.procedure)
    deciders = (p.decider,) if p.procedure == "lead_out_of_turn" else (
        p.decider, offender.name, offender.partner.name, offender.rho.name)
    for decider in deciders:
        for opts in own or _OPTION_SETS:
            if decider == offender.name and opts != ("replace",) and own is None:
                continue
            text = _options_text(state, decider, opts, _like(rng, sim.book, p.law), sim.book)
            if text is not None:
                pool.append(_Option(text, _options_key(decider, opts)))
    from ..narrate import options_lines

    who = Seat[p.decider].long_name
    why = [line.strip().removeprefix("- ") for line in options_lines(state, sim.book)]
    return _Built(f"What may {who} do now?", right, pool, len(sim.steps), why)


def _result_text(result: object) -> str:
    from ..consequences import Result

    assert isinstance(result, Result)
    first = result.rulings[0].rstrip(".") if result.rulings else "nothing changes"
    return f"{first[:1].upper()}{first[1:]} {_cite(result.law)}"


def _next(rng: random.Random, sit: Situation) -> _Built | None:
    """A player entitled to choose (after the director has explained) takes one option; the
    right answer is the engine's ruling on it, the wrong ones what the other options, and the
    steps after them, would bring."""
    from ..consequences import consequences
    from ..narrate import option_words

    sim = sit.sim
    _bring_the_director(sim)
    state = sim.state
    p = state.pending
    if p is None or p.decider == "director":
        return None
    found = consequences(state, sim.book)
    options = [c for c in found if c.results and c.how == "choice"]
    if not options:
        return None
    pick = rng.choice(options)
    result = pick.results[0]
    assert pick.seat is not None
    told = f"{pick.seat.long_name} {option_words(pick.option, p, sim.book)}"
    right = _Option(_result_text(result), result.rulings[:1])
    pool: list[_Option] = []
    for c in found:
        for r in c.results:
            if c is not pick:
                pool.append(_Option(_result_text(r), r.rulings[:1]))
            if r.after is not None and r.after.pending is not None:  # a step further on: too soon
                for c2 in consequences(r.after, sim.book):
                    pool += [_Option(_result_text(r2), r2.rulings[:1]) for r2 in c2.results if c2.how != "director"]
    told_steps = len(sim.steps)
    st = sim.apply(Choice(pick.seat, pick.option))
    why = [line.strip() for line in _ruling_lines(len(sim.steps), st, sim)]
    if sim.state.pending is not None:
        from ..narrate import decision_in_words

        why.append(f"Then: {decision_in_words(sim.state)}")
    return _Built(f"The director has explained the options. {told}. What does the director rule at once?",
                  right, pool, told_steps, why)


def _ruling_lines(n: int, st: Step, sim: Simulator) -> list[str]:
    from ..narrate import step_lines

    return [line for line in step_lines(n, st, sim.book)[1:] if line.startswith("   Ruling")]


def _settled(rng: random.Random, sit: Situation) -> bool:
    """Rule the irregularity to the end with plausible choices."""
    return settle(rng, sit.sim)


def _obligations_of(state: AuctionState) -> dict[tuple[str, str], list[Seat]]:
    out: dict[tuple[str, str], list[Seat]] = {}
    for seat in Seat:
        for ob in state.obligations[seat]:
            kind = ob.kind if ob.kind != "repeat_call" else f"repeat {ob.call}"
            out.setdefault((kind, ob.law), []).append(seat)
    return out


_DURATION: Final = {"pass_next_turn": "must pass at the next turn",
                    "pass_rest_of_auction": "must pass for the rest of the auction"}


def _duty(seats: list[Seat], kind: str, law: str, offender: Seat) -> str:
    names = " and ".join(s.long_name for s in seats)
    if len(seats) == 2 and seats[0].partner == seats[1]:
        roles = "the offender's side" if offender in seats else "the non-offending side"
    else:
        roles = _role(seats[0], offender)
    what = _DURATION.get(kind) or f"must {kind} at the next turn"
    return f"{names} ({roles}) {what} {_cite(law)}"


def _obligations(rng: random.Random, sit: Situation) -> _Built | None:
    sim = sit.sim
    if not settle(rng, sim, watched=True) or sim.state.is_over:
        return None
    offender = sim.steps[sit.irregular - 1].event
    seat = getattr(offender, "seat", None)
    if not isinstance(seat, Seat):
        return None
    state = sim.state
    obs = _obligations_of(state)
    ruled = [r.law for r in state.rulings if not r.law.startswith(("9", "10", "20", "27D"))]
    model = next(iter(obs))[1] if obs else ruled[-1] if ruled else f"{sit.template.law}"
    if obs:
        parts = [_duty(seats, kind, law, seat) for (kind, law), seats in obs.items()]
        right = _Option("; ".join(parts), frozenset((k, s) for (k, _), ss in obs.items() for s in ss))
    else:
        right = _Option(f"Nobody: the offender, partner and both opponents may all call freely {_cite(model)}",
                        frozenset())
    pool = [_Option(f"Nobody: the offender, partner and both opponents may all call freely {_cite(_like(rng, sim.book, model))}", frozenset())]
    for s in Seat:
        for kind in _DURATION:
            pool.append(_Option(_duty([s], kind, _like(rng, sim.book, model), seat), frozenset({(kind, s)})))
    for s in (seat, seat.lho):
        pool.append(_Option(_duty([s, s.partner], "pass_rest_of_auction", _like(rng, sim.book, model), seat),
                            frozenset({("pass_rest_of_auction", s), ("pass_rest_of_auction", s.partner)})))
    # a wrong choice is never part of the right one (no half-right answers)
    right_parts = set(right.text.split("; "))
    pool = [o for o in pool if o.text not in right_parts]
    why = [line.strip() for n, st in enumerate(sim.steps, 1) if n >= (sit.earlier or sit.irregular)
           for line in _ruling_lines(n, st, sim)]
    return _Built("The irregularity has been dealt with. Who must pass, and for how long?", right, pool,
                  len(sim.steps), why)


_SUIT_WORDS: Final = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}


def _suits(names: list[str]) -> str:
    words = [_SUIT_WORDS[n] for n in names]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


_LeadKey = tuple[str, str, tuple[str, ...]]


def _lead_option(key: _LeadKey, law: str) -> _Option:
    """A lead-restriction answer: ``key`` is (what, whose lead or who offended, the suits)."""
    kind = key[0]
    if kind == "none":
        text = f"None: {key[1]} may lead any card; declarer has no lead option here {_cite(law)}"
    elif kind == "prohibit":
        text = f"Declarer may forbid {key[1]} to lead a {_suits(list(key[2]))} {_cite(law)}"
    elif kind == "require":
        text = f"Declarer may require {key[1]} to lead a {_suits(list(key[2]))}, and nothing more {_cite(law)}"
    elif kind == "both":
        text = (f"Declarer may require or forbid a {_suits(list(key[2]))} lead from {key[1]}, or let the "
                f"penalty card stay {_cite(law)}")
    elif kind == "lapsed":
        text = f"None: the right lapsed, since {key[1]} became declarer or dummy {_cite(law)}"
    else:
        text = (f"Not at the opening lead: declarer may forbid a suit when {key[1]} first leads in the play "
                f"{_cite(law)}")
    return _Option(text, key)


def _lead(rng: random.Random, sit: Situation) -> _Built | None:
    sim = sit.sim
    if sit.template.name in ("lead_out_of_turn", "after_final_pass"):
        return None
    if not _settled(rng, sit) or not finish_auction(rng, sim):
        return None
    state = sim.state
    contract = state.contract
    if contract is None or state.leads:
        return None
    leader = contract.opening_leader.long_name
    other = contract.opening_leader.partner.long_name
    p = state.pending
    key: _LeadKey
    law = ""
    if p is not None:
        if not p.procedure.startswith("declarer_lead"):
            return None
        req = sorted({o.split("_")[1] for o in p.options if o.startswith("require_")})
        pro = sorted({o.split("_")[1] for o in p.options if o.startswith("prohibit_")})
        if req and "let_remain" in p.options:
            key, law = ("both", leader, tuple(req)), p.law
        elif pro and not req:
            key, law = ("prohibit", leader, tuple(pro)), p.law
        else:
            return None
    else:
        from ..lawbook.restrictions import restriction_status

        statuses = [restriction_status(state, r) for r in state.restrictions]
        if "applies_in_play" in statuses:
            r = state.restrictions[statuses.index("applies_in_play")]
            key, law = ("in_play", r.leader.long_name, ()), "26B"
        elif "lapsed" in statuses:
            r = state.restrictions[statuses.index("lapsed")]
            key, law = ("lapsed", r.offender.long_name, ()), "26B"
        else:
            ruled = [r.law for r in state.rulings if not r.law.startswith(("9", "10", "20", "22", "27D"))]
            key, law = ("none", leader, ()), ruled[-1] if ruled else "26A"
    right = _lead_option(key, law)
    pool: list[_Option] = [_lead_option(("none", leader, ()), _like(rng, sim.book, law))]
    all_suits = ("C", "D", "H", "S")
    for who in (leader, other):
        for kind in ("prohibit", "require", "both"):
            for _ in range(2):
                n = rng.choice((1, 1, 3, 4)) if kind == "prohibit" else 1
                suits = tuple(sorted(rng.sample(all_suits, n)))
                pool.append(_lead_option((kind, who, suits), _like(rng, sim.book, law)))
    offender = getattr(sim.steps[sit.irregular - 1].event, "seat", None)
    if isinstance(offender, Seat):
        pool.append(_lead_option(("lapsed", offender.long_name, ()), _like(rng, sim.book, law)))
    pool.append(_lead_option(("in_play", other, ()), _like(rng, sim.book, law)))
    why = [line.strip() for n, st in enumerate(sim.steps, 1) if n >= (sit.earlier or sit.irregular)
           for line in _ruling_lines(n, st, sim)]
    return _Built("The auction is over. What lead restrictions follow?", right, pool, len(sim.steps), why)


def _law(rng: random.Random, sit: Situation) -> _Built | None:
    sim = sit.sim
    if sim.state.pending is not None and not _settled(rng, sit):
        return None
    chosen: tuple[int, str] | None = None
    for n, st in enumerate(sim.steps, 1):
        if n < sit.irregular:
            continue
        main = [r for r in st.after.rulings[len(st.before.rulings):]
                if not r.law.startswith(("9", "10", "20", "41", "22", "17", "27D"))]
        if main:
            chosen = (n, main[0].law)  # the ruling itself, not a note on a later score adjustment
    if chosen is None:
        return None
    n, law = chosen
    st = sim.steps[n - 1]
    # the paragraphs the procedure was under before the event count as right too (27B1b when
    # the director judges a replacement comparable): none of them is offered as a wrong answer
    before = st.before.pending.law if st.before.pending is not None else ""
    used = [t for law_ in (law, before, *(f.row.law for f in st.fired),
                           *(r.law for r in st.after.rulings[len(st.before.rulings):])) for t in _tokens(law_)]
    width = len(_tokens(law))
    candidates = [t for t in _family_tokens(sit.template.law, sim.book) if not any(_overlaps(t, u) for u in used)]
    same = [t for t in candidates if _number(t) == _number(_tokens(law)[0])]
    pool: list[_Option] = []
    if width == 1:  # every other paragraph of the law, and its neighbours
        pool = [_Option(f"Law {t}", (t,)) for t in candidates]
    for _ in range(30 if width > 1 else 0):
        src = same if len(same) >= width and rng.random() < 0.8 else candidates
        if len(src) < width:
            continue
        picked = sorted(rng.sample(src, width))
        pool.append(_Option(f"Law {', '.join(picked)}", tuple(picked)))
    right = _Option(f"Law {law}", tuple(sorted(_tokens(law))))
    why = [line.strip() for line in _ruling_lines(n, st, sim)]
    return _Built(f"Under which law does the director rule at event {n}?", right, pool, n, why)


_BUILDERS: Final[dict[str, Callable[[random.Random, Situation], _Built | None]]] = {
    "law": _law, "who": _who, "options": _options, "next": _next, "obligations": _obligations, "lead": _lead}


# --- picking the wrong choices fairly --------------------------------------------------------

def _chance_by_length(right: _Option, trio: list[_Option], longest: bool) -> Fraction:
    """The chance that picking the longest (or shortest) of the four, ties drawn at random,
    picks the right one."""
    n = len(right.text)
    beats = [o for o in trio if (len(o.text) > n if longest else len(o.text) < n)]
    if beats:
        return Fraction(0)
    return Fraction(1, 1 + sum(len(o.text) == n for o in trio))


def _pick(rng: random.Random, right: _Option, pool: list[_Option], topic: int) -> list[_Option] | None:
    """Three wrong choices from ``pool``: each means something else than the right one; when
    the right one cites ``topic``, at least two of them cite it too (three when that does not
    make the lengths tell);
    and the right one is the longest (and the shortest) about one time in four: each question
    draws whether it should be, and the three are picked to come closest."""
    seen: dict[object, _Option] = {}
    texts = {right.text}
    for o in pool:
        if o.key == right.key or o.text in texts or o.key in seen:
            continue
        seen[o.key] = o
        texts.add(o.text)
    wrong = list(seen.values())
    if len(wrong) < 3:
        return None
    rng.shuffle(wrong)
    fixed: list[_Option] = []
    law_counts = topic in cited_numbers(right.text)
    if law_counts:
        citing = [o for o in wrong if topic in cited_numbers(o.text)]
        if len(citing) < 2:
            return None
        if len(citing) == 2:  # both are in, the third is free
            fixed = citing
            wrong = [o for o in wrong if o not in citing]
    want_longest = Fraction(int(rng.random() < 0.25))
    want_shortest = Fraction(int(rng.random() < 0.25))
    best: list[_Option] | None = None
    best_cost = Fraction(99)
    for _ in range(60):
        trio = [*fixed, *rng.sample(wrong, 3 - len(fixed))]
        others = sum(topic in cited_numbers(o.text) for o in trio)
        if law_counts and others < 2:
            continue
        cost = (abs(_chance_by_length(right, trio, True) - want_longest)
                + abs(_chance_by_length(right, trio, False) - want_shortest)
                + (Fraction(3 - others, 2) if law_counts else 0))
        if cost < best_cost:
            best, best_cost = trio, cost
    return best


def _above_game(call: Call) -> bool:
    """A bid above game: above four spades, five clubs and five diamonds excepted."""
    if not call.is_bid:
        return False
    return call.level > 5 or (call.level == 5 and call.strain not in (Strain.C, Strain.D)) or (
        call.level == 4 and call.strain == Strain.NT)


def make_question(seed: int | str, number: int, law: int | None = None, book: LawBook = LAWS_2017, *,
                  level: int | str = 2) -> Question:
    """Question ``number`` (1-based) of the quiz seeded ``seed`` at ``level`` (1-4 or a name),
    on situations about law number ``law`` when given; raise ``ValueError`` if the quiz has no
    situation about it."""
    lv = level_number(level)
    if not templates_for(lv, law):
        raise ValueError(f"the quiz has no situation about Law {law}")
    attempt = 0
    while True:
        rng = random.Random(f"quiz:{seed}:{lv}:{number}:{attempt}")
        attempt += 1
        kind = rng.choice(KINDS_AT[lv])
        sit = make_situation(rng, lv, law, book)
        if sit is None:
            continue
        built = _BUILDERS[kind](rng, sit)
        if built is None:
            continue
        topic = sit.template.law
        if topic != 38 and any(_above_game(r.call) for r in sit.sim.state.record):
            continue  # a replacement forced past game (an insufficient bid at the four level)
        wrong = _pick(rng, built.right, built.pool, topic)
        if wrong is None:
            continue
        choices = [built.right.text, *(o.text for o in wrong)]
        order = list(range(4))
        rng.shuffle(order)
        shown = tuple(choices[i] for i in order)
        sim = sit.sim
        situation = (f"Dealer {sim.dealer.long_name}, neither side vulnerable.",
                     *(_tell(n, s) for n, s in enumerate(sim.steps[:built.told], 1)))
        explanation = [f"The answer: {built.right.text}.", *built.why]
        fam = families_for_law(topic, book)
        if fam and fam[0] in sim.book.drawn_families:
            explanation.append(f"See the flowchart: {sim.book.family(fam[0]).title}.")
        return Question(number, kind, situation, built.prompt, shown, order.index(0), tuple(explanation),
                        topic, lv)


class QuizSession:
    """A quiz in progress: the current question, the score, and what to say to an answer."""

    def __init__(self, seed: int | str = 0, law: int | None = None, count: int | None = None,
                 level: int | str = 2, *, book: LawBook | None = None) -> None:
        self.seed, self.law, self.count = seed, law, count
        self.level = level_number(level)
        self.book = book or LAWS_2017
        if not templates_for(self.level, law):
            raise ValueError(f"the quiz has no situation about Law {law}")
        self.asked = 0
        self.right = 0
        self.shown = 0
        self.done = False
        self.question = self._next()

    def _next(self) -> Question:
        self.shown += 1
        return make_question(self.seed, self.shown, self.law, self.book, level=self.level)

    def intro(self) -> list[str]:
        """The first lines: how to answer, and the first question."""
        scope = f" on Law {self.law}" if self.law is not None else ""
        return [(f"auction-fsm quiz{scope}, level {LEVELS[self.level - 1]} (seed {self.seed}): answer a, b, c or "
                 "d; skip draws another question, quit ends the quiz."), *self.show()]

    def show(self) -> list[str]:
        """The current question."""
        q = self.question
        lines = ["", f"Question {q.number}.", *q.situation, q.prompt]
        lines += [f"  {_LETTERS[i]}) {c}" for i, c in enumerate(q.choices)]
        return lines

    def prompt(self) -> str:
        """The prompt for an answer."""
        return f"Your answer to question {self.question.number} [a-d] > "

    def score(self) -> list[str]:
        """The score line."""
        return [f"Score: {self.right} of {self.asked}."]

    def handle(self, line: str) -> list[str]:
        """Take one answer (or ``quit``, ``skip``, ``help``); never raises for bad input."""
        text = line.strip().lower()
        if not text:
            return []
        if text in ("quit", "exit", "q"):
            self.done = True
            return ["Quiz ended.", *self.score()]
        if text in ("help", "?"):
            return [("Answer with the letter of your choice (a, b, c or d); skip for another "
                    "question, quit to end with your score.")]
        if text == "skip":
            self.question = self._next()
            return ["Skipped (not scored).", *self.show()]
        pick = _LETTERS.find(text[:1]) if len(text) == 1 else -1
        if text.isdigit() and 1 <= int(text) <= 4:
            pick = int(text) - 1
        if pick < 0:
            return [f"Please answer a, b, c or d (you typed {line.strip()!r})."]
        q = self.question
        self.asked += 1
        if pick == q.answer:
            self.right += 1
            lines = ["Right."]
        else:
            lines = [f"Not quite: the answer is {_LETTERS[q.answer]}) {q.choices[q.answer].rstrip('.')}."]
        lines += ["Why:", *q.explanation, *self.score()]
        if self.count is not None and self.asked >= self.count:
            self.done = True
            return [*lines, "That was the last question."]
        self.question = self._next()
        return [*lines, *self.show()]
