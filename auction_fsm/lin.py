"""LIN files (BridgeBase Online's hand records and movies) from Python: ``load``, ``loads``,
``dump``, ``dumps`` in the shape of :mod:`json`.

A LIN file is a run of ``key|value|`` pairs.  The ones that matter to an auction are ``md``
(the dealer as a digit, 1 South, 2 West, 3 North, 4 East, then the hands South, West, North,
East, each ``S...H...D...C...``; the last hand may be left out), ``sv`` (vulnerability: ``o``
or ``0`` none, ``n`` North-South, ``e`` East-West, ``b`` both), ``mb`` (one call; ``p``, ``d``,
``r``, ``1C``...; a trailing ``!`` is an alert), ``an`` (the explanation of the call before),
``pc`` (a card played), ``ah`` (the board's heading, ``Board 7``), ``qx`` (the board's place in a
movie, ``o7``/``c7``), ``pn`` (the players, South first).  A new board starts at ``qx`` or at an
``md`` when the current board already has one; other keys (``pg``, ``rh``, ``st``, ``mc``,
``sk``, ``nt`` ...) are kept out of the way.  LIN calls carry no seat: each is made by the
next seat in rotation from the dealer.

>>> b = loads("md|3SAKQHAKQDAKQCAKQJ,,,|sv|o|mb|2C!|an|strong|mb|p|mb|2D|mb|p|mb|p|mb|p|")[0]
>>> b.dealer, [wc.call.text for wc in b.calls], b.calls[0].alert, b.calls[0].explanation
(Seat.N, ['2C', 'P', '2D', 'P', 'P', 'P'], True, 'strong')
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Final, cast

from .boards import Board, Locator, Play, WrittenCall
from .calls import Call, parse_call, quoted
from .deal import RANK_ORDER, Deal, DealProblem
from .errors import AuctionFsmError, ConversionError, DealError, LinSyntaxError
from .events import CallEvent
from .pbn_read import decode, normalise_newlines, structure_problem
from .play_layout import (
    auction_contract,
    first_bad_card,
    is_card,
    pbn_rows,
    play_frame,
    play_order,
    play_tokens,
)
from .scenario import Scenario
from .seats import Seat
from .vulnerability import vulnerability_of

__all__ = ["load", "loads", "dump", "dumps", "read_boards", "looks_like_lin"]

# One key|value| pair.  No leading white space in the pattern: "\s*" would be retried from every
# position of a long run of blanks (quadratic); the gap before a key is checked separately.
_PAIR: Final = re.compile(r"([A-Za-z][A-Za-z0-9]?)\|([^|]*)\|?")
_MD_SEATS: Final = (Seat.S, Seat.W, Seat.N, Seat.E)  # LIN's order of dealers and hands
_LIN_DIGIT: Final = {Seat.S: "1", Seat.W: "2", Seat.N: "3", Seat.E: "4"}
_SV: Final = {"None": "o", "NS": "n", "EW": "e", "All": "b"}
_SUIT_CHARS: Final = "SHDC"
_LIN_CALLS: Final = {"P": "P", "D": "X", "R": "XX"}
_NEXT: Final = (Seat.E, Seat.S, Seat.W, Seat.N)
_ROOMS: Final = {"o": "Open", "c": "Closed"}
# The keys BridgeBase's movies and hand records are known to write: any other key is kept as
# written, with a warning (a misspelt key would otherwise pass unseen).
_KNOWN_KEYS: Final = frozenset({"md", "sv", "ah", "pn", "mb", "an", "pc", "qx", "vg", "rs", "st", "pg", "rh",
                                "mc", "sk", "nt", "mn", "bt", "tu", "va", "sa", "lb", "hc", "at", "cr", "cg",
                                "up", "px", "bn", "nn", "lc", "pw", "pf", "hs", "fh", "rc"})


_LIN_START: Final = re.compile(r"\s*[a-z][a-z0-9]\|")


def looks_like_lin(text: str) -> bool:
    """True when ``text`` starts like LIN: a two-letter key and a bar, such as ``pn|``."""
    return _LIN_START.match(text) is not None


def _hand(board: Board, text: str, offset: int) -> str | None:
    """A LIN hand ``S..H..D..C..`` as ``spades.hearts.diamonds.clubs``."""
    t = text.strip().upper()
    if not t:
        return None
    suits = {s: "" for s in _SUIT_CHARS}
    current = None
    for ch in t:
        if ch in suits:
            current = ch
        elif current is not None and ch in RANK_ORDER:
            suits[current] += ch
        elif current is not None and ch in "1":
            suits[current] += "T"  # "10" written out
        elif ch == "0" and current is not None and suits[current].endswith("T"):
            continue
        else:
            raise DealError(f"{board.where(offset)}: cannot read hand {quoted(text)} in md: expected "
                            "suit letters S, H, D, C each followed by ranks AKQJT98765432")
    return ".".join(suits[s] for s in _SUIT_CHARS)


def _deal(board: Board, value: str, offset: int) -> None:
    if not value or value[0] not in "1234":
        raise LinSyntaxError(f"{board.where(offset)}: md value {quoted(value)} must start with the dealer "
                             "digit 1 (South), 2 (West), 3 (North) or 4 (East)")
    board.dealer = _MD_SEATS[int(value[0]) - 1]
    parts = value[1:].split(",")
    hands: dict[Seat, str | None] = {}
    for i, part in enumerate(parts[:4]):
        hands[_MD_SEATS[i]] = _hand(board, part, offset)
    given = [s for s in _MD_SEATS if hands.get(s)]
    if len(given) == 3 and all(len(hands[s] or "") - 3 == 13 for s in given):
        # The fourth hand is what the others do not hold.
        missing = next(s for s in _MD_SEATS if not hands.get(s))
        held = [set() for _ in range(4)]  # type: list[set[str]]
        for s in given:
            for i, ranks in enumerate((hands[s] or "...").split(".")):
                held[i].update(ranks)
        hands[missing] = ".".join("".join(r for r in RANK_ORDER if r not in held[i]) for i in range(4))
    if any(hands.values()):
        try:
            board.deal = Deal.from_hands(hands)
        except DealProblem as err:
            raise DealError(f"{board.where(offset)}: {err}") from None


def _call(board: Board, value: str, offset: int) -> tuple[Call, bool]:
    text = value.strip()
    alert = text.endswith("!")
    text = text.rstrip("!").strip()
    word = _LIN_CALLS.get(text.upper(), text)
    try:
        return parse_call(word), alert
    except AuctionFsmError:
        raise LinSyntaxError(f"{board.where(offset)}: cannot read call {quoted(value)} in mb: expected p, d, r "
                             "or a bid such as 1C or 3N") from None


def _card(board: Board, value: str, offset: int) -> str:
    """A card of ``pc`` (``SA``; ``S10`` is read as ``ST``), or :class:`LinSyntaxError`."""
    card = value.strip().upper().replace("10", "T")
    if not is_card(card):
        raise LinSyntaxError(f"{board.where(offset)}: cannot read card {quoted(value)} in pc: expected a suit "
                             "letter S, H, D or C and a rank AKQJT98765432, such as SA or H7")
    return card


def _pbn_tags(board: Board, cards: list[str]) -> None:
    """Lay a LIN board out as PBN tags: Dealer, Vulnerable in PBN's words, Deal, Contract,
    Declarer, Result (from ``mc``, the tricks claimed) and the play in PBN's trick layout."""
    tags = board.tags
    if board.dealer is not None:
        tags["Dealer"] = board.dealer.name
    if board.vulnerability is not None:
        tags["Vulnerable"] = board.vulnerability
    if board.deal is not None and board.dealer is not None:
        tags["Deal"] = board.deal.to_pbn(board.dealer)
    text, declarer, trump = auction_contract(board)
    if text:
        tags["Contract"] = text
        tags["Declarer"] = "" if declarer is None else declarer.name
    claimed = next((v for k, v in board.lin_extra if k == "mc"), None)
    if claimed is not None and claimed.strip().isdigit() and text and text != "Pass":
        tags["Result"] = claimed.strip()
    if cards:
        if declarer is not None and trump is not None:
            rows = pbn_rows(cards, declarer.lho, trump)
            board.play = Play(declarer.lho, "\n".join(" ".join(r) for r in rows))
            tags["Play"] = declarer.lho.name
        else:
            board.play = Play(None, " ".join(cards))  # no contract: kept in the order played


def _players(board: Board, names: list[str]) -> None:
    """The players of ``pn`` (South, West, North, East); a vugraph's eight names are the open
    room's then the closed room's, and a closed-room board (``qx|c..``) takes the second four."""
    if len(names) >= 8 and board.tags.get("Room") == "Closed":
        names = names[4:8]
    for seat, name in zip(_MD_SEATS, names[:4], strict=False):
        board.tags[seat.long_name] = name


def read_boards(text: str, source: str) -> list[Board]:
    """Every board of a LIN text; a board that cannot be read carries its error.

    Values are read without the white space around them (a ``sv|o\\n|`` is ``o``).  LIN keys
    that a PBN tag holds become that tag; the others are kept in :attr:`Board.lin_extra`.
    """
    text = normalise_newlines(text)
    locator = Locator(text)
    boards: list[Board] = []
    board: Board | None = None
    failed = False
    content = False  # the current board has more than header pairs
    seat = Seat.N
    cards: list[str] = []
    pos = 0
    event: str | None = None
    players: list[str] = []
    carry: list[tuple[str, str]] = []  # pairs of a header that was no board, for the next board

    def finish() -> None:
        nonlocal carry
        if board is None:
            return
        # An md with no mb gives a deal without an auction ("no auction", as a PBN game with a
        # Deal and no Auction tag), not an empty auction.
        if board.has_auction or board.deal is not None or board.dealer is not None or board.error is not None:
            if board.error is None:
                _pbn_tags(board, cards)
            elif cards:
                board.play = Play(None, " ".join(cards))
            boards.append(board)
        else:
            carry = board.lin_extra

    def new_board(offset: int) -> Board:
        nonlocal failed, cards, content, carry
        finish()
        failed = content = False
        cards = []
        b = Board(source=source, index=len(boards) + 1, offset=offset, locator=locator, fmt="lin")
        b.lin_extra, carry = carry, []
        if event is not None:
            b.tags["Event"] = event
        return b

    for m in _PAIR.finditer(text):
        if m.start() != pos and text[pos:m.start()].strip():
            bad = text[pos:m.start()].strip()
            if board is None:
                board = new_board(pos)
            if board.error is None:
                board.error = LinSyntaxError(f"{board.where(pos)}: cannot read {quoted(bad)}: expected key|value|")
            failed = True
        pos = m.end()
        key, value = m.group(1).lower(), m.group(2).strip()
        start = m.start(1)
        starts = key == "qx" or board is None or (key == "md" and board.deal is not None)
        if board is None or (starts and not (key == "qx" and not content)):
            board = new_board(start)
            if players:
                _players(board, players)
        if key == "qx":
            board.lin_extra.append((key, value))
            number = value[1:]
            if number.isdigit():
                board.tags.setdefault("Board", number)
            room = _ROOMS.get(value[:1].lower())
            if room is not None:
                board.tags["Room"] = room
                if players:
                    _players(board, players)
            continue
        if failed:
            continue
        try:
            if key == "md":
                content = True
                _deal(board, value, start)
                seat = board.dealer if board.dealer is not None else Seat.N
            elif key == "sv":
                content = True
                board.vulnerability = vulnerability_of(value)
                if board.vulnerability is None and value:
                    raise LinSyntaxError(f"{board.where(start)}: cannot read vulnerability {quoted(value)} in sv: "
                                         "expected o or 0 (none), n (North-South), e (East-West) or b (both)")
                if board.vulnerability is None:
                    board.lin_extra.append((key, value))
            elif key == "ah":
                content = True
                number = value.split()[-1] if value else ""
                board.tags["Board"] = number or value
                if value != f"Board {number}":
                    board.lin_extra.append((key, value))
            elif key == "pn":
                players = [name.strip() for name in value.split(",")]
                if len(players) > 4:
                    board.lin_extra.append((key, value))  # a vugraph's eight names, kept whole
                if board.deal is None and not board.calls:
                    _players(board, players)  # this board's players; after its deal: the next board's
            elif key == "mb":
                content = True
                if board.dealer is None:
                    raise LinSyntaxError(f"{board.where(start)}: mb before md: the dealer is not known")
                call, alert = _call(board, value, start)
                if board.auction_seat is None:
                    board.auction_seat = board.dealer
                board.calls.append(WrittenCall(seat, call, start, alert=alert))
                seat = _NEXT[seat]
            elif key == "an":
                if board.calls:
                    board.calls[-1].explanation = value
                else:
                    board.lin_extra.append((key, value))
            elif key == "pc":
                content = True
                cards.append(_card(board, value, start))
            elif key == "mc":
                if not (value.isdigit() and int(value) <= 13):
                    raise LinSyntaxError(f"{board.where(start)}: cannot read {quoted(value)} in mc: expected the "
                                         "number of tricks claimed, 0 to 13")
                board.lin_extra.append((key, value))
            else:
                if key not in _KNOWN_KEYS:
                    board.warnings.append(f"unknown LIN key {quoted(key)} (value {quoted(value)}) kept as written")
                if key == "vg":
                    event = value.split(",")[0].strip()
                    board.tags["Event"] = event
                board.lin_extra.append((key, value))
        except (LinSyntaxError, DealError) as err:
            board.error = err
            failed = True
    if pos < len(text) and text[pos:].strip():
        if board is None:
            board = new_board(pos)
        if board.error is None:
            board.error = LinSyntaxError(f"{board.where(pos)}: cannot read {quoted(text[pos:].strip())}: "
                                         "expected key|value| (is the file truncated?)")
    finish()
    return boards


def loads(text: str | bytes, source: str = "<string>", *, strict: bool = False) -> list[Board]:
    """Every board of a LIN text (bytes are decoded as UTF-8, else cp1252).  With ``strict``,
    the first board's error is raised, and so is :class:`~auction_fsm.errors.BoardFileError` for
    a text with none of the LIN keys of a board."""
    decoded = decode(text) if isinstance(text, bytes) else text
    boards = read_boards(decoded, source)
    if strict:
        for b in boards:
            if b.error is not None:
                raise b.error
        if not boards and decoded.strip():  # an empty text is no board, and no garbage either
            problem = structure_problem(decoded, "lin", source)
            if problem is not None:
                raise problem
    return boards


def load(fp: IO[str] | IO[bytes] | str | Path, *, strict: bool = False) -> list[Board]:
    """Every board of a LIN file, given as an open file (text or binary) or a path."""
    if isinstance(fp, str | Path):
        path = Path(fp)
        return loads(path.read_bytes(), str(path), strict=strict)
    return loads(fp.read(), str(getattr(fp, "name", "<file>")), strict=strict)


# --- writing ----------------------------------------------------------------------------------
def _lin_hand(hand: str | None) -> str:
    if hand is None:
        return ""
    return "".join(s + r for s, r in zip(_SUIT_CHARS, hand.split("."), strict=True))


def _lin_call(call: Call) -> str:
    if call.is_pass:
        return "p"
    if call.is_double:
        return "d"
    if call.is_redouble:
        return "r"
    return call.text.replace("NT", "N")


def _board_of(item: Board | Scenario) -> Board:
    """A board whose auction LIN can hold, or :class:`ConversionError` saying why not."""
    if isinstance(item, Board):
        if item.error is not None:
            raise item.error
        board = item
    else:
        board = Board(source=item.source, index=1, fmt="scenario", dealer=item.dealer,
                      vulnerability=item.vulnerability, auction_seat=item.dealer)
        seat = item.dealer
        for n, event in enumerate(item.events, 1):
            if not isinstance(event, CallEvent) or event.seat != seat:
                what = event.describe() if hasattr(event, "describe") else repr(event)
                raise ConversionError(
                    f"{item.source}, event {n} ({what}): LIN cannot hold it: a LIN auction is a list of "
                    "calls in rotation from the dealer, with no seat, director, decision or lead")
            board.calls.append(WrittenCall(event.seat, event.call))
            seat = _NEXT[seat]
        if item.title:
            board.tags["Event"] = item.title
        return board
    if board.dealer is None:
        raise ConversionError(f"{board.where()}: LIN needs a dealer")
    seat = board.auction_seat if board.auction_seat is not None else board.dealer
    seat = Seat((seat + board.dashes) % 4)
    for wc in board.calls:
        if wc.skipped or wc.seat != seat or wc.after or wc.change_ground or board.leading_events:
            raise ConversionError(f"{board.where(wc.offset)}: LIN cannot hold {wc.seat.long_name}'s "
                                  f"{wc.call.text}: LIN calls have no seat and no commentary of events, "
                                  "so only calls in rotation from the dealer can be written")
        seat = _NEXT[seat]
    if seat is not None and board.calls and board.calls[0].seat != board.dealer:
        raise ConversionError(f"{board.where()}: LIN cannot hold an auction that does not start with the dealer")
    return board


def _cards_played(board: Board) -> list[str]:
    """The cards in the order played: a PBN play section (rows in seat order from the Play
    tag's seat) is turned back into play order with the contract's trump, from the Contract
    tag or else from the auction; a token that is no card is a :class:`ConversionError`."""
    assert board.play is not None
    # Cards in any case (§3.11); marks (^R, ^L), ends (*, +) and annotations (=1=, $14, !?) are
    # no cards; "--" is read as "-" (a card not known), as some writers spell it.
    tokens = ["-" if t.strip("-") == "" else t.upper() for t in play_tokens(board.play)
              if t[0] not in "^*+=$!?"]
    bad = first_bad_card(tokens)
    if bad is not None:
        raise ConversionError(f"{board.where()}: cannot write the play as LIN: {quoted(bad)} in the play "
                              "section is no card (expected a suit letter S, H, D or C and a rank, such as SA)")
    frame = play_frame(board)
    if board.play.seat is None or frame is None:
        return [t for t in tokens if t != "-"]
    rows = [tokens[i:i + 4] for i in range(0, len(tokens), 4)]
    return play_order(rows, board.play.seat, frame[1])


def _write(board: Board) -> str:
    assert board.dealer is not None
    parts = []
    extra = board.lin_extra
    kept = {k for k, _ in extra}
    # Every board names its players, none known or not: other readers (endplay) start a board
    # at pn|, and a board without one would take the names of the board before it.  A
    # vugraph's eight names are not written again: each board has its room's four.
    names = [board.tags.get(s.long_name, "").replace(",", " ").replace("|", "/") for s in _MD_SEATS]
    parts.append(f"pn|{','.join(names)}|")
    if "qx" not in kept and not extra and board.number not in (None, "", "?"):
        room = "c" if board.tags.get("Room") == "Closed" else "o"
        parts.append(f"qx|{room}{board.number}|")
    parts.extend(f"{k}|{v}|" for k, v in extra if k == "qx")
    hands = ",".join(_lin_hand(None if board.deal is None else board.deal.hands[s]) for s in _MD_SEATS)
    parts.append(f"md|{_LIN_DIGIT[board.dealer]}{hands}|")
    if "ah" not in kept and board.number not in (None, "", "?"):
        parts.append(f"ah|Board {board.number}|")
    if board.vulnerability is not None or "sv" not in kept:
        parts.append(f"sv|{_SV[board.vulnerability or 'None']}|")
    for wc in board.calls:
        note = board.notes.get(wc.note) if wc.note is not None else None
        alert = wc.alert or (wc.note is not None and not wc.unalerted)
        explanation = wc.explanation if wc.explanation is not None else (note or None)
        parts.append(f"mb|{_lin_call(wc.call)}{'!' if alert else ''}|")
        if explanation is not None:
            parts.append(f"an|{explanation.replace('|', '/')}|")
    if board.play is not None:
        parts.extend(f"pc|{card}|" for card in _cards_played(board))
    result = board.tags.get("Result", "").strip()
    if "mc" not in kept and result.isdigit() and int(result) <= 13 and board.tags.get("Contract", "Pass") != "Pass":
        parts.append(f"mc|{result}|")  # declarer's tricks, as our reader takes mc| for the Result tag
    parts.extend(f"{k}|{v.replace('|', '/')}|" for k, v in extra if k not in ("pn", "qx"))
    if "pg" not in kept:
        parts.append("pg||")
    return "".join(parts)


def dumps(items: Iterable[Board | Scenario] | Board | Scenario) -> str:
    """Boards and scenarios as LIN, one board a line (one item may be given alone, as to
    :func:`auction_fsm.pbn.dumps`); :class:`ConversionError` for one whose auction LIN cannot
    hold."""
    if isinstance(items, Board | Scenario):
        items = [items]
    return "".join(_write(_board_of(item)) + "\n" for item in items)


def dump(items: Iterable[Board | Scenario] | Board | Scenario, fp: IO[str] | IO[bytes]) -> None:
    """Write :func:`dumps` to an open file; a binary file gets UTF-8."""
    text = dumps(items)
    if isinstance(fp, io.TextIOBase) or "b" not in str(getattr(fp, "mode", "w")):
        cast(IO[str], fp).write(text)
    else:
        cast(IO[bytes], fp).write(text.encode("utf-8"))
