"""A law book: the states and rows of every machine, validated when it is built.

The rows *are* the rules.  :meth:`LawBook.select` finds, for a machine state and a trigger, the
one row whose guard holds; the engine runs that row's action, and the ``transitions`` machines
are built from the same rows.  A book is a value: :func:`LawBook.replace_row` gives a variant
(another edition of the Laws, or a deliberately broken copy for a test) without touching the
original.  Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Final

from ..errors import LawBookError
from .rows import SAME, Ctx, Machine, Row
from .states import StateSpec

__all__ = ["LawBook", "TRIGGERS"]

#: Every trigger a row may use, with what sets it off (the classifier and the follow-ups).
TRIGGERS: Final[dict[str, str]] = {
    "call_pass": "the seat to act passes",
    "call_bid": "the seat to act makes a sufficient bid",
    "call_double": "the seat to act doubles as Law 19 permits",
    "call_redouble": "the seat to act redoubles as Law 19 permits",
    "insufficient_bid": "the seat to act bids no higher than the last bid",
    "inadmissible_double": "the seat to act doubles or redoubles where Law 19 does not permit it",
    "violates_pass_obligation": "a seat obliged to pass bids, doubles or redoubles at its turn",
    "bid_above_seven": "the seat to act bids more than seven",
    "call_out_of_rotation": "a seat calls when it is not its turn",
    "call_after_final_pass": "a call after the auction has ended",
    "call_while_pending": "a call while an irregularity procedure waits for a decision",
    "director_called": "the director is called to the table and explains the options",
    "director_present": "the director is called again while already ruling: nothing changes",
    "director_idle": "the director is called with nothing irregular pending: the auction goes on",
    "hands_returned": "the hands of a passed-out board go back into the board (17D2)",
    "judge_artificial": "the director judges the call out of rotation artificial",
    "judge_natural": "the director judges the call out of rotation natural",
    "judge_comparable": "the director judges the replacement comparable (23A)",
    "judge_not_comparable": "the director judges the replacement not comparable",
    "judge_unintended": "the director judges the first call a slip (25A)",
    "judge_intended": "the director judges the change a change of mind (25B)",
    "judge_misinformation": "the director finds the call was made on misinformation (21B1)",
    "judge_no_misinformation": "the director finds no misinformation",
    "judge_dummy_seen": "the director finds declarer could have seen dummy's cards (54C)",
    "judge_dummy_not_seen": "the director finds declarer could not have seen dummy's cards",
    "choose_accept": "the player entitled accepts",
    "choose_refuse": "the player entitled refuses",
    "choose_decline": "the player entitled declines to accept the irregularity; the director rectifies",
    "choose_designate": "declarer designates which penalty card is led (51A)",
    "choose_keep": "LHO keeps the call made over the changed one",
    "choose_withdraw": "LHO withdraws the call made over the changed one (25A6)",
    "choose_change": "LHO changes the call made over the changed one (21B2)",
    "choose_spread": "declarer spreads the hand and becomes dummy (54A)",
    "choose_require": "declarer requires the leader to lead a suit",
    "choose_prohibit": "declarer prohibits a suit to the leader",
    "choose_let_remain": "declarer lets the penalty card remain (50D2b)",
    "choose_no_prohibition": "declarer does not use the 26B right",
    "choose_director": "the player entitled asks the director to rule instead",
    "choose_other": "a choice no procedure here offers",
    "attempt_change": "a player tries to change a call",
    "expose_cards": "cards of a player are found exposed during the auction (24)",
    "noticed_after_lead": "nobody draws attention to the call until after the opening lead is faced (36C)",
    "review_request": "a player asks for the auction to be restated (20B, 20C2)",
    "explanation_request": "a player asks about the opponents' calls (20F)",
    "face_down_lead": "the presumed leader leads face down (41A)",
    "opening_lead": "the presumed leader faces the opening lead at once (41)",
    "face_lead": "the face-down opening lead is faced (41C)",
    "lead_out_of_turn": "the other defender faces an opening lead (54)",
    "face_down_lead_out_of_turn": "the other defender leads face down (41A)",
    "lead_by_declaring_side": "declarer or dummy leads (54E, 24)",
    "auction_ends": "follow-up: the standing calls have ended the auction",
    "watched_call": "follow-up: a call stood that a waiting rectification reacts to",
    "declarer_options": "follow-up: declarer may have a choice before the opening lead",
    "restore_call": "follow-up: LHO's kept call is made again at LHO's turn",
    "restore_lapses": "follow-up: LHO's kept call cannot be made again now",
    "judge_change": "follow-up: an accepted change of call is judged for comparability",
    # seat machines
    "deemed_pass": "the seat's obliged pass is deemed made when its LHO calls (28A)",
    "impose_pass_next_turn": "a rectification obliges the seat to pass at its next turn",
    "impose_pass_rest_of_auction": "a rectification obliges the seat to pass at every turn",
    "impose_repeat_call": "a rectification obliges the seat to repeat a cancelled call",
    "release": "an obligation ends without the call it expected",
}


@dataclass(frozen=True, slots=True)
class LawBook:
    """A validated set of machine states and rows.

    ``name`` identifies the book on the command line (``--law-book 2017``).  Rows are indexed by
    ``(machine, source, trigger)``; rows sharing a key must have guards, which the Laws make
    mutually exclusive (two holding at once is a :class:`~auction_fsm.errors.LawBookError`).
    """

    name: str
    title: str
    states: tuple[StateSpec, ...]
    rows: tuple[Row, ...]
    _index: dict[tuple[str, str, str], tuple[Row, ...]] = field(default_factory=dict, repr=False,
                                                                compare=False)
    #: What readers of the book compute from it once (the engine's shortcut rows), kept with it.
    derived: dict[object, object] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def build(cls, name: str, title: str, states: Iterable[StateSpec], rows: Iterable[Row]) -> LawBook:
        """Validate and freeze a book; raise :class:`LawBookError` on the first problem.

        Checks: state names unique per machine and exactly one initial state each; every parent,
        source and destination a state of the row's machine; every trigger declared; every row
        cites a law and says in words what it does; rows sharing a source and trigger all have
        guards, with distinct names.
        """
        states, rows = tuple(states), tuple(rows)
        names: dict[str, set[str]] = {}
        for s in states:
            seen = names.setdefault(s.machine, set())
            if s.name in seen:
                raise LawBookError(f"state {s.name!r} declared twice in machine {s.machine!r}")
            seen.add(s.name)
        for machine, seen in names.items():
            initials = [s.name for s in states if s.machine == machine and s.kind == "initial"]
            if len(initials) != 1:
                raise LawBookError(f"machine {machine!r} needs exactly one initial state, has {initials}")
        for s in states:
            if s.parent is not None and s.parent not in names[s.machine]:
                raise LawBookError(f"state {s.name!r}: unknown parent state {s.parent!r}")
        index: dict[tuple[str, str, str], list[Row]] = {}
        for i, r in enumerate(rows):
            where = f"row {i} ({r.label})"
            if r.machine not in names:
                raise LawBookError(f"{where}: unknown machine {r.machine!r}")
            for role, st in (("source", r.source), ("destination", r.target)):
                if st not in names[r.machine]:
                    raise LawBookError(f"{where}: unknown {role} state {st!r}")
            if r.trigger not in TRIGGERS:
                raise LawBookError(f"{where}: undeclared trigger {r.trigger!r}")
            if not r.law.strip() or not r.summary.strip():
                raise LawBookError(f"{where}: every row must cite a law and say what it does")
            index.setdefault((r.machine, r.source, r.trigger), []).append(r)
        for (machine, source, trigger), group in index.items():
            if len(group) > 1:
                unguarded = [r.label for r in group if r.guard is None]
                if unguarded:
                    raise LawBookError(f"{machine}: {len(group)} rows from {source!r} on {trigger!r} "
                                       f"but {unguarded[0]} has no guard to tell them apart")
                guards = [r.guard.name for r in group if r.guard is not None]
                if len(set(guards)) != len(guards):
                    raise LawBookError(f"{machine}: two rows from {source!r} on {trigger!r} share "
                                       "a guard")
        book = cls(name, title, states, rows)
        book._index.update({k: tuple(v) for k, v in index.items()})
        return book

    # --- reading the book -------------------------------------------------------------
    def states_of(self, machine: Machine) -> tuple[StateSpec, ...]:
        """The states of one machine, in book order."""
        return tuple(s for s in self.states if s.machine == machine)

    def rows_of(self, machine: Machine) -> tuple[Row, ...]:
        """The rows of one machine, in book order."""
        return tuple(r for r in self.rows if r.machine == machine)

    def initial(self, machine: Machine) -> str:
        """The name of the machine's initial state."""
        return next(s.name for s in self.states_of(machine) if s.kind == "initial")

    def terminals(self, machine: Machine) -> frozenset[str]:
        """The names of the machine's terminal states."""
        key = f"terminals:{machine}"
        found = self.derived.get(key)
        if found is None:
            found = self.derived[key] = frozenset(
                s.name for s in self.states_of(machine) if s.kind == "terminal")
        return found  # type: ignore[return-value]

    def candidates(self, source: str, trigger: str, machine: Machine = "phase") -> tuple[Row, ...]:
        """The rows from ``source`` on ``trigger``, in book order."""
        return self._index.get((machine, source, trigger), ())

    def triggers_from(self, source: str, machine: Machine = "phase") -> tuple[str, ...]:
        """The triggers some row offers from ``source``."""
        return tuple(dict.fromkeys(t for (m, s, t) in self._index if m == machine and s == source))

    def select(self, source: str, trigger: str, ctx: Ctx, machine: Machine = "phase", *,
               strict: bool = True) -> Row | None:
        """The one row from ``source`` on ``trigger`` whose guard holds for ``ctx``, or ``None``.

        Two rows holding at once is a fault of the book, never of the input: with ``strict``
        (the default) every guard is tested and an overlap raises :class:`LawBookError` naming
        both rows; without it the first row that holds is taken (the explorer's hot path, whose
        edges the strict simulator then replays: ``verify`` finds an overlap there).
        """
        found: Row | None = None
        for r in self._index.get((machine, source, trigger), ()):
            if r.guard is None or r.guard(ctx):
                if not strict:
                    return r
                if found is not None:
                    raise LawBookError(f"law book {self.name!r}: two rows hold at once for "
                                       f"{ctx.event!r}: {found.label} and {r.label}")
                found = r
        return found

    def takes(self, source: str, trigger: str, ctx: Ctx, machine: Machine = "phase") -> Row | None:
        """Some row from ``source`` on ``trigger`` that takes ``ctx``, or ``None``: the first whose
        guard holds, testing a variant's coarse guard (see :class:`~.rows.Guard`) once for all
        its siblings.  For readers that need to know whether an event is taken and by which
        family of rows, not which variant (the explorer); the engine uses :meth:`select`."""
        tried: set[int] = set()
        for r in self._index.get((machine, source, trigger), ()):
            g = r.guard
            if g is None:
                return r
            coarse = g.coarse
            if coarse is not None:
                if id(coarse) in tried:
                    continue
                tried.add(id(coarse))
                if coarse(ctx):
                    return r
            elif g(ctx):
                return r
        return None

    # --- variants ---------------------------------------------------------------------
    def replace_row(self, match: Callable[[Row], bool], change: Callable[[Row], Row | None],
                    name: str | None = None) -> LawBook:
        """A new book in which each row ``match`` picks is replaced by ``change(row)`` (or
        dropped when that is ``None``); raise :class:`LawBookError` if nothing matched."""
        out: list[Row] = []
        hit = False
        for r in self.rows:
            if match(r):
                hit = True
                new = change(r)
                if new is not None:
                    out.append(new)
            else:
                out.append(r)
        if not hit:
            raise LawBookError(f"law book {self.name!r}: no row matched the change")
        return LawBook.build(name or f"{self.name}-variant", self.title + " (variant)", self.states, out)

    def row_named(self, source: str, trigger: str, guard: str | None = None,
                  machine: Machine = "phase") -> Row:
        """The row from ``source`` on ``trigger`` (with guard ``guard``); for tests and tools."""
        for r in self.candidates(source, trigger, machine):
            if guard is None or (r.guard is not None and r.guard.name == guard):
                return r
        raise LawBookError(f"law book {self.name!r} has no row {source} --{trigger}[{guard}]")

    def dest_of(self, row: Row) -> str:
        """The destination of ``row`` (:data:`SAME` resolved)."""
        return row.source if row.dest == SAME else row.dest
