"""``auction-fsm serve``: the web trainer, a page on this machine.

The page shows the table, a bidding box, the director's and the players' buttons, the ruling
and the narration with each law linked to its flowchart, the flowchart of the procedure under
way, the auction as a bidding diagram, undo, load and save, and the quiz.  The server answers
on 127.0.0.1 unless ``--host`` says otherwise (with a warning), and reads and writes scenario
files only in the folder it was started for.  The server module is imported when it runs.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import UsageError
from ._base import Subparsers
from ._law_book import add_law_book_option, chosen_book

__all__ = ["register", "handler"]


def register(subparsers: Subparsers) -> None:
    """Add the ``serve`` subcommand."""
    p = subparsers.add_parser(
        "serve", help="the web trainer: the table, the director and the flowcharts in a browser",
        description="Serve the web trainer on this machine: open the address it prints in a "
                    "browser. Each browser tab is a board of its own; scenario files are loaded "
                    "from and saved into FOLDER only. Ctrl-C stops it.")
    p.add_argument("folder", nargs="?", default=".", metavar="FOLDER",
                   help="the folder whose scenario files the page may load and save (default: the "
                        "current folder)")
    p.add_argument("--host", default=None, metavar="HOST",
                   help="listen on this address instead of 127.0.0.1 (only this machine); anyone who "
                        "can reach it could then use the trainer and the folder's files")
    p.add_argument("--port", type=int, default=8765, metavar="PORT",
                   help="the port (default 8765; 0 picks a free one)")
    p.add_argument("--log", action="store_true", help="print each request on standard error")
    add_law_book_option(p, "rule new boards and the quiz by")
    p.set_defaults(func=handler)


def handler(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    from pathlib import Path

    from ..web.server import LOOPBACK, make_server

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: a port is a number from 0 to 65535")
    folder = Path(args.folder)
    if not folder.is_dir():
        raise UsageError(f"{args.folder}: not a folder")
    host = "127.0.0.1" if args.host is None else args.host
    if host not in LOOPBACK:
        print(f"auction-fsm serve: warning: listening on {host}, not only on this machine: anyone who "
              f"can reach it on port {args.port} can use the trainer and load and save the scenario "
              f"files of {folder.resolve()}", file=sys.stderr)
    try:
        server = make_server(folder, host, args.port, quiet=not args.log, book=chosen_book(args))
    except OSError as err:
        raise UsageError(f"cannot listen on {host} port {args.port}: {err.strerror or err}") from err
    print(f"auction-fsm serve: the web trainer is at {server.url} (scenario files: "
          f"{server.folder}); Ctrl-C stops it", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("auction-fsm serve: stopped", file=sys.stderr)
    finally:
        server.server_close()
    return 0
