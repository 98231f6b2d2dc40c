"""Files of boards, whatever their format: scenario JSON, PBN or LIN, told apart by content.

>>> detect_format('{"format": "auction-fsm-scenario"}'), detect_format("pn|a,b,c,d|"), detect_format("[Event \\"\\"]")
('scenario', 'lin', 'pbn')
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final, Literal

from .boards import Board
from .errors import BoardFileError, ScenarioError
from .pbn_read import decode, read_boards, structure_problem
from .scenario import loads_scenario

__all__ = ["FileFormat", "detect_format", "read_text", "read_path", "format_of_suffix"]

FileFormat = Literal["scenario", "pbn", "lin"]
# LIN starts with a two-letter key and a bar, such as "pn|": the test of lin.looks_like_lin,
# made here so that the LIN reader (and the PBN writer, for scenarios) is loaded only for a
# file that needs it.
_LIN_START: Final = re.compile(r"\s*[a-z][a-z0-9]\|")
_SUFFIXES: dict[str, FileFormat] = {".json": "scenario", ".pbn": "pbn", ".lin": "lin"}


def detect_format(text: str) -> FileFormat:
    """``scenario`` for a JSON object, ``lin`` for ``key|value|`` pairs, else ``pbn``.

    A PBN game may open with a brace comment, so ``{`` means JSON only when a quote or a
    closing brace follows it.
    """
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("{") and head[1:].lstrip()[:1] in ('"', "}"):
        return "scenario"
    if _LIN_START.match(head) is not None:
        return "lin"
    return "pbn"


def format_of_suffix(path: Path) -> FileFormat | None:
    """The format a file name asks for (``.pbn``, ``.lin``, ``.json``), ``None`` if none."""
    return _SUFFIXES.get(path.suffix.lower())


def read_text(text: str, source: str) -> tuple[FileFormat, list[Board]]:
    """The format and the boards of a text; a scenario gives one board."""
    fmt = detect_format(text)
    if fmt == "scenario":
        from .pbn_write import board_from_scenario

        scenario = loads_scenario(text, source)
        board = board_from_scenario(scenario)
        board.source = source
        return fmt, [board]
    if fmt == "lin":
        from . import lin

        return fmt, lin.read_boards(text, source)
    return fmt, read_boards(text, source)


def read_path(path: Path) -> tuple[FileFormat, list[Board]]:
    """Read a file of any of the three formats (raises :class:`OSError` if it cannot be read,
    :class:`ScenarioError` for a scenario file that is not valid, :class:`BoardFileError` for
    a file that is no board file at all)."""
    data = path.read_bytes()
    if not data.strip():
        raise ScenarioError(f"{path}: the file is empty")
    if b"\0" in data[:4096]:
        raise BoardFileError(f"{path}: not a board file: it holds binary data (NUL bytes), not the text "
                             "of a PBN, LIN or scenario file")
    text = decode(data)
    fmt, boards = read_text(text, str(path))
    if not boards:
        _refuse_if_no_structure(text, fmt, path)
    return fmt, boards




def _refuse_if_no_structure(text: str, fmt: FileFormat, path: Path) -> None:
    """A file that gives no board is fine when it has the structure of its format (a PBN file of
    headers only, a LIN file of keys without a deal); otherwise it is no board file, and an
    error naming the file says so, rather than "0 boards"."""
    if path.suffix.lower() == ".json" and fmt != "scenario":
        raise BoardFileError(f"{path}: not a scenario file: a .json file should hold a JSON object "
                             '({"format": "auction-fsm-scenario", ...})')
    problem = structure_problem(text, fmt, str(path))
    if problem is not None:
        raise problem
