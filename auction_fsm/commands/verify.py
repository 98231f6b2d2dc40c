"""``auction-fsm verify``: check the machine graph and the configuration graph of each scope.

Exit status 0 when every check passes, 1 when one fails (each failure is printed with a shortest
trace and a scenario that ``auction-fsm replay`` accepts).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..graph.cli_options import add_scope_options, scopes_from_args
from ..graph.progress import Progress
from ..graph.verification import format_report, verify
from . import Subparsers

__all__ = ["register", "handler", "EXIT_CHECK_FAILED"]

EXIT_CHECK_FAILED = 1


def register(subparsers: Subparsers) -> None:
    """Add the ``verify`` subcommand."""
    p = subparsers.add_parser(
        "verify", help="check the state graphs for dead ends, unreachable states and traps",
        description="Check the machine graph and the configuration graph of each scope: "
                    "unreachable states, dead ends, states that cannot finish, terminals with "
                    "exits, sink cycles (and, for configurations, machine/core disagreements and "
                    "the perft count). Each failure comes with a shortest trace as a scenario.")
    add_scope_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object per graph checked")
    p.add_argument("--traces", type=int, default=3, metavar="N",
                   help="traces shown per failing check (default 3)")
    p.add_argument("--no-machine", action="store_true", help="skip the machine graph")
    p.add_argument("--quiet", action="store_true", help="no progress display")
    p.add_argument("--progress", action="store_true",
                   help="show progress even when standard error is not a terminal")
    p.add_argument("--jobs", type=_positive, metavar="N",
                   help="worker processes: up to N scopes explored at once, or, for a single "
                        "irregular scope, its machine check shared by N (default: one per "
                        "processor; progress is shown only with --jobs 1)")
    p.set_defaults(func=handler)


def _positive(text: str) -> int:
    """``--jobs``: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def _progress(name: str, unit: str = "configurations", rest: str = "queue") -> Progress:
    return Progress(name, unit=unit, rest=rest)


def handler(args: argparse.Namespace) -> int:
    """Run the checks; print text or JSON; return 0 only when everything passes."""
    scopes = scopes_from_args(args)
    show = not args.quiet and (args.progress or sys.stderr.isatty())
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    reports = verify(scopes, machine=not args.no_machine, max_traces=max(0, args.traces),
                     progress=_progress if show else None, jobs=jobs)
    for r in reports:
        if args.json:
            print(json.dumps(r.to_json()))
        else:
            print(format_report(r))
    return 0 if all(r.ok for r in reports) else EXIT_CHECK_FAILED
