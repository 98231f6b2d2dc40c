"""The ``auction-fsm`` command line.

The subcommands live in :mod:`auction_fsm.commands`, one module each, and are found at start-up;
a command module imports what its handler needs (the simulator, numpy, networkx, matplotlib)
only when the handler runs, so every command starts quickly.
:func:`main` turns every error the package raises on purpose into one line on standard error,
``auction-fsm: <kind>: <message>``, and exit status 2: a user who typed a bad call or gave a
broken file learns what and where, never sees a traceback.  An unexpected exception is a bug in
this package: it is reported in one line too, with exit status 70, unless the environment
variable ``AUCTION_FSM_TRACEBACK`` is set.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence

from . import __version__
from .commands import Subparsers, register_all, register_for
from .commands._base import (
    DEBUG_VARIABLE,
    EXIT_BROKEN_PIPE,
    EXIT_INPUT_ERROR,
    EXIT_INTERNAL_ERROR,
    EXIT_INTERRUPTED,
    EXIT_OK,
    PROG,
    print_error,
)
from .errors import AuctionFsmError, InternalError

# The statuses and the error line are the commands' own (:mod:`.commands._base`), named here
# too for code that imported them from the command line.
__all__ = ["PROG", "EXIT_OK", "EXIT_INPUT_ERROR", "EXIT_INTERNAL_ERROR", "DEBUG_VARIABLE", "build_parser",
           "main", "print_error"]


def _bare_parser() -> tuple[argparse.ArgumentParser, Subparsers]:
    """The top-level parser and its (still empty) collection of subcommands."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="The bridge auction period (2017 Laws) as verified finite-state machines.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    return parser, parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered; given the command line ``argv``,
    only the command module it names when that is enough to parse it (a quicker start)."""
    parser, subparsers = _bare_parser()
    if argv is not None and register_for(argv, subparsers):
        return parser
    if subparsers.choices:  # a partial registration that did not fit: start again
        parser, subparsers = _bare_parser()
    register_all(subparsers)
    return parser


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at the null device so the interpreter's final flush
    does not fail a second time (the recipe of the Python signal documentation)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # stdout has no file descriptor (e.g. captured in tests): nothing to flush


def _tolerate_unencodable_output() -> None:
    """A terminal whose encoding lacks a character (say a suit symbol in a title) gets an
    escape instead of an exception."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    _tolerate_unencodable_output()
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version, or a usage error already printed
        return stop.code if isinstance(stop.code, int) else EXIT_INPUT_ERROR
    if getattr(args, "func", None) is None:
        parser.print_usage(sys.stderr)
        print(f"{PROG}: error: choose a command (see '{PROG} --help')", file=sys.stderr)
        return EXIT_INPUT_ERROR
    try:
        status: int = args.func(args)
        sys.stdout.flush()
    except InternalError as err:  # our own checks caught a bug: never the user's input
        if os.environ.get(DEBUG_VARIABLE):
            raise
        from .errors import error_kind

        print(f"{PROG}: internal error (a bug in auction-fsm, please report it): "
              f"{error_kind(err)}: {err} (set {DEBUG_VARIABLE}=1 to see the traceback)", file=sys.stderr)
        return EXIT_INTERNAL_ERROR
    except (AuctionFsmError, OSError) as err:
        if isinstance(err, BrokenPipeError):
            _silence_stdout()
            return EXIT_BROKEN_PIPE
        print_error(err)
        return EXIT_INPUT_ERROR
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as err:  # a bug: say so in one line; the traceback on request
        if os.environ.get(DEBUG_VARIABLE):
            raise
        print(f"{PROG}: internal error (a bug in auction-fsm, please report it): "
              f"{type(err).__name__}: {err} (set {DEBUG_VARIABLE}=1 to see the traceback)", file=sys.stderr)
        return EXIT_INTERNAL_ERROR
    return status
