"""The explorer keyed by the rules' declarations against the hand-written compact key (issue 37,
item 5), one scope after the other, both measured in the same run.

Run from the repository root::

    python benchmarks/bench_declared_key.py                       # exposure-1, lead-1 and the four gate scopes
    python benchmarks/bench_declared_key.py exposure-1 --check-keys
    python benchmarks/bench_declared_key.py --max-states 100000 lead-exposure-1

For each scope: what the declared key holds and which rules still read the log (``record``:
those force the whole record into the key, and such a scope rarely finishes), then the
exploration with the compact key (``exploration.config_key``, the baseline) and with the declared
key (``IrregularSpace(keys="declared")``): configurations, edges, CPU seconds of this process,
the checks failing (must be none), the ratios declared over compact, and whether both reach the
same ends (each end's contract and irregularities counted).  ``--check-keys`` adds
the key check of the declared exploration (``graph/key_check.py``: one step off the breadth-first
tree from every configuration).  An exploration past ``--max-states`` is cut and said so.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from scope_check import irregular_scope_problem

from auction_fsm.graph.checks import check_exploration
from auction_fsm.graph.configuration import explore
from auction_fsm.graph.declared_key import declared_key
from auction_fsm.graph.irregular_space import IrregularSpace
from auction_fsm.graph.key_check import inexact_keys
from auction_fsm.graph.results import ExplorationLimitError
from auction_fsm.graph.scopes import scope_named
from auction_fsm.lawbook import LAWS_2017

DEFAULT = ("exposure-1", "lead-1", "rotation-1", "changes-1", "insufficient-1", "inadmissible-1")


def _ends(ex: Any, space: IrregularSpace) -> set[tuple[str, int]]:
    """How each end came out: the contract (or a passed-out board) and the irregularities counted."""
    out = set()
    for i, key in enumerate(ex.keys):
        if ex.terminal[i]:
            state = space.state_of(key)
            contract = state.contract
            out.add(("passed out" if contract is None else contract.text, state.incidents))
    return out


def _run(name: str, keys: str, max_states: int, check_keys: bool) -> dict[str, Any]:
    scope = scope_named(name)
    space = IrregularSpace(scope, dealers=scope.dealers, name=name, agreement="off", keys=keys)  # type: ignore[arg-type]
    start = time.process_time()
    try:
        ex = explore(space, max_states=max_states)
    except ExplorationLimitError:
        return {"cut": True, "cpu": time.process_time() - start}
    cpu = time.process_time() - start
    failing = {k: v for k, v in check_exploration(ex, 1).counts.items() if v}
    out: dict[str, Any] = {"cut": False, "states": ex.states, "edges": ex.edges, "cpu": cpu, "failing": failing,
                           "ends": _ends(ex, space)}
    if check_keys:
        compared, inexact = inexact_keys(ex)
        out["keys"] = f"{len(inexact)} inexact of {compared:,} compared"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scopes", nargs="*", default=list(DEFAULT), help="irregular scopes (default: %(default)s)")
    parser.add_argument("--max-states", type=int, default=200_000,
                        help="cut an exploration past this many configurations (default: %(default)s)")
    parser.add_argument("--check-keys", action="store_true", help="also run the key check on the declared keys")
    args = parser.parse_args(argv)
    for name in args.scopes:
        problem = irregular_scope_problem(name, "the declared key is one of the irregular explorer")
        if problem:
            parser.error(problem)
    for name in args.scopes:
        key = declared_key(LAWS_2017, scope_named(name))
        print(f"{name}: the key holds {', '.join(key.names)}", flush=True)
        for part, who in key.log_readers.items():
            print(f"  {part} read by {len(who)}: {', '.join(who)}", flush=True)
        rows = {}
        for keys in ("compact", "declared"):
            r = rows[keys] = _run(name, keys, args.max_states, args.check_keys and keys == "declared")
            if r["cut"]:
                print(f"  {keys:8s} more than {args.max_states:,} configurations (cut after {r['cpu']:.1f} s CPU)",
                      flush=True)
                continue
            extra = f"  key check: {r['keys']}" if "keys" in r else ""
            print(f"  {keys:8s} {r['states']:9,d} configurations {r['edges']:10,d} edges {r['cpu']:7.1f} s CPU"
                  f"  failing checks: {r['failing'] or 'none'}{extra}", flush=True)
        a, b = rows["compact"], rows["declared"]
        if not a["cut"] and not b["cut"]:
            same = "the same" if a["ends"] == b["ends"] else "DIFFERENT"
            print(f"  declared / compact: configurations {b['states'] / a['states']:.2f}x, "
                  f"CPU {b['cpu'] / max(a['cpu'], 1e-9):.2f}x; ends (contract, irregularities): {same} "
                  f"({len(a['ends'])} and {len(b['ends'])})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
