"""``auction-fsm teach``: the interactive director, driven line by line, through standard input
and through a pseudo-terminal, as a user would."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from auction_fsm.scenario import load_scenario
from auction_fsm.teaching.session import TeachSession, parse_event, plain_message

from .helpers import ROOT, Terminal, piped

LESSON = ROOT / "examples" / "lesson-insufficient-bid.txt"
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z]+\.[a-z_]+\b|\bawaiting_[a-z_]+\b|\bnot_comparable\b")


def talk(session: TeachSession, *lines: str) -> list[str]:
    out: list[str] = []
    for line in lines:
        out.append(session.prompt())
        out += session.handle(line)
    return out


def test_an_insufficient_bid_is_ruled_and_the_session_asks_for_the_judgement() -> None:
    s = TeachSession("N")
    out = talk(s, "N 1H", "E P", "S 2H", "W 1S")
    assert any("insufficient bid, Law 18D, 27" in line for line in out)
    assert any("North may accept West's insufficient 1S" in line for line in out)
    out = talk(s, "director N", "W P")
    assert s.prompt().startswith("Director, is the replacement a comparable call (23A)?")
    out = talk(s, "no")
    assert any("Law 27B2" in line and "East must pass for the rest of the auction" in line for line in out)
    assert "East must pass for the rest of the auction (Law 27B2)." in out


def test_any_seat_in_any_order_and_bad_input_never_stops_the_session() -> None:
    s = TeachSession("N")
    out = talk(s, "S 1C", "W 2C", "nonsense", "N 9Q", "judge comparable maybe", "", "E choose")
    assert any("out of rotation" in line for line in out)
    assert sum(line.startswith("Not accepted:") for line in out) == 4
    assert not s.done


def test_refusals_are_told_in_plain_words() -> None:
    s = TeachSession("N")
    out = talk(s, "N 1H", "E 1C", "judge comparable yes")
    refusal = next(line for line in out if line.startswith("Not accepted"))
    assert not IDENTIFIER.search(refusal), refusal
    assert "an insufficient bid (27)" in refusal
    assert plain_message("comparable_call.awaiting_judgement waits for not_comparable") == (
        "a replacement judged for comparability (23) waits for not comparable")


def test_restate_explain_status_undo_and_save(tmp_path: Path) -> None:
    s = TeachSession("N")
    talk(s, "N 1H", "E P", "S 2H", "W 1S", "director", "W P", "no")
    restate = s.handle("restate")
    assert restate[0].startswith("Restating the auction (Law 20B)")
    assert "  4. West: 1S -- withdrawn (Law 27B)" in restate
    explain = s.handle("explain")
    assert any("Law 27B2" in line for line in explain)
    # the flowchart named by its title (the chart holding the row that ruled), never a path
    from auction_fsm.teaching.charts import family_charts

    (chart,) = [line for line in explain if line.startswith("Flowchart: ")]
    titles = [c.title for c in family_charts(s.book, s.sim.steps[-1].fired[0].row.family)]
    assert any(chart.startswith(f"Flowchart: {t} (") for t in titles), chart
    assert "diagrams/" not in chart and ".png" not in chart
    status = s.handle("status")
    assert status[0] == "The auction period: calls are being made in rotation (17C)."
    assert "  East: the seat must pass at every remaining turn (e.g. 27B2, 36B2, 37B2, 38C)." in status
    for text in (*explain, *status, *restate):
        assert not IDENTIFIER.search(text), text
    undo = s.handle("undo")
    assert undo[0] == "Undone: director judges comparable: no."
    assert s.sim.state.pending is not None
    s.handle("yes")
    path = tmp_path / "board.json"
    assert s.handle(f"save {path}")[0].startswith("Saved 7 events")
    replay = load_scenario(path).replay()
    assert replay.ok and replay.simulator.state == s.sim.state


def test_bare_answers_to_choices() -> None:
    s = TeachSession("N")
    talk(s, "N 1H", "E P", "S 2H", "W 1S", "director", "W P", "no", "N 4H", "E P", "S P", "W P")
    assert s.prompt().startswith("North to decide")
    out = s.handle("no_prohibition")
    assert any("declarer does not prohibit" in line for line in out)


def test_parse_event_forms() -> None:
    assert parse_event("E expose SK led").describe().startswith("E exposes")
    assert parse_event("N change 2H misinformation").describe()
    assert parse_event("E lead DK facedown").describe()
    with pytest.raises(ValueError):
        parse_event("N")


def test_the_lesson_runs_from_standard_input() -> None:
    done = piped("teach", script=LESSON.read_text(encoding="utf-8"))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "Ruling, Law 27B2 (insufficient bid)" in out
    assert "Restating the auction (Law 20B)" in out
    assert "Session ended after 14 events." in out
    assert "Traceback" not in out


def test_the_end_of_input_ends_the_session() -> None:
    done = piped("teach", "--dealer", "E", script="E 1NT\nS 2C\n")
    assert done.returncode == 0
    assert done.stdout.rstrip().endswith("End of input: session ended after 2 events.")


def test_a_session_on_a_terminal(tmp_path: Path) -> None:
    term = Terminal("teach")
    try:
        term.expect("North to call > ")
        term.send("N 1H")
        term.expect("East to call > ")
        term.send("E 1C")
        term.expect("insufficient bid, Law 18D, 27")
        term.expect("South to decide")
        term.send("blah")
        term.expect("Not accepted")
        term.send("director")
        term.expect("or 'decline'")  # 10C: the director explains, then South chooses
        term.send("decline")
        term.expect("East must replace")
        term.send("E 2C")
        term.expect("27B1a")
        term.send(f"save {tmp_path / 's.json'}")
        term.expect("Saved 5 events")
        term.send("quit")
        term.expect("Session ended")
    finally:
        status = term.close()
    assert status == 0
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert len(data["events"]) == 5


def test_the_readme_lesson_runs_as_written(tmp_path: Path) -> None:
    """A new user types the README's first lesson line by line: every line is accepted."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Teaching", 1)[1]
    block = section.split("```text", 1)[1].split("```", 1)[0]
    lines = block.strip().splitlines()
    assert "W 1S" in " ".join(lines) and lines[-1] == "quit"
    # the save line writes lesson.json in the working directory
    done = piped("teach", script="\n".join(lines) + "\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Not accepted" not in done.stdout, done.stdout
    assert "Ruling, Law 27B2" in done.stdout and "Saved 13 events" in done.stdout
    assert load_scenario(tmp_path / "lesson.json").replay().ok


def test_a_26B_right_with_no_suit_left_to_prohibit_is_told(tmp_path: Path) -> None:
    # F01b: the narration of the end of the auction failed on the empty list of suits
    s = TeachSession("N")
    from auction_fsm.calls import Strain, parse_call
    from auction_fsm.events import CallEvent
    from auction_fsm.seats import Seat

    talk(s, "N 1H", "E 1C", "director")
    s.sim.apply(CallEvent(Seat.E, parse_call("2D"), specifies=(Strain.C, Strain.D, Strain.H, Strain.S)))
    s.events.append(s.sim.steps[-1].event)
    out = talk(s, "no", "S 3H", "W P", "N P", "E P", "status")
    assert not any(line.startswith(("Not accepted", "Internal fault")) for line in out)
    assert any("leaves declarer nothing to prohibit" in line for line in out)
    assert s.faults == 0


def test_an_internal_fault_is_never_told_as_a_ruling_and_teach_exits_70(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # F02b: a fault of the law book was shown as "Not accepted:" and teach exited 0
    from auction_fsm.errors import LawBookError
    from auction_fsm.simulator import Simulator

    s = TeachSession("N")
    talk(s, "N 1H", "E P")
    real = Simulator.apply

    def broken(self: Simulator, event: object) -> object:
        if "2H" in event.describe():  # type: ignore[attr-defined]
            raise LawBookError("row x left the table in 'y'")
        return real(self, event)  # type: ignore[arg-type]

    monkeypatch.setattr(Simulator, "apply", broken)
    out = talk(s, "S 2H")
    assert not any(line.startswith("Not accepted") for line in out)
    assert out[1].startswith("Internal fault (a bug in auction-fsm, not a ruling): LawBookError")
    assert s.faults == 1 and len(s.events) == 2  # the events before it are kept
    assert [r.call.text for r in s.sim.state.record] == ["1H", "P"]  # the board rebuilt from them
    talk(s, "S 3H")
    assert len(s.events) == 3 and s.sim.state.record[-1].call.text == "3H"  # and the session goes on



def test_teach_exits_70_after_an_internal_fault(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    # the command as a user runs it, from a script: the line that meets the fault is told as a
    # fault, the session goes on, and the exit status is 70, never 0
    import io

    from auction_fsm.cli import main
    from auction_fsm.errors import LawBookError
    from auction_fsm.simulator import Simulator

    real = Simulator.apply

    def broken_on_2h(self: Simulator, event: object) -> object:
        if "2H" in event.describe():  # type: ignore[attr-defined]
            raise LawBookError("row x left the table in 'y'")
        return real(self, event)  # type: ignore[arg-type]

    monkeypatch.setattr(Simulator, "apply", broken_on_2h)
    monkeypatch.setattr("sys.stdin", io.StringIO("N 1H\nE P\nS 2H\nS 3H\nquit\n"))
    assert main(["teach"]) == 70
    out, err = capsys.readouterr()
    assert "Internal fault (a bug in auction-fsm, not a ruling)" in out and "Not accepted" not in out
    assert "Session ended after 3 events." in out
    assert "internal error" in err and "Traceback" not in out + err


def test_36C_noticed_after_the_lead_can_be_entered_and_is_told() -> None:
    s = TeachSession("N")
    out = talk(s, "N 1H", "E P", "S X", "noticed after lead", "W P", "N P", "E P", "E lead SK")
    assert not any(line.startswith(("Not accepted", "Internal fault")) for line in out)
    assert any("Law 36C" in line and "scored as if it had not been made" in line for line in out)
    assert s.sim.state.contract is not None and s.sim.state.contract.text == "1H"


# --- on a terminal: Ctrl-C, colour, wrapping, history; near misses; teach's own words ---------

ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.mark.parametrize("key", ["ctrl_c", "ctrl_d"])
def test_ctrl_c_or_ctrl_d_asks_whether_to_save_then_saves(tmp_path: Path, key: str) -> None:
    """Ctrl-C, and Ctrl-D at a terminal (issue 39), ask whether to save before leaving."""
    term = Terminal("teach")
    leave = getattr(term, key)
    try:
        term.expect("North to call > ")
        term.send("N 1H")
        term.expect("East to call > ")
        leave()
        term.expect("Save this board (1 event) before you leave?")
        term.expect("'back' goes on > ")
        term.send("back")
        term.expect("Back to the table.")
        term.expect("East to call > ")
        term.send("E 1S")
        term.expect("South to call > ")
        leave()
        term.expect("'back' goes on > ")
        term.send(str(tmp_path / "board.json"))
        term.expect("Saved 2 events")
        term.expect("Session ended after 2 events.")
    finally:
        status = term.close()
    assert status == 0
    replay = load_scenario(tmp_path / "board.json").replay()
    assert replay.ok and [r.call.text for r in replay.simulator.state.record] == ["1H", "1S"]


def test_ctrl_c_twice_leaves_without_saving(tmp_path: Path) -> None:
    term = Terminal("teach")
    try:
        term.expect("North to call > ")
        term.send("N 1H")
        term.expect("East to call > ")
        term.ctrl_c()
        term.expect("'back' goes on > ")
        term.ctrl_c()
        term.expect("Left without saving: session ended after 1 event.")
    finally:
        status = term.close()
    assert status == 0
    assert list(tmp_path.iterdir()) == []


def test_colour_on_a_terminal_unless_no_color() -> None:
    for extra, drop, coloured in (({"TERM": "xterm"}, ("NO_COLOR",), True),
                                  ({"TERM": "xterm", "NO_COLOR": "1"}, (), False)):
        term = Terminal("teach", extra_env=extra, drop_env=drop)
        try:
            term.expect("to call > ")
            term.send("N 1H")
            term.send("E 1C")
            shown = term.expect("South to decide")
            term.send("quit")
            shown += term.expect("Session ended")
        finally:
            assert term.close() == 0
        assert bool(ANSI.search(shown)) is coloured, shown
        assert "insufficient bid, Law 18D, 27" in ANSI.sub("", shown)


def test_no_colour_and_no_wrapping_when_not_a_terminal() -> None:
    done = piped("teach", script="N 1H\nE 1C\n")
    assert "\x1b[" not in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) > 100  # one line per answer, unwrapped


def test_text_is_wrapped_to_the_terminal_width() -> None:
    term = Terminal("teach", extra_env={"COLUMNS": "60"})
    try:
        term.expect("North to call > ")
        term.send("N 1H")
        term.send("E 1C")
        shown = term.expect("South to decide")
        term.send("quit")
        term.expect("Session ended")
    finally:
        assert term.close() == 0
    lines = [ANSI.sub("", line) for line in shown.splitlines() if "to call >" not in line]
    assert max(len(line) for line in lines) <= 60, lines
    assert any("What each option leads to" in line for line in lines)


def test_line_history_brings_back_the_last_line() -> None:
    term = Terminal("teach")
    try:
        term.expect("North to call > ")
        term.send("status")
        term.expect("The auction period:")
        term.expect("North to call > ")
        term.keys("\x10")  # Ctrl-P: the previous line comes back on the prompt line ...
        term.expect("status")
        term.keys("\r")  # ... and Enter runs it again
        term.expect("The auction period:")
        term.send("quit")
        term.expect("Session ended")
    finally:
        assert term.close() == 0


@pytest.mark.parametrize(("typed", "read_as"), [("pas", "N P"), ("1nt", "N 1NT"), ("dbl", None), ("N xx", None),
                                                ("N redbl", "N XX"), ("n 1h", None), ("N 2 hearts", "N 2H")])
def test_near_misses_are_understood(typed: str, read_as: str | None) -> None:
    s = TeachSession("N")
    out = s.handle(typed)
    if read_as is None:
        assert s.events or out[0].startswith("Not accepted"), out
    else:
        assert out[0] == f"(Read as '{read_as}'.)", out
        assert len(s.events) == 1


def test_a_bare_call_is_the_call_of_the_player_who_may_call_now() -> None:
    """In turn, the seat whose turn it is; while an irregularity waits for LHO to accept it by
    calling, LHO (South's double of partner's 1H: West calls over it)."""
    s = TeachSession("N")
    talk(s, "N 1H", "E pas", "S dbl")
    assert s.handle("redbl")[0] == "(Read as 'W XX'.)"
    assert [e.describe() for e in s.events] == ["N: 1H", "E: P", "S: X", "W: XX"]


def test_help_and_errors_speak_teachs_own_lines() -> None:
    s = TeachSession("N")
    help_text = "\n".join(s.handle("help"))
    assert "e. '" not in help_text and "_" not in help_text
    s.handle("N 1H")
    out = s.handle("E lead SK")
    assert out[0] == ("Not accepted: East led SK before the auction was over: that card is a card exposed "
                      "during the auction (Law 24). Enter it as 'E expose SK led'.")
    assert s.handle("blah blah")[0] == ("Not accepted: cannot read 'blah blah': start with a seat (N, E, S, W) "
                                        "and say what it does, e.g. 'N 1H'.")
    assert s.handle("restat")[0] == "Not accepted: cannot read 'restat': did you mean 'restate'? (type help for every form)."
    s.handle("E 1C")  # insufficient: South may accept it by calling, or call the director
    refusal = s.handle("N 2H")[0]
    assert refusal == ("Not accepted: North's 2H is not ruled now: the table waits for South's decision, and "
                       "until then only that decision's options and what its procedure lets in are ruled. "
                       "Enter it again once South has decided."), refusal
    for line in (*s.handle("W accept"), *s.handle("S acept")):
        assert "lho calls" not in line and "=" not in line and not IDENTIFIER.search(line), line
