"""The quiz (``auction-fsm quiz``): situations at the table, a question, four choices, the
engine's answer explained with the law.

A question is built on a **situation** (:mod:`auction_fsm.teaching.situations`): a realistic
legal start to the auction, then one irregularity (two at the director-exam level) at a
plausible moment, played out by the engine.  Six kinds of question are asked about it:

* **law**: under which law the director rules at an event (the law of the engine's ruling);
* **who**: who decides what happens now (the player or director the engine waits for);
* **options**: what that player may do (the options of the decision waiting, in words);
* **next**: one option is taken (and, half the time, the step after it: the director's
  judgement, the offender's replacing call); what does the director rule at once (the
  engine's ruling);
* **obligations**: once the irregularity is dealt with, who must pass and for how long;
* **lead**: once the auction is over, what lead restrictions follow.

The right answer is read from the position the engine reached -- never written here (what a
leader with a penalty card may lead is what the engine lets him lead, 50D1, and the explanation
says so with that law).  Questions are drawn answer first (:func:`make_question`): the kind,
then its answer -- the shape of it (:func:`answer_shape`, two shapes saying the same counted
as one, :func:`_meaning`), or for "who decides" the role of the
one deciding (the offender's left-hand opponent, the director, the offender) -- the questions
of a kind at a level going through its answers in blocks, each in an order of its own, so that
each answer comes about as often as another (save an answer that can seldom be a wrong choice,
drawn as much less often, :func:`_drawn_less`); then boards of an irregularity that gives it.  A
kind is asked at a level only where four answers or more are asked there (:func:`answers_asked`),
and the lead question not where only two lead answers are real (no card shown, the offending
side declaring).
The wrong answers are real answers too (issue 39), drawn evenly among the answers asked at the
level (:func:`_pick_even`): the same question's answers on other boards of the level, told at
this table, and for "what may X do" and "what does the director rule" the answers of nearby
variants of the position (another irregularity at the same moment of the same auction), ruled
by the engine.  The right answer and the three wrong ones are then alike to a student who has
learnt which answers come up and how often, but no law.  None is wrong on its face: nobody of
the side that did nothing wrong is made to pass, "what may X do" offers only what X may do,
only the player on lead is made to lead, no penalty card is named when no card was shown, no
ruling names another irregularity than the table's.  The question's own words never single out
the answer: the right one is never the only one repeating its verb, a ruling does not tell again
what the player chose ("South accepts." -- "It is treated as legal"), and "who decides" names the
seat alone (the role is for the student to work out, and the explanation tells it).
Every choice cites a law, and neither the law cited nor the length gives the right one away:
apart from law questions, every wrong choice cites paragraphs of the law numbers the right one
cites; a law question's wrong choices include two paragraphs of the situation's law when the
right one is of it (one when only one that is asked may stand beside it, never none).
``benchmarks/bench_quiz.py`` measures choosers that read the options, and one that reads the
stem but knows no law, against chance.

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
from ..events import CallEvent, Choice, DirectorCalled, ExposeCards
from ..lawbook import LAWS_2017, LawBook
from ..seats import Seat
from .situations import (
    LEVELS,
    Situation,
    Template,
    finish_auction,
    make_situation,
    make_variant,
    offender_of,
    resolve_one,
    settle,
    templates_for,
)

if TYPE_CHECKING:
    from ..auction import AuctionState
    from ..consequences import Consequence, Result
    from ..engine import Step
    from ..lawbook.procedure import Option
    from ..simulator import Simulator

__all__ = ["Question", "make_question", "question_on", "answer_shape", "answers_asked", "QuizSession", "family_numbers", "families_for_law", "KINDS",
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
    #: Words of the question an option may repeat (the verb of what was done, the seat named):
    #: the right choice is never the only one repeating them (issue 39).
    echo: tuple[str, ...] = ()
    #: Paragraphs no wrong choice may name (a law question's right paragraphs and those beside
    #: them, 27B for 27B2).
    clash: tuple[str, ...] = ()
    #: The only players a choice may name (``None``: any): a choice naming another is wrong on
    #: its face (a player of the other side made to pass, another than the one asked about,
    #: another than the one on lead made to lead).
    seats: frozenset[str] | None = None
    #: Words that make a choice wrong on its face here ("penalty card" when no card was exposed).
    banned: tuple[str, ...] = ()
    #: The player on lead, for a lead question: a choice making another player lead is wrong.
    leader: str = ""


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


# --- the kinds of question -------------------------------------------------------------------

#: Who may be the one to decide, by role: the answers of "who decides" are drawn evenly among
#: them (issue 39: the offender's left-hand opponent answered 17 of 22).
_DECIDERS: Final = ("lho", "director", "offender")


def _decider_role(state: AuctionState) -> str | None:
    """The role of whoever the pending decision waits for: ``lho``, ``director``, ``offender``,
    or ``None`` for another (declarer after the auction, or nobody)."""
    p = state.pending
    if p is None or (state.contract is not None and p.procedure in ("lead_out_of_turn", "declarer_lead_options")):
        return None
    if p.decider == "director":
        return "director"
    if p.decider not in Seat.__members__:
        return None
    seat = Seat[p.decider]
    return "offender" if seat == p.offender else "lho" if seat == p.offender.lho else None


def _who(rng: random.Random, sit: Situation, role: str | None = None) -> _Built | None:
    """Who decides: the moment asked about is the first one at which ``role`` decides (drawn
    when not given: the offender's left-hand opponent before or after the director comes, the
    director judging, the offender replacing the call), ``None`` when no such moment comes; the
    wrong choices are the other seats and the director."""
    sim = sit.sim
    target = role or rng.choice(_DECIDERS)
    for _ in range(8):
        role = _decider_role(sim.state)
        if role is None:
            return None
        if role == target:
            break
        if not resolve_one(rng, sim):
            return None
    else:
        return None
    p = sim.state.pending
    assert p is not None
    offender = p.offender

    def say(who: str, law: str) -> _Option:
        # the seat alone: which player that is (the offender, the left-hand opponent ...) is
        # for the student to work out from the auction; the explanation says it
        if who == "director":
            return _Option(f"The director, without asking the players {_cite(law)}", who)
        return _Option(f"{Seat[who].long_name} {_cite(law)}", who)

    right = say(p.decider, p.law)
    pool = [say(w, _like(rng, sim.book, p.law)) for w in ("director", *(s.name for s in Seat)) if w != p.decider]
    role = "the director" if p.decider == "director" else (
        "the offender" if Seat[p.decider] == offender else _role(Seat[p.decider], offender))
    why = [f"{right.text.split(' (')[0].removesuffix(', without asking the players')} is {role}."
           if p.decider != "director" else "The director decides, without asking the players.",
           _decision(sim.state)]
    return _Built("Who decides what happens now?", right, pool, len(sim.steps), why)


def _decision(state: AuctionState) -> str:
    """What the decision waiting is, in words, without "Waiting for X:" or the judgement the
    director may make first (the choices are compared on the options alone)."""
    from ..narrate import decision_in_words

    text = decision_in_words(state)
    text = re.sub(r"^Waiting for [A-Za-z]+: ", "", text)
    return re.sub(r" The director may first judge .*$", "", text).rstrip(".")


#: The option sets of the decisions a player really faces at the table in the quiz's situations
#: (as the engine offers them): the wrong choices of "what may X do" are taken from these.
_OPTION_SETS: Final = (("accept", "director"), ("accept", "decline"), ("accept", "correct_player_calls", "director"),
                       ("lho_calls", "director"), ("accept", "refuse"), ("accept", "correct_player_calls"),
                       ("keep", "withdraw"), ("keep", "change"))


def _options_key(decider: str, options: tuple[str, ...]) -> object:
    # calling over it is accepting it (27A1, 29A, 36A); refusing a change is declining it (the
    # same in plain English, so never two choices differing by that word alone)
    same = {"lho_calls": "accept", "refuse": "decline"}
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
    if p.procedure != "lead_out_of_turn" and p.call is not None:
        made = p.call
        call = "double" if made.is_double else "redouble" if made.is_redouble else str(made)
    elif p.procedure == "lead_out_of_turn" and 0 <= state.lead_index_of(p) < len(state.leads):
        call = state.leads[state.lead_index_of(p)].card.text
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
        # "it", the irregularity the table has just seen: named, the irregularity would make
        # each answer a different one, and the few options of each one easy to learn by heart
        phrases.append(spec.may.format(it="it", x=spec.detail(o)))
    role = " as declarer" if p.procedure == "lead_out_of_turn" else ""
    return f"{Seat[decider].long_name}{role} may {join_words(phrases)} {_cite(law)}"


def _options(rng: random.Random, sit: Situation) -> _Built | None:
    """What may the player entitled do?  Asked before the director comes (accept by calling, or
    call the director) or after (accept or decline), half the time each; the right choice is
    the decision the engine waits for, the wrong ones other option sets players face at the
    table, for the same player about the same irregularity, told in the same words."""
    sim = sit.sim
    if rng.random() < 0.5:
        _bring_the_director(sim)
    state = sim.state
    p = state.pending
    if p is None or p.decider not in Seat.__members__ or len(p.options) < 2 or p.procedure.startswith(
            ("declarer_lead", "lead_out_of_turn")):
        return None  # declarer's options after the auction are asked by the lead questions
    told = _options_text(state, p.decider, p.options, p.law, sim.book)
    if told is None:
        return None
    right = _Option(told, _options_key(p.decider, p.options))
    pool: list[_Option] = []
    for opts in _OPTION_SETS:
        text = _options_text(state, p.decider, opts, _like(rng, sim.book, p.law), sim.book)
        if text is not None:
            pool.append(_Option(text, _options_key(p.decider, opts)))
    from ..narrate import options_lines

    who = Seat[p.decider].long_name
    why = [line.strip().removeprefix("- ") for line in options_lines(state, sim.book)]
    return _Built(f"What may {who} do now?", right, pool, len(sim.steps), why, echo=(who,),
                  seats=frozenset({who}))


#: A ruling's opening words that only tell again what the player chose ("South accepts the
#: insufficient 1C; ..."): the question has told it, and a choice repeating it would stand out.
_RETOLD: Final = re.compile(r"^(?:North|East|South|West|[Dd]eclarer) (?:accepts|declines|refuses|spreads|keeps|"
                            r"withdraws|changes|called over)\b[^;:]*[;:] (?=\S)")


#: Words by which a ruling names the irregularity it is about (or the play after the
#: auction): told at a table of another irregularity, it would be wrong on its face.
_NAMES_AN_IRREGULARITY: Final = re.compile(r"insufficient|rotation|\blead|penalty card|double|above seven|"
                                           r"replace|declarer|dummy|comparab|artificial|silenced|\(Laws? 5[0-9]")


def _result_text(result: object) -> str:
    """A ruling as a choice of "what does the director rule": its first sentence, without the
    words that tell again what the player chose, with its law."""
    from ..consequences import Result

    assert isinstance(result, Result)
    first = result.rulings[0].rstrip(".") if result.rulings else "nothing changes"
    first = _RETOLD.sub("", first)
    return f"{first[:1].upper()}{first[1:]} {_cite(result.law)}"


def _next(rng: random.Random, sit: Situation, target: str | None = None) -> _Built | None:
    """A player entitled to choose (after the director has explained) takes one option; the
    right answer is the engine's ruling on it, or half the time (:data:`_FURTHER`), when that
    ruling leaves the director to judge or the offender to call, the ruling one step further on
    (a judgement either way, or a call of a group the book rules alike); the wrong ones what the
    other options, and the steps after them, would bring.  With ``target`` (an answer's meaning,
    :func:`_meaning`), the option and the step taken are drawn among those whose ruling has it
    (``None`` when none has): the answer is still the engine's ruling on what is taken."""
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
    routes = [(c, further) for c in options for further in (None, *_further_steps(c.results[0], sim.book))]
    if target is not None:
        routes = [(c, f) for c, f in routes
                  if _meaning("next", answer_shape(_result_text(c.results[0] if f is None else f[1]))) == target]
        if not routes:
            return None
        pick, further = rng.choice(routes)
    else:
        pick = rng.choice(options)
        steps = [f for c, f in routes if c is pick and f is not None]
        further = rng.choice(steps) if steps and rng.random() < _FURTHER else None
    result = pick.results[0]
    assert pick.seat is not None
    told = f"{pick.seat.long_name} {option_words(pick.option, p, sim.book)}"
    right = _Option(_result_text(result), result.rulings[:1])
    pool: list[_Option] = []
    for c in found:
        for r in c.results:
            if c is not pick:
                pool.append(_Option(_result_text(r), r.rulings[:1]))
            # a step further on (too soon): the rulings a question one step on may have as answer
            pool += [_Option(_result_text(r2), r2.rulings[:1]) for _, r2 in _further_steps(r, sim.book)]
    told_steps = len(sim.steps)
    st = sim.apply(Choice(pick.seat, pick.option))
    why = [line.strip() for line in _ruling_lines(len(sim.steps), st, sim)]
    banned: tuple[str, ...] = ()
    if further is not None:  # the question is asked one step on: the ruling of that step
        told_further = _take(rng, sim, *further)
        if told_further is None:
            return None
        right = _Option(_result_text(further[1]), further[1].rulings[:1])
        told = f"{told}. {told_further}"
        if further[0].how == "judgement":
            # the ruling that asked for the judgement is wrong on its face once it is made
            banned = (_bare(_result_text(result)),)
        else:  # the ruling on the choice: no longer what is ruled, once the offender has called
            pool.append(_Option(_result_text(result), result.rulings[:1]))
        why += [line.strip() for line in _ruling_lines(len(sim.steps), sim.steps[-1], sim)]
    if sim.state.pending is not None:
        from ..narrate import decision_in_words

        why.append(f"Then: {decision_in_words(sim.state)}")
    verb = option_words(pick.option, p, sim.book).split()[0]
    return _Built(f"The director has explained the options. {told}. What does the director rule at once?",
                  right, pool, told_steps, why, echo=(verb.removesuffix("s"), pick.seat.long_name), banned=banned)


#: How often "what does the director rule" is asked one step further on, when no answer is
#: drawn first (issue 39: asked only at the choice, each irregularity had two answers, so the
#: choices named the rulings of the step after, which were never the answer, and a student
#: could strike them out).
_FURTHER: Final = 0.5


def _further_steps(result: Result, book: LawBook) -> list[tuple[Consequence, Result]]:
    """The outcomes one step after ``result`` (the ruling on a choice): the director's
    judgements either way and the groups of calls the book rules alike (:func:`_told_plainly`),
    each with its ruling."""
    from ..consequences import consequences

    after = result.after
    if after is None or after.pending is None:
        return []
    return [(c, r) for c in consequences(after, book) if c.how in ("judgement", "call")
            for r in c.results if r.rulings and (c.how == "judgement" or any(map(_told_plainly, r.calls)))]


def _told_plainly(call: Call) -> bool:
    """A call the question may tell as the step taken: not a bid above seven (asked by its own
    irregularity), not a double or redouble (its ruling names it: "the attempted double or
    redouble is cancelled", the one choice repeating the question's word)."""
    return call.is_admissible_level and not call.is_double and not call.is_redouble


def _take(rng: random.Random, sim: Simulator, c: Consequence, r: Result) -> str | None:
    """Apply outcome ``c`` (leading to ``r``) at the table and tell it: the judgement made, or
    the call (drawn among the group's); ``None`` when the book has no words for the judgement."""
    from ..events import Judgement
    from ..lawbook.procedure import JUDGEMENTS
    from ..narrate import call_verb

    if c.how == "judgement":
        j = JUDGEMENTS.get(c.spec.judgement if c.spec is not None else "")
        if j is None:
            return None
        sim.apply(Judgement(j.kind, bool(c.value)))  # type: ignore[arg-type]
        return f"The director judges that {j.yes if c.value else j.no}"
    assert c.seat is not None
    event = CallEvent(c.seat, rng.choice([x for x in r.calls if _told_plainly(x)]))
    words = f"{c.seat.long_name} {call_verb(event, sim.state, name_the_doubled=False)}"
    sim.apply(event)
    return words


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


def _duty(seats: list[Seat], kind: str, law: str, offender: Seat, earlier: Seat | None = None) -> str:
    """A duty to pass (or repeat a call) in words, each player named with the role: the
    offender's side, or, after two irregularities, the side of the earlier one."""
    names = " and ".join(s.long_name for s in seats)
    if earlier is not None and offender not in seats and offender.partner not in seats:
        offender = earlier  # a duty from the earlier irregularity, on the other side
        roles = ("the earlier offender's side" if len(seats) == 2 else "who made the earlier irregularity"
                 if seats[0] == earlier else "the earlier offender's partner")
    elif len(seats) == 2 and seats[0].partner == seats[1]:
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
        earlier = getattr(sim.steps[sit.earlier - 1].event, "seat", None) if sit.earlier else None
        parts = [_duty(seats, kind, law, seat, earlier if isinstance(earlier, Seat) else None)
                 for (kind, law), seats in obs.items()]
        right = _Option("; ".join(parts), frozenset((k, s) for (k, _), ss in obs.items() for s in ss))
    else:
        right = _Option(f"Nobody: the offender, partner and both opponents may all call freely {_cite(model)}",
                        frozenset())
    pool = [_Option(f"Nobody: the offender, partner and both opponents may all call freely {_cite(_like(rng, sim.book, model))}", frozenset())]
    # only the offending side is ever made to pass: a duty on the other side is wrong on its face
    for s in (seat, seat.partner):
        for kind in _DURATION:
            pool.append(_Option(_duty([s], kind, _like(rng, sim.book, model), seat), frozenset({(kind, s)})))
    pool.append(_Option(_duty([seat, seat.partner], "pass_rest_of_auction", _like(rng, sim.book, model), seat),
                        frozenset({("pass_rest_of_auction", seat), ("pass_rest_of_auction", seat.partner)})))
    # a wrong choice is never part of the right one (no half-right answers)
    right_parts = set(right.text.split("; "))
    pool = [o for o in pool if o.text not in right_parts]
    why = [line.strip() for n, st in enumerate(sim.steps, 1) if n >= (sit.earlier or sit.irregular)
           for line in _ruling_lines(n, st, sim)]
    # a player of the side that did nothing wrong made to pass is wrong on its face
    banned = ("(the offender's left-hand opponent)", "(the offender's right-hand opponent)", "(the non-offending side)")
    return _Built("The irregularity has been dealt with. Who must pass, and for how long?", right, pool,
                  len(sim.steps), why, banned=banned)


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
    elif kind == "must_lead":
        text = (f"Only {' or '.join(key[2])}: {key[1]} must lead it, a major penalty card, at the first "
                f"opportunity; declarer has no lead option here {_cite(law)}")
    elif kind == "minor":
        text = (f"{key[1]} may lead any card, but a {_suits([key[2][0][0]])} only if it is the {key[2][0]} (a minor "
                f"penalty card) or an honour {_cite(law)}")
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


def _probe_lead(state: AuctionState, leader: Seat) -> tuple[_LeadKey, str] | None:
    """What the engine lets ``leader`` lead, when a penalty card of the leader's own binds the
    lead and declarer has no choice: a card other than a major penalty card refused (50D1), or
    a low card of a minor penalty card's suit refused (50C).  Read from the engine's refusals,
    never decided here."""
    from ..cards import Card, Suit
    from ..engine import step
    from ..errors import AuctionFsmError
    from ..events import Lead
    from ..lawbook.exposure import penalty_cards
    from ..lawbook.lead import leadable_major_penalty_cards

    own = [pc for pc in penalty_cards(state) if pc.seat == leader]
    if not own:
        return None
    taken = {pc.card for pc in penalty_cards(state)}

    def refused(card: Card) -> str | None:
        try:
            step(state, Lead(leader, card, False))  # the position carries its book
        except AuctionFsmError as err:
            return getattr(err, "law", None) or "?"
        return None

    suits = {pc.card.suit for pc in own}
    free = next((s for s in Suit if s not in suits), None)
    if free is not None:
        plain = next(Card(free, r) for r in "65478923" if Card(free, r) not in taken)
        law = refused(plain)
        if law == "50D1":
            majors = leadable_major_penalty_cards(state, leader)
            return ("must_lead", leader.long_name, tuple(pc.card.text for pc in majors)), law
    for pc in own:
        if pc.major or pc.card.is_honour:
            continue
        lower = [Card(pc.card.suit, r) for r in "23456789" if Card(pc.card.suit, r) not in taken]
        if lower and refused(lower[0]) == "50C":
            return ("minor", leader.long_name, (pc.card.text,)), "50C"
    return None


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
    leader_seat = contract.opening_leader
    leader = leader_seat.long_name
    other = leader_seat.partner.long_name
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
        bound = _probe_lead(state, leader_seat)
        if bound is not None:
            key, law = bound
        elif "applies_in_play" in statuses:
            r = state.restrictions[statuses.index("applies_in_play")]
            key, law = ("in_play", r.leader.long_name, ()), "26B"
        elif "lapsed" in statuses:
            r = state.restrictions[statuses.index("lapsed")]
            key, law = ("lapsed", r.offender.long_name, ()), "26B"
        else:
            ruled = [r.law for r in state.rulings if not r.law.startswith(("9", "10", "20", "22", "27D"))]
            key, law = ("none", leader, ()), ruled[-1] if ruled else "26A"
    exposed = any(isinstance(st.event, ExposeCards) for st in sim.steps)
    offender = offender_of(sit)
    if not exposed and offender is not None and offender in (contract.declarer, contract.dummy):
        # not asked: with no card shown and the offending side declaring, only two lead answers
        # are real at this table (none, or the right lapsed, 26B); every other choice would be
        # one a student who has learnt the answers strikes out (issue 39: the lapsed right was
        # shown only here, and right one time in two)
        return None
    right = _lead_option(key, law)
    pool: list[_Option] = [_lead_option(("none", leader, ()), _like(rng, sim.book, law))]
    all_suits = ("C", "D", "H", "S")
    for kind in ("prohibit", "require", "both"):
        for _ in range(2):
            n = rng.choice((1, 1, 3, 4)) if kind == "prohibit" else 1
            suits = tuple(sorted(rng.sample(all_suits, n)))
            pool.append(_lead_option((kind, leader, suits), _like(rng, sim.book, law)))
    seats = {leader}
    if offender is not None and offender in (contract.declarer, contract.dummy):
        pool.append(_lead_option(("lapsed", offender.long_name, ()), _like(rng, sim.book, law)))
        seats.add(offender.long_name)
    if offender == leader_seat or (offender is not None and offender.partner == leader_seat):
        # the offending side defends: the right may wait for the other defender's first lead
        pool.append(_lead_option(("in_play", other, ()), _like(rng, sim.book, law)))
        seats.add(other)
    if exposed:
        for card in (st.event.cards[0] for st in sim.steps if isinstance(st.event, ExposeCards)):
            pool.append(_lead_option(("must_lead", leader, (card.text,)), _like(rng, sim.book, law)))
    why = [line.strip() for n, st in enumerate(sim.steps, 1) if n >= (sit.earlier or sit.irregular)
           for line in _ruling_lines(n, st, sim)]
    why.append(_lead_why(key, law, state))
    # wrong on their face: a right lapsing for a defender, the leader's "first lead in the play"
    banned = [f"since {d.long_name} became declarer or dummy" for d in (leader_seat, leader_seat.partner)]
    banned += [f"when {leader} first leads in the play"] + ([] if exposed else ["penalty card"])
    return _Built(f"The auction is over and {leader} is on lead. What lead restrictions follow?", right, pool,
                  len(sim.steps), why, seats=frozenset(seats), banned=tuple(banned), leader=leader)


def _lead_why(key: _LeadKey, law: str, state: AuctionState) -> str:
    """Why the lead answer is what it is, citing its law (the explanation must name the law of
    the answer, 50D1 for a major penalty card that must be led): the engine's refusals, the
    decision declarer faces, or the status of the 26B right."""
    kind, who, cards = key
    if kind == "must_lead":
        return (f"{who} must lead {' or '.join(cards)} now: a major penalty card is led at the first "
                f"opportunity, and the engine refuses any other lead {_cite(law)}.")
    if kind == "minor":
        return (f"{who}'s {cards[0]} is a minor penalty card: the engine refuses a lower card of its suit "
                f"before it, an honour apart {_cite(law)}.")
    if kind in ("prohibit", "require", "both"):
        return f"Declarer chooses now {_cite(law)}: {_decision(state)}."
    if kind == "in_play":
        return f"Declarer's right to forbid a suit waits for {who}'s first lead in the play {_cite(law)}."
    if kind == "lapsed":
        return f"The right to restrict the lead lapsed when {who} became declarer or dummy {_cite(law)}."
    return f"Nothing ruled here restricts the opening lead {_cite(law)}."


def _law(rng: random.Random, sit: Situation) -> _Built | None:
    sim = sit.sim
    if sim.state.pending is not None and not _settled(rng, sit):
        return None
    rulings: list[tuple[int, str]] = []
    for n, st in enumerate(sim.steps, 1):
        if n < sit.irregular:
            continue
        main = [r for r in st.after.rulings[len(st.before.rulings):]
                if not r.law.startswith(("9", "10", "20", "41", "22", "17", "27D"))]
        if main:
            rulings.append((n, main[0].law))  # the ruling itself, not a note on a later score adjustment
    if not rulings:
        return None
    n, law = rng.choice(rulings)  # any ruling of the irregularity: the answers vary more
    st = sim.steps[n - 1]
    # the paragraphs the procedure was under before the event count as right too (27B1b when
    # the director judges a replacement comparable): none of them is offered as a wrong answer
    before = st.before.pending.law if st.before.pending is not None else ""
    used = [t for law_ in (law, before, *(f.row.law for f in st.fired),
                           *(r.law for r in st.after.rulings[len(st.before.rulings):])) for t in _tokens(law_)]
    width = len(_tokens(law))
    # no paragraph containing one that applied (27B for 27B2), none inside the answer (27B2a)
    candidates = [t for t in _family_tokens(sit.template.law, sim.book)
                  if not any(u.startswith(t) for u in used) and not any(t.startswith(r) for r in _tokens(law))]
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
    return _Built(f"Under which law does the director rule at event {n}?", right, pool, n, why, clash=tuple(used))


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


def _bare(text: str) -> str:
    """A choice without the law it cites: two choices saying the same under different laws
    are the same answer."""
    return re.sub(r"\s*\(Laws? [^)]*\)$", "", text)


def _echoes(built: _Built, text: str) -> int:
    """How many of the question's own words (``built.echo``) a choice repeats: the verb of what
    was done anywhere in it, the seat named at its start."""
    if not built.echo:
        return 0
    verb, *seat = built.echo
    if seat:
        return int(verb in text) + int(text.startswith(seat[0]))
    return int(text.startswith(verb))


def _pick(rng: random.Random, built: _Built, pool: list[_Option], topic: int,
          preferred: frozenset[object] = frozenset()) -> list[_Option] | None:
    """Three wrong choices from ``pool``: each means something else than the right one; when
    the right one cites ``topic``, at least two of them cite it too (three when that does not
    make the lengths tell); when the right one repeats the question's words, another one
    repeats as many; the right one is the longest (and the shortest) about one time in
    four: each question draws whether it should be, and the three are picked to come closest;
    the choices keyed in ``preferred`` (the answers of nearby variants) are taken first."""
    right = built.right
    seen: dict[object, _Option] = {}
    texts = {_bare(right.text)}
    for o in pool:
        if o.key == right.key or _bare(o.text) in texts or o.key in seen:
            continue
        seen[o.key] = o
        texts.add(_bare(o.text))
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
    echo = _echoes(built, right.text)
    want_longest = Fraction(int(rng.random() < 0.25))
    want_shortest = Fraction(int(rng.random() < 0.25))
    best: list[_Option] | None = None
    best_cost = Fraction(99)
    for _ in range(80):
        trio = [*fixed, *rng.sample(wrong, 3 - len(fixed))]
        others = sum(topic in cited_numbers(o.text) for o in trio)
        if law_counts and others < 2:
            continue
        if echo and not any(_echoes(built, o.text) >= echo for o in trio):
            continue
        cost = (abs(_chance_by_length(right, trio, True) - want_longest)
                + abs(_chance_by_length(right, trio, False) - want_shortest)
                + (Fraction(3 - others, 2) if law_counts else 0)
                + sum(o.key not in preferred for o in trio))
        if cost < best_cost:
            best, best_cost = trio, cost
    return best


#: Answers that say the same in other words: never two of them among the choices (once an
#: irregular call is accepted, it is treated as legal and nothing is rectified).
_MEANS: Final = {"It is treated as legal": "stands", "No rectification": "stands"}


def _pick_even(rng: random.Random, built: _Built, pool: list[_Option], shapes: frozenset[str], topic: int,
               kind: str, book: LawBook, dropped: frozenset[str] = frozenset()) -> list[_Option] | None:
    """Three wrong choices, each an answer asked at the level (``shapes``) other than the right
    one's, the three answers drawn evenly: the right answer being drawn evenly among them too
    (:func:`make_question`), the four choices are alike to a student who knows which answers
    come up and how often, but no law (issue 39).  Each means something else than the right
    one.  Apart from law questions, every wrong choice cites a paragraph of the law numbers the
    right one cites (:func:`_like`), so the law cited tells nothing; a law question's wrong
    choices include two paragraphs of the situation's law when the right one is of it and the
    level asks two others (one, else: one that is never an answer when the level asks none), so
    the right one is never alone in citing it.  When the right one repeats the question's verb,
    as many of the others repeat it as can (never none).  The answers the boards give that no
    question has (``dropped``, :func:`_reachable`) are never wrong choices: a student who has
    learnt the answers would strike them out."""
    right = built.right
    right_shape = answer_shape(right.text)
    taken = {_MEANS.get(right_shape, right_shape)}
    groups: dict[str, list[_Option]] = {}
    rest: dict[str, list[_Option]] = {}  # the other answers, when the level asks too few here
    spare: list[_Option] = []  # paragraphs of the situation's law that are not answers asked
    texts = {_bare(right.text)}
    keys = {right.key}
    for o in pool:
        if o.key in keys or _bare(o.text) in texts:
            continue
        keys.add(o.key)
        texts.add(_bare(o.text))
        shape = answer_shape(o.text)
        if shape == right_shape or _MEANS.get(shape, shape) in taken - {shape} or shape in dropped:
            continue
        taken.add(_MEANS.get(shape, shape))
        if shape in shapes:
            groups.setdefault(shape, []).append(o)
        else:
            rest.setdefault(shape, []).append(o)
            if kind == "law" and topic in cited_numbers(o.text):
                spare.append(o)
    names = sorted(groups)
    citing = [n for n in names if topic in cited_numbers(groups[n][0].text)]
    law_counts = kind == "law" and topic in cited_numbers(right.text)
    # two paragraphs of the situation's law beside the right one, or as many as may stand here
    need = min(2, len(citing)) if law_counts else 0
    fixed: list[_Option] = []
    if law_counts and not need:
        if not spare:
            return None
        fixed = [rng.choice(spare)]
    if len(names) < 3 - len(fixed):
        # too few answers of the level fit this table (what a player may do about this
        # irregularity, what this leader may lead): all of them, and the others first among
        # the answers asked at another level
        elsewhere = set().union(*(_board_shares(kind, lv, None, book) for lv in range(1, len(LEVELS) + 1)))
        extra = sorted(rest, key=lambda n: (n not in elsewhere, rng.random()))[:3 - len(fixed) - len(names)]
        if len(names) + len(extra) < 3 - len(fixed):
            return None
        fixed += [rng.choice(rest[n]) for n in extra]
    echo = _echoes(built, right.text)
    if echo:  # of each answer, the tellings that repeat the question's words most
        groups = {n: sorted(g, key=lambda o: -_echoes(built, o.text))[:1] for n, g in groups.items()}
    best: list[str] | None = None
    best_echo = -1
    for _ in range(60):
        trio = rng.sample(names, 3 - len(fixed))
        if sum(n in citing for n in trio) < need:
            continue
        told = [*fixed, *(groups[n][0] for n in trio)]
        echoed = sum(_echoes(built, o.text) >= e for o in told for e in range(1, echo + 1)) if echo else 0
        if echoed > best_echo:
            best, best_echo = trio, echoed
    verb = built.echo[0] if len(built.echo) > 1 else ""
    if best is None or (verb in right.text and verb and not any(
            verb in o.text for o in [*fixed, *(groups[n][0] for n in best)])):
        return None  # the right one alone repeating the question's verb
    wrong = fixed + [rng.choice(groups[n]) for n in best]
    cited = re.search(r"\(Laws? ([^)]*)\)$", right.text)
    if kind != "law" and cited is not None:
        wrong = [_Option(f"{_bare(o.text)} {_cite(_like(rng, book, cited.group(1)))}", o.key) for o in wrong]
    return wrong


def _one_telling(rng: random.Random, kind: str, pool: list[_Option], shares: dict[str, float]) -> list[_Option]:
    """``pool`` with, first, one telling of each answer told in several words ("call over it
    or call the director" and "accept it or call the director"; "No rectification" and "It is
    treated as legal"), drawn as often as each telling is the answer at the level
    (``shares``): :func:`_pick_even` shows the first telling of an answer it meets.  Issue 39:
    the telling of the options met first was always "accept it or call the director", so "call
    over it or call the director" was shown only where it was right (17 of 21 times)."""
    tellings: dict[str, dict[str, _Option]] = {}
    for o in pool:
        shape = answer_shape(o.text)
        tellings.setdefault(_meaning(kind, shape), {}).setdefault(shape, o)
    first: list[_Option] = []
    for told in tellings.values():
        if len(told) > 1:
            names = sorted(told)
            weights = [shares.get(n, 0.0) for n in names]
            first.append(told[rng.choices(names, weights)[0] if sum(weights) else rng.choice(names)])
    return first + pool


_SEAT_NAME: Final = re.compile(r"\b(North|East|South|West)\b")


def _reseat(text: str, shift: int) -> str:
    """``text`` with every seat turned ``shift`` places clockwise (a variant's answer told at
    this table: its offender becomes this offender, its partner this partner ...)."""
    return _SEAT_NAME.sub(lambda m: Seat((Seat[m.group(1)[0]] + shift) % 4).long_name, text)


#: Who a lead-restriction choice makes lead: "forbid X to lead", "lead from X", "X may lead",
#: "X must lead".
_LEADING: Final = re.compile(r"\b(North|East|South|West)(?= may lead| must lead)|(?<=forbid )(North|East|South|West)"
                             r"(?= to lead)|(?<=require )(North|East|South|West)(?= to lead)|(?<=lead from )"
                             r"(North|East|South|West)")
_CALL_OR_CARD: Final = re.compile(r"\b(?:[1-7](?:NT|[CDHS])|[CDHS][2-9TJQKA])\b")


def _fair(built: _Built, text: str, seen: frozenset[str] = frozenset()) -> bool:
    """A choice not wrong on its face: it names only the players it may, only calls and cards
    the table has seen (``seen``, when given), none of the words that cannot apply here, and no
    paragraph of the right answer."""
    if built.seats is not None and not set(_SEAT_NAME.findall(text)) <= built.seats:
        return False
    if built.leader and any(who and who != built.leader for found in _LEADING.findall(text) for who in found):
        return False  # a player not on lead made to lead
    if seen and not set(_CALL_OR_CARD.findall(_bare(text))) <= seen:
        return False
    if any(w in text for w in built.banned):
        return False
    if built.clash:  # a law question: no paragraph containing one that applied, none inside the answer
        named = _tokens(_bare(text).removeprefix("Law "))
        right = _tokens(_bare(built.right.text).removeprefix("Law "))
        if any(u.startswith(t) for t in named for u in built.clash) or any(
                t.startswith(r) for t in named for r in right):
            return False
    return True


#: The kinds of question whose wrong choices are drawn from nearby variants, and how many
#: variants are tried for each question.
_FROM_VARIANTS: Final = ("options", "next")
_VARIANTS: Final = 4
#: The kinds whose wrong choices are drawn from the answers the same question has on other
#: boards with the same kind of irregularity (with :func:`_kept` spreading the answers asked,
#: a wrong choice is then as likely to be shown as the right one is to be right: no answer is
#: told by how often it comes up), and how many boards are asked for each table.
_FROM_ANSWERS: Final = ("law", "obligations", "lead")
#: The fewest answers a kind of question must have on boards of an irregularity to be asked
#: about it: with its wrong choices drawn from those answers, four or more leave a student who
#: has only learnt which answers come up most often no better off than guessing.
_FEWEST: Final = {"law": 4, "obligations": 4, "lead": 4, "who": 2, "options": 4, "next": 4}
#: The least share of a kind's answers at a level an answer shape must have to be asked (3%
#: unless given): each shape asked is kept as often as the rarest, so a rarer one would cost
#: many draws.  "What does the director rule" asks every ruling it has as an answer at the
#: level: the option and the step taken are drawn for the answer (:func:`_next`), so a rare one
#: costs no more draws, and a ruling left out would be a wrong choice that is never the answer.
_RAREST: Final = {"next": 0.0}
#: How many boards :func:`make_question` tries for the answer shape it drew before taking any
#: shape asked at the level (a shape the other checks of a question seldom let through).
_PATIENCE: Final = 25
_ANSWER_BOARDS: Final = 40
_ANSWERS: dict[tuple[int, str, str], tuple[LawBook, list[tuple[str, int]]]] = {}
_SUIT_NAMES: Final = re.compile(r"\b(?:club|diamond|heart|spade)s?\b")


def answer_shape(text: str) -> str:
    """What an answer says once the board's particulars are taken out (seats, calls, cards,
    suits, the law cited): answers of one shape are one answer to a student who has learnt
    which answers come up most often."""
    text = _SEAT_NAME.sub("SEAT", re.sub(r"\{[0-3]\}", "SEAT", _bare(text).replace("{4}", "CALL")))
    text = re.sub(r"^Laws? ", "", _CALL_OR_CARD.sub("CALL", text))
    return _SUIT_NAMES.sub("SUIT", re.sub(r"\b(?:P|X|XX)\b", "CALL", text))


def _kept(rng: random.Random, kind: str, sit: Situation, built: _Built, level: int, law: int | None) -> bool:
    """Whether to ask this question.  "Who decides" keeps each role in inverse proportion to
    how often it decides on boards of the same irregularity (:func:`_answers`; issue 39: "the
    offender's left-hand opponent" answered 17 of 22).  The other kinds are drawn answer
    first: a question is kept in inverse proportion to how often its answer's shape
    (:func:`answer_shape`) is the answer at the level (:func:`_level_shares`), and never when
    that shape is too rare to be asked as often as the others, so that every shape asked comes
    up about as often and a student who has learnt the commonest answers does no better than
    guessing."""
    if kind != "who":
        shares = _asked_shares(kind, level, law, sit.sim.book)
        share = shares.get(answer_shape(built.right.text))
        if share is None:
            return False
        return rng.random() * share < min(shares.values())
    counts: dict[str, int] = {}
    for text, n in _answers(kind, sit.template, sit.sim.book):
        counts[_answer_key(text)] = counts.get(_answer_key(text), 0) + n
    if len(counts) < _FEWEST[kind]:
        return False  # nearly the same answer on every board of this kind: known by heart, not by the law
    least = min(counts.values())
    offender = offender_of(sit)
    right = built.right.text if offender is None else _seat_marks(built.right.text, offender)
    key = _answer_key(right)
    # "the director" reads unlike every seat: asked as often as a seat's role, it would be the
    # one answer a student could learn to pick, so it is kept less often than a player
    weight = 0.3 if key.startswith("The director") else 1.0
    return rng.random() * counts.get(key, least) < least * weight


_LEVEL_SHARES: dict[tuple[int, str, int, int | None], tuple[LawBook, dict[str, float]]] = {}


def _level_shares(kind: str, level: int, law: int | None, book: LawBook) -> dict[str, float]:
    """How often each answer shape is the right answer of question ``kind`` on the boards of
    ``level`` (about ``law``), as a share of them: each irregularity of the level as likely as
    it is drawn, times how often the question fits its boards (from :func:`_answers`)."""
    key = (id(book), kind, level, law)
    known = _LEVEL_SHARES.get(key)
    if known is not None and known[0] is book:
        return known[1]
    templates = templates_for(level, law)
    weights: dict[str, float] = {}
    for template in templates:
        for text, n in _answers(kind, template, book):
            shape = answer_shape(text)
            weights[shape] = weights.get(shape, 0.0) + n / len(templates)
    total = sum(weights.values()) or 1.0
    shares = {shape: w / total for shape, w in weights.items()}
    _LEVEL_SHARES[key] = (book, shares)
    return shares


def _asked_shares(kind: str, level: int, law: int | None, book: LawBook) -> dict[str, float]:
    """The answer shapes of ``kind`` asked at ``level``: those the boards give
    (:func:`_board_shares`) that a whole question can have as its answer (:func:`_reachable`;
    only "what does the director rule" is probed: its answer is drawn first, then the option
    and the step taken)."""
    shares = _board_shares(kind, level, law, book)
    if kind not in _PROBED:
        return shares
    reach = _PROBING.get((id(book), kind, level, law))
    if reach is None:
        reach = _reachable(kind, level, law, book)
    return {s: v for s, v in shares.items() if _meaning(kind, s) in reach}


#: The kinds whose answers are probed for whether a whole question can have them
#: (:func:`_reachable`), and how many boards are tried for each answer.
_PROBED: Final = ("next",)
_PROBES: Final = _PATIENCE
_PROBING: dict[tuple[int, str, int, int | None], frozenset[str]] = {}
_REACHABLE: dict[tuple[int, str, int, int | None], tuple[LawBook, frozenset[str]]] = {}


def _reachable(kind: str, level: int, law: int | None, book: LawBook) -> frozenset[str]:
    """The answers (by :func:`_meaning`) of ``kind`` the boards of ``level`` give that a whole
    question, drawn as :func:`make_question` draws it, can have as its right answer: tried on
    up to :data:`_PROBES` boards each.  Issue 39: some answers the boards give never pass the
    later checks of a question (the ruling on accepting a lead out of turn, "Dummy is spread",
    repeats the question's "accepts" and no other ruling at a lead does, so the right choice
    would be alone in echoing it); asked all the same, they were drawn as wrong choices but
    never right, and a student who had learnt the answers struck them out.  The probe starts
    from every answer the boards give and tries again with those it reached until none drops
    out (without an answer, the wrong choices of another may no longer fit)."""
    key = (id(book), kind, level, law)
    known = _REACHABLE.get(key)
    if known is not None and known[0] is book:
        return known[1]
    from ..simulator import Simulator

    board = Simulator(Seat.N, check=False, book=book)  # one table, started again for each board
    reach = frozenset(_meaning(kind, s) for s in _board_shares(kind, level, law, book))
    try:
        while True:
            _PROBING[key] = reach
            found: set[str] = set()
            for target in sorted(reach):
                where = _templates_answering(kind, target, level, law, book)
                for i in range(_PROBES if where else 0):
                    tag = f"quiz-reach:{kind}:{level}:{law}:{target}:{i}"
                    rng = random.Random(tag)
                    template = rng.choices([t for t, _ in where], [w for _, w in where])[0]
                    sit = make_situation(rng, level, law, book, template, board)
                    if sit is not None and _question(rng, tag, 1, kind, sit, level, law, spread=True,
                                                     target=target) is not None:
                        found.add(target)
                        break
            if found == reach:
                break
            reach = frozenset(found)
    finally:
        del _PROBING[key]
    _REACHABLE[key] = (book, reach)
    return reach


def _board_shares(kind: str, level: int, law: int | None, book: LawBook) -> dict[str, float]:
    """The answer shapes of ``kind`` the boards of ``level`` give: those at least
    :data:`_RAREST` of its answers there (each then asked as often as the others, a rarer one
    would cost too many draws)."""
    shares = {s: v for s, v in _level_shares(kind, level, law, book).items() if v >= _RAREST.get(kind, 0.03)}
    if kind == "law":  # an answer no other paragraph of its law can stand beside (Law 54: every
        # other paragraph of 54 lies inside it) cannot be asked: the right choice would be alone
        # in citing the situation's law
        every = _all_tokens(book)
        shares = {s: v for s, v in shares.items()
                  if any(_number(t) == _number(_tokens(s)[0]) and not any(t.startswith(r) or r.startswith(t)
                                                                         for r in _tokens(s)) for t in every)}
    return shares


def answers_asked(kind: str, level: int | str, law: int | None = None, book: LawBook = LAWS_2017) -> frozenset[str]:
    """The answers (by :func:`answer_shape`) asked of ``kind`` at ``level`` (about ``law``):
    the quiz draws each as often as another, and takes the wrong choices among them."""
    return frozenset(_asked_shares(kind, level_number(level), law, book))


def _kinds_asked(level: int, law: int | None, book: LawBook) -> tuple[str, ...]:
    """The kinds of question asked at ``level``: those with at least :data:`_FEWEST` answer
    shapes asked there (fewer, and a student who has learnt them picks the right one more often
    than by chance); about one law, where few irregularities leave few shapes, every kind
    with a shape to ask when fewer than two kinds would be left."""
    kinds = tuple(k for k in KINDS_AT[level] if k == "who" or len(_board_shares(k, level, law, book)) >= _FEWEST[k])
    if law is not None and len(kinds) < 2:
        kinds = tuple(k for k in KINDS_AT[level] if k == "who" or _board_shares(k, level, law, book))
    return kinds


def _answer_key(marked: str) -> str:
    """An answer with its seats marked as places from the offender (:func:`_seat_marks`), by
    its shape but keeping those places: "the offender's left-hand opponent" and "the offender"
    are different answers even where both are told by the seat alone."""
    return answer_shape(re.sub(r"\{([0-3])\}", r"PLACE\1", marked))


def _seat_marks(text: str, offender: Seat) -> str:
    """``text`` with each seat written as its place from the offender (``{0}`` the offender,
    ``{1}`` the offender's left-hand opponent ...), to be told at another table."""
    return _SEAT_NAME.sub(lambda m: "{" + str((Seat[m.group(1)[0]] - offender) % 4) + "}",
                          text.replace("{", "(").replace("}", ")"))


#: For "what does the director rule", by irregularity: how many times each ruling (its seats
#: marked from the offender) is the answer on the boards tried (one route a board, the option
#: and the step taken), and how many times it may stand as a wrong choice beside the others
#: (each of a route's other rulings shown with the chance three in so many gives it).
_SHOWN: dict[tuple[int, str, str], dict[str, list[float]]] = {}


def _count_shown(key: tuple[int, str, str], routes: list[tuple[str, frozenset[str]]], offender: Seat) -> None:
    """Add one board's routes to :data:`_SHOWN` (right and wrong showings of each ruling)."""
    counts = _SHOWN.setdefault(key, {})
    for text, banned in routes:
        counts.setdefault(_seat_marks(text, offender), [0.0, 0.0])[0] += 1
        others = [t for t, _ in routes if t != text and t not in banned]
        for t in others:
            counts.setdefault(_seat_marks(t, offender), [0.0, 0.0])[1] += min(1.0, 3 / len(others))


def _drawn_less(kind: str, level: int, law: int | None, book: LawBook) -> dict[str, float]:
    """The answers of ``kind`` at ``level`` drawn less often than the others, with the chance
    each is kept when drawn: an answer that can stand as a wrong choice at fewer moments than
    three times those at which it is the answer would be right more often than one time in
    four when shown (issue 39: "The director asks whether the pass or bid out of rotation was
    artificial" is the ruling on declining it, and a wrong choice only beside accepting it --
    once the director has judged, it is wrong on its face -- so it was right 7 of the 9 times
    it was shown).  Only "what does the director rule" is counted (:data:`_SHOWN`): the other
    kinds' wrong choices are drawn from every board of the level."""
    if kind != "next":
        return {}
    right: dict[str, float] = {}
    wrong: dict[str, float] = {}
    for template in templates_for(level, law):
        _answers(kind, template, book)
        for marked, (r, w) in _SHOWN.get((id(book), kind, template.name), {}).items():
            shape = _meaning(kind, answer_shape(marked))
            right[shape] = right.get(shape, 0.0) + r
            wrong[shape] = wrong.get(shape, 0.0) + w
    return {m: wrong.get(m, 0.0) / (3 * r) for m, r in right.items() if r and wrong.get(m, 0.0) < 3 * r}


def _answers(kind: str, template: Template, book: LawBook) -> list[tuple[str, int]]:
    """The right answers of question ``kind`` on boards with irregularity ``template``, with the
    seats as places from the offender, and how often each came (worked out once per book)."""
    key = (id(book), kind, template.name)
    known = _ANSWERS.get(key)
    if known is not None and known[0] is book:
        return known[1]
    counts: dict[str, int] = {}
    from ..simulator import Simulator

    board = Simulator(Seat.N, check=False, book=book)  # one table, started again for each board
    for i in range(_ANSWER_BOARDS):
        rng = random.Random(f"quiz-answers:{kind}:{template.name}:{i}")
        sit = make_situation(rng, max(template.level, 1), None, book, template, board)
        offender = None if sit is None else offender_of(sit)
        if sit is None or offender is None:
            continue
        if kind == "next":  # every ruling the question may ask on this board, each once
            routes = _routes_of(sit)
            texts = [text for text, _ in routes]
            _count_shown(key, routes, offender)
        else:
            built = _BUILDERS[kind](rng, sit)
            texts = [] if built is None else [built.right.text]
        for told in texts:
            text = _seat_marks(told, offender)
            made = getattr(sit.sim.steps[sit.irregular - 1].event, "call", None)
            if made is not None and kind == "obligations":  # "must repeat 1S": the offender's own call
                text = re.sub(rf"(?<=repeat ){re.escape(str(made))}\b", "{4}", text)
            counts[text] = counts.get(text, 0) + 1
    table = sorted(counts.items())
    _ANSWERS[key] = (book, table)
    return table


def _routes_of(sit: Situation) -> list[tuple[str, frozenset[str]]]:
    """Every ruling "what does the director rule" may have as its answer on this board, each
    once, with the rulings that are wrong on their face when it is: the rulings on each option
    of the decision the director explains, and on each step one further on
    (:func:`_further_steps`; after a judgement, the ruling that asked for it).  Issue 39: drawn
    at random, one a board, a ruling of the step after (a natural pass at RHO's turn, 30A)
    could be missed on every board tried, so it was never an answer, yet shown as a wrong
    choice where it was real."""
    from ..consequences import consequences

    sim = sit.sim
    _bring_the_director(sim)
    p = sim.state.pending
    if p is None or p.decider == "director":
        return []
    out: dict[str, frozenset[str]] = {}
    for c in consequences(sim.state, sim.book):
        if c.results and c.how == "choice":
            ruled = _result_text(c.results[0])
            out.setdefault(ruled, frozenset())
            for f, r in _further_steps(c.results[0], sim.book):
                out.setdefault(_result_text(r), frozenset({ruled}) if f.how == "judgement" else frozenset())
    return list(out.items())


def _table_words(sit: Situation) -> tuple[frozenset[str], Call | None, list[str]] | None:
    """What this table has told, for telling other boards' answers here: the calls and cards
    named so far, the offender's call, and the names of the seats counted from the offender (the
    offender, his left-hand opponent ...) with that call last, as the places ``{0}`` to ``{4}``
    of a marked answer are filled (:func:`_seat_marks`); ``None`` without an offender."""
    me = offender_of(sit)
    if me is None:
        return None
    seen = frozenset(_CALL_OR_CARD.findall(" ".join(_tell(n, st) for n, st in enumerate(sit.sim.steps, 1))))
    made = getattr(sit.sim.steps[sit.irregular - 1].event, "call", None)
    names = [*(Seat((me + k) % 4).long_name for k in range(4)), str(made) if made is not None else "?"]
    return seen, made, names


def _answers_here(rng: random.Random, kind: str, sit: Situation, level: int, built: _Built) -> list[_Option]:
    """Wrong choices drawn from :func:`_answers`: first those of the same irregularity (each as
    likely as another, as they are asked), then those of two other irregularities of the level
    (as often as each is an answer there; every other irregularity of the level, so that the
    answers asked at the level are there to pick from), told at this table; those wrong on their face here
    (other players, calls not made, paragraphs of the answer) are left out."""
    words = _table_words(sit)
    if words is None:
        return []
    seen, made, names = words

    def here(template: Template) -> list[tuple[str, int]]:
        table = [(text.format(*names), n) for text, n in _answers(kind, template, sit.sim.book)
                 if made is not None or "{4}" not in text]
        return [(t, n) for t, n in table if _bare(t) != _bare(built.right.text) and _fair(built, t, seen)]

    own = here(sit.template)
    rng.shuffle(own)  # each as likely: the answers asked are spread evenly (:func:`_kept`)
    out = [_Option(text, ("answer", _bare(text))) for text, _ in own[:3]]
    others = [t for t in templates_for(level, None) if t != sit.template]
    for template in rng.sample(others, len(others)):
        table = here(template)
        for _ in range(3):
            if table:
                (text, _), = rng.choices(table, [n for _, n in table])
                out.append(_Option(text, ("answer", _bare(text))))
    return out


def _level_answers_here(kind: str, sit: Situation, level: int, law: int | None, built: _Built,
                        only: Template | None = None) -> list[_Option]:
    """Every answer of question ``kind`` on the boards of every irregularity of ``level`` (or
    of ``only``; :func:`_answers`), told at this table (the seats as places from this
    offender, the call made this one's); those wrong on their face here are left out."""
    words = _table_words(sit)
    if words is None:
        return []
    seen, made, names = words
    out: dict[str, _Option] = {}
    for template in templates_for(level, law) if only is None else (only,):
        for marked, _ in _answers(kind, template, sit.sim.book):
            if made is None and "{4}" in marked:
                continue
            text = marked.format(*names)
            if _bare(text) != _bare(built.right.text) and _fair(built, text, seen):
                out.setdefault(_bare(text), _Option(text, ("answer", _bare(text))))
    return list(out.values())


def _variant_answers(tag: str, kind: str, sit: Situation, level: int, law: int | None,
                     built: _Built) -> list[_Option]:
    """The right answers of the same question asked of nearby variants of ``sit`` (another
    irregularity at the same moment of the same auction), ruled by the engine and told at this
    table; those wrong on their face here are left out."""
    me = offender_of(sit)
    state = sit.sim.state
    here = state.pending
    seen = frozenset(_CALL_OR_CARD.findall(" ".join(_tell(n, st) for n, st in enumerate(sit.sim.steps, 1))))
    out: list[_Option] = []
    for k in range(_VARIANTS):
        rng = random.Random(f"{tag}:variant:{k}")
        # the options a player faces are told about this irregularity, so they may come from
        # another kind of irregularity; the other answers name their own, so only the same kind
        var = make_variant(rng, sit, level, law, same=kind != "options")
        if var is None:
            continue
        other = _BUILDERS[kind](rng, var)
        them = offender_of(var)
        if other is None or me is None or them is None:
            continue
        if kind == "options":
            there = var.sim.state.pending
            if here is None or there is None or len(there.options) < 2 or there.procedure.startswith(
                    ("declarer_lead", "lead_out_of_turn")):
                continue
            told = _options_text(state, here.decider, there.options, _like(rng, sit.sim.book, here.law),
                                 sit.sim.book)
            if told is not None:
                out.append(_Option(told, _options_key(here.decider, there.options)))
            continue
        text = _reseat(other.right.text, (me - them) % 4)
        if _fair(built, text, seen):
            out.append(_Option(text, ("variant", _bare(text))))
    return out


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
    # answer first (issue 39): the kind, then its answer (the shape of it, or for "who decides"
    # the role of the one deciding), each asked at the level as likely as another, then boards
    # of an irregularity that has it as an answer until one does; after _PATIENCE boards,
    # another answer of the same kind, then another kind (an answer may never fit the boards
    # of one law: --law 54)
    draw = random.Random(f"quiz:{seed}:{lv}:{number}")
    kinds = list(_kinds_asked(lv, law, book))
    kind = draw.choice(kinds)
    answers = _targets(kind, lv, law, book)
    target: str | None = _stratified(seed, lv, number, kind, kinds, answers) if answers else None
    less = _drawn_less(kind, lv, law, book)
    if target in less and draw.random() >= less[target]:  # an answer seldom a wrong choice
        target = draw.choice([a for a in answers if a not in less] or answers)
    attempt = tries = 0
    while True:
        tag = f"quiz:{seed}:{lv}:{number}:{attempt}"
        rng = random.Random(tag)
        attempt += 1
        tries += 1
        if target is not None and tries > _PATIENCE:
            tries = 1
            answers.remove(target)
            if not answers:
                kinds.remove(kind)
                if kinds:
                    kind = draw.choice(kinds)
                    answers = _targets(kind, lv, law, book)
            target = draw.choice(answers) if answers else None
        if target is None:  # nothing drawn fits: any kind asked here, answers kept in proportion
            kind = rng.choice(_kinds_asked(lv, law, book))
        where = _templates_answering(kind, target, lv, law, book) if target is not None and kind != "who" else []
        template = rng.choices([t for t, _ in where], [w for _, w in where])[0] if where else None
        sit = make_situation(rng, lv, law, book, template)
        if sit is None:
            continue
        q = _question(rng, tag, number, kind, sit, lv, law, spread=True, target=target)
        if q is not None:
            return q


def _stratified(seed: int | str, level: int, number: int, kind: str, kinds: list[str], answers: list[str]) -> str:
    """The answer question ``number`` draws for ``kind``: the questions of that kind at the
    level, taken in turn, go through the answers in blocks, each block in an order of its own
    (so that over a quiz each answer comes about as often as another, every role of "who
    decides" among them, and the order tells nothing)."""
    before = sum(random.Random(f"quiz:{seed}:{level}:{n}").choice(kinds) == kind for n in range(1, number))
    block = list(answers)
    random.Random(f"quiz:{seed}:{level}:{kind}:{before // len(block)}").shuffle(block)
    return block[before % len(block)]


def _targets(kind: str, level: int, law: int | None, book: LawBook) -> list[str]:
    """The answers :func:`make_question` draws from for ``kind``: the answer shapes asked at
    the level, or for "who decides" the roles (:data:`_DECIDERS`), so that each role decides
    about as often (issue 39: the offender's left-hand opponent answered 17 of 22)."""
    return list(_DECIDERS) if kind == "who" else sorted({_meaning(kind, s) for s in _asked_shares(kind, level, law, book)})


def _meaning(kind: str, shape: str) -> str:
    """What an answer shape means, for drawing the answers evenly: shapes that say the same in
    other words are one answer, since they are never both among the choices ("call over it or
    call the director" is "accept it or call the director": calling over it accepts it, 27A1,
    29A; "No rectification" is "It is treated as legal").  Drawn as two answers, that meaning
    came up twice as often as another (issue 39: a student always picking it was right on half
    of "what may X do")."""
    if kind == "options":
        return re.sub(r"^SEAT may call over it or ", "SEAT may accept it or ", shape)
    return _MEANS.get(shape, shape) if kind == "next" else shape


def _templates_answering(kind: str, shape: str, level: int, law: int | None,
                         book: LawBook) -> list[tuple[Template, int]]:
    """The irregularities of ``level`` on whose boards ``shape`` is an answer of ``kind``, and
    on how many of the boards tried (:func:`_answers`)."""
    out = []
    for template in templates_for(level, law):
        n = sum(k for text, k in _answers(kind, template, book) if _meaning(kind, answer_shape(text)) == shape)
        if n:
            out.append((template, n))
    return out


def question_on(situation: Situation, kind: str, seed: int | str = 0, *, level: int | str = 4) -> Question | None:
    """A question of ``kind`` (one of :data:`KINDS`) about a given ``situation`` (a board played
    up to its irregularity, :class:`~auction_fsm.teaching.situations.Situation`), its wrong
    choices drawn as the quiz draws them (``seed``); ``None`` when that kind of question does
    not fit the board.  The board's simulator is played on as the question needs."""
    if kind not in KINDS:
        raise ValueError(f"no kind of question {kind!r}: the kinds are {', '.join(KINDS)}")
    lv = level_number(level)
    tag = f"question-on:{seed}:{kind}"
    return _question(random.Random(tag), tag, 1, kind, situation, lv, None, spread=False)


def _question(rng: random.Random, tag: str, number: int, kind: str, sit: Situation, lv: int, law: int | None, *,
              spread: bool, target: str | None = None) -> Question | None:
    """The question of ``kind`` on ``sit``, or ``None`` when it does not fit; ``spread``: drop
    it unless its answer is ``target`` (the shape of the answer, or for "who decides" the role
    of the one deciding) when given, or as often as :func:`_kept` says, to spread the answers of
    a quiz."""
    if kind == "who" and spread and target is not None:
        built = _who(rng, sit, target)
    elif kind == "next" and spread and target is not None:
        built = _next(rng, sit, target)
    else:
        built = _BUILDERS[kind](rng, sit)
    if built is None:
        return None
    if spread and kind != "who" and target is not None and _meaning(kind, answer_shape(built.right.text)) != target:
        return None
    if spread and target is None and not _kept(rng, kind, sit, built, lv, law):
        return None
    topic = sit.template.law
    if topic != 38 and any(_above_game(r.call) for r in sit.sim.state.record):
        return None  # a replacement forced past game (an insufficient bid at the four level)
    pool = [o for o in built.pool if _fair(built, o.text)]
    shapes = frozenset(_asked_shares(kind, lv, law, sit.sim.book)) if spread and kind != "who" else frozenset()
    if len(shapes) >= _FEWEST[kind]:
        # answers asked at the level, drawn evenly (:func:`_pick_even`)
        if kind in _FROM_VARIANTS:  # "options" and "next"
            pool = _variant_answers(tag, kind, sit, lv, law, built) + pool
            if kind == "next":  # and the rulings of other boards with this irregularity, and
                # those of other irregularities that name none ("no rectification")
                pool += _level_answers_here(kind, sit, lv, law, built, sit.template)
                pool += [o for o in _level_answers_here(kind, sit, lv, law, built)
                         if not _NAMES_AN_IRREGULARITY.search(o.text)]
        else:  # a ruling told of another irregularity (an insufficient bid where none was
            # made) is wrong on its face: the rulings of "next" come from this position and its
            # variants alone, and the options from the option sets players face, each kept apart
            # by what it means (calling over it is accepting it)
            pool = _level_answers_here(kind, sit, lv, law, built) + pool
        if kind in _FROM_VARIANTS:
            pool = _one_telling(rng, kind, pool, _asked_shares(kind, lv, law, sit.sim.book))
        dropped = frozenset(_board_shares(kind, lv, law, sit.sim.book)) - shapes
        wrong = _pick_even(rng, built, pool, shapes, topic, kind, sit.sim.book, dropped)
    else:
        preferred: frozenset[object] = frozenset()
        if kind in _FROM_VARIANTS:
            variants = _variant_answers(tag, kind, sit, lv, law, built)
            preferred = frozenset(o.key for o in variants)
            pool = variants + pool
        elif kind in _FROM_ANSWERS:
            answers = _answers_here(rng, kind, sit, lv, built)
            preferred = frozenset(o.key for o in answers)
            # real answers alone when there are enough: a choice that is never an answer
            # anywhere is one a student who has learnt the commonest answers strikes out
            pool = answers if _pick(random.Random(tag), built, answers, topic, preferred) else answers + pool
        wrong = _pick(rng, built, pool, topic, preferred)
    if wrong is None:
        return None
    choices = [built.right.text, *(o.text for o in wrong)]
    order = list(range(4))
    rng.shuffle(order)
    shown = tuple(choices[i] for i in order)
    sim = sit.sim
    situation = (f"Dealer {sim.dealer.long_name}, neither side vulnerable.",
                 *(_tell(n, s) for n, s in enumerate(sim.steps[:built.told], 1)))
    explanation = [f"The answer: {built.right.text}.", *built.why]
    fam = families_for_law(topic, sim.book)
    if fam and fam[0] in sim.book.drawn_families:
        explanation.append(f"See the flowchart: {sim.book.family(fam[0]).title}.")
    return Question(number, kind, situation, built.prompt, shown, order.index(0), tuple(explanation), topic, lv)


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
