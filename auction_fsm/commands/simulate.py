"""``auction-fsm simulate``: whole random auctions with irregularities at a chosen rate.

Prints how often each law was applied and how the auctions ended; with the machines
cross-checked after every event it doubles as a fuzzer (failures are reported, and saved as
scenario files with ``--save-failures DIR``; the exit status is then 1).  The simulator is
imported when the command runs.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..errors import UsageError
from ._base import Subparsers
from ._law_book import add_law_book_option, chosen_book

__all__ = ["register", "handler"]


def register(subparsers: Subparsers) -> None:
    """Add the ``simulate`` subcommand."""
    p = subparsers.add_parser(
        "simulate", help="random whole auctions with irregularities; laws applied and endings",
        description="Simulate random auctions with irregularities injected at a chosen rate "
                    "(seeded), and print how often each law was applied and how the auctions "
                    "ended. The machines are cross-checked after every event, so it is also a fuzzer.")
    p.add_argument("-n", "--count", type=int, default=100, metavar="N", help="auctions (default 100)")
    p.add_argument("--seed", default="0", metavar="SEED", help="the run to draw (default 0)")
    p.add_argument("--rate", type=float, default=0.1, metavar="P",
                   help="chance of an irregularity at each turn, 0 to 1 (default 0.1)")
    p.add_argument("--max-events", type=int, default=80, metavar="N",
                   help="events tried per auction before it counts as unfinished (default 80)")
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    p.add_argument("--save-failures", type=Path, metavar="DIR",
                   help="write a scenario file for each failure found into DIR")
    add_law_book_option(p, 'rule by')
    p.set_defaults(func=handler)


def handler(args: argparse.Namespace) -> int:
    """Run the simulation and print the report."""
    if not 0.0 <= args.rate <= 1.0:
        raise UsageError(f"--rate must be between 0 and 1, not {args.rate}")
    if args.count < 1 or args.max_events < 1:
        raise UsageError("--count and --max-events must be at least 1")
    from ..teaching.randomsim import simulate

    stats = simulate(args.count, args.seed, args.rate, args.max_events, book=chosen_book(args))
    if args.json:
        print(json.dumps(stats.to_json(), indent=2))
    else:
        print("\n".join(stats.lines()))
    if stats.failures and args.save_failures is not None:
        from ..fuzzing import reproducer

        args.save_failures.mkdir(parents=True, exist_ok=True)
        for f in stats.failures:
            path = args.save_failures / f"simulate-{args.seed}-{f.scenario_index}.json"
            path.write_text(reproducer(f), encoding="utf-8")
            print(f"saved {path}")
    return 1 if stats.failures else 0
