"""Command-line options shared by ``verify``, ``export`` and ``draw``: choosing scopes.

Registering these options imports nothing heavy: the named scopes live with the explorers
(numpy, networkx, the state machines), so the help of ``--scope`` reads their names only when
it is shown, and :func:`scopes_from_args` imports them only when a command runs.  That keeps
``auction-fsm replay`` and ``auction-fsm --help`` from paying for modules they never use.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..seats import Seat, parse_seat

if TYPE_CHECKING:
    from ..graph.scopes import Scope

__all__ = ["add_scope_options", "scopes_from_args"]


class _ScopeNames(argparse.Action):
    """``--scope NAME``, repeatable (an append action) with a help text that lists the named
    scopes only when argparse formats it."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, [*(getattr(namespace, self.dest, None) or []), values])

    @property
    def help(self) -> str:
        from ..graph.scopes import NAMED_SCOPES

        return f"a named scope ({', '.join(NAMED_SCOPES)}); repeat or separate with commas for several"

    @help.setter
    def help(self, value: str | None) -> None:  # argparse sets it; the property above answers
        pass


def positive_int(text: str) -> int:
    """An option's value that must be a whole number of at least 1 (``--jobs``, ``--partitions``,
    a benchmark's counts): anything else is a usage error quoting it."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def add_scope_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--scope``, ``--max-level``, ``--dealer``, ``--track-declarer``,
    ``--max-irregularities``, ``--agreement`` and ``--no-tables``."""
    parser.add_argument("--scope", action=_ScopeNames, metavar="NAME")
    parser.add_argument("--max-level", type=int, choices=range(1, 8), metavar="N",
                        help="highest bid level explored (1-7)")
    parser.add_argument("--dealer", metavar="SEAT",
                        help="N, E, S, W, or 'all' for every dealer")
    parser.add_argument("--track-declarer", action="store_true",
                        help="keep who first named each strain in the configuration key")
    parser.add_argument("--max-irregularities", type=int, metavar="N",
                        help="irregularities per auction in an irregular scope")
    parser.add_argument("--agreement", choices=("all", "sample", "off"),
                        help="irregular scopes: check the machines on every edge (all, the "
                             "default), on a sample of replayed traces, or not at all")
    parser.add_argument("--no-tables", action="store_true",
                        help="irregular scopes: ask the law book's classifier and guards at every "
                             "configuration instead of looking their decisions up in tables on the "
                             "facts they read (the same graph, slower; see docs/verification.md)")


def scopes_from_args(args: argparse.Namespace, default: Sequence[str] | None = None,
                     whole_graphs: bool = False) -> list[Scope]:
    """The scopes the options ask for.

    ``whole_graphs`` (export, draw): a scope verified in parts (by strain or offender) is refused,
    naming its parts, since its whole graph is what the split avoids building.

    Without ``--scope``, a bound given on the command line applies to the ``legal`` scope;
    with no option at all, ``default`` is used (by default the scopes ``verify`` checks).
    """
    from ..graph.scopes import DEFAULT_SCOPES, ScopeError, scope_named

    names: list[str] = [n.strip() for item in (args.scope or []) for n in item.split(",") if n.strip()]
    dealers: tuple[Seat, ...] | None = None
    if args.dealer is not None:
        dealers = tuple(Seat) if args.dealer.strip().lower() == "all" else (
            parse_seat(args.dealer, "--dealer"),)
    irregularities = getattr(args, "max_irregularities", None)
    if irregularities is not None and irregularities < 0:
        raise ScopeError(f"--max-irregularities must be 0 or more, got {irregularities}")
    bounded = (args.max_level is not None or dealers is not None or args.track_declarer
               or irregularities is not None)
    if not names:
        names = ["legal"] if bounded else list(DEFAULT_SCOPES if default is None else default)
    agreement = getattr(args, "agreement", None)
    scopes = [scope_named(n).narrowed(max_level=args.max_level, dealers=dealers,
                                    track_declarer=True if args.track_declarer else None,
                                    max_irregularities=irregularities, agreement=agreement,
                                    by_strain=True if getattr(args, "by_strain", False) else None,
                                    by_offender=True if getattr(args, "by_offender", False) else None,
                                    tables=False if getattr(args, "no_tables", False) else None)
              for n in names]
    if whole_graphs:
        split = [s for s in scopes if s.is_split]
        if split:
            raise ScopeError(f"{', '.join(s.name for s in split)} is explored in parts: name one part, "
                             f"such as {split[0].split_parts()[-1].name}")
    return scopes
