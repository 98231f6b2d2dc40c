"""The legal-only configuration space: the table's machines driven by every legal call.

A configuration of this scope is one ``int`` key packing

* the legal-auction key of :mod:`auction_fsm.rules` (turn, last bid, bidder, double status,
  passes: 15 bits),
* the state of the phase machine and of each seat machine (indices into the table's states),
* optionally (``track_declarer``) who first named each strain for each side: two bits per
  (side, strain) pair, 0 for nobody yet, 1 or 2 for the side's first or second seat.

The events are the legal calls of the seat to act (bids limited to ``max_level``) and, where the
table has it, the opening lead that ends the clarification period (label :data:`LEAD`).  Whether
an event is *enabled* is decided by the declarative table: the first transition of the seat machine
and of the phase machine whose trigger, source and guard match, exactly as ``transitions`` picks
it.  A guard is evaluated in the form the law book gives it on a legal-auction key
(``Guard.on_key``, from :mod:`auction_fsm.rules`, the one definition of the legal calls the
engine, the file checker and this explorer share); the next legal-auction key comes from
:func:`auction_fsm.rules.step_or_none`.  Where the table and the core disagree about a call, the
configuration records a *fault*.

Why declarer memory is optional: the future of a legal auction does not depend on who first named
a strain, only its result does (declarer, dummy, opening leader).  Without the memory, positions
that differ only in first-namers are merged, which is exact for every check (the merged graph is
a quotient that preserves enabled events and terminals), and the whole legal auction stays at
3,505 configurations per dealer.  With it the space grows to 78,105 configurations at
``max_level=1`` and 5,670,505 at ``max_level=2``; ``tests/graph`` shows the check results and
the path counts agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .. import rules
from ..calls import ALL_CALLS
from ..errors import AuctionFsmError
from ..lawbook import LAWS_2017, LawBook
from ..lawbook.classify import CALL_TRIGGERS
from ..seats import Seat
from .configuration import distinct

__all__ = ["LegalSpace", "LEAD", "CLOSING_TRIGGERS", "GuardNotSupportedError",
           "SCENARIO_FORMAT", "SCENARIO_VERSION"]

SCENARIO_FORMAT: Final = "auction-fsm-scenario"
SCENARIO_VERSION: Final = 1

_CORE_BITS: Final = 15
_CORE_MASK: Final = (1 << _CORE_BITS) - 1
_STRAINS: Final = ("C", "D", "H", "S", "NT")
# For the ten bits of one side's first-namer memory: which of its five 2-bit slots are empty.
_EMPTY_SLOTS: Final = tuple(sum(1 << i for i in range(5) if not (m >> 2 * i) & 3) for m in range(1024))
_EMPTY_SLOTS_ARRAY: Final = np.array(_EMPTY_SLOTS, dtype=np.int64)


class GuardNotSupportedError(AuctionFsmError):
    """The table names a guard the legal scope cannot evaluate on legal-auction keys."""


#: The label of the opening lead (call codes are 0-37).
LEAD: Final = 38
#: Triggers of the legal flow that are not calls: fired on the phase machine alone, the legal
#: auction unchanged.
CLOSING_TRIGGERS: Final = ("opening_lead", "face_lead", "hands_returned")


_TRIGGERS: Final = tuple(CALL_TRIGGERS[call.kind] for call in ALL_CALLS)  # the trigger of each call code

# A candidate transition: its guard (None: always) and the index of its destination state.
_Candidate = tuple[Callable[[int, int], bool] | None, int, str]


class LegalSpace:
    """Configurations of the legal auction, with the table deciding which calls are enabled.

    Parameters
    ----------
    table
        The declarative table whose phase and seat machines are driven (default: the package's).
    max_level
        The highest bid level offered (1-7); 7 is the whole legal auction.
    dealers
        The dealers to start from; keys of different dealers merge where their futures agree.
    track_declarer
        Add the first-namer memory to the key (see the module docstring).

    Examples
    --------
    >>> space = LegalSpace(max_level=1)
    >>> start = space.initial_states()[0]
    >>> [space.label_text(code) for code in space.successors(start)[0]]
    ['1C', '1D', '1H', '1S', '1NT', 'P']
    """

    def __init__(self, table: LawBook = LAWS_2017, *, max_level: int = 7,
                 dealers: Iterable[Seat | int] = (Seat.N,), track_declarer: bool = False,
                 name: str = "legal") -> None:
        if not 1 <= max_level <= 7:
            raise ValueError(f"max_level must be 1-7, got {max_level!r}")
        self.name = name
        self.table = table
        self.max_level = max_level
        self.dealers = tuple(Seat(d) for d in dealers)
        if not self.dealers:
            raise ValueError("at least one dealer is needed")
        self.track_declarer = track_declarer
        self._phase_names = tuple(s.name for s in table.states_of("phase"))
        self._seat_names = tuple(s.name for s in table.states_of("seat"))
        self._pw = max(1, (len(self._phase_names) - 1).bit_length())
        self._sw = max(1, (len(self._seat_names) - 1).bit_length())
        self._ctl_bits = _CORE_BITS + self._pw + 4 * self._sw
        self._ctl_mask = (1 << self._ctl_bits) - 1
        self._terminal_phases = frozenset(
            i for i, n in enumerate(self._phase_names) if n in table.terminals("phase"))
        self._candidates = {"phase": self._candidates_of("phase", self._phase_names),
                            "seat": self._candidates_of("seat", self._seat_names)}
        self._limit = 5 * max_level
        # ctl -> (code, next ctl, memory shift or -1, memory value); and ctl -> faults
        self._rows: dict[int, tuple[tuple[int, int, int, int], ...]] = {}
        self._pairs: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._faults: dict[int, tuple[str, ...]] = {}
        self._variants: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        # The batch tables (see successors_batch): variant numbers sorted, with the row of each
        # in flat arrays of labels and next-key bases; grown as new variants turn up.
        self._batch_known = np.zeros(0, np.int64)
        self._batch_row_of = np.zeros(0, np.int64)
        self._batch_start = np.zeros(0, np.int64)
        self._batch_degree = np.zeros(0, np.int64)
        self._batch_labels = np.zeros(0, np.int8)
        self._batch_bases = np.zeros(0, np.int64)
        self._terminal_flags = np.array([p in self._terminal_phases for p in range(1 << self._pw)])

    # --- layout -----------------------------------------------------------------------------
    def _candidates_of(self, machine: str, names: tuple[str, ...]) -> dict[tuple[int, str], list[_Candidate]]:
        index = {n: i for i, n in enumerate(names)}
        out: dict[tuple[int, str], list[_Candidate]] = {}
        for t in self.table.rows:
            if t.machine != machine:
                continue
            guard: Callable[[int, int], bool] | None = None
            name = "" if t.guard is None else t.guard.name
            if t.guard is not None:
                # the book's own form of the guard on a legal-auction key (rules.py), if it has one
                guard = t.guard.on_key or self._unsupported(name)
            out.setdefault((index[t.source], t.trigger), []).append((guard, index[t.target], name))
        return out

    @staticmethod
    def _unsupported(name: str) -> Callable[[int, int], bool]:
        def guard(core: int, code: int) -> bool:
            raise GuardNotSupportedError(
                f"the legal scope cannot evaluate guard {name!r} on legal-auction keys; give the "
                "guard its on_key form in the law book or explore this table with a scope that "
                "knows it")
        return guard

    def pack(self, core: int, phase: int, seats: Sequence[int], memory: int = 0) -> int:
        """The key of a configuration from its parts (state indices in table order)."""
        key = core | phase << _CORE_BITS
        for s, st in enumerate(seats):
            key |= st << (_CORE_BITS + self._pw + s * self._sw)
        return key | memory << self._ctl_bits

    def unpack(self, key: int) -> tuple[int, int, tuple[int, ...], int]:
        """``(core key, phase index, seat indices, first-namer memory)`` of a key."""
        phase = (key >> _CORE_BITS) & ((1 << self._pw) - 1)
        smask = (1 << self._sw) - 1
        seats = tuple((key >> (_CORE_BITS + self._pw + s * self._sw)) & smask for s in range(4))
        return key & _CORE_MASK, phase, seats, key >> self._ctl_bits

    # --- the protocol -----------------------------------------------------------------------
    def initial_states(self) -> tuple[int, ...]:
        """One starting key per dealer: the dealer to call, every machine in its initial state."""
        phase = self._phase_names.index(self.table.initial("phase"))
        seat = self._seat_names.index(self.table.initial("seat"))
        return tuple(self.pack(rules.initial_key(d), phase, (seat,) * 4) for d in self.dealers)

    def successors(self, key: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The codes of the enabled calls and the keys they lead to, in code order."""
        if not self.track_declarer:
            pair = self._pairs.get(key)
            if pair is None:
                row = self._row(key)
                pair = self._pairs[key] = (tuple(r[0] for r in row), tuple(r[1] for r in row))
            return pair
        ctl = key & self._ctl_mask
        mem = key >> self._ctl_bits
        # A bid by the seat to act can only fill an empty slot of its own side's memory, so
        # the change is fixed by (control key, which of those five slots are empty) and the
        # next key is a precomputed base plus the unchanged memory.
        variant = ctl << 5 | _EMPTY_SLOTS[(mem >> 10 * (ctl & 1)) & 1023]
        entry = self._variants.get(variant)
        if entry is None:
            entry = self._variants[variant] = self._variant(ctl, variant & 31)
        moved = mem << self._ctl_bits
        return entry[0], tuple(map(moved.__add__, entry[1]))

    def _variant(self, ctl: int, empty: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        row = self._rows.get(ctl)
        if row is None:
            row = self._row(ctl)
        side = 10 * (ctl & 1)
        bases = tuple(nctl | (val << shift << self._ctl_bits
                              if shift >= 0 and empty >> (shift - side) // 2 & 1 else 0)
                      for _, nctl, shift, val in row)
        return tuple(r[0] for r in row), bases

    # --- many keys at once (auction_fsm.graph.batch) ---------------------------------------
    def _variant_numbers(self, keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The number that fixes the successor row of each key: the key itself without declarer
        memory, else the control key and the empty slots of the side to act (as in
        :meth:`successors`)."""
        if not self.track_declarer:
            return keys
        ctl = keys & self._ctl_mask
        side_memory = (keys >> (self._ctl_bits + 10 * (ctl & 1))) & 1023
        numbers: npt.NDArray[np.int64] = ctl << 5 | _EMPTY_SLOTS_ARRAY[side_memory]
        return numbers

    def _learn_variants(self, numbers: npt.NDArray[np.int64]) -> None:
        """Add the rows of ``numbers`` (sorted, none known yet) to the batch tables, each computed
        by the same code as :meth:`successors` (so the table's guards and the faults are found
        in one place)."""
        labels: list[int] = []
        bases: list[int] = []
        degrees: list[int] = []
        for number in numbers.tolist():
            if self.track_declarer:
                entry = self._variants.get(number)
                if entry is None:
                    entry = self._variants[number] = self._variant(number >> 5, number & 31)
                codes, nexts = entry
            else:
                codes, nexts = self.successors(number)
            labels.extend(codes)
            bases.extend(nexts)
            degrees.append(len(codes))
        first_row = len(self._batch_degree)
        self._batch_start = np.concatenate(
            [self._batch_start, len(self._batch_labels) + np.cumsum([0, *degrees[:-1]], dtype=np.int64)])
        self._batch_degree = np.concatenate([self._batch_degree, np.array(degrees, np.int64)])
        self._batch_labels = np.concatenate([self._batch_labels, np.array(labels, np.int8)])
        self._batch_bases = np.concatenate([self._batch_bases, np.array(bases, np.int64)])
        pos = np.searchsorted(self._batch_known, numbers)
        self._batch_known = np.insert(self._batch_known, pos, numbers)
        self._batch_row_of = np.insert(self._batch_row_of, pos,
                                       np.arange(first_row, first_row + len(numbers), dtype=np.int64))

    def successors_batch(self, keys: npt.NDArray[np.int64]) -> tuple[
            npt.NDArray[np.int64], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """:meth:`successors` of many keys at once, as flat arrays ``(source position, code,
        next key)``, grouped by source in the order of ``keys``.

        Each distinct row (a control key, plus the empty memory slots when declarer memory is
        kept) is computed once by the one-key code and kept in flat tables; a frontier is then
        answered by gathering from them.

        >>> space = LegalSpace(max_level=1)
        >>> src, codes, nxt = space.successors_batch(np.array(space.initial_states()))
        >>> codes.tolist() == list(space.successors(space.initial_states()[0])[0])
        True
        """
        keys = np.asarray(keys, dtype=np.int64)
        numbers = self._variant_numbers(keys)
        known = self._batch_known
        pos = np.minimum(np.searchsorted(known, numbers), max(len(known) - 1, 0))
        missing = known[pos] != numbers if len(known) else np.ones(len(numbers), bool)
        rows = self._batch_row_of[pos] if len(known) else np.zeros(len(numbers), np.int64)
        if missing.any():
            wanted = numbers[missing]
            self._learn_variants(np.unique(wanted))
            rows[missing] = self._batch_row_of[np.searchsorted(self._batch_known, wanted)]
        degree = self._batch_degree[rows]
        src = np.repeat(np.arange(len(keys), dtype=np.int64), degree)
        total = int(degree.sum())
        flat = np.repeat(self._batch_start[rows] - (np.cumsum(degree) - degree), degree) \
            + np.arange(total, dtype=np.int64)
        nxt = self._batch_bases[flat]
        if self.track_declarer:
            nxt += np.repeat((keys >> self._ctl_bits) << self._ctl_bits, degree)
        return src, self._batch_labels[flat], nxt

    def terminal_batch(self, keys: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """:meth:`is_terminal` of many keys at once."""
        phases = (np.asarray(keys, dtype=np.int64) >> _CORE_BITS) & ((1 << self._pw) - 1)
        flags: npt.NDArray[np.bool_] = self._terminal_flags[phases]
        return flags

    def faulty_batch(self, keys: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """Whether :meth:`faults` is non-empty, for many keys at once (faults depend on the
        control key alone, so each distinct one is asked once)."""
        ctl = np.asarray(keys, dtype=np.int64) & self._ctl_mask
        controls = distinct(ctl)
        flags = np.array([bool(self.faults(c)) for c in controls.tolist()], dtype=bool)
        if not flags.any():
            return np.zeros(len(ctl), bool)
        out: npt.NDArray[np.bool_] = flags[np.searchsorted(controls, ctl)]
        return out

    def is_terminal(self, key: int) -> bool:
        """True when the phase machine is in a terminal state."""
        return (key >> _CORE_BITS) & ((1 << self._pw) - 1) in self._terminal_phases

    def faults(self, key: int) -> tuple[str, ...]:
        """Calls on which the table and the legal-auction core disagree at ``key``."""
        ctl = key & self._ctl_mask
        if ctl not in self._faults:
            self._row(ctl)
        return self._faults[ctl]

    def label_text(self, label: int) -> str:
        """The call a code stands for (or ``lead`` for :data:`LEAD`)."""
        return "lead" if label == LEAD else ALL_CALLS[label].text

    def describe(self, key: int) -> str:
        """A line such as ``E to call after 1H by N (doubled), 1 pass; phase auction``."""
        core, phase, seats, mem = self.unpack(key)
        turn, last_bid, bidder, doubled, passes = rules.unpack(core)
        if last_bid == rules.NO_BID:
            where = "no bid yet"
        else:
            where = f"last bid {ALL_CALLS[last_bid]} by {Seat(bidder).name}" + (
                ("", " doubled", " redoubled")[doubled])
        text = f"{Seat(turn).name} to call, {where}, {passes} pass{'es' if passes != 1 else ''}; " \
               f"phase {self._phase_names[phase]}"
        odd = [f"{Seat(s).name} {self._seat_names[st]}" for s, st in enumerate(seats)
               if self._seat_names[st] != self.table.initial("seat")]
        if odd:
            text += "; " + ", ".join(odd)
        if self.track_declarer and mem:
            named = []
            for slot in range(10):
                who = (mem >> 2 * slot) & 3
                if who:
                    side, strain = divmod(slot, 5)
                    named.append(f"{_STRAINS[strain]}:{Seat(side + 2 * (who - 1)).name}")
            text += "; first named " + " ".join(named)
        return text

    def scenario(self, start: int, labels: Sequence[int]) -> dict[str, Any]:
        """The scenario dict: the dealer of ``start``, then each call by the seat in rotation.

        Scenario format version 1 has no opening-lead event yet, so a trailing lead is left out
        of the events and mentioned in the description.
        """
        dealer = start & 3
        calls = [c for c in labels if c != LEAD]
        events = [{"type": "call", "seat": Seat((dealer + i) % 4).name, "call": ALL_CALLS[c].text}
                  for i, c in enumerate(calls)]
        out: dict[str, Any] = {"format": SCENARIO_FORMAT, "version": SCENARIO_VERSION}
        if len(calls) != len(labels):
            out["description"] = "then the opening lead is faced (no scenario event for it yet)"
        out.update({"dealer": Seat(dealer).name, "vulnerability": "None", "events": events})
        return out

    def machine_states(self, key: int) -> tuple[str, ...]:
        """``phase:<state>`` and one ``seat:<state>`` per distinct seat state."""
        _, phase, seats, _ = self.unpack(key)
        seen = dict.fromkeys(f"seat:{self._seat_names[s]}" for s in seats)
        return (f"phase:{self._phase_names[phase]}", *seen)

    # --- one row of the successor relation ------------------------------------------------
    def _fire(self, machine: str, state: int, trigger: str, core: int, code: int) -> int | None:
        for guard, dest, _ in self._candidates[machine].get((state, trigger), ()):
            if guard is None or guard(core, code):
                return dest
        return None

    def _row(self, ctl: int) -> tuple[tuple[int, int, int, int], ...]:
        """Compute (and keep) the successors and faults of a control key (no memory bits)."""
        ctl &= self._ctl_mask
        core, phase, seats, _ = self.unpack(ctl)
        turn = core & 3
        seat_shift = _CORE_BITS + self._pw + turn * self._sw
        row: list[tuple[int, int, int, int]] = []
        faults: list[str] = []
        for code in range(38):
            if code < 35 and code >= self._limit:
                continue
            trigger = _TRIGGERS[code]
            nxt = rules.step_or_none(core, code)
            seat_dest = self._fire("seat", seats[turn], trigger, core, code)
            phase_dest = self._fire("phase", phase, trigger, core, code)
            if nxt is not None and seat_dest is not None and phase_dest is not None:
                nctl = (ctl & ~_CORE_MASK & ~(((1 << self._pw) - 1) << _CORE_BITS)
                        & ~(((1 << self._sw) - 1) << seat_shift))
                nctl |= nxt | phase_dest << _CORE_BITS | seat_dest << seat_shift
                shift, val = -1, 0
                if code < 35:
                    shift, val = 2 * ((turn & 1) * 5 + code % 5), (turn >> 1) + 1
                row.append((code, nctl, shift, val))
            elif nxt is not None:
                which = "seat" if seat_dest is None else "phase"
                state = (self._seat_names[seats[turn]] if seat_dest is None
                         else self._phase_names[phase])
                faults.append(f"the core allows {ALL_CALLS[code]} by {Seat(turn).name}, but no "
                              f"{trigger} transition of the {which} machine fires in {state!r}")
            elif seat_dest is not None and phase_dest is not None:
                faults.append(f"the table enables {ALL_CALLS[code]} by {Seat(turn).name}, "
                              f"which the core forbids (Law {rules.why_illegal(core, code).law})")
        for trigger in CLOSING_TRIGGERS:
            phase_dest = self._fire("phase", phase, trigger, core, LEAD)
            if phase_dest is not None:
                nctl = ctl & ~(((1 << self._pw) - 1) << _CORE_BITS) | phase_dest << _CORE_BITS
                row.append((LEAD, nctl, -1, 0))
        out = tuple(row)
        self._rows[ctl] = out
        self._faults[ctl] = tuple(faults)
        return out
