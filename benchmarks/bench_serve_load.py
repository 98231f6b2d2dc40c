"""The web trainer under a class: many pages at once, every request answered.

Run from the repository root::

    python benchmarks/bench_serve_load.py                  # 1,000 requests, 50 clients at once
    python benchmarks/bench_serve_load.py --requests 3000 --clients 100 --json

The trainer is started as a class would start it: ``auction-fsm serve`` in a process of its own
on a free port of 127.0.0.1, serving an empty temporary folder.  Each *client* plays a board of
its own, as one pupil's page does: a new board, then calls in turn (1C and passes, each posted
with the number of events its page has seen), then the board fetched again -- one new connection
per request (the worst case for the listen queue: a browser reuses connections).  The clients
start together and share the requests between them.

An *error* is any request not answered 200 with JSON: a connection refused or reset, a timeout,
another status.  The goal (issue 40, W02) is 0 errors for 1,000 requests from 50 clients at
once; the script exits 1 if any request failed.

The baseline, measured in the same run against the same server, is one client sending the same
kind of requests one at a time: the ratios say how much longer a request waits when 50 pages ask
at once, and how much more the server answers in a second.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def start_server(folder: Path) -> tuple[subprocess.Popen[str], int]:
    """``auction-fsm serve FOLDER --port 0`` in a process of its own; the process and its port."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "auction_fsm", "serve", str(folder), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                            start_new_session=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"127\.0\.0\.1:(\d+)", line)
    if found is None:
        proc.kill()
        raise SystemExit(f"bench_serve_load: the trainer did not start: {line.strip()}")
    return proc, int(found.group(1))


def stop_server(proc: subprocess.Popen[str]) -> None:
    """Stop the trainer as Ctrl-C does."""
    os.killpg(proc.pid, signal.SIGINT)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


class Tally:
    """Every request's time and every failure, shared by the clients."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seconds: list[float] = []
        self.errors: dict[str, int] = {}

    def ok(self, took: float) -> None:
        with self.lock:
            self.seconds.append(took)

    def failed(self, kind: str) -> None:
        with self.lock:
            self.errors[kind] = self.errors.get(kind, 0) + 1


def request(port: int, method: str, path: str, body: object | None) -> tuple[int, Any]:
    """One request on a new connection; its status and its JSON answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        conn.request(method, path, body=data, headers=headers)
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        conn.close()


def client(port: int, requests: int, tally: Tally) -> None:
    """One pupil's page: a board of its own, ``requests`` requests in all."""
    session: str | None = None
    at = 0
    for _ in range(requests):
        body: dict[str, Any] | None
        if session is None:
            method, path, body = "POST", "/api/sessions", {"dealer": "N"}
        elif at < 15:
            call = "1C" if at == 0 else "P"
            method, path = "POST", f"/api/sessions/{session}/event"
            body = {"at": at, "event": {"type": "call", "seat": "NESW"[at % 4], "call": call}}
        else:
            method, path, body = "GET", f"/api/sessions/{session}", None
        start = time.perf_counter()
        try:
            status, data = request(port, method, path, body)
        except (OSError, http.client.HTTPException, ValueError) as err:
            tally.failed(type(err).__name__)
            continue
        if status != 200:
            tally.failed(f"status {status}")
            continue
        tally.ok(time.perf_counter() - start)
        if session is None:
            session = data["session"]
        elif at < 15:
            at = data["at"]


def run(port: int, requests: int, clients: int) -> dict[str, Any]:
    """``requests`` requests shared among ``clients`` clients started together: the figures."""
    tally = Tally()
    shares = [requests // clients + (1 if i < requests % clients else 0) for i in range(clients)]
    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(lambda n: client(port, n, tally), shares))
    wall = time.perf_counter() - start
    ms = sorted(s * 1000 for s in tally.seconds)
    return {"clients": clients, "requests": requests, "answered": len(ms),
            "errors": sum(tally.errors.values()), "error_kinds": tally.errors, "seconds": wall,
            "per_second": len(ms) / wall if wall else 0.0,
            "median_ms": statistics.median(ms) if ms else 0.0,
            "p95_ms": ms[int(0.95 * (len(ms) - 1))] if ms else 0.0, "max_ms": ms[-1] if ms else 0.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Load-test the web trainer: auction-fsm serve in its own process, REQUESTS requests "
                    "from CLIENTS clients at once (each a board of its own, a new connection per "
                    "request), against one client alone measured in the same run. Exits 1 if any "
                    "request was not answered.")
    parser.add_argument("--requests", type=int, default=1000, metavar="N",
                        help="requests in all, shared by the clients (default 1000)")
    parser.add_argument("--clients", type=int, default=50, metavar="N",
                        help="clients sending at the same time (default 50)")
    parser.add_argument("--baseline", type=int, default=200, metavar="N",
                        help="requests sent by one client alone, for the baseline (default 200)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    for name in ("requests", "clients", "baseline"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    folder = Path(tempfile.mkdtemp(prefix="bench-serve-load-"))
    proc, port = start_server(folder)
    try:
        run(port, 20, 1)  # warm up: the first board builds the charts and imports the engine
        alone = run(port, args.baseline, 1)
        crowd = run(port, args.requests, args.clients)
    finally:
        stop_server(proc)
    ratios = {"wait": crowd["median_ms"] / alone["median_ms"] if alone["median_ms"] else 0.0,
              "throughput": crowd["per_second"] / alone["per_second"] if alone["per_second"] else 0.0}
    if args.json:
        print(json.dumps({"crowd": crowd, "alone": alone, "ratios": ratios}, indent=2))
    else:
        print(f"The web trainer under load ({os.cpu_count()} CPUs; load average "
              f"{os.getloadavg()[0]:.1f}; a new connection per request)")
        print(f"{'':18} {'requests':>8} {'answered':>8} {'errors':>6} {'req/s':>7} {'median ms':>9} "
              f"{'p95 ms':>7} {'max ms':>7}")
        for label, f in ((f"{crowd['clients']} clients at once", crowd), ("1 client alone", alone)):
            print(f"{label:18} {f['requests']:>8} {f['answered']:>8} {f['errors']:>6} {f['per_second']:>7.0f} "
                  f"{f['median_ms']:>9.1f} {f['p95_ms']:>7.1f} {f['max_ms']:>7.1f}")
        if crowd["error_kinds"]:
            print("errors: " + ", ".join(f"{k} x{v}" for k, v in sorted(crowd["error_kinds"].items())))
        print(f"Ratios against one client alone: a request waits {ratios['wait']:.1f} times as long "
              f"(median); the server answers {ratios['throughput']:.1f} times as many a second.")
        print(f"{crowd['errors']} errors in {crowd['requests']} requests from {crowd['clients']} clients at once.")
    return 1 if crowd["errors"] or alone["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
