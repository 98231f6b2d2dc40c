"""A fuzzer for the simulator: random *plausible* table events, machines checked, bugs shrunk.

Why: the law tests check the rulings we thought of; the fuzzer looks for the positions nobody
thought of, where the ``transitions`` machines and the pure core stop agreeing
(:class:`~auction_fsm.errors.MachineDisagreementError`) or where the package crashes with an
exception it did not mean to raise.  Both are bugs in auction-fsm, never user error.

It is written against the public API only -- :class:`~auction_fsm.simulator.Simulator`,
:class:`~auction_fsm.auction.AuctionState`'s read-only properties, the event classes, the
errors and the scenario format -- so it keeps working while the engine behind them changes.

How a scenario is made and judged
---------------------------------
A scenario starts from a random dealer.  Each next event is drawn from the position reached
(:func:`next_event`): mostly what a table would plausibly produce there -- a legal call in
turn, the judgement or the choice the pending procedure waits for, the opening lead -- and
often an irregularity: an insufficient bid, a call out of rotation, an inadmissible double or
redouble, a call by a player obliged to pass, a bid above seven, a call after the final pass,
an attempt to change a call, exposed cards, a review or explanation request, a lead out of
turn, a judgement or a choice nobody asked for.  A quarter of the calls carry what they
showed as explained at the table (``specifies``), which decides 27B1a, 26B and 29C; a passed-out
board mostly ends with the hands returned (17D2), and the return is also tried where it fits
nothing.

Every event is drawn from the one event registry (:mod:`auction_fsm.event_draw`): the position
decides some fields (who calls, which call, the option a procedure waits for) and the
registry's drawers draw the others (the cards exposed, the denominations judged, the option
words ...); now and then an event of any registered kind is drawn whole, so a kind added to
the registry is fuzzed without a change here.

Each event goes to ``Simulator.apply`` with ``check=True``.  Three outcomes:

* it is applied;
* an :class:`~auction_fsm.errors.AuctionFsmError` other than a disagreement is a **refusal**:
  the model rightly says the event fits nothing in this position.  The fuzzer **skips** it and
  goes on with the next event (a refused event changes nothing, so the position is the one
  before it).  Skipping rather than stopping keeps the scenario going after the many random
  events that are refused, so it reaches deeper positions.  A refused event is *not* kept in
  the scenario's event list, so that the list replays exactly as applied, also through
  ``auction-fsm replay`` (which stops at the first refusal);
* a :class:`~auction_fsm.errors.MachineDisagreementError` is a **disagreement**, any other
  exception an **internal error**.  Either is a bug: the scenario ends there (the simulator is
  not trusted after it), and the applied events plus the failing one are its reproducer.

An applied event is then **examined** (:func:`examine`, issue 17): the machines' view of the
position must equal the core's, the position is described, and no event may be accepted once the
report says the auction period is over; in every tenth scenario (``examine_every``) also the step
is narrated, the report built, the options told for a decision checked against the row that took
a call made while it was pending (10C1), and at the end the ``check`` verdict on the board
compared with the position (:func:`examine_board`).  A fault there is a disagreement or an
internal error like any other: the engine may be right while what a user reads is wrong.

Reproducers are shrunk (:func:`shrink`) by deleting events while a replay -- with replay
semantics, stopping at the first refusal -- still fails with the same failure class
(:func:`failure_class`), so a shrunk file is a valid scenario file that ``auction-fsm replay``
fails on in the same way.

Every scenario draws from its own ``random.Random`` seeded with ``"<seed>:<index>"``, so a run
is the same whatever the number of worker processes and whatever the hash seed.
"""

from __future__ import annotations

import json
import random
import re
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .auction import AuctionState
from .calls import ALL_CALLS, BIDS, DOUBLE, PASS, REDOUBLE, Call
from .engine import Step
from .errors import AuctionFsmError, InternalError, MachineDisagreementError
from .event_draw import ABOVE_SEVEN, DRAWERS, draw_event
from .event_language import KINDS
from .events import JUDGEMENT_KINDS, CallEvent, Event
from .lawbook import LawBook, ruling_book
from .lawbook.procedure import taker
from .report import pending_to_json
from .scenario import Scenario, dump_scenario
from .seats import Seat
from .simulator import Simulator

__all__ = [
    "FailureKind",
    "Failure",
    "ScenarioOutcome",
    "FuzzStats",
    "EXAMINE_EVERY",
    "examine",
    "examine_board",
    "next_event",
    "fuzz_scenario",
    "fuzz_range",
    "failure_class",
    "replay_failure",
    "shrink",
    "reproducer",
]

FailureKind = Literal["disagreement", "internal"]
SEATS: tuple[Seat, ...] = tuple(Seat)
DEFAULT_MAX_EVENTS = 24  # event attempts per scenario: a whole auction with a few incidents
EXAMINE_EVERY = 10  # every tenth scenario is examined in full (narration, report, options, check)


# --- drawing one event from the position reached ------------------------------------------------
def _weighted(rng: random.Random, table: Sequence[tuple[float, Callable[[], Event | None]]]) -> Event:
    """Draw one of the makers by weight; a maker returning ``None`` (not applicable here) is
    dropped and the draw repeated among the rest."""
    pool = [(w, f) for w, f in table if w > 0]
    while pool:
        total = sum(w for w, _ in pool)
        x = rng.random() * total
        for i, (w, f) in enumerate(pool):
            x -= w
            if x <= 0 or i == len(pool) - 1:
                event = f()
                if event is not None:
                    return event
                del pool[i]
                break
    return draw_event(rng, "call", seat=SEATS[rng.randrange(4)], call=PASS, specifies=None)


def _last_bid(state: AuctionState) -> Call | None:
    """The highest bid standing, from the public record."""
    bids = [r.call for r in state.standing_calls if r.call.is_bid]
    return bids[-1] if bids else None


def _plausible_legal_call(rng: random.Random, legal: Sequence[Call]) -> Call:
    """A legal call weighted as real auctions go: passes often, low sufficient bids more than
    jumps, doubles and redoubles now and then (the weights of ``benchmarks/workload.py``)."""
    bids = [c for c in legal if c.is_bid]
    weights: list[float] = []
    choices: list[Call] = []
    level = bids[0].level if bids else 7
    for c in legal:
        if c.is_pass:
            w = 3.0 + 1.5 * level
        elif c.is_bid:
            w = 3.0 * 0.5 ** bids.index(c)
        elif c.is_double:
            w = 0.8
        else:
            w = 0.4
        choices.append(c)
        weights.append(w)
    return rng.choices(choices, weights)[0] if choices else PASS


def _insufficient_bid(rng: random.Random, state: AuctionState) -> Call | None:
    last = _last_bid(state)
    if last is None:
        return None
    lower = [b for b in BIDS if not b.supersedes(last)]
    # Mostly just below the last bid (the usual slip), sometimes anywhere below it.
    near = [b for b in lower if b.level >= last.level - 1]
    return rng.choice(near if near and rng.random() < 0.7 else lower)


def _random_call(rng: random.Random, state: AuctionState) -> Call:
    """Any admissible call, biased toward the ones a player would actually make here."""
    r = rng.random()
    if r < 0.35:
        return PASS
    if r < 0.5:
        return rng.choice((DOUBLE, REDOUBLE))
    last = _last_bid(state)
    above = [b for b in BIDS if b.supersedes(last)] or list(BIDS)
    return rng.choice(above[:6] if rng.random() < 0.8 else ALL_CALLS[:35])


def _call_event(rng: random.Random, seat: Seat, call: Call) -> Event:
    """A call, now and then with what it showed as explained at the table (``specifies``):
    the input that decides 27B1a, 26B and 29C.  A quarter of the calls carry it: half of those
    a bid's own denomination, the others what the registry draws (often none: an artificial
    call)."""
    if rng.random() >= 0.25:
        return draw_event(rng, "call", seat=seat, call=call, specifies=None)
    if call.strain is not None and rng.random() < 0.5:
        return draw_event(rng, "call", seat=seat, call=call, specifies=(call.strain,))
    return draw_event(rng, "call", seat=seat, call=call, specifies=DRAWERS["strains"](rng))


def _judgement(rng: random.Random, kind: str | None = None) -> Event:
    """The director's judgement: of ``kind`` if one is wanted, else of a kind the registry
    draws; the value and the denominations drawn."""
    if kind in JUDGEMENT_KINDS:
        return draw_event(rng, "judgement", kind=kind)
    return draw_event(rng, "judgement")


def next_event(rng: random.Random, state: AuctionState, book: LawBook | None = None) -> Event:
    """One plausible next event for the position ``state``, legal or not.

    The mix depends on the phase: while a procedure waits, mostly what it waits for; in the
    auction, mostly legal calls in turn plus every kind of irregular call; after the final pass,
    mostly the lead and the requests of the clarification period.  Weights are rough and meant
    to reach every procedure often, not to model real tables.  How a pending decision's
    options are taken, and by whom, is what the position's book declares for it (``book``, if
    given, must be that book).
    """
    book = ruling_book(state, book)
    turn = state.turn
    someone = SEATS[rng.randrange(4)]
    other = rng.choice([s for s in SEATS if s != turn])
    silenced = [s for s in SEATS if state.must_pass(s)]
    callers = [r.seat for r in state.record]
    last_caller = callers[-1] if callers else someone

    def legal_in_turn() -> Event | None:
        legal = state.legal_calls()
        return _call_event(rng, turn, _plausible_legal_call(rng, legal)) if legal else None

    def insufficient() -> Event | None:
        bid = _insufficient_bid(rng, state)
        return None if bid is None else _call_event(rng, rng.choice((turn, turn, turn, someone)), bid)

    def out_of_rotation() -> Event:
        return _call_event(rng, other, _random_call(rng, state))

    def inadmissible_double() -> Event | None:
        bad = [c for c in (DOUBLE, REDOUBLE) if c not in state.legal_calls()]
        return _call_event(rng, rng.choice((turn, turn, someone)), rng.choice(bad)) if bad else None

    def by_silenced() -> Event | None:
        if not silenced:
            return None
        seat = rng.choice(silenced)
        return _call_event(rng, seat, _random_call(rng, state) if rng.random() < 0.7 else PASS)

    def above_seven() -> Event:
        return _call_event(rng, rng.choice((turn, turn, someone)), rng.choice(ABOVE_SEVEN))

    def director() -> Event:
        return draw_event(rng, "director")

    def any_judgement() -> Event:
        return _judgement(rng)

    def change() -> Event:
        seat = last_caller if rng.random() < 0.8 else someone
        return draw_event(rng, "change", seat=seat, call=_random_call(rng, state))

    def expose() -> Event:
        return draw_event(rng, "expose", seat=someone)

    asker = turn if rng.random() < 0.6 else someone  # 20B, 20F1: mostly at the asker's turn

    def review() -> Event:
        return draw_event(rng, "review", seat=asker)

    def explain() -> Event:
        return draw_event(rng, "explain", seat=asker,
                          call_index=rng.choice((0, 0, rng.randint(1, max(1, len(callers) + 1)))))

    def lead_any() -> Event:
        leader = state.opening_leader
        seat = leader if leader is not None and rng.random() < 0.6 else someone
        return draw_event(rng, "lead", seat=seat, faced=rng.random() < 0.4)

    def face_lead() -> Event:
        return draw_event(rng, "face_lead")

    def hands_returned() -> Event:
        return draw_event(rng, "hands_returned")

    def attention() -> Event:  # 36C, also where it fits nothing (the model must refuse it cleanly)
        return draw_event(rng, "attention")

    def any_choice() -> Event:  # any option word, also one that is no choice here
        return draw_event(rng, "choice", seat=someone)

    def any_kind() -> Event:  # any registered kind, every field drawn: a new kind is fuzzed at once
        return draw_event(rng, rng.choice(KINDS))

    irregular: list[tuple[float, Callable[[], Event | None]]] = [
        (7, insufficient), (9, out_of_rotation), (4, inadmissible_double), (5, by_silenced),
        (2, above_seven), (3, director), (3, any_judgement), (4, change), (3, expose),
        (2, review), (2, explain), (1, lead_any), (1, face_lead), (1, any_choice),
        (1, hands_returned), (1, attention), (1, any_kind),
    ]
    pending = state.pending
    if pending is not None:
        facts = pending_to_json(pending) or {}
        decider = str(facts.get("decider", ""))
        options = [str(o) for o in facts.get("options", [])]
        wanted = facts.get("judgement")
        offender = pending.offender

        def expected() -> Event | None:
            """What the procedure waits for, taken as the book says each option is taken: a
            choice, calling the director, the director's judgement, or a call by the player
            the option belongs to.  Now and then the option word itself is sent as a choice,
            which the model must refuse cleanly when the option is not a choice."""
            if decider == "director":
                return _judgement(rng, str(wanted) if wanted else _judgement_for(options, rng))
            if decider not in Seat.__members__ or not options:
                return None
            seat, option = Seat[decider], rng.choice(options)
            if rng.random() < 0.1:
                return draw_event(rng, "choice", seat=seat, option=option)
            spec = book.option(pending.state_name, option)
            by = taker(spec, pending) or seat
            if spec.how == "director":
                return draw_event(rng, "director", by=rng.choice((None, seat)))
            if spec.how == "call":
                return _call_event(rng, by, _random_call(rng, state))
            return draw_event(rng, "choice", seat=by, option=option)

        def wanted_judgement() -> Event | None:
            return _judgement(rng, str(wanted)) if wanted else None

        def accept_by_calling() -> Event:
            lho = offender.lho
            return _call_event(rng, rng.choice((lho, lho, turn, offender)), _random_call(rng, state))

        def noticed_later() -> Event:  # 36C: nobody notices the call until after the opening lead
            return draw_event(rng, "attention")

        return _weighted(rng, [(45, expected), (6, wanted_judgement), (10, accept_by_calling),
                               (4, legal_in_turn), (3, noticed_later), *irregular])
    if state.is_over:
        def call_after_final_pass() -> Event:
            return _call_event(rng, someone, _random_call(rng, state))

        def opening_lead() -> Event | None:
            leader = state.opening_leader
            return None if leader is None else draw_event(rng, "lead", seat=leader, faced=rng.random() < 0.3)

        def out_of_turn_lead() -> Event:
            return draw_event(rng, "lead", seat=someone, faced=rng.random() < 0.6)

        def after_auction_judgement() -> Event:
            return _judgement(rng, rng.choice(("dummy_seen", "misinformation", None)))

        def misinformation_change() -> Event:
            return draw_event(rng, "change", seat=someone, call=_random_call(rng, state), ground="misinformation")

        if state.is_passed_out:  # the period lasts until the hands go back (17D2); 25A still may
            return _weighted(rng, [(30, hands_returned), (8, change), (4, call_after_final_pass),
                                   (3, director), (3, review), (3, expose), (2, out_of_turn_lead),
                                   (2, after_auction_judgement), (2, any_choice)])
        return _weighted(rng, [(25, opening_lead), (12, out_of_turn_lead), (12, face_lead),
                               (5, call_after_final_pass), (4, misinformation_change),
                               (4, after_auction_judgement), (3, review), (3, explain),
                               (2, expose), (3, director), (2, any_choice), (2, change),
                               (1, hands_returned)])
    return _weighted(rng, [(50, legal_in_turn), *irregular])


def _judgement_for(options: Sequence[str], rng: random.Random) -> str:
    """The judgement kind a director's decision most likely wants, from its option words."""
    for kind in JUDGEMENT_KINDS:
        if any(kind in o for o in options):
            return kind
    return rng.choice(JUDGEMENT_KINDS)


# --- examining every position: views, narration, report, options, the board's verdict ----------
def examine(sim: Simulator, st: Step, before: AuctionState, full: bool = True) -> None:
    """Everything a user may see of the position ``sim`` reached by the step ``st`` from
    ``before`` is made and compared, so that a fault in any of them is found, not only in the
    engine and the machines (issue 17: these found F01, F05, F06 and F08):

    * the machines' view of the position equals the core's (phase, turn, legal calls, end,
      contract, seat states), else a :class:`MachineDisagreementError`;
    * the step is narrated, the position described (as ``replay`` and ``teach`` do) and the
      report built and written as JSON; any exception there propagates (an internal error);
    * an event accepted after a position whose report said the auction period was over is a
      disagreement between report and engine;
    * when the event was a call made while a decision was pending, what that decision's options
      were told to lead to (10C1) includes the row that took the call.

    Without ``full`` only the cheap checks run (views, the period's end, the description of the
    position): the narration, the report and the options rule every option with every call.
    """
    from .narrate import describe_outcome, step_lines
    from .report import auction_period_over, state_to_json

    machines, core = sim.machine_view(), sim.core_view()
    if machines != core:
        diff = [f"{name}: machines {getattr(machines, name)!r}, core {getattr(core, name)!r}"
                for name in ("phase", "turn", "legal_calls", "is_over", "contract", "seat_states")
                if getattr(machines, name) != getattr(core, name)]
        raise MachineDisagreementError("view: " + "; ".join(diff))
    if auction_period_over(before):
        raise MachineDisagreementError(f"report: the auction period was over ({before.phase}), yet "
                                       f"{st.event.describe()} was accepted")
    describe_outcome(sim.state)
    if not full:
        return
    step_lines(sim.count, st, sim.book)
    json.dumps(state_to_json(sim))
    if before.pending is not None and isinstance(st.event, CallEvent) and st.fired:
        _check_told(before, st, sim)


def _check_told(before: AuctionState, st: Step, sim: Simulator) -> None:
    """The call ``st.event`` was made while a decision was pending: if an option of that decision
    is made by this seat's call, the call must be in one of the groups told for it, with the law
    of the row that took it."""
    from .consequences import ABOVE_SEVEN, consequences

    event = st.event
    assert isinstance(event, CallEvent)
    call = event.call if event.call.is_admissible_level else ABOVE_SEVEN
    by_call = [c for c in consequences(before, sim.book) if c.how == "call" and c.seat == event.seat]
    if not by_call or event.specifies is not None:
        return  # no option is this seat's call (or what it showed changes the row: 27B1a, 29C)
    told = {r.law for c in by_call for r in c.results if call in r.calls}
    if st.fired[0].row.law not in told:
        raise MachineDisagreementError(
            f"options: {event.describe()} was ruled under {st.fired[0].row.law}, but the options told "
            f"{sorted(told) or 'nothing'} for it")


def examine_board(dealer: Seat, events: Sequence[Event], state: AuctionState) -> None:
    """The ``check`` command's verdict on the board made of ``events`` (all applied) agrees with
    the position reached: incomplete exactly when the auction period has not reached an end
    (F07), never illegal."""
    from .board_check import check_board
    from .board_files import read_text

    if not events:
        return
    _, boards = read_text(dump_scenario(Scenario(dealer, tuple(events))), "fuzz.json")
    report = check_board(boards[0])
    ended = state.is_over and state.pending is None
    if report.verdict == "illegal" or (report.verdict == "incomplete") == ended:
        raise MachineDisagreementError(f"check: the board is {report.verdict!r} but the position is "
                                       f"{state.phase!r}")


# --- classifying failures ---------------------------------------------------------------------
_NOISE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^after event \d+ \(.*?\): "), ""),             # where it happened
    (re.compile(r"(from state '[^']*'): .*$"), r"\1"),          # the transitions library's detail
    (re.compile(r" \(seat [^()]*(\([^()]*\)[^()]*)*\)$"), ""),   # the arguments fired with
    (re.compile(r"Call\.parse\('[^']*'\)"), "<call>"),
    (re.compile(r"Seat\.[NESW]"), "<seat>"),
    (re.compile(r"\bseat [NESW]\b"), "seat <seat>"),
    (re.compile(r"\b(North|East|South|West)\b"), "<seat>"),
    (re.compile(r"\d+"), "#"),
)


def _normalised(message: str) -> str:
    """A failure message with positions, seats, calls and numbers taken out, so that the same
    fault reached from different auctions falls into one class."""
    text = message.splitlines()[0] if message else ""
    for pattern, repl in _NOISE:
        text = pattern.sub(repl, text)
    return text[:200]


def failure_class(exc: BaseException) -> tuple[FailureKind, str] | None:
    """``(kind, class)`` of an exception raised by ``Simulator.apply``; ``None`` for a refusal.

    The class of an internal error names the exception type and the package function it was
    raised in (the last frame inside ``auction_fsm``), so one bug is one class.
    """
    if isinstance(exc, MachineDisagreementError):
        return "disagreement", _normalised(str(exc))
    if isinstance(exc, AuctionFsmError) and not isinstance(exc, InternalError):
        return None  # a clean refusal; a LawBookError is a fault of the book, an internal error
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "auction_fsm" in f.filename]
    where = ""
    if frames:
        last = frames[-1]
        where = f" in {last.filename.rsplit('auction_fsm', 1)[-1].lstrip('/')}:{last.name}"
    return "internal", f"{type(exc).__name__}{where}: {_normalised(str(exc))}"


def refusal_class(exc: AuctionFsmError) -> str:
    """The class of a refusal, for the statistics: its exception type."""
    return type(exc).__name__


# --- running scenarios --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Failure:
    """A bug found: its kind and class, the exact message, and the events that reproduce it
    (the applied events, then the failing one)."""

    kind: FailureKind
    cls: str
    message: str
    dealer: Seat
    events: tuple[Event, ...]
    scenario_index: int = -1


@dataclass(frozen=True, slots=True)
class ScenarioOutcome:
    """One fuzzed scenario: events applied, refusals by class, and the failure if any."""

    applied: int
    refused: Counter[str]
    failure: Failure | None


def _fresh(sim: Simulator | None, dealer: Seat) -> Simulator:
    """A simulator at the start of an auction with ``dealer``; reused when possible, because
    building the ``transitions`` machines is the costly part of a short scenario."""
    if sim is None:
        return Simulator(dealer, check=True)
    sim.reset(dealer)
    return sim


def fuzz_scenario(seed: int | str, index: int, *, max_events: int = DEFAULT_MAX_EVENTS,
                  sim: Simulator | None = None,
                  observe: Callable[[AuctionState], None] | None = None,
                  examine_every: int = EXAMINE_EVERY) -> ScenarioOutcome:
    """Generate and run scenario ``index`` of the run seeded ``seed`` (see the module doc).

    After every event applied the position is examined (:func:`examine`): fully -- narration,
    report, the options told, and at the end the ``check`` verdict on the board
    (:func:`examine_board`) -- in every ``examine_every``-th scenario, the cheap checks in the
    others.  ``observe``, if given, sees the position after every applied event (the tests use
    it to check that the generator reaches every procedure)."""
    full = examine_every > 0 and index % examine_every == 0
    rng = random.Random(f"{seed}:{index}")
    dealer = SEATS[rng.randrange(4)]
    sim = _fresh(sim, dealer)
    applied: list[Event] = []
    refused: Counter[str] = Counter()
    attempts = rng.randint(max(1, max_events // 3), max_events)
    for _ in range(attempts):
        event = next_event(rng, sim.state)
        before = sim.state
        try:
            st = sim.apply(event)
        except Exception as exc:  # noqa: BLE001 - every exception is judged here
            found = failure_class(exc)
            if found is None:
                assert isinstance(exc, AuctionFsmError)
                refused[refusal_class(exc)] += 1
                continue
            kind, cls = found
            return ScenarioOutcome(len(applied), refused,
                                   Failure(kind, cls, str(exc), dealer, (*applied, event), index))
        try:
            examine(sim, st, before, full)
        except Exception as exc:  # noqa: BLE001 - the event was applied: any exception is a bug
            kind, cls = failure_class(exc) or ("internal", f"{type(exc).__name__}: {_normalised(str(exc))}")
            return ScenarioOutcome(len(applied), refused,
                                   Failure(kind, cls, str(exc), dealer, (*applied, event), index))
        applied.append(event)
        if observe is not None:
            observe(sim.state)
    try:
        if full:
            examine_board(dealer, applied, sim.state)
    except Exception as exc:  # noqa: BLE001 - every exception is judged here
        found = failure_class(exc) or ("internal", f"{type(exc).__name__}: {_normalised(str(exc))}")
        return ScenarioOutcome(len(applied), refused, Failure(found[0], found[1], str(exc), dealer,
                                                              tuple(applied), index))
    return ScenarioOutcome(len(applied), refused, None)


@dataclass(slots=True)
class FuzzStats:
    """The totals of a run (or of a part of it, merged with :meth:`merge`).

    ``samples`` keeps, per failure class, the few shortest reproducers seen (unshrunk).
    """

    scenarios: int = 0
    applied: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    failures: Counter[tuple[FailureKind, str]] = field(default_factory=Counter)
    samples: dict[tuple[FailureKind, str], list[Failure]] = field(default_factory=dict)
    keep: int = 3

    def add(self, outcome: ScenarioOutcome) -> None:
        self.scenarios += 1
        self.applied += outcome.applied
        self.refused.update(outcome.refused)
        f = outcome.failure
        if f is not None:
            key = (f.kind, f.cls)
            self.failures[key] += 1
            self._keep(key, f)

    def _keep(self, key: tuple[FailureKind, str], f: Failure) -> None:
        kept = self.samples.setdefault(key, [])
        kept.append(f)
        kept.sort(key=lambda x: (len(x.events), x.scenario_index))
        del kept[self.keep:]

    def merge(self, other: FuzzStats) -> None:
        self.scenarios += other.scenarios
        self.applied += other.applied
        self.refused.update(other.refused)
        self.failures.update(other.failures)
        for key, fs in other.samples.items():
            for f in fs:
                self._keep(key, f)

    def count(self, kind: FailureKind) -> int:
        """The number of scenarios that failed with ``kind``."""
        return sum(n for (k, _), n in self.failures.items() if k == kind)


def fuzz_range(seed: int | str, indexes: Iterable[int], *, max_events: int = DEFAULT_MAX_EVENTS,
               keep: int = 3, observe: Callable[[AuctionState], None] | None = None,
               examine_every: int = EXAMINE_EVERY) -> FuzzStats:
    """Run the scenarios ``indexes`` of the run seeded ``seed`` with one reused simulator."""
    stats = FuzzStats(keep=keep)
    sim: Simulator | None = None
    for i in indexes:
        if sim is None:
            sim = Simulator(SEATS[0], check=True)
        stats.add(fuzz_scenario(seed, i, max_events=max_events, sim=sim, observe=observe,
                                examine_every=examine_every))
    return stats


# --- replaying and shrinking ------------------------------------------------------------------
def replay_failure(dealer: Seat, events: Sequence[Event],
                   sim: Simulator | None = None) -> tuple[FailureKind, str] | None:
    """Replay ``events`` as a scenario file is replayed (stopping at the first refusal) and
    return the failure class it ends in, or ``None`` when it shows no bug."""
    sim = _fresh(sim, dealer)
    for n, event in enumerate(events):
        before = sim.state
        try:
            st = sim.apply(event)
        except Exception as exc:  # noqa: BLE001 - every exception is judged here
            return failure_class(exc)
        try:
            examine(sim, st, before)
        except Exception as exc:  # noqa: BLE001 - every exception is judged here
            return failure_class(exc) or ("internal", f"{type(exc).__name__}: {_normalised(str(exc))}")
        if n == len(events) - 1:
            try:
                examine_board(dealer, events, sim.state)
            except Exception as exc:  # noqa: BLE001 - every exception is judged here
                return failure_class(exc) or ("internal", f"{type(exc).__name__}: {_normalised(str(exc))}")
    return None


def shrink(failure: Failure, sim: Simulator | None = None) -> Failure:
    """The failure with as many events deleted as can be while its replay still fails with
    the same class: first halves, then quarters, ... then single events, until nothing more
    can go (a local minimum: deleting any one event loses the failure)."""
    target = (failure.kind, failure.cls)
    events = list(failure.events)
    if sim is None:
        sim = Simulator(failure.dealer, check=True)
    chunk = max(1, len(events) // 2)
    while True:
        removed = False
        i = 0
        while i < len(events):
            trial = events[:i] + events[i + chunk:]
            if trial and replay_failure(failure.dealer, trial, sim) == target:
                events = trial
                removed = True
            else:
                i += chunk
        if chunk == 1 and not removed:
            break
        if not removed:
            chunk = max(1, chunk // 2)
    message = failure.message
    sim = _fresh(sim, failure.dealer)
    for event in events:
        try:
            sim.apply(event)
        except Exception as exc:  # noqa: BLE001 - the failure we are shrinking
            message = str(exc)
            break
    return Failure(failure.kind, failure.cls, message, failure.dealer, tuple(events),
                   failure.scenario_index)


def reproducer(failure: Failure, title: str | None = None) -> str:
    """The failure as scenario-file text (:func:`~auction_fsm.scenario.dump_scenario`)."""
    description = f"{failure.kind}: {failure.message}"[:500]
    return dump_scenario(Scenario(failure.dealer, failure.events, title=title,
                                  description=description))
