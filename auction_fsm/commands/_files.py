"""Reading the scenario a command names: a file, or ``-`` for standard input.

Any command that takes scenario files uses :func:`read_scenario`, so ``-`` means the same
everywhere (``cat board.json | auction-fsm replay -``).  Standard input can be read only
once: a command given ``-`` twice refuses it (:func:`check_one_stdin`) rather than read an empty
second scenario.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ScenarioError

if TYPE_CHECKING:
    from ..scenario import Scenario

__all__ = ["STDIN", "STDIN_NAME", "is_stdin", "check_one_stdin", "read_scenario"]

STDIN = "-"
STDIN_NAME = "<standard input>"  # the source named in messages and in replay --json


def is_stdin(path: str | Path) -> bool:
    """True when ``path`` is ``-``, standard input."""
    return str(path) == STDIN


def check_one_stdin(paths: Sequence[str | Path]) -> None:
    """Refuse ``-`` given more than once: standard input holds one scenario."""
    if sum(is_stdin(p) for p in paths) > 1:
        raise ScenarioError(f"'-' (standard input) is given {sum(is_stdin(p) for p in paths)} times; "
                            "standard input can be read only once")


def read_scenario(path: str | Path) -> Scenario:
    """The scenario in the file ``path``, or on standard input when ``path`` is ``-``.

    Raises :class:`OSError` for a file that cannot be read and
    :class:`~auction_fsm.errors.ScenarioError` for content that is not a scenario (an empty
    standard input says so, naming standard input, not a file).
    """
    from ..scenario import load_scenario, loads_scenario

    if not is_stdin(path):
        return load_scenario(path)
    data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode("utf-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ScenarioError(f"{STDIN_NAME}: not UTF-8 text (bad byte at offset {err.start})") from None
    if not text.strip():
        raise ScenarioError(f"{STDIN_NAME}: nothing was read from standard input; expected a JSON "
                            "scenario object (e.g. auction-fsm replay - < board.json)")
    return loads_scenario(text, STDIN_NAME)

