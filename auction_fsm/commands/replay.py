"""``auction-fsm replay FILE ... [--json]`` and ``auction-fsm demo``.

``replay`` reads scenario files and tells each auction call by call (or prints the position
reached as JSON); ``demo`` does the same for every example scenario that ships with the project.
A file that cannot be read, or an event the Laws refuse, is reported on standard error with its
place; the other files are still replayed, what was recorded before the refusal is still shown,
and the exit status is 2.  ``-`` names standard input (``auction-fsm replay - < board.json``).

The simulator (and with it ``transitions``) and the narration are imported when a command runs,
not when the command line is built (see :mod:`auction_fsm.commands`).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import AuctionFsmError
from ._base import EXIT_INPUT_ERROR, EXIT_OK, Subparsers, print_error
from ._files import check_one_stdin, read_scenario
from ._law_book import add_law_book_option, book_for

if TYPE_CHECKING:
    from ..engine import Step
    from ..lawbook import LawBook
    from ..scenario import Replay

__all__ = ["register", "replay_files", "replay_to_json"]


def register(subparsers: Subparsers) -> None:
    """Add the ``replay`` and ``demo`` subcommands."""
    replay = subparsers.add_parser(
        "replay",
        help="replay scenario files, narrating each call",
        description="Replay scenario files (docs/scenario-format.md): tell each auction call by "
                    "call, or print the position reached as JSON.",
    )
    replay.add_argument("files", nargs="+", type=Path, metavar="FILE",
                        help="a scenario file (JSON); - reads one from standard input")
    replay.add_argument("--json", action="store_true",
                        help="print the position reached as JSON (an array when several files are given)")
    add_law_book_option(replay)
    replay.set_defaults(func=_run_replay)

    demo = subparsers.add_parser(
        "demo",
        help="replay every bundled example scenario with narration",
        description="Replay every example scenario that ships with auction-fsm, call by call.",
    )
    demo.set_defaults(func=_run_demo)


def replay_to_json(replay: Replay) -> dict[str, Any]:
    """The JSON printed for one replayed file: the position reached, plus ``source`` and
    ``error`` (``null``, or the refused event's number, the kind of problem, message and law)."""
    from ..report import error_kind, state_to_json

    err = replay.error
    error = None if err is None else {
        "event": replay.failed_event,
        "kind": error_kind(err),
        "message": str(err),
        "law": getattr(err, "law", None),
    }
    return {"source": replay.scenario.source, **state_to_json(replay.simulator), "error": error}


def replay_files(paths: Sequence[Path], *, as_json: bool, book_name: str | None = None) -> int:
    """Replay each file in turn (``-`` is standard input) under the law book ``book_name`` (by
    default the one each file names, else 2017); report problems on standard error; return the
    exit status."""
    from ..narrate import narrate_replay, step_lines

    args = argparse.Namespace(law_book=book_name)
    check_one_stdin(paths)
    status = EXIT_OK
    documents: list[dict[str, Any]] = []
    for n, path in enumerate(paths):
        try:
            scenario = read_scenario(path)
        except (OSError, AuctionFsmError) as err:
            print_error(err)
            status = EXIT_INPUT_ERROR
            continue
        try:
            book = book_for(args, scenario.law_book, str(path))
        except AuctionFsmError as err:
            print_error(err)
            status = EXIT_INPUT_ERROR
            continue
        # each step is told as it comes and only the last is kept: linear in the events (F17)
        told: list[str] = []

        def tell(i: int, st: Step, told: list[str] = told, book: LawBook = book) -> None:
            told.extend(step_lines(i, st, book))

        result = scenario.replay(book=book, keep_steps=1, on_step=None if as_json else tell)
        if as_json:
            documents.append(replay_to_json(result))
        else:
            if n:
                print()
            print("\n".join(narrate_replay(result, told)), flush=True)
        if result.error is not None:
            print_error(result.error)
            status = EXIT_INPUT_ERROR
    if as_json and documents:
        print(json.dumps(documents[0] if len(paths) == 1 else documents, indent=2, ensure_ascii=False))
    return status


def _run_replay(args: argparse.Namespace) -> int:
    return replay_files(args.files, as_json=args.json, book_name=args.law_book)


def _shown(path: Path) -> Path:
    """``path`` relative to the working directory when it lies below it (shorter headings)."""
    cwd = Path.cwd()
    if cwd == Path(cwd.anchor):
        return path
    try:
        return path.relative_to(cwd)
    except ValueError:
        return path


def _run_demo(args: argparse.Namespace) -> int:
    from ..scenario import bundled_examples

    paths = [_shown(p) for p in bundled_examples()]
    print(f"auction-fsm demo: {len(paths)} example auctions from {paths[0].parent}\n")
    return replay_files(paths, as_json=False)
