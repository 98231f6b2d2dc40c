"""``auction-fsm quiz``: situations at the table, answered from a terminal or standard input.

Each question is a realistic auction with an irregularity, played out by the model (seeded:
``--seed`` gives the same quiz again), and a question with four choices: which law applies,
who decides, what the options are, what the director rules next, who must pass and for how
long, what lead restrictions follow.  The answer is checked against the model and explained
with the law.  ``--law 27`` keeps to one law, ``--level`` goes from beginner to the director's
examination.  ``quit`` or the end of the input ends the quiz with the score.  The simulator is
imported when the quiz runs.
"""

from __future__ import annotations

import argparse

from ..errors import UsageError
from ._base import Subparsers
from ._law_book import add_law_book_option, chosen_book

__all__ = ["register", "handler"]


def register(subparsers: Subparsers) -> None:
    """Add the ``quiz`` subcommand."""
    p = subparsers.add_parser(
        "quiz", help="a quiz on irregular auctions, checked and explained by the model",
        description="Situations at the table -- a realistic auction, then an irregularity -- each "
                    "with a question and four choices ruled by the law book; answer a, b, c or d, "
                    "skip for another question. Reads a terminal or standard input; quit or the end "
                    "of the input ends it with the score.")
    p.add_argument("--seed", default="0", metavar="SEED", help="the quiz to draw (default 0): the same "
                   "seed gives the same questions")
    p.add_argument("--law", type=int, metavar="NUMBER", help="only situations about this law number "
                   "(e.g. 27, 31, 25)")
    p.add_argument("--level", default="club", metavar="LEVEL",
                   help="beginner (insufficient bids, calls out of rotation, exposed cards), club (the "
                        "default: also inadmissible doubles, leads out of turn, options, lead "
                        "restrictions), advanced (doubles out of rotation, changes of call, calls after "
                        "the final pass) or exam (bids above seven, calls by a player who must pass, "
                        "two irregularities); or 1-4")
    p.add_argument("--questions", type=int, metavar="N", help="stop after N questions")
    add_law_book_option(p, 'ask about')
    p.set_defaults(func=handler)


def handler(args: argparse.Namespace) -> int:
    """Run the quiz until quit, the last question or the end of the input."""
    from ..teaching.quiz import QuizSession, level_number, quiz_laws
    from ._interactive import run_lines

    try:
        level = level_number(args.level)
    except ValueError as err:
        raise UsageError(f"--level: {err}") from None
    if args.law is not None and args.law not in quiz_laws():
        raise UsageError(f"--law {args.law}: the quiz has no situation about it; try one of "
                         f"{', '.join(map(str, quiz_laws()))}")
    if args.questions is not None and args.questions < 1:
        raise UsageError("--questions must be at least 1")
    quiz = QuizSession(args.seed, args.law, args.questions, level, book=chosen_book(args))
    return run_lines(quiz.prompt, quiz.handle, lambda: quiz.done, quiz.intro(),
                     lambda why: [f"{why[:1].upper()}{why[1:]}: quiz ended.", *quiz.score()])
