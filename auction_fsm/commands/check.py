"""``auction-fsm check FILE ...``: every board of PBN, LIN or scenario files against the Laws.

Each board's auction is replayed through the model; one line per board gives the verdict
(legal, irregular, incomplete, illegal, unreadable, no auction), what the model ruled, the
contract, and whether the file's Contract and Declarer tags agree; a summary follows.  The
format of each file is told from its content.  ``--json`` prints one JSON document instead.
Exit status: 0 when every board is legal, irregular, incomplete or a deal alone; 1 when a
board's auction is illegal; 2 when a board or a whole file cannot be read (each such problem is
also reported on standard error as ``auction-fsm: <kind>: <where>: <what>``).

Only light imports at the top: the readers and the model are loaded when the command runs.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from ._base import Subparsers
from ._law_book import add_law_book_option, chosen_book

__all__ = ["register", "handler"]

EXIT_ILLEGAL = 1


def register(subparsers: Subparsers) -> None:
    """Add the ``check`` subcommand."""
    p = subparsers.add_parser(
        "check", help="check every board of PBN, LIN or scenario files against the Laws",
        description="Replay every auction of PBN, LIN or scenario files (told apart by content) "
                    "through the model: one verdict per board, what the model ruled, and whether "
                    "the file's Contract and Declarer tags agree with the auction. Exit status 1 "
                    "if an auction is illegal, 2 if a board or file cannot be read.")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE", help="a .pbn, .lin or scenario .json file")
    p.add_argument("--json", action="store_true", help="print the reports as one JSON document")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="print only boards that are not legal, and the summary")
    p.add_argument("--progress", action="store_true",
                   help="show progress on standard error (default: when it is a terminal)")
    add_law_book_option(p, "check the boards by")
    p.add_argument("--machines", action="store_true",
                   help="replay every board with the state machines cross-checked (slower); by "
                        "default only irregular boards are")
    p.set_defaults(func=handler)


class _JsonDocument:
    """The ``--json`` document, written as the files are checked: per file its name, format and
    boards, one board's report a line (:meth:`BoardReport.json_line`), then the summary.

    Python's JSON encoder is fast only without indentation, and a file of thousands of boards
    indented throughout is no easier to read: each board's report is one line, and the few
    lines around them are laid out by hand.  Each file's part is written once it is checked,
    so no report is kept and the document is never built whole in memory.
    """

    def __init__(self, write: Callable[[str], object]) -> None:
        import json

        self.write = write
        self.files = 0
        self.encode = json.JSONEncoder(ensure_ascii=False).encode

    def add_file(self, name: str, fmt: str, lines: list[str]) -> None:
        """Write one file's part."""
        one = self.encode
        head = ",\n" if self.files else '{\n  "format": "auction-fsm-check",\n  "files": [\n'
        self.files += 1
        if lines:
            boards = ",\n        ".join(lines)
            self.write(f'{head}    {{"file": {one(name)}, "format": {one(fmt)}, "boards": [\n'
                       f'        {boards}\n    ]}}')
        else:
            self.write(f'{head}    {{"file": {one(name)}, "format": {one(fmt)}, "boards": []}}')

    def finish(self, summary: dict[str, int]) -> None:
        """Write the summary and close the document."""
        if self.files:
            self.write(f'\n  ],\n  "summary": {self.encode(summary)}\n}}\n')
        else:
            self.write(f'{{\n  "format": "auction-fsm-check",\n  "files": [],\n  "summary": {self.encode(summary)}\n}}\n')


def handler(args: argparse.Namespace) -> int:
    """Run ``check``."""
    import gc
    import sys

    from ..board_check import VERDICTS, Checker
    from ..board_files import read_path
    from ..errors import AuctionFsmError
    from ._base import EXIT_INPUT_ERROR, EXIT_OK, print_error

    # Reading makes many small objects that live until their file is done and form no cycles:
    # the cyclic collector, run every 700 allocations by default, would mostly walk them in
    # vain (about a tenth of the time on the corpus).  It runs less often here, and leaves the
    # objects of the start-up alone.
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)
    progress = args.progress or (sys.stderr.isatty() and not args.json)
    checker = Checker(machines=args.machines, book=None if args.law_book is None else chosen_book(args))
    counts: dict[str, int] = dict.fromkeys(VERDICTS, 0)
    tags = {"agree": 0, "mismatch": 0, "not compared": 0}
    status = EXIT_OK
    files_read = 0
    write = sys.stdout.write
    document = _JsonDocument(write) if args.json else None
    for path in args.files:
        try:
            fmt, boards = read_path(path)
        except (OSError, AuctionFsmError) as err:
            print_error(err)
            status = EXIT_INPUT_ERROR
            continue
        files_read += 1
        # A file's lines are written together (one write, not one print a board), or at once
        # when progress is shown or a message on standard error must come after them.
        lines: list[str] = []  # with --json, each board's report as JSON: a report holds its board
        for n, board in enumerate(boards, 1):
            report = checker.check(board)
            if fmt != "pbn":
                # The Contract and Declarer of a scenario, or of a LIN board laid out as PBN,
                # come from the auction itself: there is nothing independent to compare.
                report.tags = "not compared"
                report.mismatch = None
            counts[report.verdict] += 1
            tags[report.tags] += 1
            if args.json:
                lines.append(report.json_line())
            elif not (args.quiet and report.verdict == "legal"):
                lines.append(report.summary())
            if report.verdict == "unreadable":
                assert report.error is not None
                if not args.json:
                    _flush(lines, write)
                print_error(report.error)
                status = EXIT_INPUT_ERROR
            elif report.verdict == "illegal" and status == EXIT_OK:
                status = EXIT_ILLEGAL
            if progress:
                if not args.json:
                    _flush(lines, write)
                    sys.stdout.flush()
                if n % 500 == 0:
                    print(f"\r{path}: {n}/{len(boards)} boards", end="", file=sys.stderr, flush=True)
        if progress and len(boards) >= 500:
            print(f"\r{path}: {len(boards)}/{len(boards)} boards", file=sys.stderr, flush=True)
        if document is not None:
            document.add_file(str(path), fmt, lines)
        else:
            _flush(lines, write)
    total = sum(counts.values())
    summary = {"files": len(args.files), "files_read": files_read, "boards": total, **counts,
               "tags_agree": tags["agree"], "tags_mismatch": tags["mismatch"],
               "tags_not_compared": tags["not compared"]}
    if document is not None:
        document.finish(summary)
    else:
        verdicts = ", ".join(f"{counts[v]} {v}" for v in VERDICTS if counts[v])
        print(f"{files_read} of {len(args.files)} file(s) read, {total} board(s): {verdicts or 'none'}; "
              f"tags: {tags['agree']} agree, {tags['mismatch']} disagree, {tags['not compared']} not compared")
    return status


def _flush(lines: list[str], write: Callable[[str], object]) -> None:
    """Write the lines gathered so far, and forget them."""
    if lines:
        write("\n".join(lines) + "\n")
        lines.clear()
