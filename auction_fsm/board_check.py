"""The per-board check: replay a board's auction through the model and compare with its tags.

For every board read from a file, :func:`check_board` says

- the **verdict**: ``legal`` (every call legal, in rotation), ``irregular`` (the model ruled on
  at least one irregularity and the auction reached its end), ``incomplete`` (the file stops
  before the auction ends, or a procedure still waits for a decision), ``illegal`` (the model
  refuses an event: it fits nothing in the position reached), ``unreadable`` (the board could
  not be read) or ``no auction`` (a deal only, or an Auction tag with no call, no event and no
  end mark under it);
- what the model ruled: each irregular call with its law, and the rulings;
- the **contract and declarer** the auction gives, compared with the file's Contract and
  Declarer tags: ``agree``, ``mismatch`` (with the reason, and an explanation when one of a
  few well-known writing slips accounts for it), or ``not compared`` (no tags, or nothing to
  compare with).

How an auction is replayed: a board whose written calls are all legal, in rotation, and end
the auction (the great majority of real boards) is checked on the compact integer keys of
:mod:`auction_fsm.rules` alone, one table look-up per call, and its contract and declarer are
read from the final key and the calls; no state object is built.  A legal auction that stops
early is replayed by the pure core's strict path (:meth:`AuctionState.call`).  Every other
board — anything irregular, or any non-call event — is replayed by the full
:class:`~auction_fsm.simulator.Simulator`, which drives the state machines and checks them
against the core after every event; so does every board when ``machines=True``.  The tests
hold the integer-key path to the engine's verdict, contract and declarer on every board of
the corpus and on generated auctions.  A disagreement between machines and core is a bug of
this package and is raised, never reported as a problem of the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from json.encoder import encode_basestring as _str  # JSON's own string writer (in C)
from typing import Any, Final, Literal

from . import rules
from .auction import AuctionState
from .boards import Board
from .calls import ALL_CALLS, PASS_CODE, parse_call
from .errors import AuctionFsmError, MachineDisagreementError, TableDefinitionError, error_kind
from .events import CallEvent, Event
from .lawbook import LAWS_2017, LawBook, book_named
from .seats import Seat
from .simulator import Simulator

__all__ = ["Verdict", "BoardReport", "Checker", "check_board", "VERDICTS"]

Verdict = Literal["legal", "irregular", "incomplete", "illegal", "unreadable", "no auction"]
VERDICTS: Final[tuple[Verdict, ...]] = ("legal", "irregular", "incomplete", "illegal", "unreadable", "no auction")
TagAgreement = Literal["agree", "mismatch", "not compared"]
_ENDED: Final = frozenset({"clarification", "opening_lead", "play", "passed_out", "hands_returned"})
_SEATS: Final = tuple(Seat)


@dataclass(slots=True)
class BoardReport:
    """What :func:`check_board` found about one board (see the module documentation)."""

    board: Board
    verdict: Verdict
    contract: str | None = None  # "4H", "3NTX", "Pass" for a passed-out board
    declarer: Seat | None = None
    phase: str | None = None
    irregularities: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    tags: TagAgreement = "not compared"
    mismatch: str | None = None
    explanation: str | None = None
    error: AuctionFsmError | None = None
    failed_event: int | None = None
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line: ``<where>: <verdict>[: details]; <contract>; tags ...``."""
        b = self.board
        head = f"{b.where()}: {self.verdict}"
        if self.verdict == "unreadable":
            assert self.error is not None
            return f"{head}: {error_kind(self.error)}: {_without_place(str(self.error), b)}"
        parts = [head]
        if self.verdict == "illegal" and self.error is not None:
            parts[0] += f": event {self.failed_event}: {_without_place(str(self.error), b)}"
        if self.irregularities:
            parts.append("; ".join(self.irregularities))
        if self.contract is not None:
            parts.append(self.contract if self.contract == "Pass" else
                         f"{self.contract} by {self.declarer.name if self.declarer is not None else '?'}")
        if self.tags == "agree":
            parts.append("tags agree")
        elif self.tags == "mismatch":
            parts.append(f"tags disagree: {self.mismatch}" + (f" ({self.explanation})" if self.explanation else ""))
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data (``check --json``)."""
        b = self.board
        return {
            "source": b.source,
            "game": b.index,
            "board": b.number,
            "line": b.line if b.locator is not None else None,
            "verdict": self.verdict,
            "dealer": None if b.dealer is None else b.dealer.name,
            "vulnerability": b.vulnerability,
            "calls": [wc.call.text for wc in b.calls],
            "contract": self.contract,
            "declarer": None if self.declarer is None else self.declarer.name,
            "phase": self.phase,
            "irregularities": self.irregularities,
            "rulings": self.rulings,
            "tags": self.tags,
            "contract_tag": b.tags.get("Contract"),
            "declarer_tag": b.tags.get("Declarer"),
            "mismatch": self.mismatch,
            "explanation": self.explanation,
            "error": None if self.error is None else {
                "kind": error_kind(self.error), "message": str(self.error),
                "event": self.failed_event, "law": getattr(self.error, "law", None)},
            "notes": self.notes + b.warnings,
        }

    def json_line(self) -> str:
        """The report as one line of JSON: the text ``json.dumps(self.to_json(),
        ensure_ascii=False)`` gives, written directly.

        ``check --json`` writes one such line per board; building the dictionary and encoding
        it cost about as much as reading and checking the board, and most of its values are
        known words, numbers or null.  Strings from the file go through the JSON encoder's own
        string function; a report with an error takes the general route.
        """
        if self.error is not None:
            return json.dumps(self.to_json(), ensure_ascii=False)
        b = self.board
        get = b.tags.get
        texts = [wc.call.text for wc in b.calls]  # letters and digits: quoted as they are
        calls = '"' + '", "'.join(texts) + '"' if texts else ""
        number, contract_tag, declarer_tag = b.number, get("Contract"), get("Declarer")
        vulnerability, contract, phase = b.vulnerability, self.contract, self.phase
        mismatch, explanation = self.mismatch, self.explanation
        notes = self.notes + b.warnings
        return (f'{{"source": {_str(b.source)}, "game": {b.index}, '
                f'"board": {"null" if number is None else _str(number)}, '
                f'"line": {"null" if b.locator is None else b.line}, "verdict": "{self.verdict}", '
                f'"dealer": {_SEAT_JSON.get(b.dealer, "null")}, '
                f'"vulnerability": {"null" if vulnerability is None else _str(vulnerability)}, '
                f'"calls": [{calls}], "contract": {"null" if contract is None else _str(contract)}, '
                f'"declarer": {_SEAT_JSON.get(self.declarer, "null")}, '
                f'"phase": {"null" if phase is None else _str(phase)}, '
                f'"irregularities": {_strs(self.irregularities) if self.irregularities else "[]"}, '
                f'"rulings": {_strs(self.rulings) if self.rulings else "[]"}, "tags": "{self.tags}", '
                f'"contract_tag": {"null" if contract_tag is None else _str(contract_tag)}, '
                f'"declarer_tag": {"null" if declarer_tag is None else _str(declarer_tag)}, '
                f'"mismatch": {"null" if mismatch is None else _str(mismatch)}, '
                f'"explanation": {"null" if explanation is None else _str(explanation)}, '
                f'"error": null, "notes": {_strs(notes) if notes else "[]"}}}')


_SEAT_JSON: Final[dict[Seat | None, str]] = {s: f'"{s.name}"' for s in Seat}


def _strs(texts: list[str]) -> str:
    """A list of strings, as JSON."""
    return f"[{', '.join([_str(t) for t in texts])}]"


def _without_place(message: str, board: Board) -> str:
    """A message without the board's own place at its front (the line already starts with it)."""
    head = f"{board.source}, "
    if message.startswith(head):
        rest = message[len(head):]
        cut = rest.find(": ")
        if cut >= 0 and rest.startswith("board "):
            return rest[cut + 2:] if "line" not in rest[:cut] else rest[rest.find("line"):]
    return message


class Checker:
    """Checks boards one after another, reusing one simulator."""

    def __init__(self, *, machines: bool = False, book: LawBook | None = None) -> None:
        self.machines = machines
        self.book = book  # None: each board's own book (a LawBook tag), else 2017
        self._simulator: Simulator | None = None

    # --- replay ---------------------------------------------------------------------------
    @staticmethod
    def _strict(dealer: Seat, events: list[Event]) -> AuctionState | None:
        """The position after a legal auction in rotation, or ``None`` if it is not one."""
        state = AuctionState.start(dealer)
        for event in events:
            if type(event) is not CallEvent:
                return None
            try:
                state = state.call(event.seat, event.call)
            except AuctionFsmError:
                return None
        return state

    def _full(self, board: Board, dealer: Seat, events: list[Event]
              ) -> tuple[Simulator, AuctionFsmError | None, int | None]:
        sim = self._simulator
        vul = board.vulnerability or "None"
        named = board.tags.get("LawBook")
        book = self.book or (book_named(named) if named else LAWS_2017)
        if sim is None or sim.book is not book:
            sim = self._simulator = Simulator(dealer, vul, check=True, book=book, keep_steps=1)  # F17
        else:
            sim.reset(dealer, vul)
        for n, event in enumerate(events, 1):
            try:
                sim.apply(event)
            except (MachineDisagreementError, TableDefinitionError):
                raise  # a bug of this package, never the file's fault
            except AuctionFsmError as err:
                return sim, err, n
        return sim, None, None

    def check(self, board: Board) -> BoardReport:
        """The report on one board."""
        if board.error is not None:
            return BoardReport(board, "unreadable", error=board.error)
        if not board.has_auction or not (board.calls or board.leading_events or board.auction_end):
            # An Auction tag with no call under it says no more than a deal alone, and LIN (an md
            # with no mb) cannot tell the two apart: the same board gets the same word in both.
            return BoardReport(board, "no auction")
        dealer = board.dealer
        assert dealer is not None  # the reader sets a dealer whenever there is an auction
        if not self.machines:
            plain = _plain_auction(board, dealer)
            if plain is not None:
                return _plain_report(board, plain)
        events = list(board.events())
        state = None if self.machines else self._strict(dealer, events)
        error: AuctionFsmError | None = None
        failed: int | None = None
        if state is None:
            sim, error, failed = self._full(board, dealer, events)
            state = sim.state
        report = BoardReport(board, "legal", phase=state.phase)
        _describe(report, state)
        if error is not None:
            report.verdict = "illegal"
            report.error = error
            report.failed_event = failed
        elif state.phase not in _ENDED:
            report.verdict = "incomplete"
            if board.auction_end == "placeholder":
                report.notes.append("the auction has a blank to fill in (an exercise); replayed up to it")
        elif report.irregularities or any(r.law != "17D2, 22B" for r in state.rulings):  # returning the hands is no irregularity
            report.verdict = "irregular"
        _marks(report, state)
        if report.verdict in ("legal", "irregular"):
            _compare_tags(report)
        return report


def _plain_auction(board: Board, dealer: int) -> int | None:
    """The final key of the board's auction when it is plain — every written call legal, in
    rotation, with nothing else recorded (no ``^I``/``^S``, no events of our commentary, no
    change of call) — and reaches the end of the auction; ``None`` otherwise (the board then
    takes the general path).  One look-up in :func:`rules.row` per call.
    """
    if board.leading_events:
        return None
    key = rules.initial_key(dealer)
    rows = _ROWS
    for wc in board.calls:
        code = wc.call.code
        if (wc.seat != key & 3 or code >= 38 or wc.after or wc.marked_insufficient
                or wc.change_ground is not None):
            return None
        successors = rows.get(key)
        if successors is None:
            successors = rows[key] = rules.row(key)
        key = successors[code]
        if key < 0:
            return None
    return key if rules.is_final(key) else None


_ROWS: dict[int, tuple[int, ...]] = {}  # rules.row, looked up without a call (at most a few thousand keys)


def _contract_of(key: int, calls: list[tuple[int, int]]) -> tuple[str, Seat | None]:
    """The contract text and declarer a final key gives, ``("Pass", None)`` when passed out.

    Declarer is the first player of the declaring side to name the final strain (Definitions);
    ``calls`` are the auction's ``(seat, code)`` pairs.  The same rule as
    :attr:`AuctionState.contract` (both use :func:`rules.declarer_of`).
    """
    if rules.is_passed_out(key):
        return "Pass", None
    _, last_bid, _, doubled, _ = rules.unpack(key)
    declarer = rules.declarer_of(key, calls)
    assert declarer is not None, "a final key of a bid auction has a declarer"
    return ALL_CALLS[last_bid].text + "X" * doubled, _SEATS[declarer]


def _plain_report(board: Board, key: int) -> BoardReport:
    """The report on a plain legal auction (see :func:`_plain_auction`): what the general path
    gives for it, without replaying it."""
    contract, declarer = _contract_of(key, [(wc.seat, wc.call.code) for wc in board.calls])
    report = BoardReport(board, "legal", contract=contract, declarer=declarer,
                         phase="passed_out" if declarer is None else "clarification")
    _compare_tags(report)
    return report


_checker: Checker | None = None


def check_board(board: Board, *, machines: bool = False) -> BoardReport:
    """Check one board with a shared :class:`Checker` (see the module documentation)."""
    global _checker
    if machines:
        return Checker(machines=True).check(board)
    if _checker is None:
        _checker = Checker()
    return _checker.check(board)


# --- what the model said --------------------------------------------------------------------
def _describe(report: BoardReport, state: AuctionState) -> None:
    contract = state.contract
    if state.is_passed_out:
        report.contract = "Pass"
    elif contract is not None:
        report.contract = contract.text
        report.declarer = contract.declarer
    for r in state.record:
        if r.irregularity is not None:
            word = r.irregularity.replace("_", " ")
            turn = "" if r.in_turn_of == r.seat else f" in {r.in_turn_of.long_name}'s turn"
            report.irregularities.append(
                f"{r.seat.long_name}'s {r.call.text}{turn}: {word} (Law {r.law}), {r.status}")
    report.rulings = [f"{ru.law}: {ru.summary}" for ru in state.rulings]


def _marks(report: BoardReport, state: AuctionState) -> None:
    """Compare the file's ^I marks with what the model found insufficient (§3.9)."""
    board = report.board
    marked = [wc for wc in board.calls if wc.marked_insufficient]
    # an insufficient bid, or a call out of rotation accepted where it is insufficient (29A, 27A1)
    ruled = {(r.seat, r.call) for r in state.record
             if r.irregularity == "insufficient_bid" or "27A1" in (r.law or "").split(", ")}
    for wc in marked:
        if (wc.seat, wc.call) not in ruled and report.verdict != "illegal":
            report.notes.append(f"{wc.seat.long_name}'s {wc.call.text} is marked ^I but the model "
                                "does not find it insufficient")
    marked_keys = {(wc.seat, wc.call) for wc in marked}
    for key in sorted(ruled - marked_keys, key=lambda k: (k[0], k[1].code)):  # Calls have no order
        if board.fmt == "pbn":
            report.notes.append(f"{key[0].long_name}'s {key[1].text} is insufficient but not marked ^I (§3.9)")


# --- the tags -------------------------------------------------------------------------------
def _contract_tag(text: str) -> tuple[str, bool] | None:
    """A Contract tag value in our spelling (``4H``, ``3NTX``, ``Pass``) and whether it is
    known; ``None`` when it cannot be read.  Remembered: files spell few contracts."""
    try:
        return _CONTRACT_TAGS[text]
    except KeyError:
        pass
    got = _read_contract_tag(text)
    if len(_CONTRACT_TAGS) < 4096:
        _CONTRACT_TAGS[text] = got
    return got


_CONTRACT_TAGS: dict[str, tuple[str, bool] | None] = {}


def _read_contract_tag(text: str) -> tuple[str, bool] | None:
    t = text.strip().upper().replace(" ", "")
    if t in ("", "?"):
        return ("", False)
    if t == "PASS" or t == "P":
        return ("Pass", True)
    doubled = len(t) - len(t.rstrip("X"))
    body = t.rstrip("X")
    try:
        call = parse_call(body)
    except AuctionFsmError:
        return None
    if not call.is_bid or doubled > 2 or call.level > 7:
        return None
    return (call.text + "X" * doubled, True)


def _compare_tags(report: BoardReport) -> None:
    board = report.board
    contract_tag = board.tags.get("Contract")
    declarer_tag = board.tags.get("Declarer")
    want_contract = None if contract_tag is None else _contract_tag(contract_tag)
    if contract_tag is not None and want_contract is None:
        report.notes.append(f"Contract tag {contract_tag!r} cannot be read (§3.4.14)")
    dec = (declarer_tag or "").strip().upper()
    swapped = dec.startswith("^")
    dec_seat = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}.get(dec.lstrip("^"))
    if dec not in ("", "?") and dec_seat is None:
        report.notes.append(f"Declarer tag {declarer_tag!r} cannot be read (§3.4.13)")
    has_contract = want_contract is not None and want_contract[1]
    if not has_contract and dec_seat is None:
        return
    got_contract = report.contract
    # With ^X the tag names who actually played the hand: declarer's partner (§3.4.13).
    want_declarer = None if dec_seat is None else (dec_seat.partner if swapped else dec_seat)
    problems = []
    if has_contract and want_contract is not None and want_contract[0] != got_contract:
        problems.append(f"Contract tag {contract_tag!r}, auction {got_contract}")
    if want_declarer is not None and got_contract != "Pass" and want_declarer != report.declarer:
        said = f"{declarer_tag!r}" + (f" (so declarer {want_declarer.name})" if swapped else "")
        problems.append(f"Declarer tag {said}, auction {report.declarer.name if report.declarer is not None else 'none'}")
    if swapped and not problems:
        report.notes.append(f"the Declarer tag {declarer_tag!r} says {dec_seat.long_name if dec_seat is not None else '?'} "
                            "played the hand for declarer (dummy and declarer swapped, §3.4.13)")
    if not problems:
        report.tags = "agree"
        return
    report.tags = "mismatch"
    report.mismatch = "; ".join(problems)
    report.explanation = _explain(board, want_contract[0] if has_contract and want_contract else None,
                                  want_declarer)


def _explain(board: Board, contract: str | None, declarer: Seat | None) -> str | None:
    """A known writing slip that accounts for a mismatch, if one does; the verdict stands.

    Tried: the dealer's leading passes left out (the auction read as starting one, two or
    three seats after the dealer).
    """
    dealer = board.dealer
    if dealer is None or not board.calls:
        return None
    codes = [wc.call.code for wc in board.calls]
    for k in (1, 2, 3):
        calls = [(int((dealer + i) % 4), code) for i, code in enumerate([PASS_CODE] * k + codes)]
        key = _legal_key(dealer, calls)
        if key is not None and rules.is_final(key) and _matches(key, calls, contract, declarer):
            return (f"the tags fit the same calls after {k} leading pass{'es' if k > 1 else ''}: "
                    "the file seems to leave out the passes before the opening bid")
    return None


def _legal_key(dealer: int, calls: list[tuple[int, int]]) -> int | None:
    """The key after ``calls`` made in rotation from ``dealer``'s turn, ``None`` if one is illegal."""
    key = rules.initial_key(dealer)
    for _seat, code in calls:
        key = -1 if code >= 38 else rules.row(key)[code]
        if key < 0:
            return None
    return key


def _matches(key: int, calls: list[tuple[int, int]], contract: str | None, declarer: Seat | None) -> bool:
    got, got_declarer = _contract_of(key, calls)
    if contract is not None and contract != got:
        return False
    return declarer is None or got_declarer == declarer
