"""``auction-fsm export``: write the machine graph or a configuration graph to a file.

Formats: node-link JSON, GraphML (Gephi, yEd), DOT and Mermaid (pictures; refused above a size
limit).  The format comes from ``--format`` or the output file's suffix.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import networkx as nx

from ..graph.cli_options import add_scope_options, scopes_from_args
from ..graph.configuration import explore
from ..graph.export import FORMATS, format_of, render, write_graph
from ..graph.machine_graph import machine_graph
from ..graph.scopes import space_for
from . import Subparsers

__all__ = ["register", "handler", "build_graph"]


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
    p.set_defaults(func=handler)


def build_graph(args: argparse.Namespace) -> nx.Graph[Any]:
    """The graph the options name (the first scope, for a configuration graph)."""
    if args.graph == "machine":
        return machine_graph()
    scope = scopes_from_args(args, default=("legal",))[0]
    return explore(space_for(scope)).to_networkx(name=scope.name)


def handler(args: argparse.Namespace) -> int:
    """Build the graph and write it."""
    g = build_graph(args)
    if args.output is None:
        sys.stdout.write(render(g, args.format or "json"))
        return 0
    fmt = write_graph(g, args.output, format_of(args.output, args.format)
                      if args.format or args.output.suffix else "json")
    print(f"wrote {args.graph} graph ({g.number_of_nodes():,} nodes, {g.number_of_edges():,} edges) "
          f"as {fmt} to {args.output}", file=sys.stderr)
    return 0
