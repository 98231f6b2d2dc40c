"""The parts a law book is made of: rows, their guards and actions, and what an action returns.

A :class:`Row` is one guarded transition of one machine: from ``source`` on ``trigger``, when
its :class:`Guard` holds, to ``dest``, running its :class:`Action`, under ``law``.  Guards and
actions are named values with a line in words, because the diagrams and the narration show
those words; the function inside is what the engine and the ``transitions`` machines run.

Actions are pure: the state before (and the event) in, an :class:`Outcome` out — the state
after and any *follow-up* events the engine must rule next (the call that accepted an
irregularity, the end of the auction to settle, declarer's next option).  Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from ..calls import Call, Strain
from ..events import CallEvent
from ..records import CallRecord
from ..seats import Seat
from .facts import FactView, check_declared, view_class

if TYPE_CHECKING:
    from ..auction import AuctionState
    from ..events import Event

__all__ = [
    "Machine",
    "Ctx",
    "Outcome",
    "Guard",
    "Action",
    "Row",
    "SAME",
    "AuctionEnds",
    "WatchedCall",
    "Replacement",
    "RestoredCall",
    "SubstitutedCall",
    "CalledOver",
    "JudgeChange",
    "DeclarerOptions",
    "FollowUp",
    "SURVIVES_PENDING",
    "PLACED",
    "moved_back",
    "guard",
    "reads",
    "action",
    "derived",
    "both",
    "OTHERWISE",
    "ASK_TRIGGER",
]

Machine = Literal["phase", "seat"]

#: ``dest`` of a row that leaves the machine in its source state.
SAME = "="

#: The question of a guard that holds in "every other case" of its source and trigger: a
#: flowchart draws it as the last "no" of a chain rather than as a question of its own.
OTHERWISE = "(otherwise)"
#: The question of a guard that only says where the auction stands afterwards (one of the
#: variants that split a branch by how the auction ends): a flowchart asks the trigger's
#: question instead and names the places in the outcome.
ASK_TRIGGER = "(the trigger's question)"


@dataclass(frozen=True, slots=True)
class AuctionEnds:
    """Follow-up: standing calls have just ended the auction (17D3, 24D-E and 26B follow)."""

    def describe(self) -> str:
        return "the auction has ended"


@dataclass(frozen=True, slots=True)
class WatchedCall:
    """Follow-up: a call stood that a waiting rectification reacts to (31A, 32A, 23A).

    ``made`` is the call by value; ``back`` is its place counted back from the end of the
    record (0: the last entry), so that the follow-up is the same wherever in an auction the
    same call meets the same rectification (issue 37: places relative to the end)."""

    made: CallRecord
    back: int = 0

    def describe(self) -> str:
        return f"{self.made.seat.long_name}'s {self.made.call} meets a waiting rectification"


@dataclass(frozen=True, slots=True)
class Replacement:
    """Follow-up: the offender's premature replacement (27C) is ruled now as the replacement of
    the insufficient bid.  ``call`` and ``specifies`` are that replacement by value (the call and
    what it was explained to show); ``back`` is its place counted back from the end of the record
    (0: the last entry; the engine moves it back as calls are added before it is ruled,
    :func:`moved_back`; issue 37: places relative to the end)."""

    seat: Seat
    call: Call
    back: int
    specifies: tuple[Strain, ...] | None = None

    def describe(self) -> str:
        return f"{self.seat.name}'s {self.call} is ruled as the replacement"


@dataclass(frozen=True, slots=True)
class RestoredCall:
    """Follow-up: after a change of call, LHO keeps the call made over the changed one; it is
    made again now if it is LHO's turn, else it lapses and LHO calls again (25A6, 21B2)."""

    seat: Seat
    call: Call
    law: str
    kept: bool

    def describe(self) -> str:
        return f"{self.seat.name}'s {self.call} is made again"


@dataclass(frozen=True, slots=True)
class JudgeChange:
    """Follow-up: an accepted change of call (25B1) is judged for comparability (Law 26)."""

    seat: Seat
    withdrawn: Call
    #: the new call's place counted back from the end of the record: -1 when the change is
    #: accepted (the next entry, not yet made), moved back as calls are added (:func:`moved_back`)
    back: int

    def describe(self) -> str:
        return f"{self.seat.name}'s accepted change is judged"


@dataclass(frozen=True, slots=True)
class SubstitutedCall(CallEvent):
    """Follow-up: the call the director puts in place of a changed one (25A1, 21B1, 25B1),
    ruled as if made in turn.  The director is at the table: if the call is itself irregular, he
    rules on it at once (9B2), so no step waits for him to be called."""


@dataclass(frozen=True, slots=True)
class CalledOver(CallEvent):
    """Follow-up: the call by which LHO accepted a change of call (25B1), ruled after the new
    call.  If the new call opened a rectification of its own, LHO has called over it before any
    ruling (27A1 acceptance, 36A, 37A, 38D), so it is ruled then, not dropped."""


@dataclass(frozen=True, slots=True)
class DeclarerOptions:
    """Follow-up: declarer may have a choice to make before the presumed leader leads."""

    def describe(self) -> str:
        return "declarer's options before the opening lead"


#: Follow-ups that still apply once a procedure is pending (LHO's kept call, the comparability
#: of an accepted change, LHO's call that accepted a change, ruled over whatever the new call
#: opened, 25B1); the others (a call to rule again, the end of the auction) wait for nothing,
#: and the engine drops them, as the procedure now decides.
SURVIVES_PENDING = (RestoredCall, JudgeChange, CalledOver)

FollowUp = (AuctionEnds | WatchedCall | Replacement | RestoredCall | JudgeChange | DeclarerOptions
            | SubstitutedCall | CalledOver)

#: Follow-ups holding a place in the record counted back from its end (``back``), as the waiting
#: procedure holds its call's (``Pending.back``): no rule reads a record index to rule them.
PLACED = (Replacement, JudgeChange)


def moved_back(follow: Event | FollowUp, added: int) -> Event | FollowUp:
    """``follow`` once ``added`` entries were appended to the record before it is ruled: a place
    it holds one place further back for each (what :meth:`AuctionState.add_call` does to the
    waiting procedure's places); any other follow-up or event as it is."""
    if added and isinstance(follow, PLACED):
        return replace(follow, back=follow.back + added)
    return follow


@dataclass(frozen=True, slots=True)
class Ctx:
    """What a guard or an action sees: the state before the row fires and the event ruled.

    ``tested``, when given, is filled by a strict :meth:`~.book.LawBook.select` with the answer
    of every guard it tested (by the guard's ``id``), so that a reader asking the same guards of
    the same context again (the machine check, :mod:`auction_fsm.graph.machine_classes`) reads
    them instead of working them out twice; a guard is a function of its context.
    """

    state: AuctionState
    event: Event | FollowUp
    tested: dict[int, bool] | None = field(default=None, compare=False, repr=False)
    #: The facts (:mod:`.facts`) read so far in this context, each computed once.
    facts: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def seat(self) -> Seat:
        """The seat that acts in the event (for events that name one)."""
        seat = getattr(self.event, "seat", None)
        assert isinstance(seat, Seat), f"{self.event!r} names no seat"
        return seat


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an action returns: the state after and the events to rule next, in order."""

    state: AuctionState
    follow: tuple[Event | FollowUp, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class Guard:
    """A named predicate on a :class:`Ctx`; ``words`` says in plain English what it tests and
    ``question`` is what a director asks at that point, answerable yes or no ("Does the
    offender's LHO call over the insufficient bid?"), or :data:`OTHERWISE` /
    :data:`ASK_TRIGGER`.  The flowcharts, ``teach`` and the quiz read the question from here;
    :meth:`~.book.LawBook.build` refuses a row whose guard has none.

    ``coarse``, if set, is a guard that holds exactly when this guard or one of its sibling
    variants (rows that split one branch by its outcome, such as how the auction ends) holds:
    what a reader asking only "does some row take this event?" may test instead.
    """

    name: str
    words: str
    test: Callable[[Ctx], bool]
    coarse: Guard | None = None
    question: str = ""
    #: The guard on a legal-auction key and a call code, where the legal auction alone decides
    #: it (the calls in rotation of Laws 17-22): the batch explorer evaluates this form, the
    #: engine the test above; both come from :mod:`auction_fsm.rules`.
    on_key: Callable[[int, int], bool] | None = None
    #: A case a club director meets seldom (a second insufficient bid, a call the director put in
    #: place of a changed one): the flowcharts tell it in a panel of rare cases beside the common
    #: path instead of on it.  Words for people only: the engine never reads it.
    rare: bool = False
    #: The facts (:mod:`.facts`) the guard reads, if it declares them: it is then handed a view
    #: of those facts alone, never the position (reading another raises
    #: :class:`~.facts.UndeclaredRead`).  ``None``: not declared yet, it reads the position.
    reads: frozenset[str] | None = None

    def __call__(self, ctx: Ctx) -> bool:
        return self.test(ctx)

    def __repr__(self) -> str:
        return f"Guard({self.name!r})"


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """A named pure step ``Ctx -> Outcome``; ``words`` says what it does, for people."""

    name: str
    words: str
    run: Callable[[Ctx], Outcome]
    #: The parts of the position (fields of the position: ``pending``, ``key``, ``record`` ...)
    #: the action reads, those it may change, and the kinds of follow-up it may emit (a
    #: :data:`FollowUp` class name, or ``"event"``), if it declares them; checked by
    #: :mod:`.parts`.  ``None``: not declared yet.
    reads: frozenset[str] | None = None
    writes: frozenset[str] | None = None
    emits: frozenset[str] | None = None
    #: The calls the action takes by value and passes on without looking at them
    #: (:mod:`.carried`: ``event_call``, ``procedure_call``), so that a table of steps may key it
    #: without them; checked by :mod:`auction_fsm.graph.carried_check`.
    carries: frozenset[str] = frozenset()
    #: The facts (:mod:`.facts`) the action reads in its own context, beside its parts: what it
    #: branches on there is then a named value a table of steps keys (the fact is kept in the
    #: context's facts), and the parts the facts are computed from count as the action's reads
    #: for an explorer's key (:func:`.parts.action_reads`) without being its own.
    facts: frozenset[str] = frozenset()

    def __call__(self, ctx: Ctx) -> Outcome:
        return self.run(ctx)

    def __repr__(self) -> str:
        return f"Action({self.name!r})"


def guard(words: str, ask: str = "", on_key: Callable[[int, int], bool] | None = None, rare: bool = False
          ) -> Callable[[Callable[[Ctx], bool]], Guard]:
    """Decorator: the function becomes a :class:`Guard` named after it, described by ``words``,
    with the director's question ``ask`` (may be left out only for a guard that is a part of
    another and never a row's guard itself), for a guard of the legal auction its form on a
    legal-auction key (``on_key``), and whether the case it picks out is ``rare`` (told beside
    the flowcharts' common path, not on it).  A guard that declares the facts it reads is made
    with :func:`reads` instead."""
    def make(fn: Callable[[Ctx], bool]) -> Guard:
        return Guard(fn.__name__, words, fn, question=ask, on_key=on_key, rare=rare)
    return make


def reads(*facts: str, words: str, ask: str = "", on_key: Callable[[int, int], bool] | None = None,
          rare: bool = False) -> Callable[[Callable[[FactView], bool]], Guard]:
    """Decorator: like :func:`guard`, for a function of the declared ``facts`` alone.  The
    function is handed a :class:`~.facts.FactView` holding those facts and nothing else; the
    guard's :attr:`Guard.reads` is ``facts``."""
    declared = frozenset(facts)

    def make(fn: Callable[[FactView], bool]) -> Guard:
        name = fn.__name__
        check_declared(name, declared)

        view = view_class(declared)

        def test(ctx: Ctx) -> bool:
            return fn(view(ctx, declared, name))
        test.__wrapped__ = fn  # type: ignore[attr-defined]  # the function of facts, for the static check
        return Guard(name, words, test, question=ask, on_key=on_key, rare=rare, reads=declared)
    return make


def action(words: str, *, reads: tuple[str, ...] | None = None, writes: tuple[str, ...] = (),
           emits: tuple[str, ...] = (), carries: tuple[str, ...] = (), facts: tuple[str, ...] = ()
           ) -> Callable[[Callable[[Ctx], Outcome]], Action]:
    """Decorator: the function becomes an :class:`Action` named after it, described by ``words``,
    declaring the parts of the position it ``reads`` and ``writes``, the follow-ups it
    ``emits`` (:mod:`.parts`; leave ``reads`` out, and the action declares nothing yet), the
    calls it ``carries`` without looking at them (:mod:`.carried`) and the ``facts`` it reads in
    its own context (:attr:`Action.facts`)."""
    def make(fn: Callable[[Ctx], Outcome]) -> Action:
        if reads is None:
            return Action(fn.__name__, words, fn)
        return Action(fn.__name__, words, fn, frozenset(reads), frozenset(writes), frozenset(emits),
                      frozenset(carries), frozenset(facts))
    return make


def derived(inner: Action, name: str, words: str, run: Callable[[Ctx], Outcome], *, reads: tuple[str, ...] = (),
            writes: tuple[str, ...] = (), emits: tuple[str, ...] = (), carries: tuple[str, ...] | None = None
            ) -> Action:
    """An action that runs ``inner`` and then does a little more (another book's citation, the
    director called at once): ``inner``'s declarations with ``reads``, ``writes`` and ``emits``
    added (none, while ``inner`` declares nothing), carrying what ``inner`` carries unless
    ``carries`` says otherwise (what it adds may look at a call ``inner`` only passes on)."""
    if inner.reads is None or inner.writes is None or inner.emits is None:
        return Action(name, words, run)
    return Action(name, words, run, inner.reads | frozenset(reads), inner.writes | frozenset(writes),
                  inner.emits | frozenset(emits), inner.carries if carries is None else frozenset(carries),
                  inner.facts)


@dataclass(frozen=True, slots=True)
class Row:
    """One guarded transition of the law book.

    ``family`` groups rows by the laws they apply (``"27"``, ``"28-34"`` ...); ``summary`` is
    one line in our own words for diagrams and narration.  ``seat_trigger`` names the transition the acting seat's machine takes with this row, if any
    (a call that stands in turn, a deemed pass); ``dest`` may be :data:`SAME`.  ``refusal``
    marks a row that answers no: its action refuses the input with the Laws' reason (too late to
    change a call, 25A4; an insufficient bid is accepted by calling over it, 27A1).
    ``records`` names the family of irregularities (:data:`auction_fsm.scope.FAMILIES`) of the
    call the row records as irregular every time it fires (an insufficient bid held for LHO,
    27), so that an explorer bounding the irregularities may stop before running it; ``None``
    says nothing (``tests/test_row_records.py`` checks each declaration on whole scopes).
    ``auction_unchanged`` marks a row after which the auction is as it was (see below).
    """

    machine: Machine
    source: str
    trigger: str
    dest: str
    law: str
    family: str
    summary: str
    guard: Guard | None = None
    action: Action | None = None
    seat_trigger: str | None = None
    refusal: bool = False
    records: str | None = None
    #: The outcome in full, as a flowchart's outcome box states it: who must pass and for how
    #: long, the calls cancelled, the lead restrictions and penalty cards (empty: ``summary``
    #: says it all).  Plain words with the law numbers, for people; the engine never reads it.
    outcome: str = ""
    #: The row leaves the auction as it was: the calls that stand, the turn and what waits are
    #: unchanged, and only the attempted call is added to the record, cancelled, with a ruling
    #: (a change of call made too late, 25A4, 21B1a).  An explorer of the auction leaves such a
    #: row's event out (:func:`auction_fsm.exploration.candidate_events`);
    #: ``tests/test_row_records.py`` checks each declaration on whole scopes.
    auction_unchanged: bool = False

    @property
    def target(self) -> str:
        """The destination state's name (``dest`` with :data:`SAME` resolved)."""
        return self.source if self.dest == SAME else self.dest

    @property
    def label(self) -> str:
        """A short identifier for messages: ``source --trigger[guard]--> dest (law)``."""
        g = f"[{self.guard.name}]" if self.guard is not None else ""
        return f"{self.source} --{self.trigger}{g}--> {self.target} ({self.law})"


def both(a: Guard, b: Guard, ask: str = "") -> Guard:
    """The guard that holds when ``a`` and ``b`` both hold; ``ask`` is its question (by
    default ``b``'s, else ``a``'s)."""
    read = None if a.reads is None or b.reads is None else a.reads | b.reads
    return Guard(f"{a.name}_and_{b.name}", f"{a.words}, and {b.words}", lambda ctx: a(ctx) and b(ctx),
                 question=ask or b.question or a.question, rare=a.rare or b.rare, reads=read)
