"""The families of the law book: rows grouped by the laws they apply, each with its title.

A row names its family (``"27"``, ``"28-34"`` ...); the book declares each family once, with
the title a flowchart, ``teach`` and the quiz show, and whether it is drawn for people (the
seat machine's rows are drawn for developers only).  Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["Family", "FAMILIES"]


@dataclass(frozen=True, slots=True)
class Family:
    """A family of laws: its name as rows cite it, its title, and whether a chart draws it."""

    name: str
    title: str
    drawn: bool = True


FAMILIES: Final[tuple[Family, ...]] = (
    Family("17-22", "Calls in rotation and the end of the auction (Laws 17-22, with 17D3)"),
    Family("28-34", "Call out of rotation (Laws 28-34)"),
    Family("27", "Insufficient bid (Law 27)"),
    Family("35-39", "Inadmissible calls and calls after the final pass (Laws 35-39)"),
    Family("23, 26", "Comparable call and lead restrictions (Laws 23, 26B)"),
    Family("21B, 25", "Change of call and misinformation (Laws 21B, 25)"),
    Family("24", "Cards exposed during the auction (Law 24)"),
    Family("20", "Review and explanation of calls (Law 20)"),
    Family("41, 50, 51, 54", "Opening lead, penalty cards, lead out of turn (Laws 41, 50, 51, 54)"),
    Family("9-10", "Calling the director (Laws 9-10)"),
    Family("seat", "What each seat owes (the seat machines)", drawn=False),
)
