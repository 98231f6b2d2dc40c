"""When a command shows progress, and a heartbeat for steps that run in worker processes.

Progress goes to standard error, by default only when standard error is a terminal (a person
is waiting; a log or a pipe gets no carriage returns); ``--progress`` forces it, ``--quiet``
turns it off.
"""

from __future__ import annotations

import argparse
import shutil
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
    seconds from a background thread, for work done in worker processes (scopes explored side
    by side).  Nothing is printed in the first ``delay`` seconds, so quick runs stay silent.
    :meth:`step` counts one finished item (and names it); :meth:`running` shows how far an
    unfinished one has got, as its worker tells it (``; configurations found: <item> N (R/s)``);
    :meth:`close` stops the thread and ends the line.  Use it as a context manager.
    """

    def __init__(self, label: str, total: int, unit: str, stream: TextIO | None = None, *,
                 delay: float = 1.0, interval: float = 1.0) -> None:
        self.label, self.total, self.unit = label, total, unit
        self.stream = stream if stream is not None else sys.stderr
        self.delay, self.interval = delay, interval
        self.done = 0
        self.last = ""
        # each unfinished item a worker has told of: its count and when told, its first count and
        # when that was told
        self.live: dict[str, tuple[int, float, int, float]] = {}
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

    def step(self, name: str, item: str | None = None) -> None:
        """One more item finished: ``name`` (shown), the one :meth:`running` called ``item``."""
        with self._lock:
            self.done += 1
            self.last = name
            self.live.pop(item if item is not None else name, None)
        self._draw()

    def running(self, item: str, count: int, left: int = 0) -> None:
        """Item ``item``, not finished, has found ``count`` configurations (``left`` to expand:
        not shown, the queue of a breadth-first exploration says little of what is left)."""
        now = time.perf_counter()
        with self._lock:
            before = self.live.get(item)
            self.live[item] = (count, now, count, now) if before is None else (count, now, before[2], before[3])

    def line(self) -> str:
        """The text of the display now: how many items are done, the last one, the time, and each
        unfinished item a worker has told of, with its rate between the first and the last count."""
        now = time.perf_counter()
        # (the last item done is named only while no unfinished one is shown: the line is short)
        last = f" (last: {self.last})" if self.last and not self.live else ""
        text = f"{self.label}: {self.done} of {self.total} {self.unit} done{last}, {now - self.started:.0f} s"
        now_running = []
        for item, (count, told, first, since) in self.live.items():
            rate = f" ({(count - first) / (told - since):,.0f}/s)" if told - since >= 1 else ""
            now_running.append(f"{item} {count:,}{rate}")
        return text + ("; configurations found: " + ", ".join(now_running) if now_running else "")

    def _draw(self) -> None:
        if time.perf_counter() - self.started < self.delay:
            return
        with self._lock:
            text = self.line()
            if hasattr(self.stream, "isatty") and self.stream.isatty():
                # one line on a terminal, however many items run: a wrapped line cannot be redrawn
                width = shutil.get_terminal_size().columns - 4
                text = text if len(text) <= width else text[:width - 3] + "..."
            self.stream.write(f"\r{text}   ")
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
