"""Files of boards, whatever their format: scenario JSON, PBN or LIN, told apart by content.

>>> detect_format('{"format": "auction-fsm-scenario"}'), detect_format("pn|a,b,c,d|"), detect_format("[Event \\"\\"]")
('scenario', 'lin', 'pbn')
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from . import lin
from .boards import Board
from .errors import ScenarioError
from .pbn_read import decode, read_boards
from .pbn_write import board_from_scenario
from .scenario import loads_scenario

__all__ = ["FileFormat", "detect_format", "read_text", "read_path", "format_of_suffix"]

FileFormat = Literal["scenario", "pbn", "lin"]
_SUFFIXES: dict[str, FileFormat] = {".json": "scenario", ".pbn": "pbn", ".lin": "lin"}


def detect_format(text: str) -> FileFormat:
    """``scenario`` for a JSON object, ``lin`` for ``key|value|`` pairs, else ``pbn``.

    A PBN game may open with a brace comment, so ``{`` means JSON only when a quote or a
    closing brace follows it.
    """
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("{") and head[1:].lstrip()[:1] in ('"', "}"):
        return "scenario"
    if lin.looks_like_lin(head):
        return "lin"
    return "pbn"


def format_of_suffix(path: Path) -> FileFormat | None:
    """The format a file name asks for (``.pbn``, ``.lin``, ``.json``), ``None`` if none."""
    return _SUFFIXES.get(path.suffix.lower())


def read_text(text: str, source: str) -> tuple[FileFormat, list[Board]]:
    """The format and the boards of a text; a scenario gives one board."""
    fmt = detect_format(text)
    if fmt == "scenario":
        scenario = loads_scenario(text, source)
        board = board_from_scenario(scenario)
        board.source = source
        return fmt, [board]
    if fmt == "lin":
        return fmt, lin.read_boards(text, source)
    return fmt, read_boards(text, source)


def read_path(path: Path) -> tuple[FileFormat, list[Board]]:
    """Read a file of any of the three formats (raises :class:`OSError` if it cannot be read,
    :class:`ScenarioError` for a scenario file that is not valid)."""
    data = path.read_bytes()
    if not data.strip():
        raise ScenarioError(f"{path}: the file is empty")
    return read_text(decode(data), str(path))
