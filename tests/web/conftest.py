"""Fixtures of the web trainer's tests: a trainer serving a folder of its own on a free port
(in a thread of the test process), and a real browser (Debian's chromium driven by selenium).

The browser tests skip, saying why, when chromium, chromedriver or selenium is missing; ``.ci/run``
installs them.  Screenshots go to a temporary folder (``AUCTION_FSM_SCREENSHOTS`` chooses one).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from auction_fsm.web.server import TrainerServer, make_server

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = tuple(p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser", shutil.which("chromium")) if p)
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1400,2200")


@dataclass
class Reply:
    """An HTTP answer: the status and the JSON body."""

    status: int
    data: Any


class Trainer:
    """A running trainer and a small HTTP client for it."""

    def __init__(self, server: TrainerServer) -> None:
        self.server = server
        self.url = server.url.rstrip("/")

    @property
    def folder(self) -> Path:
        return self.server.folder

    def request(self, method: str, path: str, body: object = None, *, raw: bytes | None = None,
                headers: dict[str, str] | None = None) -> Reply:
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        hdrs = {"Content-Type": "application/json"} if data is not None else {}
        hdrs.update(headers or {})
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=hdrs)
        try:
            with urllib.request.urlopen(req, timeout=30) as answer:
                return Reply(answer.status, json.loads(answer.read() or b"null"))
        except urllib.error.HTTPError as err:
            text = err.read()
            return Reply(err.code, json.loads(text) if text else None)

    def get(self, path: str) -> Reply:
        return self.request("GET", path)

    def post(self, path: str, body: object) -> Reply:
        return self.request("POST", path, body)

    def new_board(self, **body: object) -> dict[str, Any]:
        reply = self.post("/api/sessions", body)
        assert reply.status == 200, reply.data
        return dict(reply.data)

    def event(self, view: dict[str, Any], event: dict[str, Any]) -> Reply:
        return self.post(f"/api/sessions/{view['session']}/event", {"at": view["at"], "event": event})


@pytest.fixture
def trainer(tmp_path: Path) -> Iterator[Trainer]:
    """A trainer serving a fresh folder holding two example scenarios."""
    folder = tmp_path / "boards"
    folder.mkdir()
    for name in ("insufficient-bid-27B2.json", "lead-out-of-turn-54D.json"):
        shutil.copy(ROOT / "examples" / name, folder / name)
    server = make_server(folder, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield Trainer(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def _browser_missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if not any(os.path.exists(p) for p in CHROMIUM):
        return "chromium is not installed (apt-get install chromium chromium-driver)"
    if not os.path.exists(CHROMEDRIVER):
        return "chromedriver is not installed (apt-get install chromium-driver)"
    return None


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """Where the browser tests save their screenshots."""
    chosen = os.environ.get("AUCTION_FSM_SCREENSHOTS")
    folder = Path(chosen) if chosen else Path(tempfile.mkdtemp(prefix="auction-fsm-screens-"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def chrome() -> Iterator[Any]:
    """One headless chromium for the browser tests (a new empty profile)."""
    missing = _browser_missing()
    if missing:
        pytest.skip(f"no browser to test the web trainer in: {missing}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = next(p for p in CHROMIUM if os.path.exists(p))
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="auction-fsm-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
