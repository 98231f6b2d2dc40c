"""``auction-fsm draw``: PNG diagrams of the machines (and of a small configuration graph).

matplotlib, networkx and the explorers are imported when the command runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import UsageError
from . import Subparsers
from ._scope_options import add_scope_options, scopes_from_args

__all__ = ["register", "handler"]


def register(subparsers: Subparsers) -> None:
    """Add the ``draw`` subcommand."""
    p = subparsers.add_parser(
        "draw", help="draw the state machines (and small configuration graphs) as PNG files",
        description="Draw every machine of the table: an overview per machine and one picture "
                    "per nested procedure. With --configuration, draw the first calls of a scope.")
    p.add_argument("-o", "--out-dir", type=Path, default=Path("diagrams"), metavar="DIR",
                   help="where the PNG files go (default: diagrams)")
    p.add_argument("--only", action="append", metavar="STEM",
                   help="draw only this picture (e.g. phase_machine, seat_machine); repeatable")
    p.add_argument("--configuration", type=int, metavar="CALLS",
                   help="draw the configuration graph of the scope, cut after CALLS calls")
    add_scope_options(p)
    p.set_defaults(func=handler)


def check_only(only: list[str] | None, stems: list[str]) -> None:
    """Refuse a ``--only`` name that is not a picture, before anything is drawn: a typo would
    otherwise draw nothing and succeed."""
    unknown = [name for name in only or () if name not in stems]
    if unknown:
        listed = ", ".join(repr(n) for n in unknown)
        raise UsageError(f"--only: no picture named {listed}; the pictures are: {', '.join(stems)}")


def handler(args: argparse.Namespace) -> int:
    """Draw and list the files written."""
    from ..draw import draw_configuration, draw_machine_diagrams, machine_views

    if args.configuration is not None:
        if args.only:
            raise UsageError("--only names machine pictures; it cannot be combined with --configuration")
        from ..graph.configuration import explore
        from ..graph.scopes import space_for

        scope = scopes_from_args(args, default=("legal",))[0]
        g = explore(space_for(scope)).to_networkx(name=scope.name)
        # a copy keeps the exploration's discovery order (a subgraph view would iterate its
        # node set, whose order changes from run to run)
        small = g.copy()
        small.remove_nodes_from([n for n, d in g.nodes(data="depth") if d > args.configuration])
        args.out_dir.mkdir(parents=True, exist_ok=True)
        path = args.out_dir / f"configuration_{scope.name}_{args.configuration}.png"
        paths = [draw_configuration(small, path, title=f"configuration graph {scope.name}: "
                                    f"the first {args.configuration} call(s)")]
    else:
        check_only(args.only, [stem for stem, _ in machine_views()])
        paths = draw_machine_diagrams(args.out_dir, only=args.only)
    for p in paths:
        print(p, file=sys.stderr)
    return 0
