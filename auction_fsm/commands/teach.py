"""``auction-fsm teach``: an interactive director.

The student enters calls for any seat, legal or not, in any order, and the director's events;
the model says what happened, which law applies, who chooses between what, asks for the
judgements and choices it needs, applies the rectification and shows the obligations in force.
Commands restate the auction (20B), explain the last ruling, undo, show the machines, save the
session as a scenario file.  Lines come from a terminal or from standard input (a script):
``quit`` or the end of a script ends the session; Ctrl-C or Ctrl-D at a terminal asks whether
to save the board first; ``load FILE`` carries on a saved board.  The simulator is imported
when it runs.
"""

from __future__ import annotations

import argparse
import sys

from ._base import Subparsers
from ._law_book import add_law_book_option, chosen_book

__all__ = ["register", "handler"]


def register(subparsers: Subparsers) -> None:
    """Add the ``teach`` subcommand."""
    p = subparsers.add_parser(
        "teach", help="an interactive director: enter calls and events, the model rules",
        description="Play the auction period at an imaginary table: enter calls for any seat "
                    "(legal or not, in any order) and the director's events; the model rules "
                    "with the 2017 Laws. Type help in the session for what you can enter. Reads a "
                    "terminal or standard input (auction-fsm teach < lesson.txt); quit or the end "
                    "of the input ends it.")
    p.add_argument("--dealer", default="N", metavar="SEAT", help="the dealer (N, E, S or W; default N)")
    p.add_argument("--vulnerability", default="None", choices=("None", "NS", "EW", "All"),
                   help="the vulnerability recorded in a saved scenario (default None)")
    add_law_book_option(p, 'rule by')
    p.set_defaults(func=handler)


def handler(args: argparse.Namespace) -> int:
    """Run the session until quit or the end of the input."""
    from ..teaching.session import TeachSession, counted
    from ._base import EXIT_INTERNAL_ERROR, PROG
    from ._interactive import Leaving, run_lines

    session = TeachSession(args.dealer, args.vulnerability, book=chosen_book(args))

    def at_end(why: str) -> list[str]:
        return [f"{why[:1].upper()}{why[1:]}: session ended after {counted(len(session.events), 'event')}."]

    status = run_lines(session.prompt, session.handle, lambda: session.done, session.intro(), at_end,
                       Leaving(session.leave_question, session.leave_answer))
    if session.faults:  # an internal fault is never a ruling: the exit status says so too
        print(f"{PROG}: internal error (a bug in auction-fsm, please report it): "
              f"{counted(session.faults, 'line')} met an internal fault in teach", file=sys.stderr)
        return EXIT_INTERNAL_ERROR
    return status
