"""The web trainer under a class and under bad requests (issue 40, the web reproducers W01-W05 in
../shared/regressions/web): a deeply nested body is a 400 in words (W01); fifty pages opened at
once are all answered (W02, the listen queue); a scenario's description survives load, save,
download and a restart (W03); a body shorter than it says is answered 408 and frees its thread
(W04); a new board reads the vulnerability as a scenario file does (W05)."""

from __future__ import annotations

import json
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from auction_fsm.scenario import loads_scenario
from auction_fsm.web.server import LISTEN_QUEUE, MAX_DEPTH, make_server

from .conftest import Trainer
from .test_api import one_line_400

DESCRIBED = {"format": "auction-fsm-scenario", "version": 1, "title": "Kept title",
             "description": "What the teacher wrote about this board.", "dealer": "S",
             "vulnerability": "EW", "events": [{"type": "call", "seat": "S", "call": "1H"},
                                               {"type": "call", "seat": "W", "call": "1C"}]}


def _raw(trainer: Trainer, request: bytes, wait: float = 10.0) -> bytes:
    """Send ``request`` as it is on a socket of its own and read the answer until it closes."""
    host, port = trainer.server.server_address[:2]
    with socket.create_connection((str(host), port), timeout=wait) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer


# --- W01: nesting ---------------------------------------------------------------------------------
@pytest.mark.parametrize("depth", [3000, MAX_DEPTH + 1])
def test_a_deeply_nested_body_is_a_400_on_every_route_that_reads_json(trainer: Trainer, depth: int) -> None:
    view = trainer.new_board()
    nested = ("[" * depth + "]" * depth).encode()
    body = b'{"at": 0, "event": ' + nested + b"}"
    for path in ("/api/sessions", f"/api/sessions/{view['session']}/event",
                 f"/api/sessions/{view['session']}/load", "/api/quiz/answer"):
        one_line_400(trainer.request("POST", path, raw=body), "nested too deeply")
    assert trainer.get(f"/api/sessions/{view['session']}").data == view  # nothing changed


def test_a_scenario_nested_as_deep_as_it_needs_is_read(trainer: Trainer) -> None:
    view = trainer.new_board()
    reply = trainer.post(f"/api/sessions/{view['session']}/load", {"scenario": DESCRIBED})
    assert reply.status == 200 and reply.data["at"] == 2


# --- W02: a class at once ------------------------------------------------------------------------
def test_fifty_pages_connecting_at_once_are_all_answered(tmp_path: Path) -> None:
    """The fifty connect before the server accepts any (as when a class opens the page at the
    same moment): each is queued, none refused or left unanswered."""
    assert LISTEN_QUEUE >= 64
    server = make_server(tmp_path, "127.0.0.1", 0)  # listening, not yet accepting
    port = server.server_address[1]
    sockets = []
    try:
        for _ in range(50):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            sockets.append(s)
        body = json.dumps({"dealer": "N"}).encode()
        for s in sockets:
            s.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                      b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (port, len(body), body))
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        thread.start()
        statuses = []
        for s in sockets:
            answer = b""
            while chunk := s.recv(65536):
                answer += chunk
            statuses.append(answer.split(b" ", 2)[1])
        assert statuses == [b"200"] * 50
        assert len(server.boards) == 50
    finally:
        for s in sockets:
            s.close()
        server.shutdown()
        server.server_close()


def test_fifty_clients_playing_at_once_get_every_answer(trainer: Trainer) -> None:
    """Fifty boards played at once, ten events each: every request answered 200 and each board
    holds its own ten events."""
    def play(i: int) -> list[int]:
        view = trainer.new_board(dealer="NESW"[i % 4])
        statuses = []
        for at in range(10):
            seat = "NESW"[("NESW".index(view["dealer"]) + at) % 4]
            reply = trainer.event(view, {"type": "call", "seat": seat, "call": "1C" if at == 0 else "P"})
            statuses.append(reply.status)
            if reply.status == 200:
                view = reply.data
        return statuses + [len(trainer.get(f"/api/sessions/{view['session']}").data["scenario"]["events"])]

    with ThreadPoolExecutor(50) as pool:
        results = list(pool.map(play, range(50)))
    assert results == [[200] * 10 + [10]] * 50, results


# --- W03: the description ---------------------------------------------------------------------------
def test_the_description_survives_load_save_download_and_a_restart(trainer: Trainer) -> None:
    (trainer.folder / "described.json").write_text(json.dumps(DESCRIBED))
    view = trainer.new_board()
    loaded = trainer.post(f"/api/sessions/{view['session']}/load", {"name": "described.json"}).data
    assert loaded["scenario"]["description"] == DESCRIBED["description"]  # what Download writes
    saved = trainer.post(f"/api/sessions/{view['session']}/save", {"name": "saved.json"})
    assert saved.status == 200
    on_disk = loads_scenario((trainer.folder / "saved.json").read_text())
    assert (on_disk.title, on_disk.description) == (DESCRIBED["title"], DESCRIBED["description"])
    # an event more, then a restarted server: the page's copy brings the description back
    more = trainer.event(saved.data, {"type": "call", "seat": "N", "call": "P"}).data
    trainer.server.boards.clear()
    restored = trainer.post("/api/sessions", {"scenario": more["scenario"]}).data
    assert restored["scenario"]["description"] == DESCRIBED["description"]
    assert restored["scenario"] == more["scenario"]
    # a file uploaded from the page keeps it too; a new board has none
    uploaded = trainer.post(f"/api/sessions/{restored['session']}/load",
                            {"scenario": json.dumps(DESCRIBED), "source": "x.json"}).data
    assert uploaded["scenario"]["description"] == DESCRIBED["description"]
    fresh = trainer.post(f"/api/sessions/{restored['session']}/new", {"dealer": "E"}).data
    assert "description" not in fresh["scenario"]


# --- W04: a body that never comes -----------------------------------------------------------------------
def test_a_body_shorter_than_it_says_is_a_408_and_frees_its_thread(trainer: Trainer) -> None:
    trainer.server.body_timeout = 0.5
    port = trainer.server.server_address[1]
    short = (b"POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
             b"Content-Length: 1000\r\n\r\n{}" % port)
    before = threading.active_count()
    started = time.monotonic()
    with ThreadPoolExecutor(20) as pool:
        answers = list(pool.map(lambda _: _raw(trainer, short), range(20)))
    assert all(a.startswith(b"HTTP/1.1 408 ") for a in answers), answers[0][:200]
    assert b"1000 bytes" in answers[0]
    assert time.monotonic() - started < 9  # each waited about half a second, not the 10 s allowed
    for _ in range(50):  # the server's threads that waited are gone
        if threading.active_count() <= before:
            break
        time.sleep(0.1)
    assert threading.active_count() <= before
    assert trainer.get("/api/files").status == 200


def test_a_body_cut_short_by_the_client_is_a_400(trainer: Trainer) -> None:
    host, port = trainer.server.server_address[:2]
    with socket.create_connection((str(host), port), timeout=10) as s:
        s.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 1000\r\n\r\n{}" % port)
        s.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400 ") and b"closed after 2" in answer


# --- W05: the vulnerability -----------------------------------------------------------------------------
@pytest.mark.parametrize(("word", "read"), [("Both", "All"), ("none", "None"), ("Love", "None"),
                                            ("ns", "NS"), ("All", "All")])
def test_a_new_board_reads_the_vulnerability_as_a_scenario_does(trainer: Trainer, word: str, read: str) -> None:
    board = trainer.new_board(vulnerability=word)
    scenario = {"format": "auction-fsm-scenario", "version": 1, "dealer": "N", "vulnerability": word, "events": []}
    restored = trainer.post("/api/sessions", {"scenario": scenario}).data
    assert board["vulnerability"] == restored["vulnerability"] == read
    again = trainer.post(f"/api/sessions/{board['session']}/new", {"vulnerability": word}).data
    assert again["vulnerability"] == read


def test_an_unknown_vulnerability_is_refused_quoting_it(trainer: Trainer) -> None:
    one_line_400(trainer.post("/api/sessions", {"vulnerability": "Some"}), "'Some'", "None, NS, EW, All")


def test_the_load_test_answers_help_and_refuses_a_bad_count() -> None:
    import subprocess
    import sys

    from .conftest import ROOT

    script = ROOT / "benchmarks" / "bench_serve_load.py"
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0 and done.stdout.startswith("usage: bench_serve_load.py"), done.stderr
    assert "errors in" not in done.stdout  # nothing ran
    refused = subprocess.run([sys.executable, str(script), "--clients", "0"], capture_output=True, text=True,
                             timeout=120, check=False)
    assert refused.returncode == 2 and "--clients must be at least 1" in refused.stderr
