"""The line loop shared by ``teach`` and ``quiz``: read a line from a terminal (with line
editing, a prompt) or from piped standard input (each line echoed after its prompt, so a
transcript reads like the session), hand it to the session, print the answer.

``quit`` (the session says when it is done) or the end of the input ends the loop; Ctrl-C at
a terminal ends it too, quietly.  Standard library only.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

__all__ = ["run_lines"]


def run_lines(prompt: Callable[[], str], handle: Callable[[str], list[str]], done: Callable[[], bool],
              intro: list[str], at_end: Callable[[], list[str]]) -> int:
    """Run the loop; return the exit status (0)."""
    interactive = sys.stdin.isatty()
    if interactive:
        try:
            import readline  # noqa: F401 - line editing and history for input()
        except ImportError:  # pragma: no cover - not every platform has it
            pass
    print("\n".join(intro), flush=True)
    while not done():
        text = prompt()
        try:
            if interactive:
                line = input(text)
            else:
                raw = sys.stdin.readline()
                if not raw:
                    break
                line = raw.rstrip("\n")
                print(f"{text}{line}")
        except EOFError:
            print()
            break
        except KeyboardInterrupt:
            print()
            break
        out = handle(line)
        if out:
            print("\n".join(out), flush=True)
    if not done():
        print("\n".join(at_end()), flush=True)
    return 0
