"""``auction-fsm export``: write the machine graph or a configuration graph to a file.

Formats: node-link JSON, GraphML (Gephi, yEd), DOT and Mermaid (pictures; refused above a size
limit).  The format comes from ``--format`` or the output file's suffix.  Exploring a large
scope takes a while: on a terminal its progress is shown on standard error (``--quiet`` turns
it off).  networkx and the explorers are imported when the command runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._base import Subparsers
from ._law_book import add_law_book_option, chosen_book
from ._progress import add_progress_options, wants_progress
from ._scope_options import add_scope_options, scopes_from_args

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["register", "handler", "build_graph", "FORMATS"]

# The formats export writes (as auction_fsm.graph.export.FORMATS; a test keeps them equal),
# listed here so that registering the command does not import networkx.
FORMATS = ("json", "graphml", "dot", "mermaid")
# Above this many configurations, say on the progress stream that the graph is being written.
LARGE = 100_000


def register(subparsers: Subparsers) -> None:
    """Add the ``export`` subcommand."""
    p = subparsers.add_parser(
        "export", help="write the machine graph or a configuration graph (JSON, GraphML, DOT, Mermaid)",
        description="Write a state graph. 'machine' is every state and transition of the table; "
                    "'configuration' is every reachable configuration of one scope.")
    p.add_argument("graph", choices=("machine", "configuration"), help="which graph")
    p.add_argument("-o", "--output", type=Path, metavar="FILE",
                   help="output file (default: standard output)")
    p.add_argument("-f", "--format", choices=FORMATS,
                   help="output format (default: from the file suffix, else json)")
    add_scope_options(p)
    add_progress_options(p)
    add_law_book_option(p, "export the graph of")
    p.set_defaults(func=handler)


def build_graph(args: argparse.Namespace, *, show: bool = False) -> nx.Graph[Any]:
    """The graph the options name (the first scope, for a configuration graph); with
    ``show``, the exploration's progress on standard error."""
    from ..graph.configuration import explore
    from ..graph.machine_graph import machine_graph
    from ..graph.progress import Progress
    from ..graph.scopes import space_for

    book = chosen_book(args)
    if args.graph == "machine":
        return machine_graph(book)
    scope = scopes_from_args(args, default=("legal",), whole_graphs=True)[0]
    progress = Progress(f"export {scope.name}") if show else None
    try:
        ex = explore(space_for(scope, book), progress=progress)
    finally:
        if progress is not None:
            progress.close()
    if show and ex.states > LARGE:
        print(f"export {scope.name}: {ex.states:,} configurations explored; building and writing "
              "the graph", file=sys.stderr, flush=True)
    return ex.to_networkx(name=scope.name)


def handler(args: argparse.Namespace) -> int:
    """Build the graph and write it."""
    from ..graph.export import format_of, render, write_graph

    g = build_graph(args, show=wants_progress(args))
    if args.output is None:
        sys.stdout.write(render(g, args.format or "json"))
        return 0
    fmt = write_graph(g, args.output, format_of(args.output, args.format)
                      if args.format or args.output.suffix else "json")
    print(f"wrote {args.graph} graph ({g.number_of_nodes():,} nodes, {g.number_of_edges():,} edges) "
          f"as {fmt} to {args.output}", file=sys.stderr)
    return 0
