"""The quiz (``auction-fsm quiz``): random irregular situations, answered and explained.

Each question is a situation the model played out -- an auction with an irregularity and the
choices made, drawn by the fuzzer's plausible event generator
(:func:`auction_fsm.fuzzing.next_event`) from a seeded ``random.Random`` -- and one question
about it, with four choices:

* **law**: which law applies to the irregular event (the law of the first irregular row the
  engine fired; the wrong choices cite laws that share no law number with it);
* **obligations**: who must pass and for how long (the obligations in force, none pending);
* **next**: what happens next (the procedure waiting: who decides, between what);
* **lead**: whether there is a lead restriction once the auction is over, and on what.

A question is asked only when the model's answer is one definite fact of the position, and
every wrong choice differs from it, so no question is ambiguous.  Question ``i`` of seed ``s``
is drawn from ``Random("quiz:s:i")``: the same seed gives the same quiz.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..errors import AuctionFsmError
from ..events import CallEvent
from ..lawbook import LAWS_2017, LawBook
from ..lawbook.restrictions import eligible_suits
from ..seats import Seat

if TYPE_CHECKING:
    from ..simulator import Simulator, Step

__all__ = ["Question", "make_question", "QuizSession", "family_numbers", "families_for_law", "KINDS"]

KINDS: Final = ("law", "obligations", "next", "lead")
_LETTERS: Final = "abcd"
_PLAIN: Final = ("17-22", "seat")


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


def _numbers(law: str) -> set[int]:
    out = set()
    for part in law.split(","):
        digits = ""
        for ch in part.strip():
            if ch.isdigit():
                digits += ch
            else:
                break
        if digits:
            out.add(int(digits))
    return out


@dataclass(frozen=True, slots=True)
class Question:
    """One quiz question: the situation in words, the question, four choices, the right one
    (an index) and the explanation shown after the answer."""

    number: int
    kind: str
    situation: tuple[str, ...]
    prompt: str
    choices: tuple[str, ...]
    answer: int
    explanation: tuple[str, ...]


def _told(n: int, st: Step) -> str:
    """Event ``n`` told without giving away the ruling: who did what, and whose turn it was."""
    from ..narrate import describe_step

    ev = st.event
    if isinstance(ev, CallEvent):
        turn = ""
        if not st.before.is_over and st.before.pending is None and ev.seat != st.before.turn:
            turn = f" (it was {st.before.turn.long_name}'s turn)"
        elif st.before.is_over:
            turn = " (after the final pass)"
        return f"{n}. {ev.seat.long_name} calls {ev.call}{turn}."
    return describe_step(n, st)


def _irregular(st: Step, families: tuple[str, ...]) -> object | None:
    for f in st.fired:
        if f.row.family in families:
            return f.row
    return None


def _play(rng: random.Random, families: tuple[str, ...], book: LawBook = LAWS_2017
          ) -> tuple[Simulator, int] | None:
    """Play a random auction until an event fires a row of ``families``, then a few events
    more; return the simulator and the number of the irregular event, or ``None``."""
    from ..fuzzing import next_event
    from ..simulator import Simulator

    sim = Simulator(Seat(rng.randrange(4)), check=False, book=book)
    hit: int | None = None
    extra = rng.randint(0, 3)
    for _ in range(60):
        state = sim.state
        if state.phase in ("play", "passed_out"):
            break
        try:
            st = sim.apply(next_event(rng, state, book))
        except AuctionFsmError:
            continue
        if hit is None and _irregular(st, families) is not None:
            hit = len(sim.steps)
        elif hit is not None:
            if sim.state.pending is None:
                extra -= 1
            if extra < 0:
                break
        if hit is not None and sim.state.pending is not None and rng.random() < 0.35:
            break  # stop while a procedure waits: a "what happens next" question
    return None if hit is None else (sim, hit)


def _obligations_words(sim: Simulator) -> str:
    from ..narrate import obligation_in_words

    state = sim.state
    parts = []
    for seat in Seat:
        for ob in state.obligations[seat]:
            parts.append(f"{seat.long_name} {obligation_in_words(ob)}")
    return "; ".join(parts) if parts else "Nobody is obliged to pass or to repeat a call"


def _obligation_choices(rng: random.Random, sim: Simulator) -> list[str]:
    right = _obligations_words(sim)
    pool = {"Nobody is obliged to pass or to repeat a call"}
    for seat in Seat:
        pool.add(f"{seat.long_name} must pass for the rest of the auction")
        pool.add(f"{seat.long_name} must pass at the next turn")
    pool.discard(right)
    # a wrong choice is never part of the right one (no half-right answers)
    pool -= set(right.split("; "))
    wrong = rng.sample(sorted(pool), 3)
    return [right, *wrong]


def _lead_words(sim: Simulator) -> str:
    state = sim.state
    contract = state.contract
    assert contract is not None
    rights = [r for r in state.restrictions if r.offender in (contract.declarer.lho, contract.declarer.rho)]
    if not rights:
        return "No lead restriction: the opening leader may lead any card"
    r = rights[0]
    suits = ", ".join(s.name for s in eligible_suits(state, r))
    return (f"Yes (26B): declarer may prohibit {r.leader.long_name}'s lead of one suit "
            f"the offender did not specify ({suits})")


def _lead_choices(rng: random.Random, sim: Simulator) -> list[str]:
    right = _lead_words(sim)
    pool = ["No lead restriction: the opening leader may lead any card"]
    for seat in Seat:
        pool.append(f"Yes (26B): declarer may require {seat.long_name} to lead a suit of declarer's choice")
        pool.append(f"Yes (26B): declarer may prohibit {seat.long_name}'s lead of one suit "
                    "the offender did not specify (any suit)")
    pool = [p for p in pool if p != right]
    return [right, *rng.sample(pool, 3)]


def _next_choices(rng: random.Random, sim: Simulator) -> list[str] | None:
    from ..narrate import decision_in_words

    state = sim.state
    p = state.pending
    assert p is not None
    right = decision_in_words(state)
    wrong: list[str] = []
    if p.decider in Seat.__members__:
        who = Seat[p.decider].long_name
        for seat in Seat:
            if seat.long_name != who:
                wrong.append(right.replace(f"Waiting for {who}: {who}", f"Waiting for {seat.long_name}: "
                                           f"{seat.long_name}", 1))
    else:
        for seat in Seat:
            wrong.append(f"Waiting for {seat.long_name}: {seat.long_name} may accept it or call the "
                         f"director (Law {p.law}).")
    wrong = [w for w in dict.fromkeys(wrong) if w != right]
    if len(wrong) < 3:
        return None
    return [right, *rng.sample(wrong, 3)]


def _law_choices(rng: random.Random, row_law: str, fired: list[str]) -> list[str]:
    """The right law and three laws sharing no number with any law the event fired."""
    from ..lawbook import LAWS_2017

    mine = {n for law in (row_law, *fired) for n in _numbers(law)}
    others = sorted({r.law for r in LAWS_2017.rows_of("phase")
                     if r.family not in _PLAIN and not (_numbers(r.law) & mine)})
    return [f"Law {row_law}", *(f"Law {x}" for x in rng.sample(others, 3))]


def make_question(seed: int | str, number: int, law: int | None = None, book: LawBook = LAWS_2017) -> Question:
    """Question ``number`` (1-based) of the quiz seeded ``seed``, restricted to the families
    covering ``law``, ruled by ``book``; raise ``ValueError`` if no family covers it."""
    from ..narrate import describe_outcome, step_lines

    families = families_for_law(law, book)
    if not families:
        raise ValueError(f"no irregularity family covers Law {law}")
    attempt = 0
    while True:
        rng = random.Random(f"quiz:{seed}:{number}:{attempt}")
        attempt += 1
        played = _play(rng, families, book)
        if played is None:
            continue
        sim, hit = played
        st = sim.steps[hit - 1]
        row = _irregular(st, families)
        state = sim.state
        kinds = ["law"]
        if state.pending is not None:
            kinds.append("next")
        elif not state.is_over:
            kinds.append("obligations")
        elif state.contract is not None and not state.leads:
            kinds.append("lead")
        kind = rng.choice(kinds[1:] * 2 + kinds[:1]) if len(kinds) > 1 else "law"
        choices: list[str] | None
        if kind == "law":
            assert row is not None
            choices = _law_choices(rng, row.law, [f.row.law for f in st.fired])  # type: ignore[attr-defined]
            prompt = f"Which law applies to event {hit}?"
        elif kind == "next":
            choices = _next_choices(rng, sim)
            prompt = "What happens next?"
        elif kind == "obligations":
            choices = _obligation_choices(rng, sim)
            prompt = "Who must pass (or repeat a call), and for how long?"
        else:
            choices = _lead_choices(rng, sim)
            prompt = "Before the opening lead: is there a lead restriction, and on what?"
        if choices is None:
            continue
        order = list(range(4))
        rng.shuffle(order)
        shown = tuple(choices[i] for i in order)
        answer = order.index(0)
        situation = (f"Dealer {sim.dealer.long_name}.",
                     *(_told(n, s) for n, s in enumerate(sim.steps, 1)))
        explanation = (f"Event {hit}: Law {row.law}: {row.summary}.",  # type: ignore[attr-defined]
                       *(line.strip() for n, s in enumerate(sim.steps, 1) for line in step_lines(n, s, sim.book)
                         if line.startswith("   ")),
                       "Where things stand now:", *describe_outcome(state))
        fam = getattr(row, "family", "")
        title = sim.book.family(fam).title if fam in sim.book.drawn_families else ""
        if title:
            explanation += (f"See the flowchart: {title}.",)
        return Question(number, kind, situation, prompt, shown, answer, explanation)


class QuizSession:
    """A quiz in progress: the current question, the score, and what to say to an answer."""

    def __init__(self, seed: int | str = 0, law: int | None = None, count: int | None = None, *,
                 book: LawBook | None = None) -> None:
        self.seed, self.law, self.count = seed, law, count
        self.book = book or LAWS_2017
        if not families_for_law(law, self.book):
            raise ValueError(f"no irregularity family covers Law {law}")
        self.asked = 0
        self.right = 0
        self.done = False
        self.question = self._next()

    def _next(self) -> Question:
        return make_question(self.seed, self.asked + 1, self.law, self.book)

    def intro(self) -> list[str]:
        """The first lines: how to answer, and the first question."""
        scope = f" on Law {self.law}" if self.law is not None else ""
        return [f"auction-fsm quiz{scope} (seed {self.seed}): answer a, b, c or d; quit ends the quiz.",
                *self.show()]

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
            self.question = make_question(self.seed, self.question.number + 1000, self.law)
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
