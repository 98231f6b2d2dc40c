"""When a command shows progress, and a heartbeat for steps that run in worker processes.

Progress goes to standard error, by default only when standard error is a terminal (a person
is waiting; a log or a pipe gets no carriage returns); ``--progress`` forces it, ``--quiet``
turns it off.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from typing import Self, TextIO

__all__ = ["add_progress_options", "wants_progress", "Heartbeat"]


def add_progress_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--quiet`` and ``--progress``."""
    parser.add_argument("--quiet", action="store_true", help="no progress display")
    parser.add_argument("--progress", action="store_true",
                        help="show progress even when standard error is not a terminal")


def wants_progress(args: argparse.Namespace, stream: TextIO | None = None) -> bool:
    """Show progress? Not with ``--quiet``; with ``--progress``; else when ``stream`` (standard
    error) is a terminal."""
    if args.quiet:
        return False
    stream = stream if stream is not None else sys.stderr
    return bool(args.progress) or (hasattr(stream, "isatty") and stream.isatty())


class Heartbeat:
    """A line ``<label>: <done> of <total> <unit> done, <elapsed> s`` redrawn every ``interval``
    seconds from a background thread, for work whose own progress cannot be seen (scopes
    explored in worker processes).  Nothing is printed in the first ``delay`` seconds, so quick
    runs stay silent.  :meth:`step` counts one finished item (and names it); :meth:`close`
    stops the thread and ends the line.  Use it as a context manager.
    """

    def __init__(self, label: str, total: int, unit: str, stream: TextIO | None = None, *,
                 delay: float = 1.0, interval: float = 1.0) -> None:
        self.label, self.total, self.unit = label, total, unit
        self.stream = stream if stream is not None else sys.stderr
        self.delay, self.interval = delay, interval
        self.done = 0
        self.last = ""
        self.shown = False
        self.started = time.perf_counter()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="auction-fsm progress", daemon=True)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def step(self, name: str) -> None:
        """One more item finished: ``name``."""
        with self._lock:
            self.done += 1
            self.last = name
        self._draw()

    def line(self) -> str:
        """The text of the display now."""
        elapsed = time.perf_counter() - self.started
        last = f" (last: {self.last})" if self.last else ""
        return f"{self.label}: {self.done} of {self.total} {self.unit} done{last}, {elapsed:.0f} s"

    def _draw(self) -> None:
        if time.perf_counter() - self.started < self.delay:
            return
        with self._lock:
            self.stream.write(f"\r{self.line()}   ")
            self.stream.flush()
            self.shown = True

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._draw()

    def close(self) -> None:
        """Stop redrawing and end the line (if one was drawn); closing twice ends it once."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        with self._lock:
            if self.shown:
                self.stream.write("\n")
                self.stream.flush()
                self.shown = False
