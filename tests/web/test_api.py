"""The web trainer's JSON API over plain HTTP (no browser): the lesson of the README, the law-54
board, undo, load and save in the folder, restoring a board from its events, the quiz, and
every kind of bad request -- each answered 400 with one line in words, nothing changed."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from auction_fsm.cli import main
from auction_fsm.narrate import step_lines
from auction_fsm.report import state_to_json
from auction_fsm.scenario import loads_scenario
from auction_fsm.teaching.charts import all_charts, chart_data

from .conftest import ROOT, Trainer

# The README's first lesson, as the page sends it (the terminal lines in the comments).
LESSON: list[dict[str, Any]] = [
    {"type": "call", "seat": "N", "call": "1H"},           # N 1H
    {"type": "call", "seat": "E", "call": "P"},            # E pass
    {"type": "call", "seat": "S", "call": "2H"},           # S 2H
    {"type": "call", "seat": "W", "call": "1S"},           # W 1S
    {"type": "director"},                                  # director
    {"type": "call", "seat": "W", "call": "P"},            # W pass
    {"type": "judgement", "kind": "comparable", "value": False},  # no
    {"type": "call", "seat": "N", "call": "4H"},
    {"type": "call", "seat": "E", "call": "P"},
    {"type": "call", "seat": "S", "call": "P"},
    {"type": "call", "seat": "W", "call": "P"},
    {"type": "choice", "seat": "N", "option": "no_prohibition"},
    {"type": "lead", "seat": "E", "card": "DK"},
]


def play(trainer: Trainer, events: list[dict[str, Any]], **board: object) -> dict[str, Any]:
    view = trainer.new_board(**board)
    for event in events:
        reply = trainer.event(view, event)
        assert reply.status == 200, (event, reply.data)
        view = reply.data
    return view


def one_line_400(reply: Any, *words: str) -> str:
    assert reply.status == 400, reply.data
    message = reply.data["error"]
    assert isinstance(message, str) and message and "\n" not in message
    assert "Traceback" not in message
    for w in words:
        assert w in message, message
    return str(message)


# --- the page ---------------------------------------------------------------------------------
def test_the_page_and_its_files_come_from_the_package_and_fetch_nothing_elsewhere(trainer: Trainer) -> None:
    import urllib.request

    for path, kind in (("/", "text/html"), ("/static/app.js", "text/javascript"), ("/static/app.css", "text/css")):
        with urllib.request.urlopen(trainer.url + path, timeout=30) as answer:
            assert answer.headers["Content-Type"].startswith(kind)
            text = answer.read().decode()
        # the only absolute address is the SVG namespace, a name rather than a fetch
        addresses = set(re.findall(r"https?://[^\s\"'<>)`]+", text))
        assert addresses <= {"http://www.w3.org/2000/svg"}, addresses
        assert not re.findall(r"(?:src|href|url)\(?=?[\"']?//", text)
    assert trainer.get("/static/../server.py").status == 404
    assert trainer.get("/nothing").status == 404


def test_the_charts_are_the_chart_data_of_the_png_flowcharts(trainer: Trainer) -> None:
    reply = trainer.get("/api/charts")
    assert reply.status == 200
    assert reply.data["charts"] == [json.loads(json.dumps(chart_data(c))) for c in all_charts()]
    laws = reply.data["laws"]
    stems = {c["stem"]: c for c in reply.data["charts"]}
    assert stems[laws["27B2"]]["family"] == "27"
    assert stems[laws["54"]]["family"] == "41, 50, 51, 54"
    assert stems[laws["26B"]]["family"] == "23, 26"


# --- a board ------------------------------------------------------------------------------------
def test_the_first_lesson_is_told_as_the_engine_tells_it(trainer: Trainer) -> None:
    view = play(trainer, LESSON)
    scenario = loads_scenario(json.dumps(view["scenario"]))
    sim = scenario.simulate()
    assert view["narration"] == [step_lines(n, st, sim.book) for n, st in enumerate(sim.steps, 1)]
    assert view["report"] == json.loads(json.dumps(state_to_json(sim)))
    assert (view["report"]["contract"], view["report"]["declarer"]) == ("4H", "N")
    assert view["report"]["phase"] == "play"
    statuses = [(c["call"], c["status"]) for c in view["report"]["calls"]]
    assert ("1S", "cancelled") in statuses or ("1S", "withdrawn") in statuses
    # East was silenced for the rest of the auction (27B2), and the page was told so in words
    assert any("27B2" in line for group in view["narration"] for line in group)


def test_each_option_of_a_decision_is_in_words_with_the_event_that_makes_it(trainer: Trainer) -> None:
    view = play(trainer, LESSON[:4])
    options = view["options"]
    # the common choice first: North's pass, which accepts the bid, is an option of its own
    assert [(o["option"], o["calls"][:1]) for o in options] == [("accept", ["P"]), ("accept", ["1C"]),
                                                               ("director", [])]
    passes, accept, director = options
    assert passes["event"] == {"type": "call", "seat": "N", "call": "P"} and passes["label"] == "North passes"
    assert accept["how"] == "call" and accept["event"] is None and "P" not in accept["calls"]
    assert len(accept["calls"]) == 38
    assert director["event"] == {"type": "director", "by": "N"}
    assert director["text"].startswith("If North calls the director:") and "27A1" in director["text"]
    assert view["box"] == {"seat": "N", "calls": ["P", *accept["calls"]]}  # the bidding box lit
    # the chart of the insufficient bid: its step, and the question the table faces -- whether
    # North calls over the bid (the row North's pass would take), not a side question
    chart = view["chart"]
    data = {c["stem"]: c for c in trainer.get("/api/charts").data["charts"]}[chart["stem"]]
    boxes = {b["id"]: b for b in data["boxes"]}
    step, question = (boxes[b] for b in chart["here"])
    # (the first step is headed by what happened at the table: a "start" box)
    assert step["kind"] in ("start", "step") and step["lines"][0].startswith("Insufficient bid. Step 1:")
    assert question["kind"] == "question"
    from auction_fsm.calls import Call
    from auction_fsm.engine import step as engine_step
    from auction_fsm.events import CallEvent
    from auction_fsm.seats import Seat
    from auction_fsm.teaching.charts import row_key

    state = loads_scenario(json.dumps(view["scenario"])).simulate().state
    fired = engine_step(state, CallEvent(Seat.N, Call.parse("P"))).fired[0].row
    assert row_key(fired) in question["rows"]
    assert all(k.startswith("phase:insufficient_bid.awaiting_decision:") for k in question["rows"])
    # click "North calls the director": the options become accept and decline, in words
    view = trainer.event(view, director["event"]).data
    assert [o["label"] for o in view["options"]] == ["North accepts", "North declines"]
    assert all(o["event"]["type"] == "choice" for o in view["options"])
    assert view["box"] is None  # no call decides: the box is lit only for the seat to call


def test_after_a_declined_insufficient_bid_the_pass_comes_first(trainer: Trainer) -> None:
    view = play(trainer, [*LESSON[:5], {"type": "choice", "seat": "N", "option": "decline"}])
    options = view["options"]
    first = options[0]
    assert first["label"] == "West passes" and first["event"] == {"type": "call", "seat": "W", "call": "P"}
    assert "27B" in first["text"]
    # every call West may make is in exactly one option; the legal ones before the rare ones
    calls = [c for o in options for c in o["calls"]]
    assert len(calls) == len(set(calls)) and {"P", "2S", "3C", "1C", "XX", "8C"} <= set(calls)
    common = [o["common"] for o in options]
    assert common == sorted(common, reverse=True) and common.count(False) == 3
    rare = {c for o in options if not o["common"] for c in o["calls"]}
    assert {"XX", "8C", "1C"} <= rare and "P" not in rare and "2S" not in rare
    others = next(o for o in options if len(o["calls"]) > 20)
    assert f"any of the other {len(others['calls'])} calls" in others["label"]
    assert set(view["box"]["calls"]) == {c for o in options if o["common"] for c in o["calls"]}


def test_each_ruling_is_told_once_in_plain_words(trainer: Trainer) -> None:
    view = play(trainer, LESSON[:7])
    record = view["record"]
    assert [r["n"] for r in record] == list(range(1, 8))
    assert record[3]["line"].startswith("4. West bids 1S")
    last = record[-1]["rulings"]
    assert [r["law"] for r in last] == ["27B2"] and "East must pass for the rest of the auction" in last[0]["text"]
    texts = [r["text"] for e in record for r in e["rulings"]]
    assert len(texts) == len(set(texts))  # each once
    assert not any("because" in t or "whether comparable or not" in t or "diagrams/" in t for t in texts)
    # while the replacement waits, the options told (10C1) are the buttons, not a ruling too
    waiting = play(trainer, [*LESSON[:5], {"type": "choice", "seat": "N", "option": "decline"}])
    assert [r["law"] for r in waiting["record"][-1]["rulings"]] == ["27B"]


def test_a_lead_out_of_turn_law_54(trainer: Trainer) -> None:
    events = [{"type": "call", "seat": s, "call": c} for s, c in
              (("S", "1NT"), ("W", "P"), ("N", "3NT"), ("E", "P"), ("S", "P"), ("W", "P"))]
    view = play(trainer, [*events, {"type": "lead", "seat": "E", "card": "S6"}], dealer="S", vulnerability="All")
    assert view["report"]["pending"]["law"].startswith("54")
    labels = {o["option"]: o for o in view["options"]}
    assert {"accept", "spread", "refuse"} <= set(labels)
    assert any(o["how"] == "judgement" and o["event"]["kind"] == "dummy_seen" for o in view["options"])
    view = trainer.event(view, labels["refuse"]["event"]).data
    assert any("54D" in line or "56" in line for line in view["narration"][-1])
    assert view["report"]["penalty_cards"][0]["card"] == "S6"


def test_undo_takes_back_the_last_event_and_only_that(trainer: Trainer) -> None:
    view = play(trainer, LESSON[:5])
    reply = trainer.post(f"/api/sessions/{view['session']}/undo", {"at": 5})
    assert reply.status == 200 and reply.data["at"] == 4
    assert reply.data["said"].startswith("Undone:")
    assert reply.data["scenario"]["events"] == LESSON[:4]
    assert reply.data["narration"] == view["narration"][:4]


def test_a_reload_and_a_restarted_server_lose_nothing(trainer: Trainer) -> None:
    view = play(trainer, LESSON[:7])
    again = trainer.get(f"/api/sessions/{view['session']}")
    assert again.status == 200 and again.data == view
    # a server that no longer has the board: the page sends its copy of the events back
    trainer.server.boards.clear()
    gone = trainer.get(f"/api/sessions/{view['session']}")
    assert gone.status == 404 and "restores" in gone.data["error"]
    restored = trainer.post("/api/sessions", {"scenario": view["scenario"]}).data
    assert {k: v for k, v in restored.items() if k != "session"} == {k: v for k, v in view.items() if k != "session"}


def test_save_and_load_in_the_folder(trainer: Trainer) -> None:
    view = play(trainer, LESSON)
    reply = trainer.post(f"/api/sessions/{view['session']}/save", {"name": "lesson.json"})
    assert reply.status == 200 and reply.data["saved"] == "lesson.json"
    saved = trainer.folder / "lesson.json"
    assert loads_scenario(saved.read_text()).events == loads_scenario(json.dumps(view["scenario"])).events
    assert main(["replay", str(saved)]) == 0  # the same file replay reads
    assert "lesson.json" in trainer.get("/api/files").data["files"]
    other = trainer.new_board()
    loaded = trainer.post(f"/api/sessions/{other['session']}/load", {"name": "lesson.json"}).data
    assert loaded["scenario"]["events"] == view["scenario"]["events"]
    example = trainer.post(f"/api/sessions/{other['session']}/load", {"name": "lead-out-of-turn-54D.json"}).data
    assert example["dealer"] == json.loads((ROOT / "examples/lead-out-of-turn-54D.json").read_text())["dealer"]
    # a file uploaded from the page: read, never written
    text = (ROOT / "examples/insufficient-bid-27B2.json").read_text()
    up = trainer.post(f"/api/sessions/{other['session']}/load", {"scenario": text, "source": "x.json"}).data
    assert len(up["scenario"]["events"]) == len(json.loads(text)["events"])
    assert sorted(p.name for p in trainer.folder.iterdir()) == sorted(
        ["insufficient-bid-27B2.json", "lead-out-of-turn-54D.json", "lesson.json"])


def test_a_file_with_a_refused_event_loads_up_to_it(trainer: Trainer) -> None:
    scenario = {"format": "auction-fsm-scenario", "version": 1, "dealer": "N", "events": [
        {"type": "call", "seat": "N", "call": "P"}, {"type": "choice", "seat": "E", "option": "accept"}]}
    view = trainer.new_board()
    loaded = trainer.post(f"/api/sessions/{view['session']}/load", {"scenario": scenario}).data
    assert loaded["at"] == 1
    assert loaded["notice"].startswith("Event 2") and "not accepted" in loaded["notice"]


# --- bad requests -------------------------------------------------------------------------------
def test_bad_requests_get_400_in_words_and_change_nothing(trainer: Trainer) -> None:
    view = play(trainer, LESSON[:3])
    sid = view["session"]
    path = f"/api/sessions/{sid}/event"
    cases = [
        (trainer.request("POST", path, raw=b"{not json"), "not JSON"),
        (trainer.request("POST", path, raw=b"[1, 2]"), "JSON object"),
        (trainer.request("POST", path, raw=b"\xff\xfe", headers={}), "not JSON"),
        (trainer.request("POST", path, {"at": 3}, headers={"Content-Type": "text/plain"}), "JSON"),
        (trainer.post(path, {"event": LESSON[3]}), "'at'"),
        (trainer.post(path, {"at": "3", "event": LESSON[3]}), "'at'"),
        (trainer.post(path, {"at": 2, "event": LESSON[3]}), "out of date"),
        (trainer.post(path, {"at": 3}), "'event'"),
        (trainer.post(path, {"at": 3, "event": {"type": "dance"}}), "unknown event type"),
        (trainer.post(path, {"at": 3, "event": {"type": "call", "seat": "Q", "call": "1H"}}), "'Q'"),
        (trainer.post(path, {"at": 3, "event": {"type": "call", "seat": "W", "call": "9Z"}}), "9Z"),
        (trainer.post(path, {"at": 3, "event": {"type": "choice", "seat": "W", "option": "accept"}}), ""),
        (trainer.post(path, {"at": 3, "event": {"type": "face_lead"}}), ""),
        (trainer.post(f"/api/sessions/{sid}/dance", {"at": 3}), ""),
        (trainer.post(f"/api/sessions/{sid}/new", {"vulnerability": "Some"}), "vulnerability"),
        (trainer.post(f"/api/sessions/{sid}/new", {"dealer": "X"}), "'X'"),
        (trainer.post(f"/api/sessions/{sid}/load", {}), "which file"),
        (trainer.post(f"/api/sessions/{sid}/load", {"name": "missing.json"}), "no file"),
        (trainer.post(f"/api/sessions/{sid}/load", {"scenario": {"format": "x"}}), ""),
        (trainer.post("/api/sessions", {"scenario": "{"}), ""),
    ]
    for reply, words in cases:
        if reply.status == 404:  # an action the server does not have
            assert reply.data["error"]
            continue
        one_line_400(reply, words)
    after = trainer.get(f"/api/sessions/{sid}").data
    assert after == view


@pytest.mark.parametrize("name", ["../outside.json", "/etc/passwd", "sub/x.json", ".hidden.json",
                                  "notes.txt", "x..json", "", 7, "a\\b.json"])
def test_no_file_outside_the_folder_is_read_or_written(trainer: Trainer, name: object) -> None:
    view = trainer.new_board()
    for action in ("save", "load"):
        reply = trainer.post(f"/api/sessions/{view['session']}/{action}", {"name": name})
        one_line_400(reply)
    assert not (trainer.folder.parent / "outside.json").exists()


def test_a_link_out_of_the_folder_is_refused(trainer: Trainer, tmp_path: Path) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text((ROOT / "examples/01-1nt-3nt.json").read_text())
    (trainer.folder / "link.json").symlink_to(secret)
    view = trainer.new_board()
    one_line_400(trainer.post(f"/api/sessions/{view['session']}/load", {"name": "link.json"}), "link")
    one_line_400(trainer.post(f"/api/sessions/{view['session']}/save", {"name": "link.json"}), "link")
    assert "link.json" not in trainer.get("/api/files").data["files"]
    assert secret.read_text() == (ROOT / "examples/01-1nt-3nt.json").read_text()


def test_another_host_name_or_another_page_is_refused(trainer: Trainer) -> None:
    one_line_400(trainer.request("GET", "/api/files", headers={"Host": "attacker.example"}), "only on this machine")
    reply = trainer.request("POST", "/api/sessions", {}, headers={"Origin": "http://attacker.example"})
    one_line_400(reply, "another web page")
    assert trainer.request("GET", "/api/files", headers={"Host": f"localhost:{trainer.server.server_address[1]}"}).status == 200


def test_an_unknown_board_is_404_and_other_methods_405(trainer: Trainer) -> None:
    assert trainer.get("/api/sessions/abcdefghijkl").status == 404
    reply = trainer.request("DELETE", "/api/sessions/abcdefghijkl")
    assert reply.status == 405 and "GET or POST" in reply.data["error"]


def test_two_clicks_on_one_view_make_one_event(trainer: Trainer) -> None:
    view = trainer.new_board()
    results: list[int] = []

    def click() -> None:
        results.append(trainer.event(view, {"type": "call", "seat": "N", "call": "1C"}).status)

    threads = [threading.Thread(target=click) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 400, 400, 400]
    assert trainer.get(f"/api/sessions/{view['session']}").data["at"] == 1


def test_garbage_on_the_socket_does_not_stop_the_server(trainer: Trainer) -> None:
    host, port = trainer.server.server_address[:2]
    for junk in (b"\x00\x01\x02\r\n\r\n", b"GET\r\n\r\n", b"POST /api/sessions HTTP/1.1\r\nContent-Length: x\r\n\r\n",
                 b"POST /api/sessions HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\n\r\n"):
        with socket.create_connection((str(host), port), timeout=10) as s:
            s.sendall(junk)
            s.shutdown(socket.SHUT_WR)
            while s.recv(4096):
                pass
    assert trainer.get("/api/files").status == 200


# --- the quiz -----------------------------------------------------------------------------------
def test_the_quiz_is_answered_by_choice_and_checked_by_the_model(trainer: Trainer) -> None:
    from auction_fsm.teaching.quiz import make_question

    q = trainer.get("/api/quiz?seed=1&number=2").data
    expected = make_question("1", 2)
    assert q["choices"] == list(expected.choices) and "answer" not in q
    wrong = (expected.answer + 1) % 4
    right = trainer.post("/api/quiz/answer", {"seed": "1", "number": 2, "law": None, "pick": expected.answer}).data
    assert right["right"] is True and right["explanation"] == list(expected.explanation)
    assert trainer.post("/api/quiz/answer", {"seed": "1", "number": 2, "pick": wrong}).data["right"] is False
    one_line_400(trainer.post("/api/quiz/answer", {"seed": "1", "number": 2, "pick": 4}), "pick")
    one_line_400(trainer.get("/api/quiz?seed=1&number=x"), "whole numbers")
    one_line_400(trainer.get("/api/quiz?seed=1&law=2"), "Law 2")


# --- the command ----------------------------------------------------------------------------------
def test_serve_listens_elsewhere_only_when_told_and_warns(tmp_path: Path) -> None:
    with subprocess.Popen([sys.executable, "-m", "auction_fsm", "serve", str(tmp_path), "--host", "0.0.0.0",
                           "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        try:
            assert proc.stdout is not None and proc.stderr is not None
            first = proc.stdout.readline()
            assert "http://0.0.0.0:" in first
            assert "warning: listening on 0.0.0.0, not only on this machine" in proc.stderr.readline()
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def test_serve_refuses_a_bad_port_or_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["serve", str(tmp_path), "--port", "70000"]) == 2
    assert "--port 70000" in capsys.readouterr().err
    assert main(["serve", str(tmp_path / "nowhere")]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_a_bug_while_answering_is_a_500_in_one_line_and_the_event_is_kept(
        trainer: Trainer, monkeypatch: pytest.MonkeyPatch) -> None:
    from auction_fsm.web.session import WebSession

    view = trainer.new_board()
    real = WebSession.view
    calls = {"n": 0}

    def flaky(self: WebSession) -> dict[str, Any]:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("planted fault")
        return real(self)

    monkeypatch.setattr(WebSession, "view", flaky)
    reply = trainer.event(view, {"type": "call", "seat": "N", "call": "1NT"})
    assert reply.status == 500 and "planted fault" in reply.data["error"] and "\n" not in reply.data["error"]
    again = trainer.get(f"/api/sessions/{view['session']}").data
    assert again["at"] == 1 and again["narration"][0][0].startswith("1. North")
    assert trainer.get("/api/files").status == 200


def test_a_board_is_ruled_by_the_law_book_it_names(trainer: Trainer) -> None:
    from auction_fsm.lawbook import LAWS_1997_30_31, LAWS_2017

    books = trainer.get("/api/books").data
    assert books == {"books": sorted([LAWS_2017.name, LAWS_1997_30_31.name]), "default": LAWS_2017.name}
    other = LAWS_1997_30_31.name
    view = trainer.new_board(law_book=other)
    assert view["law_book"] == other and view["report"]["law_book"] == other
    view = trainer.event(view, {"type": "call", "seat": "W", "call": "P"}).data  # a pass out of rotation
    assert view["scenario"]["law_book"] == other  # saved with its book
    restored = trainer.post("/api/sessions", {"scenario": view["scenario"]}).data
    assert restored["law_book"] == other and restored["narration"] == view["narration"]
    charts = trainer.get(f"/api/charts?book={other}").data
    assert charts["law_book"] == other
    assert charts["charts"] == [json.loads(json.dumps(chart_data(c))) for c in all_charts(LAWS_1997_30_31)]
    assert trainer.new_board()["scenario"].get("law_book") is None  # 2017: the files' default
    one_line_400(trainer.post("/api/sessions", {"law_book": "1963"}), "'1963'")
    one_line_400(trainer.get("/api/charts?book=1963"), "'1963'")


def test_serve_says_when_it_cannot_listen(capsys: pytest.CaptureFixture[str], trainer: Trainer) -> None:
    port = trainer.server.server_address[1]  # taken by the trainer of this test
    assert main(["serve", str(trainer.folder), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot listen on 127.0.0.1 port {port}" in err


def test_the_trainer_listens_on_ipv6_loopback_too(tmp_path: Path) -> None:
    from auction_fsm.web.server import make_server

    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    try:
        server = make_server(tmp_path, "::1", 0)
    except OSError as err:
        pytest.skip(f"no IPv6 loopback here: {err}")
    try:
        assert server.url.startswith("http://[::1]:") and server.loopback_only
    finally:
        server.server_close()


def test_the_benchmark_answers_help_without_running() -> None:
    script = ROOT / "benchmarks" / "bench_serve.py"
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0 and done.stdout.startswith("usage: bench_serve.py"), done.stderr
    assert "median" not in done.stdout  # no table: nothing ran
    refused = subprocess.run([sys.executable, str(script), "--boards", "0"], capture_output=True, text=True,
                             timeout=120, check=False)
    assert refused.returncode == 2 and "--boards must be at least 1" in refused.stderr



def test_a_file_that_cannot_be_written_is_a_400_and_leaves_nothing(
        trainer: Trainer, monkeypatch: pytest.MonkeyPatch) -> None:
    view = trainer.new_board()

    def refused(self: Path, target: object) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "replace", refused)  # the last step of saving fails
    reply = trainer.post(f"/api/sessions/{view['session']}/save", {"name": "x.json"})
    one_line_400(reply, "could not be read or written", "Permission denied")
    assert sorted(p.name for p in trainer.folder.iterdir()) == ["insufficient-bid-27B2.json",
                                                                "lead-out-of-turn-54D.json"]


def test_the_web_quiz_has_the_quiz_levels(trainer: Trainer) -> None:
    from auction_fsm.teaching.quiz import LEVELS, make_question

    for level in LEVELS:
        q = trainer.get(f"/api/quiz?seed=7&number=3&level={level}").data
        expected = make_question("7", 3, level=level)
        assert q["level"] == level and q["levels"] == list(LEVELS)
        assert (q["prompt"], q["choices"]) == (expected.prompt, list(expected.choices))
        answer = trainer.post("/api/quiz/answer", {"seed": "7", "number": 3, "level": level,
                                                   "pick": expected.answer}).data
        assert answer["right"] is True
    assert trainer.get("/api/quiz?seed=7&number=3").data["level"] == "club"  # as `auction-fsm quiz`
    one_line_400(trainer.get("/api/quiz?seed=7&number=3&level=expert"), "expert", "beginner")


def test_each_law_of_the_charts_has_a_summary_in_our_own_words(trainer: Trainer) -> None:
    payload = trainer.get("/api/charts").data
    summaries = payload["summaries"]
    assert set(summaries) == set(payload["laws"])  # every law a chart or a ruling links
    assert summaries["27B2"]["law"] == "27B2" and "pass" in summaries["27B2"]["text"]
    assert summaries["27"]["text"] != summaries["27B2"]["text"]
    assert trainer.get("/api/charts?book=1997").data["summaries"] == {}  # another book's numbers


def test_the_law_summaries_quote_no_sentence_of_the_laws() -> None:
    from auction_fsm.lawbook.paragraphs import PARAGRAPHS_2017

    seeds = ROOT.parent / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("the Laws' text (../shared/seeds) is not beside this checkout")
    laws = " ".join(" ".join(p.read_text(encoding="utf-8").split()) for p in seeds.glob("*.txt")).lower()
    for text in PARAGRAPHS_2017.values():
        words = text.lower().split()
        for i in range(len(words) - 7):  # no eight words in a row from the Laws
            assert " ".join(words[i:i + 8]) not in laws, text
