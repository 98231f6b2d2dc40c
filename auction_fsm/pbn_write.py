"""Writing boards and scenarios as PBN 2.1 games.

A board read from a file is written back with its tags (inheritance resolved), its auction
call by call with the ``^I``/``^S`` marks, notes, NAGs and commentary, and its other sections
verbatim.  A scenario is first replayed; the calls that stand in the legal auction are written
as PBN calls (an accepted insufficient bid gets ``^I``, the players skipped by an accepted call
out of rotation get ``^S``, §3.9), and every event PBN has no notation for — a cancelled or
withdrawn call, the director, a judgement, a choice, a change of call, exposed cards, the
opening lead — goes into a ``{auction-fsm: ...}`` comment at the place it happened (the words
are those of :mod:`auction_fsm.event_text`).  Our reader turns the comments back into the same
events, so a scenario written and read again has exactly the same events.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Final

from .boards import Board, Play, WrittenCall
from .calls import Call
from .errors import AuctionFsmError
from .event_text import (
    ALERT,
    CHANGE_NEXT,
    KEPT_AUCTION,
    KEPT_PLAY,
    LIN,
    MARK,
    SHOWS,
    UNALERTED,
    event_to_words,
    is_ours,
    json_comment,
    lin_comment,
    scenario_comment,
)
from .events import CallEvent, ChangeCall, Event
from .lawbook import LAWS_2017, book_named
from .play_layout import auction_contract, is_card, padded_play_text, play_frame, play_tokens
from .scenario import Scenario
from .seats import Seat
from .simulator import Simulator

__all__ = ["board_from_scenario", "write_board", "write_boards", "MANDATORY_TAGS"]

MANDATORY_TAGS: Final = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                         "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
_NEXT: Final = (Seat.E, Seat.S, Seat.W, Seat.N)


def _quote(value: str) -> str:
    if "\n" in value or "\r" in value:
        value = " ".join(value.splitlines())  # a tag value is one line (§3.4)
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _tag_safe(value: str) -> str:
    """A value a PBN tag can hold: no line break (written as a space) and no leading ``#``,
    which would read as inheritance (§4.8); the exact text is kept in our commentary."""
    value = " ".join(value.splitlines()) if ("\n" in value or "\r" in value) else value
    return " " + value if value.startswith("#") else value


def board_from_scenario(scenario: Scenario) -> Board:
    """The board a scenario gives: replay it (under the law book it names), then lay its events
    out as PBN can hold them; a book other than the default is kept in a ``LawBook`` tag."""
    book = book_named(scenario.law_book) if scenario.law_book is not None else LAWS_2017
    sim = Simulator(scenario.dealer, scenario.vulnerability, check=True, book=book)
    added: list[range] = []
    for event in scenario.events:
        before = len(sim.state.record)
        try:
            sim.apply(event)
        except AuctionFsmError:
            break
        added.append(range(before, len(sim.state.record)))
    record = sim.state.record
    board = Board(source=scenario.source, index=1, fmt="scenario")
    board.dealer = scenario.dealer
    board.vulnerability = scenario.vulnerability
    board.auction_seat = scenario.dealer
    state = sim.state
    contract = state.contract
    declarer = "" if state.is_passed_out else ("?" if contract is None else contract.declarer.name)
    actual = state.actual_declarer
    if contract is not None and actual is not None and actual != contract.declarer:
        declarer = f"^{actual.name}"
    tags = {name: "" for name in MANDATORY_TAGS}
    tags.update({"Event": _tag_safe(scenario.title or ""), "Board": "1", "Dealer": scenario.dealer.name,
                 "Vulnerable": scenario.vulnerability, "Declarer": declarer,
                 "Contract": "Pass" if state.is_passed_out else ("?" if contract is None else contract.text)})
    if scenario.description:
        tags["Description"] = _tag_safe(scenario.description)
    board.commentary = (scenario_comment(scenario.title, scenario.description),)
    if scenario.law_book is not None and scenario.law_book != LAWS_2017.name:
        tags["LawBook"] = scenario.law_book
    tags["Auction"] = scenario.dealer.name
    board.tags = tags
    pending: list[Event] = []
    expected = scenario.dealer
    last: WrittenCall | None = None
    leading: list[Event] = []

    def flush() -> None:
        nonlocal pending
        if not pending:
            return
        if last is None:
            leading.extend(pending)
        else:
            last.after = (*last.after, *pending)
        pending = []

    for n, event in enumerate(scenario.events):
        visible = False
        if n < len(added) and isinstance(event, CallEvent | ChangeCall) and len(added[n]) == 1:
            rec = record[added[n][0]]
            visible = rec.stands and rec.seat == event.seat and rec.call == event.call
        if not visible:
            pending.append(event)
            continue
        rec = record[added[n][0]]
        if isinstance(event, ChangeCall):
            flush()
        flush()
        wc = WrittenCall(rec.seat, rec.call, marked_insufficient=rec.irregularity == "insufficient_bid",
                         skipped=(rec.seat - expected) % 4)
        if isinstance(event, ChangeCall):
            wc.change_ground = event.ground
        elif isinstance(event, CallEvent):
            wc.specifies = event.specifies
        board.calls.append(wc)
        last = wc
        expected = _NEXT[rec.seat]
    flush()
    board.leading_events = tuple(leading)
    if not state.is_over:
        board.auction_end = "*"
    return board


def _alert_notes(board: Board) -> dict[int, int]:
    """A PBN note for each alerted or explained call that has none yet (a LIN ``!`` or ``an|``,
    a robot's ``*``): call position -> note number, numbered after the board's own notes.
    Other programs read an alert as a note (§3.5.4); an empty text is an alert without words."""
    out: dict[int, int] = {}
    number = max((n for n in board.notes if n > 0), default=0)
    for i, wc in enumerate(board.calls):
        if wc.note is None and (wc.alert or wc.explanation is not None):
            number += 1
            out[i] = number
    return out


def _cells(board: Board, alert_notes: dict[int, int]) -> list[str]:
    """The auction's cells, one per turn: ``-`` before the dealer, ``^S`` for a skipped
    player, and each call with its marks, annotations and commentary."""
    cells = ["-"] * board.dashes
    for i, wc in enumerate(board.calls):
        cells.extend(["^S"] * wc.skipped)
        parts = []
        if wc.change_ground is not None:
            parts.append(f"{{{MARK} {CHANGE_NEXT} {wc.change_ground}}}")
        parts.append(("^I " if wc.marked_insufficient else "") + _call_text(wc.call))
        if wc.note is not None:
            parts.append(f"={wc.note}=")
        elif i in alert_notes:
            parts.append(f"={alert_notes[i]}=")
        parts.extend(f"${n}" for n in wc.nags)
        if wc.alert and wc.note is not None:
            parts.append(f"{{{MARK} {ALERT}}}")
        if wc.specifies is not None:
            parts.append(f"{{{MARK} {SHOWS} {' '.join(d.name for d in wc.specifies) or 'none'}}}")
        parts.extend(wc.comments)
        if wc.after:
            parts.append(_our_comment(wc.after))
        cells.append(" ".join(parts))
    return cells


def _call_text(call: Call) -> str:
    return "Pass" if call.is_pass else call.text


def _our_comment(events: Sequence[Event]) -> str:
    return "{" + MARK + " " + "; ".join(event_to_words(e) for e in events) + "}"


def _ends_in_line_comment(cell: str) -> bool:
    """True when the cell ends with a ``;`` comment, which runs to the end of the line."""
    tail = cell.rsplit("}", 1)[-1]
    return ";" in tail


def _auction_lines(board: Board, alert_notes: dict[int, int]) -> list[str]:
    lines: list[str] = list(board.leading_comments)
    if board.leading_events:
        lines.append(_our_comment(board.leading_events))
    row: list[str] = []
    for cell in _cells(board, alert_notes):
        row.append(cell)
        if len(row) == 4 or _ends_in_line_comment(cell):
            lines.append(" ".join(row))
            row = []
    if board.auction_end and board.auction_end != "placeholder":
        row.append(board.auction_end)
    if board.auction_rest:
        row.append(board.auction_rest)
    if row:
        lines.append(" ".join(row))
    return lines


def _unalerted_notes(board: Board, alert_notes: dict[int, int]) -> set[int]:
    """The notes that explain a call made without an alert (LIN ``an|`` on a call without
    ``!``): each gets ``{auction-fsm: unalerted}`` after its Note tag, outside the auction
    section, where other readers look for calls only."""
    out: set[int] = set()
    for i, wc in enumerate(board.calls):
        if wc.note is not None:
            if wc.unalerted:
                out.add(wc.note)
        elif i in alert_notes and not wc.alert:
            out.add(alert_notes[i])
    return out


def _tags_for_play(board: Board) -> dict[str, str]:
    """The board's tags, with the Contract and Declarer its auction gives when the file has a
    play section and leaves them out: a reader needs the contract to follow the play (§3.6), and
    an auction that ends decides it (a LIN board is written so already)."""
    tags = board.tags
    if board.play is None or ("Contract" in tags and "Declarer" in tags):
        return tags
    contract, declarer, _ = auction_contract(board)
    if not contract:
        return tags
    tags = dict(tags)
    tags.setdefault("Contract", contract)
    tags.setdefault("Declarer", "" if declarer is None else declarer.name)
    return tags


def _play_lines(board: Board, tags: dict[str, str], play: Play) -> list[str]:
    """The Play tag and its section: rows of one to three cards filled up with ``-`` (§3.6), and
    an empty Play tag given the opening leader when the contract names one, or left out when
    there is none (a passed-out board): a Play tag with no seat and no card says nothing, and
    other readers refuse it."""
    seat = tags.get("Play", "")
    if not seat.strip() and not play.text:
        frame = play_frame(board)
        if frame is None and not board.play_notes:
            return []
        seat = frame[0].name if frame is not None else seat
    out = [f"[Play {_quote(seat)}]"]
    if play.text:
        out.append(padded_play_text(play.text))
    out.extend(f"[Note {_quote(v)}]" for v in board.play_notes)
    return out


def _plain_auction_lines(board: Board, alert_notes: dict[int, int]) -> list[str]:
    """The auction as plain readers take it: the written calls in order, four a line from the
    dealer, each with its note reference; no comment, NAG, §3.9 mark or leading ``-``.  An
    auction that stops early ends with ``*``."""
    cells = []
    for i, wc in enumerate(board.calls):
        note = wc.note if wc.note is not None else alert_notes.get(i)
        cells.append(_call_text(wc.call) + ("" if note is None else f" ={note}="))
    if board.auction_end:
        cells.append("*" if board.auction_end == "placeholder" else board.auction_end)
    return [" ".join(cells[i:i + 4]) for i in range(0, len(cells), 4)]


def _plain_play_text(play: Play) -> str:
    """The play as plain readers take it: cards and ``-`` (for a card not known, or a token that
    is no card) only, four a line, then ``*`` if the
    section ends so; marks (``^R``, ``^L``), annotations, comments and a ``+`` (play to be
    continued, which endplay takes for a card) left out."""
    cards: list[str] = []
    end = ""
    for token in play_tokens(play):
        if token in ("*", "+"):
            end = "*" if token == "*" else end
        elif token[0] not in "^=$!?":  # a card, or "-"; what is neither is a card not known
            cards.append(token.upper() if is_card(token.upper()) else "-")
    rows = [cards[i:i + 4] + ["-"] * (4 - len(cards[i:i + 4])) for i in range(0, len(cards), 4)]
    return "\n".join([" ".join(r) for r in rows] + ([end] if end else []))


def write_board(board: Board, *, plain: bool = False) -> str:
    """One board as a PBN game (lines joined by newlines, without a blank line at the end).

    ``plain`` writes the auction and play sections for readers that take calls, note
    references and cards only (endplay 0.5.12 stops at anything else): the auction as the
    calls in order from the dealer (:func:`_plain_auction_lines`), the play as cards.  What that
    leaves out — §3.9 marks, comments, NAGs, our events, leading ``-`` — is kept whole in a
    ``{auction-fsm: auction [...]}`` (and ``play``) comment before the tags, which our reader
    reads instead of the section; a board that loses nothing gets no such comment."""
    if (board.dashes and board.dealer is not None and board.auction_seat is not None
            and (board.auction_seat + board.dashes) % 4 == board.dealer):
        # Export format: the auction starts with the dealer's call, under an Auction tag naming
        # the dealer (§3.5); the "-" of the seats before the dealer are import format only.
        board = replace(board, dashes=0, auction_seat=board.dealer,
                        tags={**board.tags, "Auction": board.dealer.name})
    out: list[str] = [c for c in board.commentary
                      if not (is_ours(c, LIN) or is_ours(c, KEPT_AUCTION) or is_ours(c, KEPT_PLAY))]
    if board.lin_extra:
        out.append(lin_comment(board.lin_extra))
    tags = _tags_for_play(board)
    alert_notes = _alert_notes(board)
    auction_lines = _auction_lines(board, alert_notes) if board.has_auction else []
    if plain and board.has_auction:
        assert board.auction_seat is not None
        seat = tags.get("Auction", board.auction_seat.name)
        plain_lines = _plain_auction_lines(board, alert_notes)
        if plain_lines != auction_lines or (board.dealer is not None and seat != board.dealer.name):
            out.append(json_comment(KEPT_AUCTION, [seat, "\n".join(auction_lines)]))
            tags = {**tags, "Auction": board.dealer.name if board.dealer is not None else seat}
            auction_lines = plain_lines
    play = board.play
    if plain and play is not None and play.text:
        text = _plain_play_text(play)
        if text != play.text:
            out.append(json_comment(KEPT_PLAY, play.text))
            play = Play(play.seat, text)
    order: list[str] = [t for t in MANDATORY_TAGS if t in tags]
    order += [t for t in tags if t not in MANDATORY_TAGS and t not in ("Auction", "Play")]
    sections = board.sections
    for name in order:
        out.append(f"[{name} {_quote(tags[name])}]")
        if name in sections:
            out.append(sections[name])
    if board.has_auction:
        assert board.auction_seat is not None
        written = tags.get("Auction", board.auction_seat.name)
        out.append(f"[Auction {_quote(written)}]")
        unalerted = _unalerted_notes(board, alert_notes)
        out.extend(auction_lines)
        # A note kept as written (not "<number>:<text>") has a negative key; 0 is a number.
        for number, text in board.notes.items():
            out.append(f"[Note {_quote(text if number < 0 else f'{number}:{text}')}]")
            if number in unalerted:
                out.append(f"{{{MARK} {UNALERTED}}}")
        for i, number in alert_notes.items():
            words = board.calls[i].explanation or ""
            out.append(f"[Note {_quote(f'{number}:{words}')}]")
            if number in unalerted:
                out.append(f"{{{MARK} {UNALERTED}}}")
    elif "Auction" in tags:
        out.append(f"[Auction {_quote(tags['Auction'])}]")
    if play is not None:
        out.extend(_play_lines(board, tags, play))
    return "\n".join(out)


def write_boards(items: Iterable[Board | Scenario], *, plain: bool = False) -> str:
    """Boards and scenarios as one PBN file: a ``% PBN 2.1`` line, then the games separated
    by empty lines (§3), each line ending in CRLF as the export format asks (§2.3); ``plain``
    as for :func:`write_board`."""
    games = [write_board(item if isinstance(item, Board) else board_from_scenario(item), plain=plain)
             for item in items]
    text = "% PBN 2.1\n% auction-fsm\n" + "\n\n".join(games) + "\n"
    return text.replace("\n", "\r\n")
