"""Reading PBN (Portable Bridge Notation, version 2.1) into :class:`~auction_fsm.boards.Board`\\ s.

The reader takes the PBN *import* format (§2.1) and what real programs write in its name:
UTF-8 or cp1252 text; LF, CRLF, mixed or CR CR LF line ends; with or without ``% PBN``
lines; ``#``/``##`` inheritance (§4.8); unquoted tag values; ``]`` inside a quoted value; calls
spelled ``1N``, ``PASS`` or ``pass``; ``*`` glued to a call as an alert mark; notes ``=n=``
with ``[Note]`` tags, NAGs, suffixes and comments between calls; ``AP``; and the §3.9
irregularity tokens ``^I`` and ``^S`` (``^R``/``^L`` belong to the play and are kept there).

How a game is found: games are separated by lines holding only spaces or tabs (§3), except
inside a brace comment, which may span such lines (§3.8).  How a game is read: one regular
expression finds its tags and comments; the text after the Auction tag, up to the next tag,
is the auction (§3.5), read token by token; other sections are kept verbatim.

A problem in one game makes that board's :attr:`~auction_fsm.boards.Board.error` a
:class:`~auction_fsm.errors.PbnSyntaxError` (or :class:`~auction_fsm.errors.DealError`) that
names the file, board, line and column and quotes the token; the reader goes on with the next
game.  Only games with a Deal or an Auction tag are boards; the others (headers) still feed
``##`` inheritance.
"""

from __future__ import annotations

import re
from typing import Final

from .boards import Board, Locator, Play, WrittenCall, vulnerability_of
from .calls import PASS, Call, parse_call, quoted
from .deal import DealProblem, parse_pbn_deal
from .errors import AuctionFsmError, BoardFileError, DealError, PbnSyntaxError
from .event_text import (
    ALERT,
    CHANGE_NEXT,
    KEPT_AUCTION,
    KEPT_PLAY,
    MARK,
    SHOWS,
    UNALERTED,
    read_json_comment,
    read_lin_comment,
    words_to_event,
    words_to_strains,
)
from .events import Event
from .seats import Seat

__all__ = ["decode", "normalise_newlines", "read_boards", "NOT_INHERITED", "structure_problem"]

# Tags that may not take "#" or "##" (§4.8).
NOT_INHERITED: Final = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"})

_NEWLINES: Final = re.compile(r"\r*\n|\r")
_GAME_BREAK: Final = re.compile(r"\n(?:[ \t\v\f]*\n)+")
# Tags, comments and escape lines of one game; everything else is section text.
_GAME: Final = re.compile(
    r"(?=[%{;\[])"  # a quick test at every position: only these characters start anything
    r"(?:(?P<esc>^%[^\n]*)"
    r"|(?P<brace>\{[^}]*\}?)"
    r"|(?P<semi>;[^\n]*)"
    r"|\[\s*(?P<name>[A-Za-z0-9_]+)\s*(?:\"(?P<q>(?:[^\"\\\n]|\\.)*)\"\s*\]|(?P<u>[^\]\"\n]*)\])"
    r"|(?P<open>\[))",
    re.MULTILINE,
)
# The same without comments and escape lines, for the many games that have none: a pattern
# that starts with a literal "[" lets the regular-expression engine skip ahead quickly.
_TAGS_ONLY: Final = re.compile(
    r"(?:(?P<esc>)(?P<brace>)(?P<semi>)"
    r"\[\s*(?P<name>[A-Za-z0-9_]+)\s*(?:\"(?P<q>(?:[^\"\\\n]|\\.)*)\"\s*\]|(?P<u>[^\]\"\n]*)\])"
    r"|\[(?P<open>))"
)
_COMMENT_START: Final = re.compile(r"[{;%]")
# A comment that could run on into a "[" and so hide it (see comment_runs_on): a brace not
# closed before it, a ";" or an escape line on its line.  Each stops at the next opener of its
# kind (a later "{" or ";" is a match of its own), so each search is linear in the text.
_BRACE_RUNS_ON: Final = re.compile(r"\{[^{}\[]*\[")
_SEMI_RUNS_ON: Final = re.compile(r";[^;\n\[]*\[")
_ESCAPE_RUNS_ON: Final = re.compile(r"^%[^\n\[]*\[", re.MULTILINE)
# The longest number read as a note reference, a NAG or a Note tag's number: more digits than
# this is no number a file means (and Python refuses int() of very long digit strings).
MAX_DIGITS: Final = 9
# The quick route for a game (see _quick_tags): each tag, whole and in parts, with the text
# after it up to the next "[".  The quoted value is the same language as in _GAME, written as
# an unrolled loop (no alternation per character).
_QUICK_TAG: Final = re.compile(
    r"(\[\s*([A-Za-z0-9_]+)\s*(?:\"([^\"\\\n]*(?:\\.[^\"\\\n]*)*)\"\s*\]|([^\]\"\n]*)\]))([^\[]*)"
)
# The quickest route: every tag written ``[Name "value"]`` exactly (one space, no escape), as
# nearly every program writes them; the offsets then follow from the lengths of name and value.
_PLAIN_TAG: Final = re.compile(r'\[([A-Za-z0-9_]+) "([^"\\\n]*)"\]([^\[]*)')
_AUCTION: Final = re.compile(
    r"(?P<ws>\s+)"
    r"|(?P<brace>\{[^}]*\}?)"
    r"|(?P<semi>;[^\n]*)"
    r"|(?P<esc>(?<=\n)%[^\n]*)"
    r"|(?P<note>=(?P<nn>\d+)=?)"
    r"|(?P<nag>\$(?P<nv>\d+))"
    r"|(?P<irr>\^[A-Za-z]?)"
    r"|(?P<suf>[!?]{1,2})"
    r"|(?P<star>\*)"
    r"|(?P<plus>\+)"
    r"|(?P<word>[A-Za-z0-9_\-]+)"
    r"|(?P<bad>\S)"
)
_SUFFIX_NAG: Final = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
_SEATS: Final = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}
_NEXT: Final = (Seat.E, Seat.S, Seat.W, Seat.N)
_SEAT_OF: Final = tuple(Seat)  # the left-hand opponent, without an enum lookup
_CALL_CACHE: dict[str, Call | None] = {}
# Our mark after a Note tag: the calls of that note were explained without an alert (LIN an|).
_UNALERTED_NOTE: Final = "{" + MARK + " " + UNALERTED + "}"
#: One tag of a game: name, value, where it starts and ends, and where the next tag starts (the
#: end of the game after the last): the text between is the tag's section.
Tag = tuple[str, str, int, int, int]
# Whether plain games and auctions take the quick routes (the tests switch them off to hold
# them to the general route's results).
QUICK_GAMES = True


def decode(data: bytes) -> str:
    """Bytes to text: UTF-8 (a byte-order mark is dropped), else cp1252, else Latin-1 (§2.2
    names Latin-1; Windows programs write cp1252, its superset for printable characters)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def normalise_newlines(text: str) -> str:
    """Every line end (LF, CRLF, CR CR LF, a lone CR) becomes one LF."""
    if "\r" not in text:
        return text
    text = text.replace("\r\n", "\n")  # the usual case, by the quicker string method
    if "\r" not in text:
        return text
    return _NEWLINES.sub("\n", text)


def _open_brace(text: str, start: int, end: int) -> int:
    """Where a brace comment that is still open at ``end`` starts in ``text[start:end]``, or -1.

    A ``{`` inside a quoted tag value, after a ``;`` on its line or on an escape line opens no
    comment.  Only the braces are visited, and what stands before a brace on its line is
    counted from the previous brace on: every character is looked at a bounded number of
    times, so a long line of braces is read in linear time.
    """
    line = text.rfind("\n", 0, start) + 1  # where the line of ``seen`` starts
    seen = line  # quotes and ';' are counted up to here, from ``line`` on
    quotes = 0
    semi = False
    pos = start
    while True:
        brace = text.find("{", pos, end)
        if brace < 0:
            return -1
        newline = text.rfind("\n", seen, brace)
        if newline >= 0:  # a new line: count afresh from its start
            line, seen, quotes, semi = newline + 1, newline + 1, 0, False
        quotes = (quotes + text.count('"', seen, brace)) % 2
        semi = semi or text.find(";", seen, brace) >= 0
        seen = brace
        if quotes or semi or text.startswith("%", line):
            pos = brace + 1
            continue
        close = text.find("}", brace + 1, end)
        if close < 0:
            return brace
        newline = text.rfind("\n", brace, close)
        if newline >= 0:
            line = newline + 1  # the comment ran over a line end: go on on the line it closes on
        pos = seen = close + 1
        quotes, semi = (0, False) if newline >= 0 else (quotes, semi)


def _games(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of the games in ``text`` (newlines already normalised).

    A blank line ends a game unless a brace comment open before it runs on over it (§3.8);
    each stretch of text is scanned once, however many blank lines such a comment spans.
    """
    spans: list[tuple[int, int]] = []
    start = scan = 0
    n = len(text)
    while True:
        m = _GAME_BREAK.search(text, scan)
        stop = n if m is None else m.start()
        opened = _open_brace(text, scan, stop) if text.find("{", scan, stop) >= 0 else -1
        if opened >= 0:
            close = text.find("}", opened + 1)
            if close < 0:
                spans.append((start, n))
                break
            scan = close + 1  # the game goes on over the blank lines inside the comment
            continue
        if m is None:
            spans.append((start, n))
            break
        spans.append((start, m.start()))
        start = scan = m.end()
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _call_of(word: str) -> Call | None:
    """The call a word spells (cached: files use few spellings), ``None`` if it is none."""
    try:
        return _CALL_CACHE[word]
    except KeyError:
        pass
    try:
        call: Call | None = parse_call(word)
    except AuctionFsmError:
        call = None
    if len(_CALL_CACHE) < 4096:
        _CALL_CACHE[word] = call
    return call


class _Inheritance:
    """Tag values for ``#`` (the nearest earlier game) and ``##`` (every later game), §4.8."""

    __slots__ = ("last", "sticky")

    def __init__(self) -> None:
        self.last: dict[str, str] = {}
        self.sticky: dict[str, str] = {}


def read_boards(text: str, source: str) -> list[Board]:
    """Every board of a PBN text (already decoded), each read on its own."""
    text = normalise_newlines(text)
    locator = Locator(text)
    inherit = _Inheritance()
    boards: list[Board] = []
    for index, (start, end) in enumerate(_games(text), 1):
        board = Board(source=source, index=index, offset=start, locator=locator)
        try:
            _read_game(board, text, start, end, inherit)
        except (PbnSyntaxError, DealError) as err:
            board.error = err
            tried = board.has_auction or board.deal is not None or bool(board.tags)
            if not tried and "[" not in text[start:end]:
                continue  # a broken game keeps its place as a board only if it tried to be one
        if board.error is None and not board.has_auction and "Deal" not in board.tags:
            continue  # a header or a game with neither deal nor auction: not a board
        boards.append(board)
    return boards  # each keeps its game number in the file, the one its messages give


def _fail(board: Board, offset: int, message: str, cls: type[PbnSyntaxError | DealError] = PbnSyntaxError
          ) -> PbnSyntaxError | DealError:
    return cls(f"{board.where(offset)}: {message}")


def _read_game(board: Board, text: str, start: int, end: int, inherit: _Inheritance) -> None:
    """Fill ``board`` from the game ``text[start:end]``; raise on the first problem."""
    tags = board.tags  # also what this game has given so far: a tag given again is ignored (§3.4)
    found = _quick_tags(text, start, end) if QUICK_GAMES else None
    if found is None:
        found = _tags(board, text, start, end)
    last, sticky = inherit.last, inherit.sticky
    play_seen = False
    unalerted: list[str] = []  # the numbers of notes marked as explained without an alert
    try:
        for name, value, t_start, t_end, next_start in found:
            if name == "Note":
                if play_seen:
                    board.play_notes.append(value)
                else:
                    _note(board, value, t_start)
                    if next_start > t_end and _UNALERTED_NOTE in text[t_end:next_start]:
                        unalerted.append(value.partition(":")[0].strip())
                continue
            if name in tags:
                continue  # §3.4: a tag given again is ignored
            if value[:1] == "#" and (value == "#" or value.startswith("##")):
                if name in NOT_INHERITED:
                    raise _fail(board, t_start, f"tag {name} may not inherit ({quoted(value)}; PBN 2.1 §4.8)")
                if value == "#":
                    value = last.get(name, "")
                else:
                    value = value[2:]
                    sticky[name] = value
            elif name in sticky:
                sticky[name] = value  # a ## tag redefined in mid-file holds from here on
            tags[name] = value
            if name == "Auction":
                _auction(board, value, text, t_end, next_start, t_start)
            elif name == "Play":
                play_seen = True
                seat = _SEATS.get(value.strip().upper()) if value.strip() else None
                board.play = Play(seat, text[t_end:next_start].strip())
            elif next_start > t_end + 1:
                section = text[t_end:next_start].strip()
                if section and not _only_commentary(section):
                    board.sections[name] = section
    finally:
        last.update(tags)  # what "#" takes in later games: this game's tags, as far as read
    for name, value in inherit.sticky.items():
        if name not in tags:
            tags[name] = value
    if board.commentary:
        _restore_kept(board)
    if unalerted:
        for wc in board.calls:
            if wc.note is not None and str(wc.note) in unalerted:
                wc.unalerted = True
    _identification(board, found)


def _restore_kept(board: Board) -> None:
    """Read the auction and the play that a plain file keeps in our comments before the tags
    (``pbn.dumps(..., plain=True)``) instead of its plain sections; a plain section that no
    longer agrees with the kept auction (edited by another program) is noted."""
    kept = read_json_comment(board.commentary, KEPT_AUCTION)
    if (board.auction_seat is not None and isinstance(kept, list) and len(kept) == 2
            and all(isinstance(v, str) for v in kept)):
        seat, section = kept
        plain = [wc.call for wc in board.calls]
        board.calls, board.dashes, board.auction_end, board.auction_rest = [], 0, "", ""
        board.leading_events = board.leading_comments = ()
        board.tags["Auction"] = seat
        saved = board.locator
        board.locator = Locator(section)  # messages place a problem within the kept section
        try:
            _auction(board, seat, section, 0, len(section), 0)
        except PbnSyntaxError as err:
            raise PbnSyntaxError(f"{err} (line and column within the auction kept in the "
                                 "{auction-fsm: auction ...} comment before the tags)") from None
        finally:
            board.locator = saved
        for wc in board.calls:
            wc.offset = board.offset
        if [wc.call for wc in board.calls] != plain:
            board.warnings.append("the Auction section's calls differ from the auction kept in the "
                                  "{auction-fsm: auction ...} comment; the kept auction is read")
    play = read_json_comment(board.commentary, KEPT_PLAY)
    if board.play is not None and isinstance(play, str):
        board.play = Play(board.play.seat, play)


def _tags(board: Board, text: str, start: int, end: int) -> list[Tag]:
    """The tags of the game ``text[start:end]`` (see :data:`Tag`), comments and escape lines
    skipped; sets the board's commentary (brace comments before the first tag).  The general
    route: any game, however written."""
    found: list[tuple[str, str, int, int]] = []
    commentary: list[str] = []
    game = text[start:end]
    pattern = _GAME if ("{" in game or ";" in game or "%" in game) else _TAGS_ONLY
    for m in pattern.finditer(text, start, end):
        _esc, brace, _semi, name, value, unquoted, broken = m.groups()
        if name is None:
            if broken is not None:
                snippet = text[m.start():min(end, m.start() + 30)].split("\n")[0]
                raise _fail(board, m.start(), f"broken tag {snippet!r}: expected [Name \"value\"]")
            if not found and brace is not None:
                commentary.append(brace)
            continue
        if value is None:
            value = unquoted.strip()
        elif "\\" in value:
            value = value.replace('\\"', '"').replace("\\\\", "\\")
        found.append((name, value, m.start(), m.end()))
    board.commentary = tuple(commentary)
    if commentary:
        board.lin_extra = read_lin_comment(board.commentary)
    return [(*tag, found[i + 1][2] if i + 1 < len(found) else end) for i, tag in enumerate(found)]


def _quick_tags(text: str, start: int, end: int) -> list[Tag] | None:
    """What :func:`_tags` gives for the game ``text[start:end]``, by one ``findall``, when the
    game is plainly written; ``None`` when it is not, and the general route must read it.

    Plainly written: every ``[`` of the game opens a well-formed tag (so none is broken, inside
    a value or inside a comment), nothing before the first tag is a brace comment or could
    hide it, and no comment in the text between two tags runs on into the next tag.  Then the
    matches lie end to end from the first ``[``, and the offsets follow from their lengths.
    """
    find = text.find
    first = find("[", start, end)
    if first < 0:
        return None
    if first > start and find("{", start, first) >= 0:
        return None  # brace commentary before the first tag: the general route collects it
    if comment_runs_on(text, start, end):
        return None
    brackets = text.count("[", start, end)
    found: list[Tag] = []
    pos = first
    plain = _PLAIN_TAG.findall(text, first, end)
    if len(plain) == brackets:
        for name, value, after in plain:
            t_end = pos + len(name) + len(value) + 5  # [Name "value"]
            next_start = t_end + len(after)
            found.append((name, value, pos, t_end, next_start))
            pos = next_start
        return found
    parts = _QUICK_TAG.findall(text, first, end)
    if len(parts) != brackets:
        return None
    for whole, name, value, unquoted, after in parts:
        if not value:
            value = unquoted.strip()  # an unquoted value (an empty quoted one leaves it empty too)
        elif "\\" in value:
            value = value.replace('\\"', '"').replace("\\\\", "\\")
        t_end = pos + len(whole)
        next_start = t_end + len(after)
        found.append((name, value, pos, t_end, next_start))
        pos = next_start
    return found


def comment_runs_on(text: str, start: int, end: int) -> bool:
    """Whether a comment in ``text[start:end]`` could run on into a ``[`` and so hide a tag: a
    brace not closed before the next ``[``, a ``;`` with a ``[`` later on its line, or an escape
    line (``%`` at the start of a line) holding a ``[``.  Looked for anywhere, in tag values
    too: a false alarm only sends the game to the general route.

    One pattern per kind of comment, each starting with its opener, which the regular-expression
    engine finds by a fast scan (one pattern of three alternatives tried every position, at
    about three times the cost); a kind whose opener is absent is not searched at all.
    """
    find = text.find
    return ((find("{", start, end) >= 0 and _BRACE_RUNS_ON.search(text, start, end) is not None)
            or (find(";", start, end) >= 0 and _SEMI_RUNS_ON.search(text, start, end) is not None)
            or (find("%", start, end) >= 0 and _ESCAPE_RUNS_ON.search(text, start, end) is not None))


def _offset_of(found: list[Tag], name: str, default: int) -> int:
    """Where the game's last tag ``name`` starts (for a message), ``default`` if it has none."""
    return next((tag[2] for tag in reversed(found) if tag[0] == name), default)


def _only_commentary(section: str) -> bool:
    """True when the text between two tags is nothing but comments."""
    if _COMMENT_START.search(section) is None:
        return False
    rest = _GAME.sub("", section)
    return not rest.strip()


def _note(board: Board, value: str, offset: int) -> None:
    number, colon, text = value.partition(":")
    if not colon or not number.strip().isdigit() or len(number.strip()) > MAX_DIGITS:
        board.warnings.append(f"note {quoted(value)} is not '<number>:<text>' (§3.5.5); kept as written")
        board.notes[-len(board.notes) - 1] = value
        return
    board.notes[int(number)] = text


def _number(board: Board, offset: int, digits: str, what: str) -> int:
    """A note reference or NAG number; more than :data:`MAX_DIGITS` digits is an error."""
    if len(digits) > MAX_DIGITS:
        raise _fail(board, offset, f"{what} {quoted(digits)} is too long: a {what} has at most "
                                   f"{MAX_DIGITS} digits")
    return int(digits)


def _identification(board: Board, found: list[Tag]) -> None:
    """Dealer, vulnerability and deal from the tags (after inheritance)."""
    tags = board.tags
    dealer = tags.get("Dealer", "").strip()
    if dealer and dealer != "?":
        seat = _SEATS.get(dealer.upper())
        if seat is None:
            raise _fail(board, _offset_of(found, "Dealer", board.offset), f"unknown dealer {quoted(dealer)}: expected N, E, S or W")
        board.dealer = seat
    elif board.auction_seat is not None:
        board.dealer = Seat((board.auction_seat + board.dashes) % 4)
        board.warnings.append(
            f"no Dealer tag: the first caller, {board.dealer.long_name}, is taken as dealer "
            "(in PBN export format the Auction tag names the dealer, §3.5)")
    vul = tags.get("Vulnerable")
    if vul is not None:
        board.vulnerability = vulnerability_of(vul)
    deal = tags.get("Deal", "").strip()
    if deal and deal != "?":
        try:
            board.deal = parse_pbn_deal(deal)
        except DealProblem as err:
            raise _fail(board, _offset_of(found, "Deal", board.offset), str(err), DealError) from None


def _passes_to_end(calls: list[WrittenCall]) -> int:
    """How many passes ``AP`` (all pass) stands for after ``calls``: enough to end the auction,
    three after a bid, four when nobody has bid (§3.5)."""
    trailing = 0
    for wc in reversed(calls):
        if wc.call is not PASS:
            break
        trailing += 1
    if trailing == len(calls):
        return max(4 - trailing, 0)  # only passes so far
    # The last call before the passes is a bid as a rule; only then is the whole list searched.
    bid = calls[-trailing - 1].call.is_bid or any(wc.call.is_bid for wc in calls)
    return max((3 if bid else 4) - trailing, 0)


def _auction(board: Board, value: str, text: str, start: int, end: int, tag_offset: int) -> None:
    """Read the auction section ``text[start:end]`` into ``board.calls``."""
    seat_word = value.strip().upper()
    seat = _SEATS.get(seat_word)
    if seat is None:
        if seat_word in ("", "?"):
            return  # an Auction tag without a seat: no auction given
        raise _fail(board, tag_offset, f"Auction tag {quoted(value)}: expected N, E, S or W")
    board.auction_seat = seat
    if QUICK_GAMES and _quick_auction(board, seat, text, start, end):
        return
    calls = board.calls
    last: WrittenCall | None = None
    insufficient = False
    skipped = 0
    change: str | None = None
    ended: str = ""  # "*", "+", "placeholder", or "AP"
    star_glued_to: WrittenCall | None = None
    leading_events: list[Event] = []
    leading_comments: list[str] = []
    # What follows the last call (comments, our events, NAGs), gathered in lists and set on
    # the call once the next one comes: re-building a tuple per item would be quadratic.
    comments: list[str] = []
    after: list[Event] = []
    nags: list[int] = []

    def settle() -> None:
        if last is not None and (comments or after or nags):
            last.comments = (*last.comments, *comments)
            last.after = (*last.after, *after)
            last.nags = (*last.nags, *nags)
            comments.clear()
            after.clear()
            nags.clear()

    prev_end = -1
    for m in _AUCTION.finditer(text, start, end):
        kind = m.lastgroup
        if kind == "ws":
            continue
        pos = m.start()
        glued = pos == prev_end
        prev_end = m.end()
        if kind == "word":
            word = m.group()
            if word.strip("-") == "":
                if calls or skipped:
                    raise _fail(board, pos, f"{quoted(word)} after the first call: '-' only fills the seats "
                                            "before the dealer (§3.5)")
                board.dashes += len(word)
                seat = Seat((seat + len(word)) % 4)
                continue
            if ended:
                if ended == "*" and star_glued_to is not None:
                    star_glued_to.alert = True  # that '*' was an alert mark after all
                    ended = ""
                    star_glued_to = None
                else:
                    what = {"AP": "AP (all pass)", "placeholder": "a blank to fill in"}.get(ended, repr(ended))
                    raise _fail(board, pos, f"call {quoted(word)} after {what}, which ends the auction (§3.5)")
            upper = word.upper()
            if word.strip("_") == "" or upper == "AC":
                ended = "placeholder"
                board.auction_rest = text[pos:end].strip()
                break
            if upper == "AP":
                for _ in range(_passes_to_end(calls)):
                    settle()
                    last = WrittenCall(seat, PASS, pos, from_all_pass=True)
                    calls.append(last)
                    seat = _NEXT[seat]
                ended = "AP"
                continue
            call = _call_of(word)
            if call is None:
                raise _fail(board, pos, f"cannot read call {quoted(word)}: expected Pass, X, XX, AP or a bid "
                                        "such as 1C or 3NT (§3.5.1)")
            settle()
            last = WrittenCall(seat, call, pos, insufficient, skipped)
            if change is not None:
                last.change_ground = "misinformation" if change == "misinformation" else "slip"
                change = None
            calls.append(last)
            seat = _NEXT[seat]
            insufficient = False
            skipped = 0
        elif kind == "irr":
            token = m.group()
            if token == "^I":
                insufficient = True
            elif token == "^S":
                if ended:
                    raise _fail(board, pos, "'^S' after the end of the auction")
                skipped += 1
                seat = _NEXT[seat]
            else:
                raise _fail(board, pos, f"irregularity token {quoted(token)} in the auction: only ^I and ^S "
                                        "belong to it (^R and ^L mark cards in the play, §3.9)")
        elif kind in ("brace", "semi"):
            comment = m.group()
            body = comment[1:-1] if comment.endswith("}") and kind == "brace" else comment[1:]
            if kind == "brace" and body.lstrip().startswith(MARK):
                ours = body.lstrip()[len(MARK):]
                if ours.strip() == ALERT and last is not None:
                    last.alert = True
                    continue
                if ours.strip() == UNALERTED and last is not None:
                    last.unalerted = True
                    continue
                if ours.split()[:1] == [SHOWS] and last is not None:
                    try:
                        last.specifies = words_to_strains(ours.strip(), board.where(pos))
                    except AuctionFsmError as err:
                        raise PbnSyntaxError(str(err)) from None
                    continue
                events, change = _our_events(board, ours, pos, change)
                (leading_events if last is None else after).extend(events)
                continue
            if kind == "brace" and not comment.endswith("}"):
                raise _fail(board, pos, "a brace comment that is never closed (§3.8)")
            (leading_comments if last is None else comments).append(comment)
        elif kind == "note":
            if last is None:
                raise _fail(board, pos, f"note reference {quoted(m.group())} before any call (§3.5.4)")
            last.note = _number(board, pos, m.group("nn"), "note reference")
        elif kind == "nag":
            if last is None:
                raise _fail(board, pos, f"NAG {quoted(m.group())} before any call (§3.7)")
            nags.append(_number(board, pos, m.group("nv"), "NAG"))
        elif kind == "suf":
            if last is None:
                raise _fail(board, pos, f"suffix {quoted(m.group())} before any call (§3.5.3)")
            nags.append(_SUFFIX_NAG[m.group()])
        elif kind == "star":
            if ended:
                continue
            ended = "*"
            star_glued_to = last if glued and last is not None else None
        elif kind == "plus":
            ended = ended or "+"
        elif kind == "esc":
            continue
        else:
            raise _fail(board, pos, f"unexpected {quoted(m.group())} in the auction (§3.5)")
    settle()
    if insufficient or skipped:
        board.warnings.append("the auction ends with '^I' or '^S' and no call after it")
    if change is not None:
        raise _fail(board, end, "an auction-fsm 'change' comment with no call after it")
    board.leading_events = tuple(leading_events)
    board.leading_comments = tuple(leading_comments)
    board.auction_end = "" if ended == "AP" else ended  # type: ignore[assignment]



def _quick_auction(board: Board, seat: Seat, text: str, start: int, end: int) -> bool:
    """Read the auction section ``text[start:end]`` as :func:`_auction` would, when it is
    plainly written: ASCII, and every token a call, ``AP`` (last), a note reference ``=n=`` after
    a call, or dashes before the first call.  Return False, changing nothing, for anything else
    (comments, NAGs, suffixes, ``*``, ``^I``, glued tokens, words that are no call): the general
    reader then reads it and says what is wrong, where.
    """
    section = text[start:end]
    if not section.isascii():
        return False  # (a file's other games may hold any letters: names, commentary)
    calls: list[WrittenCall] = []
    last: WrittenCall | None = None
    dashes = 0
    ended = False
    pos = start
    find = text.find
    cache = _CALL_CACHE
    seats = _SEAT_OF
    turn = int(seat)  # the seat as a plain int: indexing with an IntEnum is slower
    for token in section.split():
        pos = find(token, pos)
        call = cache.get(token) or _call_of(token)
        if call is not None:
            if ended:
                return False
            last = WrittenCall(seats[turn], call, pos)
            calls.append(last)
            turn = (turn + 1) & 3
        elif token[0] == "=":
            if (last is None or len(token) < 3 or token[-1] != "=" or not token[1:-1].isdigit()
                    or len(token) > MAX_DIGITS + 2):
                return False
            last.note = int(token[1:-1])
        elif token == "-" * len(token):
            if calls:
                return False
            dashes += len(token)
            turn = (turn + len(token)) & 3
        elif token.upper() == "AP" and not ended:
            for _ in range(_passes_to_end(calls)):
                last = WrittenCall(seats[turn], PASS, pos, from_all_pass=True)
                calls.append(last)
                turn = (turn + 1) & 3
            ended = True
        else:
            return False
        pos += len(token)
    board.calls = calls
    board.dashes = dashes
    return True


def _our_events(board: Board, body: str, offset: int, change: str | None) -> tuple[list[Event], str | None]:
    """The events of one ``{auction-fsm: ...}`` comment; a trailing ``change <ground>`` binds
    to the next written call."""
    events: list[Event] = []
    items = [item.strip() for item in body.split(";") if item.strip()]
    for n, item in enumerate(items):
        words = item.split()
        if words[0] == CHANGE_NEXT and len(words) == 2:
            if n != len(items) - 1 or words[1] not in ("slip", "misinformation"):
                raise _fail(board, offset, f"auction-fsm comment item {quoted(item)}: 'change <slip|misinformation>' "
                                           "must come last, just before the call it changes")
            change = words[1]
            continue
        try:
            events.append(words_to_event(item, board.where(offset)))
        except AuctionFsmError as err:
            raise PbnSyntaxError(str(err)) from None
    return events, change


# A PBN tag at the start of a line: the least a PBN file without boards still holds.
_PBN_TAG: Final = re.compile(r"^[ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]", re.MULTILINE)
# A LIN key that names part of a board (or the movie's header).
_LIN_KEY: Final = re.compile(r"(?:^|\|)[ \t\r\n]*(?:md|mb|pn|qx|ah|sv|pc|vg|rs|st|pg)\|", re.IGNORECASE)


def structure_problem(text: str, fmt: str, source: str) -> BoardFileError | None:
    """The error for a text that has not even the structure of its format ``fmt`` (``pbn``: no
    tag and no ``%`` line; ``lin``: no key of a board), ``None`` when it has it: what
    ``strict=True`` of :func:`auction_fsm.pbn.loads` and :func:`auction_fsm.lin.loads`, and
    reading a file that gives no board, raise.  Kept here, below both readers."""
    if fmt == "pbn" and _PBN_TAG.search(text) is None and not text.lstrip("\ufeff \t\r\n").startswith("%"):
        return BoardFileError(f"{source}: not a board file: no PBN tag such as [Event \"...\"], no LIN "
                              "key|value| pair and no JSON scenario")
    if fmt == "lin" and _LIN_KEY.search(text) is None:
        return BoardFileError(f"{source}: not a board file: none of the LIN keys md, mb, pn, qx, ah, sv, pc")
    return None
