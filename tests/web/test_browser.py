"""The web trainer in a real browser (headless chromium driven by selenium): the README's first
lesson clicked through as a user would, a lead out of turn (Law 54), a reload, load and save,
and the quiz answered by clicking.  Each step waits for what the page shows (explicit waits,
no sleeps) and checks it; screenshots are saved (see ``conftest.py``).

Skipped, with the reason, when chromium, chromedriver or selenium is not installed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from auction_fsm.scenario import load_scenario

from .conftest import Trainer

WAIT = 20  # seconds: the longest wait for the page to answer a click


class Page:
    """The trainer's page in the browser, with the actions a user takes."""

    def __init__(self, driver: Any, trainer: Trainer, shots: Path) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        self.d = driver
        self.trainer = trainer
        self.shots = shots
        self.wait = WebDriverWait(driver, WAIT)

    # --- reading the page ----------------------------------------------------------------------
    def find(self, css: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.d.find_element(By.CSS_SELECTOR, css)

    def all(self, css: str) -> list[Any]:
        from selenium.webdriver.common.by import By

        return list(self.d.find_elements(By.CSS_SELECTOR, css))

    def text(self, css: str) -> str:
        return str(self.find(css).get_attribute("textContent"))

    def events(self) -> int:
        return len(self.all("#narration .event"))

    def error(self) -> str:
        box = self.find("#error")
        return "" if box.get_attribute("hidden") is not None else str(box.get_attribute("textContent"))

    def shot(self, name: str) -> Path:
        path = self.shots / f"{name}.png"
        self.d.save_screenshot(str(path))
        return path

    # --- acting --------------------------------------------------------------------------------
    def open(self) -> None:
        self.d.get(self.trainer.url + "/")
        self.ready()

    def ready(self) -> None:
        self.wait.until(lambda d: d.find_element("css selector", "body").get_attribute("data-ready") == "yes")

    def after(self, click: Any, events: int | None = None) -> None:
        """Click, then wait until the narration has ``events`` events (default: one more)."""
        want = self.events() + 1 if events is None else events
        click()
        self.wait.until(lambda d: self.events() == want or self.error())
        assert not self.error(), self.error()
        assert self.events() == want

    def call(self, seat: str, call: str) -> None:
        self.find(f"#pick-{seat}").click()
        self.wait.until(lambda d: "chosen" in (self.find(f"#pick-{seat}").get_attribute("class") or ""))
        self.after(self.find(f"#call-{call}").click)

    def option(self, words: str) -> None:
        """Click the option button whose label contains ``words``."""
        buttons = [b for b in self.all("#options button.option") if words in b.text]
        assert len(buttons) == 1, [b.text for b in self.all("#options button.option")]
        self.after(buttons[0].click)


@pytest.fixture
def page(chrome: Any, trainer: Trainer, screenshots: Path) -> Iterator[Page]:
    chrome.get(trainer.url + "/")
    chrome.execute_script("sessionStorage.clear()")  # a fresh tab for each test
    chrome.get_log("browser")  # forget what earlier tests logged
    p = Page(chrome, trainer, screenshots)
    p.open()
    yield p
    # no script error, no file refused by the page's security policy, nothing missing; an API
    # request the server refused on purpose (400, or 404 for a board it lost) is part of a test
    problems = [entry["message"] for entry in chrome.get_log("browser") if entry["level"] == "SEVERE"
                and not ("/api/" in entry["message"] and ("status of 400" in entry["message"]
                                                          or "status of 404" in entry["message"]))]
    assert not problems, problems


def chart_here(p: Page) -> list[str]:
    """The text of the boxes marked as the step under way on the flowchart shown."""
    return [str(g.get_attribute("textContent")) for g in p.all("#chart svg g.here")]


def test_the_first_lesson_clicked_through(page: Page) -> None:
    p = page
    assert "North to call" in p.text("#situation")
    # the bidding box highlights North's legal calls: all 35 bids and pass, not double
    legal = {b.get_attribute("data-call") for b in p.all("#calls button.legal")}
    assert len(legal) == 36 and "X" not in legal and "1H" in legal
    for seat, call in (("N", "1H"), ("E", "P"), ("S", "2H")):
        p.call(seat, call)
    legal = {b.get_attribute("data-call") for b in p.all("#calls button.legal")}
    assert "1S" not in legal and "2S" in legal  # West's 1S would be insufficient...
    p.call("W", "1S")  # ...and any seat may still make any call
    assert "insufficient" in p.text("#narration .event:last-child")
    assert "Waiting for North" in p.text("#situation")
    assert p.find("#chart-select").get_attribute("value") == "flow_27"
    here = chart_here(p)
    # step 1 and its first question, which asks about the offender's LHO, who decides here
    assert "Step 1:" in here[0] and "offender's LHO" in here[1]
    p.shot("lesson-1-insufficient-bid")

    # North's pass first; the bidding box is lit for North, whose call decides
    labels = [b.text for b in p.all("#options button.option")]
    assert labels[0] == "a North passes" and labels[-1] == "c North calls the director"
    assert "decides" in (p.find("#calls").get_attribute("class") or "")
    assert len(p.all("#calls button.legal")) == 38  # any call of North accepts it (27A1)
    # the option made by any other call marks North's calls in the bidding box, and makes none
    p.find("#option-1").click()
    p.wait.until(lambda d: len(p.all("#calls button.marked")) == 37)  # all but the pass
    assert p.events() == 4
    p.after(p.find("#director").click)  # director
    labels = [b.text for b in p.all("#options button.option")]
    assert labels == ["a North accepts", "b North declines"]
    p.call("W", "P")  # West replaces it with a pass
    assert "comparable" in p.text("#situation")
    p.option("not a comparable call")  # no
    assert "must pass for the rest of the auction" in p.text("#seat-E .obligation")
    assert "27B2" in p.text("#narration .event.latest .ruling")  # the ruling with its law, once
    p.find("#status-box summary").click()  # status
    assert "East: the seat must pass at every remaining turn" in p.text("#status")
    p.shot("lesson-2-not-comparable")

    for seat, call in (("N", "4H"), ("E", "P"), ("S", "P"), ("W", "P")):
        p.call(seat, call)
    assert "26B" in p.text("#situation")
    p.after(p.find("#options button[data-option='no_prohibition']").click)  # N no_prohibition
    p.find("#card").send_keys("DK")
    p.find("#lead-facedown").click()  # the README's lesson leads face up
    assert p.find("#pick-E").get_attribute("class") and "chosen" in p.find("#pick-E").get_attribute("class")
    p.after(p.find("#lead").click)  # E lead DK
    assert "4H" in p.text("#board-info") and "Lead: DK by E, face up" in p.text("#board-info")
    p.find("#restate-box summary").click()  # restate
    assert "Restating the auction (Law 20B)" in p.text("#restate") and "West: 1S" in p.text("#restate")
    # the auction as a bidding diagram, West's insufficient 1S struck through
    struck = p.all("#diagram del")
    assert [s.text for s in struck] == ["1♠"]
    assert [c.find_element("css selector", ".call").text for c in p.all("#diagram td[data-index]")][:6] == ["1♥", "Pass", "2♥", "1♠", "Pass", "4♥"]
    p.shot("lesson-3-lead")

    # save lesson.json into the folder: the file replay reads
    name = p.find("#save-name")
    name.clear()
    name.send_keys("lesson.json")
    p.find("#save").click()
    p.wait.until(lambda d: "Saved to lesson.json" in p.text("#notice"))
    saved = load_scenario(p.trainer.folder / "lesson.json")
    assert len(saved.events) == 13 and saved.simulate().state.phase == "play"

    # a reload loses nothing; undo takes back the lead
    p.d.refresh()
    p.ready()
    p.wait.until(lambda d: p.events() == 13)
    assert [s.text for s in p.all("#diagram del")] == ["1♠"]
    p.after(p.find("#undo").click, events=12)
    assert "East to lead" in p.text("#situation") or "East" in p.text("#situation")

    # a law number in the narration opens its flowchart
    link = next(a for a in p.all("#narration a.law") if a.text == "27B2")
    link.click()
    p.wait.until(lambda d: p.find("#chart-select").get_attribute("value").startswith("flow_27"))
    assert any("27B2" in str(t.get_attribute("textContent")) for t in p.all("#chart svg text.law"))


def test_a_lead_out_of_turn_law_54(page: Page) -> None:
    p = page
    from selenium.webdriver.support.ui import Select

    Select(p.find("#new-dealer")).select_by_value("S")
    Select(p.find("#new-vul")).select_by_value("All")
    p.after(p.find("#new-board").click, events=0)
    p.wait.until(lambda d: "Dealer South" in p.text("#board-info"))
    assert "vulnerable" in p.text("#seat-N") and "dealer" in p.text("#seat-S")
    for seat, call in (("S", "1NT"), ("W", "P"), ("N", "3NT"), ("E", "P"), ("S", "P"), ("W", "P")):
        p.call(seat, call)
    assert "West" in p.text("#situation")  # West is to lead
    p.find("#pick-E").click()  # East leads instead, face up
    p.find("#card").send_keys("S6")
    p.find("#lead-facedown").click()
    p.after(p.find("#lead").click)
    assert "Law 54" in p.text("#situation") or "(Law 54" in p.text("#situation")
    options = {b.get_attribute("data-option") for b in p.all("#options button.option")}
    assert {"accept", "spread", "refuse", "dummy_seen"} <= options
    assert "54" in p.find("#chart-select").get_attribute("value") or p.find("#chart-select").get_attribute(
        "value").startswith("flow_41_50_51_54")
    assert chart_here(p), "the step under way is marked on the flowchart"
    p.shot("law54-1-lead-out-of-turn")
    p.option("declarer could not have seen")  # the director's judgement first (54C)
    p.after(p.find("#options button[data-option='refuse']").click)
    assert "S6" in p.text("#board-info") and "major" in p.text("#board-info")
    # declarer's options over the penalty card (50D), each in words with its law
    texts = [str(x.get_attribute("textContent")) for x in p.all("#options .consequence")]
    assert texts and all("Law" in t for t in texts)
    p.shot("law54-2-refused")


def test_load_from_the_folder_and_bad_input_in_words(page: Page) -> None:
    p = page
    from selenium.webdriver.support.ui import Select

    p.wait.until(lambda d: len(p.all("#files option")) == 2)
    Select(p.find("#files")).select_by_value("insufficient-bid-27B2.json")
    expected = json.loads((p.trainer.folder / "insufficient-bid-27B2.json").read_text())
    p.after(p.find("#load").click, events=len(expected["events"]))
    # a call by a seat out of turn is ruled, not refused; an impossible event is refused in words
    p.find("#pick-N").click()
    p.find("#card").send_keys("ZZ")
    p.find("#expose").click()
    p.wait.until(lambda d: p.error())
    assert "ZZ" in p.error() and "\n" not in p.error()
    assert p.events() == len(expected["events"])


def test_the_quiz_answered_by_clicking(page: Page) -> None:
    from auction_fsm.teaching.quiz import make_question

    p = page
    p.find("#tab-quiz").click()
    seed = p.find("#quiz-seed")
    seed.clear()
    seed.send_keys("7")
    p.find("#quiz-start").click()
    p.wait.until(lambda d: len(p.all("#quiz-choices button")) == 4)
    q = make_question("7", 1)
    assert [b.text[3:] for b in p.all("#quiz-choices button")] == list(q.choices)
    p.find(f"#choice-{q.answer}").click()
    p.wait.until(lambda d: "Right." in p.text("#quiz-result"))
    assert "Score: 1 of 1." in p.text("#quiz-score")
    p.shot("quiz-1-right")
    p.find("#quiz-next").click()
    q2 = make_question("7", 2)
    p.wait.until(lambda d: "Question 2 (club)." in p.text("#quiz-situation"))
    p.find(f"#choice-{(q2.answer + 1) % 4}").click()
    p.wait.until(lambda d: "Not quite" in p.text("#quiz-result"))
    # a reload keeps the quiz where it was
    p.d.refresh()
    p.ready()
    p.wait.until(lambda d: "Not quite" in p.text("#quiz-result"))
    assert "Score: 1 of 2." in p.text("#quiz-score")


def test_a_call_with_what_it_showed(page: Page) -> None:
    """A transfer: 2D showing hearts, as explained at the table (the scenario's ``specifies``)."""
    p = page
    p.call("N", "1NT")
    p.call("E", "P")
    p.find("#call-more summary").click()
    p.find("#shows input[value='H']").click()
    p.call("S", "2D")
    assert not p.find("#shows input[value='H']").is_selected()  # ticked for one call only
    session = p.d.execute_script("return sessionStorage.getItem('auction-fsm.session')")
    events = p.trainer.get(f"/api/sessions/{session}").data["scenario"]["events"]
    assert events[-1] == {"type": "call", "seat": "S", "call": "2D", "specifies": ["H"]}


def test_the_overview_marks_the_phase_and_opens_a_familys_chart(page: Page) -> None:
    p = page
    assert p.find("#chart-select").get_attribute("value") == "flow_overview"
    assert chart_here(p) and "dealer has yet to call" in chart_here(p)[0]
    p.find("#chart svg g[data-box='f_27']").click()
    p.wait.until(lambda d: p.find("#chart-select").get_attribute("value") == "flow_27")
    assert p.find("#chart svg").get_attribute("data-stem") == "flow_27"


def test_a_change_of_call(page: Page) -> None:
    """Ticking "as a change of the last call" makes the click an attempt to change it (25)."""
    p = page
    p.call("N", "1H")
    p.find("#call-more summary").click()
    p.find("#as-change").click()
    p.call("N", "1S")
    assert not p.find("#as-change").is_selected()
    told = p.text("#narration .event:last-child")
    assert "change" in told and "25" in told
    assert [s.text for s in p.all("#diagram .call")][:1] == ["1♥"]


def test_a_board_under_another_law_book(page: Page) -> None:
    from selenium.webdriver.support.ui import Select

    from auction_fsm.lawbook import LAWS_1997_30_31

    p = page
    assert "law book 2017" in p.text("#board-info")
    Select(p.find("#new-book")).select_by_value(LAWS_1997_30_31.name)
    p.find("#new-board").click()
    p.wait.until(lambda d: f"law book {LAWS_1997_30_31.name}" in p.text("#board-info"))
    p.call("E", "P")  # a pass out of rotation, ruled by that book
    assert p.find("#chart-select").get_attribute("value").startswith("flow_28-34")
    session = p.d.execute_script("return sessionStorage.getItem('auction-fsm.session')")
    view = p.trainer.get(f"/api/sessions/{session}").data
    assert view["law_book"] == LAWS_1997_30_31.name
    assert view["scenario"]["law_book"] == LAWS_1997_30_31.name


def test_a_restarted_server_gets_the_board_back_from_the_page(page: Page) -> None:
    p = page
    p.call("N", "1C")
    p.call("E", "1D")
    p.trainer.server.boards.clear()  # what a restart does to the boards in memory
    p.call("S", "1H")
    assert [c.text for c in p.all("#diagram .call")] == ["1♣", "1♦", "1♥"]
    session = p.d.execute_script("return sessionStorage.getItem('auction-fsm.session')")
    assert p.trainer.get(f"/api/sessions/{session}").data["at"] == 3


def test_a_duplicated_tab_gets_a_board_of_its_own(page: Page) -> None:
    p = page
    p.call("N", "1NT")
    first = p.d.current_window_handle
    board = p.d.execute_script("return sessionStorage.getItem('auction-fsm.session')")
    scenario = p.d.execute_script("return sessionStorage.getItem('auction-fsm.scenario')")
    p.d.switch_to.new_window("tab")
    try:
        # what a duplicated tab starts with: a copy of the first tab's storage
        p.open()  # a tab of its own, started (its board stored) before its storage is replaced
        p.d.execute_script("sessionStorage.setItem('auction-fsm.session', arguments[0]);"
                           "sessionStorage.setItem('auction-fsm.scenario', arguments[1]);", board, scenario)
        p.d.refresh()
        p.ready()
        p.wait.until(lambda d: p.events() == 1)
        copy = p.d.execute_script("return sessionStorage.getItem('auction-fsm.session')")
        assert copy != board
        p.call("E", "P")  # changes the copy only
        assert p.trainer.get(f"/api/sessions/{board}").data["at"] == 1
        assert p.trainer.get(f"/api/sessions/{copy}").data["at"] == 2
    finally:
        p.d.close()
        p.d.switch_to.window(first)
