"""A click in the web trainer: how long the server takes to answer it, against a bare replay.

Run from the repository root::

    python benchmarks/bench_serve.py               # 20 boards of each kind, a table and the ratios
    python benchmarks/bench_serve.py --boards 50 --json

A *click* is what the page sends when a user clicks a call, an option or a button: one
``POST /api/sessions/ID/event`` to a trainer serving on 127.0.0.1 (in a thread of this
process, over a real socket), answered with the whole view of the board -- the position as
``replay --json`` reports it, the narration, the options in words (each ruled in the law book),
the explanation, the machines' status and the flowchart marks -- and read back as JSON, as the
page reads it.  Also timed: *undo* (the board replayed without its last event) and *reload*
(``GET`` of the view).

Typical boards: the README's first lesson (an insufficient bid not accepted, a replacement judged
not comparable, 26B before the lead: 13 events) and a lead out of turn refused (Law 54, 50D:
11 events).  Every event of every board is clicked, a fresh board each time.

The baseline, measured in the same run on the same boards, is the bare engine: replaying the
board's scenario through the simulator with the machines checked (what ``auction-fsm replay``
does before printing), per event.  The ratio says how much the web layer (the view's words and
options, HTTP and JSON) costs over the engine's own work for an event.

Target (issue 19): a click answered in under 50 ms on this machine for a typical board.  The
benchmark reports; it does not fail.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from auction_fsm.scenario import loads_scenario
from auction_fsm.web.server import make_server

TARGET_MS = 50.0

LESSON = [("call", "N", "1H"), ("call", "E", "P"), ("call", "S", "2H"), ("call", "W", "1S"),
          ("director",), ("call", "W", "P"), ("judgement", "comparable", False), ("call", "N", "4H"),
          ("call", "E", "P"), ("call", "S", "P"), ("call", "W", "P"), ("choice", "N", "no_prohibition"),
          ("lead", "E", "DK")]
LAW_54 = [("call", "S", "1NT"), ("call", "W", "P"), ("call", "N", "3NT"), ("call", "E", "P"),
          ("call", "S", "P"), ("call", "W", "P"), ("lead", "E", "S6"), ("director",),
          ("judgement", "dummy_seen", False), ("choice", "S", "refuse"), ("choice", "S", "let_remain")]


def event(spec: tuple[Any, ...]) -> dict[str, Any]:
    """A scenario file's event from a short tuple."""
    kind = spec[0]
    if kind == "call":
        return {"type": "call", "seat": spec[1], "call": spec[2]}
    if kind == "director":
        return {"type": "director"}
    if kind == "judgement":
        return {"type": "judgement", "kind": spec[1], "value": spec[2]}
    if kind == "choice":
        return {"type": "choice", "seat": spec[1], "option": spec[2]}
    return {"type": "lead", "seat": spec[1], "card": spec[2]}


BOARDS = {"first lesson (27, 23, 26B)": ("N", "None", [event(e) for e in LESSON]),
          "lead out of turn (54, 50D)": ("S", "All", [event(e) for e in LAW_54])}


class Client:
    """One keep-alive connection to the trainer, as the browser holds one."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body: object = None) -> tuple[float, Any]:
        """Send a request; the seconds until its answer is read and parsed, and the answer."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        start = time.perf_counter()
        self.conn.request(method, path, body=data, headers=headers)
        answer = self.conn.getresponse()
        text = answer.read()
        parsed = json.loads(text)
        took = time.perf_counter() - start
        if answer.status != 200:
            raise SystemExit(f"bench_serve: the trainer refused {path}: {parsed}")
        if answer.will_close:
            self.conn.close()
        return took, parsed


def baseline(dealer: str, vulnerability: str, events: list[dict[str, Any]]) -> float:
    """Seconds to replay the board through the simulator (machines checked), per event."""
    text = json.dumps({"format": "auction-fsm-scenario", "version": 1, "dealer": dealer,
                       "vulnerability": vulnerability, "events": events})
    scenario = loads_scenario(text)
    start = time.perf_counter()
    result = scenario.replay()
    took = time.perf_counter() - start
    assert result.ok, result.error
    return took / len(events)


def measure(boards: int) -> dict[str, Any]:
    """Click every event of every board ``boards`` times; the timings in milliseconds."""
    folder = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    server = make_server(folder, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    client = Client(server.server_address[1])
    out: dict[str, Any] = {}
    try:
        # warm up: imports, the charts, the first replay
        for dealer, vul, events in BOARDS.values():
            baseline(dealer, vul, events)
            _, view = client.call("POST", "/api/sessions", {"dealer": dealer, "vulnerability": vul})
            for e in events:
                _, view = client.call("POST", f"/api/sessions/{view['session']}/event", {"at": view["at"], "event": e})
        client.call("GET", "/api/charts")
        for name, (dealer, vul, events) in BOARDS.items():
            clicks: list[float] = []
            bare: list[float] = []
            undos: list[float] = []
            reloads: list[float] = []
            for _ in range(boards):
                bare.append(baseline(dealer, vul, events))
                _, view = client.call("POST", "/api/sessions", {"dealer": dealer, "vulnerability": vul})
                sid = view["session"]
                for e in events:
                    took, view = client.call("POST", f"/api/sessions/{sid}/event", {"at": view["at"], "event": e})
                    clicks.append(took)
                took, _ = client.call("GET", f"/api/sessions/{sid}")
                reloads.append(took)
                took, _ = client.call("POST", f"/api/sessions/{sid}/undo", {"at": len(events)})
                undos.append(took)
            ms = [c * 1000 for c in clicks]
            out[name] = {
                "events": len(events),
                "clicks": len(ms),
                "click_median_ms": statistics.median(ms),
                "click_p95_ms": sorted(ms)[int(0.95 * (len(ms) - 1))],
                "click_max_ms": max(ms),
                "undo_median_ms": statistics.median(undos) * 1000,
                "reload_median_ms": statistics.median(reloads) * 1000,
                "baseline_per_event_ms": statistics.median(bare) * 1000,
            }
            out[name]["ratio"] = out[name]["click_median_ms"] / out[name]["baseline_per_event_ms"]
    finally:
        server.shutdown()
        server.server_close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time a click in the web trainer (auction-fsm serve) -- one event posted and the "
                    "whole view answered over 127.0.0.1 -- against a bare engine replay of the same "
                    f"boards, per event, measured in the same run. Target: a click under {TARGET_MS:.0f} ms.")
    parser.add_argument("--boards", type=int, default=20, metavar="N",
                        help="how many times each typical board is clicked through (default 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.boards < 1:
        parser.error("--boards must be at least 1")
    figures = measure(args.boards)
    if args.json:
        print(json.dumps({"target_ms": TARGET_MS, "boards": figures}, indent=2))
        return 0
    print(f"A click in the web trainer, {args.boards} boards of each kind (milliseconds; target: under "
          f"{TARGET_MS:.0f} ms)")
    print(f"{'board':30} {'clicks':>6} {'median':>7} {'p95':>7} {'max':>7} {'undo':>7} {'reload':>7} "
          f"{'engine/event':>13} {'ratio':>6}")
    for name, f in figures.items():
        print(f"{name:30} {f['clicks']:>6} {f['click_median_ms']:>7.1f} {f['click_p95_ms']:>7.1f} "
              f"{f['click_max_ms']:>7.1f} {f['undo_median_ms']:>7.1f} {f['reload_median_ms']:>7.1f} "
              f"{f['baseline_per_event_ms']:>13.2f} {f['ratio']:>5.1f}x")
    worst = max(f["click_p95_ms"] for f in figures.values())
    print(f"95% of clicks answered within {worst:.1f} ms: "
          f"{'within' if worst < TARGET_MS else 'over'} the {TARGET_MS:.0f} ms target.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
