"""The interactive director (``auction-fsm teach``): a student plays the table, the model rules.

A :class:`TeachSession` takes one line at a time and answers with lines of text; it never reads
or writes a terminal itself, so the command reads standard input or a terminal and the tests
drive it line by line.  Every line is either a command (``help``, ``restate``, ``explain``,
``undo``, ``status``, ``save FILE``, ``new``, ``quit``) or a table event in a short text form
(``N 1H``, ``director``, ``judge comparable no``, ``S accept``, ``E expose SK``, ``N change 2H``,
``E lead DK``), see :data:`HELP`.  When a procedure waits for a judgement or a choice, the
session asks for it in words and takes a bare answer (``yes``, ``no``, ``accept``).

Bad input is answered with a message saying what was wrong and what the table expects; the
session goes on.  Standard library and the pure core at import; the simulator (and with it
``transitions``) is imported when a session starts.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import TYPE_CHECKING, Final, cast

from ..calls import Strain, parse_call
from ..cards import parse_card
from ..errors import AuctionFsmError
from ..events import (
    JUDGEMENT_KINDS,
    CallEvent,
    ChangeCall,
    Choice,
    DirectorCalled,
    Event,
    ExplanationRequest,
    ExposeCards,
    FaceLead,
    Judgement,
    JudgementKind,
    Lead,
    ReviewRequest,
    normalise_option,
)
from ..lawbook.procedure import JUDGEMENTS, taker
from ..seats import Seat, parse_seat
from .charts import row_key


def _ask(kind: str, otherwise: str) -> str:
    """The question the director answers for judgement ``kind``, as the law book words it."""
    j = JUDGEMENTS.get(kind)
    return j.ask if j is not None else otherwise

if TYPE_CHECKING:
    from ..lawbook import LawBook
    from ..simulator import Simulator, Step

__all__ = ["TeachSession", "HELP", "parse_event", "InputProblem"]

HELP: Final = """\
Enter what happens at the table, one line at a time (seats N, E, S, W; any seat, in any order):
  N 1H   E pass   S X   W XX        a call (legal or not: the director rules)
  director   or   director N        the director is called (by North)
  judge comparable no               a director's judgement: artificial, comparable,
                                    unintended, misinformation, dummy_seen (yes/no);
                                    judge artificial yes H S  -- with the suits it showed
  S accept   S refuse   N choose spread
                                    a player's choice (accept, refuse, keep, withdraw, change,
                                    spread, require_H, prohibit_S, let_remain, no_prohibition,
                                    designate_SA)
  E expose SK   E expose H2 H3   E expose SK led
                                    cards exposed during the auction (led: a card led early)
  N change 2H   N change 2H misinformation
                                    a player tries to change the last call
  N review   E explain 3   E explain
                                    a request to restate the auction / explain call 3
  E lead DK   E lead DK facedown   face
                                    the opening lead (face up, or face down then faced)
When the director or a player must decide, the prompt asks; answer yes, no, or an option word.
Commands:
  restate (20B)   the auction so far, as the director would restate it
  explain         the last ruling: what happened, which law, and why
  status          where the machines stand, in words
  undo            take back the last event
  save FILE       save the session as a scenario file (auction-fsm replay FILE plays it back)
  new [DEALER]    start a new board (dealer N unless given)
  help            this text
  quit            end the session (the end of the input ends it too)"""

_YES: Final = {"yes": True, "no": False}  # not "n": that is North
_STRAINS: Final = {"C": Strain.C, "D": Strain.D, "H": Strain.H, "S": Strain.S, "NT": Strain.NT, "N": Strain.NT}
_COMMANDS: Final = ("help", "?", "quit", "exit", "restate", "explain", "why", "status", "where",
                    "undo", "save", "new")


_STATE_NAME: Final = re.compile(r"\b([a-z_]+)\.([a-z_]+)\b")
_SNAKE: Final = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def plain_message(message: str) -> str:
    """An error message in the student's words: a procedure step named by its code name
    becomes what the step is about (from the law book's states), other code names become
    words (``not_comparable``: ``not comparable``)."""
    from ..lawbook import STATES

    about = {s.name: s.summary for s in STATES if s.machine == "phase"}

    def step(m: re.Match[str]) -> str:
        return about.get(m.group(1), m.group(1).replace("_", " "))

    text = _STATE_NAME.sub(step, message)
    return _SNAKE.sub(lambda m: m.group(0).replace("_", " "), text)


class InputProblem(ValueError):
    """A line the session cannot read as a command or an event (told to the student)."""


def _judgement(kind: str, words: list[str], where: str) -> Judgement:
    if kind not in JUDGEMENT_KINDS:
        raise InputProblem(f"no judgement called {kind!r}; the director judges: {', '.join(JUDGEMENT_KINDS)}")
    if not words or words[0].lower() not in _YES:
        raise InputProblem(f"say yes or no after 'judge {kind}' ({where})")
    dens = []
    for d in words[1:]:
        if d.upper() not in _STRAINS:
            raise InputProblem(f"{d!r} is not a strain (C, D, H, S, NT)")
        dens.append(_STRAINS[d.upper()])
    return Judgement(cast(JudgementKind, kind), _YES[words[0].lower()], tuple(dens))


def parse_event(line: str) -> Event:
    """One table event from its short text form (see :data:`HELP`); raise :class:`InputProblem`
    or a syntax error of a seat, call or card (both :class:`ValueError`) otherwise."""
    words = line.split()
    if not words:
        raise InputProblem("an empty line")
    head = words[0].lower()
    if head == "director":
        if len(words) == 1:
            return DirectorCalled()
        return DirectorCalled(parse_seat(words[-1], "the director called by"))
    if head in ("judge", "judgement"):
        if len(words) < 3:
            raise InputProblem("a judgement is 'judge KIND yes' or 'judge KIND no'")
        return _judgement(words[1].lower(), words[2:], line)
    if head in ("face", "face_lead"):
        return FaceLead()
    if len(words) < 2:
        raise InputProblem(f"cannot read {line!r}: start with a seat (N, E, S, W) and say what it does, "
                           "e.g. 'N 1H' (type help for every form)")
    seat = parse_seat(words[0], "seat")
    verb, rest = words[1].lower(), words[2:]
    if verb == "choose":
        if len(rest) != 1:
            raise InputProblem("a choice is 'S choose accept' (or just 'S accept')")
        return Choice(seat, normalise_option(rest[0]))
    if verb == "expose":
        led = bool(rest) and rest[-1].lower() == "led"
        cards = rest[:-1] if led else rest
        if not cards:
            raise InputProblem("name the exposed cards, e.g. 'E expose SK'")
        return ExposeCards(seat, tuple(parse_card(c, "card") for c in cards), led)
    if verb == "change":
        if not rest or len(rest) > 2 or (len(rest) == 2 and rest[1].lower() not in ("slip", "misinformation")):
            raise InputProblem("a change of call is 'N change 2H' or 'N change 2H misinformation'")
        misinformation = len(rest) == 2 and rest[1].lower() == "misinformation"
        return ChangeCall(seat, parse_call(rest[0], "call"), "misinformation" if misinformation else "slip")
    if verb == "review":
        return ReviewRequest(seat)
    if verb == "explain":
        if rest and not rest[0].isdigit():
            raise InputProblem("'E explain 3' asks about call 3; 'E explain' about the whole auction")
        return ExplanationRequest(seat, int(rest[0]) if rest else 0)
    if verb == "lead":
        if not rest or len(rest) > 2 or (len(rest) == 2 and rest[1].lower() != "facedown"):
            raise InputProblem("a lead is 'E lead DK' (face up) or 'E lead DK facedown'")
        return Lead(seat, parse_card(rest[0], "card"), len(rest) == 1)
    if len(rest) == 1 and not verb[:1].isdigit():  # "N prohibit H", "N no prohibition"
        return Choice(seat, normalise_option(f"{verb}_{rest[0]}"))
    if rest:
        raise InputProblem(f"cannot read {line!r} (type help for the forms a line may take)")
    if verb.upper() in ("PASS", "P", "X", "XX", "DOUBLE", "REDOUBLE", "D", "R") or verb[:1].isdigit():
        return CallEvent(seat, parse_call(words[1], "call"))
    return Choice(seat, normalise_option(words[1]))


class TeachSession:
    """One interactive session: a board's events so far and what to say about them."""

    def __init__(self, dealer: Seat | str = "N", vulnerability: str = "None", *,
                 book: LawBook | None = None) -> None:
        from ..lawbook import LAWS_2017
        from ..simulator import Simulator

        self.book = book or LAWS_2017
        self._make = functools.partial(Simulator, book=self.book)  # every board under the chosen book
        self.vulnerability = vulnerability
        self.sim: Simulator = self._make(dealer, vulnerability)
        self.events: list[Event] = []
        self.done = False

    # --- what the student sees ------------------------------------------------------------
    def intro(self) -> list[str]:
        """The first lines of a session."""
        laws = "2017 Laws" if self.book.name == "2017" else f"law book {self.book.name}: {self.book.title}"
        return [f"auction-fsm teach: you are at the table, the model is the director ({laws}).",
                f"Board: dealer {self.sim.dealer.long_name}. Type help for what you can enter, quit to end.",
                *self._situation()]

    def prompt(self) -> str:
        """The prompt for the next line: it says who must act and, for a decision, what to answer."""
        p = self.sim.state.pending
        state = self.sim.state
        if p is not None:
            if p.decider == "director":
                kind = p.get("judgement") or (p.options[0] if p.options else "")
                return f"Director, {_ask(kind, 'your judgement?')} [yes/no] > "
            if p.decider in Seat.__members__:
                return f"{Seat[p.decider].long_name} to decide [{' / '.join(self._option_hints())}] > "
        if state.phase == "play":
            return "The auction period is over (new, undo or quit) > "
        if state.is_passed_out:
            return "Passed out (new, undo or quit) > "
        if state.is_over and state.current_lead is not None and not state.current_lead.faced:
            return "The lead is face down: 'face' faces it > "
        if state.is_over:
            lead = state.opening_leader
            return f"{lead.long_name if lead else 'The leader'} to lead, e.g. '{lead.name if lead else 'E'} lead DK facedown' > "
        return f"{state.turn.long_name} to call > "

    def _option_hints(self, words: bool = False) -> list[str]:
        """What the decider may enter: short forms for the prompt, or phrases with examples."""
        p = self.sim.state.pending
        assert p is not None
        hints = []
        for o in p.options:
            spec = self.sim.book.option(p.state_name, o)
            taker_seat = taker(spec, p)
            if spec.how == "call" and taker_seat is not None:
                seat = taker_seat.name
                why = " to accept" if o == "accept" else ""
                hints.append(f"a call by {seat}{why} (e.g. '{seat} P')" if words else f"{seat} CALL")
            elif spec.how == "director":
                hints.append("'director'" if words else "director")
            else:
                spoken = o.replace("_", " ")  # typed with a space or an underscore alike
                hints.append(f"'{spoken}'" if words else spoken)
        return list(dict.fromkeys(hints))

    def _situation(self) -> list[str]:
        from ..narrate import decision_in_words, describe_outcome

        state = self.sim.state
        if state.pending is not None:
            lines = [decision_in_words(state)]
            p = state.pending
            if p.decider == "director":
                kind = p.get("judgement") or (p.options[0] if p.options else "")
                lines.append(f"You are the director: {_ask(kind, 'give your judgement')} Answer yes or no.")
            elif p.decider in Seat.__members__:
                lines.append(f"{Seat[p.decider].long_name} decides: enter "
                             f"{' or '.join(self._option_hints(words=True))}.")
            return lines
        return describe_outcome(state)

    # --- one line --------------------------------------------------------------------------
    def handle(self, line: str) -> list[str]:
        """Answer one line; never raises for bad input (the message says what was wrong)."""
        text = line.split("#", 1)[0].strip()  # "# ..." is a comment, also after an event
        if not text:
            return []
        word = text.split()[0].lower()
        try:
            if word in _COMMANDS and not (word == "explain" and len(text.split()) > 1
                                          and text.split()[0].upper() in Seat.__members__):
                return self._command(word, text.split()[1:])
            return self._event(self._read(text))
        except (AuctionFsmError, ValueError) as err:
            return [f"Not accepted: {plain_message(str(err))}", *self._situation(), *self._hint()]

    def _read(self, text: str) -> Event:
        """A bare answer to the question the prompt asked, or an event in the short form."""
        p = self.sim.state.pending
        words = text.split()
        if p is not None and p.decider == "director" and words[0].lower() in _YES:
            kind = p.get("judgement") or (p.options[0] if p.options else "")
            if kind in JUDGEMENT_KINDS:
                return _judgement(kind, words, text)
        if p is not None and p.decider in Seat.__members__ and len(words) <= 2 \
                and words[0].upper() not in Seat.__members__ and words[0].lower() not in (
                    "director", "judge", "judgement", "face", "face_lead"):
            return Choice(Seat[p.decider], normalise_option("_".join(words)))
        return parse_event(text)

    def _hint(self) -> list[str]:
        return ["(type help for what you can enter)"]

    def _event(self, event: Event) -> list[str]:
        from ..narrate import step_lines

        step = self.sim.apply(event)
        self.events.append(event)
        lines = step_lines(len(self.sim.steps), step, self.sim.book)
        return lines + self._situation()

    def _command(self, word: str, args: list[str]) -> list[str]:
        if word in ("help", "?"):
            return HELP.splitlines()
        if word in ("quit", "exit"):
            self.done = True
            return [f"Session ended after {len(self.events)} event(s)."]
        if word == "restate":
            return self.restate()
        if word in ("explain", "why"):
            return self.explain()
        if word in ("status", "where"):
            return self.status()
        if word == "undo":
            return self.undo()
        if word == "save":
            if len(args) != 1:
                return ["Say where: save FILE (for example save lesson.json)."]
            return self.save(Path(args[0]))
        if word == "new":
            dealer = args[0] if args else "N"
            self.sim = self._make(parse_seat(dealer, "dealer"), self.vulnerability)
            self.events = []
            return [f"New board: dealer {self.sim.dealer.long_name}.", *self._situation()]
        raise InputProblem(f"unknown command {word!r}")  # pragma: no cover - _COMMANDS lists them

    # --- commands --------------------------------------------------------------------------
    def restate(self) -> list[str]:
        """The auction as the director restates it (20B): every call in order, cancelled and
        withdrawn calls marked, alerts not modelled."""
        state = self.sim.state
        if not state.record:
            return ["No call has been made yet (20B: there is nothing to restate)."]
        lines = [f"Restating the auction (Law 20B), dealer {state.dealer.long_name}:"]
        for n, r in enumerate(state.record, 1):
            note = ""
            if r.in_turn_of != r.seat:
                note = f" (out of rotation, at {r.in_turn_of.long_name}'s turn)"
            if r.status != "stands":
                note += f" -- {r.status}" + (f" (Law {r.law})" if r.law else "")
            lines.append(f"  {n}. {r.seat.long_name}: {r.call}{note}")
        if state.contract is not None:
            lines.append(f"Final contract: {state.contract}.")
        return lines

    def explain(self) -> list[str]:
        """The last event's ruling: each law-book row that applied, with the question it answers
        and its law, then the rulings in words."""
        from ..narrate import explain_ruling

        if not self.sim.steps:
            return ["Nothing has happened yet: make a call first."]
        step = self.sim.steps[-1]
        lines = [f"Event {len(self.sim.steps)}: {step.event.describe()}."]
        for f in step.fired:
            row = f.row
            if row.family not in self.sim.book.drawn_families:
                continue
            why = f" (because {row.guard.words})" if row.guard is not None else ""
            lines.append(f"- Law {row.law}: {row.summary}{why}.")
        rulings = step.after.rulings[len(step.before.rulings):]
        lines += [explain_ruling(r) for r in rulings]
        if len(lines) == 1:
            lines.append("A call in rotation: no irregularity, no ruling.")
        families = [f.row.family for f in step.fired if f.row.family not in ("17-22", "seat")]
        if families:
            from .charts import family_charts

            stems = [c.stem for c in family_charts(self.book, families[0])]
            lines.append(f"Flowchart: diagrams/{stems[0]}.png" + (f" (and {len(stems) - 1} more part)" if len(stems) > 1 else ""))
        return lines

    def status(self) -> list[str]:
        """Where the machines stand, in words: the phase machine's state and each seat's."""
        from ..narrate import describe_outcome

        specs = {(s.machine, s.name): s for s in self.book.states}
        m = self.sim.machines
        phase = specs[("phase", m.phase.state)]
        where = phase.summary
        if phase.parent is not None:
            where = f"{specs[('phase', phase.parent)].summary}: {phase.summary}"
        lines = [f"The auction period: {where}."]
        for seat, model in zip(Seat, m.seats, strict=True):
            lines.append(f"  {seat.long_name}: {specs[('seat', model.state)].summary}.")
        lines += describe_outcome(self.sim.state)
        lines.append(f"{len(self.events)} event(s) so far; {self.sim.state.incidents} irregularit"
                     f"{'y' if self.sim.state.incidents == 1 else 'ies'}.")
        return lines

    def undo(self) -> list[str]:
        """Take back the last event by replaying the others on a fresh simulator."""
        if not self.events:
            return ["Nothing to undo."]
        last = self.events.pop()
        sim = self._make(self.sim.dealer, self.vulnerability)
        sim.run(self.events)
        self.sim = sim
        return [f"Undone: {last.describe()}.", *self._situation()]

    def save(self, path: Path) -> list[str]:
        """Write the session as a scenario file."""
        from ..scenario import Scenario, dump_scenario

        scenario = Scenario(self.sim.dealer, tuple(self.events), self.vulnerability,  # type: ignore[arg-type]
                            title="A board played in auction-fsm teach")
        try:
            path.write_text(dump_scenario(scenario), encoding="utf-8")
        except OSError as err:
            return [f"Could not save to {path}: {err.strerror or err}."]
        return [f"Saved {len(self.events)} event(s) to {path} (replay it with: auction-fsm replay {path})."]

    def fired_keys(self) -> list[str]:
        """The law-book rows fired so far (for tests and the route)."""
        return [row_key(f.row) for st in self.sim.steps for f in st.fired]

    @property
    def steps(self) -> list[Step]:
        """The steps of the board so far."""
        return self.sim.steps

    @property
    def simulator(self) -> Simulator:
        """The simulator behind the session."""
        return self.sim
