"""The interactive director (``auction-fsm teach``): a student plays the table, the model rules.

A :class:`TeachSession` takes one line at a time and answers with lines of text; it never reads
or writes a terminal itself, so the command reads standard input or a terminal and the tests
drive it line by line.  Every line is either a command (``help``, ``restate``, ``explain``,
``undo``, ``status``, ``save FILE``, ``load FILE``, ``new``, ``quit``) or a table event in a short text form
(``N 1H``, ``director``, ``judge comparable no``, ``S accept``, ``E expose SK``, ``N change 2H``,
``E lead DK``), see :data:`HELP`.  When a procedure waits for a judgement or a choice, the
session asks for it in words and takes a bare answer (``yes``, ``no``, ``accept``).  While a
decision waits, an event its procedure does not take (another seat's call) is refused with whose
decision the table waits for; a call repeated by the seat that has just made it (a line sent
again from the history) changes nothing: the law book refuses it in those words
(:class:`~auction_fsm.errors.RepeatedCallError`, ``changes.nothing_happens``), and the session
says them as a ruling of nothing, not as input it could not take.

Bad input is answered with a message saying what was wrong and what the table expects; the
session goes on.  Standard library and the pure core at import; the simulator (and with it
``transitions``) is imported when a session starts.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Final

from ..calls import parse_call
from ..errors import AuctionFsmError, DecisionError, InternalError, RepeatedCallError
from ..events import (
    JUDGEMENT_KINDS,
    CallEvent,
    Choice,
    Event,
    normalise_option,
)
from ..lawbook.procedure import JUDGEMENTS, callers, taker
from ..seats import Seat, parse_seat
from .charts import row_key


def _ask(kind: str, otherwise: str) -> str:
    """The question the director answers for judgement ``kind``, as the law book words it."""
    j = JUDGEMENTS.get(kind)
    return j.ask if j is not None else otherwise

if TYPE_CHECKING:
    from ..auction import AuctionState
    from ..lawbook import LawBook
    from ..simulator import Simulator, Step
    from .charts import Chart

__all__ = ["TeachSession", "HELP", "parse_event", "InputProblem", "near_miss", "near_miss_line", "closest",
           "teach_words", "counted"]

HELP: Final = """\
Type what happens at the table, one line at a time: a seat (N, E, S or W), then what it does.
Any seat may act, in turn or not; the model is the director and rules.
  N 1H   E pass   S X   W XX        a call (X is a double, XX a redouble)
  pass   1nt   dbl                  a call by the player whose turn it is
  director   or   director N        the director is called (by North)
  judge comparable no               the director's judgement, yes or no: artificial,
                                    comparable, unintended, misinformation, dummy seen
  judge artificial yes H S          the same, with the suits the call showed
  S accept   S decline   N spread   a player's choice; the prompt lists those open:
  N require H   N prohibit S        accept, decline, refuse, keep, withdraw, change,
  N let remain   N no prohibition   spread, require H, prohibit S, let remain,
  N designate SA                    no prohibition, designate SA
  E expose SK   E expose H2 H3      cards exposed during the auction (after the final pass:
                                    a defender's card is a penalty card)
  E expose SK led                   a card led before the auction was over
  noticed after lead                nobody notices the inadmissible double just made until
                                    after the opening lead is faced (36C)
  noticed later                     nobody notices it for now; the next 'director' does (36A)
  N change 2H                       a player tries to change the last call (a slip)
  N change 2H misinformation        the same, after misinformation from an opponent
  N review   E explain 3   E explain
                                    a request to restate the auction, or to explain call 3
  E lead DK   E lead DK facedown    the opening lead, face up or face down
  face                              the face-down lead is faced
When the director or a player must decide, the prompt asks: answer yes or no, or a choice.
Commands:
  restate         the auction so far, as the director would restate it (Law 20B)
  explain         the last ruling: what happened, which law, and why
  status          where the auction period stands, seat by seat
  undo            take back the last event
  save FILE       save the board as a scenario file (auction-fsm replay FILE plays it back)
  load FILE       carry on a board saved with save (a scenario file)
  new [DEALER]    start a new board (dealer N unless given)
  help            this text
  quit            end the session (the end of the input ends it too; Ctrl-C or
                  Ctrl-D at a terminal asks whether to save first)
While a decision waits (the prompt says whose), the table waits for it: only that
decision's options and what its procedure lets in are ruled; another seat's call is
refused, and ruled if entered again once the decision is made."""

_YES: Final = {"yes": True, "no": False}  # not "n": that is North
_SEATS: Final = {"N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST"}
_COMMANDS: Final = ("help", "?", "quit", "exit", "restate", "explain", "why", "status", "where",
                    "undo", "save", "load", "new")


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``1 event``, ``7 events``, ``0 events``: a count with its noun in the right number."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


_STATE_NAME: Final = re.compile(r"\b([a-z_]+)\.([a-z_]+)\b")
_SNAKE: Final = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def plain_message(message: str) -> str:
    """An error message in the student's words: a procedure step named by its code name
    becomes what the step is about (from the law book's states), other code names become
    words (``not_comparable``: ``not comparable``)."""
    from ..lawbook import STATES

    about = {s.name: s.summary for s in STATES if s.machine == "phase"}

    def step(m: re.Match[str]) -> str:
        if m.group(1) not in about:  # not a procedure step ("e.g.", a file name): left alone
            return m.group(0)
        return about[m.group(1)]

    text = _STATE_NAME.sub(step, message)
    return _SNAKE.sub(lambda m: m.group(0).replace("_", " "), text)


# --- what a student types that is nearly right ------------------------------------------------
# Kept apart from the parser so that the shared event-text reader can call it too.

#: Call words as people type them, with the call the model reads.
_CALL_WORDS: Final = {"PAS": "P", "PASSES": "P", "PSS": "P", "PA": "P", "NB": "P", "NOBID": "P",
                      "D": "X", "DB": "X", "DBLE": "X", "DOUBLES": "X", "DOUBEL": "X", "DUBBLE": "X",
                      "R": "XX", "RE": "XX", "REDBL": "XX", "RDL": "XX", "RDBLE": "XX", "REDBLE": "XX",
                      "REDOUBLES": "XX", "REDOUBEL": "XX", "XXX": "XX"}
#: Strain words as people type them after a level ("1 no trump", "2hearts").
_STRAIN_WORDS: Final = {"NO": "NT", "NOTRUMP": "NT", "NOTRUMPS": "NT", "NOTRUMPF": "NT", "SA": "NT",
                        "CLUB": "C", "CLUBS": "C", "DIAMOND": "D", "DIAMONDS": "D", "HEART": "H",
                        "HEARTS": "H", "SPADE": "S", "SPADES": "S", "NTS": "NT"}
#: The words a line of teach may start with or answer, for "did you mean".
_VOCABULARY: Final = ("director", "judge", "accept", "refuse", "decline", "choose", "expose", "change",
                      "review", "explain", "lead", "face", "restate", "status", "undo", "save", "new",
                      "help", "load", "quit", "yes", "no", "pass", "keep", "withdraw", "spread", "let remain",
                      "no prohibition", "facedown", "misinformation", "comparable", "artificial",
                      "unintended", "dummy seen")


def near_miss(text: str) -> str | None:
    """The call ``text`` means, in the model's spelling, when it is one as people type it:
    ``pas`` -> ``P``, ``1nt`` -> ``1NT``, ``dbl`` -> ``X``, ``redbl`` -> ``XX``, ``2 hearts`` ->
    ``2H``; ``None`` when it is no call.

    >>> [near_miss(w) for w in ("pas", "1nt", "dbl", "xx", "redbl", "2 hearts", "accept")]
    ['P', '1NT', 'X', 'XX', 'XX', '2H', None]
    """
    word = "".join(text.split()).upper().rstrip(".!")
    word = _CALL_WORDS.get(word, word)
    level = word[:1]
    if level.isdigit() and word[1:] in _STRAIN_WORDS:
        word = level + _STRAIN_WORDS[word[1:]]
    try:
        return str(parse_call(word))
    except ValueError:
        return None


def closest(word: str) -> str | None:
    """The word of ``teach``'s lines nearest to ``word`` (``restat`` -> ``restate``), if any
    is near enough."""
    import difflib

    found = difflib.get_close_matches(word.lower(), _VOCABULARY, n=1, cutoff=0.75)
    return found[0] if found else None


def teach_words(message: str) -> str:
    """A refusal from the engine in ``teach``'s own words: the engine's note of what the
    procedure waits for (its option identifiers) is left out, since the session then says what
    to enter; a lead during the auction is to be entered as an exposed card."""
    message = message.removeprefix("your line: ")  # the event reader's "where": the line just typed
    m = re.match(r"(\w+) led (\S+) during the auction", message)
    if m is not None:
        seat = m.group(1)[:1]
        return (f"{m.group(1)} led {m.group(2)} before the auction was over: that card is a card exposed "
                f"during the auction (Law 24). Enter it as '{seat} expose {m.group(2)} led'")
    m = re.match(r"(\w+) chose '([^']*)' but no decision is pending", message)
    if m is not None:
        typed = m.group(2).replace("_", " ")
        hint = closest(typed)
        also = f" (did you mean '{m.group(1)[:1]} {hint}'?)" if hint and hint != typed else ""
        return f"'{typed}' is not a call, and nothing is waiting for {m.group(1)}'s decision{also}"
    m = re.match(r"(\w+) chose '([^']*)' but the decision is (\w)'s", message)
    if m is not None:
        return f"{m.group(1)} cannot decide here: the decision is {Seat[m.group(3)].long_name}'s"
    m = re.match(r"'([^']*)' is not an option", message)
    if m is not None:
        typed = m.group(1).replace("_", " ")
        hint = closest(typed)
        also = f" (did you mean '{hint}'?)" if hint and hint != typed else ""
        return f"'{typed}' is not one of the choices here{also}"
    # "<procedure>, <step> is pending: waiting for South, who may ...": the options are left
    # out here, since the session says next what may be entered
    message = re.sub(r" is pending: waiting for (.+?), who may .*$", r" is under way, waiting for \1", message)
    return plain_message(message)


def _while_waiting(state: AuctionState, message: str) -> str | None:
    """The engine's refusal of an event made while a decision waits (another seat's call, a
    card exposed, a review by someone not about to call), in the session's words: whose
    decision the table waits for, and that the event is ruled if entered again once it is made.
    ``None`` for any other refusal."""
    p = state.pending
    m = re.match(r"(.+?) (?:cannot be made now|must wait): (.*)$", message)
    if p is None or m is None:
        return None
    what, why = m.groups()
    first = why.split("; ")[0]
    own = f"; {first}" if "; " in why and re.search(r"\(\d+[A-Z]", first) else ""  # its own law: "(20B)"
    if p.decider == "director":
        whose, after = "the director's judgement", "the director has judged"
    elif p.decider in Seat.__members__:
        name = Seat[p.decider].long_name
        whose, after = f"{name}'s decision", f"{name} has decided"
    else:
        whose, after = "a decision", "it is made"
    return (f"{what} is not ruled now: the table waits for {whose}, and until then only that "
            f"decision's options and what its procedure lets in are ruled{own}. Enter it again once {after}")


class InputProblem(ValueError):
    """A line the session cannot read as a command or an event (told to the student)."""


def parse_event(line: str) -> Event:
    """One table event from its short text form (see :data:`HELP`), read by the one event
    language (:func:`auction_fsm.event_language.read_event`); raise :class:`InputProblem` or a
    syntax error of a seat, call or card (both :class:`ValueError`) otherwise."""
    from ..event_language import read_event

    if not line.split():
        raise InputProblem("an empty line")
    return read_event(near_miss_line(line), "your line")


def near_miss_line(line: str) -> str:
    """``line`` as the event language spells it, when it is nearly right: a call as people
    type it after a seat (``N pas`` -> ``N P``, ``N 2 hearts`` -> ``N 2H``), ``judge dummy
    seen``; a call with no seat, or a first word that is nearly a word of ``teach``, is
    answered (:class:`InputProblem`) with the form to type.  Anything else is left as it is."""
    words = line.split()
    first = words[0]
    if first.upper() in _SEATS:
        call = near_miss(" ".join(words[1:])) if len(words) > 1 else None
        return f"{first} {call}" if call is not None else line
    if first.lower() in ("judge", "judgement") and [w.lower() for w in words[1:3]] == ["dummy", "seen"]:
        return " ".join([first, "dummy_seen", *words[3:]])
    call = near_miss(line)
    if call is not None:
        raise InputProblem(f"say who calls: a seat, then the call, e.g. 'N {call}'")
    hint = closest(first)
    if hint is not None and hint != first.lower():
        raise InputProblem(f"cannot read {line!r}: did you mean '{hint}'? (type help for every form)")
    return line


class TeachSession:
    """One interactive session: a board's events so far and what to say about them."""

    def __init__(self, dealer: Seat | str = "N", vulnerability: str = "None", *,
                 book: LawBook | None = None) -> None:
        from ..lawbook import LAWS_2017
        from ..simulator import Simulator

        self.book = book or LAWS_2017
        self._make = partial(Simulator, book=self.book)  # every board of the session (new, undo)
        self.vulnerability = vulnerability
        self.sim: Simulator = self._make(dealer, vulnerability)
        self.events: list[Event] = []
        self.title: str | None = None  # a loaded board's title and description, kept when saved
        self.description: str | None = None
        self.done = False
        self.faults = 0  # internal faults met (the command then exits with status 70)
        self._read_as = ""  # how a near-miss was read ("E P" for "pas"), told before the answer

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
        hints: list[str] = []
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
        if words:  # one "a call by W (e.g. 'W P')" for both calling in turn and calling over it
            calls = [h for h in hints if h.startswith("a call by ")]
            seats = {h.split()[3] for h in calls}
            if len(calls) > 1 and len(seats) == 1:
                seat = seats.pop()
                merged = f"a call by {seat} (e.g. '{seat} P')"
                hints = [merged if h == calls[0] else h for h in hints if h not in calls[1:]]
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
        self._read_as = ""
        try:
            if word in _COMMANDS and not (word == "explain" and len(text.split()) > 1
                                          and text.split()[0].upper() in Seat.__members__):
                return self._command(word, text.split()[1:])
            lines = self._event(self._read(text))
            return [f"(Read as '{self._read_as}'.)", *lines] if self._read_as else lines
        except InternalError as err:  # a fault of auction-fsm: never told as a ruling
            return self._fault(err)
        except (AuctionFsmError, ValueError) as err:
            return [f"Not accepted: {teach_words(str(err))}.".replace("..", "."), *self._situation(),
                    *self._hint()]
        except Exception as err:  # noqa: BLE001 - any other exception is a bug of ours too
            return self._fault(err)

    def _fault(self, err: Exception) -> list[str]:
        """An internal fault met while ruling a line: say it is a bug, not a ruling; keep the
        events entered so far (the board is rebuilt from them, so it can still be saved) and
        remember the fault, so that the command exits with status 70."""
        self.faults += 1
        sim = self._make(self.sim.dealer, self.vulnerability)
        sim.run(self.events)
        self.sim = sim
        fault = f"Internal fault (a bug in auction-fsm, not a ruling): {type(err).__name__}: {teach_words(str(err))}"
        kept = (f"That line was not applied; what was entered before it ({counted(len(self.events), 'event')}) "
                "is kept (save FILE keeps it). Please report the fault.")
        return [fault, kept, *self._situation()]

    def _read(self, text: str) -> Event:
        """A bare answer to the question the prompt asked, or an event in the short form."""
        p = self.sim.state.pending
        words = text.split()
        if p is not None and p.decider == "director" and words[0].lower() in _YES:
            kind = p.get("judgement") or (p.options[0] if p.options else "")
            if kind in JUDGEMENT_KINDS:
                return parse_event(f"judge {kind} {text}")
        if words[0].upper() not in _SEATS and (call := near_miss(text)) is not None:
            caller = self._bare_caller()
            if caller is not None:  # "pas" at East's turn: East passes
                self._read_as = f"{caller.name} {call}"
                return CallEvent(caller, parse_call(call, "call"))
        elif len(words) >= 2 and words[0].upper() in _SEATS and (call := near_miss(" ".join(words[1:]))) \
                and call.upper() != "".join(words[1:]).upper():
            self._read_as = f"{words[0].upper()[:1]} {call}"  # "N dbl": North doubles
        if p is not None and p.decider in Seat.__members__ and len(words) <= 2 \
                and words[0].upper() not in Seat.__members__ and words[0].lower() not in (
                    "director", "judge", "judgement", "face", "face_lead", "noticed", "attention"):
            return Choice(Seat[p.decider], normalise_option("_".join(words)))
        return parse_event(text)

    def _bare_caller(self) -> Seat | None:
        """Whose call a call typed without a seat is: the seat in turn, or the player who may
        call now to accept or replace an irregularity; ``None`` when that is not clear."""
        state = self.sim.state
        p = state.pending
        expected = callers(state, self.sim.book)
        if p is None:
            return next(iter(expected), None)
        if p.decider not in Seat.__members__:
            return None
        # the decider when one of the calls is theirs (accepting by calling over it), else the
        # one seat that calls (the offender replacing the call)
        if Seat[p.decider] in expected:
            return Seat[p.decider]
        return next(iter(expected)) if len(expected) == 1 else None

    def _hint(self) -> list[str]:
        return ["(type help for what you can enter)"]

    def _event(self, event: Event) -> list[str]:
        from ..narrate import step_lines

        state = self.sim.state
        try:
            step = self.sim.apply(event)
        except RepeatedCallError as err:  # the book's refusal of the same call named again (Law 25)
            return [str(err), *self._situation()]
        except DecisionError as err:
            waiting = _while_waiting(state, str(err))
            if waiting is None:
                raise
            raise InputProblem(waiting) from err
        self.events.append(event)
        lines = step_lines(len(self.sim.steps), step, self.sim.book)
        return lines + self._situation()

    def _command(self, word: str, args: list[str]) -> list[str]:
        if word in ("help", "?"):
            return HELP.splitlines()
        if word in ("quit", "exit"):
            self.done = True
            return [f"Session ended after {counted(len(self.events), 'event')}."]
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
        if word == "load":
            if len(args) != 1:
                return ["Say which file: load FILE (a board saved with save, for example load lesson.json)."]
            return self.load(Path(args[0]))
        if word == "new":
            dealer = args[0] if args else "N"
            self.sim = self._make(parse_seat(dealer, "dealer"), self.vulnerability)
            self.events = []
            self.title = self.description = None
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
        chart = self._chart_of(step)
        if chart is not None:
            lines.append(f"Flowchart: {chart.title} (auction-fsm draw --only {chart.stem} draws it; "
                         "auction-fsm draw --handout FILE prints every chart).")
        return lines

    def _chart_of(self, step: Step) -> Chart | None:
        """The flowchart (the part of it) that holds the first row of an irregularity's
        family ``step`` fired, or ``None`` for a call in rotation."""
        from .charts import family_charts

        fired = [f.row for f in step.fired if f.row.family not in ("17-22", "seat")
                 and f.row.family in self.sim.book.drawn_families]
        if not fired:
            return None
        charts = family_charts(self.sim.book, fired[0].family)
        key = row_key(fired[0])
        return next((c for c in charts if any(key in b.rows for b in c.boxes)), charts[0] if charts else None)

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
        lines.append(f"{counted(len(self.events), 'event').capitalize()} so far; "
                     f"{counted(self.sim.state.incidents, 'irregularity', 'irregularities')}.")
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

    def load(self, path: Path) -> list[str]:
        """Carry on the board of a scenario file (as :meth:`save` writes it): its dealer,
        vulnerability, law book and events replayed; an event the model refuses stops the
        replay there, and the events before it are the board.  A file that cannot be read
        leaves the board at the table as it was."""
        from ..errors import ScenarioError
        from ..scenario import load_scenario

        try:
            scenario = load_scenario(path)
            replay = scenario.replay()
        except OSError as err:
            return [f"Could not load {path}: {err.strerror or err}.", *self._situation()]
        except ScenarioError as err:
            hint = (" (load reads a scenario file, as save writes it; for a PBN or LIN board: "
                    f"auction-fsm convert {path} board.json, then load board.json)"
                    if path.suffix.lower() in (".pbn", ".lin") else "")
            why = str(err).removeprefix(f"{path}: ")  # the file is named once
            return [f"Could not load {path}: {teach_words(why)}{hint}.", *self._situation()]
        from ..simulator import Simulator

        left = len(self.events)
        self.book = replay.simulator.book
        self._make = partial(Simulator, book=self.book)
        self.sim = replay.simulator
        self.vulnerability = scenario.vulnerability
        self.events = list(scenario.events[:len(self.sim.steps)])
        self.title, self.description = scenario.title, scenario.description
        book = "" if self.book.name == "2017" else f", law book {self.book.name}"
        lines = [f"Loaded {path}: dealer {scenario.dealer.long_name}, vulnerability {scenario.vulnerability}{book}, "
                 f"{counted(len(self.events), 'event')}" + (f" ({scenario.title})" if scenario.title else "") + "."]
        if left:
            lines.append(f"(The board you were on, {counted(left, 'event')}, is put aside: "
                         "save it first next time if you want to keep it.)")
        if replay.error is not None:
            lines.append(f"Event {replay.failed_event} of the file was not accepted, so the board stops "
                         f"before it: {teach_words(str(replay.error))}.")
        return [*lines, *self.restate(), *self._situation()]

    def save(self, path: Path) -> list[str]:
        """Write the session as a scenario file."""
        from ..scenario import Scenario, dump_scenario

        book = self.sim.book.name
        scenario = Scenario(self.sim.dealer, tuple(self.events), self.vulnerability,  # type: ignore[arg-type]
                            title=self.title or "A board played in auction-fsm teach",
                            description=self.description,
                            law_book=None if book == "2017" else book)  # a file names a book other than the default
        try:
            path.write_text(dump_scenario(scenario), encoding="utf-8")
        except OSError as err:
            return [f"Could not save to {path}: {err.strerror or err}."]
        return [(f"Saved {counted(len(self.events), 'event')} to {path} (replay it with: auction-fsm replay "
                 f"{path}; carry on with: load {path}).")]

    # --- leaving with Ctrl-C or Ctrl-D ---------------------------------------------------------
    def leave_question(self) -> str | None:
        """What to ask when the student presses Ctrl-C or Ctrl-D: whether to save the board first
        (``None`` when there is nothing to save: leave at once)."""
        if not self.events:
            return None
        return (f"Save this board ({counted(len(self.events), 'event')}) before you leave? A file name saves it, "
                "Enter leaves, 'back' goes on > ")

    def leave_answer(self, text: str) -> tuple[list[str], str]:
        """The reply to :meth:`leave_question`: what to say, and ``"leave"``, ``"stay"`` or
        ``"ask"`` (again)."""
        reply = text.strip()
        if reply.lower() in ("back", "b", "go on", "continue", "cancel"):
            return ["Back to the table."], "stay"
        if reply.lower() in ("", "n", "no", "quit"):
            self.done = True
            return [f"Left without saving: session ended after {counted(len(self.events), 'event')}."], "leave"
        if reply.lower() in ("y", "yes", "save"):
            return ["Which file? Type a name such as lesson.json."], "ask"
        lines = self.save(Path(reply))
        if not lines[0].startswith("Saved"):
            return lines, "ask"
        self.done = True
        return [*lines, f"Session ended after {counted(len(self.events), 'event')}."], "leave"

    def fired_keys(self) -> list[str]:
        """The law-book rows fired so far (for tests and the route)."""
        return [row_key(f.row) for st in self.sim.steps for f in st.fired]

    @property
    def steps(self) -> list[Step]:
        """The steps of the board so far."""
        return list(self.sim.steps)

    @property
    def simulator(self) -> Simulator:
        """The simulator behind the session."""
        return self.sim
