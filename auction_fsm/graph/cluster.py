"""Verification past one machine: a scope's configuration graph explored in partitions on Dask.

``auction-fsm verify --scope NAME --cluster ADDRESS`` (or ``--cluster local:N`` for N worker
processes on this machine) sends the exploration of each scope to a Dask cluster: the graph is
split by a stable hash of the key into partitions (:mod:`auction_fsm.graph.partitioned`), each
held in the memory of one worker, and explored breadth first in rounds: every partition expands
the configurations it found last round, sends each edge to the owner of its target, and the
owners keep the keys they had not seen.  Then "can every configuration still finish?" runs
backwards in rounds from the ends.  The driver (this module) only schedules the rounds and adds
up counts, so its memory stays small whatever the size of the graph.

Why Dask and not Ray: Dask's ``distributed`` is pure-Python wheels of a few megabytes, its
``LocalCluster`` runs in this process for the tests, and a real cluster is two commands
(``dask scheduler``, ``dask worker ADDRESS``); the results of one worker's task travel straight
to the worker that needs them.  Ray brings an 80 MB binary wheel with its own object store and
process manager, more than this explorer needs.  Dask is an optional extra
(``pip install 'auction-fsm[cluster]'``), imported only when a run asks for a cluster.

What a partitioned run checks (:data:`~.partitioned.CHECKED`), as one process checks it: dead
ends (and where the scope stops), configurations that cannot finish, ends with exits, trapped
cycles (when the configurations that cannot finish are few enough to gather), each
configuration's own invariants, and the machines on every edge, fired from the machine states
the engine's state gives as each edge is found (as one process does with ``--agreement all``);
every failure with a shortest trace and its scenario, replayed here from the labels of the
parent edges the partitions keep; the machine states the scope never exercises (each partition
notes those its configurations realise as it expands them); and the number of paths to an end,
summed backwards in rounds as well (:mod:`~.partitioned`), checked against the perft oracle of
a legal scope as one process checks it.
"""

from __future__ import annotations

import contextlib
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

import networkx as nx

from ..errors import AuctionFsmError, InternalError
from ..lawbook import book_named
from . import partitioned as part
from . import properties as props
from .checks import Finding, GraphReport, note_paths
from .machine_graph import machine_graph, not_exercised
from .results import ProgressCallback
from .scopes import Scope, space_for
from .space import ConfigurationSpace
from .traces import Trace

__all__ = ["ClusterError", "ScopeSpace", "connect", "explore_partitioned", "verify_on_cluster",
           "parse_cluster", "require_dask", "INSTALL_HINT", "SINK_CYCLE_LIMIT"]

#: What to install for a cluster run.
INSTALL_HINT: Final = "pip install 'auction-fsm[cluster]'"
#: Above this many configurations that cannot finish, trapped cycles are not looked for (they
#: would be gathered in the driver); the scope fails on ``cannot_finish`` anyway.
SINK_CYCLE_LIMIT: Final = 200_000


class ClusterError(AuctionFsmError):
    """A cluster run cannot start or go on: the extra is missing, the address is bad or cannot
    be reached, or a worker holding a partition left."""


@dataclass(frozen=True, slots=True)
class ScopeSpace:
    """Builds a scope's space in a worker process (the law book travels by name, since a book
    holds functions).  The space is made with the machine check off (what the driver's own
    space replays needs none); each partition fires the machines on every edge as it is found
    unless the scope's agreement mode is off (:attr:`check_edges`)."""

    scope: Scope
    book: str = "2017"

    def __call__(self) -> ConfigurationSpace[Any, Any]:
        return space_for(self.scope.narrowed(agreement="off"), book_named(self.book))

    @property
    def check_edges(self) -> bool:
        """Fire the machines on every edge, unless the scope's agreement mode is ``off``."""
        return self.scope.agreement != "off"


def parse_cluster(text: str) -> tuple[str, int | str]:
    """``local:N`` -> ``("local", N)``; a scheduler address -> ``("address", text)``."""
    text = text.strip()
    if text.lower().startswith("local"):
        _, _, count = text.partition(":")
        if not count.strip().isdigit() or int(count) < 1:
            raise ClusterError(f"--cluster: expected local:N with N a whole number of workers of at "
                               f"least 1, got {text!r}")
        return "local", int(count)
    if not text or any(c.isspace() for c in text):
        raise ClusterError(f"--cluster: expected a scheduler address such as tcp://host:8786, or "
                           f"local:N, got {text!r}")
    return "address", text


def require_dask() -> Any:
    """The ``distributed`` module; :class:`ClusterError` (with what to install) when it is missing."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"--cluster needs Dask, which is not installed: {INSTALL_HINT}") from None
    return distributed


@contextlib.contextmanager
def connect(text: str, timeout: float = 10.0) -> Iterator[Any]:
    """A Dask client for ``text`` (see :func:`parse_cluster`); a ``local:N`` cluster is started
    for the run (N worker processes, one thread each) and stopped after it."""
    kind, where = parse_cluster(text)
    distributed = require_dask()
    if kind == "local":
        assert isinstance(where, int)
        with distributed.LocalCluster(n_workers=where, threads_per_worker=1, dashboard_address=":0",
                                      processes=True) as cluster, distributed.Client(cluster) as client:
            yield client
        return
    try:
        client = distributed.Client(where, timeout=timeout)
    except ValueError as err:  # Dask could not read it as an address at all
        raise ClusterError(f"--cluster: {where!r} is not a scheduler address (expected e.g. "
                           f"tcp://host:8786, or local:N): {err}") from None
    except (OSError, TimeoutError) as err:
        raise ClusterError(f"--cluster: cannot reach a Dask scheduler at {where!r} "
                           f"within {timeout:g} s ({type(err).__name__})") from None
    with client:
        yield client


class _Run:
    """One partitioned exploration: the partitions, where they live, and the rounds."""

    def __init__(self, client: Any, factory: part.SpaceFactory, partitions: int | None) -> None:
        self.client = client
        self.factory = factory
        workers = client.scheduler_info()["workers"]
        if not workers:
            raise ClusterError("--cluster: the scheduler has no workers")
        names = sorted(workers)
        # one partition per worker process: the engine is Python, so threads of one process
        # would share one core (start workers with one thread each)
        self.parts = partitions or len(names)
        self.where = [names[p % len(names)] for p in range(self.parts)]
        self.run = uuid.uuid4().hex
        self.rounds = 0

    def submit(self, p: int, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn`` on partition ``p``'s worker (and nowhere else)."""
        return self.client.submit(fn, *args, workers=[self.where[p]], allow_other_workers=False,
                                  pure=False)

    def results(self, futures: Sequence[Any]) -> list[Any]:
        """The futures' results; :class:`ClusterError` if a worker holding a partition leaves."""
        import distributed

        wait: Any = distributed.wait  # (its annotations are incomplete)
        while True:
            try:
                wait(list(futures), timeout=5)
                break
            except TimeoutError:
                alive = set(self.client.scheduler_info()["workers"])
                gone = sorted(set(self.where) - alive)
                if gone:
                    raise ClusterError(f"worker {gone[0]} left the cluster; its partitions of the "
                                       "graph were in its memory, so the run cannot go on") from None
        gathered: list[Any] = self.client.gather(list(futures))
        return gathered

    def each(self, fn: Callable[..., Any], *args: Any) -> list[Any]:
        """``fn(run, p, *args)`` on every partition."""
        return self.results([self.submit(p, fn, self.run, p, *args) for p in range(self.parts)])

    def call(self, gid: int, method: str, *args: Any) -> Any:
        """A method of the partition that owns global number ``gid``, on its local number."""
        p = gid % self.parts
        return self.results([self.submit(p, part.task_call, self.run, p, method, gid // self.parts,
                                         *args)])[0]

    def exchange(self, send: Callable[..., Any], receive: Callable[..., Any]) -> int:
        """One round: every partition sends (``send``), every owner takes its share from each
        (``receive``); the total ``receive`` returns."""
        out = [self.submit(p, send, self.run, p) for p in range(self.parts)]
        # each share is picked on the sender's worker, so an owner fetches only its own
        shares = [[self.submit(p, part.task_pick, out[p], q) for p in range(self.parts)]
                  for q in range(self.parts)]
        got = [self.submit(q, receive, self.run, q, *shares[q]) for q in range(self.parts)]
        return sum(self.results(got))

    def release(self) -> None:
        """Free the partitions on the workers."""
        with contextlib.suppress(Exception):
            self.each(part.task_release)


def explore_partitioned(client: Any, factory: part.SpaceFactory, name: str, *,
                        partitions: int | None = None, progress: ProgressCallback | None = None,
                        max_traces: int = 3) -> GraphReport:
    """Explore and check the space ``factory`` builds, in partitions on the Dask ``client``'s
    workers; the report has the one-process checks' names and meanings (see the module
    docstring for what it leaves out)."""
    started = time.perf_counter()
    run = _Run(client, factory, partitions)
    try:
        total = sum(run.each(part.task_start, run.parts, factory))
        new = total
        while new:
            run.rounds += 1
            if progress is not None:
                progress(total, new)
            new = run.exchange(part.task_expand, part.task_absorb)
            total += new
        explored = time.perf_counter() - started
        if progress is not None:
            progress(total, 0)
            close = getattr(progress, "close", None)
            if close is not None:
                close()
        marked = sum(run.each(part.task_begin_backward))
        back_rounds = 0
        while marked:
            back_rounds += 1
            marked = run.exchange(part.task_backward, part.task_mark)
        path_rounds = 0

        def path_pass(primes: tuple[int, ...]) -> list[Any]:
            nonlocal path_rounds
            counted = sum(run.each(part.task_begin_paths, primes))
            while counted:
                path_rounds += 1
                counted = run.exchange(part.task_paths_out, part.task_paths_in)
            return run.each(part.task_call, "path_totals")
        paths, missing = part.count_paths(path_pass)
        summaries = run.each(part.task_call, "summary")
        counts = {k: sum(s[k] for s in summaries) for k in summaries[0]}
        exercised = set().union(*(cast("set[str]", s) for s in run.each(part.task_call, "exercised_states")))
        cycles = _sink_cycles(run, counts["cannot_finish"])
        report = _report(run, factory, name, counts, cycles, max_traces)
    finally:
        run.release()
    report.info.update({
        "seconds": round(explored, 3),
        "states_per_second": round(counts["states"] / explored) if explored > 0 else None,
        "terminals": counts["terminals"], "stops_at_bounds": counts["stops_at_bounds"],
        "cluster": {"workers": len(set(run.where)), "partitions": run.parts, "rounds": run.rounds,
                    "backward_rounds": back_rounds, "path_rounds": path_rounds,
                    "largest_share": max(s["states"] for s in summaries),
                    "seconds_total": round(time.perf_counter() - started, 3)},
        "not_checked": [] if getattr(factory, "check_edges", True) else [part.NO_MACHINES],
    })
    book = getattr(factory, "book", None)
    if book is not None:  # (a scope's factory: its book's machines; a test's graph has none)
        report.info["not_exercised"], report.info["not_exercised_words"] = not_exercised(
            machine_graph(book_named(book)), exercised)
    _paths_into(report, factory, paths, missing)
    if cycles is None:
        report.info["not_checked"].append(
            f"trapped cycles: {counts['cannot_finish']:,} configurations cannot finish, more than "
            f"{SINK_CYCLE_LIMIT:,} to gather")
    return report


def _paths_into(report: GraphReport, factory: part.SpaceFactory, paths: int | None, missing: str | None) -> None:
    """The path count in the report as one process gives it (:func:`~.checks.note_paths`): a
    part of a split scope's own, or checked against the scope's perft oracle where it has one;
    ``missing`` says why a finite count is not given (:func:`~.partitioned.count_paths`)."""
    scope = getattr(factory, "scope", None)
    if missing is not None:
        report.info["not_checked"].append(f"the number of paths to an end: {missing}")
    if scope is None:  # (a test's graph)
        note_paths(report, paths)
    else:
        note_paths(report, paths, of_part=scope.contract_strain is not None or scope.offender_seat is not None,
                   expected=scope.expected_paths)


def _sink_cycles(run: _Run, trapped: int) -> list[list[int]] | None:
    """The trapped cycles among the configurations that cannot finish (global numbers), or
    ``None`` when they are too many to gather in the driver."""
    if not trapped:
        return []
    if trapped > SINK_CYCLE_LIMIT:
        return None
    members: set[int] = set()
    g: nx.DiGraph[int] = nx.DiGraph()
    for p, local in enumerate(run.each(part.task_call, "trapped")):
        gids = [i * run.parts + p for i in local]
        members.update(gids)
        g.add_nodes_from(gids)
        edges = run.results([run.submit(p, part.task_call, run.run, p, "edges_into", local)])[0]
        g.add_edges_from(edges)
    g.remove_nodes_from([n for n in list(g) if n not in members])
    return sorted(sorted(cast(int, n) for n in ms) for ms in props.sink_cycles(g, goals=()))


def _report(run: _Run, factory: part.SpaceFactory, name: str, counts: dict[str, int],
            cycles: list[list[int]] | None, max_traces: int) -> GraphReport:
    """The report: counts per check, and the shallowest failures with their traces."""
    verdicts = {"unreachable": 0, "dead_ends": counts["dead_ends"], "cannot_finish": counts["cannot_finish"],
                "terminal_with_exits": counts["terminal_with_exits"], "faults": counts["faults"]}
    if cycles is not None:
        verdicts["sink_cycles"] = len(cycles)
    report = GraphReport("configuration", name, counts["states"], counts["edges"], verdicts)
    if not max_traces:
        return report
    found: dict[str, list[tuple[int, int, str]]] = {}
    for failing in run.each(part.task_call, "failing", max_traces):
        for check, items in failing.items():
            found.setdefault(check, []).extend(items)
    space = factory()  # the driver's own: each trace is replayed here (the partitions keep no positions)
    starts = {part.travel_key(space, k): k for k in space.initial_states()}
    for check in ("dead_ends", "cannot_finish", "terminal_with_exits", "faults", "stops_at_bounds"):
        title = (f"the scope {name} stops here" if check == "stops_at_bounds"
                 else f"{check.replace('_', ' ')} in scope {name}")
        for _, gid, detail in sorted(found.get(check, []))[:max_traces]:
            text, trace = _trace(run, space, starts, gid, title)
            report.findings.append(Finding(check, text, detail, trace))
    for members in (cycles or [])[:max_traces]:
        text, trace = _trace(run, space, starts, members[0], f"sink cycles in scope {name}")
        report.findings.append(Finding("sink_cycles", text, f"a trapped cycle of {len(members)} configuration(s)",
                                       trace))
    return report


def _trace(run: _Run, space: ConfigurationSpace[Any, Any], starts: dict[Any, Any], gid: int,
           title: str) -> tuple[str, Trace]:
    """The description of global configuration ``gid`` and the shortest trace to it, with its
    scenario, as :func:`~auction_fsm.graph.traces.configuration_trace` gives them: the labels
    of the parent edges gathered from the partitions, replayed from the start in ``space``
    (``starts``: its start keys by the form in which keys travel)."""
    labels: list[Any] = []
    g = gid
    while True:
        parent, _, label = run.call(g, "step_back")
        if parent < 0:
            break
        labels.append(label)
        g = parent
    labels.reverse()
    start = starts[run.call(g, "key_at")]
    key = start
    for label in labels:
        offered, reached = space.successors(key)
        key = reached[list(offered).index(label)]
    if part.travel_key(space, key) != run.call(gid, "key_at"):
        raise InternalError(f"the trace replayed to configuration {gid} of the partitioned run "
                            "reaches another key than the partition holds")
    scenario = space.scenario(start, labels)
    if "format" in scenario:  # the documented key order: format, version, title
        head: dict[str, Any] = {k: scenario[k] for k in ("format", "version") if k in scenario}
        scenario = {**head, "title": title, **{k: v for k, v in scenario.items() if k not in head}}
    steps = [f"start: {space.describe(start)}", *(space.label_text(lab) for lab in labels)]
    return space.describe(key), Trace(tuple(steps), scenario)


def verify_on_cluster(scopes: Sequence[Scope], book: str, address: str, *, partitions: int | None = None,
                      max_traces: int = 3, timeout: float = 10.0,
                      progress: Callable[[str], ProgressCallback | None] | None = None,
                      finished: Callable[[GraphReport], None] | None = None) -> list[GraphReport]:
    """One partitioned report per scope, on the cluster at ``address`` (or ``local:N``)."""
    reports: list[GraphReport] = []
    with connect(address, timeout) as client:
        for scope in scopes:
            shown = progress(scope.name) if progress is not None else None
            report = explore_partitioned(client, ScopeSpace(scope, book), scope.name,
                                         partitions=partitions, progress=shown, max_traces=max_traces)
            report.info["scope_description"] = scope.describe()
            reports.append(report)
            if finished is not None:
                finished(report)
    return reports
