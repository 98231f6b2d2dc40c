"""One board as a PBN or LIN file gives it, independent of the file format.

A :class:`Board` keeps what the file says — tags, the deal, the auction call by call with the
seat each call is written under and its annotations, the play as written — and the *events*
the auction stands for, ready to be replayed by the model (``auction_fsm.board_check``) or
turned into a scenario (:meth:`Board.to_scenario`).  A board that could not be read still
exists: its :attr:`Board.error` says what is wrong and where, and the other boards of the
file are unaffected.

Positions in the file (line, column) are computed only when asked for, by a :class:`Locator`
shared by every board of a file, so reading a large file stays cheap.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Literal

from .auction import AuctionState
from .calls import Call, Strain, parse_call
from .deal import Deal
from .errors import AuctionFsmError, InternalError, ScenarioError
from .event_text import read_scenario_comment
from .events import CallEvent, ChangeCall, Event
from .records import Contract
from .scenario import Scenario
from .seats import Seat, parse_seat
from .vulnerability import Vulnerability, vulnerability_of

__all__ = ["Locator", "WrittenCall", "Play", "Board", "AuctionEnd", "vulnerability_of", "contract_of_tags"]

AuctionEnd = Literal["", "*", "+", "placeholder"]  # how the written auction stopped, if not by passes



class Locator:
    """Turns a character offset in a file's text into a line and column (both from 1).

    The table of line starts is built on the first question, so files whose boards are all
    fine never pay for it.
    """

    __slots__ = ("text", "_starts", "_at", "_line")

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts: list[int] | None = None
        self._at = 0  # a cursor: the line of offset ``_at`` is ``_line``
        self._line = 1

    def line_column(self, offset: int) -> tuple[int, int]:
        """The line and column of ``offset``.

        Questions usually come in file order (one per board), so the answer is found by
        counting line ends from the previous question on; going back builds the table of line
        starts once."""
        text = self.text
        if offset >= self._at:
            self._line += text.count("\n", self._at, offset)
            self._at = offset
            return self._line, offset - text.rfind("\n", 0, offset)
        if self._starts is None:
            # Each line's length plus its "\n", summed: the offsets where lines start.
            self._starts = list(accumulate((len(line) + 1 for line in self.text.split("\n")), initial=0))
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


@dataclass(slots=True)
class WrittenCall:
    """One call as the file writes it.

    ``seat`` is the seat the file's layout puts it under (the Auction tag's seat, moved on by
    one for each call, ``-`` and ``^S``).  ``skipped`` counts the ``^S`` tokens just before it
    (PBN 2.1 §3.9: those players lost their turn to a call out of rotation);
    ``marked_insufficient`` is an ``^I`` before it.  ``note`` is its ``=n=`` reference,
    ``nags`` its NAGs (suffixes ``!`` ``?`` ... stored as NAGs 1-6, §3.5.3), ``alert`` an alert
    mark (``*`` glued to the call in some PBN files, ``!`` in LIN), ``explanation`` LIN's
    ``an|`` text, ``comments`` the commentary after it, as written.  ``after`` holds the events
    our own ``{auction-fsm: ...}`` commentary records after it, and ``change_ground`` says the
    call was made as a change of call (25A/21B1) rather than in the ordinary way.  ``specifies``
    is what the call showed as the table explained it (a scenario's ``specifies``, kept in our
    commentary as ``shows H``); ``unalerted`` marks a LIN explanation (``an|``) of a call
    without an alert mark, which PBN writes as a note like an alerted call's.
    """

    seat: Seat
    call: Call
    offset: int = 0
    marked_insufficient: bool = False
    skipped: int = 0
    note: int | None = None
    nags: tuple[int, ...] = ()
    alert: bool = False
    explanation: str | None = None
    comments: tuple[str, ...] = ()
    after: tuple[Event, ...] = ()
    change_ground: Literal["slip", "misinformation"] | None = None
    from_all_pass: bool = False
    specifies: tuple[Strain, ...] | None = None
    unalerted: bool = False

    @property
    def event(self) -> Event:
        """The event this written call stands for."""
        if self.change_ground is not None:
            return ChangeCall(self.seat, self.call, self.change_ground)
        return CallEvent(self.seat, self.call, self.specifies)


@dataclass(frozen=True, slots=True)
class Play:
    """The play section as written: the first player and the text (cards, annotations,
    commentary), kept verbatim; :meth:`tokens` splits it on request."""

    seat: Seat | None
    text: str

    def tokens(self) -> list[str]:
        """The card tokens and marks (``^R``, ``^L``, ``-``, ``*`` ...) without commentary."""
        out: list[str] = []
        depth = False
        for line in self.text.split("\n"):
            for word in line.split():
                if depth:
                    depth = "}" not in word
                    continue
                if word.startswith(";"):
                    break
                if word.startswith("{"):
                    depth = "}" not in word
                    continue
                out.append(word)
        return out

    @property
    def opening_lead(self) -> str | None:
        """The first card token, or ``None`` when no card is given."""
        for tok in self.tokens():
            if tok.startswith("^"):
                continue
            return None if tok in ("-", "*", "+") else tok
        return None


@dataclass(slots=True)
class Board:
    """One game of a file.

    ``index`` counts games from 1 in the file, ``offset`` is where the game starts.  ``tags``
    holds every tag once, with ``#``/``##`` inheritance resolved (PBN 2.1 §4.8), in file order;
    ``notes`` the auction's ``[Note "n:text"]`` tags and ``play_notes`` the play's.
    ``auction_seat`` is the seat of the Auction tag and ``dashes`` the ``-`` tokens before the
    first call.  ``leading_events`` are events our commentary records before the first call.
    ``auction_end`` says how the written auction stopped if it stopped early; after a blank
    to fill in (an exercise: ``___``, or BridgeComposer's ``AC``) the rest of the section is
    kept verbatim in ``auction_rest`` and not replayed.
    ``sections`` keeps supplemental sections (tables) verbatim, by tag name.  ``lin_extra``
    keeps, in order, the LIN pairs no PBN tag holds (``st``, ``rh``, ``pg``, ``mc``, a movie's
    ``qx`` ...), so LIN -> PBN -> LIN gives them back (PBN keeps them in our commentary).
    """

    source: str
    index: int
    offset: int = 0
    locator: Locator | None = field(default=None, compare=False, repr=False)
    fmt: Literal["pbn", "lin", "scenario"] = "pbn"
    tags: dict[str, str] = field(default_factory=dict)
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | None = None
    auction_seat: Seat | None = None
    dashes: int = 0
    calls: list[WrittenCall] = field(default_factory=list)
    leading_events: tuple[Event, ...] = ()
    leading_comments: tuple[str, ...] = ()
    auction_end: AuctionEnd = ""
    auction_rest: str = ""
    notes: dict[int, str] = field(default_factory=dict)
    play: Play | None = None
    play_notes: list[str] = field(default_factory=list)
    sections: dict[str, str] = field(default_factory=dict)
    commentary: tuple[str, ...] = ()
    lin_extra: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    error: AuctionFsmError | None = None

    # --- what the file says ---------------------------------------------------------------
    @property
    def number(self) -> str | None:
        """The Board tag (LIN: the board number), as written; ``None`` when absent."""
        return self.tags.get("Board")

    @property
    def has_auction(self) -> bool:
        """True when the file gives an auction for this board (possibly empty)."""
        return self.auction_seat is not None

    @property
    def line(self) -> int:
        """The line on which the game starts."""
        return self.position(self.offset)[0]

    def position(self, offset: int) -> tuple[int, int]:
        """Line and column of a character offset in the file (``(0, 0)`` when unknown)."""
        return (0, 0) if self.locator is None else self.locator.line_column(offset)

    def where(self, offset: int | None = None) -> str:
        """``file.pbn, board 7 (game 7), line 12, column 5`` for messages (a scenario file is
        one board: just its name)."""
        if self.fmt == "scenario":
            return self.source
        label = f"board {self.number}" if self.number not in (None, "", "?") else "board ?"
        head = f"{self.source}, {label} (game {self.index})"
        if self.locator is None:
            return head
        line, col = self.position(self.offset if offset is None else offset)
        return f"{head}, line {line}" + ("" if offset is None else f", column {col}")

    def events(self) -> Iterator[Event]:
        """The events the auction stands for, in the order they happened."""
        yield from self.leading_events
        for wc in self.calls:
            yield wc.event
            yield from wc.after

    # --- what the model makes of it -------------------------------------------------------
    @property
    def auction(self) -> AuctionState | None:
        """The position the board's auction reaches, ruled by the law book the board names
        (its LawBook tag; else the 2017 Laws): :class:`~auction_fsm.auction.AuctionState`,
        with every call and its status (``.record``), the rulings, what is pending, and the
        contract.  ``None`` when the file gives no auction.

        Worked out on each access (keep it in a variable to ask it several things).  Raises
        the board's own error when the board could not be read, and the model's error, naming
        the board and the event, when an event fits nothing in the position reached
        (:func:`~auction_fsm.board_check.check_board` reports such a board as ``illegal``
        instead).
        """
        from .engine import apply_event  # the law book is loaded only when a board is replayed
        from .lawbook import LAWS_2017, book_named

        if self.error is not None:
            raise self.error
        if not self.has_auction or self.dealer is None:
            return None
        named = self.tags.get("LawBook")
        book = book_named(named) if named else LAWS_2017
        state = AuctionState.start(self.dealer, self.vulnerability or "None", book)
        for n, event in enumerate(self.events(), 1):
            try:
                state = apply_event(state, event)
            except InternalError:
                raise
            except AuctionFsmError as err:
                raise _located(err, f"{self.where()}, event {n} ({event.describe()})") from err
        return state

    @property
    def contract(self) -> Contract | None:
        """The board's contract, as :attr:`AuctionState.contract <auction_fsm.auction.AuctionState.contract>`
        gives it (level, strain, doubled, declarer).

        When the file gives an auction, the contract it reaches (``None`` while it is
        unfinished or when it was passed out; errors as :attr:`auction`); the file's Contract
        and Declarer tags are then only compared (``check_board``).  When the file gives no
        auction, those tags read together (``None`` when either is missing or unreadable, or
        the board was passed out); ``^S`` in the Declarer tag names the player who played the
        hand for declarer (PBN 2.1 §3.4.13), so North declares.
        """
        state = self.auction
        if state is not None:
            return state.contract
        return contract_of_tags(self.tags.get("Contract", ""), self.tags.get("Declarer", ""))

    # --- conversion -----------------------------------------------------------------------
    def title(self) -> str | None:
        """A title for the scenario: the Event tag, with the board number when there is one."""
        ours = read_scenario_comment(self.commentary) if self.commentary else None
        if ours is not None:
            return ours[0]  # a scenario written by us: its title exactly
        event = self.tags.get("Event", "").strip()
        number = (self.number or "").strip()
        if event in ("", "?", "#"):
            event = ""
        if number in ("", "?"):
            return event or None
        return f"{event}, board {number}" if event else f"board {number}"

    def to_scenario(self) -> Scenario:
        """This board as a scenario (dealer, vulnerability, events, title, description).

        Raises the board's own error if it could not be read, and :class:`ScenarioError` when
        the file gives no dealer at all.
        """
        if self.error is not None:
            raise self.error
        dealer = self.dealer
        if dealer is None:
            raise ScenarioError(f"{self.where()}: no Dealer tag and no auction: the board has no dealer")
        ours = read_scenario_comment(self.commentary) if self.commentary else None
        description = self.tags.get("Description") if ours is None else ours[1]
        return Scenario(dealer=dealer, events=tuple(self.events()),
                        vulnerability=self.vulnerability or "None", title=self.title(),
                        description=description or None, source=self.where(),
                        law_book=self.tags.get("LawBook") or None)


def contract_of_tags(contract: str, declarer: str) -> Contract | None:
    """The contract a file's Contract and Declarer tag values give (``4HX`` and ``S``); ``None``
    when either is missing or unreadable, or the contract is ``Pass``.  A Declarer tag
    ``^S`` says South played the hand for declarer: North declares (PBN 2.1 §3.4.13).

    >>> str(contract_of_tags("4HX", "S")), str(contract_of_tags("3NT", "^E")), contract_of_tags("Pass", "")
    ('4HX by S', '3NT by W', None)
    """
    text = contract.strip().upper().replace(" ", "")
    body = text.rstrip("X")
    doubled = len(text) - len(body)
    who = declarer.strip()
    try:
        call = parse_call(body)
        seat = parse_seat(who.removeprefix("^"))
    except AuctionFsmError:
        return None
    if not call.is_bid or call.level > 7 or doubled > 2 or call.strain is None:
        return None
    return Contract(call.level, call.strain, doubled, seat.partner if who.startswith("^") else seat)


def _located(err: AuctionFsmError, where: str) -> AuctionFsmError:
    """A copy of ``err`` (same class and attributes, such as ``law``) whose message starts with
    ``where``, so the caller learns both the kind of problem and the place."""
    cls = type(err)
    new = cls.__new__(cls, f"{where}: {err}")
    new.__dict__.update(err.__dict__)
    return new
