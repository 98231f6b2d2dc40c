"""``auction-fsm verify``: check the machine graph and the configuration graph of each scope.

Exit status 0 when every check passes, 1 when one fails (each failure is printed with a shortest
trace and a scenario that ``auction-fsm replay`` accepts).

On a terminal, progress is shown on standard error (``--quiet`` turns it off, ``--progress``
forces it): the configurations explored, for scopes checked one at a time, or how many of the
scopes the worker processes have finished, for scopes checked side by side.  The graph package
(numpy, networkx) is imported when the command runs.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ._base import Subparsers
from ._progress import Heartbeat, add_progress_options, wants_progress
from ._scope_options import add_scope_options, positive_int, scopes_from_args

if TYPE_CHECKING:
    from ..graph.checks import GraphReport
    from ..graph.scopes import Scope
    from ..lawbook import LawBook

__all__ = ["register", "handler", "EXIT_CHECK_FAILED"]

EXIT_CHECK_FAILED = 1


def register(subparsers: Subparsers) -> None:
    """Add the ``verify`` subcommand."""
    p = subparsers.add_parser(
        "verify", help="check the state graphs for dead ends, unreachable states and traps",
        description="Check the machine graph and the configuration graph of each scope: "
                    "unreachable states, dead ends, states that cannot finish, terminals with "
                    "exits, sink cycles (and, for configurations, machine/core disagreements and "
                    "the perft count). Each failure comes with a shortest trace as a scenario. "
                    "Progress is shown on standard error when it is a terminal.")
    add_scope_options(p)
    p.add_argument("--by-strain", action="store_true",
                   help="scopes with the opening lead: verify one scope per contract strain, each "
                        "keeping who first named its own strain only, then the whole from the parts "
                        "(see docs/verification.md)")
    p.add_argument("--by-offender", action="store_true",
                   help="scopes with the opening lead and one irregularity per auction: verify one "
                        "scope per seat that commits the irregularity, each keeping the suits its own "
                        "seat specified only, then the whole from the parts (with --by-strain, one "
                        "scope per strain and seat; see docs/verification.md)")
    p.add_argument("--json", action="store_true", help="print one JSON object per graph checked")
    p.add_argument("--traces", type=int, default=3, metavar="N",
                   help="traces shown per failing check (default 3)")
    p.add_argument("--no-machine", action="store_true", help="skip the machine graph")
    p.add_argument("--law-book", default="2017", metavar="NAME",
                   help="the law book whose machines and rulings are checked: 2017 (default) or "
                        "1997 (the 2017 book with the 1997 text of Laws 30-33)")
    p.add_argument("--check-keys", action="store_true",
                   help="irregular scopes: also check that the configuration keys merge only states "
                        "with one future, on every edge off the breadth-first tree (costs two to four "
                        "times the exploration; see docs/verification.md)")
    # gone since the explorer keys configurations by the rules' declarations alone; kept hidden
    # so that an old script is told so, not only that the option is unknown
    p.add_argument("--keys", metavar="KIND", help=argparse.SUPPRESS)
    add_progress_options(p)
    p.add_argument("--jobs", type=positive_int, metavar="N",
                   help="worker processes: up to N scopes explored at once, or, for a single "
                        "irregular scope, its exploration and the machine check on every edge shared by N "
                        "(default: one per processor; with several scopes or parts at once the progress "
                        "shown is how many are done and how many configurations each running one has found)")
    cluster = p.add_argument_group(
        "past one machine", "explore each scope's configuration graph in partitions on a Dask cluster "
        "(needs pip install 'auction-fsm[cluster]'); checks dead ends, states that cannot finish, ends "
        "with exits, trapped cycles, each configuration's invariants, the machines on every edge and "
        "the number of paths, as one process does; the keys are checked in one process only "
        "(--check-keys; see docs/verification.md)")
    cluster.add_argument("--cluster", metavar="ADDRESS",
                         help="a Dask scheduler's address (tcp://host:8786), or local:N for N worker "
                              "processes on this machine")
    cluster.add_argument("--partitions", type=positive_int, metavar="N",
                         help="partitions of each graph (default: one per worker process)")
    cluster.add_argument("--connect-timeout", type=float, default=10.0, metavar="SECONDS",
                         help="how long to try reaching the scheduler (default 10)")
    p.set_defaults(func=handler)


def _progress(name: str, unit: str = "configurations", rest: str = "queue") -> Any:
    from ..graph.progress import Progress

    return Progress(name, unit=unit, rest=rest)


def _frontier(name: str) -> Any:
    """The progress line of a cluster run: configurations found, and how many the next round
    expands."""
    return _progress(name, "configurations", "to expand")


def handler(args: argparse.Namespace) -> int:
    """Run the checks; print text or JSON; return 0 only when everything passes."""
    from ..graph.verification import format_report, verify
    from ._law_book import named_book

    if args.keys is not None:
        raise UsageError(f"--keys {args.keys} is no longer an option: configurations are always keyed by what the "
                         "rules declare they read (docs/verification.md, How positions are keyed); leave it out")
    book = named_book(args.law_book)
    scopes = scopes_from_args(args)
    show = wants_progress(args)
    if args.cluster is not None:
        if args.check_keys:
            raise UsageError("--check-keys runs in one process: it is not available with --cluster")
        return _on_cluster(args, book, scopes, show)
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    # a scope verified in parts is explored part by part, side by side like several scopes
    parts = sum(len(scope.split_parts()) for scope in scopes)
    side_by_side = jobs > 1 and parts > 1  # the workers cannot share a live display
    graphs = parts + (0 if args.no_machine else 1)
    beat = Heartbeat("verify", graphs, "graphs") if show and side_by_side else None

    def finished(report: GraphReport) -> None:
        if beat is not None:
            beat.step(f"{report.graph} {report.scope}", report.scope)

    with beat if beat is not None else contextlib.nullcontext():
        reports = verify(scopes, book, machine=not args.no_machine, max_traces=max(0, args.traces),
                         progress=_progress if show and not side_by_side else None, jobs=jobs,
                         check_keys=args.check_keys, finished=finished,
                         running=beat.running if beat is not None else None)
    for r in reports:
        if args.json:
            print(json.dumps(r.to_json()))
        else:
            print(format_report(r))
    return 0 if all(r.ok for r in reports) else EXIT_CHECK_FAILED


def _on_cluster(args: argparse.Namespace, book: LawBook, scopes: list[Scope], show: bool) -> int:
    """``--cluster``: the machine graph here, each scope's configuration graph on the cluster."""
    from ..graph.cluster import parse_cluster, require_dask, verify_on_cluster
    from ..graph.verification import combined_report, format_report, verify_machine

    parse_cluster(args.cluster)  # a bad address or a missing extra is said before any work
    require_dask()
    reports = [] if args.no_machine else [verify_machine(book, max(0, args.traces))]
    # a scope verified in parts goes to the cluster as its parts, and the whole is made from
    # their reports as one process makes it (the parts' paths summed); with changes of call a
    # part must also show that its own ended auctions finish without another hand-over, a
    # check the partitioned run does not make
    reopening = [s.name for s in scopes if s.by_strain and "changes" in s.families]
    if reopening:
        raise UsageError(f"--cluster cannot verify {', '.join(reopening)} by contract strain: with changes "
                         "of call each part must also show that its own ended auctions finish, which "
                         "only the one-machine run checks")
    parts = [part for scope in scopes for part in scope.split_parts()]
    done = iter(verify_on_cluster(parts, book.name, args.cluster, partitions=args.partitions,
                                  max_traces=max(0, args.traces), timeout=args.connect_timeout,
                                  progress=_frontier if show else None))
    for scope in scopes:
        mine = [next(done) for _ in scope.split_parts()]
        reports.extend(mine)
        if scope.is_split:
            reports.append(combined_report(scope, mine))
    for r in reports:
        print(json.dumps(r.to_json()) if args.json else format_report(r))
    return 0 if all(r.ok for r in reports) else EXIT_CHECK_FAILED
