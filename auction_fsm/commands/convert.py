"""``auction-fsm convert IN OUT``: between scenario JSON, PBN and LIN.

The input format is told from its content, the output format from ``--to`` or the output
file's suffix (``.json``, ``.pbn``, ``.lin``); ``-`` writes to standard output.  A scenario
file holds one board, so converting a file of several boards to JSON needs ``--board``.  What
the target cannot hold is refused with a message naming the board and the event (LIN has no
seats on its calls, hence no call out of rotation, and no events besides calls).  ``--plain``
writes PBN whose auction and play sections hold only calls, note references and cards, for
readers that take nothing else (see :func:`auction_fsm.pbn.dumps`).  Every board that
can be read is converted; each one that cannot is reported on standard error (file, board, line,
column, what) and skipped, and the exit status is then 2.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from ._base import Subparsers
from ._law_book import add_law_book_option, chosen_book

__all__ = ["register", "handler"]


def register(subparsers: Subparsers) -> None:
    """Add the ``convert`` subcommand."""
    p = subparsers.add_parser(
        "convert", help="convert between scenario JSON, PBN and LIN",
        description="Convert a scenario, PBN or LIN file (told apart by content) to another of "
                    "these formats; our PBN keeps every event in machine-readable commentary.")
    p.add_argument("input", type=Path, metavar="IN", help="the file to read")
    p.add_argument("output", metavar="OUT", help="the file to write, or - for standard output")
    p.add_argument("--to", choices=("json", "pbn", "lin"), help="output format (default: OUT's suffix)")
    p.add_argument("--board", type=int, metavar="N",
                   help="convert only game N of the input (counted from 1)")
    p.add_argument("--plain", action="store_true",
                   help="PBN output: auction and play sections of calls, note references and cards only, "
                        "which simpler PBN readers (endplay) take for any auction; what they leave out "
                        "(irregularities, comments, NAGs) is kept in a comment our reader restores")
    add_law_book_option(p, 'name in the files written')
    p.set_defaults(func=handler)


def handler(args: argparse.Namespace) -> int:
    """Run ``convert``."""
    import sys

    from .. import lin, pbn
    from ..board_files import format_of_suffix, read_path
    from ..errors import ConversionError, UsageError
    from ..scenario import dump_scenario
    from ._base import EXIT_INPUT_ERROR, EXIT_OK, print_error

    out = Path(args.output)
    fmt = {"json": "scenario", "pbn": "pbn", "lin": "lin"}.get(args.to or "") or (
        None if args.output == "-" else format_of_suffix(out))
    if fmt is None:
        raise ConversionError(f"{args.output}: cannot tell the output format from the name; "
                              "use a .json, .pbn or .lin suffix, or --to")
    if args.plain and fmt != "pbn":
        raise UsageError(f"--plain shapes PBN output; {args.output} is written as {args.to or fmt}")
    book = chosen_book(args)
    _, boards = read_path(args.input)
    if args.board is not None:
        chosen = [b for b in boards if b.index == args.board]  # the game number messages give
        if not chosen:
            raise ConversionError(f"{args.input}: no board in game {args.board} (the file's boards are in "
                                  f"games {', '.join(str(b.index) for b in boards[:20]) or 'none'})")
        boards = chosen
    skipped = [b for b in boards if b.error is not None]
    for b in skipped:
        print_error(b.error)  # type: ignore[arg-type]
    total = len(boards)
    boards = [b for b in boards if b.error is None]
    if not boards:
        if skipped:
            return EXIT_INPUT_ERROR
        raise ConversionError(f"{args.input}: no board to convert")
    if fmt == "scenario":
        if len(boards) != 1:
            readable = f"{len(boards)} readable boards of {total}" if skipped else f"{len(boards)} boards"
            raise ConversionError(f"{args.input}: a scenario file holds one board and this file has "
                                  f"{readable}; choose one with --board N")
        scenario = boards[0].to_scenario()
        if args.law_book is not None or scenario.law_book is not None:  # say which book, unless the default
            named = book.name if args.law_book is not None else scenario.law_book
            scenario = replace(scenario, law_book=None if named == "2017" else named)
        text = dump_scenario(scenario)
    elif fmt == "pbn":
        text = pbn.dumps(boards, plain=args.plain)
    else:
        parts = []
        for b in boards:
            try:
                parts.append(lin.dumps([b]))
            except ConversionError as err:  # this board's auction LIN cannot hold: the others go on
                print_error(err)
                skipped.append(b)
        text = "".join(parts)
    if args.output == "-":
        sys.stdout.write(text.replace("\r\n", "\n"))
    else:
        out.write_bytes(text.encode("utf-8"))
    return EXIT_INPUT_ERROR if skipped else EXIT_OK
