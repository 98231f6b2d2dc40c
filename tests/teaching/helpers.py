"""Driving ``teach`` and ``quiz`` as a user does: a piped script, or a pseudo-terminal.

:class:`Terminal` runs the command on a pty (the command sees a terminal: prompts, line
editing, Ctrl-C) and sends lines after each prompt, reading what it prints until an expected
text appears.  No third-party package: ``pty``, ``os``, ``select``, ``fcntl`` and ``termios``
only (POSIX).
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def env() -> dict[str, str]:
    """The environment for a child: this checkout first on the path, no colour, a wide terminal."""
    return {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
            "TERM": "dumb", "COLUMNS": "200"}


def piped(*argv: str, script: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``auction-fsm ARGV`` with ``script`` on standard input (in ``cwd``)."""
    return subprocess.run([sys.executable, "-m", "auction_fsm", *argv], input=script, capture_output=True,
                          text=True, encoding="utf-8", env=env(), timeout=300, check=False, cwd=cwd)


def _controlling_terminal() -> None:
    """In the child: make the pty on standard input the session's controlling terminal, so
    that Ctrl-C typed on it interrupts the program as on a real terminal.  Ctrl-C is also given
    back its default meaning: a suite started as a background job of a shell without job
    control inherits it ignored, and Python then installs no handler for it."""
    import fcntl
    import signal
    import termios

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """``auction-fsm ARGV`` on a pseudo-terminal (its controlling terminal: Ctrl-C works);
    ``extra_env`` adds to or overrides the environment (``TERM``, ``NO_COLOR``, ``COLUMNS``)."""

    def __init__(self, *argv: str, extra_env: dict[str, str] | None = None, drop_env: tuple[str, ...] = ()) -> None:
        import pty

        self.master, slave = pty.openpty()
        child_env = {k: v for k, v in {**env(), **(extra_env or {})}.items() if k not in drop_env}
        self.proc = subprocess.Popen([sys.executable, "-m", "auction_fsm", *argv], stdin=slave, stdout=slave,
                                     stderr=slave, env=child_env, close_fds=True, start_new_session=True,
                                     preexec_fn=_controlling_terminal)  # noqa: PLW1509 - a test child, no threads
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 60.0) -> str:
        """Read until ``text`` has appeared (after what earlier calls consumed); return the
        output read up to and including it."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"waited {timeout}s for {text!r}; the terminal shows:\n{self.seen[-2000:]}")
            ready, _, _ = select.select([self.master], [], [], min(left, 0.5))
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    if self.proc.poll() is not None and text not in self.seen:
                        raise AssertionError(f"the program ended before {text!r}:\n{self.seen[-2000:]}")
                    continue
                self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        cut = self.seen.index(text) + len(text)
        out, self.seen = self.seen[:cut], self.seen[cut:]
        return out

    def send(self, line: str) -> None:
        """Type ``line`` and Enter."""
        os.write(self.master, (line + "\n").encode())

    def ctrl_c(self) -> None:
        """Press Ctrl-C once the program is waiting for a key in the kernel.  Python's line
        reader notices an interrupt only while it waits: one that lands in the instant after it
        has handled a key and before it waits again is seen only at the next key (a race the
        loaded test machine hit one time in five).  On Linux the test waits until the program
        sleeps in poll/select (``/proc/PID/wchan``); elsewhere it presses at once."""
        self._until_waiting()
        self.keys("\x03")

    def ctrl_d(self) -> None:
        """Press Ctrl-D (the end of the input) on an empty line, once the program waits for a key
        (as :meth:`ctrl_c`)."""
        self._until_waiting()
        self.keys("\x04")

    def _until_waiting(self) -> None:
        """Return once the program sleeps waiting for a key (Linux), or at once elsewhere."""
        wchan = Path(f"/proc/{self.proc.pid}/wchan")
        deadline = time.monotonic() + 60
        while wchan.exists():
            try:
                where = wchan.read_text()
            except OSError:
                break
            if "poll" in where or "select" in where:
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"the program never waited for a key (it is in {where!r})")
            time.sleep(0.005)

    def keys(self, raw: str) -> None:
        """Type ``raw`` as it is (control characters included: ``"\x03"`` is Ctrl-C)."""
        os.write(self.master, raw.encode())

    def close(self) -> int:
        """Wait for the program to end; return its exit status."""
        try:
            status = self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()  # this test's own child, by its handle
            self.proc.wait()
            raise
        finally:
            os.close(self.master)
        return status
