"""The irregular scopes: a configuration space explored through the real director engine.

Where the legal-only scope (:mod:`auction_fsm.graph.legal_space`) drives the table's machines on
packed integers, the irregular scopes let the engine itself rule every event:
:class:`IrregularSpace` keeps one representative :class:`~auction_fsm.auction.AuctionState` per
key -- the values of what the scope's rules declare they read
(:mod:`~auction_fsm.graph.declared_key`) -- offers every candidate event of the
enabled law families (:func:`auction_fsm.exploration.candidate_events`) and keeps the ones the
engine does not refuse and that stay inside the scope's bounds
(:func:`auction_fsm.exploration.within_scope`).  Labels are the event objects themselves, so a
trace is a list of events and its scenario replays with ``auction-fsm replay``.

**Where a configuration ends.**  A scope with the ``opening_lead`` family ends where the auction
period ends: the lead faced (``play``) or the board passed out; its successors are still
computed, so events the engine accepts after the end show up as ``terminal_with_exits``.  A
scope without it ends at the final pass: a contract or a passed-out board with no irregularity
procedure pending.  What declarer may choose before the opening lead (26B, 50D: the engine's
``declarer_lead_options``) is part of the opening lead and explored by the lead scopes, as are
Law 39 calls and changes of call after the final pass; an auction-only scope cuts its successors
at the end by definition.

**Why an auction-only scope may leave out declarer memory.**  Who first named each strain for
each side is read only through ``AuctionState.contract``, which is ``None`` until the auction is
final; the final pass itself is accepted whoever the declarer, and whether a configuration is an
end does not depend on it either.  So two states that differ only in first-namers enable the
same events, reach configurations with equal keys, and are ends together: merging them is a
quotient (a bisimulation) that keeps every enabled event, every end, every check result and the
number of paths to an end (the tests compare both).  It only merges ends that differ in
declarer.  This is also why the end is the final pass and not declarer's choices after it: the
choices depend on who declares (a 26B right binds only the presumed leader's partner), so
exploring them without the memory would count paths of the wrong declarer.  Scopes with
``opening_lead`` keep the memory, since their rows read who declares (only what the scope's
bounds still allow, see :meth:`~auction_fsm.graph.declared_key.DeclaredKey.first_namers`).

**Agreement with the machines.**  :meth:`IrregularSpace.faults` adds, besides cheap invariants
of each representative, the verdict of the table-driven machines, through
:class:`~auction_fsm.simulator.Simulator`, which fires the table's transitions for every step the
engine takes and cross-checks machines and core after each event.  With ``agreement="all"``
every *edge* is checked as it is explored: the engine rules each candidate strictly (every
guard of the candidate rows tested, so two rows holding at once is found), and for each edge
kept the machines, set where the engine's state at the source says they are, are driven
through that very step and compared with the engine after it (no second engine step per edge).
Setting the machines from the engine's state is what driving them along the shortest trace
would give: every edge of that trace ends with the same comparison of every machine's state,
so the machines differ from the engine's state at a configuration only below an edge that has
already been reported.  ``"sample"`` replays the shortest traces of an evenly spread sample of
the tree's leaves from scratch, through the simulator's public interface only; ``"off"`` skips
the machines.  A disagreement is reported at the configuration the failing event leads to, so
its shortest trace ends with that event (or, for an edge off the tree, at its source, naming
the event).
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any, Final, Literal, NamedTuple, cast

import numpy as np
import numpy.typing as npt

from .. import rules
from ..auction import AuctionState
from ..engine import OutsideBounds, Step, apply_event, irregularities
from ..engine import step as rule_step
from ..errors import AuctionFsmError, InternalError, LawBookError, MachineDisagreementError
from ..event_language import event_to_dict
from ..events import Event
from ..exploration import (
    FAMILIES,
    alphabet,
    candidate_events,
    handed_over,
    is_terminal,
    room_for,
    within_scope,
)
from ..lawbook import LAWS_2017, LawBook
from ..lawbook.seat_states import FREE
from ..lawbook.selection_table import SelectionTable, table_of
from ..scope import Scope
from ..seats import Seat
from ..simulator import Simulator, seat_state
from .declared_key import DeclaredKey, declared_key
from .key_table import (
    Distinct,
    KeyNumbering,
    NumberedKeys,
    PackedKeys,
    appended,
    pack_numbers,
    unpack_numbers,
)
from .legal_space import SCENARIO_FORMAT, SCENARIO_VERSION
from .machine_classes import MachineClasses
from .parallel import LevelShare, expand_level
from .scopes import register_space

__all__ = ["IrregularSpace", "Key", "AgreementMode", "SplitEnds", "build_irregular_space"]

#: A configuration key: the tuple :meth:`~auction_fsm.graph.declared_key.DeclaredKey.of` returns
#: (or, with ``keys="full"``, the state itself).
Key = Hashable
AgreementMode = Literal["all", "sample", "off"]

#: How many leaves ``agreement="sample"`` replays at most.
DEFAULT_SAMPLE: Final = 2000

#: How many representatives worked out again from their traces are kept
#: (:meth:`IrregularSpace.state_of`): more than the widest level of the scopes a report walks
#: whole (an export, the key check), so that walking them in order replays one step a key.
REPLAYED_KEPT: Final = 1 << 16
#: What a configuration's first edge is, in place of a number, where it has none here: a start
#: (whose representative is always held), or a key taken from another process
#: (:meth:`IrregularSpace.adopt`; its representative is released once expanded).
_START: Final = -1
_ELSEWHERE: Final = -2

class SplitEnds(NamedTuple):
    """The ends of one part of a split scope (by the contract's strain, the offender or both),
    as masks over its configurations (``IrregularSpace.split_ends``)."""

    #: the real ends: the lead faced, the hands returned
    real: npt.NDArray[np.bool_]
    #: the auction has ended in this part's strain, or been passed out (not handed over)
    ended_here: npt.NDArray[np.bool_]
    #: the ends whose paths this part counts: the lead faced in its strain, and the passed-out
    #: boards in the clubs part only; split by the offender, those of its seat's irregularity,
    #: and the auctions with none in North's part only
    counted: npt.NDArray[np.bool_]


class IrregularSpace:
    """Configurations of the auction period with irregularities, ruled by the engine.

    Parameters
    ----------
    families
        The enabled law families, the highest bid level and the incident budget.
    dealers
        The dealers exploration starts from.
    declarer_memory
        Keep who first named each strain in the key even where no rule of the scope reads it
        (an auction-only scope: the module docstring says why it may leave it out); where a rule
        reads who declares (``opening_lead`` on), the key keeps it whatever this says.
    name
        How reports call the scope.
    agreement
        How many configurations the machines re-check (``all``, ``sample`` or ``off``).
    sample
        The number of leaves replayed with ``agreement="sample"``.
    prefix
        Events played from the empty auction before exploring (one dealer only): a small scope
        around one situation.  Scenarios start with them, so traces still replay from the start.
    keys
        ``declared`` (the default): the values of what the scope's rules declare they read
        (:mod:`~auction_fsm.graph.declared_key`); or ``full``: the whole state but its rulings, a
        key that merges only identical records (the naive baseline of the benchmarks and the
        reference the tests compare declared keys with).
    simulator
        Builds the simulator the agreement check drives for a dealer (the tests plant a table
        with a transition removed through it).
    tables
        Look the classifier's and the guards' decisions up by the facts they read
        (:mod:`~auction_fsm.lawbook.selection_table`), filled once per distinct situation, instead
        of working them out at every configuration: the same exploration, faster.  ``False``
        asks the book every time (the tests compare both).

    Examples
    --------
    >>> space = IrregularSpace(Scope.of({"exposure"}))
    >>> start = space.initial_states()[0]
    >>> labels, keys = space.successors(start)
    >>> [space.label_text(e) for e in labels][:3]
    ['N: 1C', 'N: 1D', 'N: 1H']
    >>> sorted({space.label_text(e) for e in labels if "exposes" in space.label_text(e)})[:2]
    ['E exposes D2', 'E exposes DA']
    """

    def __init__(self, families: Scope, *, dealers: Iterable[Seat] = (Seat.N,),
                 declarer_memory: bool | None = None, name: str = "irregular",
                 agreement: AgreementMode = "all", sample: int = DEFAULT_SAMPLE,
                 prefix: Sequence[Event] = (),
                 keys: Literal["declared", "full"] = "declared",
                 simulator: Callable[[Seat], Simulator] | None = None,
                 book: LawBook = LAWS_2017, tables: bool = True) -> None:
        unknown = families.families - FAMILIES.keys()
        if unknown:
            raise ValueError(f"unknown law families {sorted(unknown)}: expected some of {sorted(FAMILIES)}")
        self.name = name
        self.families = families
        self.dealers = tuple(Seat(d) for d in dealers)
        if not self.dealers:
            raise ValueError("at least one dealer is needed")
        if prefix and len(self.dealers) != 1:
            raise ValueError("a prefix of events names seats, so it needs exactly one dealer")
        self.prefix = tuple(prefix)
        if keys not in ("declared", "full"):
            raise ValueError(f"unknown keys {keys!r}: expected 'declared' or 'full'")
        self.full_keys = keys == "full"
        self.ends_at_lead = "opening_lead" in families.families
        self.declarer_memory = self.ends_at_lead if declarer_memory is None else declarer_memory
        #: What the key holds, built from the rules' declarations
        #: (:mod:`~auction_fsm.graph.declared_key`); ``None`` with ``keys="full"``.
        self.declared: DeclaredKey | None = None if self.full_keys else declared_key(
            book, families, keep_namers=self.declarer_memory)
        self.book = book
        #: The book's decisions by the facts they read, or ``None`` (``tables=False``).
        self.tables: SelectionTable | None = table_of(book) if tables else None
        self.simulator: Callable[[Seat], Simulator] = (
            simulator if simulator is not None else functools.partial(Simulator, book=book))
        self.agreement = agreement
        self.sample = sample
        self._enabled = families.families
        # the representatives held: every start's, and those of the configurations not yet
        # expanded or not released (:meth:`drop_expanded`)
        self._states: dict[Key, AuctionState] = {}
        # every configuration found, numbered in the order found (also the numbers the parallel
        # explorer sends between processes, graph/parallel.py): its number by key, and by
        # number its key, the number of the configuration it was first reached from (-1: a
        # start; -2: a key taken from another process), that edge's event,
        # and what the checks ask of it, noted from its representative when it was registered
        # (:class:`_Summary`, each distinct one stored once): the key's bytes and a slot in the
        # table of keys (graph/key_table.py, shared with the exploration), and three 32-bit
        # numbers, a configuration
        self._index: KeyNumbering = NumberedKeys()  # (PackedKeys once keys are packed)
        self._from = array("i")  # (32-bit: two billion configurations would not fit in memory)
        self._from_given = False  # _from is an exploration's now (parents_of_first)
        self._by = array("h")  # the number of the event in _firsts (-1: none; 16 bits, then wider)
        self._firsts = Distinct[Event]()  # each distinct event of a first edge, numbered
        self._notes = array("h")  # the number of the summary in _summaries (likewise)
        self._summaries = Distinct[_Summary]()  # each distinct summary, numbered
        # representatives worked out again from a released configuration's trace, the latest
        # :data:`REPLAYED_KEPT` of them (:meth:`state_of`)
        self._replayed: dict[Key, AuctionState] = {}
        #: Engine steps taken to work out released representatives again (for the tests and
        #: benchmarks).
        self.replayed_steps = 0
        #: Keep every representative (:meth:`drop_expanded` then drops none): the memory of
        #: before, for the tests and benchmarks that compare.
        self.keep_representatives = False
        self._agreement_faults: dict[Key, list[str]] | None = None
        # agreement="all": the machines' problems on the edges leaving each configuration, found
        # as it was expanded (event, key reached, problem), in the order of expansion
        self._edge_faults: dict[Key, list[tuple[Event, Key, str]]] = {}
        # the broken invariants of each configuration's representative, asked as it is expanded
        self._broken: dict[Key, list[str]] = {}
        # whose representative's key :meth:`invariants` works out again: every one where the key
        # holds the rulings (a representative is filed without them); else only those taken from
        # another process (:meth:`adopt`), until asked
        self._rulings_keyed = self.declared is not None and "rulings" in self.declared.names
        self._key_unchecked: set[Key] = set()
        self._parts: dict[object, object] = {}  # each distinct part of a key, stored once
        # store each declared key as a short byte string (:attr:`pack_keys`)
        self._pack = False
        self.pack_keys = self.declared is not None
        #: Let the exploration number the configurations with this space's table
        #: (:attr:`numbering`); ``False`` makes it keep its own, as before issue 38 (for the
        #: benchmark that compares).
        self.share_numbering = True
        # by place in the key: value -> number, numbered in the order met (so each dictionary's
        # keys in order are the values by number, what _values gives)
        self._numbers: list[dict[Hashable, int]] = []
        self._by_number: list[list[Hashable]] = []  # (the last _values made, by place)
        self._events: dict[Event, Event] = {}  # each distinct event (an edge's label) stored once
        self._edge_simulators: dict[Seat, Simulator] = {}  # for the check on every edge
        self._edge_classes = MachineClasses()
        #: Stop a step as soon as it records an irregularity the bounds leave out (the engine's
        #: ``room``); ``False`` rules every candidate to the end (the tests compare both).
        self.stop_early = True
        self.stopped_early = 0  # steps stopped so (this process; for the tests and benchmarks)
        #: Worker processes that share the exploration (each big batch of configurations).
        self.explore_jobs = 1
        #: Fire ``transitions`` once per class of edges in the check on every edge
        #: (:mod:`~auction_fsm.graph.machine_classes`); ``False`` fires it on every edge.
        self.machine_classes = True
        #: Of :attr:`class_hits`, those found by worker processes of a shared level.
        self.hits_elsewhere = 0
        #: Events the machines were driven through: an edge each with ``agreement="all"``, the
        #: events of the traces replayed with ``"sample"`` (for the tests and benchmarks).
        self.replayed_events = 0

    # --- keys and representatives -----------------------------------------------------------
    def key_of(self, state: AuctionState) -> Key:
        """The key of ``state`` in this scope: the values of what its rules declare they read
        (or, with ``keys="full"``, the state without its rulings), packed (:attr:`pack_keys`)."""
        if self.declared is not None:
            values = self.declared.of(state)
            return self._packed(values) if self._pack else values
        return replace(state, rulings=()) if state.rulings else state

    def _packed(self, values: tuple[Hashable, ...], number: bool = False) -> Key:
        """``values`` (a declared key) as the byte string of each value's number among the
        values its place has held, four bits at a time (:func:`pack_numbers`).  A value not
        numbered yet is numbered when ``number`` is set (registering a key: a tuple value's
        items are shared with the equal items of the values numbered before, so that the many
        values of a place such as each seat's last call hold each entry once); otherwise the
        tuple itself comes back, which no stored key equals (so the key is new)."""
        numbers = self._numbers
        while len(numbers) < len(values):
            numbers.append({})
        ids = []
        for place, value in enumerate(values):
            n = numbers[place].get(value)
            if n is None:
                if not number:
                    return values
                if value.__class__ is tuple:
                    value = self._shared(cast("tuple[Hashable, ...]", value))
                held = numbers[place]
                n = held[value] = len(held)
            ids.append(n)
        return pack_numbers(ids)

    def _stored(self, key: Key) -> Key:
        """``key``, new in this process, as it is stored: packed, its new values numbered (the
        numbers are this process's: only the process that owns the tables numbers values), or
        as a tuple keeping one shared copy of each value however many keys hold it."""
        if key.__class__ is not tuple or self.full_keys:
            return key
        values = cast("tuple[Hashable, ...]", key)
        if self.pack_keys:
            return self._packed(values, number=True)
        return self._shared(values)

    def _shared(self, values: tuple[Hashable, ...]) -> tuple[Hashable, ...]:
        """``values`` with each item replaced by the equal one held already (held from now on if
        none is): a tuple key's places, or a tuple value's items, stored once however many keys
        or values hold them."""
        share = self._parts.setdefault
        return tuple([share(c, c) for c in values])

    def unpacked(self, key: Key) -> Key:
        """The values a key holds (the tuple :meth:`DeclaredKey.of` gives), however stored."""
        if key.__class__ is not bytes:
            return key
        values = self._values()
        return tuple(values[place][n] for place, n in enumerate(unpack_numbers(key, len(values))))

    def _values(self) -> list[list[Hashable]]:
        """By place in the key, the values numbered, by number: made again from the numbering
        when it has grown (asked by reports, rarely while exploring), rather than held beside it."""
        made = self._by_number
        if len(made) != len(self._numbers) or any(len(v) != len(d) for v, d in zip(made, self._numbers)):
            made = self._by_number = [list(d) for d in self._numbers]
        return made

    def key_text(self, key: Key) -> str:
        """A key in words for an exported graph: the values it holds."""
        return str(self.unpacked(key))

    def travel_key(self, key: Key) -> Key:
        """``key`` as it goes to another process (a partitioned run, graph/partitioned.py): the
        values it holds, since a packed key is a string of this process's numbers."""
        return self.unpacked(key) if key.__class__ is bytes else key

    @property
    def pack_keys(self) -> bool:
        """Whether each declared key is stored as a short byte string of numbers, one per value
        (:meth:`_packed`), in a :class:`~auction_fsm.graph.key_table.PackedKeys` table, rather
        than as a tuple of the values: about 50 bytes a key in place of 200 on the default
        scopes, and one table of arrays in place of two dictionaries
        (``benchmarks/bench_graph.py --only memory``).  Set before the exploration starts."""
        return self._pack

    @pack_keys.setter
    def pack_keys(self, on: bool) -> None:
        if on == self._pack:
            return
        if len(self._index):
            raise InternalError("keys are packed, or not, before the exploration starts")
        if on and self.declared is None:
            raise ValueError("only declared keys can be packed (keys='full' keeps whole states)")
        self._pack = on
        self._index = PackedKeys() if on else NumberedKeys()

    @property
    def _order(self) -> Sequence[Key]:
        """Every key found, by number."""
        return self._index.order

    @property
    def numbering(self) -> KeyNumbering | None:
        """The table numbering every key found, in the order found: the exploration takes it
        for its own (:func:`~auction_fsm.graph.configuration.explore`), so that one table
        holds each configuration's key and number.  ``None`` when :attr:`share_numbering` is
        off."""
        return self._index if self.share_numbering else None

    def parents_of_first(self, n: int) -> array[int]:
        """By number, the number of the configuration each of the first ``n`` was first reached
        from (-1 for a start, -2 for a key taken from another process): the exploration's parents.
        When the space holds exactly ``n``, the very array it fills, given away: the space copies
        it before it numbers another key (a report's replays may), so the exploration's stays as
        it is and a finished exploration holds no second copy."""
        if len(self._from) == n:
            self._from_given = True
            return self._from
        return self._from[:n]

    def state_of(self, key: Key) -> AuctionState:
        """The representative state of a key found so far (rulings left out: they are narration).

        A representative released after its configuration was expanded (:meth:`drop_expanded`) is
        worked out again by replaying, through the real engine, the events of the key's first
        trace from the nearest representative still held (a start's always is); each state on
        the way is checked to have the key it is filed under.  The latest
        :data:`REPLAYED_KEPT` states so worked out are kept, so that asking for the keys in
        breadth-first order (an export, the key check) costs about one step each.
        """
        held = self._states.get(key)
        if held is None:
            held = self._replayed.get(key)
        if held is not None:
            return held
        return self._replay(key)

    def found(self) -> int:
        """How many configurations were found so far (expanded or not)."""
        return len(self._index)

    def representatives(self) -> Iterator[tuple[Key, AuctionState]]:
        """Every configuration found so far, in the order found, with its representative (those
        released worked out again: :meth:`state_of`)."""
        for key in list(self._index):
            yield key, self.state_of(key)

    def _replay(self, key: Key) -> AuctionState:
        """The representative of ``key``, worked out from its trace (see :meth:`state_of`)."""
        trail: list[tuple[Key, Event]] = []
        k = key
        while True:
            state = self._states.get(k)
            if state is None:
                state = self._replayed.get(k)
            if state is not None:
                break
            step = self.first_reached_by(k)  # (a start's representative is always held)
            if step is None:
                raise InternalError(f"configuration {k!r} of scope {self.name!r} has no representative "
                                    "and no first edge to replay: a key taken from another process "
                                    "is not worked out again where it was released")
            trail.append((k, step[1]))
            k = step[0]
        kept = self._replayed
        for k, event in reversed(trail):
            after = rule_step(state, event, strict=False, tables=self.tables).after
            state = replace(after, rulings=()) if after.rulings else after
            self.replayed_steps += 1
            if self.key_of(state) != k:
                raise InternalError(f"replaying {event.describe()} in scope {self.name!r} reaches "
                                    "another key than the exploration found there: the explorer's "
                                    "record of first edges or the engine's determinism is at fault")
            kept[k] = state
            if len(kept) > REPLAYED_KEPT:
                del kept[next(iter(kept))]
        return state

    def drop_expanded(self, keys: Iterable[Key]) -> None:
        """Drop the representatives of ``keys``, configurations already expanded: what the
        checks ask of each was noted when it was registered, and :meth:`state_of` works a
        representative out again from its trace when a report needs it.  A start's is kept.
        This is what keeps an exploration's memory to the keys and edges plus the
        representatives of one breadth-first level (the explorer calls it after each batch of
        configurations, :func:`~auction_fsm.graph.configuration.explore`)."""
        if self.keep_representatives:
            return
        states, index, first = self._states, self._index, self._from
        for k in keys:
            n = index.get(k)
            if n is not None and first[n] != _START:
                states.pop(k, None)
        self._states = dict(states)  # (a dictionary keeps its table's size when entries go)
        if len(self._key_unchecked) < 64:
            # (a set keeps its table too: a partition's keys taken from elsewhere are checked as
            # they are expanded, so after a round the set is nearly empty and cheap to copy)
            self._key_unchecked = set(self._key_unchecked)

    def _add(self, key: Key, state: AuctionState, source: Key | None, event: Event | None) -> int:
        """Register configuration ``key``, new, with its representative ``state``, first
        reached from ``source`` by ``event`` (``None``, ``None`` for a start or a key from
        another process): number it, hold the representative, and note what the checks ask of
        it.  Returns its number."""
        n = self._index.add(key)
        if self._from_given:
            self._from, self._from_given = array(self._from.typecode, self._from), False
        self._from.append(-1 if source is None else self._index[source])
        self._by = appended(self._by, -1 if event is None else self._firsts[event])
        self._notes = appended(self._notes, self._summaries[self._summarise(state)])
        self._states[key] = state
        return n

    def _note(self, key: Key) -> _Summary:
        """What the checks ask of configuration ``key`` (noted when it was registered)."""
        return self._summaries.by_number[self._notes[self._index[key]]]

    def _summarise(self, state: AuctionState) -> _Summary:
        """What the checks ask of a configuration: whether it ends the scope, the machines'
        states, and for a split scope the masks :meth:`split_ends` gives."""
        split: tuple[bool, bool, bool] | None = None
        strain, offender = self.families.contract_strain, self.families.offender_seat
        if strain is not None or offender is not None:
            real = is_terminal(state)
            here = rules.is_final(state.key) and not handed_over(state, self.families)
            # a real end is never handed over (a hand-over has no successors); so that the
            # parts' paths add up, a passed-out board is counted in the clubs part only, and an
            # auction with no irregularity in North's part only
            counted = real and ((strain is None or state.contract is not None or strain == 0)
                                and (offender is None or state.first_offender == offender
                                     or (state.first_offender == -1 and offender == 0)))
            split = (real, here, counted)
        seats = dict.fromkeys(f"seat:{seat_state(obs)}" for obs in state.obligations)
        return _Summary(self.ended(state), (f"phase:{state.phase}", *seats), split)

    # --- moving configurations between processes (a partitioned run, graph/partitioned.py) --
    def adopt(self, key: Key, state: AuctionState) -> Key:
        """Take ``key``, as it travelled (:meth:`travel_key`), with its representative ``state``
        from another process; returns the key as stored here (packed by this process's
        numbering, or each part shared with the keys already held).  A key taken so is first
        reached elsewhere: it has no first edge here, and its representative, unlike a start's,
        is released once it is expanded (:meth:`drop_expanded`)."""
        if key.__class__ is tuple and self.pack_keys:
            held = self._packed(cast("tuple[Hashable, ...]", key))  # (the values, if one is new here)
            if held.__class__ is bytes and held in self._index:
                return held
        elif key in self._index:
            return key
        key = self._stored(key)
        self._add(key, state, None, None)
        self._from[-1] = _ELSEWHERE
        self._key_unchecked.add(key)
        return key

    def _machines_at(self, state: AuctionState) -> tuple[Simulator, _Snapshot]:
        """The simulator for ``state``'s dealer, and the snapshot that sets its machines where
        the engine's state says they are: the phase, and each seat's state from its
        obligations."""
        sim = self._edge_simulators.get(state.dealer)
        if sim is None:
            sim = self._edge_simulators[state.dealer] = self.simulator(state.dealer)
        return sim, (state, state.phase, tuple(seat_state(o) for o in state.obligations))

    def _fire(self, sim: Simulator, snap: _Snapshot, st: Step) -> str | None:
        """Drive the machines, set as ``snap`` says, through ``st`` (ruled strictly from the
        snapshot's state), once per class of edges where :attr:`machine_classes`; a message
        when they disagree with the engine."""
        _restore(sim, snap)
        self.replayed_events += 1
        try:
            if self.machine_classes:
                self._edge_classes.fire(sim, st)
            else:
                sim.fire(st)
        except MachineDisagreementError as exc:
            return f"machines disagree with the engine: {exc}"
        return None

    @property
    def class_hits(self) -> int:
        """Edges whose machines' part came from a recorded run
        (:mod:`~auction_fsm.graph.machine_classes`), worker processes of a shared level
        included."""
        return self._edge_classes.hits + self.hits_elsewhere

    def ended(self, state: AuctionState) -> bool:
        """Whether ``state`` (any state, not only a representative) is an end of the scope: the
        lead faced or the hands returned where the scope has the opening lead (or, split by the
        contract's strain, an auction ended in another strain: handed over), the final pass
        with nothing but declarer's lead options left otherwise."""
        if self.ends_at_lead:
            return is_terminal(state) or handed_over(state, self.families)
        return state.is_over and (state.pending is None or state.pending.procedure == "declarer_lead_options")

    def split_ends(self, keys: Sequence[Key]) -> SplitEnds | None:
        """For a part of a split scope (by the contract's strain, the offender or both), its
        ends told apart over ``keys`` (:class:`SplitEnds`); ``None`` for a scope that is not
        split."""
        strain, offender = self.families.contract_strain, self.families.offender_seat
        if strain is None and offender is None:
            return None
        note = self._note
        flags = np.array([cast("tuple[bool, bool, bool]", note(k).split) for k in keys],
                         dtype=bool).reshape(len(keys), 3)
        real, here, counted = flags[:, 0].copy(), flags[:, 1].copy(), flags[:, 2].copy()
        return SplitEnds(real, here, counted)

    # --- the protocol -----------------------------------------------------------------------
    def starts(self) -> Iterator[tuple[Key, AuctionState]]:
        """One start per dealer, the empty auction (after the scope's prefix), with its key as
        :meth:`key_of` gives it; nothing is registered (a partitioned run takes only the starts
        its partition owns, :meth:`adopt`)."""
        for d in self.dealers:
            state = AuctionState.start(d, law_book=self.book)  # every position it reaches carries the book
            for event in self.prefix:
                state = apply_event(state, event)
            yield self.key_of(state), state

    def initial_states(self) -> tuple[Key, ...]:
        """One key per dealer: the empty auction."""
        keys = []
        for k, state in self.starts():
            if k not in self._index:
                k = self._stored(k)
                self._add(k, state, None, None)
            keys.append(k)
        return tuple(keys)

    def outcomes(self, state: AuctionState) -> Iterator[tuple[Event, AuctionState]]:
        """The events the scope offers at ``state`` (any state, not only a representative),
        each with the state the engine rules it to: the candidates the engine accepts and
        :func:`~auction_fsm.exploration.within_scope` keeps; none once the configuration ends
        an auction-only scope."""
        for event, st, _ in self._ruled(state, strict=False):
            yield event, st.after

    def _ruled(self, state: AuctionState, strict: bool) -> Iterator[tuple[Event, Step, str | None]]:
        """:meth:`outcomes` with the engine's steps.  ``strict`` rules each candidate as the
        simulator does (every guard of the candidate rows tested); where that finds two rows
        holding at once (a fault of the book), the step is the one the first row that holds
        gives, as without ``strict``, and the fault comes third (otherwise ``None``)."""
        fam = self.families
        if (not self.ends_at_lead and self.ended(state)) or handed_over(state, fam):
            return
        # a step that records an irregular call of a family outside the room is stopped there
        # (within_scope would drop it anyway)
        room = room_for(state, fam) if self.stop_early else None
        for event in self._candidates(state):
            problem = None
            try:
                try:
                    st = rule_step(state, event, strict=strict, room=room, tables=self.tables)
                except LawBookError as exc:
                    if not strict:
                        raise
                    st = rule_step(state, event, strict=False, room=room, tables=self.tables)
                    problem = f"the strict engine step refused the event: {exc}"
            except InternalError:
                raise  # a fault of the book or the engine is never a refused event
            except OutsideBounds:
                self.stopped_early += 1
                continue
            except AuctionFsmError:
                continue
            if within_scope(state, event, st.after, fam):
                yield event, st, problem

    def successors(self, key: Key) -> tuple[list[Event], list[Key]]:
        """Every candidate event the engine accepts within the scope, and the keys reached."""
        return self.expand(key)

    def expand(self, key: Key, level: LevelShare | None = None, position: int = 0
               ) -> tuple[list[Event], list[Key]]:
        """:meth:`successors` of ``key``, registering the keys it reaches for the first time.

        Alone (``level`` ``None``), a new key goes into the space's tables with this edge as its
        parent.  For a share of a level worked out by one of several processes
        (:mod:`~auction_fsm.graph.parallel`), ``key`` being at ``position`` in the level, the
        space's tables are left as they are: a key they held when the level began is given by
        its number in ``level.index`` (what travels between the processes is then one int),
        and any other key goes into ``level.fresh`` with its representative, and into
        ``level.first`` with the position it was taken from.  A process may take its
        configurations out of the level's order, so a key reached again from an earlier
        position takes that edge's representative: ``level.fresh`` ends with the one of the
        first edge in the level's order among this process's, which is what one process would
        have kept.  The positions (in the lists returned) of the edges to keys not numbered
        are appended to ``level.new``.

        The representative's invariants are asked here (:meth:`invariants`), and with
        ``agreement="all"`` each edge is checked against the machines as it is found (the
        module docstring): the broken invariants, and the machines' problems by position in the
        lists returned, go into ``level.broken`` and ``level.faults`` for a share of a level, or
        into the space's tables alone.
        """
        state = self.state_of(key)
        broken = self.invariants(key)
        if level is not None:
            level.broken = broken
        elif broken:
            self._broken[key] = broken
        labels: list[Event] = []
        keys: list[Key] = []
        number_of, add, stored = self._index.get, self._add, self._stored
        events = self._events.setdefault
        key_of = self.key_of
        # a share of a level numbers no value (only the process that owns the tables does): it
        # stores a tuple key's values once, as an unpacked space stores them
        share_values = not self.pack_keys
        if level is not None:
            index, fresh, first, new = level.index, level.fresh, level.first, level.new
        check = self.agreement == "all"  # the machines on every edge, as it is found
        if check:
            sim, snap = self._machines_at(state)
        faults: list[tuple[int, str]] = []
        for event, st, problem in self._ruled(state, strict=check):
            after = st.after
            k: Key
            k = key_of(after)
            if level is None:
                if number_of(k) is None:
                    k = stored(k)
                    add(k, replace(after, rulings=()) if after.rulings else after, key, event)
            else:
                number = index.get(k)
                if number is not None:
                    k = number
                elif share_values and k not in fresh:
                    k = stored(k)
                if number is None:
                    new.append(len(keys))
                    was = first.get(k)
                    if was is None or was > position:
                        fresh[k] = replace(after, rulings=()) if after.rulings else after
                        first[k] = position
            if check:
                if problem is None:
                    problem = self._fire(sim, snap, st)
                if problem is not None:
                    faults.append((len(labels), problem))
            labels.append(events(event, event))  # each distinct event stored once (the labels)
            keys.append(k)
        if level is not None:
            level.faults = faults
        elif faults:
            self._edge_faults[key] = [(labels[i], keys[i], problem) for i, problem in faults]
        return labels, keys

    def successors_many(self, keys: Sequence[Key], tell: Callable[[int], None] | None = None
                        ) -> list[tuple[list[Event], list[Key]]]:
        """:meth:`successors` of each of ``keys`` (the next ones in breadth-first order), in order;
        shared out between :attr:`explore_jobs` forked processes when they are many
        (:mod:`auction_fsm.graph.parallel`), with the same result.  ``tell`` is given, as
        they are shared out, how many of ``keys`` have their successors so far."""
        return expand_level(self, keys, self.explore_jobs, tell)

    def _candidates(self, state: AuctionState) -> list[Event]:
        """The candidate events at ``state``: those a row of the book is enabled for, within
        the scope (:func:`~auction_fsm.exploration.candidate_events`).  Worked out at each
        configuration expanded: a cache keyed by a hand-written list of what they depend on saved
        0-7 % of the exploration's time (insufficient-1, changes-1) and was one more place
        restating the rules' reads."""
        return list(candidate_events(state, self.families, self.book, self.tables))

    def beyond_scope(self, key: Key) -> list[str]:
        """The lawful events at ``key`` that the scope's bounds leave out, in words, when no
        lawful event lies within them (else ``[]``: then a configuration without successors is a
        dead end of the explorer or the model, and reported as one).

        Lawful is what the engine accepts, without committing a new irregularity
        (:func:`~auction_fsm.engine.irregularities`), of the candidates of a scope without
        bounds (every family, every level); within the scope is what the scope's own alphabet
        offers and :func:`~auction_fsm.exploration.within_scope` keeps.
        Asked only of configurations without successors, by the dead-end check.
        """
        state = self.state_of(key)
        if self.ended(state):
            return []
        own = self.families
        wide = Scope("unbounded", frozenset(FAMILIES), max_irregularities=state.incidents + 1, max_level=7)
        inside = set(alphabet(state, own, state.incidents < own.max_irregularities))
        outside: list[str] = []
        for event in candidate_events(state, wide, self.book):
            try:
                after = apply_event(state, event, strict=False)
            except InternalError:
                raise
            except AuctionFsmError:
                continue
            if irregularities(state, event, after):
                continue  # a new irregularity is never what the Laws leave a player to do
            if event in inside and within_scope(state, event, after, own):
                return []
            outside.append(event.describe())
        return outside

    def is_terminal(self, key: Key) -> bool:
        """The end of the configuration (see the module docstring)."""
        return self._note(key).ended

    def label_text(self, label: Event) -> str:
        """The event in words (``S: 1C``, ``director judges artificial: yes`` ...)."""
        return label.describe()

    def describe(self, key: Key) -> str:
        """A line such as ``phase auction; W to call; auction N 1C, E P; S must_pass_next_turn``."""
        s = self.state_of(key)
        parts = [f"phase {s.phase}"]
        if s.pending is None and not s.is_over:
            parts.append(f"{s.turn.name} to call")
        calls = ", ".join(f"{r.seat.name} {r.call}" for r in s.standing_calls)
        parts.append(f"auction {calls or '-'}")
        if s.pending is not None:
            parts.append(f"{s.pending.decider} to choose: {'/'.join(s.pending.options)}")
        for seat in Seat:
            st = seat_state(s.obligations[seat])
            if st != FREE:
                parts.append(f"{seat.name} {st}")
        if s.restrictions:
            parts.append("26B against " + "/".join(sorted({r.offender.name for r in s.restrictions})))
        if s.exposed:
            parts.append("exposed " + " ".join(f"{e.seat.name}:{e.card.text}" for e in s.exposed))
        lead = s.current_lead
        if lead is not None:
            parts.append(f"lead {lead.seat.name} {lead.card.text}{'' if lead.faced else ' face down'}")
        parts.append(f"{s.incidents} irregularit{'y' if s.incidents == 1 else 'ies'}")
        if handed_over(s, self.families):
            parts.append("handed over to "
                         + (f"{Seat(s.first_offender).name}'s part (the first offender)"
                            if self.families.offender_seat not in (None, s.first_offender)
                            else "the part of the contract's strain"))
        return "; ".join(parts)

    def scenario(self, start: Key, labels: Sequence[Event]) -> dict[str, Any]:
        """The scenario file that replays ``labels`` from the empty auction of ``start``."""
        return {"format": SCENARIO_FORMAT, "version": SCENARIO_VERSION,
                "dealer": self.state_of(start).dealer.name, "vulnerability": "None",
                "events": [event_to_dict(e) for e in (*self.prefix, *labels)]}

    def machine_states(self, key: Key) -> tuple[str, ...]:
        """``phase:<phase>`` and ``seat:<state>`` for each distinct seat-machine state."""
        return self._note(key).machines

    def faults(self, key: Key) -> list[str]:
        """Broken invariants of the representative (asked when it was expanded), and the
        machines' disagreements: on the edges into and out of it (``agreement="all"``), or on
        the trace of a sampled leaf."""
        out = list(self._broken.get(key, ()))
        if self.agreement != "off":
            if self._agreement_faults is None:
                self._agreement_faults = self.check_agreement()
            out.extend(self._agreement_faults.get(key, ()))
        return out

    def invariants(self, key: Key) -> list[str]:
        """The broken invariants of the representative of ``key`` (its legal-auction key, calls
        while a procedure is pending, a seat to call with no legal call, an obligation held
        twice, the key it is filed under)."""
        s = self.state_of(key)
        out = []
        if s.rebuilt().key != s.key:
            out.append("the legal-auction key does not match the calls that stand")
        if s.pending is not None and s.legal_calls():
            out.append("calls are legal while a procedure is pending")
        if (s.pending is None and not s.is_over and not s.legal_calls()
                and not any(o.kind == "repeat_call" for o in s.obligations[s.turn])):
            # (a repeat that is no longer legal must still be made, 31A1: no legal call then)
            out.append(f"{s.turn.name} has no legal call although the auction is open")
        for seat in Seat:
            kinds = [o.kind for o in s.obligations[seat]]
            if len(kinds) != len(set(kinds)):
                out.append(f"{seat.name} holds the same obligation twice: {kinds}")
        # A representative made by this program had its key worked out from it by the same code
        # (expanding, in this process or a forked one, or replaying with the key checked at each
        # step), so only two can be filed under another key: one kept without the rulings its
        # key holds, and one a Dask worker sent (adopt: another machine may run other code).
        if self._rulings_keyed or key in self._key_unchecked:
            self._key_unchecked.discard(key)
            if self.key_of(s) != key:
                out.append("the representative's key differs from the key it is filed under")
        return out

    # --- agreement with the machines -------------------------------------------------------
    def first_reached_by(self, key: Key) -> tuple[Key, Event] | None:
        """The configuration and event ``key`` was first reached by, which its representative
        came from (``None`` for a start)."""
        n = self._index[key]
        source = self._from[n]
        if source < 0:
            return None
        return self._order[source], self._firsts.by_number[self._by[n]]

    def path(self, key: Key) -> tuple[list[Key], list[Event]]:
        """The configurations and events of the shortest trace to ``key`` (from its start)."""
        keys = [key]
        events: list[Event] = []
        step = self.first_reached_by(key)
        while step is not None:
            keys.append(step[0])
            events.append(step[1])
            step = self.first_reached_by(step[0])
        keys.reverse()
        events.reverse()
        return keys, events

    def leaves(self) -> list[Key]:
        """Configurations no other one was first reached from (the breadth-first tree's leaves)."""
        inner = set(self._from)
        return [k for k, n in self._index.items() if n not in inner]

    def check_agreement(self) -> dict[Key, list[str]]:
        """The machines' disagreements (see :attr:`agreement`), by key.

        With ``agreement="all"``, those the exploration found on every edge: one on an edge of
        the breadth-first tree belongs to the configuration it leads to, whose shortest trace
        then ends with the failing event; on any other edge it belongs to the source, naming
        the event."""
        if self.agreement == "all":
            faults: dict[Key, list[str]] = {}
            first = self.first_reached_by
            for source, found in self._edge_faults.items():
                for event, target, problem in found:
                    if first(target) == (source, event):
                        faults.setdefault(target, []).append(problem)
                    else:
                        faults.setdefault(source, []).append(f"on {event.describe()}: {problem}")
            return faults
        leaves = self.leaves()
        if len(leaves) > self.sample:
            stride = len(leaves) / self.sample
            leaves = [leaves[int(i * stride)] for i in range(self.sample)]
        return self.replay_traces(leaves)

    def replay_traces(self, targets: Sequence[Key]) -> dict[Key, list[str]]:
        """Replay the shortest trace to each of ``targets`` from scratch through the simulator.

        Each replay cross-checks every configuration on the trace.  Returns the faults found, by
        the key of the configuration the failing event leads to (so its trace shows it).
        """
        faults: dict[Key, list[str]] = {}
        sims: dict[Seat, Simulator] = {}
        for target in targets:
            keys, events = self.path(target)
            dealer = self.state_of(keys[0]).dealer
            sim = sims.get(dealer)
            if sim is None:
                sim = sims[dealer] = self.simulator(dealer)
            else:
                sim.reset(dealer)
            sim.run(self.prefix)
            for j, event in enumerate(events):
                if keys[j + 1] in faults:
                    break  # already reported on another trace
                self.replayed_events += 1
                problem = _step(sim, event)
                if problem is None and self.key_of(sim.state) != keys[j + 1]:
                    problem = "replaying the trace reaches a different configuration"
                if problem is not None:
                    faults[keys[j + 1]] = [problem]
                    break
        return faults

class _Summary(NamedTuple):
    """What the checks ask of every configuration, noted from its representative when it is
    registered, so that the representative can be released once it is expanded."""

    #: the configuration ends the scope (:meth:`IrregularSpace.ended`)
    ended: bool
    #: :meth:`IrregularSpace.machine_states`
    machines: tuple[str, ...]
    #: for a split scope, the configuration's entries of :class:`SplitEnds` (real, ended here,
    #: counted); ``None`` otherwise
    split: tuple[bool, bool, bool] | None


#: Where a simulator's machines are: the core state, the phase and each seat's state.
_Snapshot = tuple[AuctionState, str, tuple[str, ...]]


def _restore(sim: Simulator, snap: _Snapshot) -> None:
    """Set the simulator's machines as ``snap`` says (the machines' models hold their state in
    a plain attribute, which is how ``Simulator.reset`` rewinds them too)."""
    state, phase, seats = snap
    m = sim.machines
    sim.state = state
    sim.steps.clear()
    m.phase.state = phase
    for model, st in zip(m.seats, seats, strict=True):
        model.state = st


def _step(sim: Simulator, event: Event) -> str | None:
    """Apply ``event``; a message when the machines disagree or the engine refuses it."""
    try:
        sim.apply(event)
    except MachineDisagreementError as exc:
        return f"machines disagree with the engine: {exc}"
    except AuctionFsmError as exc:
        return f"the engine refused the event on replay: {exc}"
    return None


def build_irregular_space(scope: Scope, table: LawBook = LAWS_2017) -> IrregularSpace:
    """The :class:`IrregularSpace` of ``scope`` under the law book ``table`` (registered for
    every law family): the engine and the machines of the agreement check both run ``table``."""
    memory = True if "opening_lead" in scope.families else scope.track_declarer
    return IrregularSpace(scope, dealers=scope.dealers, declarer_memory=memory, name=scope.name,
                          agreement=scope.agreement, sample=scope.agreement_sample, book=table,
                          tables=scope.tables)


register_space(FAMILIES, build_irregular_space)

