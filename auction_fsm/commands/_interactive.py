"""The line loop shared by ``teach`` and ``quiz``: read a line from a terminal (with line
editing and history, a prompt) or from piped standard input (each line echoed after its
prompt, so a transcript reads like the session), hand it to the session, print the answer.

On a terminal the answers are wrapped to its width and coloured (rulings, refusals, what the
table waits for); ``NO_COLOR`` (any value) or ``TERM=dumb`` turns the colour off, and nothing
that is not a terminal gets any.  ``quit`` (the session says when it is done) or the end of
the input ends the loop.  Ctrl-C or Ctrl-D (the end of the input) at a terminal asks the
session what to do (:class:`Leaving`: ``teach`` offers to save the board first); without one
it ends the loop quietly, as the end of piped input always does.  Standard library only.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

__all__ = ["run_lines", "Leaving", "colour_line", "wrap_lines", "use_colour"]

_RESET: Final = "\x1b[0m"
#: The colour of a line, by what it starts with (after its indent): the first match wins.
_STYLES: Final = (
    (re.compile(r"Not accepted|Not quite"), "\x1b[31m"),            # red: refused, wrong
    (re.compile(r"Right\.|Saved "), "\x1b[32m"),                    # green
    (re.compile(r"Ruling, Law|The answer:"), "\x1b[33m"),           # yellow: the director's ruling
    (re.compile(r"Waiting for|[A-Z][a-z]+ decides:|You are the director"), "\x1b[36m"),  # cyan: who acts
    (re.compile(r"\d+\. .* -- "), "\x1b[1;35m"),                    # bold magenta: an irregular event
    (re.compile(r"Question \d+\.|\(Read as "), "\x1b[1m"),         # bold
)


def use_colour(stream: object = None) -> bool:
    """Colour only on a terminal, and never with ``NO_COLOR`` set (https://no-color.org) or
    ``TERM=dumb``."""
    out = sys.stdout if stream is None else stream
    isatty = getattr(out, "isatty", None)
    if not callable(isatty) or not isatty():
        return False
    return "NO_COLOR" not in os.environ and os.environ.get("TERM", "") != "dumb"


def colour_line(line: str) -> str:
    """``line`` with the colour its kind of content gets (unchanged when none)."""
    body = line.lstrip()
    for pattern, code in _STYLES:
        if pattern.match(body):
            return f"{code}{line}{_RESET}"
    return line


def wrap_lines(lines: list[str], width: int) -> list[str]:
    """Each line wrapped to ``width``, its continuation indented under its text (under the
    text after a "- " or "a) " marker)."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip())
        m = re.match(r"\s*(?:- |[a-d]\) |\d+\. )", line)
        hang = len(m.group(0)) if m else indent
        out += textwrap.wrap(line, width=width, subsequent_indent=" " * hang, break_on_hyphens=False) or [""]
    return out


@dataclass(frozen=True)
class Leaving:
    """What Ctrl-C and Ctrl-D at a terminal do: ``question()`` is what to ask before leaving
    (``None``: leave at once); ``answer(text)`` takes the reply and returns what to print and
    whether to ``"leave"``, ``"stay"`` (go back to the session) or ``"ask"`` again."""

    question: Callable[[], str | None]
    answer: Callable[[str], tuple[list[str], str]]


def run_lines(prompt: Callable[[], str], handle: Callable[[str], list[str]], done: Callable[[], bool],
              intro: list[str], at_end: Callable[[str], list[str]], leaving: Leaving | None = None) -> int:
    """Run the loop; return the exit status (0).  ``at_end(why)`` says goodbye when the session
    did not end itself: ``why`` is ``"end of input"`` or ``"interrupted"`` (Ctrl-C)."""
    interactive = sys.stdin.isatty()
    if interactive:
        try:
            import readline  # noqa: F401 - line editing and history for input()
        except ImportError:  # pragma: no cover - not every platform has it
            pass
    colour = use_colour()
    to_terminal = sys.stdout.isatty()

    def say(lines: list[str]) -> None:
        if not lines:
            return
        if to_terminal:
            lines = wrap_lines(lines, max(shutil.get_terminal_size((80, 24)).columns - 1, 20))
        if colour:
            lines = [colour_line(line) for line in lines]
        print("\n".join(lines), flush=True)

    def styled(text: str) -> str:
        # readline counts the prompt's width: the colour codes are marked as taking no room
        return f"\x01\x1b[1m\x02{text}\x01{_RESET}\x02" if colour else text

    say(intro)
    why = "end of input"
    while not done():
        text = prompt()
        try:
            if interactive:
                line = input(styled(text))
            else:
                raw = sys.stdin.readline()
                if not raw:
                    break
                line = raw.rstrip("\n")
                print(f"{text}{line}")
        except EOFError:  # Ctrl-D at a terminal asks as Ctrl-C does; a script's end just ends
            print()
            if not interactive or leaving is None or _leave(leaving, say, styled):
                break
            continue
        except KeyboardInterrupt:
            print()
            if leaving is None or _leave(leaving, say, styled):
                why = "interrupted"
                break
            continue
        say(handle(line))
    if not done():
        say(at_end(why))
    return 0


def _leave(leaving: Leaving, say: Callable[[list[str]], None], styled: Callable[[str], str]) -> bool:
    """Ctrl-C or Ctrl-D: ask the session's question until it says leave or stay; a second Ctrl-C (or the
    end of the input) leaves at once."""
    while True:
        question = leaving.question()
        if question is None:
            return True
        try:
            reply = input(styled(question))
        except (EOFError, KeyboardInterrupt):
            print()
            lines, what = leaving.answer("")
            say(lines)
            return what != "stay"
        lines, what = leaving.answer(reply)
        say(lines)
        if what != "ask":
            return what == "leave"
