"""``auction-fsm quiz``: random irregular situations, answered from a terminal or standard input.

Each question is an auction the model played out with an irregularity (seeded: ``--seed``
gives the same quiz again), and a question with four choices about who must pass, lead
restrictions, what happens next or which law applies; the answer is checked against the model
and explained with the law.  ``--law 27`` keeps to one family.  ``quit`` or the end of the
input ends the quiz with the score.  The simulator is imported when the quiz runs.
"""

from __future__ import annotations

import argparse

from ..errors import UsageError
from . import Subparsers
from ._law_book import add_law_book_option, chosen_book

__all__ = ["register", "handler"]


def register(subparsers: Subparsers) -> None:
    """Add the ``quiz`` subcommand."""
    p = subparsers.add_parser(
        "quiz", help="a quiz on irregular auctions, checked and explained by the model",
        description="Random irregular situations from the law book, each with a question and four "
                    "choices; answer a, b, c or d. Reads a terminal or standard input; quit or the "
                    "end of the input ends it with the score.")
    p.add_argument("--seed", default="0", metavar="SEED", help="the quiz to draw (default 0): the same "
                   "seed gives the same questions")
    p.add_argument("--law", type=int, metavar="NUMBER", help="only situations of the family covering "
                   "this law number (e.g. 27, 31, 25)")
    p.add_argument("--questions", type=int, metavar="N", help="stop after N questions")
    add_law_book_option(p, 'ask about')
    p.set_defaults(func=handler)


def handler(args: argparse.Namespace) -> int:
    """Run the quiz until quit, the last question or the end of the input."""
    from ..teaching.quiz import QuizSession, families_for_law
    from ._interactive import run_lines

    if not families_for_law(args.law):
        from ..lawbook import LAWS_2017
        from ..teaching.quiz import family_numbers

        known = sorted({n for f in LAWS_2017.drawn_families if f not in ("17-22",) for n in family_numbers(f)})
        raise UsageError(f"--law {args.law}: no family of irregularities covers it; try one of "
                         f"{', '.join(map(str, known))}")
    if args.questions is not None and args.questions < 1:
        raise UsageError("--questions must be at least 1")
    quiz = QuizSession(args.seed, args.law, args.questions, book=chosen_book(args))
    return run_lines(quiz.prompt, quiz.handle, lambda: quiz.done, quiz.intro(),
                     lambda: ["End of input: quiz ended.", *quiz.score()])
