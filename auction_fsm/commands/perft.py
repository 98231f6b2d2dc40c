"""``auction-fsm perft``: count legal auctions with the model and compare with the oracle.

The command prints how many complete legal auctions exist, how many call sequences of exactly
1..N calls start an auction, and how long the longest auction is, each with thousands
separators and, where an independently verified figure exists, whether the model matches it.
The exit status is 0 when every figure with an oracle matches and 1 otherwise, so the command
doubles as a smoke test of the rules core.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..perft import PerftReport, perft
from ..seats import Seat
from ._base import Subparsers

__all__ = ["register", "handler", "report_to_dict", "format_report"]

DEFAULT_DEPTH = 6


def _depth(text: str) -> int:
    """argparse type for ``--depth``: a whole number of calls, at least 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--depth needs a whole number of calls, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"--depth must be 0 or more, got {value}")
    return value


def register(subparsers: Subparsers) -> None:
    """Add the ``perft`` sub-command to an ``argparse`` sub-parser collection."""
    parser = subparsers.add_parser(
        "perft",
        help="count legal auctions and compare with the oracle figures",
        description="Count complete legal auctions, call sequences of 1..N calls and the longest "
                    "auction with the rules core, and say whether each matches the independently "
                    "verified figure. Exit status 1 if any figure disagrees.",
    )
    parser.add_argument("--depth", type=_depth, default=DEFAULT_DEPTH, metavar="N",
                        help=f"count call sequences of 1..N calls (default {DEFAULT_DEPTH})")
    parser.add_argument("--dealer", choices=[s.name for s in Seat], default="N",
                        help="the dealer (the counts are the same for every dealer; default N)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.set_defaults(func=handler)


def _verdict(got: int, oracle: int | None) -> str:
    """A few words comparing a figure with its oracle."""
    if oracle is None:
        return "(no oracle figure)"
    return "matches oracle" if got == oracle else f"MISMATCH: oracle says {oracle:,}"


def report_to_dict(report: PerftReport) -> dict[str, Any]:
    """The JSON form of a report: every figure with its oracle (or ``null``) and a verdict."""

    def entry(got: int, oracle: int | None) -> dict[str, Any]:
        return {"count": got, "oracle": oracle, "matches": None if oracle is None else got == oracle}

    return {
        "dealer": report.dealer.name,
        "complete_auctions": entry(report.complete, report.oracle_complete),
        "sequences": [{"calls": n, **entry(c, report.oracle_sequences.get(n))}
                      for n, c in enumerate(report.sequences, start=1)],
        "longest_auction": entry(report.longest, report.oracle_longest),
        "all_match": report.all_match,
    }


def format_report(report: PerftReport) -> str:
    """The human-readable table the command prints."""
    rows = report.checks()
    name_w = max(len(name) for name, _, _ in rows)
    num_w = max(len(f"{got:,}") for _, got, _ in rows)
    lines = [f"perft: legal auctions with {report.dealer.long_name} dealing (Laws 17-19, 22)"]
    lines += [f"  {name:<{name_w}}  {got:>{num_w},}  {_verdict(got, oracle)}" for name, got, oracle in rows]
    lines.append("all figures match the oracle" if report.all_match
                 else "SOME FIGURES DISAGREE WITH THE ORACLE")
    return "\n".join(lines)


def handler(args: argparse.Namespace) -> int:
    """Run ``perft``; return 0 when every figure with an oracle matches it, 1 otherwise."""
    report = perft(depth=args.depth, dealer=args.dealer)
    if args.json:
        print(json.dumps(report_to_dict(report), indent=2))
    else:
        print(format_report(report))
    return 0 if report.all_match else 1
