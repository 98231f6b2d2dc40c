"""Events as short words, for the commentary our PBN writer leaves in a file.

PBN has no notation for a cancelled call, the director being called, a judgement or a player's
choice (PBN 2.1 §3.9 leaves solved irregularities to comments).  Our writer therefore puts each
such event in a brace comment ``{auction-fsm: <event>; <event>}`` at the place in the auction
where it happened, and our reader turns those words back into the very same events.  The words
are the events' one text form (:mod:`auction_fsm.event_language`), documented in
``docs/file-formats.md``:

>>> from auction_fsm.events import CallEvent, Judgement
>>> event_to_words(CallEvent.of("E", "1C")), event_to_words(Judgement("comparable", False))
('E 1C', 'judge comparable no')
>>> words_to_event("W choose accept", "here")
Choice(seat=Seat.W, option='accept')

A brace comment cannot hold ``}``, and none of these words ever contains one.
"""

from __future__ import annotations

from typing import Final

from .calls import Strain
from .event_language import read_event, to_text
from .events import Event

__all__ = ["MARK", "event_to_words", "words_to_event", "CHANGE_NEXT", "ALERT", "SHOWS", "UNALERTED", "words_to_strains"]

MARK: Final = "auction-fsm:"  # how a brace comment written by us starts
CHANGE_NEXT: Final = "change"  # ``change slip`` alone: the next written call is a change of call
ALERT: Final = "alert"  # ``alert`` alone: the call before was alerted (no event: a mark on the call)
UNALERTED: Final = "unalerted"  # after a note: an explanation given without an alert (LIN an|)
SHOWS: Final = "shows"  # ``shows H S`` alone: what the written call before showed (its ``specifies``)



def event_to_words(event: Event) -> str:
    """One event as a few words separated by spaces: its text form, the one
    :mod:`auction_fsm.event_language` defines for every kind (inverse of :func:`words_to_event`)."""
    return to_text(event)


def words_to_event(text: str, where: str) -> Event:
    """Read one event written by :func:`event_to_words` (or by an earlier release, verb first);
    raise :class:`~auction_fsm.errors.ScenarioError` (or a syntax error of a seat, call or card)
    quoting ``text`` and ``where`` otherwise."""
    return read_event(text, where)


def words_to_strains(text: str, where: str) -> tuple[Strain, ...]:
    """The denominations of a ``shows H S`` item (``shows none``: none), as a call's
    ``specifies`` is written in the text form."""
    return read_event(f"N 1C {text}", where).specifies or ()  # type: ignore[union-attr]


SCENARIO: Final = "scenario"  # ``{auction-fsm: scenario ["title", "description"]}`` before the tags
LIN: Final = "lin"  # ``{auction-fsm: lin [["st", ""], ...]}``: LIN pairs no PBN tag holds
# In a plain PBN file (pbn.dumps(..., plain=True)): the auction and play as our reader needs them.
KEPT_AUCTION: Final = "auction"  # ``{auction-fsm: auction ["N", "1H Pass ..."]}``: seat, section
KEPT_PLAY: Final = "play"  # ``{auction-fsm: play "SK ^R S6 ..."}``: the play section whole


def json_comment(name: str, value: object) -> str:
    """A game comment of ours holding ``value`` as JSON, named ``name``.  Braces inside strings
    are written as JSON escapes, so the comment closes where it should."""
    import json

    body = json.dumps(value, ensure_ascii=False)
    return "{" + f"{MARK} {name} " + body.replace("{", "\\u007b").replace("}", "\\u007d") + "}"


def read_json_comment(commentary: tuple[str, ...], name: str) -> object:
    """The value :func:`json_comment` wrote under ``name``, or ``None`` (absent, or unreadable:
    the tags then count)."""
    import json

    head = "{" + f"{MARK} {name} "
    for comment in commentary:
        if comment.startswith(head) and comment.endswith("}"):
            try:
                return json.loads(comment[len(head):-1])
            except ValueError:
                return None
    return None


def is_ours(comment: str, name: str) -> bool:
    """True when ``comment`` is our game comment named ``name``."""
    return comment.startswith("{" + f"{MARK} {name} ")


def scenario_comment(title: str | None, description: str | None) -> str:
    """The game commentary keeping a scenario's title and description exactly: tag values cannot
    hold a line break, and a value starting with ``#`` would read as inheritance (§4.8)."""
    return json_comment(SCENARIO, [title, description])


def read_scenario_comment(commentary: tuple[str, ...]) -> tuple[str | None, str | None] | None:
    """The title and description :func:`scenario_comment` wrote, or ``None``."""
    value = read_json_comment(commentary, SCENARIO)
    if isinstance(value, list) and len(value) == 2 and all(v is None or isinstance(v, str) for v in value):
        return value[0], value[1]
    return None


def lin_comment(pairs: list[tuple[str, str]]) -> str:
    """The game commentary keeping LIN pairs that no PBN tag holds."""
    return json_comment(LIN, [list(p) for p in pairs])


def read_lin_comment(commentary: tuple[str, ...]) -> list[tuple[str, str]]:
    """The LIN pairs :func:`lin_comment` wrote (``[]`` when none)."""
    value = read_json_comment(commentary, LIN)
    if not isinstance(value, list):
        return []
    return [(p[0], p[1]) for p in value
            if isinstance(p, list) and len(p) == 2 and all(isinstance(v, str) for v in p)]
