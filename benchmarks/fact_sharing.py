"""The gate before an explorer of tables: how much a table keyed on the declared facts (the
classifier's and the guards') would share (issue "The position as named facts", item 3).

Run from the repository root::

    python benchmarks/fact_sharing.py                         # rotation-1, changes-1, insufficient-1
    python benchmarks/fact_sharing.py --edges 20000 rotation-1
    python benchmarks/fact_sharing.py --slots                 # the slots whose values vary most
    python benchmarks/fact_sharing.py --law-book 1997         # under the 1997 book
    python benchmarks/fact_sharing.py --steps                 # whole steps, actions' parts too
    python benchmarks/fact_sharing.py --facts                 # the facts themselves, while exploring

For the first ``--edges`` edges of each scope (breadth first), every edge is ruled again through
the book's rows, and each row fired counts as one *selection* (see
:mod:`auction_fsm.graph.fact_sharing`).  Printed for each scope:

* ``share``: the selections a table keyed on (group of rows, the declared facts the classifier
  and the guards read) would answer, their key having been met before; a group with a guard that declares nothing is
  keyed on the whole position and event instead;
* ``baseline``: the same share with every selection keyed on the position and event, measured
  in the same run (what a table shares when nothing is declared), and ``ratio`` share over it;
* ``declared``: the selections whose group's guards all declare their reads;
* ``conflicts``: equal keys that selected different rows, or equal facts at one machine state
  that the classifier gave different triggers (a declaration that says too little; must be 0);
* by family of the row selected: selections, distinct keys and the share;
* the guards that still declare nothing, by the selections they left keyed on the position.

It is a count, not a timing: the machine's load does not change it.  With ``--steps`` it
measures whole steps instead (:func:`~auction_fsm.graph.fact_sharing.measure_steps`): each edge
keyed on its rows' facts, the values of the parts of the position their actions declare reading
and the event; printed: the share a table so keyed would answer, the share with the log (record,
rulings) left out of the key, and with the log and each other part left out in turn (the parts
that stop sharing, most first), beside the baseline keyed on the position and event, all from the
same run; each twice, with the seats as they are and with the step moved so that the player whose
turn it is sits North (sound because the Laws rule a moved step the same way, moved:
tests/test_symmetry.py).

Also with ``--steps``: *the key kept as an effect*.  A step whose actions read the legal auction
only to move it on by the calls they let stand (they declare the view ``key_step``, none declares
``key``; the audit checks it) is keyed without the key's value, and the table keeps its outcome as
a change: the key moved on by those calls from whatever key the position has.  Printed: how many
steps are such, the share so keyed (with the log in the key, and without it), and a soundness
check in the same run: each step answered from such a table has the stored change applied to its
own position (:func:`~auction_fsm.graph.fact_sharing.replayed`), and the rows and every part are
compared with the step ruled.  With the log in the key the disagreements must be 0; without it they
count what the log's absolute places still tell apart (by part), the key and the rows among them.

Also with ``--steps``: *calls carried*.  A step whose actions all carry the event's call or the
procedure's call (they pass it on without looking at it: ``@action(..., carries=...)``,
:mod:`auction_fsm.lawbook.carried`) is keyed with those calls as holes, the key kept as an
effect; the table fills the holes with the step's own calls at replay.  Printed: how many steps
carry a call, the share so keyed (as they are, and relative to the turn), and the same soundness
check (every answered step compared with the step ruled, part by part; must be none).

Also with ``--steps``: *before ruling*.  The keys above hold the values of the facts the rows
read, which only ruling the step computes.  A table an explorer looks up before it rules a step
must key on what the facts are computed from instead: the event and the values of the parts and
views the fired rows' facts and actions declare reading (:func:`~auction_fsm.graph.fact_sharing.projection_key`;
the key kept as an effect, no call carried).  Printed: the share so keyed, as they are and
relative to the turn, checked the same way, and relative to the turn with each part or view left
out in turn (what narrowing it could at most give: the facts that read the whole legal auction to
ask one thing of it stop sharing most).

With ``--rows``: *row by row*.  Each fired row of each step (moved so that the player whose turn
it is sits North) is keyed at its own position, the one the earlier rows of the step made
(:func:`~auction_fsm.graph.fact_sharing.row_keys`): its selection on the machine state, the trigger
and the facts read there; its action on the action, the event or follow-up and the values of the
parts it declares reading (the key kept as an effect, carried calls as holes).  Printed: the
share of fired rows whose selection, action and both were met before, and the soundness check
(each answered row replayed from the first with its key and compared part by part with the
position the row made; must be none).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Hashable

from auction_fsm.graph.fact_sharing import (
    CARRIED_COLUMNS,
    LOGGED_CALLS,
    PROJECTION_COLUMNS,
    FactTables,
    RowSharing,
    Sharing,
    StepSharing,
    edges_of,
    measure_fact_tables,
    measure_rows,
    measure_sharing,
    measure_steps,
)
from auction_fsm.graph.scopes import scope_named
from auction_fsm.lawbook import BOOKS, book_named
from auction_fsm.lawbook.parts import LOG
from auction_fsm.scope import ScopeError

GATE_SCOPES = ("rotation-1", "changes-1", "insufficient-1")


def _report(s: Sharing, slots: bool) -> None:
    ratio = s.share / s.baseline if s.baseline else float("inf")
    print(f"{s.scope}: {s.edges:,} edges, {s.selections:,} selections, {s.declared / s.selections:.1%} declared; "
          f"{len(s.keys):,} keys, share {s.share:.2%}, baseline {s.baseline:.2%} (ratio {ratio:.1f}); "
          f"conflicts {len(s.conflicts)}")
    for fam, (n, keys) in sorted(s.by_family.items(), key=lambda kv: -kv[1][0]):
        print(f"    family {fam:<16} {n:>7,} selections {keys:>7,} keys  share {1 - keys / n:.1%}")
    if s.undeclared:
        names = ", ".join(f"{g} ({n:,})" for g, n in s.undeclared.most_common(6))
        print(f"    guards declaring nothing yet: {names}")
    if slots:
        widest = sorted(s.slot_values.items(), key=lambda kv: -len(kv[1]))[:10]
        print("    slots by distinct values: " + ", ".join(f"{k} {len(v)}" for k, v in widest))
    for c in s.conflicts[:5]:
        print(f"    CONFLICT {c}")


def _report_steps(s: StepSharing) -> None:
    base = s.share(s.positions)
    print(f"{s.scope}: {s.steps:,} steps; baseline (position and event) {base:.2%}; "
          f"{s.stepping:,} steps ({s.stepping / s.steps:.1%}) read the legal auction only to move it on by their calls")
    for name, full, without_log, left_out, effect, effect_nolog, check in (
            ("seats as they are", s.full, s.without_log, s.left_out, s.effect, s.effect_without_log, "effect"),
            ("relative to the turn", s.relative, s.relative_without_log, s.relative_left_out, s.relative_effect,
             s.relative_effect_without_log, "relative effect")):
        ratio = len(full) / len(s.relative) if s.relative else float("inf")
        print(f"    {name}: keyed on declared facts and parts: share {s.share(full):.2%} "
              f"({len(full):,} keys, {ratio:.2f} x the relative); without the log: {s.share(without_log):.2%}")
        ranked = sorted(left_out.items(), key=lambda kv: len(kv[1]))[:5]
        print("        without the log and one part more: " + ", ".join(f"{p} {s.share(k):.2%}" for p, k in ranked))
        print(f"        the key kept as an effect: share {s.share(effect):.2%}; without the log: "
              f"{s.share(effect_nolog):.2%}")
        for column in (check, f"{check} without the log"):
            outside = sum(n for p, n in s.stepping_disagreements.get(column, Counter()).items()
                          if p not in LOG and p != LOGGED_CALLS)
            print(f"        soundness, {column}: {_disagreeing(s.answered, s.disagreements, column)}; "
                  f"of the steps keeping the key as an effect: "
                  f"{_disagreeing(s.stepping_answered, s.stepping_disagreements, column)}, "
                  f"outside the log {outside:,} (must be 0)")
            for label in (column, f"{column}, keeping the key as an effect"):
                for example in s.examples.get(label, []):
                    print(f"            DISAGREES ({label}) {example}")
    print(f"    calls carried: {s.carrying:,} steps ({s.carrying / s.steps:.1%}) carry the event's or the procedure's "
          "call without looking at it; keyed without those calls, the key kept as an effect:")
    _checked_columns(s, CARRIED_COLUMNS, (s.carried, s.relative_carried))
    print("    before ruling: keyed on the event and the values of the parts and views the rows' facts and "
          "actions read, no fact value (a table looked up before the step is ruled):")
    _checked_columns(s, PROJECTION_COLUMNS, (s.projection, s.relative_projection))
    ranked = sorted(s.projection_left_out.items(), key=lambda kv: len(kv[1]))[:6]
    print("        relative, before ruling, without one part or view more (an upper bound): "
          + ", ".join(f"{p} {s.share(k):.2%}" for p, k in ranked))


def _checked_columns(s: StepSharing, columns: tuple[str, ...], keys: tuple[set[Hashable], ...]) -> None:
    """Each column's share and its soundness check (must be none), with the first disagreements."""
    for column, distinct in zip(columns, keys):
        print(f"        {column}: share {s.share(distinct):.2%} ({len(distinct):,} keys); soundness: "
              f"{_disagreeing(s.answered, s.disagreements, column)} (must be none)")
        for example in s.examples.get(column, []):
            print(f"            DISAGREES ({column}) {example}")


def _report_rows(r: RowSharing) -> None:
    wrong = ", ".join(f"{p} {n:,}" for p, n in r.disagreements.most_common()) or "none"
    print(f"{r.scope}: {r.steps:,} steps, {r.rows:,} rows fired, relative to the turn; met before: "
          f"selection {r.share(r.selections):.2%}, action {r.share(r.actions):.2%}, "
          f"both (a row answered) {r.share(r.both):.2%} ({len(r.both):,} keys); soundness: "
          f"{r.answered:,} answered, disagreeing parts: {wrong} (must be none)")
    for example in r.examples:
        print(f"    DISAGREES {example}")


def _disagreeing(answered: dict[str, int], disagreements: dict[str, Counter[str]], column: str) -> str:
    """How many steps a table answered, and the parts in which its answers differed, in words."""
    wrong = disagreements.get(column, Counter())
    parts = ", ".join(f"{p} {n:,}" for p, n in sorted(wrong.items(), key=lambda kv: -kv[1])) or "none"
    return f"{answered.get(column, 0):,} answered, disagreeing parts: {parts}"


def _report_facts(f: FactTables, top: int = 12) -> None:
    total = sum(f.computed.values())
    keys = sum(len(k) for k in f.keys.values())
    print(f"{f.scope}: {f.configurations:,} configurations, {total:,} facts computed "
          f"({total / max(1, f.configurations):,.0f} a configuration); keyed on (event, the values of "
          f"the parts each declares): {keys:,} keys, {f.share():.1%} answered")
    print(f"    {'fact':36} {'computed':>10} {'keys':>8} {'share':>7} {'parts':>7} {'values':>6}")
    for name, n in f.computed.most_common(top):
        print(f"    {name:36} {n:>10,} {len(f.keys[name]):>8,} {f.share(name):>7.1%} "
              f"{len(f.parts[name]):>7,} {len(f.values[name]):>6,}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("scopes", nargs="*", default=list(GATE_SCOPES), help="named scopes (default: the gate's three)")
    parser.add_argument("--edges", type=int, default=20_000, help="edges per scope, breadth first (default 20,000)")
    parser.add_argument("--slots", action="store_true", help="also list the slots whose values vary most")
    parser.add_argument("--law-book", default="2017", choices=sorted(BOOKS), help="the law book (default 2017)")
    parser.add_argument("--steps", action="store_true",
                        help="whole steps: key on the actions' declared parts too (see below)")
    parser.add_argument("--facts", action="store_true",
                        help="the facts themselves: each computation while the first --configurations "
                             "are explored, keyed on the event and the values of the parts the fact declares")
    parser.add_argument("--configurations", type=int, default=12_000,
                        help="with --facts: configurations explored per scope (default 12,000)")
    parser.add_argument("--rows", action="store_true",
                        help="row by row: each fired row keyed at its own position (see below)")
    args = parser.parse_args(argv)
    if args.edges < 1:
        parser.error(f"--edges: expected a positive number of edges, not {args.edges}")
    for scope in args.scopes:
        try:
            scope_named(scope)
        except ScopeError as err:
            parser.error(str(err))
    if args.configurations < 1:
        parser.error(f"--configurations: expected a positive number, not {args.configurations}")
    book = book_named(args.law_book)
    if args.facts:
        for scope in args.scopes:
            print(f"{scope}: exploring {args.configurations:,} configurations ...", file=sys.stderr, flush=True)
            _report_facts(measure_fact_tables(scope, args.configurations, book))
        return 0
    for scope in args.scopes:
        t0 = time.perf_counter()
        print(f"{scope}: exploring {args.edges:,} edges ...", file=sys.stderr, flush=True)
        edges = edges_of(scope, args.edges, book)

        def tick(n: int, total: int = len(edges)) -> None:
            if n % 5000 == 0:
                print(f"    {n:,}/{total:,} edges ruled again", file=sys.stderr, flush=True)
        if args.rows:
            _report_rows(measure_rows(scope, edges, tick))
        elif args.steps:
            _report_steps(measure_steps(scope, edges, tick))
        else:
            _report(measure_sharing(scope, edges, tick), args.slots)
        print(f"    ({time.perf_counter() - t0:.1f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
