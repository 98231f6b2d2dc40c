"""``auction-fsm teach`` keeps what the README promises (issue 39), driven as a user drives it:
a piped script, or a pseudo-terminal for the keys (Ctrl-D, Ctrl-P).

- any seat may call in any order, and the model rules on it, except while a decision waits:
  then only that procedure's events are ruled, and another seat's call is refused saying whose
  decision the table waits for, and ruled once it is made;
- a call sent again by the seat that has just made it changes nothing (no "East tries to
  replace 2H with 2H");
- Ctrl-D asks whether to save, as Ctrl-C does;
- ``load FILE`` carries on a saved board;
- nothing printed names a file of the repository, and counts are in the right number.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from auction_fsm.scenario import load_scenario

from .helpers import ROOT, Terminal, piped


def _run(script: str, cwd: Path | None = None, *argv: str) -> str:
    done = piped("teach", *argv, script=script, cwd=cwd)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == "" and "Traceback" not in done.stdout
    return done.stdout


# --- while a decision waits ---------------------------------------------------------------------
def test_another_seats_call_while_lho_decides_is_refused_then_ruled_once_the_decision_is_made() -> None:
    out = _run("N 1H\nE 1C\nW 2C\nN 2H\nS P\nW 2C\nquit\n")
    for seat, call in (("West", "2C"), ("North", "2H")):
        assert (f"Not accepted: {seat}'s {call} is not ruled now: the table waits for South's decision, and "
                "until then only that decision's options and what its procedure lets in are ruled. Enter it "
                "again once South has decided.") in out
    assert "3. South passes." in out  # South accepts by calling (27A1) ...
    assert "4. West bids 2C." in out  # ... and West's call, entered again, is ruled in turn
    assert "Session ended after 4 events." in out


def test_a_call_while_the_director_judges_waits_for_the_judgement() -> None:
    out = _run("N 1H\nE 1C\ndirector\ndecline\nE P\nW 2C\nno\nW 2C\nquit\n")
    assert "Not accepted: West's 2C is not ruled now: the table waits for the director's judgement" in out
    assert "Enter it again once the director has judged." in out
    assert "West must pass for the rest of the auction" in out  # not comparable (27B2)
    # entered again, it is ruled: a bid by a player obliged to pass, out of rotation (37)
    assert "7. West bids 2C -- violates pass obligation, Law 37" in out


def test_what_the_procedure_lets_in_while_a_decision_waits_is_ruled_as_the_readme_says() -> None:
    # the README names three: the offender's premature replacement (27C), a slip claimed (25A)
    # and a review by the player about to call (20B); each is ruled, none refused
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "27C" in readme and "a slip claimed, 25A" in readme and "20B" in readme
    for line, told in (("E 2C", "premature replacement, Law 27C"), ("E change 1D", "Ruling, Law 25A"),
                       ("S review", "Ruling, Law 20B")):
        out = _run(f"N 1H\nE 1C\n{line}\nquit\n")
        assert told in out and "Not accepted" not in out, (line, out)
    out = _run("N 1H\nE 1C\nW review\nquit\n")  # not about to call: waits, with its own law
    assert ("West's review request is not ruled now: the table waits for South's decision, and until then "
            "only that decision's options and what its procedure lets in are ruled; only the player about "
            "to call may ask now (20B).") in out


# --- a line sent again ----------------------------------------------------------------------------
def test_a_call_sent_again_from_the_history_changes_nothing() -> None:
    term = Terminal("teach")
    try:
        term.expect("North to call > ")
        term.send("N 1H")
        term.expect("East to call > ")
        term.send("E 2H")
        term.expect("South to call > ")
        term.keys("\x10")  # Ctrl-P: East's 2H comes back on the prompt line ...
        term.send("")       # ... and Enter sends it again
        shown = term.expect("South to call > ")
        term.send("status")
        shown += term.expect("South to call > ")
        term.send("quit")
        term.expect("Session ended after 2 events.")
    finally:
        assert term.close() == 0
    assert ("Nothing happens: East has just called 2H, and the same call again is neither a new call nor a "
            "change of call (Law 25 is about replacing a call by another).") in shown
    assert "tries to replace" not in shown and "31C" not in shown
    assert "2 events so far; 0 irregularities." in shown


def test_a_repeated_call_or_change_to_the_same_call_records_nothing_but_a_replacement_is_ruled() -> None:
    out = _run("N 1H\nE 1C\nE 1C\nE change 1C\nS P\nS P\nrestate\nquit\n")
    assert out.count("Nothing happens: East has just made 1C") == 2  # held while South decides
    assert "Nothing happens: South has just called P" in out
    assert "Session ended after 3 events." in out
    # the offender replacing his insufficient 1C by 1C again is the replacement 27B asks of him
    out = _run("N 1H\nE 1C\ndirector\ndecline\nE 1C\nquit\n")
    assert "Nothing happens" not in out and "5. East bids 1C -- insufficient bid, Law 27B4" in out


# --- Ctrl-D ---------------------------------------------------------------------------------------
# (Ctrl-D asking to save as Ctrl-C does: tests/teaching/test_teach.py, one test for both keys)


def test_ctrl_d_twice_leaves_without_saving_and_at_once_with_nothing_to_save(tmp_path: Path) -> None:
    term = Terminal("teach")
    try:
        term.expect("North to call > ")
        term.send("N 1H")
        term.expect("East to call > ")
        term.ctrl_d()
        term.expect("'back' goes on > ")
        term.ctrl_d()
        term.expect("Left without saving: session ended after 1 event.")
    finally:
        assert term.close() == 0
    term = Terminal("teach")
    try:
        term.expect("North to call > ")
        term.ctrl_d()  # nothing entered: nothing to ask
        shown = term.expect("session ended after 0 events.")
    finally:
        assert term.close() == 0
    assert "Save this board" not in shown


# --- load -----------------------------------------------------------------------------------------
def test_load_carries_on_a_saved_board(tmp_path: Path) -> None:
    _run("N 1H\nE P\nS 2H\nW 1S\nsave board.json\nquit\n", tmp_path)
    out = _run("load board.json\ndirector\nW P\nno\nrestate\nsave board.json\nquit\n", tmp_path)
    assert "Loaded board.json: dealer North, vulnerability None, 4 events" in out
    assert "  4. West: 1S -- pending (Law 18D, 27)" in out  # the auction so far, restated
    assert "Waiting for North: North may accept West's insufficient 1S" in out  # where it stood
    assert "5. The director is called." in out  # numbering carries on from the file
    assert "Ruling, Law 27B2" in out and "Saved 7 events to board.json" in out
    # the board saved after loading is the whole board, as if played in one session
    straight = _run("N 1H\nE P\nS 2H\nW 1S\ndirector\nW P\nno\nsave straight.json\nquit\n", tmp_path)
    assert "Saved 7 events" in straight
    loaded, whole = load_scenario(tmp_path / "board.json"), load_scenario(tmp_path / "straight.json")
    assert loaded.events == whole.events
    assert loaded.replay().simulator.state == whole.replay().simulator.state


def test_load_keeps_the_files_dealer_vulnerability_law_book_and_title(tmp_path: Path) -> None:
    board = {"format": "auction-fsm-scenario", "version": 1, "title": "Board 7", "description": "for the class",
             "dealer": "E", "vulnerability": "NS", "law_book": "1997",
             "events": [{"type": "call", "seat": "E", "call": "1D"}, {"type": "call", "seat": "S", "call": "P"}]}
    (tmp_path / "b7.json").write_text(json.dumps(board), encoding="utf-8")
    out = _run("load b7.json\nW 1H\nsave again.json\nquit\n", tmp_path)
    assert "Loaded b7.json: dealer East, vulnerability NS, law book 1997, 2 events (Board 7)." in out
    again = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))
    assert (again["dealer"], again["vulnerability"], again["law_book"], again["title"], again["description"]) == (
        "E", "NS", "1997", "Board 7", "for the class")
    assert [e["call"] for e in again["events"]] == ["1D", "P", "1H"]


def test_load_of_a_bad_file_says_why_and_keeps_the_board_at_the_table(tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text("not json", encoding="utf-8")
    (tmp_path / "deal.pbn").write_text('[Event ""]\n[Dealer "N"]\n[Auction "N"]\n1H Pass\n', encoding="utf-8")
    out = _run("N 1H\nload missing.json\nload notes.json\nload deal.pbn\nload\nE P\nquit\n", tmp_path)
    assert "Could not load missing.json: No such file or directory." in out
    assert "Could not load notes.json: malformed JSON at line 1, column 1" in out
    assert "for a PBN or LIN board: auction-fsm convert deal.pbn board.json, then load board.json" in out
    assert "Say which file: load FILE" in out
    assert "2. East passes." in out and "Session ended after 2 events." in out  # the board went on


def test_load_stops_at_an_event_the_model_refuses_and_keeps_those_before(tmp_path: Path) -> None:
    board = {"format": "auction-fsm-scenario", "version": 1, "dealer": "N",
             "events": [{"type": "call", "seat": "N", "call": "1H"},
                        {"type": "judgement", "kind": "comparable", "value": False},
                        {"type": "call", "seat": "E", "call": "P"}]}
    (tmp_path / "b.json").write_text(json.dumps(board), encoding="utf-8")
    out = _run("load b.json\nstatus\nquit\n", tmp_path)
    assert "Loaded b.json: dealer North, vulnerability None, 1 event." in out
    assert "Event 2 of the file was not accepted, so the board stops before it: " in out
    assert "1 event so far; 0 irregularities." in out


# --- what teach prints ----------------------------------------------------------------------------
PATHS = re.compile(r"diagrams/|\.png\b|auction_fsm/|\.py\b|/work/|tests/")
BROKEN_PLURAL = re.compile(r"\(s\)|\b1 (?:legal calls|events|irregularities|calls|lines)\b|\b(?:[02-9]|\d\d+) (?:legal call|event|irregularity)\b(?!s)")


def test_what_teach_prints_names_no_repository_file_and_counts_in_the_right_number(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lesson = readme.split("## Teaching", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].strip() for line in lesson.strip().splitlines()]
    script = [*lines[:lines.index("N 4H") + 1], "explain", "E pass", "status", "help", *lines[lines.index("N 4H") + 2:]]
    out = _run("\n".join(script) + "\n", tmp_path)
    assert "Flowchart: " in out and "East to call (1 legal call)." in out  # East must pass (27B2)
    assert "1 irregularity." in out and "Saved 13 events" in out
    for line in out.splitlines():
        assert not PATHS.search(line), line
        assert not BROKEN_PLURAL.search(line), line
