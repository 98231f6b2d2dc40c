"""The web trainer as a teacher projects it in class (issue 39): the flowchart beside the table
at 1280x800 with no scrolling and its "now" mark on the question the table faces (stacked on a
narrow screen); a whole lesson typed at the keyboard, no click; a law number opening its summary
beside its chart; the quiz at a level.  Headless chromium, as ``test_browser.py``; the screen's
size is set through the DevTools protocol and put back after each test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from auction_fsm.lawbook.paragraphs import PARAGRAPHS_2017

from .test_browser import Page, page  # noqa: F401 - the page fixture

Rect = dict[str, float]


@pytest.fixture
def screen(chrome: Any) -> Iterator[Any]:
    """A way to set the page's size (width, height) for one test."""
    def size(width: int, height: int) -> None:
        chrome.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        chrome.execute_script("window.dispatchEvent(new Event('resize'))")

    yield size
    chrome.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def rect(p: Page, css: str) -> Rect:
    return dict(p.d.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};", css))


def keys(p: Page, *typed: str) -> None:
    """Type each line into whatever has the focus, then Enter; wait for one more event each."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    for line in typed:
        want = p.events() + 1
        ActionChains(p.d).send_keys(line + Keys.ENTER).perform()
        _wait_events(p, want)
        assert not p.error(), (line, p.error())


def _wait_events(p: Page, want: int) -> None:
    p.wait.until(lambda d: p.events() == want or p.error())


def _wait_text(p: Page, css: str, words: str) -> None:
    p.wait.until(lambda d: words in p.text(css))


def chord(p: Page, modifier: str, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    mod = getattr(Keys, modifier)
    ActionChains(p.d).key_down(mod).send_keys(key).key_up(mod).perform()


def option_key(p: Page, option: str) -> str:
    """The letter shown on the option button (what a teacher reads on the screen)."""
    return str(p.find(f"#options button[data-option='{option}']").get_attribute("data-key"))


def test_a_whole_lesson_by_keyboard_alone(page: Page, screen: Any) -> None:  # noqa: F811
    p = page
    screen(1280, 800)
    assert p.d.execute_script("return document.activeElement.id") == "keyboard"  # ready to type
    keys(p, "1h", "p", "2h", "1s")  # West's 1S is insufficient
    assert "Waiting for North" in p.text("#situation")
    chord(p, "ALT", "d")  # the director
    p.wait.until(lambda d: p.events() == 5)
    keys(p, option_key(p, "decline"))  # North declines
    assert p.find("#options button.option").text == "a West passes"  # the common replacement first
    keys(p, "p")  # West passes
    assert "comparable" in p.text("#situation")
    no = next(b for b in p.all("#options button.option") if "not a comparable" in b.text)
    keys(p, str(no.get_attribute("data-key")))  # the director: not comparable
    assert "must pass for the rest of the auction" in p.text("#seat-E .obligation")
    keys(p, "4h", "p", "p", "p")
    assert "26B" in p.text("#situation")
    keys(p, option_key(p, "no_prohibition"))
    keys(p, "lead dk")  # East leads the king of diamonds, face up
    assert "Lead: DK by E, face up" in p.text("#board-info") and "4H" in p.text("#board-info")
    # undo from the keyboard, twice over, and the lead again
    chord(p, "ALT", "u")
    p.wait.until(lambda d: p.events() == 13)
    keys(p, "lead dk")
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    ActionChains(p.d).send_keys("undo" + Keys.ENTER).perform()
    p.wait.until(lambda d: p.events() == 13)
    keys(p, "e lead dk")
    session = p.d.execute_script("return sessionStorage.getItem('auction-fsm.session')")
    events = p.trainer.get(f"/api/sessions/{session}").data["scenario"]["events"]
    assert [e["type"] for e in events] == ["call"] * 4 + ["director", "choice", "call", "judgement"] + \
        ["call"] * 4 + ["choice", "lead"]
    assert events[6] == {"type": "call", "seat": "W", "call": "P"} and events[-1]["card"] == "DK"
    # a line the trainer does not read is answered in words, and nothing happens
    ActionChains(p.d).send_keys("zz" + Keys.ENTER).perform()
    p.wait.until(lambda d: "Not understood" in p.text("#keyboard-said"))
    assert p.events() == 14
    p.shot("keyboard-lesson-end")


def test_the_chart_is_beside_the_table_at_1280x800_with_now_on_the_question(page: Page, screen: Any) -> None:  # noqa: F811
    p = page
    screen(1280, 800)
    for seat, call in (("N", "1H"), ("E", "P"), ("S", "2H"), ("W", "1S")):
        p.call(seat, call)
    facing = {  # what the table faces at each moment, and the words of that question
        "insufficient": "Does the offender's LHO call over the insufficient bid?",
        "decline": "Is the replacement the lowest sufficient bid",
        "comparable": "Does it replace an insufficient bid?",
    }
    moments = [("insufficient", None), ("decline", "#options button[data-option='director']"),
               ("decline", "#options button[data-option='decline']"), ("comparable", "#option-0")]
    for n, (moment, click) in enumerate(moments):
        if click:
            p.after(p.find(click).click)
        if n == 1:
            continue  # North's choice, on the way
        assert p.d.execute_script("return [window.scrollX, window.scrollY]") == [0, 0]
        table, bidding, flow, chart = (rect(p, c) for c in ("#table", "#calls", "#flow", "#chart"))
        assert flow["left"] >= table["right"] and flow["top"] < 150  # beside the table, at the top
        assert chart["bottom"] <= 800 and bidding["bottom"] <= 800  # both whole on the screen
        now = rect(p, "#chart svg g.now rect")
        assert chart["top"] <= now["top"] and now["bottom"] <= chart["bottom"], (moment, now, chart)
        assert chart["left"] <= now["left"] and now["right"] <= chart["right"]
        session = p.d.execute_script("return sessionStorage.getItem('auction-fsm.session')")
        view = p.trainer.get(f"/api/sessions/{session}").data
        assert p.find("#chart svg g.now").get_attribute("data-box") == view["chart"]["here"][-1]
        shown = p.d.execute_script("return [...document.querySelectorAll('#chart svg g.now text')]"
                                   ".map((t) => t.textContent).join(' ')")
        assert facing[moment] in shown, shown
        assert len(p.all("#chart svg text.now")) == 1  # one "now" mark
        p.shot(f"class-1280x800-{n}-{moment}")
    # on a narrow screen the chart comes under the table
    screen(800, 800)
    p.wait.until(lambda d: rect(p, "#flow")["top"] >= rect(p, "#bidding")["bottom"])
    assert rect(p, "#flow")["left"] < rect(p, "#table")["right"]
    assert p.d.execute_script("return document.documentElement.scrollWidth") <= 800  # nothing off the side
    p.shot("class-800x800-stacked")


def test_a_law_number_opens_its_summary_beside_its_chart(page: Page, screen: Any) -> None:  # noqa: F811
    p = page
    screen(1280, 800)
    for seat, call in (("N", "1H"), ("E", "P"), ("S", "2H"), ("W", "1S")):
        p.call(seat, call)
    p.after(p.find("#options button[data-option='director']").click)
    p.after(p.find("#options button[data-option='decline']").click)
    p.call("W", "P")
    p.after(p.find("#option-1").click)  # not comparable: 27B2
    assert p.find("#law-summary").get_attribute("hidden") is not None
    link = next(a for a in p.all("#narration a.law") if a.text == "27B2")
    assert PARAGRAPHS_2017["27B2"] in str(link.get_attribute("title"))
    link.click()
    p.wait.until(lambda d: p.find("#law-summary").get_attribute("hidden") is None)
    assert p.text("#law-summary").endswith(PARAGRAPHS_2017["27B2"])
    assert p.find("#chart-select").get_attribute("value").startswith("flow_27")
    summary, chart, flow = rect(p, "#law-summary"), rect(p, "#chart"), rect(p, "#flow")
    assert flow["left"] <= summary["left"] and summary["bottom"] <= chart["top"]
    assert 0 <= summary["top"] and summary["bottom"] < 800  # on the screen, with the chart below it
    p.shot("class-law-summary")


def test_the_quiz_at_a_level(page: Page) -> None:  # noqa: F811
    from selenium.webdriver.support.ui import Select

    from auction_fsm.teaching.quiz import make_question

    p = page
    p.find("#tab-quiz").click()
    for level in ("beginner", "exam"):
        Select(p.find("#quiz-level")).select_by_value(level)
        p.find("#quiz-start").click()
        q = make_question("1", 1, level=level)
        _wait_text(p, "#quiz-situation", f"Question 1 ({level}).")
        assert [b.text[3:] for b in p.all("#quiz-choices button")] == list(q.choices)
        p.find(f"#choice-{q.answer}").click()
        p.wait.until(lambda d: "Right." in p.text("#quiz-result"))

