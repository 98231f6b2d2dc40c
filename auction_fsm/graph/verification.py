"""Run the checks: the machine graph and the configuration graph of each scope.

>>> reports = verify([NAMED_SCOPES["declarer-1"]])
>>> [(r.graph, r.scope, r.states, r.ok) for r in reports]
[('machine', 'table', 48, True), ('configuration', 'declarer-1', 78106, True)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ..lawbook import LAWS_2017, LawBook, book_named
from .checks import GraphReport, add_findings, check_exploration, check_machine_graph
from .configuration import Exploration, ProgressCallback, explore
from .irregular_space import IrregularSpace
from .key_check import inexact_keys
from .machine_graph import machine_graph, not_exercised
from .scopes import NAMED_SCOPES, Scope, space_for

__all__ = ["verify", "verify_machine", "verify_scope", "WITNESS_SCOPE", "NOT_EXERCISED_LIMIT"]

#: The scope whose configurations turn machine-graph traces into scenarios.
WITNESS_SCOPE = NAMED_SCOPES["legal"]
#: Above this many configurations the list of machine states a scope never exercises is skipped.
NOT_EXERCISED_LIMIT = 500_000

#: Makes a progress display: called with a scope's name for its exploration, and with the name,
#: a unit and the name of the remainder (``"edges compared"``, ``"left"``) for the key check.
ProgressFactory = Callable[..., ProgressCallback | None]
#: Told, in the calling process, how far a scope explored in a worker process has got: its name,
#: the configurations found and those still to expand (0 once its exploration is over).
RunningCallback = Callable[[str, int, int], None]

#: A worker process sends its scope's count at most this often (seconds), and once at the end.
LIVE_INTERVAL = 1.0
_LIVE: Any = None  # in a worker process: the queue the counts go to (_send_counts_to)


def verify_machine(table: LawBook = LAWS_2017, max_traces: int = 3) -> GraphReport:
    """Check the machine graph of ``table``; failures get witness scenarios where possible."""
    g = machine_graph(table)
    report = check_machine_graph(g, None, max_traces)
    if not report.ok:
        report = check_machine_graph(g, explore(space_for(WITNESS_SCOPE, table)), max_traces)
    return report


def _not_exercised(ex: Exploration[Any, Any], table: LawBook) -> tuple[list[str], list[str]]:
    seen: set[str] = set()
    for k in ex.keys:
        seen.update(ex.space.machine_states(k))
    return not_exercised(machine_graph(table), seen)


def verify_scope(scope: Scope, table: LawBook | str = LAWS_2017, *, max_traces: int = 3,
                 progress: ProgressCallback | None = None,
                 max_states: int | None = None, jobs: int = 1, check_keys: bool = False,
                 keys_progress: ProgressCallback | None = None) -> GraphReport:
    """Explore ``scope`` and check its configuration graph.

    ``jobs`` worker processes share the exploration of an irregular scope (each big
    breadth-first level), and with it the machine check on every edge.  ``check_keys`` adds,
    for an irregular scope, the check that its keys merge only states with one future
    (:mod:`~auction_fsm.graph.key_check`: ``inexact_keys``), told to ``keys_progress``.
    An irregular scope's configurations are keyed by what its rules declare they read
    (:mod:`~auction_fsm.graph.declared_key`); the report names any rule that puts the whole
    record in the key.
    """
    if isinstance(table, str):  # worker processes receive the book by name
        table = book_named(table)
    space = space_for(scope, table)
    if isinstance(space, IrregularSpace):
        space.explore_jobs = jobs
    ex = explore(space, progress=progress, max_states=max_states)
    close = getattr(progress, "close", None)
    if close is not None:  # end the exploration's line before the checks print their own
        close()
    report = check_exploration(ex, max_traces, scope.expected_paths)
    if check_keys and isinstance(space, IrregularSpace):
        compared, inexact = inexact_keys(ex, keys_progress)
        close = getattr(keys_progress, "close", None)
        if close is not None:
            close()
        report.counts["inexact_keys"] = len(inexact)
        add_findings(report, ex, "inexact_keys", inexact, max_traces)
        report.info["keys_compared"] = compared
    elif check_keys:
        report.info["keys_compared"] = None  # a legal-only scope: its keys are the packed legal-auction keys
    report.info["scope_description"] = scope.describe()
    if isinstance(space, IrregularSpace) and space.declared is not None:
        report.info["keys"] = "declared"
        report.info["log_readers"] = {part: list(who) for part, who in sorted(space.declared.log_readers.items())}
    if ex.states <= NOT_EXERCISED_LIMIT:
        report.info["not_exercised"], report.info["not_exercised_words"] = _not_exercised(ex, table)
    return report


def verify(scopes: Sequence[Scope], table: LawBook = LAWS_2017, *, machine: bool = True,
           max_traces: int = 3, progress: ProgressFactory | None = None,
           max_states: int | None = None, jobs: int = 1, check_keys: bool = False,
           finished: Callable[[GraphReport], None] | None = None,
           running: RunningCallback | None = None) -> list[GraphReport]:
    """The machine graph's report (if ``machine``) followed by one report per scope.

    ``finished`` is called (in this process) with each report as soon as it is ready, in the
    order they finish, so a caller can show how far the run has got; ``running``, while scopes
    are explored side by side in worker processes, with each one's count of configurations as
    it grows (about every :data:`LIVE_INTERVAL` seconds, and at the end of its exploration).

    A scope verified in parts (by contract strain, ``Scope.by_strain``, by the seat that
    commits the irregularity, ``Scope.by_offender``, or both) gives one report per part,
    followed by one for the whole (:func:`combined_report`).

    With ``jobs`` above one, the scopes are explored in that many worker processes at once
    (each scope in one process, the first ones first: list the biggest first); ``progress``
    is then not shown, since the workers cannot share one display (``running`` is told their
    counts instead).  A single scope shares its exploration between them instead.
    """
    reports = [verify_machine(table, max_traces)] if machine else []
    if finished is not None and reports:
        finished(reports[0])
    parts = [part for scope in scopes for part in scope.split_parts()]
    done = iter(_scope_reports(parts, table, max_traces=max_traces, progress=progress, max_states=max_states,
                               jobs=jobs, check_keys=check_keys, finished=finished, running=running))
    for scope in scopes:
        mine = [next(done) for _ in scope.split_parts()]
        reports.extend(mine)
        if scope.is_split:
            reports.append(combined_report(scope, mine))
    return reports


def combined_report(scope: Scope, parts: Sequence[GraphReport]) -> GraphReport:
    """One report for a scope verified in parts: one scope per contract strain, per seat that
    commits the irregularity, or per pair of both.

    *By offender*: a part explores the auctions whose first irregularity is its own seat's (and
    the regular ones); another seat's first irregularity is an end there, handed over to that
    seat's part, where it is explored whole.  A hand-over comes only at the first irregularity
    and never from an auction that already has one, so no part leans on another in a circle;
    the auctions with no irregularity are explored in every part, and their paths counted in
    North's only.

    *By strain*:
    The parts decide every check of the whole: each configuration of the whole scope is one of
    some part with the same future there (an unfinished auction, in every part; an ended one,
    in its strain's part, which also explores a change of call that reopens it), so a dead end,
    an end with exits, a trapped cycle or a fault of the whole is one of some part, and the
    other way round.  *Cannot finish*: a part counts an auction handed over as an end, and
    shows that each auction ended in its own strain reaches a real end without handing over
    again (:func:`~auction_fsm.graph.checks.check_exploration`), so no two parts can each lean
    on the other; that is enough for the whole, and a configuration of the whole that cannot
    finish fails in some part.  (It can also fail where the whole would pass: an auction whose
    only way to an end is to be reopened into another strain; the finding says so.)  The counts
    are summed (a configuration before the end of the auction is counted in each part it fails
    in) and the findings kept.  The paths: each part counts those to its own ends, so the sum
    is the whole scope's number (a test compares it).
    """
    counts: dict[str, int] = {}
    for r in parts:
        for check, n in r.counts.items():
            counts[check] = counts.get(check, 0) + n
    info: dict[str, Any] = {
        "scope_description": scope.describe() + "; verified as one scope per " + " and ".join(
            what for what, on in (("contract strain", scope.by_strain),
                                  ("seat that commits the irregularity", scope.by_offender)) if on),
        "parts": [r.scope for r in parts],
        "seconds": round(sum(r.info.get("seconds", 0.0) for r in parts), 3),
    }
    if all("paths" in r.info for r in parts):
        paths = [r.info["paths"] for r in parts]
        info["paths"] = None if None in paths else sum(paths)
    return GraphReport("configuration", scope.name, sum(r.states for r in parts), sum(r.edges for r in parts),
                       counts, [f for r in parts for f in r.findings], info)


def _scope_reports(scopes: Sequence[Scope], table: LawBook, *, max_traces: int,
                   progress: ProgressFactory | None, max_states: int | None, jobs: int,
                   check_keys: bool, finished: Callable[[GraphReport], None] | None,
                   running: RunningCallback | None = None) -> list[GraphReport]:
    """One report per scope, in order (see :func:`verify`)."""
    reports: list[GraphReport] = []
    if jobs > 1 and len(scopes) > 1:
        import multiprocessing
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        context = multiprocessing.get_context()
        # a simple queue writes each count before the worker goes on, so a scope's counts are all
        # there to be read by the time its report is
        counts = context.SimpleQueue() if running is not None else None
        with ProcessPoolExecutor(max_workers=min(jobs, len(scopes)), mp_context=context,
                                 initializer=_send_counts_to, initargs=(counts,)) as pool:
            # a book holds functions, so it is sent by name; each worker has the named books
            own = () if table is LAWS_2017 else (table.name,)
            futures = [pool.submit(_verify_in_worker, scope, *own, max_traces=max_traces,
                                   max_states=max_states, check_keys=check_keys) for scope in scopes]
            waiting = set(futures)
            while waiting:
                done, waiting = wait(waiting, timeout=None if counts is None else 0.5,
                                     return_when=FIRST_COMPLETED)
                if counts is not None and running is not None:
                    _tell(counts, running)
                if finished is not None:
                    for future in (f for f in futures if f in done):
                        finished(future.result())
            reports.extend(f.result() for f in futures)
        return reports
    for scope in scopes:
        callback = progress(scope.name) if progress is not None else None
        comparing = (progress(scope.name, "edges compared", "left")
                     if progress is not None and check_keys else None)
        try:
            reports.append(verify_scope(scope, table, max_traces=max_traces, progress=callback,
                                        max_states=max_states, jobs=jobs, check_keys=check_keys,
                                        keys_progress=comparing))
        finally:
            for shown in (callback, comparing):
                close = getattr(shown, "close", None)
                if close is not None:
                    close()
        if finished is not None:
            finished(reports[-1])
    return reports


def _send_counts_to(counts: Any) -> None:
    """A worker process's start: its scopes' counts go to ``counts`` (a queue; ``None``: not sent)."""
    global _LIVE
    _LIVE = counts


class _CountSender:
    """A worker's progress callback for one scope: its name, the configurations found and those
    left, put on the calling process's queue at most every :data:`LIVE_INTERVAL` seconds and
    always when nothing is left (the end of the exploration)."""

    def __init__(self, name: str, counts: Any) -> None:
        self.name, self.counts = name, counts
        self.last = -LIVE_INTERVAL

    def __call__(self, states: int, left: int) -> None:
        now = time.perf_counter()
        if states and (left == 0 or now - self.last >= LIVE_INTERVAL):
            self.last = now
            self.counts.put((self.name, states, left))


def _verify_in_worker(scope: Scope, *book: str, **options: Any) -> GraphReport:
    """:func:`verify_scope` in a worker process, its counts sent (:func:`_send_counts_to`)."""
    progress = _CountSender(scope.name, _LIVE) if _LIVE is not None else None
    return verify_scope(scope, *book, progress=progress, **options)


def _tell(counts: Any, running: RunningCallback) -> None:
    """Pass on to ``running`` every count the workers have sent so far."""
    while not counts.empty():
        name, states, left = counts.get()
        running(name, states, left)


def format_report(report: GraphReport) -> str:
    """The report as text: a summary line per check, then each trace with its scenario."""
    import json

    head = f"{report.graph} graph ({report.scope}): {report.states:,} states, {report.edges:,} edges"
    if "seconds" in report.info:
        head += f", explored in {report.info['seconds']:.2f} s"
        if "parts" in report.info:
            head += " (the parts' times added)"
        if report.info.get("states_per_second"):
            head += f" ({report.info['states_per_second']:,}/s)"
    lines = [head]
    if "scope_description" in report.info:
        lines.append(f"  scope {report.info['scope_description']}")
    for check, count in report.counts.items():
        lines.append(f"  {'ok  ' if count == 0 else 'FAIL'} {check.replace('_', ' ')}: {count}")
    if "paths" in report.info:
        expected = report.info.get("paths_expected")
        paths = report.info["paths"]
        lines.append(("  paths from the start to an end of this part (the lead faced in its strain; "
                      "passed-out boards in the clubs part): " if report.info.get("paths_of_part") else
                      "  paths from the start to an end (the parts' sum): " if "parts" in report.info else
                      "  paths from the start to an end: ")
                     + ("not counted: the graph has a cycle, so there are infinitely many"
                        if paths is None else f"{paths:,}")
                     + ("" if expected is None else
                        " (matches the oracle)" if expected == report.info["paths"] else
                        f" (oracle: {expected:,})"))
    if report.info.get("keys_compared") is not None:
        lines.append(f"  keys checked one step off the breadth-first tree: {report.info['keys_compared']:,} "
                     "edges compared")
    elif "keys_compared" in report.info:
        lines.append("  keys not checked: the scope is legal-only (its keys are the packed legal-auction keys)")
    if report.info.get("keys") == "declared":
        readers = report.info.get("log_readers") or {}
        lines.append("  keyed by what the scope's rules declare they read"
                     + ("" if not readers else "; the whole " + " and ".join(readers)
                        + " in the key, read by " + ", ".join(sorted({w for ws in readers.values() for w in ws}))))
    if report.info.get("stops_at_bounds"):
        lines.append(f"  stops at the scope's bounds: {report.info['stops_at_bounds']:,} configuration(s) "
                     "whose only lawful events lie outside the scope (not dead ends)")
    cluster = report.info.get("cluster")
    if cluster:
        lines.append(f"  explored on a cluster: {cluster['workers']} worker(s), {cluster['partitions']} "
                     f"partitions, {cluster['rounds']} rounds, {cluster['seconds_total']:.2f} s with the checks")
    for item in report.info.get("not_checked", ()):
        lines.append(f"  not checked on the cluster: {item}")
    if report.info.get("not_exercised"):
        lines.append(f"  not exercised in this scope ({len(report.info['not_exercised'])} states of the "
                     "book's machines):")
        lines.extend(f"    {line}" for line in report.info["not_exercised_words"])
    for f in report.findings:
        lines.append(f"  {f.check.replace('_', ' ')}: {f.state} ({f.detail})")
        if f.trace is None:
            lines.append("    no trace: the state is not reachable")
            continue
        lines.extend(f"    {step}" for step in f.trace.steps)
        if f.trace.scenario is not None:
            lines.append("    scenario:")
            lines.extend("      " + ln for ln in json.dumps(f.trace.scenario, indent=2).splitlines())
        else:
            lines.append("    (no scenario: no explored configuration realises this state)")
    lines.append("  all checks pass" if report.ok else "  some checks FAIL")
    return "\n".join(lines)
