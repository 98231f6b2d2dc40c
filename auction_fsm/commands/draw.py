"""``auction-fsm draw``: flowcharts for people (PNG files, or one PDF handout of A4 pages), the
route of one auction, and the machine pictures for developers (and a small configuration graph).

With no option it draws every picture: the flowcharts (``flow_*.png``, one per family of laws
and an overview, drawn from the law book) and the machine pictures.  ``--scenario FILE`` draws
the route one replayed auction took through the flowcharts.  matplotlib, networkx and the
explorers are imported when the command runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError
from ._base import Subparsers
from ._law_book import add_law_book_option, book_for, chosen_book
from ._scope_options import add_scope_options, scopes_from_args

if TYPE_CHECKING:
    from ..lawbook import LawBook

__all__ = ["register", "handler"]


def register(subparsers: Subparsers) -> None:
    """Add the ``draw`` subcommand."""
    p = subparsers.add_parser(
        "draw", help="draw flowcharts of the laws, an auction's route, or the state machines",
        description="Draw the flowcharts for people (one per family of laws and an overview of "
                    "the auction period) and the machine pictures for developers. With --scenario, "
                    "draw the route one auction took; with --configuration, the first calls of a "
                    "scope.")
    p.add_argument("-o", "--out-dir", type=Path, default=Path("diagrams"), metavar="DIR",
                   help="where the PNG files go (default: diagrams)")
    p.add_argument("--only", action="append", metavar="STEM",
                   help="draw only this picture (e.g. phase_machine, seat_machine); repeatable")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--flowcharts", action="store_true",
                       help="draw only the flowcharts for people (flow_*.png)")
    which.add_argument("--machines", action="store_true",
                       help="draw only the machine pictures for developers")
    p.add_argument("--handout", type=Path, metavar="FILE",
                   help="write every flowchart as an A4 page of one PDF file, after a title page and "
                        "a contents page (for a class)")
    p.add_argument("--scenario", type=Path, metavar="FILE",
                   help="draw the route the auction of this scenario file took: route.png and "
                        "route_flow_*.png for every flowchart it went through (- reads standard input)")
    p.add_argument("--configuration", type=int, metavar="CALLS",
                   help="draw the configuration graph of the scope, cut after CALLS calls")
    add_scope_options(p)
    add_law_book_option(p, 'draw')
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

    book = chosen_book(args)
    if args.handout is not None:
        if args.only or args.configuration is not None or args.scenario is not None or args.machines:
            raise UsageError("--handout writes every flowchart into one PDF file; it cannot be combined "
                             "with --only, --machines, --scenario or --configuration")
        return _draw_handout(args, book)
    if args.scenario is not None:
        if args.only or args.configuration is not None:
            raise UsageError("--scenario draws the route of one auction; it cannot be combined "
                             "with --only or --configuration")
        return _draw_route(args)
    if args.configuration is not None:
        if args.only:
            raise UsageError("--only names machine pictures; it cannot be combined with --configuration")
        from ..graph.configuration import explore
        from ..graph.scopes import space_for

        scope = scopes_from_args(args, default=("legal",), whole_graphs=True)[0]
        g = explore(space_for(scope, book)).to_networkx(name=scope.name)
        # a copy keeps the exploration's discovery order (a subgraph view would iterate its
        # node set, whose order changes from run to run)
        small = g.copy()
        small.remove_nodes_from([n for n, d in g.nodes(data="depth") if d > args.configuration])
        args.out_dir.mkdir(parents=True, exist_ok=True)
        path = args.out_dir / f"configuration_{scope.name}_{args.configuration}.png"
        paths = [draw_configuration(small, path, title=f"configuration graph {scope.name}: "
                                    f"the first {args.configuration} call(s)")]
    else:
        from ..teaching.charts import all_charts
        from ..teaching.flowdraw import draw_chart

        charts = [] if args.machines else all_charts(book)
        machines = [] if args.flowcharts else [stem for stem, _ in machine_views(book)]
        check_only(args.only, [c.stem for c in charts] + machines)
        wanted = None if not args.only else set(args.only)
        args.out_dir.mkdir(parents=True, exist_ok=True)
        paths = [draw_chart(c, args.out_dir / f"{c.stem}.png") for c in charts
                 if wanted is None or c.stem in wanted]
        if machines and (wanted is None or wanted & set(machines)):
            paths += draw_machine_diagrams(args.out_dir, book, only=None if wanted is None else wanted & set(machines))
    for p in paths:
        print(p, file=sys.stderr)
    return 0


def _draw_handout(args: argparse.Namespace, book: LawBook) -> int:
    """The handout: every flowchart of the book on its own A4 page of one PDF."""
    from ..teaching.charts import all_charts
    from ..teaching.flowdraw import draw_handout

    if args.handout.parent != Path():
        args.handout.parent.mkdir(parents=True, exist_ok=True)
    path = draw_handout(all_charts(book), args.handout, title="The auction period in flowcharts",
                        note=f"{book.title}: the auction period as the director rules on it, one chart "
                             f"per family of laws, drawn from auction-fsm's law book.")
    print(path, file=sys.stderr)
    return 0


def _draw_route(args: argparse.Namespace) -> int:
    """Replay the scenario and draw its route; a refused event is reported and the route up to
    it is still drawn (exit status 2)."""
    from ..teaching.route import draw_route
    from ._base import EXIT_INPUT_ERROR, EXIT_OK, print_error
    from ._files import read_scenario

    scenario = read_scenario(args.scenario)
    replay = scenario.replay(book=book_for(args, scenario.law_book, str(args.scenario)))
    title = scenario.title or str(args.scenario)
    for p in draw_route(replay.simulator, args.out_dir, title):
        print(p, file=sys.stderr)
    if replay.error is not None:
        print_error(replay.error)
        return EXIT_INPUT_ERROR
    return EXIT_OK
