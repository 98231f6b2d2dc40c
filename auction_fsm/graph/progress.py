"""A throttled progress line on standard error for long explorations."""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """Print ``<scope>: N configurations, R/s, queue Q`` at most every ``interval`` seconds,
    starting only after ``delay`` seconds, so short explorations print nothing.

    Use as the ``progress`` callback of :func:`~auction_fsm.graph.configuration.explore`; call
    :meth:`close` at the end to finish the line (closing twice ends it once).  ``unit`` and
    ``rest`` name the two counts for other long steps (a cluster run counts ``configurations``
    and what is left ``to expand``); a call with a count of zero restarts the clock, for a step
    that begins later than the display was made.
    """

    def __init__(self, label: str, stream: TextIO | None = None, *, delay: float = 1.0,
                 interval: float = 0.25, unit: str = "configurations", rest: str = "queue") -> None:
        self.label = label
        self.unit = unit
        self.rest = rest
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        self.interval = interval
        self.started = time.perf_counter()
        self.last = self.started + delay - interval
        self.shown = False

    def __call__(self, states: int, queue: int) -> None:
        now = time.perf_counter()
        if states == 0:  # nothing done yet: the step starts now (rate and delay count from here)
            self.started = now
            self.last = now + self.delay - self.interval
            return
        if now - self.last < self.interval:
            return
        self.last = now
        rate = states / max(now - self.started, 1e-9)
        self.stream.write(f"\r{self.label}: {states:,} {self.unit}, {rate:,.0f}/s, {self.rest} {queue:,}   ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the progress line (if one was printed)."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
