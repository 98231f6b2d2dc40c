"""What every command module shares: the type its ``register`` receives, the exit statuses and
the one-line error message.

The command modules, their package (which finds and registers them) and
:mod:`auction_fsm.cli` (which runs them) share these; they live here, below all three, so that a
command imports neither the command line nor its own package, both of which import it (the loop
``cli -> commands -> replay -> cli`` this module replaced).  Standard library only.
"""

from __future__ import annotations

import argparse  # named by the Subparsers alias
import sys
from typing import Final, TypeAlias

__all__ = ["Subparsers", "PROG", "EXIT_OK", "EXIT_INPUT_ERROR", "EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED",
           "EXIT_INTERNAL_ERROR", "DEBUG_VARIABLE", "print_error"]

# What ``register`` receives (a string alias: argparse's class is generic only for type checkers).
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

PROG: Final = "auction-fsm"
EXIT_OK: Final = 0
EXIT_INPUT_ERROR: Final = 2  # the same status argparse uses for a bad command line
EXIT_BROKEN_PIPE: Final = 1
EXIT_INTERRUPTED: Final = 130  # the shell's convention for Ctrl-C
EXIT_INTERNAL_ERROR: Final = 70  # EX_SOFTWARE: a bug in auction-fsm, not a problem with the input
DEBUG_VARIABLE: Final = "AUCTION_FSM_TRACEBACK"  # set to 1 to let unexpected errors show their traceback


def print_error(err: BaseException) -> None:
    """Print ``auction-fsm: <kind>: <message>`` on standard error."""
    from ..errors import error_kind

    if isinstance(err, OSError) and err.strerror:
        message = f"{err.filename}: {err.strerror}" if err.filename else err.strerror
    else:
        message = str(err)
    print(f"{PROG}: {error_kind(err)}: {message}", file=sys.stderr)
