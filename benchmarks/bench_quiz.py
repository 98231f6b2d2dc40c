"""Fairness of the quiz: can a student who knows no law beat chance by a trick?

Run from the repository root::

    python benchmarks/bench_quiz.py                  # 1,000 questions, 250 at each level
    python benchmarks/bench_quiz.py --questions 400 --seed 7 --json

It draws the questions ``auction-fsm quiz`` would ask (every level in turn, seeds
``bench:<seed>``), and scores four choosers that read only the choices, never the situation:

* **chance**: a letter drawn at random (the baseline, measured in the same run: about 25%);
* **cites the law**: an option citing the law number the situation is about (what
  ``--law N`` names: 27 for an insufficient bid), drawn at random among those that do; a
  random letter when none does;
* **longest**: the longest option (ties drawn at random), and **shortest**, its mirror;
* **odd one out**: the option whose cited law numbers differ from the others' (the one
  citing a number no other option cites; a random letter when none or several do).

Target (issue 18): neither "cites the law" nor "longest" scores more than 10 points above
chance.  The figures are printed as percentages, and as points above the chance chooser of the
same run; the counts behind them by kind and level with ``--by-kind``.  The benchmark reports;
it does not fail (``tests/teaching/test_quiz_fairness.py`` checks the structural properties on
a fixed set of seeds).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from auction_fsm.teaching.quiz import LEVELS, Question, cited_numbers, make_question

Chooser = Callable[[Question, random.Random], int]


def chance(q: Question, rng: random.Random) -> int:
    """A random letter."""
    return rng.randrange(len(q.choices))


def cites_the_law(q: Question, rng: random.Random) -> int:
    """An option citing the situation's law, at random among those that do."""
    citing = [i for i, c in enumerate(q.choices) if q.topic in cited_numbers(c)]
    return rng.choice(citing) if citing else rng.randrange(len(q.choices))


def longest(q: Question, rng: random.Random) -> int:
    """The longest option."""
    most = max(len(c) for c in q.choices)
    return rng.choice([i for i, c in enumerate(q.choices) if len(c) == most])


def shortest(q: Question, rng: random.Random) -> int:
    """The shortest option (the other side of "longest")."""
    least = min(len(c) for c in q.choices)
    return rng.choice([i for i, c in enumerate(q.choices) if len(c) == least])


def odd_one_out(q: Question, rng: random.Random) -> int:
    """The one option citing a law number no other option cites."""
    sets = [cited_numbers(c) for c in q.choices]
    odd = [i for i, s in enumerate(sets) if s - set().union(*(t for j, t in enumerate(sets) if j != i))]
    return odd[0] if len(odd) == 1 else rng.randrange(len(q.choices))


CHOOSERS: dict[str, Chooser] = {"chance": chance, "cites the law": cites_the_law, "longest": longest,
                                "shortest": shortest, "odd one out": odd_one_out}


def run(questions: int, seed: str) -> dict[str, object]:
    """Draw the questions, score every chooser; return the figures."""
    rng = random.Random(f"choosers:{seed}")
    right: Counter[str] = Counter()
    by_kind: Counter[tuple[str, str, bool]] = Counter()
    kinds: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    start = time.perf_counter()
    for n in range(questions):
        level = 1 + n % len(LEVELS)
        q = make_question(f"bench:{seed}", n // len(LEVELS) + 1, level=level)
        kinds[q.kind] += 1
        levels[level] += 1
        for name, chooser in CHOOSERS.items():
            ok = chooser(q, rng) == q.answer
            right[name] += ok
            by_kind[(name, q.kind, ok)] += 1
    seconds = time.perf_counter() - start
    pct = {name: 100.0 * right[name] / questions for name in CHOOSERS}
    return {"questions": questions, "seed": seed, "seconds": round(seconds, 1),
            "percent_right": {k: round(v, 1) for k, v in pct.items()},
            "points_above_chance": {k: round(v - pct["chance"], 1) for k, v in pct.items() if k != "chance"},
            "points_above_a_quarter": {k: round(v - 25.0, 1) for k, v in pct.items()},
            "kinds": dict(kinds.most_common()), "levels": {LEVELS[k - 1]: v for k, v in sorted(levels.items())},
            "by_kind": {f"{name} / {kind}": f"{by_kind[(name, kind, True)]} of {by_kind[(name, kind, True)] + by_kind[(name, kind, False)]}"
                        for name in CHOOSERS for kind in kinds}}


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run, print."""
    ap = argparse.ArgumentParser(description="How fair the quiz's choices are: the score of choosers that "
                                             "read only the options (an option citing the situation's law, the "
                                             "longest option, the odd law out) against a random letter, over "
                                             "generated questions.")
    ap.add_argument("--questions", type=int, default=1000, help="questions to draw (default 1,000), every level in turn")
    ap.add_argument("--seed", default="1", help="which questions (default 1)")
    ap.add_argument("--by-kind", action="store_true", help="also print each chooser's score by kind of question")
    ap.add_argument("--json", action="store_true", help="the figures as JSON")
    args = ap.parse_args(argv)
    if args.questions < 1:
        ap.error("--questions must be at least 1")
    fig = run(args.questions, args.seed)
    if args.json:
        print(json.dumps(fig, indent=2))
        return 0
    pct = fig["percent_right"]
    above = fig["points_above_chance"]
    assert isinstance(pct, dict) and isinstance(above, dict)
    print(f"{fig['questions']} questions (seed {fig['seed']}, levels {fig['levels']}), drawn in {fig['seconds']} s")
    print(f"kinds: {fig['kinds']}")
    print(f"{'chooser':<16} {'right':>7} {'vs chance (same run)':>22} {'vs 25%':>8}")
    for name in CHOOSERS:
        vs = "baseline" if name == "chance" else f"{above[name]:+.1f} points"
        print(f"{name:<16} {pct[name]:>6.1f}% {vs:>22} {pct[name] - 25.0:>+7.1f}")
    target = max(above["cites the law"], above["longest"])
    print(f"target: 'cites the law' and 'longest' at most 10 points above chance: "
          f"{'met' if target <= 10.0 else 'NOT met'} (worst {target:+.1f})")
    if args.by_kind:
        by = fig["by_kind"]
        assert isinstance(by, dict)
        for k, v in by.items():
            print(f"  {k:<32} {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
